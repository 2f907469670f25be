"""Finding a kept -self pronoun in the Italian, by its form.

Select keeps a reflexive or emphatic -self as words (no placeholder: no name
can stand for it, `select.stand_in.self_treatment`), so the model translates
it in context. Its Italian is one of the forms of `lang.it.reflexives`, by
the English role:

- `reflexive`: a reflexive clitic (si, mi, ti, ci, vi), a verb with the
  clitic attached ("proteggersi"), or a tonic form ("sé stessa", "se
  stesso", "sé");
- `emphatic`: "lui stesso / lei stessa / loro stessi", "stesso" alone,
  "di persona", "in persona", "in prima persona", "personalmente", "da solo",
  "con le proprie mani".

The mention goes on the tokens found. Longer forms win at a position ("lui
stesso" over "stesso"); "stesso" after an article or articulated preposition
is the adjective "same" ("lo stesso partito") and does not count; tokens
already taken by a placeholder's mention do not count. Found nowhere: the
mention is dropped with `self_form_missing` (the model left the -self out,
as Italian often does: "lo ha fatto" for "he did it himself"); found twice:
`self_form_repeated` (never guess between two places).
"""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.lang.en.pronoun_role import SELF_ROLES
from coref_transfer.lang.it.articles import ARTICULATED_FORMS, FULL_ARTICLES, plain_form
from coref_transfer.lang.it.reflexives import (
    CLITIC_BY_ENGLISH,
    EMPHATIC_PHRASES,
    REFLEXIVE_PHRASES,
    TONIC_BY_CLITIC,
    is_attached_reflexive,
)

MISSING = "self_form_missing"
REPEATED = "self_form_repeated"
REASONS = (MISSING, REPEATED)
__all__ = ["REASONS", "SELF_ROLES", "find_self_form", "self_form_spans"]
"""Why γ drops a kept -self (translate's mention drop reasons)."""

_LONGEST = max(len(p) for p in REFLEXIVE_PHRASES | EMPHATIC_PHRASES)


def self_form_spans(words: Sequence[str], role: str, english: str = "himself") -> list[tuple[int, int]]:
    """Every token span (inclusive) holding an Italian form of the -self `english` with this role.

    A reflexive's forms are those of its person: "si", "-rsi", "sé stesso"
    for himself/herself/itself/themselves; "mi", "me stesso" for myself; ...
    """
    lower = [plain_form(w) for w in words]
    clitic = CLITIC_BY_ENGLISH.get(english.lower(), "si")
    if role == "reflexive":
        phrases = {p for p in REFLEXIVE_PHRASES if p[0] in TONIC_BY_CLITIC[clitic]}
    else:
        phrases = EMPHATIC_PHRASES
    hits: list[tuple[int, int]] = []
    i = 0
    while i < len(lower):
        found = None
        for n in range(min(_LONGEST, len(lower) - i), 0, -1):
            if tuple(lower[i : i + n]) in phrases:
                found = (i, i + n - 1)
                break
        if found is None and role == "reflexive" and (lower[i] == clitic or is_attached_reflexive(lower[i], clitic)):
            found = (i, i)
        if found is not None and found[0] == found[1] and lower[i].startswith("stess"):
            before = lower[i - 1] if i > 0 else ""
            if before in FULL_ARTICLES or before in ARTICULATED_FORMS or before.endswith("'"):
                found = None  # "lo stesso partito": the adjective "same"
        if found is not None:
            hits.append(found)
            i = found[1] + 1
        else:
            i += 1
    return hits


def find_self_form(
    tokens: Sequence[tuple[str, int]], role: str, english: str, taken: Sequence[tuple[int, int]]
) -> tuple[tuple[int, int] | None, str | None]:
    """(character range, None) of the one -self form clear of `taken` character ranges, else (None, reason).

    Args:
        tokens: the Italian tokens with their character offsets.
        role: the -self's English role; english: the -self itself ("herself").
        taken: character ranges already given to other mentions.
    """
    words = [w for w, _ in tokens]
    hits = []
    for first, last in self_form_spans(words, role, english):
        start, end = tokens[first][1], tokens[last][1] + len(tokens[last][0])
        if not any(start < e and s < end for s, e in taken):
            hits.append((start, end))
    if not hits:
        return None, MISSING
    if len(hits) > 1:
        return None, REPEATED
    return hits[0], None
