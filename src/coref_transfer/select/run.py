"""`coref-transfer select`: read the English input (CoNLL-2012 or CorefUD), run the English stages, write a folder.

Files are processed independently (each in a worker process when `workers`
> 1, results combined in file order, so the output does not depend on the
number of workers). The folder holds the tables of `coref_transfer.schema`,
`stats.json` and `manifest.json`; it appears complete or not at all.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pyarrow as pa
from tqdm import tqdm

from coref_transfer.config import stage_config
from coref_transfer.inputs import find_input_files, read_parts
from coref_transfer.io import staged_directory, write_json
from coref_transfer.manifest import build_manifest, seal
from coref_transfer.schema import write_table
from coref_transfer.select.pipeline import Stats, select_part
from coref_transfer.select.tables import SelectionColumns
from coref_transfer.stats import check_accounting, sum_stats

log = logging.getLogger(__name__)

#: Text per unit of work (see `chunk_files`).
CHUNK_BYTES = 4 << 20


def chunk_files(files: list[Path], target_bytes: int = CHUNK_BYTES) -> list[list[Path]]:
    """Consecutive files grouped into chunks of about `target_bytes` of text.

    A chunk is the unit of work of a worker: big enough that turning its
    results into Arrow tables costs little per token, small enough to spread
    over workers and to show progress.
    """
    chunks: list[list[Path]] = []
    size = target_bytes
    for path in files:
        if size >= target_bytes:
            chunks.append([])
            size = 0
        chunks[-1].append(path)
        size += path.stat().st_size
    return chunks


def select_chunk(
    paths: list[Path], config: Mapping[str, Any], partition: str, fmt: str = "auto"
) -> tuple[dict[str, pa.Table], dict[str, Any]]:
    """Read some files (of format `fmt`, `inputs.FORMATS`), run the stages on each part, and tabulate the results."""
    columns = SelectionColumns()
    stats = Stats()
    for path in paths:  # one file's objects at a time keep the garbage collector's work small
        for part in read_parts(path, fmt):
            result = select_part(part, config)
            columns.add(result)
            stats.add(result)
    return columns.tables(partition), stats.as_dict()


def _select_chunk_args(
    args: tuple[list[Path], Mapping[str, Any], str, str],
) -> tuple[dict[str, pa.Table], dict[str, Any]]:
    return select_chunk(*args)


def select_chunks(
    chunks: list[list[Path]], config: Mapping[str, Any], partition: str, workers: int = 1, fmt: str = "auto"
) -> Iterator[tuple[dict[str, pa.Table], dict[str, Any]]]:
    """Results per chunk, in order, computed by `workers` processes.

    Workers send back Arrow tables, which pickle as a few large buffers.
    """
    if workers <= 1 or len(chunks) < 2:
        for chunk in chunks:
            yield select_chunk(chunk, config, partition, fmt)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_select_chunk_args, [(chunk, config, partition, fmt) for chunk in chunks])


def run_select(
    paths: Iterable[str | Path],
    out: str | Path,
    config: Mapping[str, Any],
    partition: str = "all",
    progress: bool = True,
    workers: int = 1,
    fmt: str = "auto",
) -> dict[str, Any]:
    """Run the English stages on `paths` (of format `fmt`, `inputs.FORMATS`) and write the output folder `out`.

    Every file is read and checked before anything is written, so one bad
    file fails the run with its file and line and leaves `out` untouched.

    Returns:
        The stats (also written to `out/stats.json`).
    """
    files = find_input_files(paths, fmt)
    chunks = chunk_files(files)
    parts: dict[str, list[pa.Table]] = {}
    per_chunk = []
    bar = tqdm(total=len(files), desc=f"select {partition}", unit="file", disable=not progress, mininterval=2.0)
    with bar:
        for chunk, (tables, chunk_stats) in zip(chunks, select_chunks(chunks, config, partition, workers, fmt)):
            for name, table in tables.items():
                parts.setdefault(name, []).append(table)
            per_chunk.append(chunk_stats)
            bar.update(len(chunk))
    stats = sum_stats(per_chunk)
    check_accounting(stats, "select")
    with staged_directory(out) as tmp:
        for name, pieces in parts.items():
            write_table(pa.concat_tables(pieces).combine_chunks(), tmp / f"{name}.parquet")
        write_json(tmp / "stats.json", stats)
        settings = {**stage_config(config, "select"), "input_format": fmt}
        seal(tmp, build_manifest("select", settings, files, partition=partition))
    log.info(
        "select %s: %d files, %d utterances, %d mentions read; kept %d utterances, %d mentions, %d clusters",
        partition,
        len(files),
        stats["input"]["utterances"],
        stats["input"]["mentions"],
        stats["beta3"]["utterances"],
        stats["beta3"]["mentions"],
        stats["beta3"]["clusters"],
    )
    return stats
