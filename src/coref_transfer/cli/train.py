"""The coreference model: `train`, `predict` and `tiny-encoder` (an encoder for smoke runs)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from coref_transfer.cli.app import app
from coref_transfer.config import parse_json_object


@app.command("train")
def train_coref(
    train_files: list[Path] = typer.Option(
        ...,
        "--train",
        help="Training documents (jsonlines, as `export` writes "
        "them); repeat the option for several files, used together in the order "
        "given (a doc_key may occur once in all of them).",
    ),
    dev_file: Path = typer.Option(..., "--dev", help="Dev documents (jsonlines): model selection and early stopping."),
    encoder: str = typer.Option(
        ...,
        "--encoder",
        help="Hugging Face encoder name or local folder, e.g. "
        "dbmdz/bert-base-italian-xxl-cased (Italian) or xlm-roberta-base (multilingual).",
    ),
    out: Path = typer.Option(..., "--out", "-o", help="Run folder: the best model, checkpoint.pt, metrics.json."),
    coref_config: Path | None = typer.Option(
        None,
        "--config",
        "-c",
        help="JSON file of CorefConfig values (missing keys take their defaults; unknown keys are an error).",
    ),
    repeats: int = typer.Option(
        1,
        "--repeats",
        min=1,
        help="Train N models with seeds seed..seed+N-1 (in OUT/seed-S) and report the mean and standard deviation.",
    ),
    max_steps: int | None = typer.Option(
        None,
        "--max-steps",
        min=1,
        help="Stop after N optimizer steps (overrides the config's max_steps; the schedule spans them).",
    ),
    resume: bool = typer.Option(False, "--resume", help="Continue from OUT's checkpoint.pt (same config and data)."),
    settings_json: str | None = typer.Option(
        None,
        "--settings-json",
        help="CorefConfig values as a JSON object, applied over --config (the workflow passes train.settings).",
    ),
) -> None:
    """Train the word-level coreference model (Dobrovolskii 2021) and select it on dev CoNLL F1.

    Writes OUT/{config.json,model.safetensors,encoder/} (the best model),
    OUT/checkpoint.pt, OUT/metrics.json and OUT/summary.json; prints the
    summary. Uses CUDA when available (else the CPU, with a warning).

    Example: coref-transfer train --train results/export/train.jsonlines \
--train results/augment/copies-2/train.jsonlines --dev results/export/development.jsonlines \
--encoder dbmdz/bert-base-italian-xxl-cased --out results/train/bert-it
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
    model: Path = typer.Option(
        ..., "--model", "-m", help="A model folder written by `train` (its --out, or OUT/seed-S)."
    ),
    input_file: Path = typer.Option(
        ..., "--input", "-i", help="Documents to resolve (jsonlines; 'clusters' optional)."
    ),
    out: Path = typer.Option(..., "--out", "-o", help="Predicted chains as CoNLL-2012 (the scorer reads it)."),
    metrics: Path | None = typer.Option(
        None, "--metrics", help="Also score against the input's clusters and write the scores (JSON, percent) here."
    ),
) -> None:
    """Resolve coreference in jsonlines documents with a trained model; write CoNLL-2012.

    Example: coref-transfer predict --model results/train/bert-it --input results/export/test.jsonlines \
--out results/train/test.conll --metrics results/train/test.metrics.json
    """
    from coref_transfer.train.predict import run_predict

    scores = run_predict(model, input_file, out, metrics)
    if scores is not None:
        typer.echo(json.dumps(scores, indent=2, sort_keys=True))


@app.command("tiny-encoder")
def tiny_encoder(
    data: list[Path] = typer.Option(
        ...,
        "--input",
        "-i",
        help="A jsonlines export whose words train the "
        "vocabulary; repeat the option for several files (the vocabulary of all).",
    ),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for the encoder (Hugging Face layout)."),
    seed: int = typer.Option(0, help="Seed of the random weights."),
) -> None:
    """Build a tiny random-weights BERT-style encoder offline, for smoke runs of `train` (not a real model).

    Example: coref-transfer tiny-encoder --input results/export/train.jsonlines \
--input results/augment/copies-2/train.jsonlines --out results/train/tiny-encoder
    """
    from coref_transfer.train.tiny import build_tiny_encoder, sample_words

    build_tiny_encoder(out, [words for path in data for words in sample_words(path)], seed=seed)
