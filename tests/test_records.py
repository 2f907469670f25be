"""The stage tables' record types (coref_transfer.records): exact round trips and one span type."""

from __future__ import annotations

import pytest
from conftest import REPO

from coref_transfer.classes import MentionClass
from coref_transfer.model import Span
from coref_transfer.records import RECORDS, read_records, records_table, write_records
from coref_transfer.schema import TABLES, read_table

RESULTS = REPO / "results"
# fmt: off
FOLDERS = {"utterances": "select", "alpha": "select", "beta1": "select", "beta2": "select", "beta3": "select",
           "clusters": "select", "gamma": "translate", "delta": "refine"}
# fmt: on


def sample_table(name: str):
    path = RESULTS / FOLDERS[name] / "all" / f"{name}.parquet"
    if not path.exists():
        pytest.fail(f"no {path.relative_to(REPO)}: run the workflow on the sample first (make test does)")
    return path


def test_every_table_has_one_record_type():
    assert set(RECORDS) == set(TABLES)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_records_round_trip_every_sample_table_exactly(name):
    """Read as records and back: the same Arrow table (values, nulls, types), so a stage that writes
    records writes what it wrote from dicts before."""
    path = sample_table(name)
    records = read_records(path, name)
    assert records and all(type(r) is RECORDS[name] for r in records)
    assert records_table(records, name).equals(read_table(path, name))


@pytest.mark.parametrize("name", ["gamma", "delta"])
def test_records_written_again_are_byte_identical(name, tmp_path):
    """translate and refine write through write_records: rewriting their tables changes no byte."""
    parts = sorted((RESULTS / FOLDERS[name] / "parts").glob(f"*/{name}.parquet"))  # as the stage wrote them
    assert parts, f"no {FOLDERS[name]} partition folders: run the workflow on the sample first (make test does)"
    for path in parts:
        write_records(read_records(path, name), tmp_path / f"{name}.parquet", name)
        assert (tmp_path / f"{name}.parquet").read_bytes() == path.read_bytes(), path


def test_mentions_hold_spans_and_classes_in_every_stage():
    beta3 = read_records(sample_table("beta3"), "beta3")
    gamma = read_records(sample_table("gamma"), "gamma")
    delta = read_records(sample_table("delta"), "delta")
    m = beta3[0].mentions[0]
    assert isinstance(m.span, Span) and isinstance(m.cls, MentionClass)
    t = gamma[0].mentions[0]
    assert isinstance(t.source_span, Span) and t.source_span == m.span and isinstance(t.span, Span)
    r = delta[0].mentions[0]
    assert isinstance(r.span, Span) and isinstance(r.span_before, Span) and r.span_before == t.span
    # a dropped mention has no class; the utterance table keeps it with its reason
    utterances = read_records(sample_table("utterances"), "utterances")
    dropped = [m for u in utterances for m in u.mentions if m.dropped_at is not None]
    assert dropped and all(m.cls is None and m.reason for m in dropped)
