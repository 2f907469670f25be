"""English words that name a time: the months and the days of the week.

Why: a mention of a date or a time ("June", "on Sunday", "that year")
cannot take a person's or a town's name: nothing of a name agrees with a
date, and the translator builds the sentence around a person ("tra giugno e
Pierpaolo"). The select stage keeps such mentions as words
(`select.stand_in.time_reason`); the named-entity layer (DATE, TIME) finds
most of them, these words the proper nouns it misses (a silver or absent
layer). A common noun ("that year") counts only by the named-entity layer or
the CorefUD entity type: "the year was hard" is a thing a name can stand for.
"""

from __future__ import annotations

MONTHS = frozenset(
    "january february march april may june july august september october november december".split()
)
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def is_time_name(word: str, tag: str) -> bool:
    """A month or a day of the week, as a proper noun ("June", "Sunday"); "may" the modal is not."""
    w = word.lower()
    return tag in ("NNP", "NNPS") and (w in MONTHS or w in WEEKDAYS or w.rstrip("s") in WEEKDAYS)
