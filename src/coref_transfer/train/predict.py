"""The public inference API: load a trained model folder, resolve documents, write CoNLL-2012, score.

    from coref_transfer.train.predict import Predictor
    predictor = Predictor.load("runs/wl-coref-it")          # a folder written by `train`
    clusters = predictor.predict(read_documents("test.jsonlines", require_clusters=False))

Output CoNLL-2012 (`write_conll_predictions`): one part per document, the
part number taken from the doc_key (`..._N`), the words and speakers of the
input, `-` in the columns the model does not fill (POS, parse, lemma, sense,
entities), and the predicted chains in the last column, numbered from 0 in
order of their first mention. Words and speakers go through the CoNLL
writer's `cell`, as in the dataset export: inner whitespace becomes `_`
(CoNLL columns are whitespace-separated), an empty value `-`.

Scores (`score_documents`) come from the project's scorer
(`coref_transfer.train.scoring.metrics.score_corpus`), which sums every metric's
counts over documents exactly as the reference scorer does for a
multi-document file.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from coref_transfer.conll.writer import cell, words_only_utterance, write_conll
from coref_transfer.io import write_json
from coref_transfer.model import DocSpan, Mention, Part, Span, parse_doc_key
from coref_transfer.train.data import Document, Example, prepare, read_documents
from coref_transfer.train.model import CorefModel, autocast, load_model, resolve_device

log = logging.getLogger(__name__)
Clusters = list[list[DocSpan]]


def prepare_all(docs: Sequence[Document], tokenizer: Any, model: CorefModel) -> list[Example]:
    """`data.prepare` with the model's window and genre settings."""
    cfg = model.config
    return [prepare(doc, tokenizer, cfg.window_size, cfg.window_overlap, cfg.genres) for doc in docs]


def predict_examples(model: CorefModel, examples: Sequence[Example], device: torch.device) -> list[Clusters]:
    """DocSpan clusters of every example (the model is put in eval mode, fp32 on the CPU, autocast on CUDA)."""
    model.eval()
    out = []
    for ex in examples:
        with autocast(device, model.config.amp):
            out.append(model.predict(ex.to(device)))
    return out


def score_documents(gold: Sequence[Clusters], predicted: Sequence[Clusters], lengths: Sequence[int]) -> dict:
    """Corpus-level scores (module docstring) from the project's scorer, in percent.

    `lengths` (words per document) is kept for callers; the scorer needs only the spans.
    """
    from coref_transfer.train.scoring.metrics import score_corpus

    if len(gold) != len(predicted) or len(gold) != len(lengths):
        raise ValueError(f"{len(gold)} gold, {len(predicted)} predicted and {len(lengths)} lengths: one per document")
    return score_corpus(list(gold), list(predicted))


def conll_f1(scores: dict) -> float:
    """The CoNLL F1 (mean of MUC, B-cubed and CEAF-e F1) of a scorer result."""
    return float(scores["conll"]["f"])


def to_part(doc: Document, clusters: Clusters) -> Part:
    """A document and its chains as a CoNLL-2012 part (module docstring)."""
    doc_id, part_no = parse_doc_key(doc.doc_key)
    starts = {}
    for i, sid in enumerate(doc.sentence_ids):
        starts.setdefault(sid, i)
    mentions: dict[int, list[Mention]] = {}
    for chain_id, chain in enumerate(clusters):
        for start, end in chain:
            sid = doc.sentence_ids[start]
            first = starts[sid]
            mentions.setdefault(sid, []).append(Mention(chain_id, Span(start - first, end - first)))
    utterances = []
    for sid, words in enumerate(doc.sentences):
        first = starts[sid]
        speakers = [cell(s) for s in doc.speakers[first : first + len(words)]]
        utterances.append(
            words_only_utterance(doc_id, part_no, sid, [cell(w) for w in words], speakers, mentions.get(sid, []))
        )
    return Part(doc_id=doc_id, part=part_no, utterances=utterances)


def write_conll_predictions(path: str | Path, docs: Sequence[Document], clusters: Sequence[Clusters]) -> None:
    """Write every document with its predicted chains as one CoNLL-2012 file, atomically."""
    write_conll(path, [to_part(doc, c) for doc, c in zip(docs, clusters, strict=True)])


def gold_clusters(doc: Document) -> Clusters:
    return [list(chain) for chain in doc.clusters]


class Predictor:
    """A trained model ready to resolve documents."""

    def __init__(self, model: CorefModel, tokenizer: Any, device: torch.device):
        self.model = model.to(device).eval()
        self.tokenizer = tokenizer
        self.device = device

    @classmethod
    def load(cls, folder: str | Path, device: str | None = None) -> Predictor:
        """Load a model folder; `device` None means the folder's config (auto: CUDA when available)."""
        from coref_transfer.train.model import read_config

        dev = resolve_device(device or read_config(folder).device)
        model, tokenizer = load_model(folder, dev)
        return cls(model, tokenizer, dev)

    def predict(self, docs: Sequence[Document]) -> list[Clusters]:
        """Predicted span clusters of each document (document-level offsets, end inclusive)."""
        return predict_examples(self.model, prepare_all(docs, self.tokenizer, self.model), self.device)


def run_predict(model_dir: Path, input_path: Path, out: Path, metrics: Path | None = None) -> dict | None:
    """The `predict` command: read, resolve, write CoNLL (and the scores against the input's chains).

    Raises:
        InputFormatError, MissingInputError: a bad input file or model folder.
    """
    predictor = Predictor.load(model_dir)
    docs = read_documents(input_path, require_clusters=metrics is not None)
    predicted = predictor.predict(docs)
    write_conll_predictions(out, docs, predicted)
    log.info("wrote %d documents, %d chains to %s", len(docs), sum(len(c) for c in predicted), out)
    if metrics is None:
        return None
    scores = score_documents([gold_clusters(d) for d in docs], predicted, [len(d.words) for d in docs])
    write_json(metrics, {"input": str(input_path), "model": str(model_dir), "documents": len(docs), "scores": scores})
    log.info("CoNLL F1 %.2f on %s", conll_f1(scores), input_path)
    return scores


__all__ = ["Predictor", "run_predict", "score_documents", "to_part", "write_conll_predictions"]
