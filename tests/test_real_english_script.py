"""scripts/real-english.py: the ratings of identical pairs reused, the unrated pairs listed, the per-rule table.

The loop itself needs OntoGUM (tests/test_real_english.py); these tests build
a tiny work folder by hand: three utterances, a `delta.parquet` with the
rules that changed them, and ratings before and after refine.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from conftest import REPO

spec = importlib.util.spec_from_file_location("real_english", REPO / "scripts" / "real-english.py")
real_english = importlib.util.module_from_spec(spec)
spec.loader.exec_module(real_english)


def _jsonl(path: Path, rows: list[dict]) -> str:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def _work(tmp_path: Path) -> Path:
    work = tmp_path / "run"
    (work / "refine").mkdir(parents=True)
    rows = [
        ("d/1", "He left.", "Lui partì.", "Partì.", ["subject_pronoun_deletion"]),
        (
            "d/2",
            "His waist shrunk.",
            "Il suo girovita si è ridotto.",
            "La sua girovita si è ridotta.",
            ["possessive_agreement", "predicate_agreement"],
        ),
        ("d/3", "Cover them.", "Copri essi.", "Copri essi.", []),
    ]
    _jsonl(
        work / "review-input.jsonl",
        [
            {"id": i, "key": key, "english": en, "italian_before_refine": before, "italian": after, "has_mention": True}
            for i, (key, en, before, after, _) in enumerate(rows)
        ],
    )
    table = pa.table(
        {
            "doc_id": [key.split("/")[0] for key, *_ in rows],
            "sentence": [int(key.split("/")[1]) for key, *_ in rows],
            "mentions": [[{"cluster_id": 0}] for _ in rows],
            "changes": [[{"rule": name} for name in names] for *_, names in rows],
        }
    )
    pq.write_table(table, work / "refine" / "delta.parquet")
    return work


def _rating(en: str, it: str, ok: bool) -> dict:
    return {"english": en, "italian": it, "grammatical": ok, "acceptable": ok, "errors": [] if ok else ["x"]}


def test_unrated_lists_each_pair_no_rating_covers_once(tmp_path):
    work = _work(tmp_path)
    review = _jsonl(tmp_path / "old.jsonl", [_rating("He left.", "Partì.", True)])
    out = tmp_path / "todo.jsonl"
    assert real_english.main(["unrated", "--work", str(work), "--before", "--reuse", review, "--out", str(out)]) == 0
    todo = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    pairs = sorted((r["english"], r["italian"]) for r in todo)
    assert pairs == sorted(
        [
            ("He left.", "Lui partì."),
            ("His waist shrunk.", "Il suo girovita si è ridotto."),
            ("His waist shrunk.", "La sua girovita si è ridotta."),
            ("Cover them.", "Copri essi."),
        ]
    )  # "Copri essi." once although it is both before and after; "Partì." rated already
    assert [r["id"] for r in todo] == [0, 1, 2, 3]


def test_rules_counts_repaired_broken_and_left_wrong_per_rule(tmp_path, capsys):
    work = _work(tmp_path)
    shown = _jsonl(
        tmp_path / "shown.jsonl",
        [
            {"id": 0, "english": "He left.", "italian": "Lui partì."},
            {"id": 1, "english": "His waist shrunk.", "italian": "Il suo girovita si è ridotto."},
            {"id": 2, "english": "His waist shrunk.", "italian": "La sua girovita si è ridotta."},
        ],
    )
    ratings = _jsonl(
        tmp_path / "ratings.jsonl",
        [
            {"id": 0, "grammatical": False, "acceptable": False},
            {"id": 1, "grammatical": True, "acceptable": True},
            {"id": 2, "grammatical": False, "acceptable": False},
        ],
    )
    review = _jsonl(tmp_path / "old.jsonl", [_rating("He left.", "Partì.", True)])
    code = real_english.main(["rules", "--work", str(work), "--reuse", review, "--pairs", shown, ratings])
    assert code == 0
    lines = {
        line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
        for line in capsys.readouterr().out.splitlines()[2:]
    }
    # fired, repaired, broke, left wrong, kept right
    assert lines["subject_pronoun_deletion"] == ["1", "1", "0", "0", "0"]
    assert lines["possessive_agreement"] == ["1", "0", "1", "0", "0"]
    assert lines["predicate_agreement"] == ["1", "0", "1", "0", "0"]
    assert lines["(any rule)"] == ["2", "1", "1", "0", "0"]  # d/3 was not changed: not counted


def test_rules_refuses_a_changed_utterance_without_both_ratings(tmp_path, capsys):
    work = _work(tmp_path)
    review = _jsonl(tmp_path / "old.jsonl", [_rating("He left.", "Partì.", True)])
    assert real_english.main(["rules", "--work", str(work), "--reuse", review]) == 1
    assert "lack a rating" in capsys.readouterr().err


def test_score_from_reused_ratings_alone(tmp_path, capsys):
    work = _work(tmp_path)
    review = _jsonl(
        tmp_path / "old.jsonl",
        [
            _rating("He left.", "Partì.", True),
            _rating("His waist shrunk.", "La sua girovita si è ridotta.", False),
            _rating("Cover them.", "Copri essi.", False),
        ],
    )
    out = tmp_path / "review.jsonl"
    assert real_english.main(["score", "--work", str(work), "--reuse", review, "--out", str(out)]) == 0
    assert "grammatical 1 (33.3%)" in capsys.readouterr().out
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3


def test_check_memory_finds_every_kind_of_bad_line(tmp_path):
    """scripts/check-memory.py: a stand-in translation with its tags kept, nested as in the English, passes;
    a lost tag, a crossing, a changed nesting, a missing and an extra source are each reported."""
    spec = importlib.util.spec_from_file_location("check_memory", REPO / "scripts" / "check-memory.py")
    check_memory = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check_memory)
    sources = [
        "<a>The mother of <b>John</b></a> left.",
        "<a>He</a> saw <b>her</b>.",
        "<a>Anna</a> met <b>Rome</b>.",
        "It rained.",
    ]
    misses = tmp_path / "misses.tsv"
    misses.write_text("".join(f"{s}\t\n" for s in sources), encoding="utf-8")
    good = tmp_path / "good.tsv"
    good.write_text(
        "<a>The mother of <b>John</b></a> left.\t<a>La madre di <b>John</b></a> se ne andò.\n"
        "<a>He</a> saw <b>her</b>.\t<a>Lui</a> <b>la</b> vide.\n"
        "<a>Anna</a> met <b>Rome</b>.\t<a>Anna</a> incontrò <b>Roma</b>.\n"
        "It rained.\tPioveva.\n",
        encoding="utf-8",
    )
    assert check_memory.check(misses, good) == []
    bad = tmp_path / "bad.tsv"
    bad.write_text(
        "<a>The mother of <b>John</b></a> left.\t<a>La madre</a> di <b>John</b> se ne andò.\n"  # nesting changed
        "<a>He</a> saw <b>her</b>.\t<a>Lui <b>la</a></b> vide.\n"  # crossing
        "<a>Anna</a> met <b>Rome</b>.\t<a>Anna</a> incontrò Roma.\n"  # a tag lost
        "Something else.\tAltro.\n",  # not asked for; "It rained." missing
        encoding="utf-8",
    )
    problems = check_memory.check(misses, bad)
    assert any("nesting differs" in p for p in problems)
    assert any("closes out of order" in p for p in problems)
    assert any("tags differ" in p for p in problems)
    assert any(p.startswith("missing: It rained.") for p in problems)
    assert any(p.startswith("not in the misses file: Something else.") for p in problems)


def test_coverage_and_the_projection_review_on_the_samples_run(tmp_path):
    """`coverage` and `projection_review` on the sample's workflow outputs (the joint method, the default):
    every mention of the Italian dataset gets one line, its English mention and its Italian span marked once."""
    results = REPO / "results"
    if not (results / "refine" / "all" / "delta.parquet").exists():
        raise AssertionError("no results/refine/all: run the workflow on the sample first (make test does)")
    work = tmp_path / "work"
    work.mkdir()
    for stage in ("select", "translate", "refine"):
        (work / stage).symlink_to(results / stage / "all")
    cover = real_english.coverage(work)
    delta = pq.read_table(results / "refine" / "all" / "delta.parquet").to_pylist()
    spans = {
        (r["doc_id"], r["part"], r["sentence"], m["cluster_id"], m["start"], m["end"])
        for r in delta
        for m in r["mentions"]
    }
    assert cover["english_mentions"] == 868 and cover["italian_mentions"] == len(spans)
    assert cover["mention_share"] > 0.95 and cover["chain_share"] > 0.95
    lines = real_english.projection_review(work)
    assert lines == len(spans)
    for row in map(json.loads, (work / "project.jsonl").read_text(encoding="utf-8").splitlines()):
        for side in ("english", "italian"):
            assert row[side].count("⟦") == row[side].count("⟧") == 1, row


def test_spans_counts_a_runs_spans_equal_to_the_references_on_the_same_italian(tmp_path, capsys):
    """`spans`: the tags-kept run's spans are the gold; only mentions whose Italian sentence is the same count."""

    def key_line(key, cluster, english, italian, source):
        return {"id": 0, "key": key, "cluster": cluster, "span_source": source, "english": english, "italian": italian}

    reference, run = tmp_path / "kept", tmp_path / "dropped"
    reference.mkdir()
    run.mkdir()
    _jsonl(
        reference / "project-key.jsonl",
        [
            key_line("d/1", 1, "⟦The cat⟧ sleeps", "⟦Il gatto⟧ dorme", "tags"),
            key_line("d/1", 2, "The cat sleeps ⟦here⟧", "Il gatto dorme ⟦qui⟧", "tags"),
            key_line("d/2", 1, "⟦It⟧ ran", "⟦Esso⟧ corse", "tags"),
        ],
    )
    _jsonl(
        run / "project-key.jsonl",
        [
            key_line("d/1", 1, "⟦The cat⟧ sleeps", "Il ⟦gatto⟧ dorme", "alignment"),  # too short
            key_line("d/1", 2, "The cat sleeps ⟦here⟧", "Il gatto dorme ⟦qui⟧", "alignment"),  # exact
            key_line("d/2", 1, "⟦It⟧ ran", "⟦Lui⟧ corse", "alone_match"),  # another sentence: not compared
        ],
    )
    assert real_english.main(["spans", "--work", str(run), "--reference", str(reference)]) == 0
    out = capsys.readouterr().out
    assert "| alignment | 2 | 2 | 1 (50.0%) |" in out
    assert "| alone_match | 1 | 0 | 0 |" in out
    assert "| (all) | 3 | 2 | 1 (50.0%) |" in out
