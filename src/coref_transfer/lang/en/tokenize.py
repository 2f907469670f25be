"""English tokenisation of raw text (a parallel corpus's English side): spaCy's rule-based English tokenizer.

The English the stages read comes tokenised (CoNLL-2012, CorefUD); raw English appears only where a parallel
corpus gives more text to the word aligner (`coref-transfer align corpus`). spaCy's rules split it close to the
Penn Treebank's way the corpora use ("don't" → "do" + "n't", "cars'" → "cars" + "'", punctuation alone), so the
aligner sees the corpus's words as it sees the stages'. No model is loaded: the rules ship with spaCy.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _tokenizer():
    import spacy

    return spacy.blank("en").tokenizer


def tokenize(text: str) -> list[str]:
    """The tokens of an English text (no whitespace tokens)."""
    return [t.text for t in _tokenizer()(text) if not t.is_space]
