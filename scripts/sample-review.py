"""The fluent reader's review of the sample's final Italian: keep the table in step, and sum it up.

The table (`docs/review/sample-review.tsv`, tab-separated, one row per
utterance of `results/export/{train,development,test}.json` after `make
run`) holds the reader's verdict on each final sentence: `ok` (grammatical
Italian with its mentions in place) or `error` with its categories (comma-separated) and a note,
or `unreviewed` for a text the reader has not seen yet. Each row shows the
text and its tokens with the mentions in brackets, which the reader checks
too.

    python scripts/sample-review.py --update   # rows for new or changed texts become `unreviewed`
    python scripts/sample-review.py            # the summary (Markdown); exit 1 if a row is unreviewed or stale

`--update` keeps every verdict whose text is unchanged, so a re-run after a
change sends only the sentences that changed back to the reader.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TABLE = REPO / "docs" / "review" / "sample-review.tsv"
SPLITS = ("train", "development", "test")
FIELDS = ("split", "doc_id", "part", "sentence", "verdict", "category", "text", "bracketed", "note")
VERDICTS = ("ok", "error", "unreviewed")
#: The error categories of the review (issue 14's kinds, then the rest).
CATEGORIES = (
    "tonic_object",  # a tonic pronoun where Italian needs a clitic ("ha fermato lui")
    "reflexive",  # a reflexive or emphatic -self in the wrong form ("vende i biglietti sé stesso")
    "subject_pronoun",  # an overt subject pronoun Italian drops ("…, ha detto lui")
    "kinship_article",  # an article before a singular kinship noun with a possessive ("il suo fratello")
    "vocative_article",  # an article on a person addressed ("Grazie, il signor Conti")
    "possessive",  # a possessive in the wrong place or form ("i suoi doti", "è suo" for a feminine)
    "euphonic_d",  # e/ed, a/ad, o/od against the next word ("e è", "ed Mario")
    "detokenisation",  # spaces or joins in the wrong place ("Sant’ Elena", "part - time")
    "preposition_pronoun",  # a pronoun after a preposition in the wrong form ("su esso", "contro lui")
    "agreement",  # another agreement error (article, adjective, participle)
    "translation",  # an error of the recorded translation itself (fix the memory)
    "mention",  # a mention on the wrong tokens (two mentions of one entity on one token)
    "capitalisation",  # a sentence that starts in lower case, a capital inside one
    "other",
)


def exported(results: Path) -> list[dict[str, str]]:
    rows = []
    for split in SPLITS:
        data = json.loads((results / f"{split}.json").read_text(encoding="utf-8"))
        for u in data["utterances"]:
            opens = Counter(m["start"] for m in u["mentions"])
            closes = Counter(m["end"] for m in u["mentions"])
            bracketed = " ".join("[" * opens[i] + t + "]" * closes[i] for i, t in enumerate(u["tokens"]))
            rows.append(
                {
                    "split": split,
                    "doc_id": u["doc_id"],
                    "part": str(u["part"]),
                    "sentence": str(u["sentence"]),
                    "text": u["text"],
                    "bracketed": bracketed,
                }
            )
    return rows


def key(row: dict[str, str]) -> tuple[str, str, str, str]:
    return row["split"], row["doc_id"], row["part"], row["sentence"]


def read_table(path: Path = TABLE) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE, quotechar=None))
    for n, row in enumerate(rows, start=2):
        if row["verdict"] not in VERDICTS:
            raise SystemExit(f"{path}:{n}: verdict {row['verdict']!r} is not one of {', '.join(VERDICTS)}")
        wrong = [c for c in row["category"].split(",") if c not in CATEGORIES] if row["verdict"] == "error" else []
        if wrong:
            raise SystemExit(f"{path}:{n}: category {wrong[0]!r} is not one of {', '.join(CATEGORIES)}")
    return rows


def update(results: Path, path: Path = TABLE) -> Counter:
    old = {key(r): r for r in read_table(path)}
    out, counts = [], Counter()
    for row in exported(results):
        prev = old.get(key(row))
        if prev is not None and prev["text"] == row["text"] and prev["bracketed"] == row["bracketed"]:
            out.append(prev)
            counts["kept"] += 1
        else:
            out.append({**row, "verdict": "unreviewed", "category": "", "note": ""})
            counts["unreviewed"] += 1
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, FIELDS, delimiter="\t", quoting=csv.QUOTE_NONE, quotechar=None, lineterminator="\n")
        writer.writeheader()
        writer.writerows(out)
    return counts


def stale(results: Path, rows: list[dict[str, str]]) -> list[str]:
    """What in the table no longer matches the export (empty when it is in step)."""
    current = {key(r): (r["text"], r["bracketed"]) for r in exported(results)}
    reviewed = {key(r): (r["text"], r["bracketed"]) for r in rows}
    problems = [f"missing: {' '.join(k)}" for k in current if k not in reviewed]
    problems += [f"no longer exported: {' '.join(k)}" for k in reviewed if k not in current]
    problems += [
        f"text or mentions changed: {' '.join(k)}" for k in current if k in reviewed and reviewed[k] != current[k]
    ]
    return problems


def summary(rows: list[dict[str, str]]) -> str:
    verdicts = Counter(r["verdict"] for r in rows)
    categories = Counter(c for r in rows if r["verdict"] == "error" for c in r["category"].split(","))
    n = len(rows)
    lines = [
        (
            f"Utterances reviewed: {n - verdicts['unreviewed']} of {n}; grammatical: {verdicts['ok']} "
            f"({100 * verdicts['ok'] / n:.1f}%); with an error: {verdicts['error']}."
        ),
        "",
        "| category | utterances |",
        "|---|---|",
    ]
    lines += [f"| {c} | {categories[c]} |" for c in CATEGORIES if categories[c]]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=Path, default=REPO / "results" / "export", help="the export folder")
    ap.add_argument("--table", type=Path, default=TABLE)
    ap.add_argument("--update", action="store_true", help="add or reset rows for new or changed texts")
    args = ap.parse_args()
    if args.update:
        counts = update(args.results, args.table)
        print(f"{args.table}: {counts['kept']} verdicts kept, {counts['unreviewed']} rows to review")
    rows = read_table(args.table)
    sys.stdout.write(summary(rows))
    problems = stale(args.results, rows)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems or any(r["verdict"] == "unreviewed" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
