"""Provenance manifests: what made an output folder.

Each output folder gets `manifest.json`: the configuration and its hash,
the SHA-256 of every input file, the versions of Python and the packages
that shaped the result, the git revision of the workflow, and the size and
SHA-256 of every file in the folder (`outputs`, which `coref_transfer.verify`
checks). No timestamps, so identical runs give identical manifests.
"""

from __future__ import annotations

import platform
import subprocess
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

from coref_transfer import __version__
from coref_transfer.config import config_hash
from coref_transfer.io import sha256_file, write_json

PACKAGES = ("pyarrow", "gender-guesser", "jsonschema", "PyYAML", "typer")

MANIFEST = "manifest.json"
SNAKEMAKE_TIMESTAMP = ".snakemake_timestamp"
"""Snakemake touches this file in directory outputs after the job: not ours to record."""


def package_versions(names: Iterable[str] = PACKAGES) -> dict[str, str]:
    out = {"python": platform.python_version(), "coref-transfer": __version__}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def git_revision() -> str:
    """The checkout's commit (with `-dirty` if modified), or `unknown`."""
    here = Path(__file__).resolve().parent
    try:
        rev = subprocess.run(
            ["git", "describe", "--always", "--dirty", "--abbrev=40"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return rev or "unknown"


def build_manifest(command: str, config: dict[str, Any], inputs: Iterable[str | Path], **extra: Any) -> dict[str, Any]:
    """The manifest of one output folder."""
    return {
        "command": command,
        "config": config,
        "config_sha256": config_hash(config),
        "inputs": {str(p): sha256_file(p) for p in inputs},
        "versions": package_versions(),
        "git_revision": git_revision(),
        **extra,
    }


def output_files(folder: str | Path) -> list[str]:
    """Every file under `folder` a manifest records: relative POSIX paths, sorted.

    Leaves out the folder's own manifest.json and Snakemake's `.snakemake_timestamp`.
    """
    folder = Path(folder)
    names = []
    for path in folder.rglob("*"):
        rel = path.relative_to(folder).as_posix()
        if path.is_file() and rel != MANIFEST and path.name != SNAKEMAKE_TIMESTAMP:
            names.append(rel)
    return sorted(names)


def seal(folder: str | Path, manifest: dict[str, Any]) -> dict[str, Any]:
    """Write `folder/manifest.json`: `manifest` plus the size and SHA-256 of every file in the folder.

    Call it last, when every other file is written (inside the staged folder,
    before it is renamed into place), so a later truncation or flipped byte
    is caught by `coref_transfer.verify`. Returns the manifest written.
    """
    folder = Path(folder)
    outputs = {}
    for rel in output_files(folder):
        path = folder / rel
        outputs[rel] = {"bytes": path.stat().st_size, "sha256": sha256_file(path)}
    sealed = {**manifest, "outputs": outputs}
    write_json(folder / MANIFEST, sealed)
    return sealed
