"""Recovery: a run killed during translation resumes without translating a cached segment again.

The translator is the sample's translation memory behind a counter
(tests/plugins/counting_translator.py, loaded as a `plugin` backend), slowed
down so the run can be killed half-way, with SIGKILL to the whole process
group: what a node failure or an out-of-time job does.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest
import yaml
from conftest import PLUGIN_ENV as ENV
from conftest import REPO
from counting_translator import CountingTranslator, calls
from workflow_runs import command, make_workdir

pytestmark = pytest.mark.slow

PARTITION = "train-nw-ledger"
CHECKPOINT = 4


def test_a_killed_run_resumes_from_the_cache_and_translates_nothing_twice(tmp_path):
    workdir = make_workdir(tmp_path / "w")
    log = workdir / "calls.jsonl"
    config = yaml.safe_load((workdir / "config.yaml").read_text())
    options = {"memory": str(workdir / "data/translation-memory.tsv"), "log": str(log), "delay": 0.3}
    config["translate"].update(
        backend="plugin", plugin="counting_translator:make", plugin_options=options, checkpoint_segments=CHECKPOINT
    )
    (workdir / "config.yaml").write_text(yaml.safe_dump(config))
    target = f"results/translate/parts/{PARTITION}/gamma.parquet"

    run = subprocess.Popen(
        command(workdir, target),
        env=ENV,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    deadline = time.monotonic() + 600
    while len(calls(log)) < 3:
        assert run.poll() is None, "the run ended before it could be killed:\n" + run.stdout.read()[-3000:]
        assert time.monotonic() < deadline, "no translation calls within 10 minutes"
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    run.stdout.close()
    first = calls(log)

    # nothing half-written: Snakemake made the partition's γ folder, nothing is in it
    folder = workdir / "results/translate/parts" / PARTITION
    assert not folder.exists() or not any(folder.iterdir())
    from coref_transfer.translate.mt.cache import TranslationCache, cache_key

    fingerprint = CountingTranslator(**options).fingerprint
    cache = TranslationCache(workdir / "results/cache/translate")
    cached = {s for call in first for s in call["segments"] if cache.get(cache_key(fingerprint, s)) is not None}
    assert len(cached) >= 2 * CHECKPOINT  # every finished call reached the cache before the next began

    # SIGKILL leaves Snakemake's lock behind: unlock, then run the same target again
    subprocess.run(command(workdir, "--unlock"), env=ENV, check=True, capture_output=True)
    again = subprocess.run(
        command(workdir, "--rerun-incomplete", target), env=ENV, capture_output=True, text=True, check=False
    )
    assert again.returncode == 0, again.stderr[-3000:]
    assert not list(folder.parent.glob(f".{PARTITION}.*.tmp"))
    second = calls(log)[len(first) :]
    retranslated = {s for call in second for s in call["segments"]}
    assert retranslated, "the first run was killed too late to leave anything to translate"
    assert not retranslated & cached
    assert all(len(call["segments"]) <= CHECKPOINT for call in first + second)
    stats = json.loads((workdir / "results/translate/parts" / PARTITION / "stats.json").read_text())
    assert stats["translation"]["translated"] == len(retranslated)
    assert stats["translation"]["cache_hits"] >= len(cached)
    # and the result is the uninterrupted run's (the memory backend, same translations)
    local = REPO / "results/translate/parts" / PARTITION / "gamma.parquet"
    assert (workdir / target).read_bytes() == local.read_bytes()


def test_a_staging_folder_left_by_a_killed_writer_is_removed_by_the_next(tmp_path):
    from coref_transfer.io import staged_directory

    stale = tmp_path / ".out.abc123.tmp"
    stale.mkdir()
    (stale / "half.parquet").write_bytes(b"PAR1")
    (tmp_path / ".out.def456.old" / "out").mkdir(parents=True)  # killed between set-aside and removal
    (tmp_path / ".other.abc123.tmp").mkdir()  # another output's: not ours to remove
    with staged_directory(tmp_path / "out") as tmp:
        (tmp / "done.txt").write_text("ok")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.abc123.tmp", "out"]
    assert (tmp_path / "out/done.txt").read_text() == "ok"
