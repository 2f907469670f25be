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
        return [self._align(src, tgt) for src, tgt in pairs]

    def _vectors(self, words: Sequence[str]):
        import torch

        encoded = self.tokenizer(list(words), is_split_into_words=True, return_tensors="pt", truncation=True)
        with torch.inference_mode():
            states = self.model(**encoded.to(self.device)).hidden_states[self.layer][0]
        index = encoded.word_ids()
        vectors = []
        for w in range(len(words)):
            rows = [k for k, word in enumerate(index) if word == w]
            vectors.append(states[rows].mean(0) if rows else torch.zeros(states.shape[-1], device=states.device))
        return torch.nn.functional.normalize(torch.stack(vectors), dim=-1)

    def _align(self, src: Sequence[str], tgt: Sequence[str]) -> Links:
        if not src or not tgt:
            return frozenset()
        similarity = self._vectors(src) @ self._vectors(tgt).T
        forward = similarity.argmax(1).tolist()
        backward = similarity.argmax(0).tolist()
        return frozenset((i, j) for i, j in enumerate(forward) if backward[j] == i)
