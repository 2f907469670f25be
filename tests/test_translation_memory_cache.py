"""The translation memory (TSV) backend and the persistent, multi-writer translation cache."""

from __future__ import annotations

import json
import multiprocessing
import pickle
import re

import pytest

from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.translate.mt.cache import TranslationCache, cache_key
from coref_transfer.translate.mt.memory import (
    MemoryMissError,
    TranslationMemory,
    UnstorableSegmentError,
    read_memory,
    write_misses,
)
from coref_transfer.translate.mt.service import TranslationService

MEMORY = """\
# recorded by hand
Gabriella met Serena.\tGabriella ha incontrato Serena.

Marco called her.\tMarco l'ha chiamata.
Marco called her.\tMarco l'ha chiamata.
"""


@pytest.fixture
def memory_file(tmp_path):
    path = tmp_path / "memory.tsv"
    path.write_text(MEMORY, encoding="utf-8")
    return path


# --- memory --------------------------------------------------------------------


def test_memory_hits_in_order_with_repeats(memory_file):
    memory = TranslationMemory(memory_file)
    segments = ["Marco called her.", "Gabriella met Serena.", "Marco called her."]
    expected = ["Marco l'ha chiamata.", "Gabriella ha incontrato Serena.", "Marco l'ha chiamata."]
    assert memory.translate(segments) == expected


def test_memory_miss_lists_the_segments(memory_file):
    memory = TranslationMemory(memory_file)
    with pytest.raises(MemoryMissError) as info:
        memory.translate(["Serena left.", "Gabriella met Serena.", "Marco stayed.", "Serena left."])
    assert info.value.missing == ["Serena left.", "Marco stayed."]
    assert "2 segment(s) have no recorded translation:\n  Serena left.\n  Marco stayed.\n" in str(info.value)
    assert str(memory_file) in str(info.value)
    # The error crosses process boundaries with its fields (workers send it back).
    again = pickle.loads(pickle.dumps(info.value))
    assert (again.path, again.missing) == (info.value.path, info.value.missing)


def test_memory_miss_message_is_capped_at_ten(memory_file):
    missing = [f"Sentence {i}." for i in range(13)]
    with pytest.raises(MemoryMissError, match=r"(?s)13 segment\(s\).*\.\.\. and 3 more") as info:
        TranslationMemory(memory_file).translate(missing)
    assert "Sentence 10." not in str(info.value)


def _append(memory, line: str) -> None:
    """Add one translation-memory line, as a user filling the misses would."""
    memory.write_text(memory.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def test_write_misses_then_fill_in_and_append(memory_file, tmp_path):
    out = tmp_path / "misses.tsv"
    assert write_misses(out, ["Serena left.", "Marco stayed.", "Serena left."]) == 2
    assert out.read_text(encoding="utf-8") == "Marco stayed.\t\nSerena left.\t\n"
    filled = out.read_text(encoding="utf-8").replace("Marco stayed.\t", "Marco stayed.\tMarco è rimasto.")
    filled = filled.replace("Serena left.\t", "Serena left.\tSerena è partita.")
    with open(memory_file, "a", encoding="utf-8") as handle:
        handle.write(filled)
    assert TranslationMemory(memory_file).translate(["Serena left."]) == ["Serena è partita."]


@pytest.mark.parametrize(
    "line, problem",
    [
        ("no tab here", "expected 'source<TAB>target', found 0 tab(s)"),
        ("a\tb\tc", "expected 'source<TAB>target', found 2 tab(s)"),
        ("  \tqualcosa", "empty source segment"),
        ("Serena left.\t  ", "no translation for 'Serena left.'"),
    ],
    ids=["no-tab", "two-tabs", "empty-source", "empty-target"],
)
def test_memory_malformed_line_names_file_and_line(memory_file, line, problem):
    with open(memory_file, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    with pytest.raises(InputFormatError) as info:
        read_memory(memory_file)
    # MEMORY has 5 lines (comment and blank ones count), so the bad one is line 6.
    assert (info.value.path, info.value.line) == (str(memory_file), 6)
    assert problem in info.value.problem
    assert str(info.value).startswith(f"{memory_file}:6: ")


def test_memory_conflicting_duplicate_names_both_lines(memory_file):
    with open(memory_file, "a", encoding="utf-8") as handle:
        handle.write("Gabriella met Serena.\tGabriella incontrò Serena.\n")
    with pytest.raises(InputFormatError, match=r":6: 'Gabriella met Serena\.' was recorded at line 2 as"):
        read_memory(memory_file)


def test_memory_missing_file_and_bad_encoding(tmp_path):
    with pytest.raises(MissingInputError, match="translation memory not found"):
        read_memory(tmp_path / "absent.tsv")
    (tmp_path / "latin1.tsv").write_bytes("città\tcittà\n".encode("latin-1"))
    with pytest.raises(InputFormatError, match="invalid UTF-8"):
        read_memory(tmp_path / "latin1.tsv")


def test_memory_fingerprint_follows_the_file_and_bypasses_the_cache(memory_file, tmp_path):
    before = TranslationMemory(memory_file).fingerprint
    assert TranslationMemory(memory_file).fingerprint == before
    with open(memory_file, "a", encoding="utf-8") as handle:
        handle.write("Serena left.\tSerena è partita.\n")
    assert TranslationMemory(memory_file).fingerprint != before
    # A memory is its own record: the service does not copy it into the cache.
    with TranslationCache(tmp_path / "cache") as cache:
        service = TranslationService(TranslationMemory(memory_file), cache, progress=False)
        assert service.translate(["Serena left."]) == ["Serena è partita."]
        assert service.cache is None and cache.entries == {}


# --- cache -------------------------------------------------------------------------


def test_cache_persists_across_instances(tmp_path):
    key = cache_key("model-a", "Gabriella met Serena.")
    with TranslationCache(tmp_path) as cache:
        cache.put_many([(key, "Gabriella ha incontrato Serena.")])
    reopened = TranslationCache(tmp_path)
    assert reopened.get(key) == "Gabriella ha incontrato Serena."
    assert reopened.get(cache_key("model-b", "Gabriella met Serena.")) is None  # another model, another key
    assert reopened.skipped_lines == 0


def _write_entries(folder: str, writer: int, count: int, barrier) -> None:
    """One of two processes appending to the same cache folder at the same time."""
    cache = TranslationCache(folder)
    barrier.wait()
    for start in range(0, count, 10):
        cache.put_many((cache_key("fp", f"w{writer} s{i}"), f"t{writer}-{i} è") for i in range(start, start + 10))
    cache.close()


def test_two_processes_write_at_once(tmp_path):
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    workers = [context.Process(target=_write_entries, args=(str(tmp_path), w, 200, barrier)) for w in (0, 1)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0, 0]
    assert len(list(tmp_path.glob("*.jsonl"))) == 2  # one shard per writer
    merged = TranslationCache(tmp_path)
    assert merged.skipped_lines == 0
    assert len(merged.entries) == 400
    assert merged.get(cache_key("fp", "w1 s199")) == "t1-199 è"


def test_truncated_last_line_is_skipped_and_counted(tmp_path, caplog):
    with TranslationCache(tmp_path) as cache:
        cache.put_many([(cache_key("fp", "a"), "uno"), (cache_key("fp", "b"), "due")])
    (shard,) = tmp_path.glob("*.jsonl")
    whole = json.dumps({"k": cache_key("fp", "c"), "t": "tre"})
    with open(shard, "a", encoding="utf-8") as handle:
        handle.write(whole[: len(whole) // 2])  # a job killed mid-write
    with caplog.at_level("WARNING"):
        reopened = TranslationCache(tmp_path)
    assert reopened.skipped_lines == 1
    assert "skipped 1 incomplete line(s)" in caplog.text
    assert reopened.get(cache_key("fp", "a")) == "uno" and reopened.get(cache_key("fp", "b")) == "due"
    assert reopened.get(cache_key("fp", "c")) is None


def _cli(*args: str):
    import os
    import subprocess
    import sys

    from conftest import REPO

    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(
        [sys.executable, "-m", "coref_transfer", *args], capture_output=True, text=True, cwd=REPO, env=env
    )


@pytest.fixture
def nw_selection(tmp_path):
    return _select_nw(tmp_path, "placeholders")


def _select_nw(tmp_path, method: str):
    """The sample's test/nw documents selected with `method`'s filters (the folder)."""
    proc = _cli(
        "select",
        "resources/sample/test/data/english/annotations/nw",
        "--out",
        str(tmp_path / "select"),
        "--config-json",
        json.dumps({"method": method}),
        "--no-progress",
    )
    assert proc.returncode == 0, proc.stderr
    return tmp_path / "select"


def _sample_memory_lines() -> list[str]:
    from conftest import REPO

    return (REPO / "resources" / "sample" / "translation-memory.tsv").read_text(encoding="utf-8").splitlines()


def test_export_misses_asks_for_the_mentions_first_then_the_utterances(tmp_path, nw_selection):
    """The paper's way: the placeholders depend on the mentions' Italian, so a memory that lacks a mention's
    text exports the mention texts alone; once they are in, the next run exports the utterances."""
    lines = _sample_memory_lines()
    mention = next(line for line in lines if line.startswith("the foundation\t"))
    utterance = next(line for line in lines if "è stata creata" in line and "<a>" not in line)
    memory = tmp_path / "memory.tsv"
    memory.write_text("\n".join(x for x in lines if x not in (mention, utterance)) + "\n", encoding="utf-8")
    cfg = json.dumps({"method": "placeholders", "translate": {"memory": str(memory), "mention_context": "alone"}})
    misses = tmp_path / "misses.tsv"
    args = (
        "translate",
        "--input",
        str(nw_selection),
        "--out",
        str(tmp_path / "g"),
        "--config-json",
        cfg,
        "--no-progress",
    )

    first = _cli(*args, "--export-misses", str(misses))
    assert first.returncode == 1 and "missing mention segment" in first.stderr
    assert misses.read_text(encoding="utf-8") == "the foundation\t\n"  # the utterance is not asked for yet
    assert not (tmp_path / "g").exists()

    _append(memory, mention)
    second = _cli(*args, "--export-misses", str(misses))
    assert second.returncode == 1
    assert misses.read_text(encoding="utf-8") == utterance.split("\t")[0] + "\t\n"

    _append(memory, utterance)
    third = _cli(*args)
    assert third.returncode == 0, third.stderr


def test_export_misses_asks_for_the_marked_sentence_then_the_fallback_then_the_utterance(tmp_path, nw_selection):
    """Marked sentences first; a mention whose tags did not survive goes alone next (no aligner to read it
    from its sentence); the utterance last."""
    lines = _sample_memory_lines()
    marked = next(line for line in lines if line.startswith("<a>The foundation</a> was created"))
    mention = next(line for line in lines if line.startswith("the foundation\t"))
    utterance = next(line for line in lines if "è stata creata" in line and "<a>" not in line)
    memory = tmp_path / "memory.tsv"
    memory.write_text("\n".join(x for x in lines if x not in (marked, mention, utterance)) + "\n", encoding="utf-8")
    translate = {"memory": str(memory), "alignment": {"aligner": "none"}}
    cfg = json.dumps({"method": "placeholders", "translate": translate})
    misses = tmp_path / "misses.tsv"
    args = (
        "translate",
        "--input",
        str(nw_selection),
        "--out",
        str(tmp_path / "g"),
        "--config-json",
        cfg,
        "--no-progress",
    )

    first = _cli(*args, "--export-misses", str(misses))
    assert first.returncode == 1 and "missing marked sentence segment" in first.stderr
    assert misses.read_text(encoding="utf-8") == marked.split("\t")[0] + "\t\n"

    source, target = marked.split("\t")
    lost = target.replace("<a>", "").replace("</a>", "")  # the model dropped the first mention's tags
    _append(memory, f"{source}\t{lost}")
    second = _cli(*args, "--export-misses", str(misses))
    assert second.returncode == 1 and "missing mention segment" in second.stderr
    assert misses.read_text(encoding="utf-8") == "the foundation\t\n"  # the fallback, alone

    _append(memory, mention)
    third = _cli(*args, "--export-misses", str(misses))
    assert third.returncode == 1
    assert misses.read_text(encoding="utf-8") == utterance.split("\t")[0] + "\t\n"

    _append(memory, utterance)
    fourth = _cli(*args)
    assert fourth.returncode == 0, fourth.stderr
    stats = json.loads((tmp_path / "g" / "stats.json").read_text(encoding="utf-8"))
    assert stats["mention_sources"]["fallbacks"]["tag_missing"] == 1
    assert stats["mention_sources"]["alone"] == 1


def test_a_source_starting_with_a_hash_is_data_and_a_comment_has_no_tab(tmp_path):
    path = tmp_path / "memory.tsv"
    path.write_text("# a comment, no tab\n#MeToo trended.\t#MeToo è diventato virale.\n#\n", encoding="utf-8")
    memory = TranslationMemory(path)
    assert memory.table == {"#MeToo trended.": "#MeToo è diventato virale."}
    assert memory.translate(["#MeToo trended."]) == ["#MeToo è diventato virale."]
    assert memory.missing(["#MeToo trended.", "#hashtag"]) == ["#hashtag"]


def test_exported_misses_starting_with_a_hash_read_back_once_filled(tmp_path):
    memory_path = tmp_path / "memory.tsv"
    memory_path.write_text("# empty memory\n", encoding="utf-8")
    misses = tmp_path / "misses.tsv"
    write_misses(misses, ["#GivingTuesday", " Serena left. "])
    assert misses.read_text(encoding="utf-8") == "#GivingTuesday\t\nSerena left.\t\n"
    filled = misses.read_text(encoding="utf-8").replace("#GivingTuesday\t", "#GivingTuesday\t#GivingTuesday")
    filled = filled.replace("Serena left.\t", "Serena left.\tSerena è partita.")
    with open(memory_path, "a", encoding="utf-8") as handle:
        handle.write(filled)
    memory = TranslationMemory(memory_path)
    assert memory.missing(["#GivingTuesday", " Serena left. "]) == []  # asked once, never again
    assert memory.translate([" Serena left. "]) == ["Serena è partita."]


@pytest.mark.parametrize("segment", ["a\ttab", "two\nlines", "carriage\rreturn"])
def test_a_segment_no_line_can_hold_is_refused_by_name(memory_file, tmp_path, segment):
    with pytest.raises(UnstorableSegmentError, match="cannot hold") as info:
        TranslationMemory(memory_file).missing([segment])
    assert info.value.segment == segment
    with pytest.raises(UnstorableSegmentError):
        write_misses(tmp_path / "misses.tsv", ["fine", segment])
    assert not (tmp_path / "misses.tsv").exists()


def test_export_misses_with_the_joint_method_asks_for_the_tagged_utterance_then_the_papers_segments(tmp_path):
    """The joint method: the tagged utterances first; an utterance whose tags the memory's translation loses
    goes down the placeholder path when no aligner projects them, whose segments are asked for next (here
    the memory has them all)."""
    selection = _select_nw(tmp_path, "joint")
    lines = _sample_memory_lines()
    tagged = next(
        line
        for line in lines
        if line.startswith("<a>The foundation</a> was created by <b>Robert Hale</b>, an American businessman <c>")
    )
    memory = tmp_path / "memory.tsv"
    memory.write_text("\n".join(x for x in lines if x != tagged) + "\n", encoding="utf-8")
    translate = {"memory": str(memory), "alignment": {"aligner": "none"}}
    cfg = json.dumps({"method": "joint", "translate": translate})
    misses = tmp_path / "misses.tsv"
    args = ("translate", "--input", str(selection), "--out", str(tmp_path / "g"), "--config-json", cfg)

    first = _cli(*args, "--no-progress", "--export-misses", str(misses))
    assert first.returncode == 1 and "missing tagged utterance segment" in first.stderr
    assert misses.read_text(encoding="utf-8") == tagged.split("\t")[0] + "\t\n"

    source, target = tagged.split("\t")
    _append(memory, f"{source}\t{re.sub(r'</?[a-z]>', '', target)}")  # a translator that drops the tags
    second = _cli(*args, "--no-progress")
    assert second.returncode == 0, second.stderr
    stats = json.loads((tmp_path / "g" / "stats.json").read_text(encoding="utf-8"))
    assert stats["methods"]["placeholders"] == 1 and stats["tags"]["fallback_utterances"] == 1
    assert stats["span_sources"]["placeholder"] >= 3  # the foundation, Robert Hale, Turin: the paper's mentions
    assert stats["tags"]["unsound"]["tag_missing"] == 5
