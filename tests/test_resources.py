"""The repository's files found from any folder (coref_transfer.resources): defaults resolved, user paths kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO

from coref_transfer import resources
from coref_transfer.config import schema, validate_config

ENV = {**os.environ, "PYTHONPATH": str(REPO / "src")}


def test_refine_text_works_from_another_folder(tmp_path):
    """The default parser (and the lexicon the rules read) are found outside the repository's folder."""
    proc = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "refine-text", "Mia padre lavora in banca ."],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["text"] == "Mio padre lavora in banca."
    assert [c["rule"] for c in result["changes"]] == ["possessive_agreement"]


def test_partitions_of_the_default_input_from_another_folder(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "partitions"], cwd=tmp_path, env=ENV, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "train-nw-ledger" in proc.stdout.split()


def test_a_default_resolves_in_the_repository_a_given_path_stays_relative(tmp_path, monkeypatch):
    config = validate_config({})
    monkeypatch.chdir(tmp_path)
    model = Path(resources.config_path(config, "parser.model"))
    assert model == REPO / "resources" / "models" / "it_ud_coref_transfer" and model.is_dir()
    assert resources.config_paths(config, "input.paths") == [str(REPO / "resources" / "sample")]
    mine = validate_config({"parser": {"model": "models/mine", "lexicon": ""}})
    assert resources.config_path(mine, "parser.model") == "models/mine"  # the user's, relative to this folder
    assert resources.config_path(mine, "parser.lexicon") == ""  # no lexicon


def test_from_the_repository_root_the_defaults_stay_as_written(monkeypatch):
    """The workflow runs from the root: the paths it and the manifests see do not change."""
    monkeypatch.chdir(REPO)
    config = validate_config({})
    for key in resources.REPO_DEFAULTS:
        if key != "input.paths":
            assert resources.config_path(config, key) == resources.schema_default(key)
    assert resources.path("tests/data/refine-eval/dev.jsonl") == Path("tests/data/refine-eval/dev.jsonl")


def test_every_default_path_into_the_repository_is_resolved():
    """A new key whose default lies in resources/ must join REPO_DEFAULTS."""
    found = []

    def walk(node, prefix):
        for key, sub in node.get("properties", {}).items():
            dotted = f"{prefix}{key}"
            default = sub.get("default")
            values = default if isinstance(default, list) else [default]
            if any(isinstance(v, str) and v.startswith("resources/") for v in values):
                found.append(dotted)
            walk(sub, dotted + ".")

    walk(schema(), "")
    assert sorted(found) == sorted(resources.REPO_DEFAULTS)
