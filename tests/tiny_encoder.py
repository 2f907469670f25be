"""A tiny random-weights BERT-style encoder built offline, for the coreference model's tests and benchmark.

`build_tiny_encoder` trains a WordPiece vocabulary with the `tokenizers`
library on the words of the sample's jsonlines export (or any word list),
builds a `BertModel` from a small random `BertConfig` (hidden size 64, two
layers, two heads) and saves both with `save_pretrained`, so the folder loads
like any Hugging Face encoder with `local_files_only=True` (see
the team's shared notes, tiny-models.md). The vocabulary is deliberately small, so most words
split into several subwords and the word pooling has work to do.

The session fixture `tiny_encoder_dir` builds it once per test run.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SAMPLE_JSONLINES = REPO / "results" / "export" / "train.jsonlines"


def build_tiny_encoder(out: Path, sentences: Iterable[list[str]] | None = None, **kwargs) -> Path:
    """The library's builder, trained by default on the sample's training split."""
    from coref_transfer.train.tiny import build_tiny_encoder as build
    from coref_transfer.train.tiny import sample_words

    return build(out, sentences if sentences is not None else sample_words(SAMPLE_JSONLINES), **kwargs)


@pytest.fixture(scope="session")
def tiny_encoder_dir(tmp_path_factory) -> Path:
    """The tiny encoder's folder, built once per test session (read-only)."""
    return build_tiny_encoder(tmp_path_factory.mktemp("tiny_encoder"))
