"""`coref-transfer humaneval` (the raters' kit) and `coref-transfer report` (the paper's tables)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.io import staged_directory
from coref_transfer.manifest import build_manifest, seal
from coref_transfer.readability import flesch_vacca, readability_class
from coref_transfer.report.humaneval.agreement import agreement
from coref_transfer.report.humaneval.kit import build_kit
from coref_transfer.report.humaneval.ratings import read_ratings
from coref_transfer.report.humaneval.sample import load_sample
from coref_transfer.report.paper import build_report
from coref_transfer.schema import read_table


def kit_items(delta_dir: str | Path) -> list[dict[str, Any]]:
    """δ utterances as kit candidates: id, Italian text, Flesch–Vacca class."""
    rows = read_table(Path(delta_dir) / "delta.parquet", "delta").to_pylist()
    return [
        {"id": f"{r['doc_id']}#{r['part']}#{r['sentence']}", "text": r["text"], "class": readability_class(flesch_vacca(r["text"]))}
        for r in rows
    ]


def run_humaneval(delta_dir: str | Path, out: str | Path, config: Mapping[str, Any]) -> Path:
    """Build the raters' kit from δ (seeded stratified sample, one page per rater)."""
    report = config["report"]
    delta = Path(delta_dir) / "delta.parquet"
    build_kit(kit_items(delta_dir), out, report["raters"], report["per_class"], config["seed"], inputs=[delta])
    return Path(out)


def run_report(select_dir: Path, gamma_dir: Path | None, delta_dir: Path, out: Path,
               kit: Path | None = None, ratings: Sequence[str | Path] = (), raters: Sequence[str] = ()) -> list[Path]:
    """All tables and figures; Table 17 from the imported ratings when there are any.

    `out` is replaced as a whole, with `manifest.json`, once everything is written.
    """
    result = None
    if ratings:
        sample = load_sample(Path(kit) / "sample.json") if kit else None
        if sample is None:
            from coref_transfer.errors import ConfigError

            raise ConfigError("report.ratings needs the kit (its sample.json) the raters rated")
        result = agreement(read_ratings([Path(p) for p in ratings], sample, list(raters)), sample)
    select_dir, delta_dir, out = Path(select_dir), Path(delta_dir), Path(out)
    gamma_dir = Path(gamma_dir) if gamma_dir else None
    inputs = [select_dir / "utterances.parquet", select_dir / "beta3.parquet", select_dir / "stats.json",
              *([gamma_dir / "stats.json"] if gamma_dir else []), delta_dir / "delta.parquet", delta_dir / "stats.json",
              *([Path(kit) / "sample.json"] if ratings else []), *ratings]
    with staged_directory(out) as tmp:
        written = build_report(select_dir, gamma_dir, delta_dir, tmp, result)
        seal(tmp, build_manifest("report", {"ratings": [str(p) for p in ratings], "raters": list(raters)}, inputs))
    return [out / path.relative_to(tmp) for path in written]
