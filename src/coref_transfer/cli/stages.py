"""The stages of the pipeline: `select` (α-β3), `translate` (γ) and `refine` (δ)."""

from __future__ import annotations

from pathlib import Path

import typer

from coref_transfer.cli.app import ConfigJsonOption, ConfigOption, _config, app


@app.command()
def select(
    inputs: list[Path] = typer.Argument(
        ..., help="English *gold_conll (CoNLL-2012) or *.conllu (CorefUD) files or folders (searched recursively)."
    ),
    out: Path = typer.Option(..., "--out", "-o", help="Output folder (replaced when the run succeeds)."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    input_format: str | None = typer.Option(
        None, "--input-format", help="auto, conll2012 or corefud (default: the config's input.format)."
    ),
    partition: str = typer.Option("all", help="Partition name recorded in the tables."),
    progress: bool = typer.Option(True, help="Show a progress bar on stderr."),
    workers: int = typer.Option(1, "--workers", "-j", min=1, help="Worker processes (files are split among them)."),
) -> None:
    """Run stages α, β1, β2, β3 and the entity classes.

    Writes OUT/{utterances,alpha,beta1,beta2,beta3,clusters}.parquet,
    OUT/stats.json and OUT/manifest.json.

    Example: coref-transfer select resources/sample/train --out results/select/train
    """
    from coref_transfer.select.run import run_select

    cfg = _config(config, config_json)
    fmt = input_format or cfg["input"]["format"]
    run_select(inputs, out, cfg, partition, progress, workers, fmt)


@app.command()
def translate(
    selection: Path = typer.Option(..., "--input", "-i", help="A selection folder (its beta3.parquet is read)."),
    out: Path = typer.Option(..., "--out", "-o", help="Output folder (replaced when the run succeeds)."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    threads: int = typer.Option(1, "--threads", "-t", min=1, help="CPU threads for the MT model."),
    progress: bool = typer.Option(True, help="Show a progress bar on stderr."),
    export_misses: Path | None = typer.Option(
        None, help="Memory backend: write every segment the memory lacks to this file (source<TAB>) and exit 1."
    ),
    dry_run: bool = typer.Option(
        False,
        "--dry-run",
        help="Translate nothing: write OUT/segments.tsv, preflight.json and preflight.md, "
        "every segment that would be sent, with counts and flags (no model or parser is loaded).",
    ),
) -> None:
    """Stage γ: replace mentions by placeholders, translate, check, retry, resolve.

    Writes OUT/gamma.parquet, OUT/stats.json and OUT/manifest.json; with
    --dry-run, the preflight report instead (read it before spending GPU hours).

    Example: coref-transfer translate --input results/select/parts/train-nw-ledger \
--out results/translate/parts/train-nw-ledger
    """
    from coref_transfer.translate.run import run_preflight, run_translate

    cfg = _config(config, config_json)
    if dry_run:
        if export_misses is not None:
            raise typer.BadParameter("--dry-run translates nothing: drop --export-misses")
        run_preflight(selection, out, cfg)
        return
    run_translate(selection, out, cfg, threads, progress, export_misses)


@app.command()
def refine(
    gamma: Path = typer.Option(..., "--input", "-i", help="A γ folder (its gamma.parquet is read)."),
    out: Path = typer.Option(..., "--out", "-o", help="Output folder (replaced when the run succeeds)."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    progress: bool = typer.Option(True, help="Show a progress bar on stderr."),
) -> None:
    """Stage δ: parse the Italian utterances, apply the refinement rules, re-estimate classes.

    Writes OUT/delta.parquet, OUT/stats.json and OUT/manifest.json.

    Example: coref-transfer refine --input results/translate/parts/train-nw-ledger \
--out results/refine/parts/train-nw-ledger
    """
    from coref_transfer.refine.run import run_refine

    run_refine(gamma, out, _config(config, config_json), progress)
