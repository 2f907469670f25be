"""Shared test helpers: hand-written documents in the `.trees` authoring format."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

from coref_transfer.config import validate_config
from coref_transfer.conll.authoring import parse_trees_file
from coref_transfer.model import Part

pytest_plugins = ["tiny_models"]

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "resources" / "sample"
PLUGINS = REPO / "tests" / "plugins"
"""Translation plugins the tests load (`translate.backend: plugin`): importable here and in PLUGIN_ENV."""
sys.path.insert(0, str(PLUGINS))
PLUGIN_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(PLUGINS)])}
"""The environment for a workflow or CLI subprocess that loads those plugins."""


@pytest.fixture
def config():
    """The default configuration (what config.yaml holds)."""
    return validate_config({})


@pytest.fixture
def make_parts(tmp_path):
    """Build parts from `.trees` text: `make_parts(text, doc_id=...)`."""
    counter = iter(range(1_000_000))

    def build(text: str, doc_id: str = "nw/test/00/test_0001") -> list[Part]:
        path = tmp_path / f"doc{next(counter)}.trees"
        path.write_text(textwrap.dedent(text).strip() + "\n", encoding="utf-8")
        return parse_trees_file(path, doc_id=doc_id)

    return build
