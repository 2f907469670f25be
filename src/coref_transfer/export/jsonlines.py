"""Jsonlines export: the word-level format coreference trainers read (e2e-coref style), and its reader.

One JSON object per line, one line per δ document part:

    {"doc_key": "bc/cctv/00/cctv_0001_0", "sentences": [["Anna", "è", "qui", "."], ...],
     "speakers": [["Host", "Host", "Host", "Host"], ...], "clusters": [[[0, 0], [7, 8]], ...],
     "heads": [[0, 8], ...], "sentence_ids": [0, 2, ...], "schema_version": "2"}

1. `doc_key` is the δ document id, `_`, the part number: the OntoNotes
   `genre/source/NN/source_NNNN` id, so the e2e-coref convention holds
   (the genre is the key's first two characters).
2. `sentences`: the refined Italian tokens, one list per δ utterance, in
   sentence order; `speakers`: the utterance's speaker repeated per token.
3. `clusters`: one list per chain of the part, each mention `[start, end]`
   with DOCUMENT-LEVEL word offsets (counting across `sentences`), 0-based,
   end inclusive. Mentions are sorted within a chain and chains by their
   first mention; chain ids are not kept (the format has none). Mentions
   may nest ("[la madre di [Marco]]"). A mention repeated with the same
   chain and span is written once (`rows.unique_mentions`), and a span is
   in one chain (`rows.exported_mentions`), as `train.data` requires;
   single-mention chains are kept as they are.
4. `heads`: parallel to `clusters` (`heads[i][j]` belongs to mention
   `clusters[i][j]`), the DOCUMENT-LEVEL word index of the mention's
   syntactic head in δ's dependency parse (`rows.head_token`: the span's
   root, the first word whose head lies outside the span). Word-level
   trainers (wl-coref style) link these words; without them they take the
   last word, wrong for Italian noun phrases with post-modifiers ("la
   direttrice dell'agenzia regionale": direttrice, not regionale).
5. Beyond e2e-coref (trainers ignore unknown keys): `sentence_ids`, the δ
   sentence number of each sentence (sentences dropped upstream are absent),
   and `schema_version`.
6. Keys sorted, UTF-8, `\\n` after every line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coref_transfer.errors import InputFormatError
from coref_transfer.export.rows import DocumentPart, head_token, unique_mentions
from coref_transfer.io import atomic_write_text, iter_json_lines
from coref_transfer.model import parse_doc_key

SCHEMA_VERSION = "2"
EXTENSION = "jsonlines"
KEYS = frozenset({"doc_key", "sentences", "speakers", "clusters", "heads", "sentence_ids", "schema_version"})


def record(part: DocumentPart) -> dict[str, Any]:
    """One document part as a jsonlines object (rules 1-5)."""
    chains: dict[int, list[tuple[list[int], int]]] = {}
    offset = 0
    for row in part.rows:
        mentions, _ = unique_mentions(row)
        for m in mentions:
            span = [offset + m.span.start, offset + m.span.end]
            chains.setdefault(m.cluster_id, []).append((span, offset + head_token(row, m.span)))
        offset += len(row.tokens)
    ordered = sorted(sorted(chain) for chain in chains.values())
    return {
        "doc_key": part.key,
        "sentences": [list(row.tokens) for row in part.rows],
        "speakers": [[row.speaker] * len(row.tokens) for row in part.rows],
        "clusters": [[span for span, _ in chain] for chain in ordered],
        "heads": [[head for _, head in chain] for chain in ordered],
        "sentence_ids": [row.sentence for row in part.rows],
        "schema_version": SCHEMA_VERSION,
    }


def render(parts: Sequence[DocumentPart]) -> str:
    """The text of one split's jsonlines file (rule 6)."""
    return "".join(json.dumps(record(p), sort_keys=True, ensure_ascii=False) + "\n" for p in parts)


def write(path: str | Path, parts: Sequence[DocumentPart]) -> None:
    """Write one split's jsonlines file atomically."""
    atomic_write_text(path, render(parts))


def _check(obj: Any, path: str | Path, lineno: int) -> dict[str, Any]:
    """Rules 1-5 on one decoded line."""
    if not isinstance(obj, dict) or set(obj) != KEYS:
        found = sorted(obj) if isinstance(obj, dict) else type(obj).__name__
        raise InputFormatError(path, lineno, f"keys {found}, expected {sorted(KEYS)}")
    if obj["schema_version"] != SCHEMA_VERSION:
        raise InputFormatError(
            path, lineno, f"schema_version {obj['schema_version']!r}, this reader reads {SCHEMA_VERSION!r}"
        )
    try:
        parse_doc_key(obj["doc_key"])
    except ValueError as exc:
        raise InputFormatError(path, lineno, str(exc)) from exc
    sentences, speakers = obj["sentences"], obj["speakers"]
    if [len(s) for s in sentences] != [len(s) for s in speakers] or len(obj["sentence_ids"]) != len(sentences):
        raise InputFormatError(path, lineno, "'sentences', 'speakers' and 'sentence_ids' do not line up")
    words = sum(len(s) for s in sentences)
    for chain in obj["clusters"]:
        for span in chain:
            if not (len(span) == 2 and 0 <= span[0] <= span[1] < words):
                raise InputFormatError(path, lineno, f"mention {span} is not [start, end] inside the {words} words")
    heads = obj["heads"]
    if not isinstance(heads, list) or [len(h) if isinstance(h, list) else -1 for h in heads] != [
        len(chain) for chain in obj["clusters"]
    ]:
        raise InputFormatError(path, lineno, "'heads' does not have the shape of 'clusters' (one head per mention)")
    for chain, chain_heads in zip(obj["clusters"], heads):
        for span, head in zip(chain, chain_heads):
            if not (type(head) is int and span[0] <= head <= span[1]):
                raise InputFormatError(path, lineno, f"head {head!r} of mention {span} lies outside the mention")
    return obj


def read(path: str | Path) -> list[dict[str, Any]]:
    """The objects of a jsonlines export, one per document part, checked.

    Raises:
        InputFormatError: a line is not JSON or breaks rules 1-5 (the line is named).
    """
    return [_check(obj, path, lineno) for lineno, obj in iter_json_lines(path)]


def mention_words(obj: dict[str, Any]) -> list[list[list[str]]]:
    """The words of every mention of every chain (document offsets resolved): for checks and inspection."""
    words = [w for sentence in obj["sentences"] for w in sentence]
    return [[words[s : e + 1] for s, e in chain] for chain in obj["clusters"]]
