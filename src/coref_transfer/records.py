"""One record type per stage table, read from and written to Parquet here and nowhere else.

Each Parquet table of `coref_transfer.schema` has a record type, and every
stage reads the typed records of the stage before it (never the rows as
dicts): select's `SelectedUtterance` is what translate reads, translate's
`TranslatedUtterance` what refine reads, refine's `RefinedUtterance` what
export and report read.

| table (file)                      | record                | written by |
|-----------------------------------|-----------------------|------------|
| utterances, beta3                 | `SelectedUtterance`   | select     |
| alpha, beta1, beta2               | `StageMentions`       | select     |
| clusters                          | `SelectedCluster`     | select     |
| gamma                             | `TranslatedUtterance` | translate  |
| delta                             | `RefinedUtterance`    | refine     |

Spans: every mention holds `coref_transfer.model.Span` values (0-based
token offsets inside the utterance, end inclusive); the tables store them
as `start`/`end` columns (`source_start`/`source_end`, `start_before`/
`end_before`), converted only in `from_row`/`to_row` below. A mention's
class is a `coref_transfer.classes.MentionClass` (the tables' `type`,
`gender`, `number`, `*_source` and `etype` columns), None where the mention
has none (dropped before the classes were estimated).

Select writes its tables column by column for speed
(`coref_transfer.select.tables`), with the same schemas; everything else
goes through `write_records`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from coref_transfer.classes import MentionClass
from coref_transfer.model import NamedEntity, Span
from coref_transfer.schema import CLASS_FIELDS, TABLES, read_table, write_table

ParquetRow = Mapping[str, Any]
"""One row of a table as `pyarrow.Table.to_pylist` gives it (only `from_row`/`to_row` see these)."""

_CLASS_COLUMNS = tuple(f.name for f in CLASS_FIELDS)


def _class_from(row: ParquetRow) -> MentionClass | None:
    if row["type"] is None:
        return None
    return MentionClass(
        row["type"],
        row["gender"],
        row["number"],
        (row["type_source"], row["gender_source"], row["number_source"]),
        row["etype"],
    )


def class_values(cls: MentionClass | None) -> tuple:
    """The values of the class columns (`schema.CLASS_FIELDS`, in order); all null for no class."""
    if cls is None:
        return (None,) * len(_CLASS_COLUMNS)
    return (cls.type, cls.gender, cls.number, *cls.sources, cls.etype)


def _class_columns(cls: MentionClass | None) -> dict[str, Any]:
    return dict(zip(_CLASS_COLUMNS, class_values(cls)))


def _span_from(start: int | None, end: int | None) -> Span | None:
    return None if start is None else Span(start, end)  # type: ignore[arg-type]


# -- select ----------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class SelectedMention:
    """One gold mention and what select decided about it (`schema.MENTION`)."""

    cluster_id: int
    span: Span
    root: int | None = None
    """Token index of the mention's head (None when dropped before β2 looked)."""
    coordinated: bool | None = None
    dropped_at: str | None = None
    reason: str | None = None
    cls: MentionClass | None = None
    in_place: str | None = None
    """Why γ keeps the mention's words instead of a placeholder (`select.stand_in.IN_PLACE_REASONS`), or None."""
    role: str | None = None
    """A pronoun mention's role in the English (`lang.en.pronoun_role.ROLES`), None for other mentions."""
    paper_reason: str | None = None
    """With the joint method: why the paper's filters would drop this mention, which the joint method
    keeps (None: the paper keeps it too; always None with the placeholder method)."""

    @classmethod
    def from_row(cls, row: ParquetRow) -> SelectedMention:
        return cls(
            row["cluster_id"],
            Span(row["start"], row["end"]),
            row["root"],
            row["coordinated"],
            row["dropped_at"],
            row["reason"],
            _class_from(row),
            row["in_place"],
            row.get("role"),
            row.get("paper_reason"),
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "cluster_id": self.cluster_id,
            "start": self.span.start,
            "end": self.span.end,
            "root": self.root,
            "coordinated": self.coordinated,
            "dropped_at": self.dropped_at,
            "reason": self.reason,
            "in_place": self.in_place,
            "role": self.role,
            **_class_columns(self.cls),
            "paper_reason": self.paper_reason,
        }


@dataclass(slots=True)
class SelectedUtterance:
    """One utterance read, every column kept, its drop (if any) and its mentions (`schema.UTTERANCES`)."""

    partition: str
    doc_id: str
    part: int
    sentence: int
    path: str
    line: int
    speaker: str
    tokens: list[str]
    pos: list[str]
    parse: list[str]
    entities: list[NamedEntity]
    dropped_at: str | None
    reason: str | None
    mentions: list[SelectedMention]
    heads: list[int] = field(default_factory=list)
    """The dependency tree of a CorefUD input: each token's head, 0-based, -1 for the root (empty for CoNLL-2012)."""
    deprels: list[str] = field(default_factory=list)
    """Each token's UD relation, parallel to `heads` (empty for CoNLL-2012)."""

    @classmethod
    def from_row(cls, row: ParquetRow) -> SelectedUtterance:
        return cls(
            row["partition"],
            row["doc_id"],
            row["part"],
            row["sentence"],
            row["path"],
            row["line"],
            row["speaker"],
            row["tokens"],
            row["pos"],
            row["parse"],
            [NamedEntity(e["label"], Span(e["start"], e["end"])) for e in row["entities"]],
            row["dropped_at"],
            row["reason"],
            [SelectedMention.from_row(m) for m in row["mentions"]],
            row["heads"],
            row["deprels"],
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "partition": self.partition,
            "doc_id": self.doc_id,
            "part": self.part,
            "sentence": self.sentence,
            "path": self.path,
            "line": self.line,
            "speaker": self.speaker,
            "tokens": self.tokens,
            "pos": self.pos,
            "parse": self.parse,
            "heads": self.heads,
            "deprels": self.deprels,
            "entities": [{"label": e.label, "start": e.span.start, "end": e.span.end} for e in self.entities],
            "dropped_at": self.dropped_at,
            "reason": self.reason,
            "mentions": [m.to_row() for m in self.mentions],
        }


@dataclass(slots=True)
class StageMentions:
    """What survives one of select's filters in one utterance: its keys and mentions (`schema.STAGE`)."""

    partition: str
    doc_id: str
    part: int
    sentence: int
    mentions: list[SelectedMention]

    @classmethod
    def from_row(cls, row: ParquetRow) -> StageMentions:
        return cls(
            row["partition"],
            row["doc_id"],
            row["part"],
            row["sentence"],
            [SelectedMention.from_row(m) for m in row["mentions"]],
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "partition": self.partition,
            "doc_id": self.doc_id,
            "part": self.part,
            "sentence": self.sentence,
            "mentions": [m.to_row() for m in self.mentions],
        }


@dataclass(slots=True)
class SelectedCluster:
    """One gold cluster, its β3 decision and its class (`schema.CLUSTERS`)."""

    partition: str
    doc_id: str
    part: int
    cluster_id: int
    mentions_read: int
    mentions_kept: int
    dropped_at: str | None
    reason: str | None
    cls: MentionClass | None

    @classmethod
    def from_row(cls, row: ParquetRow) -> SelectedCluster:
        return cls(
            row["partition"],
            row["doc_id"],
            row["part"],
            row["cluster_id"],
            row["mentions_read"],
            row["mentions_kept"],
            row["dropped_at"],
            row["reason"],
            _class_from(row),
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "partition": self.partition,
            "doc_id": self.doc_id,
            "part": self.part,
            "cluster_id": self.cluster_id,
            "mentions_read": self.mentions_read,
            "mentions_kept": self.mentions_kept,
            "dropped_at": self.dropped_at,
            "reason": self.reason,
            **_class_columns(self.cls),
        }


# -- translate ---------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Attempt:
    """One translation attempt of an utterance (`schema.ATTEMPT`)."""

    attempt: int
    source: str
    """The English sent, placeholders in place ("" when no placeholder could be drawn)."""
    translation: str
    placeholders: list[str]
    failure: str | None

    @classmethod
    def from_row(cls, row: ParquetRow) -> Attempt:
        return cls(row["attempt"], row["source"], row["translation"], row["placeholders"], row["failure"])

    def to_row(self) -> dict[str, Any]:
        return {
            "attempt": self.attempt,
            "source": self.source,
            "translation": self.translation,
            "placeholders": self.placeholders,
            "failure": self.failure,
        }


@dataclass(slots=True)
class TranslatedMention:
    """One of select's kept mentions after translate (`schema.GAMMA_MENTION`)."""

    cluster_id: int
    span: Span | None
    """In the Italian tokens; None when the mention could not be placed (dropped)."""
    source_span: Span
    """In the English tokens."""
    kind: str
    """`plain`, `possessor` or `possessive` (`coref_transfer.translate.replace`)."""
    text_en: str
    text_it: str | None
    placeholder: str | None
    cls: MentionClass | None
    dropped_at: str | None
    reason: str | None
    role: str | None = None
    """The English pronoun's role (select's `role`), None for other mentions."""
    text_source: str | None = None
    """Where `text_it` came from: `sentence` (read in the marked sentence), `alone` (the mention's text
    translated alone), `table` (a pronoun's form by class); None: a -self, found by its forms."""
    fallback: str | None = None
    """Why the marked sentence did not give `text_it` (`translate.marked.FALLBACK_REASONS`), if it did not."""
    preposition_it: str | None = None
    """The simple preposition the marked sentence put before the mention ("in" for "nella <a>…"), if any."""
    span_source: str | None = None
    """Where `span` came from (`translate.joint.SPAN_SOURCES`): `tags` (the joint method: the words between
    its tags), `placeholder` (the paper's method: where its placeholder landed); None: no span."""

    @classmethod
    def from_row(cls, row: ParquetRow) -> TranslatedMention:
        return cls(
            row["cluster_id"],
            _span_from(row["start"], row["end"]),
            Span(row["source_start"], row["source_end"]),
            row["kind"],
            row["text_en"],
            row["text_it"],
            row["placeholder"],
            _class_from(row),
            row["dropped_at"],
            row["reason"],
            row.get("role"),
            row.get("text_source"),
            row.get("fallback"),
            row.get("preposition_it"),
            row.get("span_source"),
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "cluster_id": self.cluster_id,
            "start": None if self.span is None else self.span.start,
            "end": None if self.span is None else self.span.end,
            "source_start": self.source_span.start,
            "source_end": self.source_span.end,
            "kind": self.kind,
            "text_en": self.text_en,
            "text_it": self.text_it,
            "placeholder": self.placeholder,
            "role": self.role,
            "text_source": self.text_source,
            "fallback": self.fallback,
            "preposition_it": self.preposition_it,
            "span_source": self.span_source,
            **_class_columns(self.cls),
            "dropped_at": self.dropped_at,
            "reason": self.reason,
        }


@dataclass(slots=True)
class TranslatedUtterance:
    """One of select's kept utterances after translate, with every attempt (`schema.GAMMA`).

    `text`, `tokens` and the mentions' spans are Italian (None / empty when
    the utterance was dropped); `source_*` are the English ones.
    """

    partition: str
    doc_id: str
    part: int
    sentence: int
    speaker: str
    source_tokens: list[str]
    source_text: str
    replaced: str
    translation: str
    text: str | None
    tokens: list[str]
    attempts: int
    audit: list[Attempt]
    dropped_at: str | None
    reason: str | None
    mentions: list[TranslatedMention]
    marked: str | None = None
    """The English sent with the mentions tagged (`translate.marked`); None: none was sent."""
    marked_translation: str | None = None
    """What came back for `marked`."""
    method: str = "placeholders"
    """Which method gave `text` (`method`, `docs/methods.md`): `joint` (the tagged translation, tags
    removed) or `placeholders` (the paper's: the placeholder translation, the mentions put back)."""

    @classmethod
    def from_row(cls, row: ParquetRow) -> TranslatedUtterance:
        return cls(
            row["partition"],
            row["doc_id"],
            row["part"],
            row["sentence"],
            row["speaker"],
            row["source_tokens"],
            row["source_text"],
            row["replaced"],
            row["translation"],
            row["text"],
            row["tokens"],
            row["attempts"],
            [Attempt.from_row(a) for a in row["audit"]],
            row["dropped_at"],
            row["reason"],
            [TranslatedMention.from_row(m) for m in row["mentions"]],
            row.get("marked"),
            row.get("marked_translation"),
            row.get("method") or "placeholders",
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "partition": self.partition,
            "doc_id": self.doc_id,
            "part": self.part,
            "sentence": self.sentence,
            "speaker": self.speaker,
            "source_tokens": self.source_tokens,
            "source_text": self.source_text,
            "replaced": self.replaced,
            "translation": self.translation,
            "text": self.text,
            "tokens": self.tokens,
            "attempts": self.attempts,
            "audit": [a.to_row() for a in self.audit],
            "dropped_at": self.dropped_at,
            "reason": self.reason,
            "mentions": [m.to_row() for m in self.mentions],
            "marked": self.marked,
            "marked_translation": self.marked_translation,
            "method": self.method,
        }


# -- refine ------------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Change:
    """One edit of a refinement rule (`schema.CHANGE`): the rule, the token index at the
    time of the edit, the token before and after ("" for a deletion)."""

    rule: str
    index: int
    before: str
    after: str

    @classmethod
    def from_row(cls, row: ParquetRow) -> Change:
        return cls(row["rule"], row["index"], row["before"], row["after"])

    def to_row(self) -> dict[str, Any]:
        return {"rule": self.rule, "index": self.index, "before": self.before, "after": self.after}


@dataclass(frozen=True, slots=True)
class ZeroSubject:
    """A subject pronoun refine deleted under a mention, which now lies on the verb (`schema.ZERO`).

    The pronoun's own annotation as the parse had it (`deprel` an `nsubj`
    relation): the CorefUD export writes the mention on an empty node with
    it, the other formats keep the mention on the verb.
    """

    form: str
    lemma: str
    xpos: str
    feats: str
    deprel: str

    @classmethod
    def from_row(cls, row: ParquetRow | None) -> ZeroSubject | None:
        return None if row is None else cls(row["form"], row["lemma"], row["xpos"], row["feats"], row["deprel"])

    def to_row(self) -> dict[str, Any]:
        return {"form": self.form, "lemma": self.lemma, "xpos": self.xpos, "feats": self.feats, "deprel": self.deprel}


@dataclass(slots=True)
class RefinedMention:
    """A mention after refine (`schema.DELTA_MENTION`): its span in the refined tokens and in translate's."""

    cluster_id: int
    span: Span
    span_before: Span
    cls: MentionClass
    role: str | None = None
    """The English pronoun's role (select's `role`), None for other mentions."""
    zero: ZeroSubject | None = None
    """The deleted subject pronoun when the mention is a dropped subject's (it lies on the verb), else None."""

    @classmethod
    def from_row(cls, row: ParquetRow) -> RefinedMention:
        return cls(
            row["cluster_id"],
            Span(row["start"], row["end"]),
            Span(row["start_before"], row["end_before"]),
            _class_from(row),
            row.get("role"),
            ZeroSubject.from_row(row.get("zero")),
        )  # type: ignore[arg-type]

    def to_row(self) -> dict[str, Any]:
        return {
            "cluster_id": self.cluster_id,
            "start": self.span.start,
            "end": self.span.end,
            "start_before": self.span_before.start,
            "end_before": self.span_before.end,
            "role": self.role,
            **_class_columns(self.cls),
            "zero": None if self.zero is None else self.zero.to_row(),
        }


@dataclass(slots=True)
class RefinedUtterance:
    """One of translate's kept utterances after refine (`schema.DELTA`).

    Tokens, mentions and annotations are after refinement (the parse of
    translate's tokens carried through the edits: heads 0-based, -1 for the
    root); `*_before` are translate's; `changes` lists every edit in order.
    """

    partition: str
    doc_id: str
    part: int
    sentence: int
    speaker: str
    text_before: str
    tokens_before: list[str]
    text: str
    tokens: list[str]
    lemmas: list[str]
    upos: list[str]
    xpos: list[str]
    feats: list[str]
    heads: list[int]
    deprels: list[str]
    mentions: list[RefinedMention] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)

    @classmethod
    def from_row(cls, row: ParquetRow) -> RefinedUtterance:
        return cls(
            row["partition"],
            row["doc_id"],
            row["part"],
            row["sentence"],
            row["speaker"],
            row["text_before"],
            row["tokens_before"],
            row["text"],
            row["tokens"],
            row["lemmas"],
            row["upos"],
            row["xpos"],
            row["feats"],
            row["heads"],
            row["deprels"],
            [RefinedMention.from_row(m) for m in row["mentions"]],
            [Change.from_row(c) for c in row["changes"]],
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "partition": self.partition,
            "doc_id": self.doc_id,
            "part": self.part,
            "sentence": self.sentence,
            "speaker": self.speaker,
            "text_before": self.text_before,
            "tokens_before": self.tokens_before,
            "text": self.text,
            "tokens": self.tokens,
            "lemmas": self.lemmas,
            "upos": self.upos,
            "xpos": self.xpos,
            "feats": self.feats,
            "heads": self.heads,
            "deprels": self.deprels,
            "mentions": [m.to_row() for m in self.mentions],
            "changes": [c.to_row() for c in self.changes],
        }


RECORDS: dict[str, type] = {
    "utterances": SelectedUtterance,
    "alpha": StageMentions,
    "beta1": StageMentions,
    "beta2": StageMentions,
    "beta3": SelectedUtterance,
    "clusters": SelectedCluster,
    "gamma": TranslatedUtterance,
    "delta": RefinedUtterance,
}
"""The record type of each table of `coref_transfer.schema.TABLES`."""


def read_records(path: str | Path, name: str) -> list[Any]:
    """The records of one table (`RECORDS[name]`), schema and version checked by `schema.read_table`.

    Raises:
        InputFormatError: unreadable, truncated, or of another schema.
    """
    record = RECORDS[name]
    return [record.from_row(row) for row in read_table(path, name).to_pylist()]


def records_table(records: Iterable[Any], name: str) -> pa.Table:
    """Records as the Parquet table `name` (the schema of `coref_transfer.schema.TABLES`)."""
    return pa.Table.from_pylist([r.to_row() for r in records], schema=TABLES[name])


def write_records(records: Sequence[Any], path: str | Path, name: str) -> None:
    """Write records as the table `name`, atomically."""
    write_table(records_table(records, name), path)
