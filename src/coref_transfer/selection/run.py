"""`coref-transfer select`: read CoNLL-2012 inputs, run the English stages, write a folder.

The folder holds the tables of `coref_transfer.schema`, `stats.json` and
`manifest.json`; it appears complete or not at all.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tqdm import tqdm

from coref_transfer.conll.reader import find_conll_files, read_conll
from coref_transfer.io import staged_directory, write_json
from coref_transfer.manifest import build_manifest
from coref_transfer.schema import write_table
from coref_transfer.selection.pipeline import PartResult, compute_stats, select_part
from coref_transfer.selection.tables import cluster_table, utterance_tables

log = logging.getLogger(__name__)


def select_files(paths: Iterable[str | Path], config: Mapping[str, Any], progress: bool = True) -> list[PartResult]:
    """Read every input file and run the stages on each part, in file order.

    All files are read and checked before anything is written by the caller,
    so one bad file fails the whole run with its file and line.
    """
    files = find_conll_files(paths)
    results: list[PartResult] = []
    bar = tqdm(files, desc="select", unit="file", disable=not progress, mininterval=2.0, leave=False)
    for path in bar:
        for part in read_conll(path):
            results.append(select_part(part, config))
    return results


def used_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """The configuration sections that shape the selection (recorded in the manifest)."""
    return {key: config[key] for key in ("selection", "classes")}


def run_select(
    paths: Iterable[str | Path], out: str | Path, config: Mapping[str, Any], partition: str = "all", progress: bool = True
) -> dict[str, Any]:
    """Run the English stages on `paths` and write the output folder `out`.

    Returns:
        The stats (also written to `out/stats.json`).
    """
    files = find_conll_files(paths)
    results = select_files(files, config, progress)
    stats = compute_stats(results)
    tables = utterance_tables(results, partition)
    tables["clusters"] = cluster_table(results, partition)
    with staged_directory(out) as tmp:
        for name, table in tables.items():
            write_table(table, tmp / f"{name}.parquet")
        write_json(tmp / "stats.json", stats)
        write_json(tmp / "manifest.json", build_manifest("select", used_config(config), files, partition=partition))
    log.info(
        "select %s: %d utterances, %d mentions read; kept %d utterances, %d mentions, %d clusters",
        partition, stats["input"]["utterances"], stats["input"]["mentions"],
        stats["beta3"]["utterances"], stats["beta3"]["mentions"], stats["beta3"]["clusters"],
    )
    return stats
