"""The CLI as users run it (a real subprocess) and the configuration rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from conftest import REPO

from coref_transfer.config import load_config, schema, validate_config
from coref_transfer.errors import ConfigError

DOC = """\
%part 0
(TOP (S (NP=PERSON#1 (NNP Giulia) (NNP Ferri)) (VP (VBD opened) (NP#2 (DT the) (NN bakery)) (PP (IN in) (NP=DATE (NNP May)))) (. .)))
(TOP (S (NP#1 (PRP She)) (VP (VBD sold) (NP#2 (PRP it)) (NP (DT last) (NN year))) (. .)))
"""


def run_cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "coref_transfer", *args], cwd=cwd, capture_output=True, text=True)


def test_both_module_spellings_run_the_cli_and_print_the_version():
    """Issue 39: `python -m coref_transfer.cli` ran no more once the CLI became a package; `--version` asked for
    a command. Both spellings answer, the same way."""
    from coref_transfer import __version__

    for module in ("coref_transfer", "coref_transfer.cli"):
        proc = subprocess.run([sys.executable, "-m", module, "--version"], cwd=REPO, capture_output=True, text=True)
        assert proc.returncode == 0 and proc.stdout.strip() == __version__, (module, proc.stderr)
        listed = subprocess.run([sys.executable, "-m", module, "--help"], cwd=REPO, capture_output=True, text=True)
        assert listed.returncode == 0 and "refine-eval" in listed.stdout, module


@pytest.fixture
def conll_file(tmp_path):
    from coref_transfer.conll.authoring import parse_trees_file
    from coref_transfer.conll.writer import write_conll

    src = tmp_path / "nw_test_0001.trees"
    src.write_text(DOC)
    target = tmp_path / "in" / "test_0001.gold_conll"
    write_conll(target, parse_trees_file(src))
    return target


def test_select_writes_tables_stats_manifest(tmp_path, conll_file):
    out = tmp_path / "out"
    proc = run_cli("select", str(conll_file), "--out", str(out), "--no-progress")
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(
        [
            "alpha.parquet",
            "beta1.parquet",
            "beta2.parquet",
            "beta3.parquet",
            "clusters.parquet",
            "utterances.parquet",
            "stats.json",
            "manifest.json",
        ]
    )
    stats = json.loads((out / "stats.json").read_text())
    assert stats["beta3"] == {"documents": 1, "parts": 1, "utterances": 2, "tokens": 14, "mentions": 4, "clusters": 2}
    assert set(stats) >= {"alpha", "beta1", "beta2", "beta3", "dropped", "input"}
    assert stats["classes"] == {"person/fem/sing": 1, "thing/masc/sing": 1}
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["inputs"]) == {str(conll_file)}
    assert manifest["config"]["select"]["max_tokens"] == 25
    rows = pq.read_table(out / "beta3.parquet").to_pylist()
    assert [m["type"] for m in rows[0]["mentions"]] == ["person", "thing"]


def test_select_is_deterministic(tmp_path, conll_file):
    for name in ("a", "b"):
        assert run_cli("select", str(conll_file), "--out", str(tmp_path / name), "--no-progress").returncode == 0
    for path in sorted((tmp_path / "a").iterdir()):
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes(), path.name


def test_bad_input_exits_1_and_writes_nothing(tmp_path, conll_file):
    text = conll_file.read_text().replace("(TOP(S(NP*", "(TOP(S(NP", 1)
    conll_file.write_text(text)
    out = tmp_path / "out"
    proc = run_cli("select", str(conll_file), "--out", str(out), "--no-progress")
    assert proc.returncode == 1
    assert f"{conll_file}:2: malformed parse bit" in proc.stderr
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


def test_missing_input_exits_1(tmp_path):
    proc = run_cli("select", str(tmp_path / "nope"), "--out", str(tmp_path / "out"))
    assert proc.returncode == 1 and "no such file or folder" in proc.stderr


def test_usage_error_exits_2(tmp_path):
    assert run_cli("select", "--out", str(tmp_path / "out")).returncode == 2
    assert run_cli("no-such-command").returncode == 2


def test_bad_config_names_key_and_allowed_values(tmp_path, conll_file):
    bad = tmp_path / "bad.yaml"
    bad.write_text("partitions:\n  by: [split, genre, section]\n")
    proc = run_cli("select", str(conll_file), "--out", str(tmp_path / "o"), "--config", str(bad))
    assert proc.returncode == 1
    assert "config key 'partitions.by.2'" in proc.stderr and "allowed values: split, genre, source" in proc.stderr


def test_merge_sums_partitions(tmp_path, conll_file):
    for name in ("p1", "p2"):
        assert (
            run_cli(
                "select", str(conll_file), "--out", str(tmp_path / name), "--partition", name, "--no-progress"
            ).returncode
            == 0
        )
    proc = run_cli("merge", str(tmp_path / "p1"), str(tmp_path / "p2"), "--out", str(tmp_path / "all"))
    assert proc.returncode == 0, proc.stderr
    stats = json.loads((tmp_path / "all" / "stats.json").read_text())
    assert stats["input"]["mentions"] == 8 and stats["classes"] == {"person/fem/sing": 2, "thing/masc/sing": 2}
    table = pq.read_table(tmp_path / "all" / "utterances.parquet")
    assert table.column("partition").to_pylist() == ["p1", "p1", "p2", "p2"]


def test_merge_rejects_a_corrupt_table(tmp_path, conll_file):
    run_cli("select", str(conll_file), "--out", str(tmp_path / "p1"), "--no-progress")
    (tmp_path / "p1" / "beta3.parquet").write_bytes(b"PAR1 truncated")
    proc = run_cli("merge", str(tmp_path / "p1"), "--out", str(tmp_path / "all"))
    assert proc.returncode == 1 and "beta3.parquet: not a readable Parquet file" in proc.stderr
    assert not (tmp_path / "all").exists()


# --- configuration -------------------------------------------------------------


def test_config_yaml_equals_schema_defaults():
    """config.yaml documents every key with its default: the two never drift."""
    shipped = yaml.safe_load((REPO / "config.yaml").read_text())
    assert shipped == validate_config({})


def test_every_schema_key_has_a_description_or_is_a_section():
    def walk(node, path):
        for key, sub in node.get("properties", {}).items():
            if sub.get("type") == "object" and "properties" in sub:
                walk(sub, f"{path}{key}.")
            elif path.startswith("classes.fallback"):
                continue
            else:
                assert sub.get("description"), f"{path}{key} has no description"

    walk(schema(), "")


@pytest.mark.parametrize(
    "override,message",
    [
        ({"select": {"min_tokens": 0}}, "config key 'select.min_tokens': 0 is less than the minimum of 1"),
        ({"select": {"min_tokens": 30}}, "the minimum must not exceed the maximum"),
        ({"select": {"max_tokens": "many"}}, "config key 'select.max_tokens': 'many' is not of type 'integer'"),
        ({"classes": {"fallback": {"gender": "neuter"}}}, "allowed values: masc, fem"),
        ({"select": {"min_token": 3}}, "valid keys: first_second_person, keep_possessives"),
        ({"nonsense": 1}, "config key '(top level)'"),
        # configurations written before each stage had one name are told the new one
        ({"selection": {"min_tokens": 3}, "gamma": {}}, "'selection' is now 'select'; 'gamma' is now 'translate'"),
        ({"parsing": {"model": "x"}}, "'parsing' is now 'parser'"),
    ],
)
def test_config_errors(override, message):
    with pytest.raises(ConfigError) as info:
        validate_config(override)
    assert message in str(info.value)


def test_config_file_errors(tmp_path):
    with pytest.raises(ConfigError, match="cannot read the config file"):
        load_config(tmp_path / "absent.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("selection: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(broken)


def test_config_show_prints_resolved_config():
    proc = run_cli("config", "show", "--config-json", '{"select": {"max_tokens": 30}}')
    assert proc.returncode == 0
    assert yaml.safe_load(proc.stdout)["select"]["max_tokens"] == 30


ODD = """\
%part 0
(TOP (S (NP=PERSON#1#2 (NNP Anna) (NNP Verdi)) (VP (VBD met) (NP#3 (DT the) (NN mayor)) (PP (IN in) (NP=GPE#4 (NNP Lecce)))) (. .)))
(TOP (S (NP#1 (PRP She)) (VP (VBD thanked) (NP#3 (PRP him)) (PP (IN for) (NP#5 (DT the) (NN visit)))) (. .)))
"""


def test_real_corpus_oddities_are_survived_and_counted(tmp_path):
    """A span in two chains, crossing mentions and one-mention chains: read, dropped with reasons, counted."""
    from coref_transfer.conll.authoring import parse_trees_file
    from coref_transfer.conll.writer import write_conll

    src = tmp_path / "nw_odd_0001.trees"
    src.write_text(ODD)
    target = tmp_path / "in" / "odd_0001.gold_conll"
    write_conll(target, parse_trees_file(src))
    # make "met the" (tokens 2-3) a mention of chain 6: it crosses "the mayor" (3-4)
    lines = target.read_text().split("\n")
    for i, line in enumerate(lines):
        cells = line.split()
        if (
            len(cells) >= 12
            and cells[2] in ("2", "3")
            and cells[3] in ("met", "the")
            and cells[1] == "0"
            and "mayor" not in line
        ):
            if cells[3] == "met":
                cells[-1] = "(6"
            elif cells[3] == "the" and cells[-1] == "(3":
                cells[-1] = "6)|(3"
            lines[i] = "   ".join(cells)
    target.write_text("\n".join(lines))
    out = tmp_path / "out"
    proc = run_cli("select", str(target), "--out", str(out), "--no-progress")
    assert proc.returncode == 0, proc.stderr
    stats = json.loads((out / "stats.json").read_text())
    assert stats["anomalies"]["span_in_two_chains"] == 1  # Anna Verdi in chains 1 and 2: chain 1 keeps it
    assert stats["anomalies"]["crossing_mentions"] == 2  # "met the" and "the mayor"
    assert stats["anomalies"]["singleton_chains"] == 4  # chains 2, 4, 5, 6
    assert stats["dropped"]["mentions"]["duplicate_span"] == 1
    assert stats["dropped"]["mentions"]["crossing"] == 2
    for unit in ("utterances", "mentions", "clusters"):
        assert stats["input"][unit] == stats["beta3"][unit] + sum(stats["dropped"][unit].values())
    clusters = {
        r["cluster_id"]: (r["reason"], r["type"], r["gender"])
        for r in pq.read_table(out / "clusters.parquet").to_pylist()
    }
    assert clusters[1] == (None, "person", "fem")  # Anna Verdi ... She
    assert clusters[3][0] == "too_small"  # "the mayor" crossed away, "him" alone is left
    assert clusters[2][0] == "too_small"


def test_nested_values_from_snakemake_config_option_are_read_as_their_type():
    """`snakemake --config 'train={"augment": 2, "max_steps": null}'` hands nested values over as strings (YAML's
    BaseLoader): they are read as the keys' types; a string key keeps its string; a bad value still fails."""
    config = validate_config({"train": {"augment": "2", "max_steps": "null", "encoder": "123"},
                              "augment": {"share": "0.5", "types": ["person"]}})  # fmt: skip
    assert config["train"]["augment"] == 2 and config["train"]["max_steps"] is None
    assert config["train"]["encoder"] == "123" and config["augment"]["share"] == 0.5
    with pytest.raises(ConfigError, match="train.augment"):
        validate_config({"train": {"augment": "two"}})
    with pytest.raises(ConfigError, match="train.augment"):
        validate_config({"train": {"augment": "true"}})  # a boolean is not an integer
