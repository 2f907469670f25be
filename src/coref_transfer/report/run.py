"""`coref-transfer humaneval` (the raters' kit) and `coref-transfer report` (the paper's tables)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.io import staged_directory
from coref_transfer.manifest import build_manifest, seal
from coref_transfer.readability import flesch_vacca, readability_class
from coref_transfer.records import read_records
from coref_transfer.report.humaneval.agreement import agreement
from coref_transfer.report.humaneval.kit import build_kit
from coref_transfer.report.humaneval.ratings import read_ratings
from coref_transfer.report.humaneval.sample import load_sample
from coref_transfer.report.paper import build_report


def kit_items(refine_dir: str | Path) -> list[dict[str, Any]]:
    """δ utterances as kit candidates: id, Italian text, Flesch–Vacca class."""
    utterances = read_records(Path(refine_dir) / "delta.parquet", "delta")
    return [
        {"id": f"{u.doc_id}#{u.part}#{u.sentence}", "text": u.text, "class": readability_class(flesch_vacca(u.text))}
        for u in utterances
    ]


def run_humaneval(refine_dir: str | Path, out: str | Path, config: Mapping[str, Any]) -> Path:
    """Build the raters' kit from δ (seeded stratified sample, one page per rater)."""
    report = config["report"]
    delta = Path(refine_dir) / "delta.parquet"
    build_kit(kit_items(refine_dir), out, report["raters"], report["per_class"], config["seed"], inputs=[delta])
    return Path(out)


def run_report(
    select_dir: Path,
    translate_dir: Path | None,
    refine_dir: Path,
    out: Path,
    kit: Path | None = None,
    ratings: Sequence[str | Path] = (),
    raters: Sequence[str] = (),
) -> list[Path]:
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
    select_dir, refine_dir, out = Path(select_dir), Path(refine_dir), Path(out)
    translate_dir = Path(translate_dir) if translate_dir else None
    inputs = [
        select_dir / "utterances.parquet",
        select_dir / "beta3.parquet",
        select_dir / "stats.json",
        *([translate_dir / "stats.json"] if translate_dir else []),
        refine_dir / "delta.parquet",
        refine_dir / "stats.json",
        *([Path(kit) / "sample.json"] if ratings else []),
        *ratings,
    ]
    with staged_directory(out) as tmp:
        written = build_report(select_dir, translate_dir, refine_dir, tmp, result)
        seal(tmp, build_manifest("report", {"ratings": [str(p) for p in ratings], "raters": list(raters)}, inputs))
    return [out / path.relative_to(tmp) for path in written]
