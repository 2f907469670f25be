"""`CorefConfig`: the model's and the trainer's settings, typed, bounded, unknown keys rejected.

A config file is a JSON object with any subset of the fields below (missing
fields take their defaults). The defaults follow the paper's setup
(Dobrovolskii 2021; its released config) where it has one, scaled to a
base-sized encoder on one 24 GB GPU. The resolved config is saved next to
every checkpoint and model (`config.json`).
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError

SCHEMA_VERSION = "1"

ENCODER_ITALIAN = "dbmdz/bert-base-italian-xxl-cased"
"""Default encoder: a cased Italian BERT-base (the project's target language)."""

CHOICES: dict[str, tuple[str, ...]] = {
    "amp": ("bf16", "fp16", "none"),
    "device": ("auto", "cuda", "cpu"),
}
"""Closed choices of the string fields."""

BOUNDS: dict[str, tuple[float, float | None]] = {
    "window_size": (8, None),
    "window_overlap": (0, None),
    "dropout": (0.0, 0.9),
    "coarse_k": (1, None),
    "hidden_size": (1, None),
    "hidden_layers": (0, None),
    "feature_size": (1, None),
    "span_hidden_size": (1, None),
    "span_max_distance": (1, None),
    "bce_weight": (0.0, None),
    "encoder_lr": (0.0, None),
    "lr": (0.0, None),
    "weight_decay": (0.0, None),
    "warmup_ratio": (0.0, 1.0),
    "max_epochs": (1, None),
    "max_steps": (0, None),
    "accumulation_steps": (1, None),
    "grad_clip": (0.0, None),
    "eval_every": (0, None),
    "patience": (0, None),
    "checkpoint_every": (0, None),
    "seed": (0, 2**32 - 1),
    "anaphor_batch": (1, None),
    "log_every": (1, None),
}
"""Inclusive lower and upper bounds of the numeric fields (None: unbounded)."""


@dataclass(frozen=True)
class CorefConfig:
    """Every setting of the word-level coreference model and its training."""

    # --- encoder -------------------------------------------------------------
    encoder: str = ENCODER_ITALIAN
    """Hugging Face model name or local folder (the CLI's --encoder sets it)."""
    local_files_only: bool = False
    """Never contact the Hub: a name must already be in the local cache. A folder always loads locally."""
    window_size: int = 512
    """Subwords per encoder window, special tokens included: at most the encoder's maximum length."""
    window_overlap: int = 128
    """Subwords shared by consecutive windows; each subword takes its vector from the window
    where it is farther from the edge, so every subword sees at least overlap/2 subwords of context."""
    gradient_checkpointing: bool = False
    """Recompute the encoder's activations in the backward pass: less memory, about 30% slower."""

    # --- scorers -------------------------------------------------------------
    dropout: float = 0.3
    """Dropout on word vectors, coarse scores and hidden layers (the paper's 0.3)."""
    coarse_k: int = 50
    """Antecedents kept per word after the bilinear scorer (the paper's 50): bounds memory to n_words x k."""
    hidden_size: int = 1024
    """Width of the pairwise scorer's hidden layers (the paper's 1024)."""
    hidden_layers: int = 1
    """Hidden layers of the pairwise scorer (the paper's 1)."""
    feature_size: int = 20
    """Size of each pair-feature embedding: distance bucket, genre, same speaker (the paper's 20)."""
    genres: tuple[str, ...] = ("bc", "bn", "mz", "nw", "pt", "tc", "wb")
    """Known genres (the doc_key's first two characters, OntoNotes); any other genre shares one 'unknown' vector."""
    span_hidden_size: int = 256
    """Width of the span predictor's feed-forward layers."""
    span_max_distance: int = 64
    """Relative distances head-word beyond this are clipped for the span predictor's distance embedding."""

    # --- loss ----------------------------------------------------------------
    bce_weight: float = 0.5
    """Weight of the binary cross-entropy added to the marginal log-likelihood (the paper's 0.5; 0 disables)."""

    # --- optimisation --------------------------------------------------------
    encoder_lr: float = 1e-5
    """AdamW learning rate of the encoder (the paper's 1e-5); 0 freezes the encoder."""
    lr: float = 3e-4
    """AdamW learning rate of every other module (the paper's 3e-4)."""
    weight_decay: float = 0.0
    """AdamW weight decay (the paper uses none)."""
    warmup_ratio: float = 0.05
    """Share of the optimizer steps with linear warm-up; then linear decay to 0 (one epoch in 20, as wl-coref)."""
    max_epochs: int = 20
    """Passes over the training documents (the paper's 20)."""
    max_steps: int = 0
    """Stop after this many optimizer steps (0: no limit beyond max_epochs); the schedule spans the smaller."""
    accumulation_steps: int = 1
    """Documents whose gradients are summed per optimizer step (the paper: one document per step)."""
    grad_clip: float = 1.0
    """Maximum gradient norm (0 disables clipping)."""
    seed: int = 13
    """Seed of initialisation, data order and dropout; repeats use seed, seed+1, ..."""

    # --- evaluation, checkpoints ---------------------------------------------
    eval_every: int = 0
    """Evaluate on dev every N optimizer steps (0: at the end of every epoch)."""
    patience: int = 5
    """Stop after this many evaluations without a better dev CoNLL F1 (0: never stop early)."""
    checkpoint_every: int = 0
    """Also write the resumable checkpoint every N steps (0: only after each evaluation and at the end)."""

    # --- hardware --------------------------------------------------------------
    amp: str = "bf16"
    """Mixed precision on CUDA: bf16 (Ampere and newer), fp16 (with loss scaling) or none; CPU always runs fp32."""
    device: str = "auto"
    """auto: CUDA when available, else CPU with a warning; cuda fails when there is no GPU."""
    deterministic: bool = True
    """torch's deterministic kernels (warn-only where one is missing): same seed, same weights, and a resumed run
    equal to an uninterrupted one. Without them multi-threaded CPU and CUDA scatter-adds (the backward of
    indexing) sum in a varying order, so runs differ in the last float bits and drift apart. Costs little on
    the CPU and some speed on CUDA."""
    anaphor_batch: int = 512
    """Words whose k antecedents go through the pairwise scorer at once (bounds its memory on long documents)."""
    log_every: int = 50
    """Log the running loss every N optimizer steps."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (tuples as lists)."""
        out = dataclasses.asdict(self)
        out["genres"] = list(self.genres)
        return out

    def replace(self, **changes: Any) -> CorefConfig:
        """A copy with some fields changed, validated like a file."""
        return config_from_dict({**self.to_dict(), **changes})


FIELDS = {f.name: f for f in dataclasses.fields(CorefConfig)}


def _check_value(name: str, value: Any) -> Any:
    default = FIELDS[name].default
    where = f"coref config key {name!r}"
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: expected true or false, got {value!r}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{where}: expected an integer, got {value!r}")
    elif isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{where}: expected a number, got {value!r}")
        value = float(value)
    elif isinstance(default, str):
        if not isinstance(value, str) or not value:
            raise ConfigError(f"{where}: expected a non-empty string, got {value!r}")
        if name in CHOICES and value not in CHOICES[name]:
            raise ConfigError(f"{where}: {value!r} is not allowed; allowed values: {', '.join(CHOICES[name])}")
    elif isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v for v in value):
            raise ConfigError(f"{where}: expected a list of non-empty strings, got {value!r}")
        if len(set(value)) != len(value):
            raise ConfigError(f"{where}: {list(value)} repeats a value")
        value = tuple(value)
    if name in BOUNDS:
        low, high = BOUNDS[name]
        if value < low or (high is not None and value > high):
            span = f">= {low}" if high is None else f"between {low} and {high}"
            raise ConfigError(f"{where}: {value!r} is out of range; expected {span}")
    return value


def config_from_dict(values: dict[str, Any]) -> CorefConfig:
    """Validate a (partial) mapping and fill the defaults.

    Raises:
        ConfigError: an unknown key (the message lists the valid ones), a
            wrong type, a value out of range, or inconsistent windows.
    """
    if not isinstance(values, dict):
        raise ConfigError(f"coref config: expected a JSON object, got {type(values).__name__}")
    unknown = sorted(set(values) - set(FIELDS))
    if unknown:
        hints = [
            f"{k!r} (did you mean {m[0]!r}?)" if (m := difflib.get_close_matches(k, FIELDS, 1)) else repr(k)
            for k in unknown
        ]
        raise ConfigError(f"coref config: unknown key(s) {', '.join(hints)}; valid keys: {', '.join(FIELDS)}")
    checked = {name: _check_value(name, value) for name, value in values.items()}
    config = CorefConfig(**checked)
    if 2 * config.window_overlap >= config.window_size - 2:
        raise ConfigError(
            f"coref config: window_overlap {config.window_overlap} must be less than half of window_size "
            f"{config.window_size} minus the special tokens, or windows would advance by less than half a window"
        )
    return config


def load_coref_config(path: str | Path | None, overrides: dict[str, Any] | None = None) -> CorefConfig:
    """The config of a JSON file (or the defaults), with `overrides` applied on top.

    Raises:
        ConfigError: the file cannot be read, is not JSON, or breaks `config_from_dict`.
    """
    values: dict[str, Any] = {}
    if path is not None:
        try:
            values = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read the coref config ({exc.strerror})") from exc
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{exc.lineno}: the coref config is not valid JSON ({exc.msg})") from exc
        if not isinstance(values, dict):
            raise ConfigError(f"{path}: the coref config must be a JSON object")
    if overrides:
        values = {**values, **overrides}
    return config_from_dict(values)


def config_record(config: CorefConfig) -> dict[str, Any]:
    """The `config.json` saved next to checkpoints and models."""
    return {"schema_version": SCHEMA_VERSION, "config": config.to_dict()}


def config_from_record(record: Any, source: str | Path) -> CorefConfig:
    """The inverse of `config_record`.

    Raises:
        ConfigError: the record is not one this version wrote.
    """
    if not isinstance(record, dict) or record.get("schema_version") != SCHEMA_VERSION or "config" not in record:
        raise ConfigError(f"{source}: not a coref model config (schema_version {SCHEMA_VERSION} with 'config')")
    return config_from_dict(record["config"])


__all__ = ["CorefConfig", "config_from_dict", "config_from_record", "config_record", "load_coref_config"]
