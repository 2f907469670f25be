"""Partition naming and the CoNLL reader/writer round trip on the whole sample."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLE

from coref_transfer.conll.reader import find_conll_files, read_conll
from coref_transfer.conll.writer import format_part
from coref_transfer.errors import InputFormatError
from coref_transfer.partitions import discover, partition_name, path_fields

HEADER = "#begin document (bc/cctv/00/cctv_0001); part 000\n"


def test_release_layout_fields():
    path = Path("/data/conll-2012/v4/data/train/data/english/annotations/bc/cctv/00/cctv_0001.v4_gold_conll")
    assert path_fields(path) == {"split": "train", "genre": "bc", "source": "cctv"}


def test_plain_folder_fields_come_from_the_document_id(tmp_path):
    path = tmp_path / "dev" / "whatever.gold_conll"
    path.parent.mkdir()
    path.write_text(HEADER)
    assert path_fields(path) == {"split": "development", "genre": "bc", "source": "cctv"}
    other = tmp_path / "loose.gold_conll"
    other.write_text("\n" + HEADER)
    assert path_fields(other) == {"split": "all", "genre": "bc", "source": "cctv"}


def test_first_line_must_be_a_header(tmp_path):
    path = tmp_path / "x" / "bad.gold_conll"
    path.parent.mkdir()
    path.write_text("bc/cctv/00/cctv_0001 0 0 Hi UH * - - - - * -\n")
    with pytest.raises(InputFormatError, match=r"bad.gold_conll:1: expected '#begin document"):
        path_fields(path)


def test_partition_names():
    fields = {"split": "train", "genre": "bc", "source": "cctv/x"}
    assert partition_name(fields, ["split", "genre", "source"]) == "train-bc-cctv_x"
    assert partition_name(fields, ["genre"]) == "bc"
    assert partition_name(fields, []) == "all"


def test_sample_partitions():
    found = discover([SAMPLE], ["split", "genre", "source"])
    assert list(found) == sorted(found)
    assert set(found) == {f"{s}-{g}" for s in ("train", "development", "test") for g in ("bc-studio", "nw-ledger")}
    assert sum(len(v) for v in found.values()) == 22
    assert discover([SAMPLE], ["genre"]).keys() == {"bc", "nw"}


def test_reader_writer_round_trip_on_the_sample():
    files = find_conll_files([SAMPLE])
    assert len(files) == 22
    for path in files:
        assert "".join(format_part(p) for p in read_conll(path)) == path.read_text(), path
