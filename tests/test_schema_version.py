"""Issue 39: a stage table's columns never change without a schema version bump, and a table of another version is
refused with the versions and the command that makes it again.

`schema_fingerprints.json` holds the fingerprint of every table's columns for each schema version; a change to a
schema in `coref_transfer.schema` without a new version (and its fingerprints) fails here.
"""

from __future__ import annotations

import itertools
import json

import pyarrow as pa
import pytest
from conftest import REPO

from coref_transfer import __version__
from coref_transfer.errors import InputFormatError
from coref_transfer.schema import (
    _META,
    SCHEMA_VERSION,
    TABLE_STAGES,
    TABLES,
    read_table,
    schema_fingerprint,
    write_table,
)

FINGERPRINTS = REPO / "tests" / "schema_fingerprints.json"


def current() -> dict[str, str]:
    return {name: schema_fingerprint(schema) for name, schema in TABLES.items()}


def test_the_columns_of_every_table_are_those_of_its_schema_version():
    stored = json.loads(FINGERPRINTS.read_text())
    entry = json.dumps({SCHEMA_VERSION: current()}, indent=2)
    assert SCHEMA_VERSION in stored, (
        f"schema version {SCHEMA_VERSION} has no stored fingerprints: add this entry to {FINGERPRINTS}:\n{entry}"
    )
    changed = sorted(name for name, fingerprint in current().items() if stored[SCHEMA_VERSION].get(name) != fingerprint)
    assert not changed, (
        f"the columns of {changed} changed without a schema version bump: set SCHEMA_VERSION in "
        f"src/coref_transfer/schema.py to a new version and add its fingerprints to {FINGERPRINTS} "
        f"(and a line to the migration notes):\n{entry}"
    )


def test_each_stored_version_has_other_columns_than_the_one_before():
    stored = json.loads(FINGERPRINTS.read_text())
    versions = sorted(stored, key=int)
    assert versions[-1] == SCHEMA_VERSION
    for older, newer in itertools.pairwise(versions):
        assert stored[older] != stored[newer], f"versions {older} and {newer} have the same columns"


def test_the_fingerprint_follows_the_columns_and_nothing_else():
    schema = TABLES["gamma"]
    base = schema_fingerprint(schema)
    assert schema_fingerprint(schema.remove_metadata()) == base
    assert schema_fingerprint(schema.with_metadata({b"schema_version": b"99"})) == base
    assert schema_fingerprint(schema.append(pa.field("extra", pa.string()))) != base
    first = schema.field(0)
    assert schema_fingerprint(schema.set(0, first.with_nullable(not first.nullable))) != base
    assert schema_fingerprint(schema.set(0, first.with_name(first.name + "_x"))) != base
    # a field inside a nested type: the mentions' struct
    mentions = schema.get_field_index("mentions")
    struct = schema.field(mentions).type.value_type
    renamed = pa.struct([struct.field(i).with_name(f"f{i}") for i in range(struct.num_fields)])
    assert schema_fingerprint(schema.set(mentions, pa.field("mentions", pa.list_(renamed)))) != base
    # the order of the columns counts: readers compare the schema as a whole
    swapped = pa.schema([schema.field(1), schema.field(0), *list(schema)[2:]])
    assert schema_fingerprint(swapped) != base


def test_every_table_has_the_stage_that_writes_it():
    assert set(TABLE_STAGES) == set(TABLES)
    assert set(TABLE_STAGES.values()) == {"select", "translate", "refine"}


def empty_table(name: str, metadata: dict[bytes, bytes]) -> pa.Table:
    return TABLES[name].with_metadata(metadata).empty_table()


def test_a_table_of_an_older_version_is_refused_with_the_versions_and_the_way_out(tmp_path):
    folder = tmp_path / "translate" / "all"
    folder.mkdir(parents=True)
    manifest = {"versions": {"coref-transfer": "0.0.9"}, "git_revision": "e6d26a4a7f3c9d1b2e8f"}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    path = folder / "gamma.parquet"
    write_table(empty_table("gamma", {b"schema_version": b"3"}), path)
    with pytest.raises(InputFormatError) as caught:
        read_table(path, "gamma")
    message = str(caught.value)
    assert str(path) in message
    assert "schema version 3" in message and f"reads schema version {SCHEMA_VERSION}" in message
    assert "coref-transfer 0.0.9 (git e6d26a4a7f3c)" in message and f"coref-transfer {__version__}" in message
    assert "snakemake --forcerun translate" in message


def test_a_table_whose_columns_differ_names_them_even_without_a_manifest(tmp_path):
    path = tmp_path / "delta.parquet"
    schema = TABLES["delta"]
    table = schema.append(pa.field("extra", pa.int32())).remove(0).with_metadata(_META).empty_table()
    write_table(table, path)
    with pytest.raises(InputFormatError) as caught:
        read_table(path, "delta")
    message = str(caught.value)
    assert f"missing [{schema.field(0).name!r}]" in message and "unexpected ['extra']" in message
    assert "an unknown version of coref-transfer" in message and "snakemake --forcerun refine" in message


def test_a_table_of_this_version_reads(tmp_path):
    path = tmp_path / "clusters.parquet"
    write_table(empty_table("clusters", _META), path)
    assert read_table(path, "clusters").num_rows == 0
