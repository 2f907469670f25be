"""SimAlign's argmax alignment (Jalili Sabet et al. 2020) over a multilingual encoder the user has.

Each sentence's words are split into the encoder's subwords, the hidden
states of layer `translate.alignment.layer` (8 for mBERT, SimAlign's choice)
are averaged over each word's subwords, and the English word i and the
Italian word j are linked when each is the other's most similar word by
cosine (the intersection of the two argmaxes: SimAlign's "Argmax" method,
its most precise). No training: `fit` learns nothing. The encoder is loaded
from a local folder or the Hugging Face cache, never downloaded at run time
(`local_files_only`); `coref-transfer models fetch` has no aligner to fetch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coref_transfer.errors import ConfigError
from coref_transfer.translate.align.base import Links, Pair

BATCH = 32
"""Sentences encoded in one forward pass."""


class NeuralAligner:
    """The `neural` aligner (see the module docstring)."""

    name = "neural"

    def __init__(self, model: str, layer: int = 8, device: str = "auto"):
        if not model:
            raise ConfigError(
                "translate.alignment.aligner is neural but translate.alignment.model is empty: give a multilingual "
                "encoder's folder (e.g. bert-base-multilingual-cased saved with save_pretrained) or use fast_align"
            )
        import torch
        from transformers import AutoModel, AutoTokenizer

        try:
            self.tokenizer = AutoTokenizer.from_pretrained(model, local_files_only=True)
            self.model = AutoModel.from_pretrained(model, local_files_only=True, output_hidden_states=True).eval()
        except OSError as exc:
            raise ConfigError(
                f"translate.alignment.model {model!r}: cannot load an encoder from it ({exc}); nothing is downloaded "
                "at run time: save the model into a local folder and give its path"
            ) from exc
        layers = self.model.config.num_hidden_layers
        if not 0 <= layer <= layers:
            raise ConfigError(f"translate.alignment.layer {layer}: the encoder {model!r} has layers 0 to {layers}")
        self.layer = layer
        use_cuda = device == "cuda" or (device == "auto" and torch.cuda.is_available())
        self.device = "cuda" if use_cuda else "cpu"
        self.model.to(self.device)

    def fit(self, pairs: Sequence[Pair], out=None) -> dict[str, Any]:
        return {"pairs": 0, "parallel_pairs": 0, "seconds": 0.0}

    def align(self, pairs: Sequence[Pair]) -> list[Links]:
        """The links of each pair; the sentences are encoded `BATCH` at a time, the shortest together (padded
        and masked: each sentence's states are what it alone would give, up to rounding)."""
        sources = self._vectors([src for src, _ in pairs])
        targets = self._vectors([tgt for _, tgt in pairs])
        return [self._links(a, b) for a, b in zip(sources, targets)]

    def _vectors(self, sentences: Sequence[Sequence[str]]) -> list[Any]:
        """Each sentence's word vectors (its subwords' states averaged, normalised); None for an empty one."""
        import torch

        out: list[Any] = [None] * len(sentences)
        order = sorted((k for k, words in enumerate(sentences) if words), key=lambda k: len(sentences[k]))
        for start in range(0, len(order), BATCH):
            batch = order[start : start + BATCH]
            encoded = self.tokenizer(
                [list(sentences[k]) for k in batch],
                is_split_into_words=True,
                return_tensors="pt",
                truncation=True,
                padding=True,
            )
            with torch.inference_mode():
                states = self.model(**encoded.to(self.device)).hidden_states[self.layer]
            for row, k in enumerate(batch):
                index = encoded.word_ids(row)
                vectors = []
                for w in range(len(sentences[k])):
                    rows = [t for t, word in enumerate(index) if word == w]
                    zero = torch.zeros(states.shape[-1], device=states.device)
                    vectors.append(states[row, rows].mean(0) if rows else zero)
                out[k] = torch.nn.functional.normalize(torch.stack(vectors), dim=-1)
        return out

    @staticmethod
    def _links(src: Any, tgt: Any) -> Links:
        if src is None or tgt is None:
            return frozenset()
        similarity = src @ tgt.T
        forward = similarity.argmax(1).tolist()
        backward = similarity.argmax(0).tolist()
        return frozenset((i, j) for i, j in enumerate(forward) if backward[j] == i)
