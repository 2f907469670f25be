"""The paper's evaluation: `humaneval` (the human-evaluation kit) and `report` (tables, figures)."""

from __future__ import annotations

from pathlib import Path

import typer

from coref_transfer.cli.app import ConfigJsonOption, ConfigOption, _config, app


@app.command()
def humaneval(
    delta: Path = typer.Option(..., "--input", "-i", help="A δ folder (its delta.parquet is sampled)."),
    out: Path = typer.Option(..., "--out", "-o", help="The kit folder (replaced)."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Build the human-evaluation kit: a seeded stratified sample and one offline HTML page per rater.

    Example: coref-transfer humaneval --input results/refine/all --out results/report/humaneval
    """
    from coref_transfer.report.run import run_humaneval

    run_humaneval(delta, out, _config(config, config_json))


@app.command()
def report(
    select_dir: Path = typer.Option(..., "--select", help="The merged select folder (α-β3)."),
    refine_dir: Path = typer.Option(..., "--refine", help="The merged refine folder (δ)."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for the tables and figures."),
    translate_dir: Path | None = typer.Option(
        None, "--translate", help="The merged translate folder (γ; its drops join the table)."
    ),
    kit: Path | None = typer.Option(None, "--kit", help="The human-evaluation kit the ratings belong to."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Regenerate the paper's tables (Markdown, LaTeX, CSV) and figures (PNG, SVG).

    Example: coref-transfer report --select results/select/all --translate results/translate/all \
--refine results/refine/all --out results/report/paper
    """
    from coref_transfer.report.run import run_report

    cfg = _config(config, config_json)
    run_report(select_dir, translate_dir, refine_dir, out, kit, cfg["report"]["ratings"], cfg["report"]["raters"])
