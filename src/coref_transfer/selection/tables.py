"""Turn selection results into the Parquet tables of `coref_transfer.schema`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyarrow as pa

from coref_transfer import schema
from coref_transfer.selection.classes import MentionClass
from coref_transfer.selection.pipeline import STAGES, PartResult

_NO_CLASS = {"type": None, "gender": None, "number": None, "type_source": None, "gender_source": None, "number_source": None}


def _class_columns(cls: MentionClass | None) -> dict[str, Any]:
    if cls is None:
        return dict(_NO_CLASS)
    return {
        "type": cls.type,
        "gender": cls.gender,
        "number": cls.number,
        "type_source": cls.sources[0],
        "gender_source": cls.sources[1],
        "number_source": cls.sources[2],
    }


def utterance_tables(results: Sequence[PartResult], partition: str) -> dict[str, pa.Table]:
    """`utterances` (everything, with drop reasons) and one table per stage."""
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in ("utterances", *STAGES)}
    for result in results:
        for ufate in result.utterances:
            utt = ufate.utterance
            base = {
                "partition": partition,
                "doc_id": utt.doc_id,
                "part": utt.part,
                "sentence": utt.index,
                "path": utt.path,
                "line": utt.line,
                "speaker": utt.speaker,
                "tokens": utt.tokens,
                "pos": utt.pos,
                "parse": utt.parse_bits,
                "entities": [{"label": e.label, "start": e.span.start, "end": e.span.end} for e in utt.entities],
            }
            mentions = []
            for fate in ufate.mentions:
                record = {
                    "cluster_id": fate.cluster_id,
                    "start": fate.start,
                    "end": fate.end,
                    "root": fate.root,
                    "coordinated": fate.coordinated if fate.root is not None else None,
                    "dropped_at": fate.dropped_at,
                    "reason": fate.reason,
                    **_class_columns(fate.cls),
                }
                mentions.append((fate, record))
            rows["utterances"].append(
                {**base, "dropped_at": ufate.dropped_at, "reason": ufate.reason, "mentions": [r for _, r in mentions]}
            )
            for stage in STAGES:
                if ufate.dropped_at is not None and stage != "alpha":
                    continue
                kept = [{**r, "dropped_at": None, "reason": None} for f, r in mentions if f.alive_after(stage)]
                rows[stage].append({**base, "dropped_at": None, "reason": None, "mentions": kept})
    return {name: pa.Table.from_pylist(data, schema=schema.TABLES[name]) for name, data in rows.items()}


def cluster_table(results: Sequence[PartResult], partition: str) -> pa.Table:
    rows = []
    for result in results:
        for c in result.clusters:
            rows.append(
                {
                    "partition": partition,
                    "doc_id": c.doc_id,
                    "part": c.part,
                    "cluster_id": c.cluster_id,
                    "mentions_read": c.mentions_read,
                    "mentions_kept": c.mentions_kept,
                    "dropped_at": c.dropped_at,
                    "reason": c.reason,
                    **_class_columns(c.cls),
                }
            )
    return pa.Table.from_pylist(rows, schema=schema.CLUSTERS)
