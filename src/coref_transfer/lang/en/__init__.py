"""English: detokenisation of Penn Treebank tokens, the pronoun table, syllables."""
