"""The real Snakemake workflow on the embedded sample: lint, full run, re-runs, determinism."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
import yaml
from conftest import REPO, SAMPLE
from workflow_runs import SNAKEMAKE, command, jobs_run, make_workdir, snakemake

from coref_transfer.schema import SCHEMA_VERSION

pytestmark = pytest.mark.slow


def test_lint_is_clean():
    proc = subprocess.run([*SNAKEMAKE, "--lint"], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Congratulations, your workflow is in a good condition!" in proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    workdir = make_workdir(tmp_path_factory.mktemp("wf") / "a")
    proc = snakemake(workdir)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return workdir, proc


def test_full_run_merges_every_partition(first_run):
    workdir, proc = first_run
    from coref_transfer.partitions import discover

    partitions = discover([workdir / "data"], ["split", "genre", "source"])
    assert set(partitions) >= {"train-nw-ledger", "train-bc-studio", "development-nw-ledger", "test-bc-studio"}
    assert sorted(p for r, p in jobs_run(proc) if r == "select") == sorted(partitions)
    merged = json.loads((workdir / "results/select/all/stats.json").read_text())
    parts = [json.loads((workdir / f"results/select/parts/{p}/stats.json").read_text()) for p in partitions]
    assert merged["input"]["tokens"] == sum(p["input"]["tokens"] for p in parts)
    for unit in ("utterances", "mentions", "clusters"):
        assert merged["input"][unit] == merged["beta3"][unit] + sum(merged["dropped"][unit].values())
    assert merged["input"]["documents"] >= 20 and merged["input"]["utterances"] >= 250
    gamma = json.loads((workdir / "results/translate/all/stats.json").read_text())
    assert gamma["input"] == {"utterances": merged["beta3"]["utterances"], "mentions": merged["beta3"]["mentions"]}
    for unit in ("utterances", "mentions"):
        assert gamma["input"][unit] == gamma["gamma"][unit] + sum(gamma["dropped"][unit].values())
    assert gamma["gamma"]["utterances"] == merged["beta3"]["utterances"]  # the sample's memory keeps every placeholder
    delta = json.loads((workdir / "results/refine/all/stats.json").read_text())
    assert delta["input"]["utterances"] == delta["delta"]["utterances"] == gamma["gamma"]["utterances"]
    assert delta["methods"] == {"placeholders": 0, "joint": delta["delta"]["utterances"]}  # the default method
    assert delta["joint_rules"]["subject_pronoun_deletion"]["applied"] > 0
    # the report: every table in three formats, both figures, numbers traceable to the stats
    paper = workdir / "results/report/paper"
    for name in (
        "table2",
        "table9",
        "table15",
        "table16",
        "table17",
        "table18",
        "dropped",
        "agreement_audit",
        "agreement_examples",
    ):
        for ext in ("md", "tex", "csv"):
            assert (paper / f"{name}.{ext}").stat().st_size > 0
    for name in ("figure2", "figure8"):
        assert (paper / f"{name}.png").stat().st_size > 0 and (paper / f"{name}.svg").stat().st_size > 0
    import csv

    table2 = list(csv.DictReader((paper / "table2.csv").open()))
    everything = {row["data"]: row for row in table2 if row["split"] == "all"}
    assert int(everything["source (English)"]["mentions"]) == merged["input"]["mentions"]
    assert int(everything["result (Italian, δ)"]["utterances"]) == delta["delta"]["utterances"]
    assert int(everything["result (Italian, δ)"]["mentions"]) == delta["delta"]["mentions"]
    # the agreement audit: the report's table is the refine stage's summed stats
    from coref_transfer.audit import audit_rows

    audit = [
        (row["measure"], int(row["count"]), int(row["out of"]))
        for row in csv.DictReader((paper / "agreement_audit.csv").open())
    ]
    assert audit == audit_rows(delta["agreement"])
    assert delta["agreement"]["predicates"]["utterances"] == delta["delta"]["utterances"]
    assert "### Agreement audit: the first 10 subject–predicate clashes" in (paper / "index.md").read_text()
    exports = sorted(p.name for p in (workdir / "results/export").iterdir() if not p.name.startswith("."))
    assert exports == sorted(
        ["manifest.json"]
        + [f"{s}.{e}" for s in ("train", "development", "test") for e in ("gold_conll", "json", "conllu", "jsonlines")]
    )
    assert sorted(p.name for p in (workdir / "results/report/humaneval").iterdir() if not p.name.startswith(".")) == [
        "README.txt",
        "manifest.json",
        "rate-rater1.html",
        "rate-rater2.html",
        "rate-rater3.html",
        "sample.json",
    ]
    assert (paper / "manifest.json").is_file()


def test_no_change_rerun_does_nothing(first_run):
    workdir, _ = first_run
    proc = snakemake(workdir, "--dry-run")
    assert proc.returncode == 0
    assert "Nothing to be done" in proc.stdout + proc.stderr


def test_changing_one_partition_reruns_only_it(first_run):
    workdir, _ = first_run
    victim = min((workdir / "data/train/data/english/annotations/nw").rglob("*.gold_conll"))
    text = victim.read_text()
    victim.write_text(text.replace("   -   -   -   ", "   -   -   -   ", 1) + "\n")
    proc = snakemake(workdir)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert sorted(jobs_run(proc)) == [
        ("all", ""),
        ("export", ""),
        ("humaneval", ""),
        ("merge_refine", ""),
        ("merge_select", ""),
        ("merge_translate", ""),
        ("preflight", ""),
        ("refine", "train-nw-ledger"),
        ("report", ""),
        ("select", "train-nw-ledger"),
        ("translate", "train-nw-ledger"),
    ]


def test_two_clean_runs_are_byte_identical(first_run, tmp_path):
    workdir, _ = first_run
    other = make_workdir(tmp_path / "b")
    # the first run's input was touched by the re-run test: give both the same bytes
    shutil.rmtree(other / "data")
    shutil.copytree(workdir / "data", other / "data")
    proc = snakemake(other)
    assert proc.returncode == 0, proc.stderr[-3000:]
    snakemake(workdir, "--forceall")

    def outputs(root):
        return sorted(
            p.relative_to(root)
            for d in ("select", "translate", "refine", "export", "report")  # translate/preflight too
            for p in (root / "results" / d).rglob("*")
            if p.is_file() and p.name != ".snakemake_timestamp"
        )

    ours, theirs = outputs(workdir), outputs(other)
    assert ours == theirs
    for rel in ours:
        assert (workdir / rel).read_bytes() == (other / rel).read_bytes(), rel


def test_bad_config_fails_before_any_job(tmp_path):
    workdir = make_workdir(tmp_path / "w")
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    config["partitions"]["by"] = ["split", "section"]
    (workdir / "config.yaml").write_text(yaml.safe_dump(config))
    proc = snakemake(workdir, "--dry-run")
    assert proc.returncode != 0
    assert (
        "config key 'partitions.by.1': 'section' is not allowed; allowed values: split, genre, source"
        in proc.stdout + proc.stderr
    )
    assert not (workdir / "results").exists()


def test_malformed_input_fails_its_job_with_file_and_line(tmp_path):
    workdir = make_workdir(tmp_path / "w")
    victim = min((workdir / "data/test").rglob("*.gold_conll"))
    lines = victim.read_text().split("\n")
    lines[3] = lines[3].replace("   ", "   x", 1)  # a document id that differs from the header
    victim.write_text("\n".join(lines))
    proc = snakemake(workdir)
    assert proc.returncode != 0
    log = next((workdir / "results/logs/select").glob("test-*.log"))
    failed = [p for p in (workdir / "results/logs/select").glob("*.log") if f"{victim.name}:4:" in p.read_text()]
    assert failed, log.read_text()
    assert "differs from the header's" in failed[0].read_text()
    partition = failed[0].stem
    assert not (workdir / f"results/select/parts/{partition}/stats.json").exists()
    assert not (workdir / "results/select/all").exists()


def test_train_target_runs_end_to_end_on_the_sample(first_run):
    """`snakemake train`: tiny encoder, training with dev selection, prediction and scoring of test (CPU)."""
    workdir, _ = first_run
    proc = snakemake(workdir, "train")
    assert proc.returncode == 0, proc.stderr[-3000:]
    metrics = json.loads((workdir / "results/train/test.metrics.json").read_text())
    assert set(metrics["scores"]) >= {"muc", "bcub", "ceafe", "ceafm", "blanc", "conll"}
    summary = json.loads((workdir / "results/train/run/summary.json").read_text())
    assert summary["repeats"] == 1 and summary["runs"][0]["seed"] == 13
    from coref_transfer.train.scoring.reader import read_clusters

    predicted = read_clusters(workdir / "results/train/test.predicted.conll")  # CoNLL the scorer reads
    assert len(predicted) == metrics["documents"]


def test_augment_target_and_training_with_the_copies(first_run):
    """Issue 18: `snakemake augment` writes results/augment/copies-N (augment.copies); with train.augment N
    the training job reads the export's train split and the copies (a dry run shows its command)."""
    workdir, _ = first_run
    proc = snakemake(workdir, "augment")
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = workdir / "results/augment/copies-2"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["augment"]["copies"] == 2 and manifest["config"]["augment"]["seed"] == 13
    assert manifest["augment"]["parts"] > 0 and manifest["augment"]["entities_changed"] > 0
    assert {p.name for p in out.iterdir()} >= {"train.jsonlines", "train.conllu", "train.gold_conll"}
    (workdir / "augment.yaml").write_text("train:\n  augment: 2\n")
    dry = snakemake(
        workdir,
        "train",
        "--configfile",
        str(workdir / "config.yaml"),
        str(workdir / "augment.yaml"),
        "--dry-run",
        "--printshellcmds",
        "--forcerun",
        "train_model",
    )
    assert dry.returncode == 0, dry.stderr[-3000:]
    text = dry.stdout + dry.stderr
    assert "--train results/export/train.jsonlines --train results/augment/copies-2/train.jsonlines" in text
    assert "rule augment_copies" not in text  # already built, nothing to redo


def test_whole_workflow_on_a_corefud_corpus_gives_the_same_dataset(first_run, tmp_path):
    """Issue 17: the sample written as CorefUD (`coref-transfer sample corefud`) runs through every stage
    with `input.format: corefud` and gives the same Italian dataset as the CoNLL-2012 sample."""
    workdir = make_workdir(tmp_path / "cud")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    written = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "sample", "corefud", "--source", str(SAMPLE), "--out",
         str(workdir / "corefud")], capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert written.returncode == 0, written.stderr
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    config["input"] = {"paths": ["corefud"], "format": "corefud"}
    (workdir / "config.yaml").write_text(yaml.safe_dump(config))
    proc = snakemake(workdir)
    assert proc.returncode == 0, proc.stderr[-3000:]
    conll_run, _ = first_run
    for name in ("train.gold_conll", "development.gold_conll", "test.gold_conll", "train.jsonlines", "test.conllu"):
        assert (workdir / "results" / "export" / name).read_bytes() == (
            conll_run / "results" / "export" / name
        ).read_bytes(), name
    select = json.loads((workdir / "results" / "select" / "all" / "stats.json").read_text())
    assert select["input"]["mentions"] == 868 and select["anomalies"]["sentences_without_tree"] == 0


def test_the_tiny_model_runs_the_whole_workflow_through_the_alignment_path(tmp_path, tiny_marian_dir):
    """Issue 37: a real CTranslate2 model that keeps no tag (the tiny one, whose output is noise), the
    default joint method: every tagged mention goes through word alignment (fast_align, trained on the
    partition's own pairs, its tables written with the run), and what alignment cannot place goes to the
    placeholder path or is dropped with its reason; the workflow runs to the export."""
    workdir = make_workdir(tmp_path / "tiny")
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    config["input"]["paths"] = ["data/test"]
    config["translate"].update(
        backend="ctranslate2", max_decoding_length=24, beam_size=2, max_attempts=1, cache="results/cache/translate"
    )
    config["translate"]["model"]["path"] = str(tiny_marian_dir)
    (workdir / "config.yaml").write_text(yaml.safe_dump(config))
    proc = snakemake(workdir)
    assert proc.returncode == 0, proc.stderr[-3000:]
    gamma = json.loads((workdir / "results/translate/all/stats.json").read_text())
    alignment = gamma["alignment"]
    assert alignment["pairs"] > 0 and alignment["mentions"] > 0
    assert gamma["tags"]["unsound"]["tag_missing"] + gamma["tags"]["unsound"]["tag_empty"] > 0
    kept = sum(gamma["span_sources"].values())
    assert kept == gamma["gamma"]["mentions"] and gamma["span_sources"]["tags"] < kept
    assert gamma["input"]["mentions"] == kept + sum(gamma["dropped"]["mentions"].values())
    tables = sorted((workdir / "results/translate/parts").glob("*/alignment/forward.probs"))
    assert tables and all(t.stat().st_size > 0 for t in tables)
    assert (workdir / "results/export/test.conllu").stat().st_size > 0


def test_a_schema_version_bump_remakes_the_tables_of_an_old_results_folder(tmp_path):
    """Issue 39: after a schema version bump, `snakemake` on a results folder an older version made re-runs the
    rules that write the tables (and what follows them), with no `--forcerun`; without a bump it does nothing."""
    checkout = tmp_path / "checkout"  # a copy of the workflow and the library, whose version the test can bump
    ignore = shutil.ignore_patterns("__pycache__")
    for name in ("rules", "workflow", "envs", "src"):
        shutil.copytree(REPO / name, checkout / name, symlinks=True, ignore=ignore)
    shutil.copy(REPO / "Snakefile", checkout / "Snakefile")
    workdir = make_workdir(tmp_path / "run")
    target = "results/select/all/stats.json"

    def run(*args):
        cmd = command(workdir, target, *args)
        cmd[cmd.index("--snakefile") + 1] = str(checkout / "Snakefile")
        env = {**os.environ, "PYTHONPATH": str(checkout / "src")}
        return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)

    proc = run()
    assert proc.returncode == 0, proc.stderr[-3000:]
    proc = run("--dry-run")
    assert "Nothing to be done" in proc.stdout + proc.stderr
    schema = checkout / "src/coref_transfer/schema.py"
    text = schema.read_text()
    assert f'SCHEMA_VERSION = "{SCHEMA_VERSION}"' in text
    schema.write_text(text.replace(f'SCHEMA_VERSION = "{SCHEMA_VERSION}"', 'SCHEMA_VERSION = "bumped"', 1))
    proc = run("--dry-run")
    assert proc.returncode == 0, proc.stderr[-3000:]
    jobs = jobs_run(proc)
    partitions = sorted(p for r, p in jobs if r == "select")
    assert partitions and len(partitions) == len({p for p in partitions})
    assert sorted(r for r, _ in jobs if r != "select") == ["merge_select"]
    assert (proc.stdout + proc.stderr).count("Params have changed since last execution") >= len(partitions)
    proc = run()  # and the new version's tables are written and read
    assert proc.returncode == 0, proc.stderr[-3000:]
    proc = run("--dry-run")
    assert "Nothing to be done" in proc.stdout + proc.stderr
