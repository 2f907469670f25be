"""The `memory` backend: recorded translations from a TSV file.

Format, one segment a line: `source<TAB>target` (UTF-8).

1. Every data line has exactly one tab; a source may start with anything,
   "#" included (a hashtag mention: "#BlackLivesMatter<TAB>…").
2. A comment is a line that starts with `#` and has **no tab**; blank lines
   are ignored too. (Before, every line starting with `#` was a comment, so a
   hashtag segment could never be recorded.)
3. Both sides are stripped of surrounding spaces; a source is looked up
   stripped too.
4. A source may appear twice only with the same target.
5. A segment that a line cannot hold (a tab or a line break inside it) is
   refused with an error that names it (`UnstorableSegmentError`), never
   written out to be asked for again forever.

A segment missing from the memory is an error that lists the misses;
`write_misses` exports them as `source<TAB>` lines for a person to fill in
and append.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path

from coref_transfer.errors import InputFormatError
from coref_transfer.io import atomic_write_text, read_text
from coref_transfer.translate.mt.base import Backend, TranslationError


class UnstorableSegmentError(TranslationError):
    """A segment with a tab or a line break: no memory line can hold it."""

    def __init__(self, segment: str):
        self.segment = segment
        super().__init__(
            f"segment {segment!r} holds a tab or a line break, which a translation memory line cannot hold; "
            "translate it with another backend (ctranslate2, plugin)"
        )

    def __reduce__(self):
        return (type(self), (self.segment,))


def check_storable(segment: str) -> str:
    """The segment as a memory stores it (stripped).

    Raises:
        UnstorableSegmentError: it holds a tab or a line break.
    """
    if any(ch in segment for ch in "\t\n\r"):
        raise UnstorableSegmentError(segment)
    return segment.strip()


class MemoryMissError(TranslationError):
    """Segments the translation memory does not hold."""

    def __init__(self, path: str | Path, missing: Sequence[str]):
        self.path = str(path)
        self.missing = list(missing)
        shown = "\n".join(f"  {s}" for s in self.missing[:10])
        more = f"\n  ... and {len(self.missing) - 10} more" if len(self.missing) > 10 else ""
        super().__init__(
            f"{path}: {len(self.missing)} segment(s) have no recorded translation:\n{shown}{more}\n"
            "Export them with --export-misses FILE, translate them, and append the lines to the memory."
        )

    def __reduce__(self):
        return (type(self), (self.path, self.missing))


def read_memory(path: str | Path) -> dict[str, str]:
    """Load a translation memory, checking every line.

    Raises:
        MissingInputError: the file does not exist.
        InputFormatError: a malformed line, an empty side, or a source recorded
            twice with different targets (naming both lines).
    """
    path = Path(path)
    text = read_text(path, "translation memory not found")
    table: dict[str, str] = {}
    where: dict[str, int] = {}
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip() or (line.startswith("#") and "\t" not in line):
            continue  # a comment has no tab; a source may start with "#"
        fields = line.split("\t")
        if len(fields) != 2:
            raise InputFormatError(path, lineno, f"expected 'source<TAB>target', found {len(fields) - 1} tab(s)")
        source, target = fields[0].strip(), fields[1].strip()
        if not source:
            raise InputFormatError(path, lineno, "empty source segment")
        if not target:
            raise InputFormatError(path, lineno, f"no translation for {source!r} (fill in the target after the tab)")
        if source in table and table[source] != target:
            raise InputFormatError(
                path,
                lineno,
                f"{source!r} was recorded at line {where[source]} as {table[source]!r}, here as {target!r}",
            )
        table[source] = target
        where.setdefault(source, lineno)
    return table


def write_misses(path: str | Path, segments: Iterable[str]) -> int:
    """Write missing segments as `source<TAB>` lines (sorted, unique); returns their number.

    Raises:
        UnstorableSegmentError: a segment no memory line can hold.
    """
    unique = sorted({check_storable(s) for s in segments})
    atomic_write_text(path, "".join(f"{s}\t\n" for s in unique))
    return len(unique)


class TranslationMemory(Backend):
    """Translations looked up in a memory file; a miss is an error."""

    name = "memory"
    cacheable = False

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.table = read_memory(self.path)
        self._fingerprint = "memory:" + hashlib.sha256(self.path.read_bytes()).hexdigest()

    @property
    def fingerprint(self) -> str:
        return self._fingerprint

    def missing(self, segments: Iterable[str]) -> list[str]:
        """The segments the memory does not hold, in first-seen order.

        Raises:
            UnstorableSegmentError: a segment no memory line can hold.
        """
        return [s for s in dict.fromkeys(segments) if check_storable(s) not in self.table]

    def translate(self, segments: Sequence[str]) -> list[str]:
        missing = self.missing(segments)
        if missing:
            raise MemoryMissError(self.path, missing)
        return [self.table[s.strip()] for s in segments]
