"""Italian text from tokens: sacremoses' Moses detokenizer for Italian.

Elided forms join the next word (`Quell'avviso`, `l'auto`), punctuation
joins the word before it. The refine stage writes each utterance's text
with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache


@lru_cache(maxsize=1)
def _detokenizer():
    from sacremoses import MosesDetokenizer

    return MosesDetokenizer(lang="it")


def detokenize(tokens: Sequence[str]) -> str:
    """Italian text from tokens (elided forms join the next word: `Quell'avviso`)."""
    return _detokenizer().detokenize(list(tokens))
