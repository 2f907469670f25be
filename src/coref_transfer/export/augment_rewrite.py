"""A document part with other names written in, for `export.augment`: rules 3 (speakers), 6 and 7.

`rename` puts each new name in every place a `PartPlan` gives it, rebuilding the rows (`_rebuild`: words,
annotation, heads, mentions and text shifted for a name of another length), renames the speakers and
gives the copy its document id; `Copy` is the result and its counts. The rules are in `export.augment`'s
docstring; the names come from `export.augment_draw`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from coref_transfer.export.augment_find import FIRST, Key, PartPlan
from coref_transfer.export.rows import DocumentPart, space_after
from coref_transfer.lang.it.detokenize import detokenize
from coref_transfer.model import Span
from coref_transfer.records import RefinedUtterance


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    words: tuple[str, ...]


def _rebuild(row: RefinedUtterance, edits: Sequence[_Edit]) -> RefinedUtterance:
    """Rule 6: the row with the edits' words in place of theirs, offsets, heads and text carried over."""
    n = len(row.tokens)
    new_index: list[int | None] = [None] * n
    tokens: list[str] = []
    lemmas, upos, xpos, feats, deprels = [], [], [], [], []
    old_heads: list[int | tuple[str, int]] = []  # an old index, or ("new", index) for an added word's head
    spaced_old = space_after(row.tokens, row.text)
    spaced: list[bool] = []
    by_start = {e.start: e for e in edits}
    i = 0
    while i < n:
        edit = by_start.get(i)
        if edit is None:
            new_index[i] = len(tokens)
            tokens.append(row.tokens[i])
            lemmas.append(row.lemmas[i])
            upos.append(row.upos[i])
            xpos.append(row.xpos[i])
            feats.append(row.feats[i])
            deprels.append(row.deprels[i])
            old_heads.append(row.heads[i])
            spaced.append(spaced_old[i] if spaced_old else True)
            i += 1
            continue
        first = len(tokens)
        anchor_old = edit.start
        flat_first = row.deprels[edit.start].startswith("flat")
        for k, word in enumerate(edit.words):
            old = edit.start + k if edit.start + k < edit.end else None
            if old is not None:
                new_index[old] = len(tokens)
                source = old
                deprels.append(row.deprels[old])
                old_heads.append(row.heads[old])
            else:
                source = edit.start
                deprels.append("flat:name")
                old_heads.append(row.heads[anchor_old] if flat_first else ("new", first))
            tokens.append(word)
            lemmas.append(word)
            upos.append("PROPN")
            xpos.append(row.xpos[source])
            feats.append(row.feats[source])
            spaced.append(True)
        if spaced_old:
            spaced[-1] = spaced_old[edit.end - 1]
        for old in range(edit.start + len(edit.words), edit.end):
            new_index[old] = None  # removed; its dependents go to the name's first word
        i = edit.end
    removed_to = {old: new_index[e.start] for e in edits for old in range(e.start + len(e.words), e.end)}
    heads: list[int] = []
    for h in old_heads:
        if isinstance(h, tuple):
            heads.append(h[1])
        elif h < 0:
            heads.append(-1)
        else:
            target = new_index[h]
            heads.append(target if target is not None else removed_to[h])  # type: ignore[arg-type]
    ends = {e.end - 1: e for e in edits}
    mentions = []
    for m in row.mentions:
        start = new_index[m.span.start]
        last = m.span.end
        edit = ends.get(last)
        end = new_index[edit.start] + len(edit.words) - 1 if edit is not None else new_index[last]  # type: ignore[operator]
        assert start is not None and end is not None, "rule 5 keeps mention boundaries out of names"
        mentions.append(replace(m, span=Span(start, end)))
    if spaced_old is not None:
        text = "".join(t + (" " if s else "") for t, s in zip(tokens, spaced))
        text = text if spaced_old[-1] else text.rstrip(" ")
    else:
        text = detokenize(tokens)
    return replace(
        row, tokens=tokens, lemmas=lemmas, upos=upos, xpos=xpos, feats=feats, heads=heads, deprels=deprels,
        text=text, mentions=mentions,
    )  # fmt: skip


def _speaker(speaker: str, names: Mapping[tuple[str, ...], tuple[str, ...]]) -> str:
    """Rule 3: the speaker with the swapped names in it (`Host_Giulia_Ferri` → `Host_Emma_Conti`)."""
    pieces = speaker.split("_")
    out: list[str] = []
    i = 0
    while i < len(pieces):
        for words in sorted(names, key=len, reverse=True):
            if tuple(pieces[i : i + len(words)]) == words:
                out.extend(names[words])
                i += len(words)
                break
        else:
            out.append(pieces[i])
            i += 1
    return "_".join(out)


@dataclass
class Copy:
    """One augmented part and what changed in it."""

    part: DocumentPart
    mentions_changed: int
    entities_changed: int
    words_outside_mentions: int
    speakers_changed: int
    skipped: Counter[str]


def rename(part: DocumentPart, plan: PartPlan, names: Mapping[Key, tuple[str, ...]], suffix: str) -> Copy | None:
    """The part with each key of `names` replaced by its words wherever the plan places it (rules 3, 5-7),
    its document id ending in `suffix`; None when `names` is empty."""
    skipped = Counter(plan.skipped)
    changed_entities = 0
    for entity in plan.entities:
        if entity.skip is None:
            if any(key in names for key in entity.keys):
                changed_entities += 1
            else:
                skipped["no_name_left"] += 1
    if not names:
        return None
    edits: dict[int, list[_Edit]] = {}
    for key, new in names.items():
        for place in plan.places[key]:
            edits.setdefault(place.row, []).append(_Edit(place.start, place.end, new))
    rows, mentions_changed, outside = [], 0, 0
    for r, row in enumerate(part.rows):
        row_edits = sorted(edits.get(r, []), key=lambda e: e.start)
        covered = [(e.start, e.end) for e in row_edits]
        mentions_changed += sum(
            1 for m in row.mentions if any(s <= m.span.end and m.span.start < e for s, e in covered)
        )
        inside = {i for m in row.mentions for i in range(m.span.start, m.span.end + 1)}
        outside += sum(1 for s, e in covered if not set(range(s, e)) & inside)
        rows.append(_rebuild(row, row_edits) if row_edits else row)
    by_words = {key.words: new for key, new in names.items() if key.kind != FIRST or _unique_first(names, key)}
    speakers = 0
    final = []
    for row in rows:
        speaker = _speaker(row.speaker, by_words)
        speakers += speaker != row.speaker
        final.append(replace(row, speaker=speaker, doc_id=row.doc_id + suffix))
    new_part = DocumentPart(part.doc_id + suffix, part.part, tuple(final))
    return Copy(new_part, mentions_changed, changed_entities, outside, speakers, skipped)


def _unique_first(names: Mapping[Key, Any], key: Key) -> bool:
    return sum(1 for k in names if k.kind == FIRST and k.words == key.words) == 1
