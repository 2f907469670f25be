"""Penn Treebank tag sets the stages share."""

from __future__ import annotations

NOUN_TAGS = frozenset(("NN", "NNS", "NNP", "NNPS"))
PROPER_TAGS = frozenset(("NNP", "NNPS"))
PLURAL_TAGS = frozenset(("NNS", "NNPS"))
FUNCTION_TAGS = frozenset(("IN", "TO", "CC", "POS"))
"""Prepositions, conjunctions and the possessive ending: with `ARTICLES`, words whose Italian an aligner links
loosely (any article or preposition nearby)."""
ARTICLES = frozenset(("the", "a", "an"))
"""The English articles (the determiners "another", "any", "this" carry meaning of their own)."""
