"""The English input in either format: found, told apart, partitioned, and run through select.

CorefUD input reaches select as the CoNLL-2012 input does (`coref_transfer.inputs`); the
sentences' dependency trees take the constituency tree's place, CorefUD's entity types give
the classes' type first, and what a span cannot hold is dropped with a named reason.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from conftest import REPO
from corefud_samples import GUM, GUM_FILES, OURS

from coref_transfer.config import validate_config
from coref_transfer.errors import ConfigError, InputFormatError, MissingInputError
from coref_transfer.inputs import file_format, find_input_files, read_parts
from coref_transfer.partitions import discover
from coref_transfer.records import read_records
from coref_transfer.select.pipeline import compute_stats, select_part
from coref_transfer.select.run import run_select

SAMPLE_FILE = REPO / "resources/sample/development/data/english/annotations/nw/ledger/00/ledger_0008.gold_conll"
CONFIG = validate_config({"method": "placeholders"})
needs_gum = pytest.mark.skipif(not GUM_FILES, reason=f"no GUM train documents in {GUM} (not shipped: their licences)")


@pytest.fixture
def mixed(tmp_path):
    """A folder with one file of each format, and one of each named otherwise."""
    (tmp_path / "train").mkdir()
    shutil.copy(SAMPLE_FILE, tmp_path / "train" / "a.gold_conll")
    (tmp_path / "train" / "b.conllu").write_text(OURS, encoding="utf-8")
    shutil.copy(SAMPLE_FILE, tmp_path / "conll.txt")
    (tmp_path / "corefud.txt").write_text(OURS, encoding="utf-8")
    return tmp_path


def test_format_by_name_then_by_first_line(mixed):
    assert file_format(mixed / "train" / "a.gold_conll") == "conll2012"
    assert file_format(mixed / "train" / "b.conllu") == "corefud"
    assert file_format(mixed / "conll.txt") == "conll2012"
    assert file_format(mixed / "corefud.txt") == "corefud"
    assert file_format(mixed / "conll.txt", "corefud") == "corefud"  # a named format is taken as said
    (mixed / "empty.txt").write_text("\n\n")
    with pytest.raises(InputFormatError, match="empty"):
        file_format(mixed / "empty.txt")
    with pytest.raises(ConfigError, match="auto, conll2012, corefud"):
        file_format(mixed / "conll.txt", "conllu")


def test_folders_searched_for_the_format_asked(mixed):
    folder = mixed / "train"
    assert [p.name for p in find_input_files([folder])] == ["a.gold_conll", "b.conllu"]
    assert [p.name for p in find_input_files([folder], "conll2012")] == ["a.gold_conll"]
    assert [p.name for p in find_input_files([folder], "corefud")] == ["b.conllu"]
    assert [p.name for p in find_input_files([mixed / "corefud.txt"], "conll2012")] == ["corefud.txt"]
    (mixed / "none").mkdir()
    with pytest.raises(MissingInputError, match=r"'\*gold_conll' or '\*.conllu'"):
        find_input_files([mixed / "none"])


def test_both_formats_read_into_parts(mixed):
    conll = read_parts(mixed / "conll.txt")
    corefud = read_parts(mixed / "corefud.txt")
    assert conll[0].utterances[0].has_tree and not conll[0].utterances[0].heads
    assert not corefud[0].utterances[0].has_tree and corefud[0].utterances[0].heads


def test_partitions_of_corefud_files(tmp_path):
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "x.conllu").write_text("# newdoc id = x\n# meta::genre = bio\n" + OURS.split("\n", 1)[1])
    (tmp_path / "dev" / "y.conllu").write_text(OURS)
    assert {name: [p.name for p in files] for name, files in discover([tmp_path], ["split", "genre"]).items()} == {
        "development-bio": ["x.conllu"],
        "development-unknown": ["y.conllu"],
    }


def test_unplaced_mentions_and_relations_are_counted(tmp_path):
    """OURS has a discontinuous mention (e8), a zero on an empty node (e6), a split antecedent and a bridge."""
    path = tmp_path / "ours.conllu"
    path.write_text(OURS, encoding="utf-8")
    stats = run_select([path], tmp_path / "out", CONFIG, progress=False)
    assert stats["dropped"]["mentions"]["discontinuous"] == 1
    assert stats["dropped"]["mentions"]["zero_mention"] == 1
    assert stats["anomalies"]["bridging"] == 1 and stats["anomalies"]["split_antecedent"] == 2
    assert stats["anomalies"]["sentences_without_tree"] == 0
    # every mention read is in the input, kept or dropped (run_select checked input = kept + dropped)
    read = sum(len(u.mentions) + len(u.unplaced) for p in read_parts(path) for u in p.utterances)
    assert stats["input"]["mentions"] == read
    # e6 and e8 have no other mention: their chains are read and dropped as too small
    assert stats["input"]["clusters"] == sum(len({m.cluster_id for u in p.utterances for m in [*u.mentions, *u.unplaced]})
                                             for p in read_parts(path))  # fmt: skip
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["config"]["input_format"] == "auto"


def test_the_dependency_tree_decides_root_and_role(tmp_path):
    """'Anna and Bruno don't know it.': [it] is the object of know, [Anna] and [Bruno] their own roots,
    and the outer [Anna and Bruno] goes at α (nested), as in CoNLL-2012 input."""
    path = tmp_path / "ours.conllu"
    path.write_text(OURS, encoding="utf-8")
    [part, _] = read_parts(path)
    result = select_part(part, CONFIG)
    first = result.utterances[0]
    it = next(f for f in first.mentions if first.utterance.tokens[f.span.start] == "it")
    assert (it.root, it.role) == (6, "object")
    assert [(f.span.start, f.root, f.reason) for f in first.mentions if f.span.end <= 2] == [
        (0, 0, None),
        (2, 2, None),
        (0, None, "nested"),
    ]


@needs_gum
def test_gum_runs_through_select_with_every_mention_accounted_for(tmp_path):
    stats = run_select([GUM], tmp_path / "select", CONFIG, progress=False, workers=2, fmt="corefud")
    assert stats["input"]["documents"] == len(GUM_FILES) == 177
    assert stats["input"]["mentions"] == 49649 and stats["input"]["clusters"] == 25758
    assert stats["anomalies"]["sentences_without_tree"] == 0
    assert stats["beta3"]["clusters"] > 1000
    # pronouns get their role from the dependency tree, not the "no tree" default (other)
    roles = stats["roles"]
    assert roles["subject"] > 10 * roles["other"] and roles["object"] > 100 and roles["possessive"] > 100
    # GUM's entity types: Zaha Hadid's chain is a person (fem, from "her"), the London Olympics' a thing
    clusters = {(c.doc_id, c.cluster_id): c for c in read_records(tmp_path / "select" / "clusters.parquet", "clusters")}
    hadid = [c for (doc, _), c in clusters.items() if doc == "GUM_bio_hadid" and c.cls is not None]
    assert any((c.cls.type, c.cls.gender) == ("person", "fem") for c in hadid)


@needs_gum
def test_gum_same_stats_as_the_pipeline_on_parts():
    """The CLI path and the library path agree (compute_stats over select_part)."""
    parts = [p for path in GUM_FILES[:5] for p in read_parts(path)]
    stats = compute_stats(select_part(p, CONFIG) for p in parts)
    assert stats["input"]["documents"] == 5


def test_cli_input_format(tmp_path):
    path = tmp_path / "ours.txt"
    path.write_text(OURS, encoding="utf-8")
    run = [sys.executable, "-m", "coref_transfer", "select", str(path), "--out", str(tmp_path / "o"), "--no-progress"]
    done = subprocess.run([*run, "--input-format", "corefud"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    wrong = subprocess.run([*run, "--input-format", "conll2012"], capture_output=True, text=True, check=False)
    assert wrong.returncode != 0 and "ours.txt" in wrong.stderr
