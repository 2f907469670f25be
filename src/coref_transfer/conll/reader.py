"""Reader for CoNLL-2012 `*_gold_conll` files (OntoNotes 5.0).

The format, as this reader enforces it:

1. The file is UTF-8 and not empty.
2. A document part opens with `#begin document (ID); part NNN` and closes with
   `#end document`. Parts do not nest; every opened part is closed.
3. Inside a part, sentences are blocks of token lines separated by blank lines.
   A token line outside a part is an error.
4. A token line has at least 12 whitespace-separated columns, and every token
   of a sentence has the same number: document id, part number, word index,
   word, POS, parse bit, predicate lemma, frameset, word sense, speaker, named
   entity, zero or more predicate-argument columns, coreference.
5. Column 1 equals the header's document id, column 2 its part number; the
   word index is an integer counting 0, 1, 2, ... within the sentence.
6. Parse bits (`(TOP(S(NP*`, `*)`, `*`) concatenate, with `*` replaced by the
   token's `(POS word)`, into one balanced tree per sentence; a sentence whose
   bits are all `-` has no tree.
7. Named entities: `(TYPE*` opens, `*)` closes, `(TYPE*)` / `(TYPE)` is one
   token, `*` nothing; entities do not nest and do not cross sentences.
8. Coreference: `-` or `|`-separated pieces `(N` (open chain N), `N)` (close
   the most recent open mention of chain N), `(N)` (one-token mention). Every
   mention closes within its sentence.

Errors raise `InputFormatError` naming the file, the line and the problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.io import decode_input, expand_paths
from coref_transfer.model import Mention, NamedEntity, Part, Span, Utterance

MIN_COLUMNS = 12
CONLL_GLOB = "*gold_conll"

_HEADER_RE = re.compile(r"^#begin document \((.+)\); part (\d+)\s*$")
_BIT_RE = re.compile(r"^(?:\([^()*\s]+)*\*\)*$")
_BITS_RE = re.compile(r"(?:\([^()*\s]+)*\*\)*(?: (?:\([^()*\s]+)*\*\)*)*\Z")
_NE_OPEN_RE = re.compile(r"^\(([^()*\s]+)(\*)?(\))?$")


@lru_cache(maxsize=512)
def _indexes(n: int) -> tuple[str, ...]:
    """("0", "1", ..., str(n - 1)): the word indexes a sentence of n tokens must have."""
    return tuple(map(str, range(n)))


def find_conll_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand files and folders into a sorted list of `*gold_conll` files.

    A folder is searched recursively, so both a plain folder of files and the
    OntoNotes release layout (`{split}/data/english/annotations/...`) work.

    Raises:
        MissingInputError: a path does not exist, or a folder holds no file.
    """
    return expand_paths(paths, (CONLL_GLOB,))


def read_conll(path: str | Path) -> list[Part]:
    """Read every document part of one CoNLL-2012 file.

    Raises:
        InputFormatError: the file breaks one of the module's rules.
    """
    return list(_Reader(Path(path)).parts())


def iter_conll(paths: Iterable[str | Path]) -> Iterator[Part]:
    """Read the parts of several files in order (see `find_conll_files`)."""
    for path in find_conll_files(paths):
        yield from read_conll(path)


class _Reader:
    """One pass over one file; keeps the state needed for precise errors."""

    def __init__(self, path: Path):
        self.path = path
        self.doc_id: str | None = None
        self.part_no = 0
        self.part_line = 0
        self.part_text = ""
        self.utterances: list[Utterance] = []
        self.rows: list[list[str]] = []
        self.seen: dict[tuple[str, int], int] = {}

    def error(self, line: int | None, problem: str) -> InputFormatError:
        return InputFormatError(self.path, line, problem)

    def parts(self) -> Iterator[Part]:
        text = decode_input(self.path)
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        lineno = 0
        rows = self.rows
        # The token lines of a sentence are consecutive, so only the first
        # one's number is kept (`first`); the loop body is the reader's hot path.
        first = 0
        for lineno, line in enumerate(text.split("\n"), start=1):
            if not line or line.isspace():
                if rows:
                    self.end_sentence(first)
                    rows = self.rows
                continue
            if line[0] == "#":
                if rows:
                    self.end_sentence(first)
                    rows = self.rows
                if line.startswith("#begin document"):
                    self.begin(line, lineno)
                elif line.startswith("#end document"):
                    yield self.end(lineno)
                else:
                    raise self.error(lineno, f"unexpected line {line[:60]!r} (not a header, not a token line)")
                continue
            if not rows:
                if self.doc_id is None:
                    raise self.error(lineno, "a token line outside a document (no '#begin document' before it)")
                first = lineno
            rows.append(line.split())
        if rows:
            self.end_sentence(first)
        if self.doc_id is not None:
            raise self.error(
                lineno,
                f"missing '#end document' for ({self.doc_id}); part {self.part_no:03d} opened at line {self.part_line}",
            )

    def begin(self, line: str, lineno: int) -> None:
        if self.doc_id is not None:
            raise self.error(
                lineno,
                f"missing '#end document' for ({self.doc_id}); part {self.part_no:03d}"
                f" opened at line {self.part_line} before a new '#begin document'",
            )
        match = _HEADER_RE.match(line)
        if match is None:
            raise self.error(lineno, f"malformed header {line!r} (expected '#begin document (ID); part NNN')")
        self.doc_id, self.part_no = match.group(1), int(match.group(2))
        key = (self.doc_id, self.part_no)
        if key in self.seen:
            raise self.error(
                lineno, f"document ({self.doc_id}) part {self.part_no} already began at line {self.seen[key]}"
            )
        self.seen[key] = lineno
        self.part_line = lineno
        self.part_text = match.group(2)
        self.utterances = []

    def end(self, lineno: int) -> Part:
        if self.doc_id is None:
            raise self.error(lineno, "'#end document' without a '#begin document'")
        if not self.utterances:
            raise self.error(lineno, f"document ({self.doc_id}) part {self.part_no} has no sentences")
        part = Part(self.doc_id, self.part_no, self.utterances, str(self.path), self.part_line)
        self.doc_id = None
        return part

    def end_sentence(self, first: int) -> None:
        rows = self.rows
        self.rows = []
        lines = range(first, first + len(rows))
        n, ncols = len(rows), len(rows[0])
        if ncols < MIN_COLUMNS:
            raise self.error(lines[0], f"wrong column count: {ncols} columns, at least {MIN_COLUMNS} expected")
        # Column-wise checks (zip and tuple comparisons run in C); a failing
        # check falls back to a row-by-row scan that names the line.
        if any(len(row) != ncols for row in rows):
            i = next(i for i, row in enumerate(rows) if len(row) != ncols)
            raise self.error(
                lines[i],
                f"wrong column count: {len(rows[i])} columns, but the sentence's first token (line {lines[0]}) has {ncols}",
            )
        cols = list(zip(*rows))
        doc_id = self.doc_id
        if cols[0].count(doc_id) != n:
            i = next(i for i, value in enumerate(cols[0]) if value != doc_id)
            raise self.error(lines[i], f"document id {cols[0][i]!r} differs from the header's ({doc_id})")
        if cols[1].count(self.part_text) != n:
            for value, lineno in zip(cols[1], lines):
                if value != self.part_text and not (value.isdigit() and int(value) == self.part_no):
                    raise self.error(lineno, f"part number {value!r} differs from the header's ({self.part_no})")
        if cols[2] != _indexes(n):
            for i, (index, lineno) in enumerate(zip(cols[2], lines)):
                if not index.isdigit():
                    raise self.error(lineno, f"word index {index!r} is not an integer")
                if int(index) != i:
                    raise self.error(lineno, f"word index {index} out of order: expected {i}")
        bits = list(cols[5])
        self.check_parse(bits, lines)
        entities = self.named_entities(cols[10], lines)
        mentions = self.mentions(cols[-1], lines)
        self.utterances.append(
            Utterance(
                doc_id=doc_id,  # type: ignore[arg-type]
                part=self.part_no,
                index=len(self.utterances),
                tokens=list(cols[3]),
                pos=list(cols[4]),
                parse_bits=bits,
                lemmas=list(cols[6]),
                framesets=list(cols[7]),
                senses=list(cols[8]),
                speakers=list(cols[9]),
                entities=entities,
                mentions=mentions,
                arguments=[list(c) for c in cols[11:-1]],
                path=str(self.path),
                line=lines[0],
            )
        )

    def check_parse(self, bits: list[str], lines: Sequence[int]) -> None:
        """Validate the bracketing without building the tree (rule 6)."""
        if bits[0] == "-":
            for bit, lineno in zip(bits, lines):
                if bit != "-":
                    raise self.error(lineno, f"parse bit {bit!r} in a sentence whose first token has no parse ('-')")
            return
        # Fast path: one regular-expression pass over the space-joined bits and
        # running depths; any failure re-checks token by token for the message.
        if _BITS_RE.match(" ".join(bits)) is not None:
            depths = list(accumulate([b.count("(") - b.count(")") for b in bits]))
            if depths[-1] == 0 and bits[0][0] == "(" and (len(depths) == 1 or min(depths[:-1]) > 0):
                return
        depth = 0
        for i, (bit, lineno) in enumerate(zip(bits, lines)):
            if bit != "*":
                if _BIT_RE.match(bit) is None:
                    raise self.error(lineno, f"malformed parse bit {bit!r} (expected like '(NP*' or '*))')")
                star = bit.index("*")
                opens = bit.count("(")
                if opens and depth == 0 and i > 0:
                    raise self.error(lineno, f"unbalanced parse brackets: {bit!r} opens a second tree in the sentence")
                depth += opens
                if depth == 0:
                    raise self.error(lineno, f"unbalanced parse brackets: token outside any constituent ({bit!r})")
                depth -= len(bit) - star - 1
                if depth < 0:
                    raise self.error(lineno, f"unbalanced parse brackets: {bit!r} closes a constituent never opened")
            elif depth == 0:
                raise self.error(lineno, "unbalanced parse brackets: token outside any constituent ('*')")
            if depth == 0 and i < len(bits) - 1:
                nxt = bits[i + 1]
                if not nxt.startswith("("):
                    raise self.error(
                        lines[i + 1], f"unbalanced parse brackets: the tree closed before this token ({nxt!r})"
                    )
        if depth:
            raise self.error(
                lines[-1], f"unbalanced parse brackets: {depth} constituent(s) still open at the end of the sentence"
            )

    def named_entities(self, column: Sequence[str], lines: Sequence[int]) -> list[NamedEntity]:
        """Rule 7: named-entity brackets."""
        out: list[NamedEntity] = []
        if column.count("*") == len(column):
            return out
        open_label: str | None = None
        open_start = open_line = 0
        for i, (cell, lineno) in enumerate(zip(column, lines)):
            if cell == "*":
                continue
            if cell == "*)":
                if open_label is None:
                    raise self.error(lineno, "unbalanced named-entity brackets: '*)' closes an entity never opened")
                out.append(NamedEntity(open_label, Span(open_start, i)))
                open_label = None
                continue
            match = _NE_OPEN_RE.match(cell)
            if match is None:
                raise self.error(
                    lineno, f"malformed named-entity cell {cell!r} (expected '(TYPE*', '*)', '(TYPE)' or '*')"
                )
            if open_label is not None:
                raise self.error(
                    lineno,
                    f"unbalanced named-entity brackets: {cell!r} opens an entity while"
                    f" {open_label} (line {open_line}) is still open",
                )
            if match.group(3):
                out.append(NamedEntity(match.group(1), Span(i, i)))
            else:
                if not match.group(2):
                    raise self.error(lineno, f"malformed named-entity cell {cell!r} (expected '(TYPE*')")
                open_label, open_start, open_line = match.group(1), i, lineno
        if open_label is not None:
            raise self.error(
                open_line, f"unbalanced named-entity brackets: {open_label} opened here is never closed in its sentence"
            )
        return out

    def mentions(self, column: Sequence[str], lines: Sequence[int]) -> list[Mention]:
        """Rule 8: coreference brackets, in order of their closing bracket."""
        out: list[Mention] = []
        if column.count("-") == len(column):
            return out
        stacks: dict[int, list[tuple[int, int]]] = {}
        for i, (cell, lineno) in enumerate(zip(column, lines)):
            if cell == "-":
                continue
            for piece in cell.split("|"):
                opens = piece.startswith("(")
                closes = piece.endswith(")")
                number = piece[1 if opens else 0 : len(piece) - 1 if closes else len(piece)]
                if not number.isdigit() or not (opens or closes):
                    raise self.error(
                        lineno, f"malformed coreference piece {piece!r} in {cell!r} (expected '(N', 'N)' or '(N)')"
                    )
                chain = int(number)
                if opens and closes:
                    out.append(Mention(chain, Span(i, i)))
                elif opens:
                    stacks.setdefault(chain, []).append((i, lineno))
                else:
                    stack = stacks.get(chain)
                    if not stack:
                        raise self.error(
                            lineno, f"coreference chain {chain} closed here but never opened in this sentence"
                        )
                    start, _ = stack.pop()
                    out.append(Mention(chain, Span(start, i)))
        for chain, stack in stacks.items():
            if stack:
                raise self.error(stack[0][1], f"coreference chain {chain} opened here is never closed in its sentence")
        return out
