"""Presentation of scorer results: the text table of `coref-transfer score`."""

from __future__ import annotations


def format_table(result: dict) -> str:
    """A readable table of a `metrics.score` result (percent, 2 decimals rounded; the reference truncates)."""
    names = {
        "mentions": "Mentions",
        "muc": "MUC",
        "bcub": "B-cubed",
        "ceafe": "CEAF-e",
        "ceafm": "CEAF-m",
        "blanc": "BLANC",
    }
    lines = [f"{'metric':<10}{'recall':>10}{'precision':>11}{'F1':>9}"]
    for m, label in names.items():
        v = result[m]
        lines.append(f"{label:<10}{v['r']:>10.2f}{v['p']:>11.2f}{v['f']:>9.2f}")
    lines.append(f"{'CoNLL':<10}{'':>10}{'':>11}{result['conll']['f']:>9.2f}")
    return "\n".join(lines) + "\n"
