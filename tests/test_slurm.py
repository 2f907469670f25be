"""The workflow through the slurm profile on a real SLURM.

`make test` brings up a single-node SLURM from Debian's packages
(scripts/slurm-local.sh: slurmctld, slurmd, munge, partitions `cpu` and `gpu`,
one fake GPU) and sets COREF_TRANSFER_REQUIRE_SLURM=1, so here a cluster that
is not up is a failure; elsewhere (not root) these tests skip with the reason.
The profile runs unchanged but for the status command: without slurmdbd
there is no `sacct`, so squeue is asked.

One run of `all` and `train` on the sample, with the sample's translation
memory behind a counting translator that fails its first call (a crashed
job), shows: every job goes through sbatch, the GPU rules ask for a GPU and
land on the GPU partition, the failed job is retried per the profile, and
the dataset equals the local run's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import Counter

import pytest
import yaml
from conftest import PLUGIN_ENV, REPO
from workflow_runs import make_workdir

pytestmark = pytest.mark.slow

SLURM_CONF = os.environ.get("SLURM_CONF", "/tmp/coref-transfer-slurm/etc/slurm.conf")
REQUIRED = os.environ.get("COREF_TRANSFER_REQUIRE_SLURM") == "1"
PROFILE = REPO / "workflow" / "profiles" / "slurm"
GPU_RULES = {"translate", "train_model"}  # with this config (GPUS in rules/common.smk)
LOCAL_RULES = {"all", "train"}
ENV = {**PLUGIN_ENV, "SLURM_CONF": SLURM_CONF}


def slurm_unavailable() -> str | None:
    """Why this machine's SLURM cannot run the test, or None."""
    if not shutil.which("sbatch"):
        return "no sbatch on PATH (start one with: scripts/slurm-local.sh up)"
    proc = subprocess.run(["sinfo", "-h", "-o", "%P %T"], capture_output=True, text=True, env=ENV, check=False)
    if proc.returncode != 0:
        return f"sinfo failed with SLURM_CONF={SLURM_CONF}: {proc.stderr.strip()}"
    states = dict(line.split() for line in proc.stdout.splitlines())
    if not {"cpu*", "gpu"} <= set(states) or "idle" not in states.values():
        return f"expected idle partitions cpu (default) and gpu, sinfo says {states}"
    return None


def squeue(run_id: str) -> list[dict[str, str]]:
    """Every SLURM job of the run (finished ones stay for MinJobAge, an hour)."""
    out = subprocess.run(
        [
            "squeue",
            "-h",
            "-t",
            "all",
            "--name",
            run_id,
            "-O",
            "JobID:20,Comment:120,State:20,Partition:20,tres-per-job:40",
        ],
        capture_output=True,
        text=True,
        env=ENV,
        check=True,
    ).stdout
    jobs = []
    for line in out.splitlines():
        job_id, comment, state, partition, tres = line.split()
        rule, _, wildcards = comment.removeprefix("rule_").partition("_wildcards_")
        jobs.append(
            {"id": job_id, "rule": rule, "wildcards": wildcards, "state": state, "partition": partition, "tres": tres}
        )
    return sorted(jobs, key=lambda j: int(j["id"]))


@pytest.fixture(scope="module")
def slurm_run(tmp_path_factory):
    reason = slurm_unavailable()
    if reason:
        (pytest.fail if REQUIRED else pytest.skip)(reason)
    workdir = make_workdir(tmp_path_factory.mktemp("slurm") / "w")
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    config["translate"].update(
        backend="plugin",
        plugin="counting_translator:make",
        plugin_options={
            "memory": str(workdir / "data/translation-memory.tsv"),
            "log": str(workdir / "calls.jsonl"),
            "fail_once": str(workdir / "fail-once.marker"),
        },
    )
    (workdir / "config.yaml").write_text(yaml.safe_dump(config))
    cmd = [
        "timeout",
        "-s",
        "INT",
        "-k",
        "30",
        "1800",
        sys.executable,
        "-m",
        "snakemake",
        "--profile",
        str(PROFILE.relative_to(REPO)),
        "--directory",
        str(workdir),
        "--configfile",
        str(workdir / "config.yaml"),
        "--slurm-status-command",
        "squeue",
        "--slurm-init-seconds-before-status-checks",
        "1",
        "all",
        "train",
    ]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=ENV, check=False)
    out = proc.stdout + proc.stderr
    run_id = re.search(r"SLURM run ID: (\S+)", out)
    try:
        assert run_id, out[-3000:]
        yield workdir, proc, out, squeue(run_id.group(1))
    finally:
        if run_id:  # nothing of ours stays queued, whatever happened
            subprocess.run(["scancel", "--name", run_id.group(1)], env=ENV, capture_output=True, check=False)


def test_the_workflow_completes_with_every_job_through_sbatch(slurm_run):
    workdir, proc, out, jobs = slurm_run
    assert proc.returncode == 0, out[-5000:]
    steps = re.findall(r"(\d+) of (\d+) steps \(100%\) done", out)
    assert steps, out[-3000:]
    total = int(steps[-1][1])
    submitted = re.findall(
        r"has been submitted with SLURM jobid (\d+) \(log: \S*/slurm_logs/rule_(\w+)/?(\S*)/\d+\.log\)", out
    )
    # each SLURM job snakemake submitted is one squeue knows, with the same rule and partition
    assert sorted((int(i), r, w) for i, r, w in submitted) == [(int(j["id"]), j["rule"], j["wildcards"]) for j in jobs]
    completed = [j for j in jobs if j["state"] == "COMPLETED"]
    # every step but the local targets ran as a completed SLURM job, once
    assert len(completed) == total - len(LOCAL_RULES)
    assert len({(j["rule"], j["wildcards"]) for j in completed}) == len(completed)
    assert {j["rule"] for j in completed} == {
        "select",
        "merge_select",
        "preflight",
        "translate",
        "merge_translate",
        "refine",
        "merge_refine",
        "export",
        "report",
        "humaneval",
        "tiny_encoder",
        "train_model",
        "test_model",
    }
    assert (workdir / "results/train/test.metrics.json").is_file()
    # the jobs name their rule and partition in the comment squeue shows
    assert {j["wildcards"] for j in completed if j["rule"] == "translate"} == {
        p.name for p in (workdir / "results/translate/parts").iterdir() if not p.name.startswith(".")
    }


def test_gpu_rules_ask_for_a_gpu_and_get_the_gpu_partition(slurm_run):
    workdir, _, _, jobs = slurm_run
    for job in jobs:
        if job["rule"] in GPU_RULES:
            assert (job["partition"], job["tres"]) == ("gpu", "gres:gpu:1"), job
        else:
            assert (job["partition"], job["tres"]) == ("cpu", "N/A"), job
    # inside the job the GPU was there: the CLI logs its SLURM job and devices
    for log in [*(workdir / "results/logs/translate").glob("*-*.log"), workdir / "results/logs/train/train.log"]:
        text = log.read_text()
        assert re.search(r"SLURM job \d+, partition gpu, node \S+, CUDA_VISIBLE_DEVICES=0", text), (log, text[:500])
    for log in (workdir / "results/logs/select").glob("*.log"):
        assert re.search(r"SLURM job \d+, partition cpu, node \S+, CUDA_VISIBLE_DEVICES=\(none\)", log.read_text()), log


def test_a_failed_job_is_retried_per_the_profile(slurm_run):
    workdir, _, out, jobs = slurm_run
    assert yaml.safe_load((PROFILE / "config.yaml").read_text())["retries"] >= 1
    assert (workdir / "fail-once.marker").exists()
    failed = [j for j in jobs if j["state"] == "FAILED"]
    assert len(failed) == 1 and failed[0]["rule"] == "translate", failed
    again = [j for j in jobs if (j["rule"], j["wildcards"]) == (failed[0]["rule"], failed[0]["wildcards"])]
    assert [j["state"] for j in again] == ["FAILED", "COMPLETED"]
    assert "failing once on purpose" in out and "Trying to restart job" in out
    assert Counter(j["state"] for j in jobs) == {"COMPLETED": len(jobs) - 1, "FAILED": 1}


def test_the_cluster_run_gives_the_local_runs_dataset(slurm_run):
    """Same translations through another backend and another executor: same dataset, byte for byte."""
    workdir, _, _, _ = slurm_run
    local = REPO / "results" / "export"
    if not (local / "train.gold_conll").exists():
        pytest.fail("the local run's results/export is missing: `make test` runs `make run` first")
    for path in sorted(local.iterdir()):
        if path.is_file() and path.name != "manifest.json" and not path.name.startswith("."):
            assert (workdir / "results/export" / path.name).read_bytes() == path.read_bytes(), path.name
