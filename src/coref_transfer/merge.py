"""Merge the per-partition output folders of one stage (select, translate or refine) into one.

Tables are concatenated in the order the folders are given (the workflow
passes partitions sorted by name), stats are summed key by key and their
accounting checked as the stage checks its own (`coref_transfer.stats`),
and the merged manifest lists each partition manifest's checksum.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

from coref_transfer.config import config_hash
from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.io import sha256_file, staged_directory, write_json
from coref_transfer.manifest import git_revision, package_versions, seal
from coref_transfer.schema import TABLES, read_table, write_table
from coref_transfer.stats import STAGES, check_accounting, sum_stats


def _read_json(path: Path) -> dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise MissingInputError(f"{path}: missing (was the partition's job run?)") from exc
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, exc.lineno, f"not valid JSON: {exc.msg}") from exc


def merge_folders(folders: Sequence[str | Path], out: str | Path) -> dict[str, Any]:
    """Merge per-partition output folders of one stage into `out`.

    The tables are those of the first folder (every folder must have them);
    returns the summed stats.
    """
    folders = [Path(f) for f in folders]
    if not folders:
        raise MissingInputError("nothing to merge: no partition folder given")
    names = sorted(p.stem for p in folders[0].glob("*.parquet") if p.stem in TABLES)
    if not names:
        raise MissingInputError(f"{folders[0]}: no table to merge")
    manifests = [_read_json(f / "manifest.json") for f in folders]
    stages = sorted({str(m.get("command")) for m in manifests})
    if len(stages) != 1 or stages[0] not in STAGES:
        raise InputFormatError(
            folders[0],
            None,
            f"the folders were written by {', '.join(stages)}; merge takes the partition folders of "
            f"one stage ({', '.join(STAGES)})",
        )
    stats = sum_stats([_read_json(f / "stats.json") for f in folders])
    check_accounting(stats, stages[0])
    configs = {config_hash(m["config"]) for m in manifests}
    if len(configs) != 1:
        raise InputFormatError(folders[0], None, "the partitions were made with different configurations; re-run them")
    with staged_directory(out) as tmp:
        for name in names:
            table = pa.concat_tables([read_table(f / f"{name}.parquet", name) for f in folders])
            write_table(table, tmp / f"{name}.parquet")
        write_json(tmp / "stats.json", stats)
        seal(
            tmp,
            {
                "command": "merge",
                "config": manifests[0]["config"],
                "config_sha256": configs.pop(),
                "partitions": {f.name: sha256_file(f / "manifest.json") for f in folders},
                "versions": package_versions(),
                "git_revision": git_revision(),
            },
        )
    return stats
