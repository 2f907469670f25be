"""Shared test helpers: hand-written documents in the `.trees` authoring format; the selection of such a
document (`beta3`), a scripted translator and the shipped Italian parser for the translate stage's tests."""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

import pytest

from coref_transfer.config import validate_config
from coref_transfer.conll.authoring import parse_trees_file
from coref_transfer.model import Part
from coref_transfer.translate.mt.base import Backend

pytest_plugins = ["tiny_models"]

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "resources" / "sample"
SHARED_UD = Path(os.environ.get("COREF_TRANSFER_UD", REPO / ".." / "shared" / "data" / "ud")).resolve()
"""The UD Italian treebanks the shipped lexicon was built from (the parser's `ud` default; not shipped)."""
PLUGINS = REPO / "tests" / "plugins"
"""Translation plugins the tests load (`translate.backend: plugin`): importable here and in PLUGIN_ENV."""
sys.path.insert(0, str(PLUGINS))
PLUGIN_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(PLUGINS)])}
"""The environment for a workflow or CLI subprocess that loads those plugins."""


@pytest.fixture(params=["tiny", "joint", "sample"])
def delta(request, tmp_path) -> Path:
    """A δ table: a hand-written one (`delta_rows.TINY`; `delta_rows.JOINT`, with nested mentions and spans in
    two chains), or the sample's (from a workflow run)."""
    from delta_rows import JOINT, SAMPLE_DELTA, TINY, write_delta

    if request.param in ("tiny", "joint"):
        return write_delta(tmp_path / "delta.parquet", TINY if request.param == "tiny" else JOINT)
    if not SAMPLE_DELTA.exists():
        pytest.fail(f"no {SAMPLE_DELTA.relative_to(REPO)}: run the workflow on the sample first (make test does)")
    return SAMPLE_DELTA


@pytest.fixture
def exported(delta, tmp_path):
    """(δ rows grouped by split, export_all's result, the output folder), the exports made with a stand-in
    readability scorer."""
    from delta_rows import fake_readability

    from coref_transfer.export.export import export_all
    from coref_transfer.export.rows import group_rows, load_delta

    out = tmp_path / "export"
    result = export_all(delta, out, readability=fake_readability)
    return group_rows(load_delta(delta)), result, out


@pytest.fixture
def config():
    """The default configuration (what config.yaml holds) with the paper's method (`method:
    placeholders`), whose stages most tests are about; `joint_config` is the joint method's."""
    return validate_config({"method": "placeholders"})


@pytest.fixture
def joint_config():
    """The default configuration: the joint method (`docs/methods.md`)."""
    return validate_config({"method": "joint"})


@pytest.fixture
def make_parts(tmp_path):
    """Build parts from `.trees` text: `make_parts(text, doc_id=...)`."""
    counter = iter(range(1_000_000))

    def build(text: str, doc_id: str = "nw/test/00/test_0001") -> list[Part]:
        path = tmp_path / f"doc{next(counter)}.trees"
        path.write_text(textwrap.dedent(text).strip() + "\n", encoding="utf-8")
        return parse_trees_file(path, doc_id=doc_id)

    return build


def _selected(make_parts, config):
    from coref_transfer.records import SelectedUtterance
    from coref_transfer.select.pipeline import select_part
    from coref_transfer.select.tables import SelectionColumns

    def build(text: str) -> list:
        columns = SelectionColumns()
        for part in make_parts(text):
            columns.add(select_part(part, config))
        return [SelectedUtterance.from_row(r) for r in columns.tables("test")["beta3"].to_pylist()]

    return build


@pytest.fixture
def beta3(make_parts, config):
    """Select's kept utterances of a `.trees` text with the paper's filters: `beta3(text)` (records, as the
    β3 table holds them)."""
    return _selected(make_parts, config)


@pytest.fixture
def joint_beta3(make_parts, joint_config):
    """Select's kept utterances of a `.trees` text with the joint method's filters."""
    return _selected(make_parts, joint_config)


class Scripted(Backend):
    """A test double of a translator: answers each segment with `script(segment, call_number)`, records
    what it was sent and counts its calls. For tests whose point is a chosen model output (a placeholder
    inflected, a tag lost), which a real model cannot be made to produce on demand."""

    name = "scripted"

    def __init__(self, script: Callable[[str, int], str]):
        self.script = script
        self.calls = 0
        self.seen: list[str] = []

    @property
    def fingerprint(self) -> str:
        return "scripted"

    def translate(self, segments: Sequence[str]) -> list[str]:
        self.calls += 1
        self.seen.extend(segments)
        return [self.script(s, self.calls) for s in segments]


@lru_cache(maxsize=1)
def italian_parser():
    """The project's shipped Italian parser (the real one: step 2 of the classes reads its analysis)."""
    from coref_transfer.parsing.backends import SpacyParser

    return SpacyParser(REPO / "resources" / "models" / "it_ud_coref_transfer")
