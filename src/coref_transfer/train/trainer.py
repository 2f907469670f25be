"""The training loop: accumulation, mixed precision, evaluation on dev, early stopping, checkpoints, repeats.

One optimizer step sums the gradients of `accumulation_steps` documents
(each document is one forward pass over all its encoder windows). The
documents are visited in an order shuffled per epoch from (seed, epoch), so
the order is a function of the step and resuming needs no saved iterator.
AdamW has two parameter groups (encoder, the rest) and one schedule: linear
warm-up over `warmup_ratio` of the steps, then linear decay to 0.

Dev CoNLL F1 is measured every `eval_every` steps (or each epoch); a better
score replaces the model folder's weights (so the run folder always holds
the best model), and `patience` evaluations without gain stop the run.

The training documents may come from several files (`--train` repeated,
e.g. the export and augmented copies of it): they are used together, in the
order given, and a doc_key may occur once in all of them.

Run folder (`train --out DIR`; with `--repeats N`, one `DIR/seed-S` per seed):

    config.json, model.safetensors, encoder/   the best model (`model` module)
    checkpoint.pt                              the last state, for --resume
    metrics.json                               best dev scores and the evaluation history

and `DIR/summary.json`: each run's dev scores, their mean and standard
deviation (sample, n - 1; 0 for one run), how many documents each
training file gave (`train_documents`), and the training set's gold
mentions with those the word-level targets leave out, by reason
(`train_mentions`, `data.target_counts`); then `DIR/manifest.json`
(`coref_transfer.manifest.seal`: config, data and encoder fingerprints, every
file's size and SHA-256), written last. The folder is not staged and renamed
like the other outputs, since `--resume` needs the checkpoint of an
interrupted run where it was; instead the manifest is removed when a run
starts, so a folder is sealed only once the whole run has finished.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch

from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.io import atomic_write_text, sha256_file, write_json
from coref_transfer.manifest import MANIFEST, build_manifest, seal
from coref_transfer.train.checkpoint import (
    CHECKPOINT_FILE,
    load_checkpoint,
    rng_state,
    save_checkpoint,
    seed_everything,
    set_rng_state,
)
from coref_transfer.train.config import CorefConfig, config_record
from coref_transfer.train.data import Document, Example, read_documents, target_counts
from coref_transfer.train.encoder import check_window, encoder_fingerprint, load_encoder, load_tokenizer
from coref_transfer.train.model import CorefModel, autocast, resolve_device, save_model
from coref_transfer.train.predict import conll_f1, gold_clusters, predict_examples, prepare_all, score_documents

log = logging.getLogger(__name__)

METRICS = ("muc", "bcub", "ceafe", "ceafm", "blanc", "conll")
"""The scorer's metrics whose F1 the summary reports."""


@dataclass
class TrainState:
    """Progress of one run; saved in the checkpoint and in metrics.json."""

    step: int = 0
    epoch: int = 0
    position: int = 0
    """Documents of the current epoch's order already used."""
    best_f1: float = -1.0
    best_step: int = 0
    best_scores: dict[str, Any] | None = None
    stale_evaluations: int = 0
    loss_sum: float = 0.0
    loss_count: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    stop_reason: str = ""


def epoch_order(seed: int, epoch: int, n: int) -> list[int]:
    """The document order of one epoch: a function of (seed, epoch) only."""
    order = list(range(n))
    random.Random(seed * 1_000_003 + epoch).shuffle(order)
    return order


def total_steps(config: CorefConfig, n_docs: int) -> int:
    """Optimizer steps of a run: max_epochs epochs, capped by max_steps when set."""
    total = math.ceil(n_docs / config.accumulation_steps) * config.max_epochs
    return min(total, config.max_steps) if config.max_steps else total


def schedule(total: int, warmup_ratio: float) -> Callable[[int], float]:
    """Linear warm-up then linear decay to 0 (a multiplier of the base learning rates)."""
    warmup = int(total * warmup_ratio)

    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / (warmup + 1)
        return max(0.0, (total - step) / max(1, total - warmup))

    return factor


def evaluate(model: CorefModel, examples: Sequence[Example], device: torch.device) -> dict[str, Any]:
    """The scorer's results on a set of prepared documents."""
    predicted = predict_examples(model, examples, device)
    return score_documents([gold_clusters(ex.doc) for ex in examples], predicted, [ex.n_words for ex in examples])


def read_training_files(paths: Sequence[Path]) -> tuple[list[Document], dict[str, int]]:
    """The documents of every training file in the order given, and how many each file gave.

    Raises:
        ConfigError: no training file.
        MissingInputError: a file cannot be read or holds no document.
        InputFormatError: a bad document, or a doc_key in two training files (both files and the key named).
        TypeError: `paths` is one path, not a sequence of them (a str would read as its characters).
    """
    if isinstance(paths, str | Path):
        raise TypeError(f"expected a sequence of training files, got the single path {str(paths)!r}")
    if not paths:
        raise ConfigError("no training file given (--train)")
    docs: list[Document] = []
    counts: dict[str, int] = {}
    owner: dict[str, Path] = {}  # doc_key -> the file that gave it first
    for path in paths:
        file_docs = read_documents(path)  # a repeat inside one file is its error (with both lines)
        for doc in file_docs:
            first = owner.setdefault(doc.doc_key, path)
            if first == path and str(path) in counts:
                raise InputFormatError(
                    path,
                    None,
                    f"this file is given twice as a training file (document {doc.doc_key!r} would count twice)",
                )
            if first != path:
                raise InputFormatError(
                    path,
                    None,
                    f"document {doc.doc_key!r} is also in {first}: a doc_key may "
                    f"occur once in all the training files (the same documents "
                    f"given twice?)",
                )
        counts[str(path)] = len(file_docs)
        docs.extend(file_docs)
    return docs, counts


def data_fingerprints(train_paths: Sequence[Path], dev_path: Path) -> dict[str, Any]:
    """The SHA-256 of the input files, stored in checkpoints and checked on resume.

    `train` is the list of the training files' digests in their order (the
    order is the documents' order, so it shapes the run); with one training
    file it is that file's digest alone, the form checkpoints had before
    several files were accepted, so those still resume.
    """
    train = [sha256_file(p) for p in train_paths]
    return {"train": train[0] if len(train) == 1 else train, "dev": sha256_file(dev_path)}


def _changed_files(saved: dict[str, Any], current: dict[str, Any]) -> str:
    """Which input files differ between two `data_fingerprints` (for the resume error)."""

    def as_list(value: Any) -> list[Any]:
        return value if isinstance(value, list) else [value]

    old, new = as_list(saved.get("train")), as_list(current.get("train"))
    if len(old) != len(new):
        changes = [f"the training files ({len(old)} -> {len(new)} files)"]
    else:
        changes = [f"training file {i} of {len(new)}" for i, (a, b) in enumerate(zip(old, new), 1) if a != b]
    if saved.get("dev") != current.get("dev"):
        changes.append("the dev file")
    return ", ".join(changes) or "the training or dev files"


def _check_resume(payload: dict[str, Any], config: CorefConfig, data: dict[str, Any], path: Path) -> None:
    saved = payload["config"]
    current = config.to_dict()
    changed = sorted(k for k in set(saved) | set(current) if saved.get(k) != current.get(k))
    if changed:
        details = ", ".join(f"{k}: {saved.get(k)!r} -> {current.get(k)!r}" for k in changed)
        raise ConfigError(
            f"{path}: cannot resume with a different config ({details}); "
            f"resume with the saved config ({path.parent / 'config.json'}) or start a new --out"
        )
    if payload["data"] != data:
        raise ConfigError(
            f"{path}: {_changed_files(payload['data'], data)} changed since this checkpoint was "
            f"written (sha256 differs); resume with the same files, in the same order, or start "
            f"a new --out"
        )


def train_run(
    config: CorefConfig,
    train_docs: Sequence[Document],
    dev_docs: Sequence[Document],
    run_dir: Path,
    *,
    resume: bool = False,
    data: dict[str, Any] | None = None,
    on_step: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Train one model (one seed) into `run_dir`; returns its metrics.json content.

    Args:
        data: fingerprints of the input files (`data_fingerprints`), checked on resume.
        on_step: called after every optimizer step (and its checkpoint) with the step number.

    Raises:
        ConfigError: a checkpoint exists and `resume` is false, or it was written with another config or data.
        EncoderLoadError: the encoder cannot be loaded.
    """
    data = data or {}
    run_dir = Path(run_dir)
    ckpt_path = run_dir / CHECKPOINT_FILE
    payload = None
    if ckpt_path.exists():
        if not resume:
            raise ConfigError(
                f"{ckpt_path}: a training run already exists here; pass --resume to continue it, "
                f"or choose another --out"
            )
        payload = load_checkpoint(ckpt_path)
        _check_resume(payload, config, data, ckpt_path)
        if payload["state"]["finished"]:
            log.info("%s: this run has finished (%s); nothing to resume", run_dir, payload["state"]["stop_reason"])
            return _finish(run_dir, config, TrainState(**payload["state"]))
    elif resume:
        log.info("%s: no checkpoint yet, starting from step 0", run_dir)

    with deterministic_algorithms(config.deterministic):
        return _train(config, train_docs, dev_docs, run_dir, payload, data, on_step)


@contextmanager
def deterministic_algorithms(enabled: bool) -> Iterator[None]:
    """torch's deterministic kernels for the duration of a run (the previous setting is restored).

    Ops without a deterministic kernel warn instead of failing (warn_only),
    so a run never dies for it; their warnings name what stays nondeterministic.
    """
    before = (torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
    if enabled:
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")  # cuBLAS needs it for deterministic matmuls
        torch.use_deterministic_algorithms(True, warn_only=True)
    try:
        yield
    finally:
        torch.use_deterministic_algorithms(before[0], warn_only=before[1])


def _train(
    config: CorefConfig,
    train_docs: Sequence[Document],
    dev_docs: Sequence[Document],
    run_dir: Path,
    payload: dict[str, Any] | None,
    data: dict[str, Any],
    on_step: Callable[[int], None] | None,
) -> dict[str, Any]:
    ckpt_path = run_dir / CHECKPOINT_FILE
    device = resolve_device(config.device)
    seed_everything(config.seed)
    tokenizer = load_tokenizer(config.encoder, config.local_files_only)
    encoder = load_encoder(config.encoder, config.local_files_only)
    check_window(config.window_size, encoder, tokenizer, config.encoder)
    if config.gradient_checkpointing:
        encoder.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model = CorefModel(encoder, config).to(device)
    run_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_text(run_dir / "config.json", json.dumps(config_record(config), indent=2, sort_keys=True) + "\n")

    train_examples = prepare_all(train_docs, tokenizer, model)
    dev_examples = prepare_all(dev_docs, tokenizer, model)

    encoder_params = list(model.encoder.parameters())
    if config.encoder_lr == 0:
        for p in encoder_params:
            p.requires_grad_(False)
    encoder_ids = {id(p) for p in encoder_params}
    groups = [{"params": [p for p in model.parameters() if id(p) not in encoder_ids], "lr": config.lr}]
    if config.encoder_lr > 0:
        groups.insert(0, {"params": encoder_params, "lr": config.encoder_lr})
    optimizer = torch.optim.AdamW(groups, weight_decay=config.weight_decay)
    total = total_steps(config, len(train_examples))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, schedule(total, config.warmup_ratio))
    scaler = torch.amp.GradScaler(device.type, enabled=device.type == "cuda" and config.amp == "fp16")

    state = TrainState()
    if payload is not None:
        model.load_state_dict(payload["model"])
        optimizer.load_state_dict(payload["optimizer"])
        scheduler.load_state_dict(payload["scheduler"])
        scaler.load_state_dict(payload["scaler"])
        state = TrainState(**payload["state"])
        set_rng_state(payload["rng"])
        log.info("%s: resumed at step %d of %d (epoch %d)", run_dir, state.step, total, state.epoch)

    def checkpoint() -> None:
        save_checkpoint(
            ckpt_path,
            {
                "model": model.state_dict(),
                "optimizer": optimizer.state_dict(),
                "scheduler": scheduler.state_dict(),
                "scaler": scaler.state_dict(),
                "rng": rng_state(),
                "state": asdict(state),
                "config": config.to_dict(),
                "data": data,
            },
        )

    n = len(train_examples)
    started, docs_seen = time.perf_counter(), 0
    log.info(
        "%s: training on %s, %d documents, %d steps of %d document(s)",
        run_dir,
        device,
        n,
        total,
        config.accumulation_steps,
    )
    while not state.finished:
        model.train()
        order = epoch_order(config.seed, state.epoch, n)
        batch = order[state.position : state.position + config.accumulation_steps]
        for index in batch:
            ex = train_examples[index].to(device)
            with autocast(device, config.amp):
                loss, _ = model.loss(ex, model(ex))
            scaler.scale(loss / len(batch)).backward()
            state.loss_sum += float(loss.detach())
            state.loss_count += 1
        scaler.unscale_(optimizer)
        if config.grad_clip > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), config.grad_clip)
        scaler.step(optimizer)
        scaler.update()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        docs_seen += len(batch)
        state.step += 1
        state.position += len(batch)
        epoch_end = state.position >= n
        if epoch_end:
            state.epoch += 1
            state.position = 0
        if state.step % config.log_every == 0:
            rate = docs_seen / (time.perf_counter() - started)
            log.info(
                "step %d/%d epoch %d: loss %.4f, %.2f documents/s",
                state.step,
                total,
                state.epoch,
                state.loss_sum / max(1, state.loss_count),
                rate,
            )

        due = (state.step % config.eval_every == 0) if config.eval_every else epoch_end
        if due or state.step >= total:
            scores = evaluate(model, dev_examples, device)
            f1 = conll_f1(scores)
            state.history.append(
                {
                    "step": state.step,
                    "epoch": state.epoch,
                    "dev_conll_f1": f1,
                    "train_loss": state.loss_sum / max(1, state.loss_count),
                }
            )
            state.loss_sum, state.loss_count = 0.0, 0
            if f1 > state.best_f1:
                state.best_f1, state.best_step, state.best_scores = f1, state.step, scores
                state.stale_evaluations = 0
                save_model(run_dir, model, tokenizer)
            else:
                state.stale_evaluations += 1
            log.info(
                "step %d: dev CoNLL F1 %.2f (best %.2f at step %d)", state.step, f1, state.best_f1, state.best_step
            )
            if config.patience and state.stale_evaluations >= config.patience:
                state.finished, state.stop_reason = True, f"early stopping: {config.patience} evaluations without gain"
        if state.step >= total and not state.finished:
            state.finished, state.stop_reason = True, f"reached {total} steps"
        if due or state.finished or (config.checkpoint_every and state.step % config.checkpoint_every == 0):
            checkpoint()
        if on_step is not None:
            on_step(state.step)

    log.info("%s: %s; best dev CoNLL F1 %.2f at step %d", run_dir, state.stop_reason, state.best_f1, state.best_step)
    return _finish(run_dir, config, state)


def _finish(run_dir: Path, config: CorefConfig, state: TrainState) -> dict[str, Any]:
    """Write (or rewrite) a finished run's metrics.json; returns its content."""
    metrics = {
        "seed": config.seed,
        "steps": state.step,
        "epochs": state.epoch,
        "stop_reason": state.stop_reason,
        "best_step": state.best_step,
        "dev": state.best_scores,
        "history": state.history,
    }
    write_json(run_dir / "metrics.json", metrics)
    return metrics


def summarize(runs: Sequence[dict[str, Any]], dirs: Sequence[Path]) -> dict[str, Any]:
    """Each run's dev F1s with their mean and sample standard deviation (0 for one run)."""
    rows = []
    for run, folder in zip(runs, dirs, strict=True):
        row = {"seed": run["seed"], "dir": str(folder), "best_step": run["best_step"]}
        row.update({f"{m}_f1": float(run["dev"][m]["f"]) for m in METRICS if m in run["dev"]})
        rows.append(row)
    keys = [k for k in rows[0] if k.endswith("_f1")]
    mean = {k: statistics.fmean(r[k] for r in rows) for k in keys}
    std = {k: statistics.stdev([r[k] for r in rows]) if len(rows) > 1 else 0.0 for k in keys}
    return {"repeats": len(rows), "runs": rows, "mean": mean, "std": std}


def train(
    train_paths: Sequence[Path],
    dev_path: Path,
    out: Path,
    config: CorefConfig,
    *,
    repeats: int = 1,
    resume: bool = False,
    on_step: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The `train` command: `repeats` runs with seeds seed, seed+1, ...; writes OUT/summary.json.

    Args:
        train_paths: the training files (jsonlines); their documents are used together, in the order given.

    Raises:
        InputFormatError, MissingInputError: a bad training or dev file, or a doc_key in two training files.
        ConfigError, EncoderLoadError: no training file; see `train_run`.
    """
    if repeats < 1:
        raise ConfigError(f"--repeats {repeats}: expected 1 or more")
    train_docs, train_counts = read_training_files(train_paths)
    dev_docs = read_documents(dev_path)
    if len(train_counts) > 1:
        log.info("training documents: %s", ", ".join(f"{n} from {p}" for p, n in train_counts.items()))
    targets = target_counts(train_docs)
    left_out = {reason: n for reason, n in targets["left_out"].items() if n}
    if left_out:  # the model cannot learn these: say so, as what caps its training F1
        log.warning(
            "%d of %d training mentions share a head word with a shorter mention and are left out of the"
            " word-level targets: %s",
            sum(left_out.values()),
            targets["gold_mentions"],
            ", ".join(f"{reason} {n}" for reason, n in left_out.items()),
        )
    data = data_fingerprints(train_paths, dev_path)
    (Path(out) / MANIFEST).unlink(missing_ok=True)  # the folder is about to change: its seal no longer holds
    runs, dirs = [], []
    for r in range(repeats):
        run_config = config.replace(seed=config.seed + r)
        run_dir = Path(out) if repeats == 1 else Path(out) / f"seed-{run_config.seed}"
        runs.append(train_run(run_config, train_docs, dev_docs, run_dir, resume=resume, data=data, on_step=on_step))
        dirs.append(run_dir)
    summary = {**summarize(runs, dirs), "train_documents": train_counts, "train_mentions": targets}
    write_json(Path(out) / "summary.json", summary)
    seal(
        out,
        build_manifest(
            "train",
            config.to_dict(),
            [*train_paths, dev_path],
            repeats=repeats,
            encoder_fingerprint=encoder_fingerprint(config.encoder),
        ),
    )
    return summary
