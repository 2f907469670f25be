"""Reading Universal Dependencies CoNLL-U files: their lines, words and sentence blocks.

Shared by the parser's training data (`parsing.ud`), the noun lexicon built from the treebanks
(`lang.it.nouns`) and the harm measurements on gold text (`refine.harm`, `translate.determiners_eval`):
a module below all of them, so that `lang` need not import `parsing` to read a treebank (issue 39).
udapi reads CoNLL-U too, into a document tree; these are the line-level views the callers need, with
errors that name the file and the line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.io import read_text


def conllu_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """(line number, line) of every non-blank line of a CoNLL-U file, token lines checked.

    A blank line is yielded as ``(n, "")`` (it ends a sentence). Token lines
    need 10 tab-separated columns and an ID that is an integer, a range
    (``1-2``, a multi-word token) or an empty node (``1.1``).

    Raises:
        MissingInputError: no such file.
        InputFormatError: invalid UTF-8 or a malformed token line (file and line named).
    """
    text = read_text(path, "CoNLL-U file not found")
    for lineno, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line.strip():
            yield lineno, ""
            continue
        if not line.startswith("#"):
            cols = line.split("\t")
            if len(cols) != 10:
                raise InputFormatError(
                    path, lineno, f"a CoNLL-U token line needs 10 tab-separated columns, found {len(cols)}"
                )
            if not cols[0].isdigit() and not _is_range_or_empty(cols[0]):
                raise InputFormatError(
                    path, lineno, f"bad token ID {cols[0]!r} (an integer, a range 1-2 or an empty node 1.1)"
                )
        yield lineno, line


def word_columns(path: str | Path) -> Iterator[tuple[int, list[str]]]:
    """(line number, columns) of the syntactic words of a CoNLL-U file (no ranges, no empty nodes)."""
    for lineno, line in conllu_lines(path):
        if line and not line.startswith("#"):
            cols = line.split("\t")
            if cols[0].isdigit():
                yield lineno, cols


def _is_range_or_empty(token_id: str) -> bool:
    for sep in ("-", "."):
        left, found, right = token_id.partition(sep)
        if found and left.isdigit() and right.isdigit():
            return True
    return False


def sentence_blocks(path: str | Path) -> list[tuple[int, list[str]]]:
    """The sentence blocks of a CoNLL-U file: (line number of its first line, its lines)."""
    blocks: list[tuple[int, list[str]]] = []
    start, current = 0, []
    for lineno, line in conllu_lines(path):
        if not line:
            if current:
                blocks.append((start, current))
                current = []
            continue
        if not current:
            start = lineno
        current.append(line)
    if current:
        blocks.append((start, current))
    return blocks


def read_sentences(path: Path) -> list[list[str]]:
    """The sentence blocks of a CoNLL-U file, as lists of lines."""
    return [block for _, block in sentence_blocks(path)]


def sentence_id(block: Sequence[str]) -> str | None:
    """The block's `# sent_id = ...`, or None."""
    for line in block:
        if line.startswith("#"):
            key, found, value = line[1:].partition("=")
            if found and key.strip() == "sent_id":
                return value.strip()
    return None


def surface_tokens(block: Sequence[str]) -> list[str]:
    """The surface tokens of a sentence block: a multi-word token's form instead of its words.

    This is how spaCy's Italian tokenizer (and so stage γ) splits text:
    "della" stays one token. Empty nodes (``1.1``) are not tokens.
    """
    tokens: list[str] = []
    skip_to = 0
    for line in block:
        if line.startswith("#"):
            continue
        token_id, form = line.split("\t")[:2]
        if "-" in token_id:
            tokens.append(form)
            skip_to = int(token_id.split("-")[1])
        elif "." in token_id or int(token_id) <= skip_to:
            continue
        else:
            tokens.append(form)
    return tokens
