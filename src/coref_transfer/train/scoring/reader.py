"""Reading coreference key and response files for the scorer.

Why not `coref_transfer.conll.reader`: that one validates full OntoNotes
CoNLL-2012 files strictly; this one reads files of any column count (two-column
`token coref` included) leniently, and reproduces the reference scorer's
reading order and its handling of repeated mentions, so that `metrics` gives
the reference's numbers.

The span convention: a mention is a `coref_transfer.model.DocSpan`
`(start, end)`, DOCUMENT-level 0-based token positions with `end` INCLUSIVE
(the reference's line numbers inside a document; blank lines do not count).
Unlike `coref_transfer.model.Span` it is not relative to a sentence: the
scorer compares whole documents.

The file format the reader accepts (lenient: any number of columns):

1. UTF-8 text. A document opens with `#begin document (ID); part NNN` (the part
   may be missing, as in `#begin document (ID); `) and closes with
   `#end document`. Its key is `"ID NNN"` (part as 3 digits) or `"ID"`.
2. Inside a document every non-blank line is a token (blank lines are sentence
   breaks and are not counted); outside documents only blank and `#` lines are
   allowed. A document id may appear once per file.
3. The coreference column is the LAST whitespace-separated column, so two-column
   files (`token coref`) and full CoNLL-2012 files both work; a token line has
   at least two columns.
4. The coreference column is `-`, `_`, or pieces `(N)` (one-token mention),
   `(N` (opens a mention of entity N), `N)` (closes the most recent open mention
   of entity N), written with or without `|` between them (`(1)(2` = `(1)|(2`).
   `(N+M)` pieces (the reference's "double antecedents") are ignored.
5. As in the reference, on one line all `(N)` are read first, then all `(N`,
   then all `N)`, each from left to right; this fixes the order of entities
   (first appearance) and so which copy of a repeated mention is kept (see
   `metrics`).
6. Every `N)` has an open `(N` and every `(N` is closed before `#end document`;
   otherwise `InputFormatError` names the file and line.

Where we differ, on input the reference mishandles: `(1(2)3)` is read as `(1`,
`(2)`, `3)` (the reference's regular expressions remove `(2)` and then see
`(13)`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.model import DocSpan

_BEGIN_RE = re.compile(r"#\s*begin document\s*(.*?)\s*$")
_END_RE = re.compile(r"#\s*end document")
_NAME_RE = re.compile(r"\((.*)\);?\s*(?:part\s+(\d+))?")
_COLUMN_RE = re.compile(r"(?:\(\d+\)|\(\d+\+\d+\)|\(\d+|\d+\)|\|)+")
_PIECE_RE = re.compile(r"\((\d+)\)|\(\d+\+\d+\)|\((\d+)|(\d+)\)")


@dataclass
class Document:
    """One document (part) of a key or response file.

    Attributes:
        key: `"ID NNN"` (or `"ID"` when the header has no part).
        clusters: entities in the reference's order, each a list of `DocSpan`.
        n_tokens: number of token lines.
        path: the file it was read from (`"<memory>"` if built in code).
        line: 1-based line of its `#begin document`.
    """

    key: str
    clusters: list[list[DocSpan]] = field(default_factory=list)
    n_tokens: int = 0
    path: str = "<memory>"
    line: int | None = None


def _document_key(header: str) -> str:
    """`(ID); part 000` -> `ID 000`; `(ID); ` -> `ID`; anything else is kept as written."""
    m = _NAME_RE.fullmatch(header)
    if not m:
        return header
    doc_id, part = m.groups()
    return doc_id if part is None else f"{doc_id} {int(part):03d}"


def read_clusters(path: str | Path) -> dict[str, Document]:
    """Read a key or response file (format rules in the module docstring).

    Args:
        path: a CoNLL-2012 file, full or two-column.

    Returns:
        Documents by key (`"ID NNN"`), in file order.

    Raises:
        InputFormatError: unreadable file, no document, a token line outside a
            document, a bad coreference column, unbalanced brackets, an unclosed
            or repeated document.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputFormatError(path, None, f"cannot read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc

    docs: dict[str, Document] = {}
    doc: Document | None = None
    entities: dict[str, list[DocSpan]] = {}
    open_at: dict[str, list[tuple[int, int]]] = {}  # entity -> stack of (start token, line)
    token = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] == "#":
            begin = _BEGIN_RE.match(stripped)
            if begin:
                if doc is not None:
                    raise InputFormatError(
                        path,
                        lineno,
                        f"'#begin document' inside document '{doc.key}' (opened at line {doc.line}); "
                        "close it with '#end document' first",
                    )
                doc = Document(_document_key(begin.group(1)), path=str(path), line=lineno)
                if doc.key in docs:
                    raise InputFormatError(
                        path,
                        lineno,
                        f"document '{doc.key}' appears twice (first at line {docs[doc.key].line}); "
                        "each document part may appear once per file",
                    )
                entities, open_at, token = {}, {}, 0
                continue
            if _END_RE.match(stripped):
                if doc is None:
                    raise InputFormatError(path, lineno, "'#end document' without '#begin document'")
                unclosed = [(ln, e) for e, stack in open_at.items() for _, ln in stack]
                if unclosed:
                    ln, e = min(unclosed)
                    raise InputFormatError(
                        path,
                        ln,
                        f"unbalanced brackets: the mention of entity {e} opened here ('({e}') is not "
                        f"closed ('{e})') before '#end document' (line {lineno}) of document '{doc.key}'",
                    )
                doc.clusters = list(entities.values())
                doc.n_tokens = token
                docs[doc.key] = doc
                doc = None
                continue
            if doc is None:
                continue  # a comment between documents
        if doc is None:
            raise InputFormatError(
                path, lineno, "token line outside a document; expected '#begin document (ID); part NNN' before it"
            )
        columns = stripped.rsplit(None, 1)  # only the last column matters
        if len(columns) < 2:
            raise InputFormatError(
                path,
                lineno,
                f"token line with one column ({stripped!r}) in document "
                f"'{doc.key}'; expected at least a token and a coreference column",
            )
        coref = columns[-1]
        if coref != "-" and coref != "_":
            if not _COLUMN_RE.fullmatch(coref):
                raise InputFormatError(
                    path,
                    lineno,
                    f"coreference column (the last) is {coref!r}; expected '-' or pieces like "
                    "'(N', 'N)', '(N)', optionally separated by '|'",
                )
            singles, opens, closes = [], [], []
            for single, start, end in _PIECE_RE.findall(coref):
                if single:
                    singles.append(single)
                elif start:
                    opens.append(start)
                elif end:
                    closes.append(end)
            for e in singles:
                entities.setdefault(e, []).append((token, token))
            for e in opens:
                entities.setdefault(e, [])
                open_at.setdefault(e, []).append((token, lineno))
            for e in closes:
                stack = open_at.get(e)
                if not stack:
                    raise InputFormatError(
                        path,
                        lineno,
                        f"unbalanced brackets: '{e})' closes a mention of entity {e} that is not open "
                        f"in document '{doc.key}'; expected a '({e}' on this or an earlier line",
                    )
                start_token, _ = stack.pop()
                entities[e].append((start_token, token))
        token += 1
    if doc is not None:
        raise InputFormatError(path, doc.line, f"document '{doc.key}' is not closed: '#end document' is missing")
    if not docs:
        raise InputFormatError(path, None, "no document: expected '#begin document (ID); part NNN' lines")
    return docs
