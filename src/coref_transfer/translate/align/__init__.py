"""Word alignment: where each English word went in its translation (detag-and-project).

A translator that is not trained to keep tags (a general MT model) drops,
moves or garbles them; the sentence it returns is still translated in
context. The mentions whose tags did not come back sound are then projected
onto that sentence by word alignment (`project.project_span`), as
tag-injection work does when its markers are lost (Hanneman & Dinu 2020's
detag-and-project; TransMuCoRes and EasyProject's alignment baselines).

Aligners (`translate.alignment.aligner`), one interface (`base.Aligner`):

- `fast_align` (the default): the IBM Model 2 variant of Dyer et al. 2013,
  through SYSTRAN's Python build of it (`systran-align`, PyPI; no model to
  download, CPU), trained on the run's own parallel text: every English
  utterance the partition sent and the Italian it got back, plus any
  parallel text the user gives (`translate.alignment.parallel`) so that a
  small run aligns as well as a big one. Its tables are written with the
  run. eflomal, the other aligner on PyPI, samples from /dev/urandom and
  cannot be seeded: the same run would not give the same dataset twice.
- `neural`: SimAlign's argmax method (Jalili Sabet et al. 2020) over a
  multilingual encoder the user has (`translate.alignment.model`, e.g.
  bert-base-multilingual-cased, a local folder or a name in the Hugging Face
  cache; nothing is downloaded at run time), the layer `translate.alignment.layer`.
- `none`: no alignment; unsound tags go straight to the fallbacks.
"""
