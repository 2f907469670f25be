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

The format, as this reader enforces it (each error names the file and the line):

1. The file is UTF-8 and not empty, and holds at least one sentence.
2. Sentences are blocks of lines separated by blank lines: comment lines
   (`#`) first, then token lines. A comment after a token line of its
   sentence is an error. A `# newdoc` must be followed by a sentence; two
   documents of a file do not have the same id.
3. A token line has 10 tab-separated columns. Its ID is a word (`1`, `2`, ...
   counting from 1 in order), a multiword token (`N-M`, starting at the next
   word, M > N, its words present and not in another multiword token), or an
   empty node (`N.K`, after word N, K counting from 1; `0.K` before the
   first word). A sentence has at least one word.
4. A word's HEAD is 0 or the ID of a word of its sentence, and the heads
   form a tree (no cycle).
5. `Entity=` needs a `# global.Entity` header before it (with an `eid` or
   `GRP` field), is a sequence of brackets as above, and is not on a
   multiword token's line (nor are `Bridge=` and `SplitAnte=`): brackets go
   on words and empty nodes. A closing bracket closes a mention opened
   earlier in its sentence; every mention is closed in its sentence (every
   subspan of a discontinuous one comes, in order, in its sentence). A
   mention's `head` is an integer from 1 to its number of nodes (1 for a
   one-node mention). An entity id holds none of `- = | ( ) [ ] < > , :`
   nor whitespace (udapi forbids the first six; the others would break
   `[k/n]` and the links of rule 6).
6. `Bridge=` and `SplitAnte=` are comma-separated `A<B` links (Bridge's may
   add `:relation`), A and B different, each an entity with a mention in
   the same document.

Why not udapi: the brief of issue 17 was to build this on udapi, which the
export uses to write CorefUD. Reading with it (`Document.load_conllu`, then
`doc.coref_entities`) takes 5x the time of `conll.reader` on the same
documents (GUM train, 177 files, 177,410 words: 1.4 s against 0.28 s;
`python benchmarks/bench_readers.py`), and udapi's own work alone, with its
tree building driven directly and garbage collection off, is still
0.85-1.0 s: 3x the whole CoNLL-2012 reader, over the 2x issue 17 allows
(item 6); this reader takes 1.6x. It builds a `Node` per word with parsed
FEATS and MISC and sorts mentions through Python comparisons, and it cannot
name lines: it drops an unclosed mention with a warning and raises plain
`ValueError`s on the rest. So this module reads the brackets itself in one
pass with the line numbers at hand, following udapi's reading rule for rule
(the module's mention semantics above); `tests/test_corefud_reader.py`
checks it against udapi on every GUM file: the same mentions (words, chain
partition, head), entity types and relations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.io import decode_input, expand_paths
from coref_transfer.model import Mention, NamedEntity, Part, Span, UnplacedMention, Utterance, span_root

CONLLU_GLOB = "*.conllu"
COLUMNS = 10

_NEWDOC_RE = re.compile(r"^# newdoc(?:\s+id\s*=\s*(.*?))?\s*$")
_SPEAKER_RE = re.compile(r"^# speaker\s*=\s*(.*?)\s*$")
_GLOBAL_ENTITY_RE = re.compile(r"^# global\.Entity\s*=\s*(\S*)\s*$")
_CHUNK_RE = re.compile(r"\([^()]+\)?|[^()]+\)")
_SUBSPAN_RE = re.compile(r"^(.+)\[([1-9]\d*)/([1-9]\d*)\]$")
_PART_RE = re.compile(r"^(.+)_(0|[1-9]\d*)$")
_FORBIDDEN_IN_ID = set("-=| \t()[]<>,:")
_TRAILING_NUMBER_RE = re.compile(r"(\d+)$")
_ANNOTATIONS = ("Entity=", "Bridge=", "SplitAnte=")
_COMMENTS = ("# newdoc", "# speaker", "# global.Entity")
LINK_FIELD = "link"
"""The one `# global.Entity` field name read as a mention's link type (module docstring, "Links")."""


@lru_cache(maxsize=512)
def _ids(n: int) -> tuple[str, ...]:
    """("1", "2", ..., str(n)): the IDs of a sentence of n words and nothing else."""
    return tuple(map(str, range(1, n + 1)))


def _misc_value(misc: str, name: str) -> str | None:
    """The value of the MISC attribute `name` (given with its '='), or None (found without splitting MISC)."""
    at = misc.find(name)
    while at > 0 and misc[at - 1] != "|":
        at = misc.find(name, at + 1)
    if at < 0:
        return None
    end = misc.find("|", at)
    return misc[at + len(name) : end if end >= 0 else len(misc)]


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


NAME_LABELS = {"person": "PERSON", "organization": "ORG", "place": "GPE", "time": "DATE", "number": "CARDINAL",
               "event": "EVENT"}
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


@dataclass(slots=True)
class _Mention:
    """A mention being read: its node ranges ([first, last], last None while open)."""

    cluster: int
    ranges: list[list[int | None]]
    line: int
    eid: str
    subspans: int = 0
    """n of a discontinuous mention's `[k/n]` subspans; 0 for a continuous one."""
    link: str | None = None
    """The `link` field of its first subspan's bracket (None without one)."""


@dataclass
class _Document:
    doc_id: str
    part: int
    line: int
    utterances: list[Utterance] = field(default_factory=list)
    clusters: dict[str, int] = field(default_factory=dict)
    etypes: dict[int, str] = field(default_factory=dict)
    bridging: int = 0
    split: set[tuple[str, str]] = field(default_factory=set)
    references: list[tuple[str, int, str]] = field(default_factory=list)
    """(entity id, line, annotation) of every Bridge and SplitAnte end, checked when the document ends."""


class _Reader:
    """One pass over one file; keeps the state needed for precise errors."""

    def __init__(self, path: Path):
        self.path = path
        self.out: list[Part] = []
        self.doc: _Document | None = None
        self.seen: dict[tuple[str, int], int] = {}
        self.newdoc: tuple[str | None, int] | None = None
        self.speaker = "-"
        self.fields: tuple[int, int | None, int | None] | None = None
        """Positions of the eid (or GRP), etype and head fields of `# global.Entity`."""
        self.link_at: int | None = None
        """Position of the `link` field (`LINK_FIELD`) of `# global.Entity`; None when the header has none."""
        self.split = 0
        """How many '-' of an opening bracket to split at: enough for the fields read."""
        # Per sentence: the node of each row (-1 for a multiword token), the
        # word of each node (-1 for an empty node), and the mentions read.
        self.row_node: Sequence[int] | None = None
        self.node_word: Sequence[int] | None = None
        self.word_rows: Sequence[int] | None = None
        self.open: list[tuple[str, int, int, int | None, int, tuple[_Mention, int, int] | None, str | None]] = []
        """Open mentions: (entity id, first node, chain, head, line, the discontinuous mention and its k, n, link);
        a closing bracket closes the last one of its entity (a list: mentions nest a few deep at most)."""
        self.pending: dict[str, list[_Mention]] = {}
        """Discontinuous mentions whose last subspan has not come, per entity id."""
        self.mentions: list[Mention] = []
        self.heads: list[int | None] = []
        self.mention_links: list[str | None] = []
        self.unplaced: list[UnplacedMention] = []

    def error(self, line: int | None, problem: str) -> InputFormatError:
        return InputFormatError(self.path, line, problem)

    # ---- lines ----------------------------------------------------------

    def parts(self) -> list[Part]:
        text = decode_input(self.path)
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        text = text.removeprefix("\ufeff")
        rows: list[list[str]] = []
        first = 0  # line of the sentence's first token line
        block = 0  # line of the sentence's first line (comment or token)
        lineno = 0
        # The loop body is the reader's hot path: a token line costs one split.
        for lineno, line in enumerate(text.split("\n"), start=1):
            if not line or (line[0] in " \t" and line.isspace()):
                if rows:
                    self.sentence(rows, first, block)
                    rows = []
                block = 0
                continue
            if not block:
                block = lineno
            if line[0] == "#":
                if rows:
                    raise self.error(lineno, "a comment line after the sentence's token lines (comments come first)")
                if line.startswith(_COMMENTS):
                    self.comment(line, lineno)
                continue
            if not rows:
                first = lineno
            rows.append(line.split("\t"))
        if rows:
            self.sentence(rows, first, block)
        if self.newdoc is not None:
            name, line = self.newdoc
            raise self.error(line, f"document {name or self.path.stem!r} has no sentence")
        self.end_document()
        if not self.out:
            raise self.error(None, "no sentence in the file (no token line)")
        return self.out

    def comment(self, line: str, lineno: int) -> None:
        if line.startswith("# newdoc") and (len(line) == 8 or line[8].isspace()):
            match = _NEWDOC_RE.match(line)
            if match is None:
                raise self.error(lineno, f"malformed newdoc comment {line[:60]!r} (expected '# newdoc id = ID')")
            if self.newdoc is not None:
                raise self.error(lineno, f"a second '# newdoc' before any sentence of the document at line {self.newdoc[1]}")
            self.newdoc = (match.group(1) or None, lineno)
        elif line.startswith("# speaker"):
            match = _SPEAKER_RE.match(line)
            if match is not None:
                self.speaker = match.group(1) or "-"
        elif line.startswith("# global.Entity"):
            match = _GLOBAL_ENTITY_RE.match(line)
            names = match.group(1).split("-") if match else []
            eid = next((i for i, name in enumerate(names) if name in ("eid", "GRP")), None)
            if eid is None:
                raise self.error(lineno, f"malformed header {line[:80]!r}: no 'eid' (or 'GRP') field")
            etype = next((i for i, name in enumerate(names) if name in ("etype", "entity")), None)
            head = names.index("head") if "head" in names else None
            self.fields = (eid, etype, head)
            self.link_at = names.index(LINK_FIELD) if LINK_FIELD in names else None
            self.split = max(i for i in (eid, etype, head, self.link_at) if i is not None) + 1

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

    # ---- sentences ------------------------------------------------------

    def sentence(self, rows: list[list[str]], first: int, block: int) -> None:
        if self.doc is None or self.newdoc is not None:
            self.start_document(block)
        doc = self.doc
        assert doc is not None
        n_rows = len(rows)
        if len(rows[0]) != COLUMNS or len(set(map(len, rows))) > 1:
            i = next(i for i, row in enumerate(rows) if len(row) != COLUMNS)
            raise self.error(first + i, f"wrong column count: {len(rows[i])} tab-separated columns, {COLUMNS} expected")
        cols = list(zip(*rows))
        if cols[0] == _ids(n_rows):
            words = cols  # words only: rows, nodes and words are one
        else:
            words = self.structure(rows, cols[0], first)
        n = len(words[0])
        heads = self.tree(words[6], first)
        xpos = words[4]
        pos = list(xpos) if "_" not in xpos else [x if x != "_" else u for u, x in zip(words[3], xpos)]
        self.mentions, self.heads, self.mention_links, self.unplaced = [], [], [], []
        for i, misc in enumerate(cols[9]):
            if misc != "_" and ("Entity=" in misc or "Bridge=" in misc or "SplitAnte=" in misc):
                self.annotations(misc, i, first + i)
        if self.open:
            eid, line = self.open[0][0], self.open[0][4]
            raise self.error(line, f"mention of entity {eid!r} opened here is never closed in its sentence")
        if self.pending:
            for eid, pending in self.pending.items():
                m = pending[0]
                raise self.error(
                    m.line,
                    f"discontinuous mention of entity {eid!r} opened here: subspan"
                    f" {len(m.ranges) + 1}/{m.subspans} never comes in its sentence",
                )
        self.row_node = self.node_word = self.word_rows = None
        speaker = self.speaker
        self.speaker = "-"
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

    def structure(self, rows: list[list[str]], ids: Sequence[str], first: int) -> list[tuple[str, ...]]:
        """Rule 3 for a sentence with multiword tokens or empty nodes: its words' columns, and the node maps."""
        word_rows: list[int] = []
        row_node: list[int] = []
        node_word: list[int] = []
        ranges: list[tuple[int, int, int]] = []
        word = 0  # words so far
        empty = 0  # empty nodes after the last word so far
        covered = 0  # the last word of the last multiword token
        for i, raw in enumerate(ids):
            line = first + i
            if raw.isdigit():
                if raw != str(word + 1):
                    raise self.error(line, f"word ID {raw} out of order: expected {word + 1}")
                word_rows.append(i)
                row_node.append(len(node_word))
                node_word.append(word)
                word += 1
                empty = 0
                continue
            start, dash, end = raw.partition("-")
            if dash:
                if not (start.isdigit() and end.isdigit()):
                    raise self.error(line, f"malformed ID {raw!r} (a multiword token is like '3-4')")
                if int(start) != word + 1:
                    raise self.error(line, f"multiword token {raw} must start at the next word, {word + 1}")
                if int(end) <= int(start):
                    raise self.error(line, f"multiword token {raw} must span at least two words")
                if int(start) <= covered:
                    raise self.error(line, f"multiword token {raw} overlaps the one ending at word {covered}")
                covered = int(end)
                ranges.append((i, int(start), covered))
                row_node.append(-1)
                continue
            head, dot, sub = raw.partition(".")
            if dot and head.isdigit() and sub.isdigit():
                if int(head) != word:
                    raise self.error(line, f"empty node {raw} out of order: it must follow word {word}, as {word}.{empty + 1}")
                if sub != str(empty + 1):
                    raise self.error(line, f"empty node {raw} out of order: expected {word}.{empty + 1}")
                empty += 1
                row_node.append(len(node_word))
                node_word.append(-1)
                continue
            raise self.error(line, f"malformed ID {raw!r} (expected a word '3', a multiword token '3-4' or an empty node '3.1')")
        if not word:
            raise self.error(first, "a sentence without words")
        for i, start, end in ranges:
            if end > word:
                raise self.error(first + i, f"multiword token {start}-{end} ends after the sentence's last word ({word})")
        self.row_node, self.node_word, self.word_rows = row_node, node_word, word_rows
        return list(zip(*(rows[i] for i in word_rows)))

    def tree(self, column: Sequence[str], first: int) -> list[int]:
        """Rule 4: 0-based heads (-1 for the root), checked."""
        n = len(column)
        try:
            heads = [int(h) - 1 for h in column]
        except ValueError:
            i, h = next((i, h) for i, h in enumerate(column) if not h.strip().isdigit())
            raise self.error(self.word_line(i, first), f"HEAD {h!r} is not a word number (0 for the root)") from None
        if min(heads) < -1 or max(heads) >= n:
            i = next(i for i, h in enumerate(heads) if not -1 <= h < n)
            raise self.error(self.word_line(i, first), f"HEAD {heads[i] + 1} out of range: the sentence has {n} words")
        # Every word must reach the root: follow heads, marking the words of the
        # current walk with its stamp; meeting the stamp again is a cycle.
        state = [0] * n
        for i in range(n):
            stamp = i + 2
            j = i
            while j >= 0 and not state[j]:
                state[j] = stamp
                j = heads[j]
            if j >= 0 and state[j] == stamp:
                raise self.error(self.word_line(j, first), f"the dependency tree has a cycle through word {j + 1}")
            j = i
            while j >= 0 and state[j] == stamp:
                state[j] = 1
                j = heads[j]
        return heads

    def word_line(self, word: int, first: int) -> int:
        """The line of the sentence's `word`-th word (0-based)."""
        return first + (word if self.word_rows is None else self.word_rows[word])

    # ---- coreference ----------------------------------------------------

    def annotations(self, misc: str, row: int, line: int) -> None:
        """Rules 5 and 6 for one token line's MISC."""
        node = row if self.row_node is None else self.row_node[row]
        for name in _ANNOTATIONS:
            value = _misc_value(misc, name) if name in misc else None
            if value is None:
                continue
            if node < 0:
                raise self.error(line, f"{name} on a multiword token's line: it belongs on the token's words")
            if name == "Entity=":
                self.entity(value, node, line)
            else:
                self.links(name[:-1], value, line)

    def entity(self, value: str, node: int, line: int) -> None:
        if self.fields is None:
            raise self.error(line, "Entity= without a '# global.Entity' header before it in the file")
        chunks = _CHUNK_RE.findall(value)
        if not chunks or sum(map(len, chunks)) != len(value):
            raise self.error(line, f"malformed Entity={value} (expected brackets like '(e1-person', 'e1)', '(e2-place)')")
        for chunk in chunks:
            if chunk[0] == "(":
                closing = chunk[-1] == ")"
                self.opening(chunk[1 : len(chunk) - closing], closing, node, line)
            else:
                self.closing(chunk[:-1], node, line)

    def opening(self, body: str, closing: bool, node: int, line: int) -> None:
        assert self.fields is not None
        eid_at, etype_at, head_at = self.fields
        values = body.split("-", self.split)
        eid = values[eid_at] if eid_at < len(values) else ""
        k = total = None
        if eid.endswith("]"):
            match = _SUBSPAN_RE.match(eid)
            if match is None:
                raise self.error(line, f"malformed entity id {eid!r} in Entity bracket '({body}' (a subspan is like 'e1[1/2]')")
            eid, k, total = match.group(1), int(match.group(2)), int(match.group(3))
            if k > total:
                raise self.error(line, f"subspan {k}/{total} of entity {eid!r}: {k} is more than {total}")
        head = None
        if head_at is not None and head_at < len(values) and values[head_at]:
            text = values[head_at]
            if not text.isdigit() or int(text) < 1:
                raise self.error(line, f"head {text!r} of a mention of entity {eid!r} is not a word number (1, 2, ...)")
            head = int(text)
        doc = self.doc
        assert doc is not None
        cluster = doc.clusters.get(eid)
        if cluster is None:
            if not eid or _FORBIDDEN_IN_ID.intersection(eid):
                raise self.error(
                    line, f"malformed entity id {eid!r} in Entity bracket '({body}' (field {eid_at + 1} of global.Entity)"
                )
            cluster = doc.clusters[eid] = len(doc.clusters) + 1
        if etype_at is not None and etype_at < len(values) and values[etype_at] and cluster not in doc.etypes:
            doc.etypes[cluster] = values[etype_at]
        link_at = self.link_at
        link = (values[link_at] or None) if link_at is not None and link_at < len(values) else None
        if k is None:  # a continuous mention: no object, a tuple on the stack (the hot path)
            if closing:
                self.span_mention(cluster, node, node, head, eid, line, line, link)
            else:
                self.open.append((eid, node, cluster, head, line, None, link))
            return
        if k == 1:
            mention = _Mention(cluster, [[node, None]], line, eid, total, link)  # type: ignore[arg-type]
            self.pending.setdefault(eid, []).append(mention)
        else:
            opened = [entry[5][0] for entry in self.open if entry[0] == eid and entry[5] is not None]
            mention = next((m for m in self.pending.get(eid, ()) if m not in opened), None)  # as udapi picks it
            if mention is None:
                raise self.error(line, f"subspan {k}/{total} of entity {eid!r} with no subspan 1 before it in its sentence")
            if len(mention.ranges) + 1 != k or mention.subspans != total:
                raise self.error(
                    line,
                    f"subspan {k}/{total} of entity {eid!r} out of order: expected"
                    f" {len(mention.ranges) + 1}/{mention.subspans} (opened at line {mention.line})",
                )
            mention.ranges.append([node, None])
        if closing:
            mention.ranges[-1][1] = node
            if k == total:
                self.discontinuous(mention, head, line)
        else:
            self.open.append((eid, node, cluster, head, line, (mention, k, total), link))

    def closing(self, body: str, node: int, line: int) -> None:
        eid, k, total = body, None, None
        if body.endswith("]"):
            match = _SUBSPAN_RE.match(body)
            if match is not None:
                eid, k, total = match.group(1), int(match.group(2)), int(match.group(3))
        stack = self.open
        at = len(stack) - 1
        while at >= 0 and stack[at][0] != eid:
            at -= 1
        if at < 0:
            if not eid or _FORBIDDEN_IN_ID.intersection(eid):
                raise self.error(line, f"malformed closing Entity bracket '{body})' (expected 'EID)')")
            raise self.error(line, f"Entity bracket '{body})' closes a mention of entity {eid!r} never opened in its sentence")
        _, start, cluster, head, opened_at, subspan, link = stack.pop(at)
        if (subspan[1:] if subspan else (None, None)) != (k, total):
            opened = f"{eid}[{subspan[1]}/{subspan[2]}]" if subspan else eid
            raise self.error(line, f"Entity bracket '{body})' closes the mention opened as '({opened}' at line {opened_at}")
        if subspan is None:
            self.span_mention(cluster, start, node, head, eid, opened_at, line, link)
            return
        mention = subspan[0]
        mention.ranges[-1][1] = node
        if k == total:
            self.discontinuous(mention, head, line)

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

    def links(self, name: str, value: str, line: int) -> None:
        """Rule 6: `Bridge=` and `SplitAnte=` links, counted; their entities checked when the document ends."""
        doc = self.doc
        assert doc is not None
        for link in value.split(","):
            target, sep, source = link.partition("<")
            if name == "Bridge":
                source = source.partition(":")[0]
            if not sep or not target or not source or "<" in source or ":" in source:
                expected = "'A<B' or 'A<B:relation'" if name == "Bridge" else "'A<B'"
                raise self.error(line, f"malformed {name} link {link!r} in {name}={value} (expected {expected})")
            if target == source:
                raise self.error(line, f"{name} link {link!r} relates entity {target!r} to itself")
            doc.references.append((target, line, name))
            doc.references.append((source, line, name))
            if name == "Bridge":
                doc.bridging += 1
            else:
                doc.split.add((target, source))
