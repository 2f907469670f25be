"""`CorefModel`: the word encoder, coarse scorer, pairwise scorer and span predictor composed; saved as a folder.

A model folder (what `train` writes and `predict --model` reads):

    config.json        the resolved `CorefConfig` ({"schema_version", "config"})
    model.safetensors  every weight, the encoder's included
    encoder/           the tokenizer files and the encoder's config.json
                       (architecture only: the weights are in model.safetensors)

so prediction needs neither the Hub nor the original encoder folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from torch import nn

from coref_transfer.errors import MissingInputError
from coref_transfer.io import atomic_path, atomic_write_text
from coref_transfer.model import DocSpan
from coref_transfer.train.clusters import span_clusters, word_clusters
from coref_transfer.train.coarse import CoarseScorer
from coref_transfer.train.config import CorefConfig, config_from_record, config_record
from coref_transfer.train.data import Example
from coref_transfer.train.encoder import WordEncoder, encoder_from_config, load_tokenizer
from coref_transfer.train.loss import coref_loss, gold_antecedents, span_loss
from coref_transfer.train.pairwise import PairwiseScorer
from coref_transfer.train.span import SpanPredictor

CONFIG_FILE = "config.json"
WEIGHTS_FILE = "model.safetensors"
ENCODER_DIR = "encoder"


@dataclass
class CorefOutput:
    """What one forward pass over a document gives."""

    words: torch.Tensor  # [n_words, emb]
    scores: torch.Tensor  # [n_words, k + 1] antecedent scores, column 0 the dummy
    top_indices: torch.Tensor  # [n_words, k]
    valid: torch.Tensor  # [n_words, k]


class CorefModel(nn.Module):
    """The word-level coreference model (Dobrovolskii 2021)."""

    def __init__(self, encoder: nn.Module, config: CorefConfig):
        super().__init__()
        self.config = config
        self.word_encoder = WordEncoder(encoder, config.dropout)
        size = self.word_encoder.size
        self.coarse = CoarseScorer(size, config.coarse_k, config.dropout)
        self.pairwise = PairwiseScorer(
            size, len(config.genres), config.feature_size, config.hidden_size, config.hidden_layers, config.dropout
        )
        self.span = SpanPredictor(
            size, config.span_hidden_size, config.span_max_distance, config.feature_size, config.dropout
        )

    @property
    def encoder(self) -> nn.Module:
        return self.word_encoder.encoder

    def forward(self, ex: Example) -> CorefOutput:
        words = self.word_encoder(
            ex.window_ids, ex.window_mask, ex.subword_index, ex.word_subwords, ex.word_subword_mask
        )  # [n_words, emb]
        top_scores, top_indices, valid = self.coarse(words)  # [n_words, k] each
        scores = self.pairwise(
            words, top_scores, top_indices, ex.speaker_ids, ex.genre_id, self.config.anaphor_batch
        )  # [n_words, k + 1]
        return CorefOutput(words, scores, top_indices, valid)

    def loss(self, ex: Example, out: CorefOutput) -> tuple[torch.Tensor, dict[str, float]]:
        """Coreference loss + span loss on the gold heads; the parts for logging."""
        gold = gold_antecedents(ex.cluster_ids, out.top_indices, out.valid)  # [n_words, k + 1]
        c_loss = coref_loss(out.scores, gold, out.valid, self.config.bce_weight)
        start_logits, end_logits, _ = self.span(out.words, ex.span_heads, ex.sentence_start, ex.sentence_end)
        first = ex.sentence_start[ex.span_heads]  # [n_spans]
        s_loss = span_loss(start_logits, end_logits, ex.span_starts - first, ex.span_ends - first)
        return c_loss + s_loss, {"coref": float(c_loss.detach()), "span": float(s_loss.detach())}

    @torch.no_grad()
    def predict(self, ex: Example) -> list[list[DocSpan]]:
        """DocSpan clusters of one document (the model must be in eval mode)."""
        out = self(ex)
        heads = word_clusters(out.scores, out.top_indices)
        flat = torch.tensor(sorted({h for c in heads for h in c}), dtype=torch.long, device=out.words.device)
        spans = self.span.predict(out.words, flat, ex.sentence_start, ex.sentence_end)
        return span_clusters(heads, dict(zip(flat.tolist(), spans, strict=True)))


def save_model(folder: str | Path, model: CorefModel, tokenizer: Any) -> None:
    """Write a model folder (module docstring); files are replaced atomically, one by one."""
    from safetensors.torch import save_file

    folder = Path(folder)
    (folder / ENCODER_DIR).mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(folder / ENCODER_DIR)
    model.encoder.config.save_pretrained(folder / ENCODER_DIR)
    state = {k: v.detach().contiguous().cpu() for k, v in model.state_dict().items()}
    with atomic_path(folder / WEIGHTS_FILE) as tmp:
        save_file(state, tmp, metadata={"format": "pt"})
    atomic_write_text(folder / CONFIG_FILE, json.dumps(config_record(model.config), indent=2, sort_keys=True) + "\n")


def read_config(folder: str | Path) -> CorefConfig:
    """The config of a model folder.

    Raises:
        MissingInputError: the folder lacks config.json.
        ConfigError: the file is not a coref model config.
    """
    path = Path(folder) / CONFIG_FILE
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MissingInputError(
            f"{path}: cannot read ({exc.strerror}); --model must be a folder written by "
            f"'coref-transfer train' (config.json, model.safetensors, encoder/)"
        ) from exc
    except json.JSONDecodeError as exc:
        raise MissingInputError(f"{path}: not valid JSON ({exc.msg})") from exc
    return config_from_record(record, path)


def load_model(folder: str | Path, device: torch.device | str = "cpu") -> tuple[CorefModel, Any]:
    """A model folder's model (eval mode, on `device`) and tokenizer.

    Raises:
        MissingInputError: a file of the folder is missing.
    """
    from safetensors.torch import load_file

    folder = Path(folder)
    config = read_config(folder)
    weights = folder / WEIGHTS_FILE
    if not weights.is_file():
        raise MissingInputError(
            f"{weights}: missing; the model folder is incomplete (was training interrupted "
            f"before the first evaluation?)"
        )
    tokenizer = load_tokenizer(str(folder / ENCODER_DIR), local_files_only=True)
    model = CorefModel(encoder_from_config(folder / ENCODER_DIR), config)
    model.load_state_dict(load_file(str(weights)))
    return model.to(device).eval(), tokenizer


def resolve_device(choice: str) -> torch.device:
    """The config's device: `auto` is CUDA when available, else the CPU with a logged warning.

    Raises:
        ConfigError: `cuda` was asked for on a machine without a GPU.
    """
    import logging

    from coref_transfer.errors import ConfigError

    if choice == "cpu":
        return torch.device("cpu")
    if torch.cuda.is_available():
        return torch.device("cuda")
    if choice == "cuda":
        raise ConfigError("coref config key 'device': 'cuda' was asked for but torch sees no GPU; use 'auto' or 'cpu'")
    logging.getLogger(__name__).warning(
        "no CUDA GPU: running on the CPU in float32 (fine for the tiny test model; a base-sized encoder needs a GPU)"
    )
    return torch.device("cpu")


def autocast(device: torch.device, amp: str) -> torch.autocast:
    """Mixed precision on CUDA as the config says (bf16 or fp16); a no-op on the CPU or with amp 'none'."""
    dtype = torch.float16 if amp == "fp16" else torch.bfloat16
    return torch.autocast(device_type=device.type, dtype=dtype, enabled=device.type == "cuda" and amp != "none")
