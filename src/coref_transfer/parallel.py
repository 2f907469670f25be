"""Parallel English–Italian text for choosing and helping the translator: WIT³ (TED talks) and plain aligned files.

WIT³ (Cettolo, Girardi and Federico 2012; https://wit3.fbk.eu, the IWSLT evaluation campaigns' TED data)
distributes each language pair in two forms, both read here, one file per language:

- **the evaluation sets** (`IWSLT17.TED.dev2010.en-it.en.xml`, `….it.xml`): XML, one `<doc docid="…">` per talk,
  one `<seg id="…">` per segment, a segment on one line;
- **the training data** (`train.tags.en-it.en`, `train.tags.en-it.it`): one segment per line, the talks' metadata
  on lines of their own (`<url>`, `<talkid>`, `<title>`, `<description>`, `<keywords>`, …), which must match line
  for line in both files; any plain line-aligned pair of files (one segment per line, no tags) reads the same way.

Why not an XML parser: the segments are read line by line, as sacrebleu reads these files, so that an error names
the line (the talks' text is escaped XML, and `html.unescape` reads it); the files put each `<seg>` on one line.
The two files of a pair must hold the same talks and segments in the same order; the first mismatch is an error
that names both files and lines.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from coref_transfer.errors import InputFormatError

FORMATS = ("auto", "xml", "lines")

_DOC = re.compile(r'<doc\b[^>]*\bdocid="([^"]*)"')
_SEG = re.compile(r'^\s*<seg\b[^>]*\bid="([^"]*)"[^>]*>(.*)</seg>\s*$')
_TALKID = re.compile(r"^\s*<talkid>(.*)</talkid>\s*$")
_TAG_LINE = re.compile(r"^\s*<[^>]+>")


@dataclass(frozen=True)
class Segment:
    """One aligned pair: its talk (`doc`, "" when the files name none), its id in the talk and its two sides."""

    doc: str
    id: str
    english: str
    italian: str


@dataclass(frozen=True)
class _Side:
    doc: str
    id: str
    text: str
    line: int


def read_parallel_corpus(english: str | Path, italian: str | Path, fmt: str = "auto") -> list[Segment]:
    """The segments of a pair of parallel files, in order.

    `fmt`: "xml" (the IWSLT evaluation sets), "lines" (WIT³'s training data, or plain aligned lines) or "auto"
    (XML when the English file's first non-blank line starts with `<?xml`, `<mteval`, `<srcset` or `<refset`).

    Raises:
        InputFormatError: an unreadable file, a malformed segment line, talks or segments that differ between the
            two files (both named, with their lines), or no segment at all.
    """
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}: expected one of {', '.join(FORMATS)}")
    if fmt == "auto":
        fmt = "xml" if _looks_like_xml(english) else "lines"
    read = _read_xml if fmt == "xml" else _read_lines
    sides_en, sides_it = list(read(english)), list(read(italian))
    for en, it in zip(sides_en, sides_it, strict=False):
        if (en.doc, en.id) != (it.doc, it.id):
            raise InputFormatError(
                italian,
                it.line,
                f"talk {it.doc!r} segment {it.id!r} here, but talk {en.doc!r} segment {en.id!r} at {english}:{en.line}"
                ": the two files must hold the same segments in the same order",
            )
    if len(sides_en) != len(sides_it):
        longer, shorter = (english, italian) if len(sides_en) > len(sides_it) else (italian, english)
        extra = (sides_en if len(sides_en) > len(sides_it) else sides_it)[min(len(sides_en), len(sides_it))]
        raise InputFormatError(
            longer,
            extra.line,
            f"{max(len(sides_en), len(sides_it))} segments here, {min(len(sides_en), len(sides_it))} in {shorter}: "
            "this is the first without its translation",
        )
    if not sides_en:
        raise InputFormatError(english, None, f"no segment read (format {fmt})")
    return [Segment(en.doc, en.id, en.text, it.text) for en, it in zip(sides_en, sides_it, strict=True)]


def _lines(path: str | Path) -> list[str]:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputFormatError(path, None, f"cannot read the parallel text ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, f"not UTF-8 ({exc.reason} at byte {exc.start})") from exc


def _looks_like_xml(path: str | Path) -> bool:
    for line in _lines(path):
        if line.strip():
            return line.lstrip().startswith(("<?xml", "<mteval", "<srcset", "<refset"))
    return False


def _read_xml(path: str | Path) -> Iterator[_Side]:
    doc = None
    for number, line in enumerate(_lines(path), 1):
        opened = _DOC.search(line)
        if opened:
            doc = opened.group(1)
            continue
        if "<seg" not in line:
            continue
        seg = _SEG.match(line)
        if seg is None:
            raise InputFormatError(path, number, f'expected <seg id="…">text</seg> on one line, got {line[:80]!r}')
        if doc is None:
            raise InputFormatError(path, number, 'a segment outside any <doc docid="…">')
        yield _Side(doc, seg.group(1), _clean(seg.group(2)), number)


def _read_lines(path: str | Path) -> Iterator[_Side]:
    doc, index = "", 0
    for number, line in enumerate(_lines(path), 1):
        talk = _TALKID.match(line)
        if talk:
            doc, index = talk.group(1).strip(), 0
            continue
        if _TAG_LINE.match(line):  # the talk's metadata (<url>, <title>, …): not a segment
            continue
        index += 1
        yield _Side(doc, str(index), _clean(line), number)


def _clean(text: str) -> str:
    return " ".join(html.unescape(text).split())
