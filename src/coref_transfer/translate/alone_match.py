"""A mention's span found by its text translated alone: the last evidence before its tags' loss costs it.

When neither the tags nor word alignment placed a mention (`projection`,
`translate.align`), its English text is translated alone and looked for in
the utterance's Italian, as tag-injection work does with the "out-of-context
translation found in the target" (Chen et al. 2023's EasyProject fuzzy match,
TransMuCoRes): "the ghost ship" → "la nave fantasma", found once in "Salirono
sulla nave fantasma" → "sulla nave fantasma". Its leading article is not
looked for (the sentence decides it, "sulla"), and `projection.finish_span`
puts the sentence's own article or fused preposition back in.

Only a match is evidence: the words found exactly once, case and the
apostrophe's form aside, and relating to the mentions already placed as in
the English. Otherwise the mention keeps the reason alignment gave, and the
miss is counted (`OUTCOMES`): `not_found` (a sentence-level translator words
a phrase otherwise in a sentence than alone, most often), `repeated`,
`crossing`. A pronoun or another mention without a noun is not looked for:
"esso" alone is not the sentence's "lo".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from coref_transfer.lang.it.articles import article_kind, plain_form
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.model import Span
from coref_transfer.translate.align.project import nests_alike
from coref_transfer.translate.projection import TaggedMention, finish_span

OUTCOMES = ("placed", "not_found", "repeated", "crossing")
"""What the match did with each mention it looked for (stats.json's `alone_match` block)."""


def match_alone(
    tokens: Sequence[str],
    alone: str,
    english: tuple[int, int],
    mention: TaggedMention,
    placed: Mapping[tuple[int, int], Span],
) -> tuple[Span | None, str]:
    """The span of `alone` (the mention's text translated alone) in the utterance's Italian `tokens`, and the
    outcome (`OUTCOMES`).

    Args:
        english: the mention's English tokens (start, end inclusive), for its nesting with `placed`.
        placed: the spans already placed in the utterance, by their English span.
    """
    words = [w for w, _ in tokens_with_offsets(alone)]
    if len(words) > 1 and article_kind(plain_form(words[0])):
        words = words[1:]  # "la nave fantasma": the sentence decides the article ("sulla nave fantasma")
    wanted = [_norm(w) for w in words]
    seen = [_norm(t) for t in tokens]
    n = len(wanted)
    found = [i for i in range(len(seen) - n + 1) if n and seen[i : i + n] == wanted]
    if not found:
        return None, "not_found"
    if len(found) > 1:
        return None, "repeated"
    others = [range(s.start, s.end + 1) for s in placed.values()]
    span = finish_span(tokens, found[0], found[0] + n - 1, mention, others)
    if any(not nests_alike(english, other_en, span, other) for other_en, other in placed.items()):
        return None, "crossing"
    return span, "placed"


def _norm(word: str) -> str:
    return plain_form(word.replace("’", "'"))
