"""The English input: CoNLL-2012 or CorefUD files, found and read by format.

The config's `input.format` says which reader reads the files of `input.paths`:

- `conll2012`: `*gold_conll` files (OntoNotes 5.0, OntoGUM), `coref_transfer.conll.reader`;
- `corefud`: `*.conllu` files with coreference in MISC (`Entity=`), `coref_transfer.corefud.reader`;
- `auto` (the default): each file by its name (`…gold_conll` or `….conllu`), and a file named
  otherwise by its first line that is not blank (`#begin document` is CoNLL-2012, any other
  comment or a word line is CoNLL-U). A folder is searched recursively for both kinds.

Both readers give the same `coref_transfer.model.Part`s, so every stage after reading is the
same for both formats.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from coref_transfer.conll.reader import CONLL_GLOB, read_conll
from coref_transfer.corefud.reader import CONLLU_GLOB, read_corefud
from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.io import expand_paths
from coref_transfer.model import Part

FORMATS = ("auto", "conll2012", "corefud")
"""The values of `input.format`."""

_GLOBS = {"conll2012": (CONLL_GLOB,), "corefud": (CONLLU_GLOB,), "auto": (CONLL_GLOB, CONLLU_GLOB)}


def _check(fmt: str) -> None:
    if fmt not in FORMATS:
        raise ConfigError(f"input.format is {fmt!r}; valid formats: {', '.join(FORMATS)}")


def file_format(path: str | Path, fmt: str = "auto") -> str:
    """The format of one input file: `fmt` itself unless it is `auto` (module docstring).

    Raises:
        InputFormatError: `auto` cannot tell (an empty file).
    """
    _check(fmt)
    if fmt != "auto":
        return fmt
    path = Path(path)
    if path.name.endswith("gold_conll"):
        return "conll2012"
    if path.suffix == ".conllu":
        return "corefud"
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.strip():
                return "conll2012" if line.startswith("#begin document") else "corefud"
    raise InputFormatError(path, None, "the file is empty: neither CoNLL-2012 nor CoNLL-U")


def find_input_files(paths: Iterable[str | Path], fmt: str = "auto") -> list[Path]:
    """Files and folders expanded into a sorted list of input files of format `fmt`.

    A file named on its own is taken whatever its name; a folder is searched
    recursively for the names of `fmt` (`*gold_conll`, `*.conllu`, or both).

    Raises:
        ConfigError: `fmt` is not one of `FORMATS`.
        MissingInputError: a path does not exist, or a folder holds no input file.
    """
    _check(fmt)
    return expand_paths(paths, _GLOBS[fmt])


def read_parts(path: str | Path, fmt: str = "auto") -> list[Part]:
    """Every document part of one input file, read by its format's reader.

    Raises:
        InputFormatError: the file is malformed (file and line named).
    """
    return read_corefud(path) if file_format(path, fmt) == "corefud" else read_conll(path)
