"""Documents for the coreference model: jsonlines read and checked, mention heads, and the tensors of one document.

The input is the jsonlines format of `coref_transfer.export.jsonlines`
(e2e-coref style). What this reader requires, line by line:

1. A JSON object with `doc_key` (a non-empty string, unique in the file) and
   `sentences` (a non-empty list of non-empty lists of strings: the words).
   The genre is the key's first two characters (`nw/...` -> `nw`).
2. `speakers`, if present, has one string per word, sentence by sentence
   (absent: every word's speaker is `-`).
3. `clusters`: one list per chain of `[start, end]` mentions with
   DOCUMENT-LEVEL word offsets, 0-based, end inclusive; a mention lies
   inside one sentence and a span is in at most one chain. Required for
   training and scoring; absent it means "no gold" (prediction only).
4. `heads`, if present, gives each mention's head word, parallel to
   `clusters` (`heads[i][j]` is the head of mention `clusters[i][j]`): a
   DOCUMENT-LEVEL word offset inside the mention. A span written twice in
   one chain has one head.
5. Other keys (`sentence_ids`, `schema_version`, ...) are ignored.

Mention heads (the word-level model links head words, not spans): with
`heads`, a mention's head is the one given (the project's export writes
the syntactic head from δ's dependency parse); without them, its last
word. The last word is right for English-style head-final noun phrases and
names ("Marco Bassi" -> Bassi is as good as Marco for linking) but wrong
for Italian NPs with a post-modifier ("il direttore del teatro" -> teatro),
so exports that carry a parse should add `heads`. When two mentions of one
document get the same head word, the shorter one keeps it (the inner
mention, whose head it truly is) and the other is left out of the word-level
targets (it still counts in scoring: this caps training F1 below 100).
Nested mentions share a head where the outer one adds only dependents of
it: a coordination ("[[Marco] e Anna]": UD heads it by its first conjunct),
an apposition, a relative clause. `head_targets` counts those left out by
reason (`LEFT_OUT_REASONS`), and training logs and summarises them
(`target_counts`): how many gold mentions the word-level model cannot learn.

`prepare` turns a document into an `Example`: the subwords of every word
(a word the tokenizer maps to nothing becomes the unknown token), the
encoder windows (see `windows`), and the gold targets. Training and
prediction both go through it, so they see the same input.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from pathlib import Path
from typing import Any

import torch

from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.io import iter_json_lines
from coref_transfer.model import DocSpan


@dataclass(frozen=True)
class Document:
    """One document part: words, their sentence and speaker, gold clusters, optional mention heads."""

    doc_key: str
    words: tuple[str, ...]
    sentence_ids: tuple[int, ...]
    """Sentence index of each word."""
    speakers: tuple[str, ...]
    clusters: tuple[tuple[DocSpan, ...], ...]
    heads: tuple[tuple[int, ...], ...] | None
    """Head word (document-level index) of each mention, parallel to `clusters`, or None (module rule 4)."""
    path: str = ""
    line: int = 0

    @cached_property
    def mention_heads(self) -> dict[DocSpan, int]:
        """{mention: its given head word} (empty without `heads`); a span is in one chain at most (rule 3)."""
        if self.heads is None:
            return {}
        return {
            span: head
            for chain, heads in zip(self.clusters, self.heads, strict=True)
            for span, head in zip(chain, heads, strict=True)
        }

    @property
    def genre(self) -> str:
        return self.doc_key[:2]

    @property
    def sentences(self) -> list[list[str]]:
        out: list[list[str]] = []
        for word, sid in zip(self.words, self.sentence_ids, strict=True):
            if sid == len(out):
                out.append([])
            out[-1].append(word)
        return out


def _error(path: str | Path, lineno: int, key: Any, problem: str) -> InputFormatError:
    where = f"document {key!r}: " if isinstance(key, str) else ""
    return InputFormatError(path, lineno, where + problem)


def _is_words(value: Any) -> bool:
    return isinstance(value, list) and len(value) > 0 and all(isinstance(w, str) for w in value)


def parse_document(obj: Any, path: str | Path, lineno: int, require_clusters: bool) -> Document:
    """Check one decoded line against rules 1-4 and build its `Document`.

    Raises:
        InputFormatError: naming the file, the line, the doc_key and the problem.
    """
    if not isinstance(obj, dict):
        raise _error(path, lineno, None, f"expected a JSON object, got {type(obj).__name__}")
    key = obj.get("doc_key")
    if not isinstance(key, str) or not key:
        raise _error(path, lineno, None, "'doc_key' is missing or not a non-empty string")
    sentences = obj.get("sentences")
    if not isinstance(sentences, list) or not sentences or not all(_is_words(s) for s in sentences):
        raise _error(path, lineno, key, "'sentences' must be a non-empty list of non-empty lists of words")
    lengths = [len(s) for s in sentences]
    n_words = sum(lengths)
    words = tuple(w for s in sentences for w in s)
    sentence_ids = tuple(i for i, n in enumerate(lengths) for _ in range(n))

    speakers_in = obj.get("speakers")
    if speakers_in is None:
        speakers = ("-",) * n_words
    else:
        if not isinstance(speakers_in, list) or [len(s) if isinstance(s, list) else -1 for s in speakers_in] != lengths:
            raise _error(path, lineno, key, "'speakers' must have one list per sentence and one speaker per word")
        if not all(isinstance(x, str) for s in speakers_in for x in s):
            raise _error(path, lineno, key, "'speakers' holds a value that is not a string")
        speakers = tuple(x for s in speakers_in for x in s)

    if "clusters" not in obj:
        if require_clusters:
            raise _error(path, lineno, key, "'clusters' is missing (training and scoring need the gold chains)")
        clusters_in: list[Any] = []
    else:
        clusters_in = obj["clusters"]
    if not isinstance(clusters_in, list):
        raise _error(path, lineno, key, "'clusters' must be a list of chains")
    heads_in = obj.get("heads")
    shape = "'heads' must have the shape of 'clusters': one list per cluster, one head per mention"
    if heads_in is not None and (not isinstance(heads_in, list) or len(heads_in) != len(clusters_in)):
        raise _error(path, lineno, key, f"{shape} ({len(clusters_in)} clusters)")
    clusters: list[tuple[DocSpan, ...]] = []
    heads: list[tuple[int, ...]] = []
    seen: dict[DocSpan, int] = {}
    for c, chain in enumerate(clusters_in):
        if not isinstance(chain, list) or not chain:
            raise _error(path, lineno, key, f"cluster {c} must be a non-empty list of [start, end] mentions")
        if heads_in is not None and (not isinstance(heads_in[c], list) or len(heads_in[c]) != len(chain)):
            raise _error(path, lineno, key, f"{shape} (cluster {c} has {len(chain)} mentions)")
        spans: dict[DocSpan, int] = {}
        for m, span in enumerate(chain):
            ok = (
                isinstance(span, list)
                and len(span) == 2
                and all(type(x) is int for x in span)
                and 0 <= span[0] <= span[1] < n_words
            )
            if not ok:
                raise _error(
                    path,
                    lineno,
                    key,
                    f"mention {span!r} of cluster {c} is outside the document: expected [start, end] "
                    f"with 0 <= start <= end < {n_words} (document-level word offsets, end inclusive)",
                )
            start, end = span
            if sentence_ids[start] != sentence_ids[end]:
                raise _error(path, lineno, key, f"mention {span} of cluster {c} crosses a sentence boundary")
            if (start, end) in seen and seen[(start, end)] != c:
                raise _error(path, lineno, key, f"mention {span} is in clusters {seen[(start, end)]} and {c}")
            seen[(start, end)] = c
            head = end
            if heads_in is not None:
                head = heads_in[c][m]
                if type(head) is not int or not start <= head <= end:
                    raise _error(
                        path,
                        lineno,
                        key,
                        f"head {head!r} of mention {span} of cluster {c} is outside the mention: expected "
                        f"a document-level word offset from {start} to {end}",
                    )
                if spans.get((start, end), head) != head:
                    raise _error(
                        path,
                        lineno,
                        key,
                        f"mention {span} of cluster {c} is given two heads, {spans[(start, end)]} and {head}",
                    )
            spans[(start, end)] = head
        ordered = sorted(spans)
        clusters.append(tuple(ordered))
        heads.append(tuple(spans[s] for s in ordered))

    return Document(
        key,
        words,
        sentence_ids,
        speakers,
        tuple(clusters),
        tuple(heads) if heads_in is not None else None,
        str(path),
        lineno,
    )


def read_documents(path: str | Path, require_clusters: bool = True) -> list[Document]:
    """The documents of a jsonlines file, checked (module rules 1-5).

    Raises:
        MissingInputError: the file cannot be read or holds no document.
        InputFormatError: a line is not JSON or breaks a rule (file, line and doc_key named).
    """
    docs: list[Document] = []
    keys: dict[str, int] = {}
    for lineno, obj in iter_json_lines(path):
        doc = parse_document(obj, path, lineno, require_clusters)
        if doc.doc_key in keys:
            raise _error(path, lineno, doc.doc_key, f"doc_key repeats the one on line {keys[doc.doc_key]}")
        keys[doc.doc_key] = lineno
        docs.append(doc)
    if not docs:
        raise MissingInputError(f"{path}: no document in this file")
    return docs


def mention_head(doc: Document, span: DocSpan) -> int:
    """The head word of a gold mention: the given one (`doc.heads`), else its last word (module docstring).

    Raises:
        KeyError: `doc.heads` is given and `span` is not one of the document's mentions.
    """
    return span[1] if doc.heads is None else doc.mention_heads[span]


LEFT_OUT_REASONS = ("head_shared_same_chain", "head_shared_other_chain")
"""Why `head_targets` leaves a gold mention out: its head word is a shorter (or, as long, earlier) mention's,
of the same chain (the chain still has the word: only this span is not learnt, an apposition "[[Marco], mio
amico]") or of another chain (the model cannot learn this mention at all: a coordination "[[Marco] e Anna]")."""


def head_targets(doc: Document) -> tuple[dict[int, int], dict[int, DocSpan], Counter[str]]:
    """Word-level gold: {head word: cluster index}, {head word: its span}, mentions left out by reason.

    A head claimed by two mentions goes to the shorter (then the earlier) one; the other is counted under
    one of `LEFT_OUT_REASONS`.
    """
    owner: dict[int, tuple[int, int, DocSpan]] = {}  # head -> (length, cluster, span)
    losers: list[tuple[int, int]] = []  # (head, cluster) of each mention left out
    for c, chain in enumerate(doc.clusters):
        for span in chain:
            head = mention_head(doc, span)
            candidate = (span[1] - span[0], c, span)
            if head not in owner:
                owner[head] = candidate
            elif candidate < owner[head]:
                losers.append((head, owner[head][1]))
                owner[head] = candidate
            else:
                losers.append((head, c))
    left_out: Counter[str] = Counter()
    for head, cluster in losers:
        same = owner[head][1] == cluster
        left_out["head_shared_same_chain" if same else "head_shared_other_chain"] += 1
    head_cluster = {h: c for h, (_, c, _) in owner.items()}
    head_span = {h: s for h, (_, _, s) in owner.items()}
    return head_cluster, head_span, left_out


def target_counts(docs: Sequence[Document]) -> dict[str, Any]:
    """The gold mentions of a set of documents and those the word-level targets leave out, by reason
    (`LEFT_OUT_REASONS`, 0 included): for the training log and summary.json."""
    left_out: Counter[str] = Counter()
    for doc in docs:
        left_out.update(head_targets(doc)[2])
    gold = sum(len(chain) for doc in docs for chain in doc.clusters)
    return {"gold_mentions": gold, "left_out": {reason: left_out[reason] for reason in LEFT_OUT_REASONS}}


def windows(n_subwords: int, content: int, overlap: int) -> list[tuple[int, int, int, int]]:
    """Overlapping encoder windows over a document's subwords.

    Windows hold `content` subwords (plus the encoder's special tokens) and
    advance by `content - overlap`; in the overlap of two windows, the first
    half of the shared subwords takes its vector from the earlier window and
    the second half from the later one, so a subword is always read with
    at least overlap/2 subwords of context on each side (except at the document's ends).

    Returns:
        (start, end, own_start, own_end) per window: it encodes subwords
        [start, end) and supplies the vectors of [own_start, own_end).
    """
    stride = content - overlap
    spans: list[tuple[int, int]] = []
    start = 0
    while True:
        end = min(start + content, n_subwords)
        spans.append((start, end))
        if end >= n_subwords:
            break
        start += stride
    out = []
    for i, (start, end) in enumerate(spans):
        own_start = 0 if i == 0 else (start + spans[i - 1][1]) // 2
        own_end = n_subwords if i == len(spans) - 1 else (spans[i + 1][0] + end) // 2
        out.append((start, end, own_start, own_end))
    return out


@dataclass
class Example:
    """The tensors of one document (CPU until `to`); shapes in the comments."""

    doc: Document
    window_ids: torch.Tensor  # [n_windows, window_len] subword ids, padded
    window_mask: torch.Tensor  # [n_windows, window_len] 1 = real token
    subword_index: torch.Tensor  # [n_subwords] position of each subword's vector in the flattened windows
    word_subwords: torch.Tensor  # [n_words, max_subwords] subword indexes of each word (padded with 0)
    word_subword_mask: torch.Tensor  # [n_words, max_subwords] True = real subword
    sentence_ids: torch.Tensor  # [n_words]
    sentence_start: torch.Tensor  # [n_words] first word of each word's sentence
    sentence_end: torch.Tensor  # [n_words] last word of each word's sentence
    speaker_ids: torch.Tensor  # [n_words] speaker index inside the document
    genre_id: torch.Tensor  # [] index into the config's genres, 0 = unknown
    cluster_ids: torch.Tensor  # [n_words] 1 + gold cluster index of head words, 0 elsewhere
    span_heads: torch.Tensor  # [n_spans] head word of each gold mention kept
    span_starts: torch.Tensor  # [n_spans]
    span_ends: torch.Tensor  # [n_spans]

    @property
    def n_words(self) -> int:
        return len(self.doc.words)

    def to(self, device: torch.device | str) -> Example:
        """A copy with every tensor on `device`."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return Example(**{k: v.to(device) if isinstance(v, torch.Tensor) else v for k, v in values.items()})


def special_tokens(tokenizer: Any) -> tuple[list[int], list[int]]:
    """The ids a tokenizer puts before and after a sequence ([CLS] ... [SEP], <s> ... </s>)."""
    bare = tokenizer("a", add_special_tokens=False)["input_ids"]
    full = tokenizer("a", add_special_tokens=True)["input_ids"]
    for i in range(len(full) - len(bare) + 1):
        if full[i : i + len(bare)] == bare:
            return list(full[:i]), list(full[i + len(bare) :])
    first = tokenizer.cls_token_id if tokenizer.cls_token_id is not None else tokenizer.bos_token_id
    last = tokenizer.sep_token_id if tokenizer.sep_token_id is not None else tokenizer.eos_token_id
    return [t for t in [first] if t is not None], [t for t in [last] if t is not None]


def prepare(doc: Document, tokenizer: Any, window_size: int, window_overlap: int, genres: Sequence[str]) -> Example:
    """The one preprocessing of a document, for training and prediction alike (module docstring)."""
    prefix, suffix = special_tokens(tokenizer)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    unk_id = tokenizer.unk_token_id if tokenizer.unk_token_id is not None else pad_id
    per_word = tokenizer(list(doc.words), add_special_tokens=False)["input_ids"]
    per_word = [ids if ids else [unk_id] for ids in per_word]
    subwords = [i for ids in per_word for i in ids]
    n_sub = len(subwords)

    content = window_size - len(prefix) - len(suffix)
    spans = windows(n_sub, content, window_overlap)
    width = len(prefix) + max(end - start for start, end, _, _ in spans) + len(suffix)
    window_ids = torch.full((len(spans), width), pad_id, dtype=torch.long)  # [n_windows, window_len]
    window_mask = torch.zeros((len(spans), width), dtype=torch.long)  # [n_windows, window_len]
    subword_index = torch.empty(n_sub, dtype=torch.long)  # [n_subwords]
    for w, (start, end, own_start, own_end) in enumerate(spans):
        ids = prefix + subwords[start:end] + suffix
        window_ids[w, : len(ids)] = torch.tensor(ids)
        window_mask[w, : len(ids)] = 1
        subword_index[own_start:own_end] = w * width + len(prefix) + torch.arange(own_start - start, own_end - start)

    max_sub = max(len(ids) for ids in per_word)
    word_subwords = torch.zeros((len(per_word), max_sub), dtype=torch.long)  # [n_words, max_subwords]
    word_subword_mask = torch.zeros((len(per_word), max_sub), dtype=torch.bool)
    offset = 0
    for w, ids in enumerate(per_word):
        word_subwords[w, : len(ids)] = torch.arange(offset, offset + len(ids))
        word_subword_mask[w, : len(ids)] = True
        offset += len(ids)

    sentence_ids = torch.tensor(doc.sentence_ids, dtype=torch.long)  # [n_words]
    n_sentences = int(sentence_ids[-1]) + 1
    counts = torch.bincount(sentence_ids, minlength=n_sentences)
    ends = torch.cumsum(counts, 0) - 1  # [n_sentences] last word of each sentence
    starts = ends - counts + 1
    speaker_index: dict[str, int] = {}
    speaker_ids = torch.tensor([speaker_index.setdefault(s, len(speaker_index)) for s in doc.speakers])
    genre_id = torch.tensor(list(genres).index(doc.genre) + 1 if doc.genre in genres else 0)

    head_cluster, head_span, _ = head_targets(doc)
    cluster_ids = torch.zeros(len(doc.words), dtype=torch.long)  # [n_words]
    for head, c in head_cluster.items():
        cluster_ids[head] = c + 1
    ordered = sorted(head_span.items())
    return Example(
        doc=doc,
        window_ids=window_ids,
        window_mask=window_mask,
        subword_index=subword_index,
        word_subwords=word_subwords,
        word_subword_mask=word_subword_mask,
        sentence_ids=sentence_ids,
        sentence_start=starts[sentence_ids],
        sentence_end=ends[sentence_ids],
        speaker_ids=speaker_ids,
        genre_id=genre_id,
        cluster_ids=cluster_ids,
        span_heads=torch.tensor([h for h, _ in ordered], dtype=torch.long),
        span_starts=torch.tensor([s for _, (s, _) in ordered], dtype=torch.long),
        span_ends=torch.tensor([e for _, (_, e) in ordered], dtype=torch.long),
    )
