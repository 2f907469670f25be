"""Where the project's own files are found, from any folder.

The repository ships files the package reads by default: the parser model,
the noun lexicon, the placeholder inventories, the embedded sample and its
translation memory (`resources/`), the translation model `models fetch`
installs there, and the hand-written evaluation sets (`tests/data/`). Their
default paths are relative to the repository's root, not to the current
folder, so they are resolved here, once:

- `path("resources/...")`: a file of the repository, by its path from the root;
- `config_path(config, "parser.model")`: the path a configuration key names.
  A value the user gave is theirs (a relative path stays relative to the
  current folder, as every path on the command line); a value equal to the
  key's schema default (`REPO_DEFAULTS`) is the repository's file.

Both give a path relative to the current folder when the file lies under it
(from the repository's root, `resources/models/it_ud_coref_transfer` as
written), so outputs, manifests and the workflow, which runs from the root,
see the same strings as before; from anywhere else, an absolute path.

The root is the folder above `src/` of this module's source checkout (the
editable install of the project). An installed wheel carries no `resources/`;
there the defaults stay relative to the current folder.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import reduce
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
"""The source checkout's root (src/coref_transfer/resources.py → the repository)."""

REPO_DEFAULTS = (
    "input.paths",
    "translate.memory",
    "translate.model.path",
    "translate.placeholders",
    "parser.model",
    "parser.stanza_dir",
    "parser.lexicon",
    "translator_choice.english",
    "translator_choice.italian",
)
"""Configuration keys whose schema defaults are paths inside the repository."""


def _is_checkout() -> bool:
    return (REPO_ROOT / "resources").is_dir()


def path(relative: str | Path) -> Path:
    """The repository's file at `relative` (a path from the root), as the current folder reaches it.

    An absolute `relative` is returned as it is.
    """
    relative = Path(relative)
    if relative.is_absolute() or not _is_checkout():
        return relative
    full = REPO_ROOT / relative
    try:
        return full.relative_to(Path.cwd())
    except ValueError:
        return full


def schema_default(key: str) -> Any:
    """The schema default of a dotted configuration key (`"parser.model"`)."""
    from coref_transfer.config import schema

    node = reduce(lambda n, part: n["properties"][part], key.split("."), schema())
    return node.get("default")


def config_value(config: Mapping[str, Any], key: str) -> Any:
    return reduce(lambda c, part: c[part], key.split("."), config)


def config_path(config: Mapping[str, Any], key: str) -> str:
    """The path the configuration key names, a default one resolved in the repository (module docstring).

    Keys of `REPO_DEFAULTS` only; an empty value (no file) stays empty.
    """
    if key not in REPO_DEFAULTS:
        raise KeyError(f"{key} is not a configuration key with a path in the repository")
    value = config_value(config, key)
    if isinstance(value, list):
        raise KeyError(f"{key} holds a list of paths: use config_paths")
    if value and value == schema_default(key):
        return os.fspath(path(value))
    return value


def config_paths(config: Mapping[str, Any], key: str) -> list[str]:
    """`config_path` for a key whose value is a list of paths (`input.paths`)."""
    values = list(config_value(config, key))
    if values == schema_default(key):
        return [os.fspath(path(v)) for v in values]
    return values
