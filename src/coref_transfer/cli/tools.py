"""Utilities around the stages: `merge`, `verify` and `stats` (their outputs), `partitions` and
`config show` (their inputs and configuration), `score` (a response against a coreference key), `align
pairs` (a run's parallel text, for another run's aligner)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
import yaml

from coref_transfer import resources
from coref_transfer.cli.app import ConfigJsonOption, ConfigOption, _config, align_app, app, config_app, log
from coref_transfer.errors import CorefTransferError


@app.command()
def merge(
    folders: list[Path] = typer.Argument(
        ..., help="Per-partition output folders of one stage (select, translate or refine)."
    ),
    out: Path = typer.Option(..., "--out", "-o", help="Merged output folder."),
) -> None:
    """Merge the per-partition folders of one stage (tables concatenated, stats summed and their accounting checked).

    Example: coref-transfer merge results/select/parts/* --out results/select/all
    """
    from coref_transfer.merge import merge_folders

    merge_folders(folders, out)


@app.command()
def verify(
    results: Path = typer.Argument(
        ..., help="A results folder: every folder under it with a manifest.json is checked."
    ),
    cache: Path | None = typer.Option(
        None,
        "--cache",
        help="Verification cache (JSON): files hashed OK before and "
        "unchanged since (size, mtime) are only size-checked. Default: hash every "
        "file.",
    ),
) -> None:
    """Check every output against its manifest: missing, truncated or corrupt files and damaged manifests.

    Prints one `FILE: problem` line per problem and exits 1 if there is any.
    The workflow runs the same check when it builds the jobs of `all` or `train`, and rebuilds what is damaged.

    Example: coref-transfer verify results
    """
    from coref_transfer.errors import MissingInputError
    from coref_transfer.verify import scan, sealed_folders

    if not results.is_dir():
        raise MissingInputError(f"{results}: not a folder (expected a results folder such as results/)")
    problems = scan(results, cache)
    for problem in problems:
        typer.echo(str(problem))
    folders = sum(1 for _ in sealed_folders(results))
    log.info("%d folder(s) with a manifest under %s: %d problem(s)", folders, results, len(problems))
    if problems:
        raise typer.Exit(1)


@app.command()
def stats(
    path: Path = typer.Argument(..., help="A stats.json written by select, translate, refine or their merge."),
) -> None:
    """Print a stats.json as Markdown tables (counts per stage, drop reasons, and the stage's own counts).

    Example: coref-transfer stats results/select/all/stats.json
    """
    from coref_transfer.errors import InputFormatError
    from coref_transfer.stats import stats_markdown

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputFormatError(path, None, f"cannot read ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, exc.lineno, f"not valid JSON: {exc.msg}") from exc
    try:
        text = stats_markdown(data)
    except (CorefTransferError, KeyError, TypeError, AttributeError) as exc:
        raise InputFormatError(path, None, f"{exc} (a stats.json of another shape?)") from exc
    typer.echo(text, nl=False)


@app.command()
def partitions(
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    files: bool = typer.Option(False, "--files", help="Also list each partition's files."),
) -> None:
    """List the partitions the configured inputs split into.

    Example: coref-transfer partitions --config config.yaml --files
    """
    from coref_transfer.partitions import discover

    cfg = _config(config, config_json)
    found = discover(resources.config_paths(cfg, "input.paths"), cfg["partitions"]["by"], cfg["input"]["format"])
    if files:
        typer.echo(json.dumps({k: [str(p) for p in v] for k, v in found.items()}, indent=2))
    else:
        typer.echo("\n".join(found))


@app.command()
def score(
    gold: Path = typer.Option(
        ..., "--gold", "-g", help="Key file: CoNLL-2012, full or two-column (coreference in the last column)."
    ),
    pred: Path = typer.Option(..., "--pred", "-p", help="Response file: the same documents and tokens as the key."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object (percent) instead of a table."),
) -> None:
    """Score coreference like the CoNLL reference scorer v8.01: MUC, B-cubed, CEAF-e, CEAF-m, BLANC, CoNLL F1.

    Values are percent. --json prints {"muc": {"r", "p", "f"}, "bcub", "ceafe",
    "ceafm", "blanc", "conll": {"f"}}; otherwise a table (with mention
    identification). Mismatched documents or token counts exit with 1.

    Example: coref-transfer score --gold dev.gold_conll --pred dev.pred_conll --json
    """
    from coref_transfer.train.scoring.metrics import METRICS, score_files
    from coref_transfer.train.scoring.table import format_table

    result = score_files(gold, pred)
    if as_json:
        typer.echo(json.dumps({m: result[m] for m in (*METRICS, "conll")}))
    else:
        typer.echo(format_table(result), nl=False)


@config_app.command("show")
def config_show(config: Path | None = ConfigOption, config_json: str | None = ConfigJsonOption) -> None:
    """Validate a configuration and print it with every default filled in.

    Example: coref-transfer config show --config config.yaml
    """
    typer.echo(yaml.safe_dump(_config(config, config_json), sort_keys=False), nl=False)


@align_app.command("pairs")
def align_pairs(
    translate_folder: Path = typer.Argument(..., help="A translate output folder (its gamma.parquet is read)."),
    out: Path = typer.Option(..., "--out", "-o", help="Parallel text file to write."),
) -> None:
    """Write a run's parallel text, every kept utterance's English and Italian words as `English ||| Italian`
    lines: give it to another run as `translate.alignment.parallel`, so that a small run's aligner learns
    from a big run's text too.

    Example: coref-transfer align pairs results/translate/all --out ontonotes-pairs.txt
    """
    from coref_transfer.records import read_records
    from coref_transfer.translate.align.fast_align import write_parallel

    rows = read_records(translate_folder / "gamma.parquet", "gamma")
    written = write_parallel([(r.source_tokens, r.tokens) for r in rows if r.dropped_at is None], out)
    log.info("align pairs: %d pairs from %s written to %s", written, translate_folder, out)


@align_app.command("corpus")
def align_corpus(
    english: Path = typer.Option(
        ..., "--english", help="The English side: a WIT³/IWSLT XML file, or one segment per line."
    ),
    italian: Path = typer.Option(..., "--italian", help="The Italian side, in the same form."),
    fmt: str = typer.Option("auto", "--format", help="xml, lines or auto (XML when the English file starts as XML)."),
    out: Path = typer.Option(..., "--out", "-o", help="Parallel text file to write."),
) -> None:
    """Write a parallel corpus (WIT³'s TED talks, or any aligned pair of files) as the word aligner's parallel text,
    tokenised as the stages' text is: give it as `translate.alignment.parallel`, so that every partition's aligner
    learns from it too (docs/choosing-a-translator.md).

    Example: coref-transfer align corpus --english train.tags.en-it.en --italian train.tags.en-it.it --out ted-pairs.txt
    """
    from coref_transfer.parallel import FORMATS, read_parallel_corpus
    from coref_transfer.translate.align.corpus import corpus_pairs
    from coref_transfer.translate.align.fast_align import write_parallel

    if fmt not in FORMATS:
        raise typer.BadParameter(f"{fmt!r}: expected one of {', '.join(FORMATS)}", param_hint="--format")
    segments = read_parallel_corpus(english, italian, fmt)
    pairs, empty = corpus_pairs(segments)
    written = write_parallel(pairs, out)
    log.info(
        "align corpus: %d segments read, %d pairs written to %s, %d left out (a side without a word)",
        len(segments),
        written,
        out,
        empty,
    )
