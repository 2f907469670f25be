"""Italian: morphology, articles and their contractions, pronoun forms, tokenisation, syllables."""
