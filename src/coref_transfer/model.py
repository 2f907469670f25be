"""The in-memory data model shared by every stage.

Stages: one name each in the code, the paper's labels in stats, tables and
the documentation.

| stage     | paper labels        | what it does                                              |
|-----------|---------------------|-----------------------------------------------------------|
| select    | α, β1, β2, β3       | nesting, utterance, mention and cluster filters; classes  |
| translate | γ                   | placeholders, machine translation, mentions put back      |
| refine    | δ                   | Italian parsing and the refinement rules                  |
| export    |                     | the dataset per split in four formats                     |
| report    |                     | the paper's tables and figures, the human-evaluation kit  |
| train     |                     | the coreference model trained on the dataset              |

Span convention (the one used everywhere, as in method.md): token offsets are
0-based and inside one utterance, and `end` is INCLUSIVE. A single-token
mention on token 4 is `Span(4, 4)`. CoNLL's bracket notation is converted to
and from this only in `coref_transfer.conll`; the stage tables store spans
as `start`/`end` columns, converted only in `coref_transfer.records`. The
coreference model's document-level spans are `DocSpan`s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from coref_transfer.tree import Tree, TreeBuilder


@dataclass(frozen=True, order=True)
class Span:
    """Token span inside one utterance: 0-based, `end` inclusive."""

    start: int
    end: int

    def __len__(self) -> int:
        return self.end - self.start + 1

    def contains(self, other: Span) -> bool:
        """True if every token of `other` is inside this span."""
        return self.start <= other.start and other.end <= self.end

    def overlaps(self, other: Span) -> bool:
        """True if the two spans share at least one token."""
        return self.start <= other.end and other.start <= self.end


def span_root(heads: Sequence[int], start: int, end: int) -> int | None:
    """The root of the tokens start..end (inclusive) in a dependency tree: the first whose head lies outside.

    `heads` gives each token's head index in the same sequence (-1 for the
    tree's root). None only when every head is inside the span, which a
    tree does not allow (a cycle).
    """
    for i in range(start, end + 1):
        if not start <= heads[i] <= end:
            return i
    return None


DocSpan = tuple[int, int]
"""A mention in a whole document part: (start, end) word offsets counted from
the part's first word, 0-based, end INCLUSIVE. The coreference model and the
scorer work on these (jsonlines `clusters`); every stage table uses `Span`,
relative to its utterance. Only the jsonlines export, the model's reader,
the scorer's reader and the writer of the model's predictions
(`train.predict.to_part`) convert between the two."""


@dataclass(frozen=True)
class Mention:
    """One membership of a span in a coreference chain (cluster)."""

    cluster_id: int
    span: Span


@dataclass(frozen=True)
class NamedEntity:
    """A named-entity annotation (column 11) over a span."""

    label: str
    span: Span


@dataclass(frozen=True)
class UnplacedMention:
    """A mention the input has but no `Span` can hold (CorefUD): a discontinuous mention, or a zero
    mention on an empty node. Select drops it with `reason` (`UNPLACED_REASONS`), so it is counted."""

    cluster_id: int
    reason: str


UNPLACED_REASONS = ("discontinuous", "zero_mention")
"""Why a CorefUD mention has no span: its words are not contiguous, or it lies on an empty node."""

LINK_REASONS = {"pred": "predicative", "appos": "appositive"}
"""The CorefUD link types (`Utterance.mention_links`) of mentions OntoNotes does not annotate as coreference,
and the reason β2 drops each with: a predicate nominal ("Bernoulli was [a Swiss mathematician]") and an
apposition ("Hu Shih, [the leader of the movement]"). See `select.beta2_mentions`."""

RELATIONS = ("bridging", "split_antecedent")
"""CorefUD relations between entities that a coreference chain cannot hold: read, ignored, counted."""


@dataclass
class Utterance:
    """One sentence: a CoNLL-2012 sentence block with every column kept, or a CorefUD tree.

    A CorefUD tree fills the columns it has (`tokens` are its syntactic words,
    `pos` their PTB tags from XPOS, else UPOS; `parse_bits` all "-") and the
    dependency tree (`heads`, `deprels`), which CoNLL-2012 input leaves empty.
    """

    doc_id: str
    part: int
    index: int
    tokens: list[str]
    pos: list[str]
    parse_bits: list[str]
    lemmas: list[str]
    framesets: list[str]
    senses: list[str]
    speakers: list[str]
    entities: list[NamedEntity]
    mentions: list[Mention]
    arguments: list[list[str]] = field(default_factory=list)
    """Predicate-argument columns, one list per column (may be empty)."""
    path: str = ""
    line: int = 0
    """1-based line of the sentence's first token in `path`."""
    heads: list[int] = field(default_factory=list)
    """Dependency head of each token (0-based, -1 for the root); empty when the input has no dependency tree."""
    deprels: list[str] = field(default_factory=list)
    """Dependency relation of each token (UD), parallel to `heads`."""
    mention_heads: list[int | None] = field(default_factory=list)
    """The input's own head token of each mention (CorefUD's `head`), parallel to `mentions`; empty if none."""
    mention_links: list[str | None] = field(default_factory=list)
    """The input's own link type of each mention (CorefUD's `link` field: GUM's `coref`, `ana`, `pred`,
    `appos`, ...; None where a bracket leaves it out), parallel to `mentions`; empty if the input has none.
    β2 drops the links OntoNotes does not annotate (`LINK_REASONS`)."""
    unplaced: list[UnplacedMention] = field(default_factory=list)
    """Mentions of this sentence that no span can hold (CorefUD), dropped by select with their reason."""

    @property
    def speaker(self) -> str:
        return self.speakers[0] if self.speakers else "-"

    @property
    def has_tree(self) -> bool:
        return bool(self.parse_bits) and self.parse_bits[0] != "-"

    def tree(self) -> Tree | None:
        """The gold constituency tree, built on demand (the reader validated it)."""
        if not self.has_tree:
            return None
        builder = TreeBuilder()
        for bit, tag, word in zip(self.parse_bits, self.pos, self.tokens):
            builder.add(bit, tag, word)
        return builder.finish()


@dataclass
class Part:
    """A document part: the unit inside which chain ids are defined."""

    doc_id: str
    part: int
    utterances: list[Utterance]
    path: str = ""
    line: int = 0
    """1-based line of the `#begin document` header (CorefUD: of `# newdoc`)."""
    entity_types: dict[int, str] = field(default_factory=dict)
    """CorefUD's `etype` of each chain that has one (person, place, organization, ...); empty for CoNLL-2012."""
    relations: dict[str, int] = field(default_factory=dict)
    """How many of each `RELATIONS` the input holds in this part (read, ignored, counted)."""

    @property
    def key(self) -> tuple[str, int]:
        return (self.doc_id, self.part)


def doc_key(doc_id: str, part: int) -> str:
    """`bc/cctv/00/cctv_0001` part 2 -> `bc/cctv/00/cctv_0001_2` (the e2e-coref `doc_key`)."""
    return f"{doc_id}_{part}"


def parse_doc_key(key: str) -> tuple[str, int]:
    """The inverse of `doc_key`: the part number follows the last '_'.

    Raises:
        ValueError: the key does not end in `_N`.
    """
    doc_id, sep, part = key.rpartition("_")
    if not sep or not doc_id or not part.isdigit():
        raise ValueError(f"document key {key!r} does not end in '_<part number>' (like 'bc/cctv/00/cctv_0001_0')")
    return doc_id, int(part)
