"""English words that name a time: the months and the days of the week.

Why: a mention of a date or a time ("June", "on Sunday", "that year")
cannot take a person's or a town's name: nothing of a name agrees with a
date, and the translator builds the sentence around a person ("tra giugno e
Pierpaolo"). The select stage keeps such mentions as words
(`time_reason`, which select's `stand_in` reads); the named-entity layer (DATE, TIME) finds
most of them, these words the proper nouns it misses (a silver or absent
layer). A common noun ("that year") counts only by the named-entity layer or
the CorefUD entity type: "the year was hard" is a thing a name can stand for.
"""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.model import NamedEntity

MONTHS = frozenset("january february march april may june july august september october november december".split())
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def is_time_name(word: str, tag: str) -> bool:
    """A month or a day of the week, as a proper noun ("June", "Sunday"); "may" the modal is not."""
    w = word.lower()
    return tag in ("NNP", "NNPS") and (w in MONTHS or w in WEEKDAYS or w.rstrip("s") in WEEKDAYS)


TIME_LABELS = frozenset(("DATE", "TIME"))
"""Named-entity labels of a time or a date (OntoNotes)."""
NUMBER_LABELS = frozenset(("MONEY", "PERCENT", "QUANTITY", "CARDINAL", "ORDINAL"))
"""Named-entity labels of an amount (OntoNotes)."""
ENTITY_TYPE_REASONS = {"time": "time", "number": "number"}
"""CorefUD entity types (`etype`) whose mentions keep their words, and why."""


def time_reason(
    tokens: Sequence[str], pos: Sequence[str], root: int, entities: Sequence[NamedEntity] = (), etype: str = ""
) -> str | None:
    """`time` or `number` when the mention whose root is `root` is a date, a time or an amount, else None.

    Decided from the English: the named entity over the root (DATE, TIME;
    MONEY, PERCENT, QUANTITY, CARDINAL, ORDINAL), else the CorefUD entity
    type (`etype`: time, number), else the root word (a month or a weekday
    name, `lang.en.time_words`).
    """
    for e in entities:
        if e.span.start <= root <= e.span.end:
            if e.label in TIME_LABELS:
                return "time"
            if e.label in NUMBER_LABELS:
                return "number"
    if etype in ENTITY_TYPE_REASONS:
        return ENTITY_TYPE_REASONS[etype]
    return "time" if is_time_name(tokens[root], pos[root]) else None
