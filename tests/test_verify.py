"""Sealed output folders: damage is found, named, and rebuilt by the workflow instead of used."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

from coref_transfer.manifest import seal
from coref_transfer.verify import (
    VerifiedCache,
    mark_for_rebuild,
    pending_rebuilds,
    quarantine_path,
    rebuild_damaged,
    scan,
    sealed_folders,
    verify_folder,
)


def sealed(folder: Path, files: dict[str, bytes]) -> Path:
    """A folder holding `files` and a manifest that records them."""
    folder.mkdir(parents=True)
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    seal(folder, {"command": "test"})
    return folder


def flip_last_byte(path: Path) -> None:
    """Change one byte in place: same size, other content."""
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.fixture
def folder(tmp_path):
    return sealed(
        tmp_path / "results" / "translate" / "parts" / "p", {"gamma.parquet": b"x" * 5678, "stats.json": b"{}\n"}
    )


def messages(problems):
    return [str(p) for p in problems]


def test_seal_records_every_file_but_the_manifest_and_snakemakes_timestamp(tmp_path):
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "b.txt").write_bytes(b"bb")
    (folder / "sub").mkdir()
    (folder / "sub" / "a.txt").write_bytes(b"a")
    (folder / ".snakemake_timestamp").write_bytes(b"")
    manifest = seal(folder, {"command": "test"})
    assert list(manifest["outputs"]) == ["b.txt", "sub/a.txt"]  # relative, sorted
    assert manifest["outputs"]["b.txt"] == {
        "bytes": 2,
        "sha256": "3b64db95cb55c763391c707108489ae18b4112d783300de38e033b4c98c3deaf",
    }
    assert json.loads((folder / "manifest.json").read_text()) == manifest
    assert verify_folder(folder) == []


def test_intact_folder_has_no_problem(folder):
    assert verify_folder(folder) == []


def test_truncated_file_names_both_sizes(folder):
    with open(folder / "gamma.parquet", "r+b") as handle:
        handle.truncate(1234)
    assert messages(verify_folder(folder)) == [
        f"{folder}/gamma.parquet: 1,234 bytes, its manifest says 5,678 (truncated)"
    ]


def test_one_flipped_byte_of_the_same_size_is_corrupt(folder):
    flip_last_byte(folder / "gamma.parquet")
    (problem,) = verify_folder(folder)
    assert problem.path == folder / "gamma.parquet" and problem.folder == folder
    assert problem.message.endswith("(corrupt)") and "SHA-256" in problem.message


def test_missing_file(folder):
    (folder / "stats.json").unlink()
    assert messages(verify_folder(folder)) == [f"{folder}/stats.json: missing (its manifest lists it)"]


@pytest.mark.parametrize(
    "content,message",
    [
        (
            b'{"outputs": {"gamma.parq',
            "not valid JSON (Unterminated string starting at: line 1 column 14 (char 13)): damaged",
        ),
        (b"\xff\xfe", "not UTF-8"),
        (b"[]", "not a JSON object: damaged"),
        (b'{"outputs": {"gamma.parquet": 12}}', '"outputs" is not {file: {"bytes": n, "sha256": "..."}}: damaged'),
    ],
)
def test_unreadable_manifest(folder, content, message):
    (folder / "manifest.json").write_bytes(content)
    (problem,) = verify_folder(folder)
    assert problem.path == folder / "manifest.json"
    assert message in problem.message


def test_missing_manifest_when_a_folder_is_checked_directly(folder):
    (folder / "manifest.json").unlink()
    assert messages(verify_folder(folder)) == [f"{folder}/manifest.json: missing"]


def test_scan_covers_nested_folders_and_skips_old_manifests_and_hidden_folders(tmp_path, folder):
    results = tmp_path / "results"
    old = results / "select" / "all"
    old.mkdir(parents=True)
    (old / "manifest.json").write_text('{"command": "merge"}')  # written before outputs were recorded
    (old / "x.parquet").write_bytes(b"anything")
    staged = sealed(results / "translate" / "parts" / ".p.abc.tmp", {"a": b"a"})
    (staged / "a").write_bytes(b"b")  # a hidden folder is not an output (yet, or any more)
    assert list(sealed_folders(results)) == [old, folder]  # path order
    assert scan(results) == []
    flip_last_byte(folder / "stats.json")
    assert [p.path for p in scan(results)] == [folder / "stats.json"]


def test_cache_hashes_an_unchanged_file_once(tmp_path, folder, monkeypatch):
    cache_file = tmp_path / "cache" / "verified.json"
    assert scan(folder.parent, cache_file) == []
    assert len(json.loads(cache_file.read_text())["files"]) == 2
    # with every file cached, nothing is hashed: a hash now would be a failure
    from coref_transfer import verify

    monkeypatch.setattr(verify, "sha256_file", lambda path: pytest.fail(f"{path} hashed again"))
    assert scan(folder.parent, cache_file) == []


def test_cache_still_size_checks_and_rehashes_what_changed(tmp_path, folder):
    cache_file = tmp_path / "verified.json"
    assert scan(folder.parent, cache_file) == []
    path = folder / "gamma.parquet"
    with open(path, "r+b") as handle:
        handle.truncate(1234)
    assert [p.message for p in scan(folder.parent, cache_file)] == ["1,234 bytes, its manifest says 5,678 (truncated)"]
    path.write_bytes(b"x" * 5678)
    assert scan(folder.parent, cache_file) == []  # restored: hashed again, found good
    before = path.stat().st_mtime_ns
    flip_last_byte(path)  # same size, new mtime (set explicitly: the clock may not have ticked): hashed again
    os.utime(path, ns=(before, before + 1_000_000))
    assert [p.message[-9:] for p in scan(folder.parent, cache_file)] == ["(corrupt)"]


def test_cache_blind_spot_same_size_and_mtime_set_back(tmp_path, folder):
    """The one damage the cache cannot see: rewritten in place, same size, mtime restored.

    Only a scan without the cache (`coref-transfer verify` without --cache) finds it.
    """
    cache_file = tmp_path / "verified.json"
    assert scan(folder.parent, cache_file) == []
    path = folder / "gamma.parquet"
    before = path.stat()
    flip_last_byte(path)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert scan(folder.parent, cache_file) == []
    assert [p.path for p in scan(folder.parent)] == [path]


def test_a_damaged_cache_is_ignored(tmp_path, folder):
    cache_file = tmp_path / "verified.json"
    cache_file.write_text("{not json")
    flip_last_byte(folder / "gamma.parquet")
    assert len(scan(folder.parent, cache_file)) == 1
    assert json.loads(cache_file.read_text())["schema_version"] == 1  # rewritten


def test_cache_forgets_files_no_longer_seen(tmp_path, folder):
    cache_file = tmp_path / "verified.json"
    scan(folder.parent, cache_file)
    shutil.rmtree(folder)
    scan(folder.parent, cache_file)
    assert VerifiedCache(cache_file)._old == {}


def test_mark_for_rebuild_moves_each_damaged_folder_aside_once(folder):
    flip_last_byte(folder / "gamma.parquet")
    (folder / "stats.json").unlink()
    problems = verify_folder(folder)
    assert len(problems) == 2
    assert mark_for_rebuild(problems) == {folder: quarantine_path(folder)}
    assert not folder.exists()
    assert (folder.parent / ".p.damaged" / "gamma.parquet").exists()  # kept for inspection
    assert scan(folder.parent) == []  # the copy moved aside is not scanned


def test_pending_rebuilds_name_the_output_snakemake_knows(tmp_path, folder):
    results = tmp_path / "results"
    kit = sealed(results / "report" / "humaneval", {"sample.json": b"{}"})
    (kit / ".snakemake_timestamp").write_bytes(b"")  # a directory() output
    flip_last_byte(folder / "stats.json")
    flip_last_byte(kit / "sample.json")
    warnings, targets = rebuild_damaged(results, tmp_path / "verified.json")
    assert targets == [f"{kit}", f"{folder}/manifest.json"]  # path order
    assert len(warnings) == 2 and all("will be rebuilt (the damaged folder is kept as" in w for w in warnings)
    # moved aside and not rebuilt yet (a run that stopped early): the next start still rebuilds them, once
    warnings, again = rebuild_damaged(results, tmp_path / "verified.json")
    assert again == targets
    assert warnings == [f"{t}: damaged earlier and not rebuilt yet; it will be rebuilt" for t in targets]
    sealed(folder, {"stats.json": b"{}\n"})
    assert pending_rebuilds(results) == [f"{kit}"]


def test_a_dry_run_reports_damage_and_changes_nothing(tmp_path, folder):
    results = tmp_path / "results"
    cache = tmp_path / "verified.json"
    flip_last_byte(folder / "stats.json")
    warnings, targets = rebuild_damaged(results, cache, dry_run=True)
    assert targets == []
    assert warnings == [f"{folder}/stats.json: SHA-256 " + warnings[0].split("SHA-256 ", 1)[1]]
    assert warnings[0].endswith(f"(corrupt); a run without --dry-run moves {folder} aside and rebuilds it")
    assert folder.is_dir() and not quarantine_path(folder).exists() and not cache.exists()
    # the real run then moves it
    _, targets = rebuild_damaged(results, cache)
    assert targets == [f"{folder}/manifest.json"] and quarantine_path(folder).is_dir()
    # and a later dry run lists what is still pending, without touching anything
    assert rebuild_damaged(results, cache, dry_run=True)[1] == targets


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run([sys.executable, "-m", "coref_transfer", *args], capture_output=True, text=True, env=env)


def test_verify_command_exit_codes_and_lines(tmp_path, folder):
    results = tmp_path / "results"
    ok = run_cli("verify", str(results))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout == "" and "1 folder(s) with a manifest" in ok.stderr
    with open(folder / "gamma.parquet", "r+b") as handle:
        handle.truncate(1234)
    bad = run_cli("verify", str(results), "--cache", str(tmp_path / "verified.json"))
    assert bad.returncode == 1
    assert bad.stdout.splitlines() == [f"{folder}/gamma.parquet: 1,234 bytes, its manifest says 5,678 (truncated)"]
    missing = run_cli("verify", str(tmp_path / "nowhere"))
    assert missing.returncode == 1 and "nowhere: not a folder" in missing.stderr


@pytest.mark.slow
def test_workflow_rebuilds_damaged_folders_and_everything_downstream(tmp_path):
    from workflow_runs import jobs_run, make_workdir, snakemake

    workdir = make_workdir(tmp_path / "w")
    assert snakemake(workdir).returncode == 0
    results = workdir / "results"

    def outputs():
        return {
            p.relative_to(results): p.read_bytes()
            for d in ("select", "translate", "refine", "export", "report")
            for p in (results / d).rglob("*")
            if p.is_file()
            and p.name != ".snakemake_timestamp"
            and not any(part.startswith(".") for part in p.relative_to(results).parts)
        }

    before = outputs()
    first, second = sorted(p.name for p in (results / "translate" / "parts").iterdir())[:2]
    gamma = results / "translate" / "parts" / first / "gamma.parquet"
    size = gamma.stat().st_size
    with open(gamma, "r+b") as handle:
        handle.truncate(size // 2)
    delta = results / "refine" / "parts" / second / "delta.parquet"
    flip_last_byte(delta)

    check = run_cli("verify", str(results))
    assert check.returncode == 1 and len(check.stdout.splitlines()) == 2, check.stdout

    expected = sorted([
        ("all", ""), ("export", ""), ("humaneval", ""), ("merge_refine", ""), ("merge_translate", ""),
        ("refine", first), ("refine", second), ("report", ""), ("translate", first),
    ])  # fmt: skip
    # parsing the workflow (--lint) and a dry run move and write nothing; the dry run says what a run rebuilds
    cache = workdir / ".snakemake/coref-transfer/verified.json"
    cached = cache.read_bytes()
    lint = snakemake(workdir, "--lint")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    dry = snakemake(workdir, "--dry-run")
    assert dry.returncode == 0, dry.stderr[-3000:]
    assert (
        f"results/translate/parts/{first}/gamma.parquet: {size // 2:,} bytes, its manifest says {size:,} "
        f"(truncated); a run without --dry-run moves results/translate/parts/{first} aside and rebuilds it"
    ) in dry.stdout + dry.stderr
    assert f"results/refine/parts/{second}/delta.parquet: SHA-256 " in dry.stdout + dry.stderr
    assert not any(p.name.endswith(".damaged") for p in results.rglob(".*")), "a dry run or --lint moved a folder"
    assert gamma.stat().st_size == size // 2 and cache.read_bytes() == cached

    run = snakemake(workdir)
    assert run.returncode == 0, run.stderr[-3000:]
    assert sorted(jobs_run(run)) == expected
    assert (
        f"(truncated); results/translate/parts/{first} will be rebuilt (the damaged folder is kept as"
    ) in run.stdout + run.stderr
    assert f"(corrupt); results/refine/parts/{second} will be rebuilt" in run.stdout + run.stderr
    assert outputs() == before  # byte-identical to the first run
    again = snakemake(workdir, "--dry-run")
    assert "Nothing to be done" in again.stdout + again.stderr
    assert run_cli("verify", str(results)).returncode == 0
