"""CoNLL-U with CorefUD's coreference, line by line: the format `corefud.reader` reads, and its Entity brackets.

`Parser` makes one pass over a file's lines: comments (`# newdoc`, `# speaker`, `# global.Entity`),
sentences as blocks of token lines, their IDs (words, multiword tokens, empty nodes), the dependency tree,
and the `Entity=`, `Bridge=` and `SplitAnte=` annotations of MISC, every rule checked with the file and
the line at hand. What these become in the project's terms (`model.Part`, `Utterance`, `Mention`, chain
numbers, names, links) is `corefud.reader`'s part: its `_Reader` is a `Parser` that fills in the
documents, the sentences and the mentions (`start_document`, `end_document`, `utterance`,
`span_mention`, `discontinuous`), and its docstring says what a file becomes.

The format, as the reader (`Parser`) enforces it (each error names the file and the line):

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.io import decode_input
from coref_transfer.model import Mention, Part, UnplacedMention, Utterance

COLUMNS = 10

_NEWDOC_RE = re.compile(r"^# newdoc(?:\s+id\s*=\s*(.*?))?\s*$")
_SPEAKER_RE = re.compile(r"^# speaker\s*=\s*(.*?)\s*$")
_GLOBAL_ENTITY_RE = re.compile(r"^# global\.Entity\s*=\s*(\S*)\s*$")
_CHUNK_RE = re.compile(r"\([^()]+\)?|[^()]+\)")
_SUBSPAN_RE = re.compile(r"^(.+)\[([1-9]\d*)/([1-9]\d*)\]$")
_FORBIDDEN_IN_ID = set("-=| \t()[]<>,:")
_ANNOTATIONS = ("Entity=", "Bridge=", "SplitAnte=")
_COMMENTS = ("# newdoc", "# speaker", "# global.Entity")
LINK_FIELD = "link"
"""The one `# global.Entity` field name read as a mention's link type (`corefud.reader`'s docstring, "Links")."""


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


class Parser:
    """One pass over one file's lines and Entity brackets; keeps the state needed for precise errors.

    The documents, sentences and mentions it reads go to methods of `corefud.reader._Reader`, the
    subclass that builds the `Part`s: `start_document`, `end_document`, `utterance`, `span_mention`
    and `discontinuous`.
    """

    def __init__(self, path: Path):
        self.path = path
        self.out: list[Part] = []
        self.doc: _Document | None = None
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
                raise self.error(
                    lineno, f"a second '# newdoc' before any sentence of the document at line {self.newdoc[1]}"
                )
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

    # ---- sentences ------------------------------------------------------

    def sentence(self, rows: list[list[str]], first: int, block: int) -> None:
        """Rules 2-5 for one sentence: its words' columns, tree and mentions, then `utterance`."""
        if self.doc is None or self.newdoc is not None:
            self.start_document(block)
        n_rows = len(rows)
        if len(rows[0]) != COLUMNS or len(set(map(len, rows))) > 1:
            i = next(i for i, row in enumerate(rows) if len(row) != COLUMNS)
            raise self.error(first + i, f"wrong column count: {len(rows[i])} tab-separated columns, {COLUMNS} expected")
        cols = list(zip(*rows))
        if cols[0] == _ids(n_rows):
            words = cols  # words only: rows, nodes and words are one
        else:
            words = self.structure(rows, cols[0], first)
        heads = self.tree(words[6], first)
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
        self.utterance(words, heads, speaker, first)

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
                    raise self.error(
                        line, f"empty node {raw} out of order: it must follow word {word}, as {word}.{empty + 1}"
                    )
                if sub != str(empty + 1):
                    raise self.error(line, f"empty node {raw} out of order: expected {word}.{empty + 1}")
                empty += 1
                row_node.append(len(node_word))
                node_word.append(-1)
                continue
            raise self.error(
                line, f"malformed ID {raw!r} (expected a word '3', a multiword token '3-4' or an empty node '3.1')"
            )
        if not word:
            raise self.error(first, "a sentence without words")
        for i, start, end in ranges:
            if end > word:
                raise self.error(
                    first + i, f"multiword token {start}-{end} ends after the sentence's last word ({word})"
                )
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
            raise self.error(
                line, f"malformed Entity={value} (expected brackets like '(e1-person', 'e1)', '(e2-place)')"
            )
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
                raise self.error(
                    line, f"malformed entity id {eid!r} in Entity bracket '({body}' (a subspan is like 'e1[1/2]')"
                )
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
                    line,
                    f"malformed entity id {eid!r} in Entity bracket '({body}' (field {eid_at + 1} of global.Entity)",
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
                raise self.error(
                    line, f"subspan {k}/{total} of entity {eid!r} with no subspan 1 before it in its sentence"
                )
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
            raise self.error(
                line, f"Entity bracket '{body})' closes a mention of entity {eid!r} never opened in its sentence"
            )
        _, start, cluster, head, opened_at, subspan, link = stack.pop(at)
        if (subspan[1:] if subspan else (None, None)) != (k, total):
            opened = f"{eid}[{subspan[1]}/{subspan[2]}]" if subspan else eid
            raise self.error(
                line, f"Entity bracket '{body})' closes the mention opened as '({opened}' at line {opened_at}"
            )
        if subspan is None:
            self.span_mention(cluster, start, node, head, eid, opened_at, line, link)
            return
        mention = subspan[0]
        mention.ranges[-1][1] = node
        if k == total:
            self.discontinuous(mention, head, line)

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
