"""The coreference scorer: the numbers of the CoNLL reference scorer v8.01.

One module per job (nothing is re-exported here; import from the modules):

- `reader`:  key and response files (CoNLL-2012, any number of columns) read
             leniently, as the reference reads them: `read_clusters`, `Document`.
- `metrics`: mention identification and the metrics (MUC, B-cubed, CEAF-e,
             CEAF-m, BLANC, CoNLL), pure functions; the entry points `score`,
             `score_files`, `score_clusters`, `score_corpus`, and `METRICS`.
- `table`:   the results as a text table (`format_table`).
"""
