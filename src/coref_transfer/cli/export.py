"""Writing the dataset out: `export` (per split, every format) and `augment` (renamed copies)."""

from __future__ import annotations

from pathlib import Path

import typer

from coref_transfer.cli.app import ConfigJsonOption, ConfigOption, _config, app, log


@app.command()
def export(
    delta: Path = typer.Option(..., "--input", "-i", help="A δ folder (its delta.parquet is exported)."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for {split}.gold_conll/.json/.conllu/.jsonlines."),
    formats: list[str] = typer.Option(
        ["conll2012", "json", "corefud", "jsonlines"], "--format", "-f", help="Formats to write (repeat the option)."
    ),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Write the dataset per split as CoNLL-2012, JSON with change tracking, CorefUD CoNLL-U and jsonlines.

    The config's `export` section says where CorefUD puts dropped subjects (`export.corefud.zeros`).

    Example: coref-transfer export --input results/refine/all --out results/export
    """
    from coref_transfer.export.export import export_all

    settings = _config(config, config_json)["export"]
    result = export_all(delta / "delta.parquet", out, formats=tuple(formats), settings=settings)
    log.info("exported %s", ", ".join(f"{split}: {c}" for split, c in result["splits"].items()))


@app.command()
def augment(
    delta: Path = typer.Option(
        ...,
        "--input",
        "-i",
        help="A δ folder (its delta.parquet: the classes and the parse "
        "the copies need; a jsonlines export has neither).",
    ),
    out: Path = typer.Option(
        ..., "--out", "-o", help="Folder for {split}.jsonlines/.conllu/.gold_conll and manifest.json."
    ),
    copies: int | None = typer.Option(
        None, "--copies", "-n", min=1, help="Copies of each document part [default: the config's augment.copies]."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the name draws [default: the config's seed]."),
    types: list[str] | None = typer.Option(
        None,
        "--type",
        "-t",
        help="Entity type to rename: person, place (repeat the option) [default: the config's augment.types].",
    ),
    share: float | None = typer.Option(
        None, "--share", min=0.0, max=1.0, help="Share of the documents copied [default: the config's augment.share]."
    ),
    split: str = typer.Option("train", "--split", help="The split copied: train, development or test."),
    formats: list[str] = typer.Option(
        ["conll2012", "corefud", "jsonlines"], "--format", "-f", help="Formats to write (repeat the option)."
    ),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Write copies of a split in which every named person has another name of the same gender, in every mention.

    More training data from the same dataset (docs/stages.md, "More training data:
    augment"): names are swapped consistently within each document part,
    spans, heads and clusters follow, and the counts go to the manifest and
    the log's report line. Options left out come from the config (`augment`,
    `seed`; its `export` section says where CorefUD puts zero mentions).

    Example: coref-transfer augment --input results/refine/all --copies 2 --seed 13 --out results/augment/copies-2
    """
    from coref_transfer.export.augment import augment as augment_split

    cfg = _config(config, config_json)
    section = cfg["augment"]
    augment_split(
        delta / "delta.parquet",
        out,
        copies=section["copies"] if copies is None else copies,
        seed=cfg["seed"] if seed is None else seed,
        types=tuple(section["types"] if not types else types),
        share=section["share"] if share is None else share,
        split=split,
        formats=tuple(formats),
        export_settings=cfg["export"],
    )
