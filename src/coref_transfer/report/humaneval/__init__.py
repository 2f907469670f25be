"""The human-evaluation kit: sample utterances, rating pages, rating import, agreement.

The paper (section 5, Table 17) has three native speakers judge 200 utterances
per readability class for grammaticality and acceptability, both binary, and
reports agreement per class. This package builds that kit and scores it, one
module per step (import from them; nothing is re-exported here):

- `sample`: `stratified_sample` draws up to `per_class` utterances per
  readability class, seeded; `kit_id` fingerprints the sample; `load_sample`
  reads a kit's `sample.json` back.
- `page`: `write_pages` writes one self-contained HTML page per rater, from the
  template `page.html` (package data).
- `kit`: `build_kit` ties sampling and pages together for the command line:
  pages, `sample.json` and a `README.txt` for the raters, in one folder that
  appears complete or not at all.
- `ratings`: `read_ratings` imports the raters' exported CSV files and checks
  them against the sample.
- `agreement`: `agreement` scores them per class and overall (observed and
  pairwise agreement, Fleiss' kappa).
"""
