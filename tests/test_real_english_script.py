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
