"""English: detokenisation of Penn Treebank tokens and the pronoun table."""
