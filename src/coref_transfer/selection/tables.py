"""Turn selection results into the Parquet tables of `coref_transfer.schema`.

Built column by column (one Python pass to flatten, then Arrow's C++ kernels
for the stage views) rather than row dicts: `Table.from_pylist` on nested
rows was the slowest step of the English stages.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa

from coref_transfer import schema
from coref_transfer.selection.pipeline import STAGE_RANK, STAGES, PartResult

_CLASS_NAMES = ("type", "gender", "number", "type_source", "gender_source", "number_source")


def _list_array(offsets: np.ndarray, values: pa.Array) -> pa.ListArray:
    return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), values)


def utterance_tables(results: Sequence[PartResult], partition: str) -> dict[str, pa.Table]:
    """`utterances` (everything, with drop reasons) and one table per stage."""
    base: dict[str, list] = {k: [] for k in ("doc_id", "part", "sentence", "path", "line", "speaker", "dropped_at", "reason")}
    tokens: list[str] = []
    pos: list[str] = []
    parse: list[str] = []
    tok_offsets = [0]
    ent: dict[str, list] = {"label": [], "start": [], "end": []}
    ent_offsets = [0]
    men: dict[str, list] = {
        k: [] for k in ("cluster_id", "start", "end", "root", "coordinated", "dropped_at", "reason", *_CLASS_NAMES)
    }
    men_utt: list[int] = []
    men_rank: list[int] = []
    utt_dropped: list[bool] = []
    for result in results:
        for ufate in result.utterances:
            utt = ufate.utterance
            row = len(utt_dropped)
            for key, value in (
                ("doc_id", utt.doc_id), ("part", utt.part), ("sentence", utt.index), ("path", utt.path),
                ("line", utt.line), ("speaker", utt.speaker), ("dropped_at", ufate.dropped_at), ("reason", ufate.reason),
            ):
                base[key].append(value)
            utt_dropped.append(ufate.dropped_at is not None)
            tokens.extend(utt.tokens)
            pos.extend(utt.pos)
            parse.extend(utt.parse_bits)
            tok_offsets.append(len(tokens))
            for e in utt.entities:
                ent["label"].append(e.label)
                ent["start"].append(e.span.start)
                ent["end"].append(e.span.end)
            ent_offsets.append(len(ent["label"]))
            for f in ufate.mentions:
                men["cluster_id"].append(f.cluster_id)
                men["start"].append(f.start)
                men["end"].append(f.end)
                men["root"].append(f.root)
                men["coordinated"].append(f.coordinated if f.root is not None else None)
                men["dropped_at"].append(f.dropped_at)
                men["reason"].append(f.reason)
                cls = f.cls
                values = (None,) * 6 if cls is None else (cls.type, cls.gender, cls.number, *cls.sources)
                for name, value in zip(_CLASS_NAMES, values):
                    men[name].append(value)
                men_utt.append(row)
                men_rank.append(STAGE_RANK[f.dropped_at] if f.dropped_at else len(STAGES))

    n = len(utt_dropped)
    offsets = np.asarray(tok_offsets, dtype=np.int64)
    columns = {
        "partition": pa.array([partition] * n, pa.string()),
        "doc_id": pa.array(base["doc_id"], pa.string()),
        "part": pa.array(base["part"], pa.int32()),
        "sentence": pa.array(base["sentence"], pa.int32()),
        "path": pa.array(base["path"], pa.string()),
        "line": pa.array(base["line"], pa.int32()),
        "speaker": pa.array(base["speaker"], pa.string()),
        "tokens": _list_array(offsets, pa.array(tokens, pa.string())),
        "pos": _list_array(offsets, pa.array(pos, pa.string())),
        "parse": _list_array(offsets, pa.array(parse, pa.string())),
        "entities": _list_array(
            np.asarray(ent_offsets),
            pa.StructArray.from_arrays(
                [pa.array(ent["label"], pa.string()), pa.array(ent["start"], pa.int32()), pa.array(ent["end"], pa.int32())],
                fields=list(schema.ENTITY),
            ),
        ),
    }
    mention_fields = list(schema.MENTION)
    mention_children = [pa.array(men[f.name], f.type) for f in mention_fields]
    men_utt_arr = np.asarray(men_utt, dtype=np.int64)
    men_rank_arr = np.asarray(men_rank, dtype=np.int64)
    null_reason = pa.nulls(len(men_utt), pa.string())

    def mentions_column(keep: np.ndarray, rows: np.ndarray, drop_columns: bool) -> pa.ListArray:
        idx = np.flatnonzero(keep)
        children = [
            (null_reason if drop_columns and f.name in ("dropped_at", "reason") else child).take(idx)
            for f, child in zip(mention_fields, mention_children)
        ]
        counts = np.bincount(men_utt_arr[idx], minlength=n)[rows]
        offs = np.concatenate([[0], np.cumsum(counts)])
        return _list_array(offs, pa.StructArray.from_arrays(children, fields=mention_fields))

    all_rows = np.arange(n)
    full = {**columns, "dropped_at": pa.array(base["dropped_at"], pa.string()), "reason": pa.array(base["reason"], pa.string())}
    full["mentions"] = mentions_column(np.ones(len(men_utt), dtype=bool), all_rows, False)
    tables = {"utterances": pa.Table.from_pydict(full, schema=schema.UTTERANCES)}
    dropped = np.asarray(utt_dropped, dtype=bool)
    for rank, stage in enumerate(STAGES):
        rows = all_rows if rank == 0 else np.flatnonzero(~dropped)
        view = {name: col.take(rows) for name, col in columns.items()}
        view["dropped_at"] = pa.nulls(len(rows), pa.string())
        view["reason"] = pa.nulls(len(rows), pa.string())
        view["mentions"] = mentions_column(men_rank_arr > rank, rows, True)
        tables[stage] = pa.Table.from_pydict(view, schema=schema.UTTERANCES)
    return tables


def cluster_table(results: Sequence[PartResult], partition: str) -> pa.Table:
    """One row per gold cluster: its β3 decision and class."""
    cols: dict[str, list] = {f.name: [] for f in schema.CLUSTERS}
    for result in results:
        for c in result.clusters:
            cls = c.cls
            values = (None,) * 6 if cls is None else (cls.type, cls.gender, cls.number, *cls.sources)
            for key, value in (
                ("partition", partition), ("doc_id", c.doc_id), ("part", c.part), ("cluster_id", c.cluster_id),
                ("mentions_read", c.mentions_read), ("mentions_kept", c.mentions_kept),
                ("dropped_at", c.dropped_at), ("reason", c.reason), *zip(_CLASS_NAMES, values),
            ):
                cols[key].append(value)
    return pa.Table.from_pydict(cols, schema=schema.CLUSTERS)
