"""Running the real workflow from the tests: a private working folder with the sample, Snakemake on it, the jobs
it ran. A helper module, not a test module: `test_workflow`, `test_recovery`, `test_slurm`, `test_verify` and
`test_envs` import it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from conftest import REPO, SAMPLE

SNAKEMAKE = [sys.executable, "-m", "snakemake"]


def command(workdir: Path, *args: str) -> list[str]:
    """Snakemake on the working folder `make_workdir` made, with its config, on 2 cores."""
    return [
        *SNAKEMAKE,
        "--snakefile",
        str(REPO / "Snakefile"),
        "--directory",
        str(workdir),
        "--configfile",
        str(workdir / "config.yaml"),
        "--cores",
        "2",
        *args,
    ]


def snakemake(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(command(workdir, *args), capture_output=True, text=True, env=env, timeout=900)


def make_workdir(root: Path) -> Path:
    """A working folder with a private copy of the sample and a config pointing at it."""
    root.mkdir(parents=True)
    shutil.copytree(SAMPLE, root / "data", ignore=shutil.ignore_patterns("source"))
    config = yaml.safe_load((REPO / "config.yaml").read_text())
    config["input"]["paths"] = ["data"]
    config["translate"]["memory"] = "data/translation-memory.tsv"
    config["translate"]["placeholders"] = str(REPO / "resources" / "placeholders")
    config["parser"]["model"] = str(REPO / "resources" / "models" / "it_ud_coref_transfer")
    config["parser"]["lexicon"] = str(REPO / "resources" / "lexicon" / "it_nouns.tsv")
    (root / "config.yaml").write_text(yaml.safe_dump(config))
    return root


def jobs_run(proc: subprocess.CompletedProcess) -> list[tuple[str, str]]:
    """(rule, partition) of every job a Snakemake run started, from its log."""
    text = proc.stdout + proc.stderr
    jobs = []
    for block in re.split(r"\n(?=(?:local)?rule \w+:)", text):
        head = re.match(r"(?:local)?rule (\w+):", block.strip())
        if head:
            wildcard = re.search(r"wildcards: partition=(\S+)", block)
            jobs.append((head.group(1), wildcard.group(1) if wildcard else ""))
    return jobs
