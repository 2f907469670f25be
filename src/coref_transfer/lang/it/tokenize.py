"""Italian tokenisation, one tokenizer for the whole project: spaCy's rule-based Italian tokenizer.

It decides where Italian words start and end wherever the project asks:
whether a placeholder came back on token boundaries, both in the translate
stage and in `coref-transfer placeholders check` (so a placeholder that
passes the check survives the stage the same way), and the tokens of each
translated utterance. Elided forms stay on the left word (l', d', dell'),
an English clitic 's is a token of its own, punctuation stands alone.
spaCy's tokenizer rules ship with the library; no model is loaded.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _tokenizer():
    import spacy

    return spacy.blank("it").tokenizer


def tokens_with_offsets(text: str) -> list[tuple[str, int]]:
    """(token, character offset) pairs of an Italian text."""
    return [(t.text, t.idx) for t in _tokenizer()(text)]


def tokenize(text: str) -> list[str]:
    """The tokens of an Italian text."""
    return [t.text for t in _tokenizer()(text)]
