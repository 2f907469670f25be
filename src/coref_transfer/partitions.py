"""Partitions: the workflow's units of work (shards of input files).

Each input file belongs to one partition, named by joining the values of the
configured fields (`split`, `genre`, `source`) with '-', e.g.
`train-nw-ledger`. In the OntoNotes release layout
(`{split}/data/english/annotations/{genre}/{source}/...`) the values come from
the path; elsewhere genre and source come from the document id of the file's
first header (`bc/cctv/00/cctv_0001`) and the split from a path folder named
train, development, dev or test (else `all`). A CorefUD file's document id
is its first `# newdoc id`, and a `# meta::genre` comment before its first
word gives the genre (GUM's `GUM_bio_hadid` has genre `bio`, source
`unknown`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.inputs import file_format, find_input_files
from coref_transfer.splits import NO_SPLIT, SPLIT_NAMES

FIELDS = ("split", "genre", "source")
_SAFE_RE = re.compile(r"[^A-Za-z0-9_.]+")
_HEADER_RE = re.compile(r"^#begin document \((.+)\); part \d+")
_GENRE_RE = re.compile(r"^# meta::genre = (.+)$")


def path_fields(path: Path, fmt: str = "auto") -> dict[str, str]:
    """The split, genre and source of one input file (of format `fmt`, `inputs.FORMATS`)."""
    parts = path.parts
    for i in range(len(parts) - 4):
        if parts[i + 1 : i + 4] == ("data", "english", "annotations") and i + 5 < len(parts):
            return {"split": parts[i], "genre": parts[i + 4], "source": parts[i + 5]}
    split = next((SPLIT_NAMES[p] for p in reversed(parts[:-1]) if p in SPLIT_NAMES), NO_SPLIT)
    if file_format(path, fmt) == "corefud":
        genre, source = _corefud_genre(path), "unknown"
    else:
        pieces = _first_doc_id(path).split("/")
        genre, source = (pieces[0], pieces[1]) if len(pieces) >= 3 else ("unknown", "unknown")
    return {"split": split, "genre": genre, "source": source}


def _first_doc_id(path: Path) -> str:
    with open(path, encoding="utf-8", errors="replace") as handle:
        for lineno, line in enumerate(handle, start=1):
            match = _HEADER_RE.match(line)
            if match:
                return match.group(1)
            if line.strip():
                raise InputFormatError(path, lineno, "expected '#begin document (ID); part NNN' as the first line")
    raise InputFormatError(path, None, "the file is empty")


def _corefud_genre(path: Path) -> str:
    """A `# meta::genre = G` comment before the file's first word line, else `unknown`."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = _GENRE_RE.match(line)
            if match:
                return match.group(1).strip()
            if line[:1].isdigit():
                break
    return "unknown"


def partition_name(fields: dict[str, str], by: Sequence[str]) -> str:
    if not by:
        return "all"
    return "-".join(_SAFE_RE.sub("_", fields[f]) for f in by)


def discover(paths: Iterable[str | Path], by: Sequence[str], fmt: str = "auto") -> dict[str, list[Path]]:
    """Map partition name -> its sorted input files (of format `fmt`), partitions sorted by name."""
    out: dict[str, list[Path]] = {}
    for path in find_input_files(paths, fmt):
        out.setdefault(partition_name(path_fields(path, fmt), by), []).append(path)
    return {name: sorted(out[name]) for name in sorted(out)}
