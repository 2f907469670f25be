"""Setting up the models: `models fetch` (MT), `models evaluate` (candidate translators compared), `parser train|evaluate|lexicon|dictionary` (the Italian
parser, its noun lexicon and dictionary) and `placeholders check` (placeholders against the MT model)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from coref_transfer import resources
from coref_transfer.cli.app import (
    ConfigJsonOption,
    ConfigOption,
    _config,
    log,
    models_app,
    parser_app,
    placeholders_app,
)


@models_app.command("fetch")
def models_fetch(
    name: str = typer.Argument(
        "Helsinki-NLP/opus-mt-en-it", help="Hub model id (opus-mt-en-it or nllb-200-distilled-600M)."
    ),
    out: Path | None = typer.Option(
        None, help="Parent folder of the converted model [default: resources/models in the repository]."
    ),
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


@models_app.command("evaluate")
def models_evaluate(
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    selection: Path = typer.Option(
        Path("results/select/all"), "--selection", help="Select folder whose beta3.parquet gives the tagged sample."
    ),
    out: Path = typer.Option(Path("results/translator-choice"), help="Output folder (complete or not at all)."),
    threads: int = typer.Option(1, "--threads", "-t", min=1, help="CPU threads for a CTranslate2 candidate."),
) -> None:
    """Compare candidate translators (translator_choice.candidates): chrF, BLEU, tag survival, speed, memory.

    Writes table.csv, table.md, summary.json (the recommendation), chrf-speed.png/.svg and manifest.json.

    Example: coref-transfer models evaluate --config-json '{"translator_choice": {"candidates":
    [{"name": "opus", "backend": "ctranslate2", "model": "Helsinki-NLP/opus-mt-en-it"}]}}'
    """
    from coref_transfer.translate.mt.choice import write_choice

    summary = write_choice(_config(config, config_json), selection, out, threads)
    for metric, signature in summary["signatures"].items():
        typer.echo(f"{metric} signature: {signature}")
    rec = summary["recommendation"]
    typer.echo(
        f"{out}: placeholder sentences: {rec['placeholders']['candidate']} (best chrF);"
        f" tagged sentences: {rec['tagged']['candidate']} (best tag survival, ties by chrF)"
    )


@parser_app.command("train")
def parser_train(
    ud: Path = typer.Option(..., "--ud", help="Folder of the UD Italian treebanks (UD_Italian-*/...conllu)."),
    out: Path | None = typer.Option(
        None, help="Where the trained pipeline goes [default: resources/models/it_ud_coref_transfer in the repository]."
    ),
    workdir: Path = typer.Option(Path("results/parser/work"), help="Training data, config and checkpoints."),
    max_steps: int = typer.Option(3000, min=100, help="Training steps (spaCy updates)."),
    seed: int = typer.Option(13, help="Seed of the training, the case noise and the synthetic sentences."),
    synthetic: int = typer.Option(
        0,
        min=0,
        help="Add N synthetic sentences (subjects, 2nd person, possessives, "
        "demonstratives, clitics; coref_transfer.parsing.synthetic); 0 = none.",
    ),
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
    evaluation = train_parser(
        ud,
        out,
        workdir=workdir,
        seed=seed,
        max_steps=max_steps,
        synthetic=synthetic,
        width=width,
        depth=depth,
        window=window,
        hidden_width=hidden_width,
        beam_width=beam_width,
    )
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
    out: Path | None = typer.Option(
        None, help="Where the lexicon TSV goes [default: resources/lexicon/it_nouns.tsv in the repository]."
    ),
) -> None:
    """Build the Italian noun lexicon (form, gender, number) from the parser's UD training files.

    The back-off for a bare noun the parser gives no gender or number: reads
    the NOUN tokens of the files `parser train` trains on (no test file) and
    writes a sorted TSV with a licence note (coref_transfer.lang.it.nouns).

    Example: coref-transfer parser lexicon --ud ../shared/data/ud --out resources/lexicon/it_nouns.tsv
    """
    from coref_transfer.lang.it.nouns import DEFAULT_PATH
    from coref_transfer.parsing.train import lexicon_from_ud

    out = out or resources.path(DEFAULT_PATH)
    s = lexicon_from_ud(ud, out)
    typer.echo(
        f"{out}: {s['forms']} forms, {s['with_gender']} with a gender, {s['with_number']} with a number;"
        f" seen twice or more but ambiguous: {s['ambiguous_gender']} in gender, {s['ambiguous_number']} in number"
        f" (mixed, unmarked or invariable); {s['seen_once']} seen once (no value)"
    )


@parser_app.command("dictionary")
def parser_dictionary(
    out: Path | None = typer.Option(
        None,
        help="Where the dictionary TSV goes [default: resources/lexicon/it_nouns_dictionary.tsv in the repository].",
    ),
    tarball: Path | None = typer.Option(
        None,
        "--from",
        help="The package tarball already downloaded (italian-words-dict-3.4.0.tgz), instead of the npm registry.",
    ),
    verbs_out: Path | None = typer.Option(
        None,
        "--verbs-out",
        help="Where the verb list goes [default: resources/lexicon/it_verbs_dictionary.txt in the repository].",
    ),
    verbs_tarball: Path | None = typer.Option(
        None, "--verbs-from", help="morph-it-helper-5.4.0.tgz already downloaded, instead of the npm registry."
    ),
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
