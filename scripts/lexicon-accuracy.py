#!/usr/bin/env python3
"""How often the noun lexicon is right on the held-out UD Italian test files.

    PYTHONPATH=src python scripts/lexicon-accuracy.py --ud ../shared/data/ud \\
        [--lexicon resources/lexicon/it_nouns.tsv] [--literal] [--json] [--dictionary [FILE]]

For the NOUN tokens of every test file of `coref_transfer.parsing.train.DEFAULT_TEST`
(never used to build the lexicon):

- coverage: share of test NOUN tokens whose form the lexicon gives a gender
  (a number) for;
- precision: among the tokens the lexicon gives a gender (number) for and
  whose gold annotation has one, the share where both agree; "both" needs
  the gold to have both features;
- unverifiable: tokens the lexicon gives a value for whose gold annotation
  has none (UD Italian leaves Number off invariable nouns, Gender off
  common-gender ones).

--dictionary also measures the noun dictionary fetched at setup
(`coref_transfer.lang.it.dictionary`, Morph-it!) on the test NOUN tokens the
lexicon gives no gender: how many it covers, and how often it is right.

--literal also measures a lexicon built in memory from the same training
files with `count_unmarked=False` (only Masc/Fem and Sing/Plur occurrences
vote), the other reading of the thresholds (module docstring of
`coref_transfer.lang.it.nouns`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from coref_transfer.lang.it.dictionary import DEFAULT_PATH as DICTIONARY_PATH
from coref_transfer.lang.it.nouns import DEFAULT_PATH, NounLexicon, build_lexicon, iter_nouns
from coref_transfer.parsing.train import DEFAULT_TEST, DEFAULT_TRAIN, resolve

ATTRS = ("gender", "number")


def measure(
    lexicon: NounLexicon, tests: list[tuple[str, Path]], only: Callable[[str], bool] | None = None
) -> dict[str, dict[str, float]]:
    """Per test file and in total: coverage, precision and counts (percent); `only`: the forms measured."""
    out: dict[str, dict[str, float]] = {}
    totals: dict[str, int] = {}
    for name, path in tests:
        counts: dict[str, int] = {}
        for form, feats in iter_nouns(path):
            if only is not None and not only(form):
                continue
            counts["nouns"] = counts.get("nouns", 0) + 1
            counts["known"] = counts.get("known", 0) + (form in lexicon)
            predicted = dict(zip(ATTRS, lexicon.lookup(form)))
            gold = {
                "gender": feats.get("Gender", "").lower() or None,
                "number": feats.get("Number", "").lower() or None,
            }
            for attr in ATTRS:
                if predicted[attr] is None:
                    continue
                counts[f"{attr}_given"] = counts.get(f"{attr}_given", 0) + 1
                if gold[attr] is None:
                    counts[f"{attr}_unverifiable"] = counts.get(f"{attr}_unverifiable", 0) + 1
                    continue
                counts[f"{attr}_checked"] = counts.get(f"{attr}_checked", 0) + 1
                counts[f"{attr}_right"] = counts.get(f"{attr}_right", 0) + (predicted[attr] == gold[attr])
            if all(predicted[a] is not None and gold[a] is not None for a in ATTRS):
                counts["both_checked"] = counts.get("both_checked", 0) + 1
                counts["both_right"] = counts.get("both_right", 0) + all(predicted[a] == gold[a] for a in ATTRS)
        out[name] = _figures(counts)
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    out["all"] = _figures(totals)
    return out


def _figures(c: dict[str, int]) -> dict[str, float]:
    def pct(a: int, b: int) -> float:
        return round(100 * a / b, 1) if b else 0.0

    nouns = c.get("nouns", 0)
    return {
        "nouns": nouns,
        "known": pct(c.get("known", 0), nouns),
        **{f"{a}_coverage": pct(c.get(f"{a}_given", 0), nouns) for a in ATTRS},
        **{f"{a}_precision": pct(c.get(f"{a}_right", 0), c.get(f"{a}_checked", 0)) for a in ATTRS},
        **{f"{a}_checked": c.get(f"{a}_checked", 0) for a in ATTRS},
        **{f"{a}_unverifiable": c.get(f"{a}_unverifiable", 0) for a in ATTRS},
        "both_precision": pct(c.get("both_right", 0), c.get("both_checked", 0)),
        "both_checked": c.get("both_checked", 0),
    }


def table(title: str, figures: dict[str, dict[str, float]]) -> str:
    keys = [
        "nouns",
        "known",
        "gender_coverage",
        "gender_precision",
        "number_coverage",
        "number_precision",
        "both_precision",
        "gender_unverifiable",
        "number_unverifiable",
    ]
    lines = [f"## {title}", "", "| test file | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for name, row in figures.items():
        lines.append(f"| {name} | " + " | ".join(str(row[k]) for k in keys) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ud", type=Path, required=True, help="folder of the UD Italian treebanks")
    parser.add_argument("--lexicon", type=Path, default=Path(DEFAULT_PATH), help="the lexicon TSV to measure")
    parser.add_argument("--literal", action="store_true", help="also measure the count_unmarked=False reading")
    parser.add_argument("--json", action="store_true", help="print JSON instead of Markdown tables")
    parser.add_argument(
        "--dictionary",
        type=Path,
        nargs="?",
        const=Path(DICTIONARY_PATH),
        default=None,
        help="also measure the noun dictionary (Morph-it!) on the tokens the lexicon gives no gender",
    )
    args = parser.parse_args(argv)
    tests = [(f"{a}/{b}", p) for (a, b), p in zip(DEFAULT_TEST, resolve(args.ud, DEFAULT_TEST))]
    lexicon = NounLexicon.load(args.lexicon)
    results = {str(args.lexicon): measure(lexicon, tests)}
    if args.dictionary is not None:
        results[f"{args.dictionary}, on the tokens {args.lexicon} gives no gender"] = measure(
            NounLexicon.load(args.dictionary), tests, only=lambda form: lexicon.lookup(form)[0] is None
        )
    if args.literal:
        rows = build_lexicon(resolve(args.ud, DEFAULT_TRAIN), count_unmarked=False)
        literal = NounLexicon({r.form: (r.gender, r.number) for r in rows}, "count_unmarked=False")
        results["count_unmarked=False (built in memory)"] = measure(literal, tests)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n\n".join(table(title, figures) for title, figures in results.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
