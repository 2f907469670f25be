"""The `select` stage (the paper's α, β1, β2, β3): the utterances, mentions and clusters worth transferring.

One module per filter, named in both vocabularies: `alpha_nesting` (α),
`beta1_utterances` (β1), `beta2_mentions` (β2), `beta3_clusters` (β3);
`heads` finds each mention's root in the gold tree; `pipeline` runs them on
a document part, `tables` turns the results into the stage's Parquet tables
and `run` is the `coref-transfer select` command.
"""
