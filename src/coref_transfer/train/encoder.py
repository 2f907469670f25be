"""The subword encoder (any Hugging Face encoder) and the attention pooling of subwords into words.

A document's subwords go through the encoder in overlapping windows (see
`data.windows`), all windows of a document in one batch; each subword takes
its vector from the window where it has the most context. A word's vector is
the softmax-weighted sum of its subwords' vectors, the weights given by a
learned linear score of each subword (the paper's word encoder).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import torch
from torch import nn

from coref_transfer.errors import ConfigError, CorefTransferError
from coref_transfer.io import folder_sha256

log = logging.getLogger(__name__)


class EncoderLoadError(CorefTransferError):
    """An encoder or tokenizer that cannot be loaded (the message names it and says how to fix it)."""


def _load_error(name: str, local_files_only: bool, exc: Exception) -> EncoderLoadError:
    env = os.environ.get("HF_HUB_OFFLINE", "")
    offline = local_files_only or env not in ("", "0")
    setting = f"local_files_only={'true' if local_files_only else 'false'}, HF_HUB_OFFLINE={env or 'unset'}"
    path = Path(name)
    if path.is_dir():
        how = (
            "the folder exists but does not hold a complete model: it needs config.json, the weights and the "
            "tokenizer files that save_pretrained writes (folders always load with local_files_only=true)"
        )
    elif path.is_absolute() or name.startswith(("./", "../", "~")) or path.exists():
        how = "there is no such folder (a path that does not exist is not looked up on the Hub)"
    elif offline:
        how = (
            f"loading is offline ({setting}) and the model is not in the local Hugging Face cache: download it "
            f"once on a machine with network access (or copy the cache), or pass a local folder"
        )
    else:
        how = (
            f"it was looked up on the Hub ({setting}) and could not be fetched: check the name and the network; "
            f"offline, pass a local folder or set local_files_only with the model already in the cache"
        )
    reason = str(exc).strip().splitlines()[0].rstrip(". ") if str(exc).strip() else type(exc).__name__
    return EncoderLoadError(
        f"cannot load the encoder {name!r}: {how} ({type(exc).__name__}: {reason}). --encoder takes a Hugging Face "
        f"name such as 'dbmdz/bert-base-italian-xxl-cased' or 'xlm-roberta-base', or a folder written by "
        f"save_pretrained (model and tokenizer)."
    )


def _local(name: str, local_files_only: bool) -> bool:
    return local_files_only or Path(name).is_dir()


def load_tokenizer(name: str, local_files_only: bool = False) -> Any:
    """The encoder's tokenizer (a fast tokenizer when the model has one).

    Raises:
        EncoderLoadError: naming the encoder and the offline setting.
    """
    from transformers import AutoTokenizer

    try:
        return AutoTokenizer.from_pretrained(name, local_files_only=_local(name, local_files_only))
    except (OSError, ValueError, KeyError) as exc:
        raise _load_error(name, local_files_only, exc) from exc


def load_encoder(name: str, local_files_only: bool = False) -> nn.Module:
    """The pretrained encoder's weights, in float32 (mixed precision is applied by autocast).

    Raises:
        EncoderLoadError: naming the encoder and the offline setting.
    """
    from transformers import AutoModel

    try:
        return AutoModel.from_pretrained(name, local_files_only=_local(name, local_files_only), dtype=torch.float32)
    except (OSError, ValueError, KeyError) as exc:
        raise _load_error(name, local_files_only, exc) from exc


def encoder_fingerprint(name: str) -> str:
    """What identifies the encoder's starting weights, for the run's manifest.

    A folder: the SHA-256 of its files. A Hub name: the name and, when the
    local Hugging Face cache holds it, the commit the weights came from
    (transformers records it as the config's `_commit_hash`); the name alone otherwise.
    """
    if Path(name).is_dir():
        return f"folder:{folder_sha256(name)}"
    from transformers import AutoConfig

    try:
        revision = getattr(AutoConfig.from_pretrained(name, local_files_only=True), "_commit_hash", None)
    except (OSError, ValueError):
        revision = None
    return f"hub:{name}@{revision}" if revision else f"hub:{name}"


def encoder_from_config(folder: str | Path) -> nn.Module:
    """An encoder with the architecture saved in `folder` and no weights (a saved model's state fills them)."""
    from transformers import AutoConfig, AutoModel

    try:
        config = AutoConfig.from_pretrained(folder, local_files_only=True)
    except (OSError, ValueError) as exc:
        raise _load_error(str(folder), True, exc) from exc
    return AutoModel.from_config(config, dtype=torch.float32)


def max_window(encoder: nn.Module, tokenizer: Any) -> int | None:
    """The longest input the encoder takes (None: unknown)."""
    limits = [getattr(tokenizer, "model_max_length", None), getattr(encoder.config, "max_position_embeddings", None)]
    limits = [int(x) for x in limits if isinstance(x, int) and 0 < x < 1_000_000]
    return min(limits) if limits else None


def check_window(window_size: int, encoder: nn.Module, tokenizer: Any, name: str) -> None:
    """Raises ConfigError when the windows do not fit the encoder."""
    limit = max_window(encoder, tokenizer)
    if limit is not None and window_size > limit:
        raise ConfigError(
            f"coref config key 'window_size': {window_size} is longer than the encoder {name!r} "
            f"takes ({limit} tokens); set window_size to at most {limit}"
        )


class WordEncoder(nn.Module):
    """Subwords through the encoder in windows, then attention-pooled into word vectors."""

    def __init__(self, encoder: nn.Module, dropout: float):
        super().__init__()
        self.encoder = encoder
        self.size = int(encoder.config.hidden_size)
        self.attention = nn.Linear(self.size, 1)
        self.dropout = nn.Dropout(dropout)

    def forward(
        self,
        window_ids: torch.Tensor,
        window_mask: torch.Tensor,
        subword_index: torch.Tensor,
        word_subwords: torch.Tensor,
        word_subword_mask: torch.Tensor,
    ) -> torch.Tensor:
        """Word vectors [n_words, hidden] of one document (tensor shapes: `data.Example`)."""
        hidden = self.encoder(input_ids=window_ids, attention_mask=window_mask).last_hidden_state
        # hidden [n_windows, window_len, hidden]
        subwords = hidden.reshape(-1, self.size)[subword_index]  # [n_subwords, hidden]
        pieces = subwords[word_subwords]  # [n_words, max_subwords, hidden]
        scores = self.attention(pieces).squeeze(-1)  # [n_words, max_subwords]
        scores = scores.float().masked_fill(~word_subword_mask, float("-inf"))
        weights = torch.softmax(scores, dim=1).to(pieces.dtype)  # [n_words, max_subwords]
        words = (weights.unsqueeze(-1) * pieces).sum(dim=1)  # [n_words, hidden]
        return self.dropout(words)
