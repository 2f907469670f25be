"""A parallel corpus (WIT³, or any aligned pair of files) as the word aligner's extra text: prior knowledge for small runs.

fast_align learns from the run's own sentences; on a small partition that is little text, and some words are
linked wrongly ("ti siedi alla tastiera" for "the keyboard"). A parallel corpus of the same languages, converted
once into the aligner's `English words ||| Italian words` lines and given as `translate.alignment.parallel`, is
added to every partition's training text, so a small run aligns as a large one would. Both sides are tokenised
the way the stages' text is: the English with spaCy's English rules (close to the Penn Treebank's tokens of the
corpora), the Italian with the project's Italian tokenizer (the translate stage's tokens).
"""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.lang.en.tokenize import tokenize as english_tokens
from coref_transfer.lang.it.tokenize import tokenize as italian_tokens
from coref_transfer.parallel import Segment
from coref_transfer.translate.align.base import Pair


def corpus_pairs(segments: Sequence[Segment]) -> tuple[list[Pair], int]:
    """The aligner's pairs of a parallel corpus, and how many segments were left out (a side without a word)."""
    pairs, empty = [], 0
    for segment in segments:
        english, italian = english_tokens(segment.english), italian_tokens(segment.italian)
        if english and italian:
            pairs.append((english, italian))
        else:
            empty += 1
    return pairs, empty
