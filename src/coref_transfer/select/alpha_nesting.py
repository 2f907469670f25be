"""Stage α: keep only the leaves of each utterance's mention-nesting forest.

A mention is dropped when another mention of the same utterance lies inside
it (`nested`): in "an important city in China called Yichang" the long
mention goes because it contains "China". Real corpora also hold oddities,
each dropped with its own reason and counted: the same span annotated twice
for one chain (`duplicate_mention`), the same span in two chains (the chain
with the lowest id keeps it, the others get `duplicate_span`), and two
mentions that overlap without either containing the other (`crossing`, both
dropped: no placeholder can replace half of a mention).

A mention β2 drops for its CorefUD link (a predicate nominal or an
apposition, `select.beta2_mentions`) is not there for α: OntoNotes has no
such mention, so it makes no other mention nested, crossing or a duplicate,
and α passes it on unjudged for β2 to drop with its own reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.model import Mention


def alpha_reasons(mentions: Sequence[Mention], unseen: Sequence[bool] = ()) -> list[str | None]:
    """Per mention (same order): None if α keeps it, else the drop reason.

    Args:
        unseen: per mention (or empty: none), True for a mention α neither judges nor counts against
            the others (the links β2 drops, `select.beta2_mentions.link_reason`).
    """
    reasons: list[str | None] = [None] * len(mentions)
    owner: dict[tuple[int, int], int] = {}
    seen = [i for i in range(len(mentions)) if not unseen or not unseen[i]]
    order = sorted(seen, key=lambda i: (mentions[i].span, mentions[i].cluster_id))
    for i in order:
        m = mentions[i]
        key = (m.span.start, m.span.end)
        if key in owner:
            first = mentions[owner[key]]
            reasons[i] = "duplicate_mention" if first.cluster_id == m.cluster_id else "duplicate_span"
        else:
            owner[key] = i
    alive = [i for i in seen if reasons[i] is None]
    for i in alive:
        a = mentions[i].span
        nested = crossing = False
        for j in alive:
            if i == j:
                continue
            b = mentions[j].span
            if not a.overlaps(b):
                continue
            if a.contains(b):
                nested = True
            elif not b.contains(a):
                crossing = True
        if nested:
            reasons[i] = "nested"
        elif crossing:
            reasons[i] = "crossing"
    return reasons
