"""Reader for CorefUD files (`*.conllu`): the same `Part`s and `Utterance`s as the CoNLL-2012 reader.

What a file becomes:

- **Documents.** A `# newdoc` comment starts a document; sentences before the
  first one form a document named after the file's stem. A document id that
  ends in `_N` (N a number written without leading zeros) is read as document
  part N of the id before it (`bc/cctv/00/cctv_0001_0`, the key our own CorefUD
  export writes, is `bc/cctv/00/cctv_0001` part 0); any other id is part 0 of
  itself (`GUM_bio_hadid`). Either way `model.doc_key(doc_id, part)` gives the
  id back when it ends in `_N`, so nothing is lost; one `Part` per document.
- **Sentences.** One `Utterance` per sentence: `tokens` are its syntactic
  words (a multiword token `don't` 1-2 gives `do`, `n't`, as in the Penn
  Treebank), `pos` the word's XPOS, or its UPOS when XPOS is `_`, `lemmas` the
  LEMMA, `heads`/`deprels` the basic tree (0-based, -1 for the root),
  `speakers` the sentence's `# speaker = ...` comment (else `-`), and what
  CorefUD does not have is `-` (`parse_bits`, `framesets`, `senses`) or empty
  (`entities`: no named-entity layer). `line` is the 1-based line of the
  sentence's first token line (a word, a multiword token or an empty node).
- **Mentions.** `Entity=` brackets, read as udapi reads them
  (`udapi.core.coref.load_coref_from_misc`): `(EID-...` opens a mention,
  `EID)` closes the most recent open mention of EID, `(EID-...)` is a one-word
  mention, `EID[k/n]` marks subspan k of n of a discontinuous mention; the
  fields of an opening bracket are named by the file's `# global.Entity`
  header (`eid` or `GRP`, `etype`, `head`, ...). A mention covers every node
  from its opening to its closing bracket (empty nodes included). A chain's
  integer id is the number its entity id ends with (`e12`, our export's
  `train_d1e12`, GUM's `12`: 12) when every entity id of the document ends
  in a distinct number, so a corpus written from CoNLL-2012 chains keeps
  them; otherwise chains are numbered per document from 1 in the order of
  their first opening bracket. `Part.entity_types` holds each chain's first
  `etype`.
  A mention whose words (empty nodes left out) are contiguous is a
  `Mention` with its `Span`, and `mention_heads` holds its `head` word when
  the header has a `head` field (None if that word is an empty node or the
  bracket leaves it out; `mention_heads` is empty when the header has no
  `head` field, as in GUM). A mention whose words are not contiguous is
  `UnplacedMention(reason="discontinuous")`, one on empty nodes only
  `UnplacedMention(reason="zero_mention")`.
- **Links.** When the `# global.Entity` header has a field named `link`
  (`LINK_FIELD`, the only name accepted: GUM's
  `GRP-etype-infstat-salience-centering-minspan-link-identity`),
  `mention_links` holds each `Mention`'s value of it (GUM's `sgl`, `coref`,
  `ana`, `cata`, `disc`, `pred`, `appos`; None where the bracket leaves it
  out; a discontinuous mention's from its first subspan), parallel to
  `mentions`. Without such a field (CorefUD's `eid-etype-head-other`, our
  own export) `mention_links` is empty: no link information, and select
  drops nothing for it (`select.beta2_mentions` drops `pred` and `appos`).
- **Names.** CorefUD has no named-entity layer; `Utterance.entities` holds
  the names its mentions imply (`names`: a mention of a person, place,
  organization, ... whose root is a proper noun), labelled as OntoNotes
  would, so the stages read them as they read OntoNotes' entities.
- **Relations.** `Part.relations` counts `bridging` (each link of a
  `Bridge=TARGET<SOURCE[:relation]` annotation, a mention's link) and
  `split_antecedent` (each distinct `ANTECEDENT<ENTITY` pair of
  `SplitAnte=`, a relation of two entities, which GUM sometimes writes
  twice). They are read and counted only; a chain cannot hold them.
- **Entity ids** are per document: with a `GRP` header they are by
  definition, and with `eid` an id used in two documents of one file names
  two chains (chains never cross a `Part`).

Why two readers of CorefUD: this one reads English input (GUM, CorefUD corpora, our own export) for
select into `model.Part`s, with its own checks and errors naming the file and the line; `export.corefud.read`
reads our own Italian export back with udapi, token by token and word by word, to check what it wrote,
zero mentions on empty nodes and multiword tokens included, which a `Part` has no place for.

The format, as this reader enforces it (each error names the file and the line), and why it does not
read with udapi: `corefud.conllu`, which reads the lines and the Entity brackets (`conllu.Parser`); this
module maps what it reads to the project's `Part`s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from coref_transfer.corefud.conllu import COLUMNS, LINK_FIELD, Parser, _Document, _Mention
from coref_transfer.io import expand_paths
from coref_transfer.model import Mention, NamedEntity, Part, Span, UnplacedMention, Utterance, span_root

__all__ = [
    "COLUMNS", "CONLLU_GLOB", "LINK_FIELD", "NAME_LABELS", "document_key", "find_corefud_files", "iter_corefud",
    "names", "read_corefud",
]  # fmt: skip


CONLLU_GLOB = "*.conllu"
_PART_RE = re.compile(r"^(.+)_(0|[1-9]\d*)$")
_TRAILING_NUMBER_RE = re.compile(r"(\d+)$")


def find_corefud_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand files and folders into a sorted list of `*.conllu` files (folders searched recursively).

    Raises:
        MissingInputError: a path does not exist, or a folder holds no `*.conllu` file.
    """
    return expand_paths(paths, (CONLLU_GLOB,))


def read_corefud(path: str | Path) -> list[Part]:
    """Read every document of one CorefUD file, one `Part` each.

    Raises:
        InputFormatError: the file breaks one of the module's rules.
    """
    return _Reader(Path(path)).parts()


def iter_corefud(paths: Iterable[str | Path]) -> Iterator[Part]:
    """Read the parts of several files in order (see `find_corefud_files`)."""
    for path in find_corefud_files(paths):
        yield from read_corefud(path)


def document_key(name: str) -> tuple[str, int]:
    """A document id as (doc_id, part): `x_3` -> ("x", 3); `x`, `x_03` -> (name, 0). See the module."""
    match = _PART_RE.match(name)
    return (match.group(1), int(match.group(2))) if match else (name, 0)


NAME_LABELS = {
    "person": "PERSON",
    "organization": "ORG",
    "place": "GPE",
    "time": "DATE",
    "number": "CARDINAL",
    "event": "EVENT",
}
"""The OntoNotes named-entity label a name of each CorefUD entity type gets (`names`)."""


def names(utt: Utterance, etypes: dict[int, str]) -> list[NamedEntity]:
    """The named entities a CorefUD sentence implies: CorefUD has no named-entity layer, but a mention
    whose root is a proper noun (NNP, NNPS), of an entity whose type `NAME_LABELS` knows, names it.

    Each run of proper nouns in the mention is a name ("the [United States Air Force]", "[Anna Galli]
    and [Paolo Serra]"), labelled as OntoNotes would (`person` PERSON, `place` GPE, `organization`
    ORG, ...), each span once; a name with other words inside ("Bank of Italy") comes out in pieces.
    The stages read them as OntoNotes' (a PERSON name's first word goes to the first-name lexicon,
    a place's gender to the city list).
    """
    out: dict[Span, str] = {}
    for m in utt.mentions:
        label = NAME_LABELS.get(etypes.get(m.cluster_id, ""))
        root = span_root(utt.heads, m.span.start, m.span.end) if utt.heads else None
        if label is None or root is None or utt.pos[root] not in ("NNP", "NNPS"):
            continue
        start = None
        for i in range(m.span.start, m.span.end + 2):
            proper = i <= m.span.end and utt.pos[i] in ("NNP", "NNPS")
            if proper and start is None:
                start = i
            elif not proper and start is not None:
                out.setdefault(Span(start, i - 1), label)
                start = None
    return [NamedEntity(label, span) for span, label in sorted(out.items(), key=lambda kv: (kv[0].start, kv[0].end))]


def _kept_numbers(clusters: dict[str, int]) -> dict[int, int] | None:
    """{first-appearance number: the number the entity id ends with}, when every id of the document
    ends in a number (`e12`, `train_d1e12`, GUM's `12`) and no two share one; else None."""
    numbers: dict[int, int] = {}
    for eid, cluster in clusters.items():
        match = _TRAILING_NUMBER_RE.search(eid)
        if match is None:
            return None
        numbers[cluster] = int(match.group(1))
    return numbers if len(set(numbers.values())) == len(numbers) else None


class _Reader(Parser):
    """A `Parser` that builds one `Part` per document of the file (the module's "What a file becomes")."""

    def __init__(self, path: Path):
        super().__init__(path)
        self.seen: dict[tuple[str, int], int] = {}

    # ---- documents ------------------------------------------------------

    def start_document(self, block: int) -> None:
        self.end_document()
        if self.newdoc is None:
            name, line = self.path.stem, block
        else:
            raw, line = self.newdoc
            self.newdoc = None
            if raw is None:
                if self.out:
                    raise self.error(line, "'# newdoc' without an id (only a file's first document may have none)")
                raw = self.path.stem
            name = raw
        doc_id, part = document_key(name)
        key = (doc_id, part)
        if key in self.seen:
            raise self.error(line, f"document {name!r} already began at line {self.seen[key]}")
        self.seen[key] = line
        self.doc = _Document(doc_id, part, line)

    def end_document(self) -> None:
        doc = self.doc
        if doc is None:
            return
        self.doc = None
        for eid, line, what in doc.references:
            if eid not in doc.clusters:
                raise self.error(
                    line, f"{what} refers to entity {eid!r}, which has no mention in document {doc.doc_id!r}"
                )
        numbers = _kept_numbers(doc.clusters)
        if numbers is not None:  # the file's own chain numbers (module docstring, "Mentions")
            for utt in doc.utterances:
                utt.mentions = [Mention(numbers[m.cluster_id], m.span) for m in utt.mentions]
                utt.unplaced = [UnplacedMention(numbers[u.cluster_id], u.reason) for u in utt.unplaced]
            doc.etypes = {numbers[c]: t for c, t in doc.etypes.items()}
        for utt in doc.utterances:
            utt.entities = names(utt, doc.etypes)
        self.out.append(
            Part(
                doc.doc_id,
                doc.part,
                doc.utterances,
                str(self.path),
                doc.line,
                entity_types=doc.etypes,
                relations={"bridging": doc.bridging, "split_antecedent": len(doc.split)},
            )
        )

    def utterance(self, words: Sequence[tuple[str, ...]], heads: list[int], speaker: str, first: int) -> None:
        """A sentence read (`Parser.sentence`): its `Utterance`, with the mentions read, in the document."""
        doc = self.doc
        assert doc is not None
        n = len(words[0])
        xpos = words[4]
        pos = list(xpos) if "_" not in xpos else [x if x != "_" else u for u, x in zip(words[3], xpos)]
        doc.utterances.append(
            Utterance(
                doc_id=doc.doc_id,
                part=doc.part,
                index=len(doc.utterances),
                tokens=list(words[1]),
                pos=pos,
                parse_bits=["-"] * n,
                lemmas=list(words[2]),
                framesets=["-"] * n,
                senses=["-"] * n,
                speakers=[speaker] * n,
                entities=[],
                mentions=self.mentions,
                path=str(self.path),
                line=first,
                heads=heads,
                deprels=list(words[7]),
                mention_heads=self.heads if self.fields is not None and self.fields[2] is not None else [],
                mention_links=self.mention_links if self.link_at is not None else [],
                unplaced=self.unplaced,
            )
        )

    def span_mention(
        self, cluster: int, start: int, end: int, head: int | None, eid: str, opened: int, line: int, link: str | None
    ) -> None:
        """A continuous mention over the nodes start..end: a `Mention` with its head and link, or a zero mention."""
        head_node = None
        if head is not None:
            if head > end - start + 1:
                raise self.error(
                    line,
                    f"the mention of entity {eid!r} opened at line {opened} has head {head},"
                    f" but only {end - start + 1} word(s)",
                )
            head_node = start + head - 1
        node_word = self.node_word
        if node_word is None:  # nodes are words
            self.mentions.append(Mention(cluster, Span(start, end)))
            self.heads.append(head_node)
            self.mention_links.append(link)
            return
        words = [w for w in node_word[start : end + 1] if w >= 0]
        if not words:
            self.unplaced.append(UnplacedMention(cluster, "zero_mention"))
            return
        self.mentions.append(Mention(cluster, Span(words[0], words[-1])))
        self.heads.append(None if head_node is None or node_word[head_node] < 0 else node_word[head_node])
        self.mention_links.append(link)

    def discontinuous(self, mention: _Mention, head: int | None, line: int) -> None:
        """A mention written as `[k/n]` subspans, read to its last: placed if its words are contiguous."""
        pending = self.pending[mention.eid]
        pending.remove(mention)
        if not pending:
            del self.pending[mention.eid]
        ranges: list[tuple[int, int]] = [(a, b) for a, b in mention.ranges]  # type: ignore[misc]
        nodes = [x for a, b in ranges for x in range(a, b + 1)]
        if head is not None and head > len(nodes):
            raise self.error(
                line,
                f"the mention of entity {mention.eid!r} opened at line {mention.line} has head {head},"
                f" but only {len(nodes)} word(s)",
            )
        node_word = self.node_word
        words = nodes if node_word is None else [node_word[x] for x in nodes if node_word[x] >= 0]
        if not words:
            self.unplaced.append(UnplacedMention(mention.cluster, "zero_mention"))
            return
        if words[-1] - words[0] != len(words) - 1:
            self.unplaced.append(UnplacedMention(mention.cluster, "discontinuous"))
            return
        head_word = None
        if head is not None:
            head_word = nodes[head - 1] if node_word is None else node_word[nodes[head - 1]]
        self.mentions.append(Mention(mention.cluster, Span(words[0], words[-1])))
        self.heads.append(None if head_word is None or head_word < 0 else head_word)
        self.mention_links.append(mention.link)
