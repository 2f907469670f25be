"""A tiny random-weights BERT-style encoder, built offline from a jsonlines export.

For smoke runs of the coreference trainer where no real encoder can be
downloaded (CI, the embedded sample): `build_tiny_encoder` trains a WordPiece
vocabulary with the `tokenizers` library on the training words, builds a
`BertModel` from a small random `BertConfig` (hidden size 64, two layers) and
saves both with `save_pretrained`, so the folder loads like any Hugging Face
encoder with `local_files_only=True`. It learns the training set, nothing
more: real runs use a pretrained encoder (docs/real-data.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]

# fmt: off
TINY_SETTINGS = {"window_size": 128, "window_overlap": 32, "coarse_k": 20, "hidden_size": 128,
                 "span_hidden_size": 64, "dropout": 0.0, "encoder_lr": 1e-3, "lr": 2e-3, "warmup_ratio": 0.0}
# fmt: on
"""The model settings that go with the tiny encoder (the workflow adds them when
`train.encoder` is `tiny`; `train.settings` still overrides them): it takes
128-subword windows and learns with high learning rates."""


def sample_words(path: Path) -> list[list[str]]:
    """The sentences (word lists) of a jsonlines file: the vocabulary's training text."""
    sentences = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            sentences.extend(json.loads(line)["sentences"])
    return sentences


def build_tiny_encoder(
    out: Path,
    sentences: Iterable[list[str]],
    *,
    vocab_size: int = 300,
    hidden_size: int = 64,
    layers: int = 2,
    max_positions: int = 128,
    seed: int = 0,
) -> Path:
    """Save a random `BertModel` and its WordPiece tokenizer in `out`; returns `out`.

    Args:
        out: the folder to create (Hugging Face layout: config.json,
            model.safetensors, tokenizer files).
        sentences: word lists to train the vocabulary on (`sample_words`).
        vocab_size: WordPiece vocabulary size (a soft target: a small corpus
            may give fewer entries).
        hidden_size, layers, max_positions: the BertConfig sizes; encoder
            windows must fit `max_positions`.
        seed: the weights' seed (the vocabulary training is deterministic).
    """
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
    from transformers import BertConfig, BertModel, BertTokenizer

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    wordpiece = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    wordpiece.normalizer = normalizers.BertNormalizer(lowercase=False, strip_accents=False)
    wordpiece.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False)
    wordpiece.train_from_iterator((" ".join(words) for words in sentences), trainer)
    vocab = sorted(wordpiece.get_vocab().items(), key=lambda item: item[1])
    tokenizer = BertTokenizer(
        vocab=dict(vocab), do_lower_case=False, strip_accents=False, model_max_length=max_positions
    )
    tokenizer.save_pretrained(out)

    config = BertConfig(
        vocab_size=len(vocab),
        hidden_size=hidden_size,
        num_hidden_layers=layers,
        num_attention_heads=2,
        intermediate_size=2 * hidden_size,
        max_position_embeddings=max_positions,
        pad_token_id=tokenizer.pad_token_id,
    )
    torch.manual_seed(seed)
    BertModel(config).eval().save_pretrained(out)
    return out
