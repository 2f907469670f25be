"""The coreference scorer: the numbers of the CoNLL reference scorer v8.01.

One module per job (nothing is re-exported here; import from the modules):

- `reader`:  key and response files (CoNLL-2012, any number of columns) read
             leniently, as the reference reads them: `read_clusters`, `Document`.
- `metrics`: mention identification and the metrics (MUC, B-cubed, CEAF-e,
             CEAF-m, BLANC, CoNLL) as pure functions, and the entry points
             `score`, `score_clusters`, `score_corpus`, `score_files` (the one
             that reads: `reader` first, then `score`) and `METRICS`.
- `table`:   the results as a text table (`format_table`).
"""
