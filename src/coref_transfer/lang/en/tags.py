"""Penn Treebank tag sets the stages share."""

from __future__ import annotations

NOUN_TAGS = frozenset(("NN", "NNS", "NNP", "NNPS"))
PROPER_TAGS = frozenset(("NNP", "NNPS"))
PLURAL_TAGS = frozenset(("NNS", "NNPS"))
