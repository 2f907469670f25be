"""English text for the MT model, from Penn Treebank tokens.

NLTK's Treebank detokenizer undoes the PTB conventions (`do n't`, `'s`,
`` `` ... '' `` quotes, spacing around punctuation); bracket symbols are
mapped back first, since PTB writes them as -LRB- and friends.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

PTB_SYMBOLS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}


@lru_cache(maxsize=1)
def _detokenizer():
    from nltk.tokenize.treebank import TreebankWordDetokenizer

    return TreebankWordDetokenizer()


def detokenize(tokens: Sequence[str]) -> str:
    """Plain English text from PTB tokens."""
    return _detokenizer().detokenize([PTB_SYMBOLS.get(t, t) for t in tokens])
