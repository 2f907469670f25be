"""Precision and recall of rewrites on a hand-written evaluation set: the counts and the table.

Shared by the refinement rules (`refine.evaluate`) and the articles and
prepositions resolution puts back (`translate.determiners_eval`). Per
rewrite, `tp` counts the items it changed that it should have changed (and,
where the evaluation says so, got right), `fp` the other items it changed,
`fn` the items it should have changed and did not (or got wrong); precision
is tp / (tp + fp), recall tp / (tp + fn), None where the denominator is 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def precision_recall(counts: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, Any]]:
    """{rewrite: {"tp", "fp", "fn", "precision", "recall"}} from {rewrite: {"tp", "fp", "fn"}}."""
    out = {}
    for name, c in counts.items():
        fired, should = c["tp"] + c["fp"], c["tp"] + c["fn"]
        out[name] = {
            **c,
            "precision": c["tp"] / fired if fired else None,
            "recall": c["tp"] / should if should else None,
        }
    return out


def pct(x: float | None) -> str:
    """A share as a percentage with one decimal, "–" for None."""
    return "–" if x is None else f"{100 * x:.1f}"


def table(label: str, scores: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The Markdown table of `precision_recall`'s scores, one row per rewrite, `label` heading the first column."""
    lines = [f"| {label} | should fire | fired | correct | precision | recall |", "|---|---|---|---|---|---|"]
    for name, r in scores.items():
        lines.append(
            f"| {name} | {r['tp'] + r['fn']} | {r['tp'] + r['fp']} | {r['tp']} | "
            f"{pct(r['precision'])} | {pct(r['recall'])} |"
        )
    return lines


def report(label: str, scores: Mapping[str, Mapping[str, Any]], exact: int, total: int, what: str) -> str:
    """The evaluation as Markdown: the table, then how many of the `total` items were wholly right (`what`)."""
    share = exact / total if total else None
    return "\n".join([*table(label, scores), "", f"{what}: {exact} of {total} ({pct(share)}%)."]) + "\n"
