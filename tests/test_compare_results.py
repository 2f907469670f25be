"""scripts/compare-results.py: results folders compared across the renaming of the stages' folders."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import REPO

SCRIPT = REPO / "scripts" / "compare-results.py"
RENAMED = {"translate": "gamma", "refine": "delta", "report/paper": "paper", "report/humaneval": "humaneval"}


@pytest.fixture
def old_layout(tmp_path):
    """The sample's results as the version before the renaming laid them out."""
    results = REPO / "results"
    if not (results / "refine" / "all").is_dir():
        pytest.fail("no results/: run the workflow on the sample first (make test does)")
    old = tmp_path / "old"
    for name in ("select", "translate", "refine", "export", "report/paper", "report/humaneval", "benchmarks"):
        shutil.copytree(results / name, old / RENAMED.get(name, name))
    return old


def compare(old, new):
    return subprocess.run([sys.executable, str(SCRIPT), str(old), str(new)], capture_output=True, text=True)


def test_renamed_folders_compare_equal(old_layout):
    proc = compare(old_layout, REPO / "results")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 differ, 0 missing" in proc.stdout and "benchmarks/translate: old 6 jobs" in proc.stdout


def test_a_changed_or_missing_file_is_named(old_layout):
    table = old_layout / "delta" / "all" / "delta.parquet"
    table.write_bytes(table.read_bytes()[:-1] + b"x")
    (old_layout / "paper" / "table2.csv").unlink()
    proc = compare(old_layout, REPO / "results")
    assert proc.returncode == 1
    assert "differs: delta/all/delta.parquet vs refine/all/delta.parquet" in proc.stdout
    assert "missing in old: report/paper/table2.csv" in proc.stdout
