"""Readable summaries of a selection's stats.json (Markdown tables)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from coref_transfer.select.pipeline import STAGES

COUNTS = ("documents", "parts", "utterances", "tokens", "mentions", "clusters")


def stats_markdown(stats: Mapping[str, Any]) -> str:
    """Counts per stage, then every drop reason with its count."""
    lines = ["| stage | " + " | ".join(COUNTS) + " |", "|---" * (len(COUNTS) + 1) + "|"]
    for stage in ("input", *STAGES):
        lines.append(f"| {stage} | " + " | ".join(f"{stats[stage][k]:,}" for k in COUNTS) + " |")
    lines += ["", "| dropped | reason | count |", "|---|---|---|"]
    for unit in ("utterances", "mentions", "clusters"):
        for reason, count in stats["dropped"][unit].items():
            lines.append(f"| {unit} | {reason} | {count:,} |")
    if stats.get("classes"):
        lines += ["", "| class (type/gender/number) | clusters |", "|---|---|"]
        lines += [f"| {name} | {count:,} |" for name, count in stats["classes"].items()]
    return "\n".join(lines) + "\n"
