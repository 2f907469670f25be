"""Check output folders against their manifests, so damaged outputs are rebuilt instead of used.

Every output folder's `manifest.json` lists each file's size and SHA-256
(`outputs`, written by `coref_transfer.manifest.seal`). `verify_folder`
reports a manifest that is missing, unreadable or not JSON, a listed file
that is missing, smaller or larger than recorded (truncated), or of the
right size with other bytes (corrupt). `scan` does it for every sealed
folder under a results folder; manifests written before `outputs` existed
are skipped.

Hashing every output on every Snakemake start would cost minutes on a full
corpus, so `VerifiedCache` remembers each file hashed OK with its size and
mtime: an unchanged file is only size-checked. The one damage it cannot see
is a cached file rewritten in place with the same size and its mtime set
back; `coref-transfer verify` without `--cache` hashes everything.

`mark_for_rebuild` moves each damaged folder aside, to a hidden sibling
`.NAME.damaged` kept for inspection, so no job can read it: a job that needs
it finds its producer's output missing and Snakemake re-runs that producer.
`pending_rebuilds` names the outputs of every folder so moved and not yet
rebuilt, and the workflow adds them to the input of its targets (`all`,
`train`), so they re-run those jobs and everything downstream. The check
runs while Snakemake builds the target's jobs, never while it parses the
workflow, so `--lint` and `--list-rules` touch nothing; `--dry-run` only
reports (nothing is moved or written) and lists rebuilds already pending.
Two alternatives fail in Snakemake 9.27, both measured on the sample:
outputs set to an old mtime do not re-run a job whose inputs (up to
`--max-checksum-file-size`, 1 MB by default) still have the checksums
recorded when it last ran (and an mtime of 0 counts as none); a missing
intermediate output alone is rebuilt only when something downstream has to
run anyway (as for `temp()` files). `--forcerun` cannot be set from a
Snakefile (`workflow.dag_settings` is None while it is parsed).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coref_transfer.io import sha256_file, write_json
from coref_transfer.manifest import MANIFEST, SNAKEMAKE_TIMESTAMP

log = logging.getLogger(__name__)

CACHE_SCHEMA_VERSION = 1
QUARANTINE_SUFFIX = ".damaged"


@dataclass(frozen=True)
class Problem:
    """One damaged file (or manifest) in a sealed folder."""

    folder: Path
    """The output folder the file belongs to (what has to be rebuilt)."""
    path: Path
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class VerifiedCache:
    """Files already hashed OK: path -> (bytes, mtime_ns, sha256), kept in a JSON file.

    An unreadable cache file is ignored (everything is hashed again). `save`
    keeps only the entries seen since loading, so files that went away drop out.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._old: dict[str, list[Any]] = {}
        self._seen: dict[str, list[Any]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("schema_version") == CACHE_SCHEMA_VERSION and isinstance(data.get("files"), dict):
                self._old = data["files"]
        except FileNotFoundError:
            pass
        except (OSError, ValueError, AttributeError) as exc:
            log.warning("%s: verification cache ignored (%s); every output is hashed again", self.path, exc)

    @staticmethod
    def _key(path: Path) -> str:
        return os.path.abspath(path)

    def known(self, path: Path, stat: os.stat_result, sha256: str) -> bool:
        """True when `path` was hashed to `sha256` at this size and mtime."""
        key = self._key(path)
        entry = self._old.get(key) or self._seen.get(key)
        if entry == [stat.st_size, stat.st_mtime_ns, sha256]:
            self._seen[key] = entry
            return True
        return False

    def add(self, path: Path, stat: os.stat_result, sha256: str) -> None:
        self._seen[self._key(path)] = [stat.st_size, stat.st_mtime_ns, sha256]

    def save(self) -> None:
        write_json(self.path, {"schema_version": CACHE_SCHEMA_VERSION, "files": self._seen})


def _read_outputs(folder: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The manifest's `outputs` (None when it has none), or the problem with the manifest."""
    manifest = folder / MANIFEST
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, [Problem(folder, manifest, "missing")]
    except OSError as exc:
        return None, [Problem(folder, manifest, f"cannot read ({exc.strerror})")]
    except UnicodeDecodeError as exc:
        return None, [Problem(folder, manifest, f"not UTF-8 ({exc.reason}): damaged")]
    except json.JSONDecodeError as exc:
        return None, [Problem(folder, manifest, f"not valid JSON ({exc}): damaged")]
    if not isinstance(data, dict):
        return None, [Problem(folder, manifest, "not a JSON object: damaged")]
    outputs = data.get("outputs")
    if outputs is None:
        return None, []
    well_formed = isinstance(outputs, dict) and all(
        isinstance(v, dict) and isinstance(v.get("bytes"), int) and isinstance(v.get("sha256"), str)
        for v in outputs.values()
    )
    if not well_formed:
        return None, [Problem(folder, manifest, '"outputs" is not {file: {"bytes": n, "sha256": "..."}}: damaged')]
    return outputs, []


def verify_folder(folder: str | Path, cache: VerifiedCache | None = None) -> list[Problem]:
    """Every problem of one output folder: its manifest, then each file it lists (in name order).

    A manifest without `outputs` (written before they were recorded) is not checked.
    """
    folder = Path(folder)
    outputs, problems = _read_outputs(folder)
    if outputs is None:
        return problems
    for rel in sorted(outputs):
        want = outputs[rel]
        path = folder / rel
        try:
            stat = path.stat()
        except FileNotFoundError:
            problems.append(Problem(folder, path, "missing (its manifest lists it)"))
            continue
        except OSError as exc:
            problems.append(Problem(folder, path, f"cannot read ({exc.strerror})"))
            continue
        if stat.st_size != want["bytes"]:
            kind = "truncated" if stat.st_size < want["bytes"] else "longer than written"
            problems.append(
                Problem(folder, path, f"{stat.st_size:,} bytes, its manifest says {want['bytes']:,} ({kind})")
            )
            continue
        if cache is not None and cache.known(path, stat, want["sha256"]):
            continue
        try:
            got = sha256_file(path)
        except OSError as exc:
            problems.append(Problem(folder, path, f"cannot read ({exc.strerror})"))
            continue
        if got != want["sha256"]:
            problems.append(
                Problem(
                    folder, path, f"SHA-256 {got[:12]}… differs from its manifest's {want['sha256'][:12]}… (corrupt)"
                )
            )
        elif cache is not None:
            cache.add(path, stat, got)
    return problems


def sealed_folders(results_dir: str | Path) -> Iterator[Path]:
    """Every folder under `results_dir` (itself included) holding a manifest.json, in path order.

    Hidden folders (outputs being staged, damaged ones moved aside) are left out.
    """
    results_dir = Path(results_dir)
    for root, dirs, files in os.walk(results_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if MANIFEST in files:
            yield Path(root)


def scan(results_dir: str | Path, cache_file: str | Path | None = None, update_cache: bool = True) -> list[Problem]:
    """The problems of every sealed folder under `results_dir`.

    With `cache_file`, files hashed OK before and unchanged since (same size
    and mtime) are only size-checked, and the cache is updated (unless
    `update_cache` is False: a dry run writes nothing).
    """
    cache = VerifiedCache(cache_file) if cache_file is not None else None
    problems: list[Problem] = []
    for folder in sealed_folders(results_dir):
        problems += verify_folder(folder, cache)
    if cache is not None and update_cache:
        cache.save()
    return problems


def quarantine_path(folder: Path) -> Path:
    """Where `mark_for_rebuild` moves a damaged folder: a hidden sibling."""
    return folder.parent / f".{folder.name}{QUARANTINE_SUFFIX}"


def mark_for_rebuild(problems: Iterable[Problem]) -> dict[Path, Path]:
    """Move each damaged folder aside (replacing an older copy); returns {folder: where it went}."""
    moved: dict[Path, Path] = {}
    for problem in problems:
        folder = problem.folder
        if folder in moved or not folder.is_dir():
            continue
        aside = quarantine_path(folder)
        if aside.exists():
            shutil.rmtree(aside)
        os.replace(folder, aside)
        moved[folder] = aside
    return moved


def pending_rebuilds(results_dir: str | Path) -> list[str]:
    """The output Snakemake must rebuild for each damaged folder moved aside and not rebuilt yet.

    The folder itself when it was a `directory()` output (Snakemake leaves
    `.snakemake_timestamp` in those), else its manifest.json, an output of
    every rule that writes a sealed folder. In path order.
    """
    targets = []
    for root, dirs, _ in os.walk(results_dir):
        for name in sorted(dirs):
            if name.startswith(".") and name.endswith(QUARANTINE_SUFFIX):
                folder = Path(root) / name[1 : -len(QUARANTINE_SUFFIX)]
                if not folder.exists():
                    directory = (Path(root) / name / SNAKEMAKE_TIMESTAMP).exists()
                    targets.append(str(folder) if directory else str(folder / MANIFEST))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    return sorted(targets)


def rebuild_damaged(
    results_dir: str | Path, cache_file: str | Path, dry_run: bool = False
) -> tuple[list[str], list[str]]:
    """Scan, move damaged folders aside; returns (one warning per problem, `pending_rebuilds`).

    What the workflow runs when it builds the jobs of a target
    (`rules/common.smk`). With `dry_run` nothing is moved or written: the
    warnings say what a real run would rebuild.
    """
    problems = scan(results_dir, cache_file, update_cache=not dry_run)
    if dry_run:
        warnings = [f"{p}; a run without --dry-run moves {p.folder} aside and rebuilds it" for p in problems]
        targets = pending_rebuilds(results_dir)
        return warnings + [f"{t}: damaged earlier and not rebuilt yet; it will be rebuilt" for t in targets], targets
    moved = mark_for_rebuild(problems)
    warnings = [
        f"{p}; {p.folder} will be rebuilt (the damaged folder is kept as {moved[p.folder]})"
        for p in problems
        if p.folder in moved
    ]
    targets = pending_rebuilds(results_dir)
    fresh = {str(f) for f in moved} | {str(f / MANIFEST) for f in moved}
    warnings += [f"{t}: damaged earlier and not rebuilt yet; it will be rebuilt" for t in targets if t not in fresh]
    return warnings, targets
