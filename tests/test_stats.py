"""Stage accounting (coref_transfer.stats): the one check every stage and merge runs, and the summaries."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import REPO

from coref_transfer.errors import CorefTransferError, InputFormatError
from coref_transfer.merge import merge_folders
from coref_transfer.stats import check_accounting, stage_of, stats_markdown

RESULTS = REPO / "results"

TRANSLATE = {
    "input": {"utterances": 3, "mentions": 7},
    "gamma": {"utterances": 2, "tokens": 20, "mentions": 5, "clusters": 2},
    "dropped": {
        "utterances": {"placeholder_lost": 1, "placeholders_exhausted": 0},
        "mentions": {"placeholder_lost": 2, "placeholders_exhausted": 0, "span_misaligned": 0},
    },
    "attempts": {"1": 1, "2": 1},
    "translation": {"requested": 9, "translated": 8, "cache_hits": 1},
}
REFINE = {
    "input": {"utterances": 2},
    "delta": {"utterances": 2, "tokens": 19, "mentions": 5, "refined_utterances": 1, "changes": 1},
    "rules": {"subject_pronoun_deletion": {"applied": 1, "skipped": {"post-verbal subject": 2}}},
}


def test_each_stage_is_recognised_by_what_it_keeps():
    assert stage_of(TRANSLATE) == "translate" and stage_of(REFINE) == "refine"
    with pytest.raises(CorefTransferError, match="not a stats.json of select, translate or refine"):
        stage_of({"input": {}, "gamma": {}, "delta": {}})


@pytest.mark.parametrize("stats,stage,unit", [(TRANSLATE, "translate", "mentions"), (REFINE, "refine", "utterances")])
def test_a_lost_unit_is_an_accounting_error(stats, stage, unit):
    check_accounting(stats)
    broken = json.loads(json.dumps(stats))
    broken["input"][unit] += 1
    with pytest.raises(CorefTransferError, match=f"{stage} accounting error: .* {unit} received"):
        check_accounting(broken, stage)


def test_summaries_of_translate_and_refine():
    text = stats_markdown(TRANSLATE)
    assert "| stage | utterances | tokens | mentions | clusters |" in text
    assert "| input | 3 | – | 7 | – |" in text and "| gamma | 2 | 20 | 5 | 2 |" in text
    assert "| utterances | placeholder_lost | 1 |" in text and "| 2 | 1 |" in text and "| cache_hits | 1 |" in text
    text = stats_markdown(REFINE)
    assert "| delta | 2 | 19 | 5 | 1 | 1 |" in text
    assert "| subject_pronoun_deletion | 1 | post-verbal subject: 2 |" in text


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run([sys.executable, "-m", "coref_transfer", *args], capture_output=True, text=True, env=env)


def sample(path: str):
    if not (RESULTS / path).exists():
        pytest.fail(f"no results/{path}: run the workflow on the sample first (make test does)")
    return RESULTS / path


@pytest.mark.parametrize("stage,label", [("select", "beta3"), ("translate", "gamma"), ("refine", "delta")])
def test_stats_command_reads_every_stage(stage, label):
    proc = run_cli("stats", str(sample(f"{stage}/all/stats.json")))
    assert proc.returncode == 0, proc.stderr
    assert f"| {label} | " in proc.stdout


def test_stats_command_names_a_file_of_another_shape(tmp_path):
    other = tmp_path / "manifest.json"
    other.write_text('{"command": "merge"}')
    proc = run_cli("stats", str(other))
    assert proc.returncode == 1
    assert f"{other}: not a stats.json of select, translate or refine" in proc.stderr


def copy_parts(stage: str, tmp_path):
    parts = sorted(p for p in sample(f"{stage}/parts").iterdir() if not p.name.startswith("."))
    copies = []
    for part in parts:
        shutil.copytree(part, tmp_path / stage / part.name)
        copies.append(tmp_path / stage / part.name)
    return copies


def test_merge_checks_the_refine_stage_accounting(tmp_path):
    parts = copy_parts("refine", tmp_path)
    merge_folders(parts, tmp_path / "ok")
    stats = json.loads((parts[0] / "stats.json").read_text())
    stats["delta"]["utterances"] -= 1  # an utterance lost on the way
    (parts[0] / "stats.json").write_text(json.dumps(stats))
    with pytest.raises(CorefTransferError, match="refine accounting error"):
        merge_folders(parts, tmp_path / "bad")
    assert not (tmp_path / "bad").exists()


def test_merge_takes_the_folders_of_one_stage(tmp_path):
    parts = copy_parts("translate", tmp_path)[:1] + copy_parts("refine", tmp_path)[:1]
    with pytest.raises(
        InputFormatError, match="written by refine, translate; merge takes the partition folders of one"
    ):
        merge_folders(parts, tmp_path / "mixed")
