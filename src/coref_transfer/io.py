"""Safe output: files appear complete or not at all.

Every writer goes through these helpers, so a crash or a bad input never
leaves a half-written file for Snakemake (or a user) to mistake for a result.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _umask()


def read_text(path: str | Path, missing: str) -> str:
    """A UTF-8 text file, or an error that names it.

    Args:
        missing: the end of the message when the file does not exist
            ("translation memory not found").
    Raises:
        MissingInputError: no such file.
        InputFormatError: not valid UTF-8.
    """
    from coref_transfer.errors import InputFormatError, MissingInputError

    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise MissingInputError(f"{path}: {missing}") from exc
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, f"invalid UTF-8 ({exc.reason})") from exc


def decode_input(path: str | Path) -> str:
    """An input file's text, for a reader that names the line of what is wrong.

    Raises:
        MissingInputError: the file cannot be read.
        InputFormatError: the file is empty (or blank), or not UTF-8 (naming the line and column
            of the first bad byte).
    """
    from coref_transfer.errors import InputFormatError, MissingInputError

    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise MissingInputError(f"{path}: cannot read ({exc.strerror})") from exc
    if not raw.strip():
        raise InputFormatError(path, None, "the file is empty")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputFormatError(path, line, f"invalid UTF-8: byte 0x{raw[exc.start]:02x} at column {column}") from exc


def expand_paths(paths: Iterable[str | Path], patterns: Sequence[str]) -> list[Path]:
    """Expand files and folders into a sorted list of input files.

    A file is taken as it is; a folder is searched recursively for files
    matching any of the globs `patterns` (`*gold_conll`, `*.conllu`).

    Raises:
        MissingInputError: a path does not exist, or a folder holds no matching file.
    """
    from coref_transfer.errors import MissingInputError

    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            files = sorted({p for pattern in patterns for p in path.rglob(pattern) if p.is_file()})
            if not files:
                names = " or ".join(f"'{pattern}'" for pattern in patterns)
                raise MissingInputError(f"{path}: no {names} file in this folder or below it")
            found.extend(files)
        else:
            raise MissingInputError(f"{path}: no such file or folder")
    return sorted(dict.fromkeys(found))


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write text to `path` through a temporary file in the same folder."""
    atomic_write_bytes(path, text.encode("utf-8"))


@contextmanager
def atomic_path(path: str | Path) -> Iterator[str]:
    """A temporary file name in `path`'s folder that becomes `path` if the block succeeds.

    For writers that want a file name (torch.save, safetensors) rather than bytes.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write bytes to `path` through a temporary file in the same folder."""
    with atomic_path(path) as tmp, open(tmp, "wb") as handle:
        handle.write(data)


def write_json(path: str | Path, data: Any) -> None:
    """Deterministic JSON (sorted keys, 2-space indent, trailing newline)."""
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


@contextmanager
def staged_directory(final: str | Path) -> Iterator[Path]:
    """Yield a temporary folder that replaces `final` only if the block succeeds.

    On any exception the temporary folder is removed and `final` is left as it
    was (or absent), so a failed run leaves no outputs behind.
    """
    final = Path(final)
    final.parent.mkdir(parents=True, exist_ok=True)
    # A run killed mid-write (SIGKILL, a node failure) leaves its staging
    # folder, or the old folder set aside below; one writer owns `final` at a
    # time, so leftovers are stale.
    for suffix in ("tmp", "old"):
        for stale in final.parent.glob(f".{glob.escape(final.name)}.*.{suffix}"):
            shutil.rmtree(stale, ignore_errors=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent))
    try:
        yield tmp
        os.chmod(tmp, 0o777 & ~_UMASK)  # mkdtemp makes 0700; outputs are ordinary folders
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    # The old folder is renamed aside before it is deleted, so no reader ever
    # sees it half-deleted (`coref_transfer.verify` would take that for damage).
    old = None
    if final.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".old", dir=final.parent))
        os.replace(final, old / final.name)
    os.replace(tmp, final)
    if old is not None:
        shutil.rmtree(old)


def iter_json_lines(path: str | Path) -> Iterator[tuple[int, Any]]:
    """(line number, object) for each non-blank line of a JSON Lines file.

    Raises:
        MissingInputError: the file cannot be read.
        InputFormatError: invalid UTF-8, or a line that is not JSON (the line is named).
    """
    from coref_transfer.errors import InputFormatError, MissingInputError

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MissingInputError(f"{path}: cannot read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, f"not UTF-8 ({exc.reason})") from exc
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield lineno, json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputFormatError(path, lineno, f"not valid JSON ({exc.msg})") from exc


def folder_sha256(folder: str | Path) -> str:
    """One SHA-256 over a folder's files (relative names and contents, in name order)."""
    folder = Path(folder)
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def sha256_file(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
