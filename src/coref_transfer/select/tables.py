"""Turn selection results into the Parquet tables of `coref_transfer.schema`.

Built column by column (one Python pass to flatten, then Arrow's C++ kernels
for the stage views) rather than row dicts: `Table.from_pylist` on nested
rows was the slowest step of the English stages.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from coref_transfer import schema
from coref_transfer.records import class_values
from coref_transfer.select.pipeline import PartResult
from coref_transfer.stats import SELECT_LABELS, SELECT_RANK

_CLASS_NAMES = tuple(f.name for f in schema.CLASS_FIELDS)


def _offsets(lengths: list[int]) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(np.asarray(lengths, dtype=np.int64))]).astype(np.int64)


def _list_array(offsets: np.ndarray, values: pa.Array) -> pa.ListArray:
    return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), values)


class SelectionColumns:
    """The selection results of some files, flattened into plain lists.

    One Python pass appends each value to its column; each column then
    becomes an Arrow array in one call.
    """

    def __init__(self) -> None:
        self.base: dict[str, list] = {
            k: [] for k in ("doc_id", "part", "sentence", "path", "line", "speaker", "dropped_at", "reason")
        }
        self.tokens: list[str] = []
        self.pos: list[str] = []
        self.parse: list[str] = []
        self.tok_lengths: list[int] = []
        self.heads: list[int] = []
        self.deprels: list[str] = []
        self.dep_lengths: list[int] = []
        self.ent: dict[str, list] = {"label": [], "start": [], "end": []}
        self.ent_counts: list[int] = []
        self.men: dict[str, list] = {
            k: []
            for k in (
                "cluster_id",
                "start",
                "end",
                "root",
                "coordinated",
                "dropped_at",
                "reason",
                "in_place",
                "role",
                *_CLASS_NAMES,
                "paper_reason",
            )
        }
        self.men_counts: list[int] = []
        self.men_rank: list[int] = []
        self.utt_dropped: list[bool] = []
        self.clusters: dict[str, list] = {f.name: [] for f in schema.CLUSTERS if f.name != "partition"}

    def add(self, result: PartResult) -> None:
        """Flatten one part's results."""
        base, men, ent = self.base, self.men, self.ent
        for ufate in result.utterances:
            utt = ufate.utterance
            for key, value in (
                ("doc_id", utt.doc_id),
                ("part", utt.part),
                ("sentence", utt.index),
                ("path", utt.path),
                ("line", utt.line),
                ("speaker", utt.speaker),
                ("dropped_at", ufate.dropped_at),
                ("reason", ufate.reason),
            ):
                base[key].append(value)
            self.utt_dropped.append(ufate.dropped_at is not None)
            self.tokens.extend(utt.tokens)
            self.pos.extend(utt.pos)
            self.parse.extend(utt.parse_bits)
            self.tok_lengths.append(len(utt.tokens))
            self.heads.extend(utt.heads)
            self.deprels.extend(utt.deprels)
            self.dep_lengths.append(len(utt.heads))
            for e in utt.entities:
                ent["label"].append(e.label)
                ent["start"].append(e.span.start)
                ent["end"].append(e.span.end)
            self.ent_counts.append(len(utt.entities))
            for f in ufate.mentions:
                men["cluster_id"].append(f.cluster_id)
                men["start"].append(f.span.start)
                men["end"].append(f.span.end)
                men["root"].append(f.root)
                men["coordinated"].append(f.coordinated if f.root is not None else None)
                men["dropped_at"].append(f.dropped_at)
                men["reason"].append(f.reason)
                men["in_place"].append(f.in_place)
                men["role"].append(f.role)
                for name, value in zip(_CLASS_NAMES, class_values(f.cls)):
                    men[name].append(value)
                men["paper_reason"].append(f.paper_reason)
                self.men_rank.append(SELECT_RANK[f.dropped_at] if f.dropped_at else len(SELECT_LABELS))
            self.men_counts.append(len(ufate.mentions))
        cols = self.clusters
        for c in result.clusters:
            for key, value in (
                ("doc_id", c.doc_id),
                ("part", c.part),
                ("cluster_id", c.cluster_id),
                ("mentions_read", c.mentions_read),
                ("mentions_kept", c.mentions_kept),
                ("dropped_at", c.dropped_at),
                ("reason", c.reason),
                *zip(_CLASS_NAMES, class_values(c.cls)),
            ):
                cols[key].append(value)

    def cluster_table(self, partition: str) -> pa.Table:
        """One row per gold cluster: its β3 decision and class."""
        n = len(self.clusters["doc_id"])
        return pa.Table.from_pydict({"partition": [partition] * n, **self.clusters}, schema=schema.CLUSTERS)

    def tables(self, partition: str) -> dict[str, pa.Table]:
        """Every table of the selection folder."""
        out = self.utterance_tables(partition)
        out["clusters"] = self.cluster_table(partition)
        return out

    def utterance_tables(self, partition: str) -> dict[str, pa.Table]:
        """`utterances` (everything, with drop reasons) and one table per stage."""
        base, ent, men = self.base, self.ent, self.men
        tokens, pos, parse, utt_dropped = self.tokens, self.pos, self.parse, self.utt_dropped
        n = len(utt_dropped)
        offsets = _offsets(self.tok_lengths)
        dep_offsets = _offsets(self.dep_lengths)
        ent_offsets = _offsets(self.ent_counts)
        men_utt = np.repeat(np.arange(n), self.men_counts)
        men_rank = self.men_rank
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
            "heads": _list_array(dep_offsets, pa.array(self.heads, pa.int32())),
            "deprels": _list_array(dep_offsets, pa.array(self.deprels, pa.string())),
            "entities": _list_array(
                ent_offsets,
                pa.StructArray.from_arrays(
                    [
                        pa.array(ent["label"], pa.string()),
                        pa.array(ent["start"], pa.int32()),
                        pa.array(ent["end"], pa.int32()),
                    ],
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
        full = {
            **columns,
            "dropped_at": pa.array(base["dropped_at"], pa.string()),
            "reason": pa.array(base["reason"], pa.string()),
        }
        full["mentions"] = mentions_column(np.ones(len(men_utt), dtype=bool), all_rows, False)
        tables = {"utterances": pa.Table.from_pydict(full, schema=schema.UTTERANCES)}
        dropped = np.asarray(utt_dropped, dtype=bool)
        for rank, stage in enumerate(SELECT_LABELS):
            rows = all_rows if rank == 0 else np.flatnonzero(~dropped)
            target = schema.TABLES[stage]
            view = {name: columns[name].take(rows) for name in target.names if name in columns}
            if "dropped_at" in target.names:
                view["dropped_at"] = pa.nulls(len(rows), pa.string())
                view["reason"] = pa.nulls(len(rows), pa.string())
            view["mentions"] = mentions_column(men_rank_arr > rank, rows, True)
            tables[stage] = pa.Table.from_pydict(view, schema=target)
        return tables
