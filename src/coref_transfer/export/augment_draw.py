"""The new names of a copy, for `export.augment`: rule 4 (which names fit, and the seeded draw).

`choose_names` draws, for each name a `PartPlan` swaps, a name of `lang.it.names` that is not in the part,
not given already in the copy, and leaves the word before it right (`_fits`). The rules are in
`export.augment`'s docstring; the names to swap come from `export.augment_find`.
"""

from __future__ import annotations

import random

from coref_transfer.export.augment_find import FIRST, SURNAME, Key, PartPlan
from coref_transfer.export.rows import DocumentPart
from coref_transfer.lang.it.articles import article_kind, onset, plain_form, split_articulated, starts_with_vowel
from coref_transfer.lang.it.detokenize import APOSTROPHES
from coref_transfer.lang.it.euphony import EUPHONIC, PLAIN, euphonic_form
from coref_transfer.lang.it.names import CITY_NAMES, SURNAMES, first_names

ONSET_WORDS = frozenset(
    "quel quello quella quei quegli bel bello bei begli san santo santa buon buono gran grande nessun nessuno"
    " alcun alcuno ciascun ciascuno".split()
)
"""Words besides articles, articulated prepositions, e/a/o and elided words whose form depends on how the
next word starts (quel/quello/quell', san/santo/sant')."""


def _fits(before: str, old: str, new: str) -> bool:
    """Rule 4: `before`, the word in front of a name, stays right when the name `old` becomes `new`.

    An elided word ("l'", "d'", "dell'") wants a vowel; e/ed, a/ad, o/od must not want another form before
    the new name (`euphony.euphonic_form`: "a Marco" → "a Alice" would want "ad"); an article, an articulated
    preposition or a word of `ONSET_WORDS` wants the same onset class (`articles.onset`: consonant, vowel,
    s impura). Any other word takes any name.
    """
    word = plain_form(before)
    if before.endswith(APOSTROPHES):
        return starts_with_vowel(new)
    if word in EUPHONIC or word in PLAIN or word == "o":
        return euphonic_form(before, new) in (None, before)
    if word in ONSET_WORDS or article_kind(before) is not None or split_articulated(before) is not None:
        return onset(new) == onset(old)
    return True


def _candidates(key: Key) -> tuple[str, ...]:
    if key.kind == FIRST:
        return first_names(key.gender)
    return SURNAMES if key.kind == SURNAME else CITY_NAMES


def choose_names(part: DocumentPart, plan: PartPlan, rng: random.Random) -> dict[Key, tuple[str, ...]]:
    """Rule 4: a new name for each key, in the order the keys first appear; a key with none left is absent."""
    present = {w for row in part.rows for w in row.tokens}
    present |= {w for row in part.rows for w in row.speaker.replace("_", " ").split()}
    chosen: dict[Key, tuple[str, ...]] = {}
    order = sorted(plan.places, key=lambda k: (min((p.row, p.start) for p in plan.places[k]), k))
    for key in order:
        used = set(chosen.values())
        before = {part.rows[p.row].tokens[p.start - 1] for p in plan.places[key] if p.start > 0}
        pool = [
            tuple(name.split())
            for name in _candidates(key)
            if all(_fits(word, key.words[0], name) for word in before) and not set(name.split()) & present
            and tuple(name.split()) not in used
        ]  # fmt: skip
        if pool:
            chosen[key] = rng.choice(pool)
    return chosen
