"""The `coref-transfer` command line: one subcommand per stage.

Exit codes: 0 success, 1 a data or configuration error (the message names
the file, line and problem), 2 a usage error. Diagnostics go to stderr
through `logging`; `-v` shows more, `-q` only errors.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

import typer
import yaml

from coref_transfer import __version__, resources
from coref_transfer.config import load_config, parse_json_object
from coref_transfer.errors import CorefTransferError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Build a coreference dataset for a new language from CoNLL-2012 (OntoNotes) data.",
)
sample_app = typer.Typer(no_args_is_help=True, help="Build and check the embedded sample corpus.")
app.add_typer(sample_app, name="sample")
config_app = typer.Typer(no_args_is_help=True, help="Inspect and validate configurations.")
app.add_typer(config_app, name="config")
models_app = typer.Typer(no_args_is_help=True, help="Set up translation models.")
app.add_typer(models_app, name="models")
parser_app = typer.Typer(no_args_is_help=True, help="Train and evaluate the project's Italian parser.")
app.add_typer(parser_app, name="parser")
placeholders_app = typer.Typer(no_args_is_help=True, help="Check placeholder inventories against the model.")
app.add_typer(placeholders_app, name="placeholders")

log = logging.getLogger("coref_transfer")

ConfigOption = typer.Option(None, "--config", "-c", help="YAML config file (missing keys take their defaults).")
ConfigJsonOption = typer.Option(
    None, "--config-json", help="Config values as a JSON object, applied over --config (the workflow passes its sections)."
)


def _config(path: Path | None, extra: str | None) -> dict[str, Any]:
    return load_config(path, parse_json_object("--config-json", extra) if extra else None)


@app.callback()
def main_options(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show debug messages."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Show only errors."),
    version: bool = typer.Option(False, "--version", help="Print the version and exit."),
) -> None:
    if version:
        typer.echo(__version__)
        raise typer.Exit()
    level = logging.DEBUG if verbose else logging.ERROR if quiet else logging.INFO
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr, force=True)
    _log_cluster_job()


def _log_cluster_job() -> None:
    """Inside a SLURM job, say which job, partition and GPUs, so a job's log tells where it ran."""
    import os

    job = os.environ.get("SLURM_JOB_ID")
    if job:
        log.info(
            "SLURM job %s, partition %s, node %s, CUDA_VISIBLE_DEVICES=%s", job,
            os.environ.get("SLURM_JOB_PARTITION", "?"), os.environ.get("SLURMD_NODENAME", "?"),
            os.environ.get("CUDA_VISIBLE_DEVICES", "(none)"),
        )


@app.command()
def select(
    inputs: list[Path] = typer.Argument(..., help="English *gold_conll (CoNLL-2012) or *.conllu (CorefUD) files or folders (searched recursively)."),
    out: Path = typer.Option(..., "--out", "-o", help="Output folder (replaced when the run succeeds)."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    input_format: str | None = typer.Option(None, "--input-format", help="auto, conll2012 or corefud (default: the config's input.format)."),
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
        False, "--dry-run", help="Translate nothing: write OUT/segments.tsv, preflight.json and preflight.md, "
        "every segment that would be sent, with counts and flags (no model or parser is loaded)."
    ),
) -> None:
    """Stage γ: replace mentions by placeholders, translate, check, retry, resolve.

    Writes OUT/gamma.parquet, OUT/stats.json and OUT/manifest.json; with
    --dry-run, the preflight report instead (read it before spending GPU hours).

    Example: coref-transfer translate --input results/select/parts/train-nw-ledger --out results/translate/parts/train-nw-ledger
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

    Example: coref-transfer refine --input results/translate/parts/train-nw-ledger --out results/refine/parts/train-nw-ledger
    """
    from coref_transfer.refine.run import run_refine

    run_refine(gamma, out, _config(config, config_json), progress)


@app.command("refine-text")
def refine_text(
    text: str | None = typer.Argument(None, help="One sentence, tokens separated by spaces, mentions in [brackets]."),
    file: Path | None = typer.Option(None, "--file", "-f", help="One such sentence per line; prints one JSON object per line."),
    classes: str | None = typer.Option(
        None, "--classes",
        help="Entity class of each mention of the sentence, in bracket order, comma-separated: "
        "type/gender/number or - for unknown (e.g. 'person/fem/plur,-,person/fem/plur').",
    ),
    roles: str | None = typer.Option(
        None, "--roles",
        help="The English role of each mention of the sentence, in bracket order, comma-separated: subject, "
        "object, reflexive, emphatic, oblique, possessive, other, or - for a mention that is no pronoun.",
    ),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Refine one sentence (or a file of them) with the configured parser and rules; print JSON.

    Rules that need a mention's entity class (a plural "loro" made "le" or
    "li") read it from --classes; without it they treat the class as unknown.
    Rules that read the English pronoun's role (a subject is dropped, never
    made an object clitic) read it from --roles.

    Output: {"text", "bracketed", "tokens", "mentions": [[start, end], ...],
    "changes": [{"rule", "index", "before", "after"}, ...]}.

    Example: coref-transfer refine-text "[Egli] ha detto alla gente che [lei] era una brava cuoca ."
    """
    from coref_transfer.errors import InputFormatError
    from coref_transfer.refine.run import dumps, parse_class_list, refine_texts

    if (text is None) == (file is None):
        raise typer.BadParameter("give either a sentence or --file FILE")
    if (classes is not None or roles is not None) and file is not None:
        raise typer.BadParameter("--classes and --roles go with one sentence, not with --file")
    given = None
    if roles is not None:
        from coref_transfer.lang.en.pronoun_role import ROLES

        given = [None if r.strip() == "-" else r.strip() for r in roles.split(",")]
        bad = [r for r in given if r is not None and r not in ROLES]
        if bad:
            raise typer.BadParameter(f"--roles: {bad[0]!r} is not a role; give {', '.join(ROLES)} or -")
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise InputFormatError(file, None, f"cannot read ({exc.strerror})") from exc
    else:
        lines = [text]  # type: ignore[list-item]
    known = [parse_class_list(classes)] if classes is not None else None
    for result in refine_texts(lines, _config(config, config_json), classes=known, roles=[given] if given else None):
        typer.echo(dumps(result))


@app.command("refine-eval")
def refine_eval(
    paths: list[Path] | None = typer.Argument(
        None, help="An evaluation set (JSON Lines; default: tests/data/refine-eval/test.jsonl in the repository); "
        "with --harm, CoNLL-U files or folders (a folder: its *.conllu files).", show_default=False,
    ),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    errors: bool = typer.Option(False, "--errors", help="Also list the sentences that went wrong."),
    harm: bool = typer.Option(False, "--harm", help="Measure harm instead: refine the gold text of CoNLL-U files "
                              "(correct Italian) and count the sentences each rule changes, per 1,000."),
    ud: Path | None = typer.Option(None, "--ud", help="With --harm: the folder of the UD_Italian-* treebanks, "
                                   "read with the project's file lists (--split)."),
    split: str = typer.Option("test", "--split", help="With --ud: train, dev (develop on these) or test (report)."),
    examples: int = typer.Option(20, "--examples", min=0, help="With --harm: changed sentences to list "
                                 "(those a rewrite rule changed first)."),
    as_json: bool = typer.Option(False, "--json", help="With --harm: print the figures as JSON."),
    out: Path | None = typer.Option(None, "--out", "-o", help="With --harm: write every change (file, sent_id, line, "
                                    "rule, before, after, the sentence before and after) to a .jsonl or .tsv file."),
) -> None:
    """Precision and recall of each refinement rule on a hand-written set, with the configured parser;
    with --harm, the harm of the rules on correct Italian (gold CoNLL-U text).

    Harm counts, per rule, the gold sentences it changed and per 1,000; all
    rewrite rules together (every rule but subject_pronoun_deletion); and
    pro-drop apart (dropping an explicit subject is a choice, not an error).

    Examples: coref-transfer refine-eval tests/data/refine-eval/dev.jsonl;
    coref-transfer refine-eval --harm --ud ../shared/data/ud --split dev;
    coref-transfer refine-eval --harm my-files/ other.conllu --examples 50 --out changes.tsv
    """
    if not harm:
        unused = [name for name, given in (("--ud", ud is not None), ("--split", split != "test"),
                  ("--examples", examples != 20), ("--json", as_json), ("--out", out is not None)) if given]
        if unused:
            raise typer.BadParameter(f"only with --harm: {', '.join(unused)}")
        if paths and len(paths) > 1:
            raise typer.BadParameter("one evaluation set at a time (or --harm for CoNLL-U files)")
        from coref_transfer.refine.evaluate import evaluate, markdown, read_set

        eval_set = paths[0] if paths else resources.path("tests/data/refine-eval/test.jsonl")
        report = evaluate(read_set(eval_set), _config(config, config_json))
        typer.echo(markdown(report), nl=False)
        if errors:
            for e in report["errors"]:
                typer.echo(json.dumps(e, ensure_ascii=False))
        return
    from coref_transfer.refine import harm as harm_module

    if errors:
        raise typer.BadParameter("--errors goes with an evaluation set; --harm lists changes with --examples/--out")
    if (ud is None) == (not paths):
        raise typer.BadParameter("--harm needs CoNLL-U files or folders, or --ud DIR (with --split), not both")
    if out is not None:
        harm_module.changes_format(out)
    from coref_transfer.translate import determiners_eval

    files = harm_module.split_files(ud, split) if ud is not None else harm_module.conllu_files(paths or [])
    report = harm_module.measure_harm(files, _config(config, config_json))
    resolution = determiners_eval.measure_harm(files)
    together = harm_module.with_resolution(report, resolution)
    if out is not None:
        rows = harm_module.write_changes(report, out)
        log.info("%d changes written to %s", rows, out)
    if as_json:
        summary = harm_module.summary(report, examples)
        summary["resolution"] = {k: v for k, v in resolution.items() if k not in ("harmed", "harmed_sentences")}
        summary["all_rewrites"] = together
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        typer.echo(harm_module.text(report, examples), nl=False)
        typer.echo("")
        typer.echo(determiners_eval.harm_text(resolution, examples), nl=False)
        typer.echo(
            f"\nAll rewrites together (the refinement rules but pro-drop, and resolution's articles and prepositions): "
            f"{together['sentences']:,} of {together['of']:,} sentences, {together['per_1000']:.2f} per 1,000."
        )


@app.command("resolve-eval")
def resolve_eval(
    path: Path | None = typer.Argument(
        None, help="An evaluation set (JSON Lines; default: tests/data/resolve-eval/test.jsonl in the repository).",
        show_default=False,
    ),
    errors: bool = typer.Option(False, "--errors", help="Also list the cases that went wrong."),
) -> None:
    """Precision and recall of the articles and prepositions resolution puts back where a name stood
    (`lang.it.determiners`) on a hand-written set; their harm on gold text is in `refine-eval --harm`.

    Examples: coref-transfer resolve-eval tests/data/resolve-eval/dev.jsonl --errors
    """
    from coref_transfer.translate.determiners_eval import evaluate, markdown, read_set

    report = evaluate(read_set(path or resources.path("tests/data/resolve-eval/test.jsonl")))
    typer.echo(markdown(report), nl=False)
    if errors:
        for e in report["errors"]:
            typer.echo(json.dumps(e, ensure_ascii=False))


@app.command()
def export(
    delta: Path = typer.Option(..., "--input", "-i", help="A δ folder (its delta.parquet is exported)."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for {split}.gold_conll/.json/.conllu/.jsonlines."),
    formats: list[str] = typer.Option(["conll2012", "json", "corefud", "jsonlines"], "--format", "-f", help="Formats to write (repeat the option)."),
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
    delta: Path = typer.Option(..., "--input", "-i", help="A δ folder (its delta.parquet: the classes and the parse "
                               "the copies need; a jsonlines export has neither)."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for {split}.jsonlines/.conllu/.gold_conll and manifest.json."),
    copies: int | None = typer.Option(None, "--copies", "-n", min=1, help="Copies of each document part "
                                      "[default: the config's augment.copies]."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the name draws [default: the config's seed]."),
    types: list[str] | None = typer.Option(None, "--type", "-t", help="Entity type to rename: person, place "
                                           "(repeat the option) [default: the config's augment.types]."),
    share: float | None = typer.Option(None, "--share", min=0.0, max=1.0, help="Share of the documents copied "
                                       "[default: the config's augment.share]."),
    split: str = typer.Option("train", "--split", help="The split copied: train, development or test."),
    formats: list[str] = typer.Option(["conll2012", "corefud", "jsonlines"], "--format", "-f",
                                      help="Formats to write (repeat the option)."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Write copies of a split in which every named person has another name of the same gender, in every mention.

    More training data from the same dataset (README, "More training data:
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


@app.command("train")
def train_coref(
    train_files: list[Path] = typer.Option(..., "--train", help="Training documents (jsonlines, as `export` writes "
                                           "them); repeat the option for several files, used together in the order "
                                           "given (a doc_key may occur once in all of them)."),
    dev_file: Path = typer.Option(..., "--dev", help="Dev documents (jsonlines): model selection and early stopping."),
    encoder: str = typer.Option(..., "--encoder", help="Hugging Face encoder name or local folder, e.g. "
                                "dbmdz/bert-base-italian-xxl-cased (Italian) or xlm-roberta-base (multilingual)."),
    out: Path = typer.Option(..., "--out", "-o", help="Run folder: the best model, checkpoint.pt, metrics.json."),
    coref_config: Path | None = typer.Option(None, "--config", "-c", help="JSON file of CorefConfig values "
                                                "(missing keys take their defaults; unknown keys are an error)."),
    repeats: int = typer.Option(1, "--repeats", min=1, help="Train N models with seeds seed..seed+N-1 (in "
                                "OUT/seed-S) and report the mean and standard deviation."),
    max_steps: int | None = typer.Option(None, "--max-steps", min=1, help="Stop after N optimizer steps "
                                            "(overrides the config's max_steps; the schedule spans them)."),
    resume: bool = typer.Option(False, "--resume", help="Continue from OUT's checkpoint.pt (same config and data)."),
    settings_json: str | None = typer.Option(None, "--settings-json", help="CorefConfig values as a JSON object, "
                                                "applied over --config (the workflow passes train.settings)."),
) -> None:
    """Train the word-level coreference model (Dobrovolskii 2021) and select it on dev CoNLL F1.

    Writes OUT/{config.json,model.safetensors,encoder/} (the best model),
    OUT/checkpoint.pt, OUT/metrics.json and OUT/summary.json; prints the
    summary. Uses CUDA when available (else the CPU, with a warning).

    Example: coref-transfer train --train results/export/train.jsonlines --train results/augment/copies-2/train.jsonlines --dev results/export/development.jsonlines --encoder dbmdz/bert-base-italian-xxl-cased --out results/train/bert-it
    """
    from coref_transfer.train.config import load_coref_config
    from coref_transfer.train.trainer import train

    overrides = parse_json_object("--settings-json", settings_json) if settings_json else {}
    overrides["encoder"] = encoder
    if max_steps is not None:
        overrides["max_steps"] = max_steps
    cfg = load_coref_config(coref_config, overrides)
    summary = train(train_files, dev_file, out, cfg, repeats=repeats, resume=resume)
    typer.echo(json.dumps(summary, indent=2, sort_keys=True))


@app.command("predict")
def predict_coref(
    model: Path = typer.Option(..., "--model", "-m", help="A model folder written by `train` (its --out, or OUT/seed-S)."),
    input_file: Path = typer.Option(..., "--input", "-i", help="Documents to resolve (jsonlines; 'clusters' optional)."),
    out: Path = typer.Option(..., "--out", "-o", help="Predicted chains as CoNLL-2012 (the scorer reads it)."),
    metrics: Path | None = typer.Option(None, "--metrics", help="Also score against the input's clusters and "
                                           "write the scores (JSON, percent) here."),
) -> None:
    """Resolve coreference in jsonlines documents with a trained model; write CoNLL-2012.

    Example: coref-transfer predict --model results/train/bert-it --input results/export/test.jsonlines --out results/train/test.conll --metrics results/train/test.metrics.json
    """
    from coref_transfer.train.predict import run_predict

    scores = run_predict(model, input_file, out, metrics)
    if scores is not None:
        typer.echo(json.dumps(scores, indent=2, sort_keys=True))


@app.command("tiny-encoder")
def tiny_encoder(
    data: list[Path] = typer.Option(..., "--input", "-i", help="A jsonlines export whose words train the "
                                    "vocabulary; repeat the option for several files (the vocabulary of all)."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for the encoder (Hugging Face layout)."),
    seed: int = typer.Option(0, help="Seed of the random weights."),
) -> None:
    """Build a tiny random-weights BERT-style encoder offline, for smoke runs of `train` (not a real model).

    Example: coref-transfer tiny-encoder --input results/export/train.jsonlines --input results/augment/copies-2/train.jsonlines --out results/train/tiny-encoder
    """
    from coref_transfer.train.tiny import build_tiny_encoder, sample_words

    build_tiny_encoder(out, [words for path in data for words in sample_words(path)], seed=seed)


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
    translate_dir: Path | None = typer.Option(None, "--translate", help="The merged translate folder (γ; its drops join the table)."),
    kit: Path | None = typer.Option(None, "--kit", help="The human-evaluation kit the ratings belong to."),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Regenerate the paper's tables (Markdown, LaTeX, CSV) and figures (PNG, SVG).

    Example: coref-transfer report --select results/select/all --translate results/translate/all --refine results/refine/all --out results/report/paper
    """
    from coref_transfer.report.run import run_report

    cfg = _config(config, config_json)
    run_report(select_dir, translate_dir, refine_dir, out, kit, cfg["report"]["ratings"], cfg["report"]["raters"])


@app.command()
def merge(
    folders: list[Path] = typer.Argument(..., help="Per-partition output folders of one stage (select, translate or refine)."),
    out: Path = typer.Option(..., "--out", "-o", help="Merged output folder."),
) -> None:
    """Merge the per-partition folders of one stage (tables concatenated, stats summed and their accounting checked).

    Example: coref-transfer merge results/select/parts/* --out results/select/all
    """
    from coref_transfer.merge import merge_folders

    merge_folders(folders, out)


@app.command()
def verify(
    results: Path = typer.Argument(..., help="A results folder: every folder under it with a manifest.json is checked."),
    cache: Path | None = typer.Option(None, "--cache", help="Verification cache (JSON): files hashed OK before and "
                                         "unchanged since (size, mtime) are only size-checked. Default: hash every file."),
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
def stats(path: Path = typer.Argument(..., help="A stats.json written by select, translate, refine or their merge.")) -> None:
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


@config_app.command("show")
def config_show(config: Path | None = ConfigOption, config_json: str | None = ConfigJsonOption) -> None:
    """Validate a configuration and print it with every default filled in.

    Example: coref-transfer config show --config config.yaml
    """
    typer.echo(yaml.safe_dump(_config(config, config_json), sort_keys=False), nl=False)


@models_app.command("fetch")
def models_fetch(
    name: str = typer.Argument("Helsinki-NLP/opus-mt-en-it", help="Hub model id (opus-mt-en-it or nllb-200-distilled-600M)."),
    out: Path | None = typer.Option(None, help="Parent folder of the converted model [default: resources/models "
                                    "in the repository]."),
    quantization: str | None = typer.Option(None, help="CTranslate2 weight type to store (e.g. int8)."),
    to: Path | None = typer.Option(None, "--to", help="The converted folder itself (default: OUT/<owner>--<model>)."),
) -> None:
    """Download a Hugging Face MT model and convert it for CTranslate2 (needs the hub).

    Offline, it says how to set the model up by hand.

    Example: coref-transfer models fetch Helsinki-NLP/opus-mt-en-it --out resources/models
    """
    from coref_transfer.translate.mt.models import fetch_model

    folder = fetch_model(name, out, quantization=quantization, target=to)
    typer.echo(str(folder))


@parser_app.command("train")
def parser_train(
    ud: Path = typer.Option(..., "--ud", help="Folder of the UD Italian treebanks (UD_Italian-*/...conllu)."),
    out: Path | None = typer.Option(None, help="Where the trained pipeline goes [default: "
                                    "resources/models/it_ud_coref_transfer in the repository]."),
    workdir: Path = typer.Option(Path("results/parser/work"), help="Training data, config and checkpoints."),
    max_steps: int = typer.Option(3000, min=100, help="Training steps (spaCy updates)."),
    seed: int = typer.Option(13, help="Seed of the training, the case noise and the synthetic sentences."),
    synthetic: int = typer.Option(0, min=0, help="Add N synthetic sentences (subjects, 2nd person, possessives, "
                                  "demonstratives, clitics; coref_transfer.parsing.synthetic); 0 = none."),
    width: int = typer.Option(64, min=8, help="tok2vec width."),
    depth: int = typer.Option(4, min=1, help="tok2vec encoder depth."),
    window: int = typer.Option(1, min=1, help="tok2vec encoder window size."),
    hidden_width: int = typer.Option(128, min=8, help="Parser hidden width."),
    beam_width: int = typer.Option(1, min=1, help="> 1: spaCy's beam_parser with this beam width."),
) -> None:
    """Train a spaCy pipeline (tagger, morphologizer, lemmatizer, parser) on UD and evaluate it.

    Trains on the treebanks' non-test files, selects on ParTUT dev, scores every
    test file, and installs the best model with evaluation.json and a licence note.

    Example: coref-transfer parser train --ud ../shared/data/ud --out resources/models/it_ud_coref_transfer
    """
    from coref_transfer.parsing.train import train_parser

    out = out or resources.path("resources/models/it_ud_coref_transfer")
    evaluation = train_parser(ud, out, workdir=workdir, seed=seed, max_steps=max_steps, synthetic=synthetic,
                              width=width, depth=depth, window=window, hidden_width=hidden_width, beam_width=beam_width)
    typer.echo(json.dumps(evaluation["test"], indent=2))


@parser_app.command("evaluate")
def parser_evaluate(
    model: Path = typer.Argument(..., help="A spaCy pipeline folder or installed name."),
    ud: Path = typer.Option(..., "--ud", help="Folder of the UD Italian treebanks."),
) -> None:
    """Score a pipeline on the held-out UD Italian test files (percent).

    Example: coref-transfer parser evaluate resources/models/it_ud_coref_transfer --ud ../shared/data/ud
    """
    from coref_transfer.parsing.train import DEFAULT_TEST, evaluate_parser, resolve

    tests = resolve(ud, DEFAULT_TEST)
    scores = evaluate_parser(model, [(f"{a}/{b}", p) for (a, b), p in zip(DEFAULT_TEST, tests)])
    typer.echo(json.dumps(scores, indent=2))


@parser_app.command("lexicon")
def parser_lexicon(
    ud: Path = typer.Option(..., "--ud", help="Folder of the UD Italian treebanks (UD_Italian-*/...conllu)."),
    out: Path | None = typer.Option(None, help="Where the lexicon TSV goes [default: resources/lexicon/it_nouns.tsv "
                                    "in the repository]."),
) -> None:
    """Build the Italian noun lexicon (form, gender, number) from the parser's UD training files.

    The back-off for a bare noun the parser gives no gender or number: reads
    the NOUN tokens of the files `parser train` trains on (no test file) and
    writes a sorted TSV with a licence note (coref_transfer.lang.it.nouns).

    Example: coref-transfer parser lexicon --ud ../shared/data/ud --out resources/lexicon/it_nouns.tsv
    """
    from coref_transfer.lang.it.nouns import DEFAULT_PATH, lexicon_from_ud

    out = out or resources.path(DEFAULT_PATH)
    s = lexicon_from_ud(ud, out)
    typer.echo(
        f"{out}: {s['forms']} forms, {s['with_gender']} with a gender, {s['with_number']} with a number;"
        f" seen twice or more but ambiguous: {s['ambiguous_gender']} in gender, {s['ambiguous_number']} in number"
        f" (mixed, unmarked or invariable); {s['seen_once']} seen once (no value)"
    )


@parser_app.command("dictionary")
def parser_dictionary(
    out: Path | None = typer.Option(None, help="Where the dictionary TSV goes [default: "
                                    "resources/lexicon/it_nouns_dictionary.tsv in the repository]."),
    tarball: Path | None = typer.Option(None, "--from", help="The package tarball already downloaded "
                                        "(italian-words-dict-3.4.0.tgz), instead of the npm registry."),
    verbs_out: Path | None = typer.Option(None, "--verbs-out", help="Where the verb list goes [default: "
                                          "resources/lexicon/it_verbs_dictionary.txt in the repository]."),
    verbs_tarball: Path | None = typer.Option(None, "--verbs-from", help="morph-it-helper-5.4.0.tgz already "
                                              "downloaded, instead of the npm registry."),
) -> None:
    """Fetch the Italian noun dictionary (Morph-it!, via npm's italian-words-dict), a setup step.

    Downloads the pinned packages from the npm registry, checks their SHA-256
    and writes the noun forms with gender and number in the noun lexicon's
    format, and the verb infinitives (coref_transfer.lang.it.dictionary).
    `make install` runs it. The rules read them only where the text leaves a
    noun's gender or a verb's conjugation open.

    Example: coref-transfer parser dictionary
    """
    from coref_transfer.lang.it.dictionary import DEFAULT_PATH, VERBS_PATH, fetch_dictionary

    out = out or resources.path(DEFAULT_PATH)
    verbs_out = verbs_out or resources.path(VERBS_PATH)
    s = fetch_dictionary(out, tarball, verbs_out, verbs_tarball)
    typer.echo(f"{out}: {s['forms']} forms, {s['with_gender']} with a gender; {verbs_out}: {s['verbs']} verbs")


@placeholders_app.command("check")
def placeholders_check(
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    out: Path | None = typer.Option(None, help="Write the surviving inventory to this folder."),
    threads: int = typer.Option(1, "--threads", "-t", min=1, help="CPU threads for the MT model."),
) -> None:
    """Translate a test sentence per placeholder with the configured backend; report the survivors.

    A placeholder the model alters (or whose gender agreement comes back flipped)
    is reported and left out of the inventory written with --out.

    Example: coref-transfer placeholders check --config-json '{"translate": {"backend": "ctranslate2"}}' --out checked
    """
    from coref_transfer.classes import SINGULAR_CLASSES
    from coref_transfer.translate.placeholders.check import check_inventory
    from coref_transfer.translate.placeholders.inventory import Inventory
    from coref_transfer.translate.run import build_backend

    cfg = _config(config, config_json)
    inventory = Inventory.load(resources.config_path(cfg, "translate.placeholders"))
    backend = build_backend(cfg, threads)
    report = check_inventory(inventory, backend.translate)
    for cls in SINGULAR_CLASSES:
        typer.echo(f"{'/'.join(cls)}: {len(report.survivors[cls])} of {inventory.size(cls)} survive")
    for item in (*report.altered, *report.misagreed):
        typer.echo(f"  {item.token} ({'/'.join(item.cls)}): {item.problem}: {item.output!r}")
    if out is not None:
        report.write(out)
        typer.echo(f"surviving inventory written to {out}")
    short = report.below_minimum()
    if short:
        log.error("classes below the minimum after the check: %s", ", ".join("/".join(c) for c in short))
        raise typer.Exit(1)


@sample_app.command("build")
def sample_build(
    source: Path | None = typer.Option(None, help="Folder of {split}/*.trees documents [default: "
                                       "resources/sample/source in the repository]."),
    out: Path | None = typer.Option(None, help="Root of the OntoNotes-layout output [default: resources/sample "
                                    "in the repository]."),
) -> None:
    """Convert the authored *.trees documents into *.gold_conll files.

    Example: coref-transfer sample build --source resources/sample/source --out resources/sample
    """
    from coref_transfer.conll.authoring import build

    source = source or resources.path("resources/sample/source")
    out = out or resources.path("resources/sample")
    written = build(source, out)
    log.info("wrote %d documents under %s", len(written), out)


@sample_app.command("corefud")
def sample_corefud(
    out: Path = typer.Option(..., "--out", "-o", help="Output folder: the sample's split layout with *.conllu files."),
    source: Path | None = typer.Option(None, help="Folder of *.gold_conll files [default: resources/sample in the "
                                       "repository]."),
) -> None:
    """Write the sample (or any *.gold_conll tree with gold parses) as CorefUD, with UD trees converted from the PTB ones.

    Example: coref-transfer sample corefud --out results/sample-corefud
    """
    from coref_transfer.corefud.writer import write_tree

    source = source or resources.path("resources/sample")
    written = write_tree(source, out)
    log.info("wrote %d CorefUD files under %s", len(written), out)


@sample_app.command("check")
def sample_check(files: list[Path] = typer.Argument(..., help="*.trees files.")) -> None:
    """Validate authored *.trees documents; report every bad file, exit 1 if any.

    Example: coref-transfer sample check resources/sample/source/train/*.trees
    """
    from coref_transfer.conll.authoring import parse_trees_file

    failed = 0
    for path in files:
        try:
            parts = parse_trees_file(path)
        except CorefTransferError as exc:
            log.error("%s", exc)
            failed += 1
            continue
        n_sent = sum(len(p.utterances) for p in parts)
        n_ment = sum(len(u.mentions) for p in parts for u in p.utterances)
        typer.echo(f"ok {path}: {len(parts)} part(s), {n_sent} sentences, {n_ment} mentions")
    if failed:
        raise typer.Exit(1)


@app.command()
def score(
    gold: Path = typer.Option(..., "--gold", "-g", help="Key file: CoNLL-2012, full or two-column (coreference in the last column)."),
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


def main() -> None:
    """Entry point: map package errors to exit code 1 with their message."""
    try:
        app()
    except CorefTransferError as exc:
        logging.getLogger("coref_transfer").error("%s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
