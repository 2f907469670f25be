"""CoNLL-2012 export: the δ document parts as a `*.gold_conll` file per split.

Written with `coref_transfer.conll.writer`, so `coref_transfer.conll.reader`,
the CoNLL reference scorer and the usual coreference tools read it. The
format has no header for a version; `SCHEMA_VERSION` versions these rules:

1. One `#begin document (DOC_ID); part NNN` ... `#end document` block per δ
   document part, sorted by document id and part number. Sentences follow
   the δ sentence numbers; sentences dropped by earlier stages are absent,
   and CoNLL-2012 numbers nothing but words, so the original sentence
   numbers are kept only in the JSON and CorefUD exports.
2. Columns: document id, part, word index, Italian token, UPOS as the POS
   column (the Italian XPOS tags are in the CorefUD export), parse bit `-`,
   lemma, frameset `-`, word sense `-`, speaker, named entity `*`, coreference.
3. Parse bit `-` on every token: there is no constituency parse of the
   Italian (δ's annotation is a dependency parse, in the CorefUD export);
   the reader accepts a sentence whose bits are all `-` as one with no tree.
4. No named entities (`*`): the English ones do not carry over to the
   translation.
5. Columns are whitespace-separated, so a lemma with a space (`di il`, the
   lemma of the contraction `della`) is written with `+` (`di+il`) and a
   speaker's spaces become `_`; an empty lemma or speaker is `-`. A token
   with whitespace, or empty, is an error: tokens must survive a round trip.
6. Coreference: the δ mentions with the δ chain numbers (per part, as in the
   input), brackets as `coref_transfer.conll.writer` orders them (nested
   mentions included). A mention repeated with the same chain and span in
   one utterance is written once (see `rows.unique_mentions`); a span holds
   one chain's mention (`rows.exported_mentions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from coref_transfer.conll.writer import cell, format_part, words_only_utterance, write_conll
from coref_transfer.errors import InputFormatError
from coref_transfer.export.rows import DocumentPart, unique_mentions
from coref_transfer.model import Mention, Part, Utterance
from coref_transfer.records import RefinedUtterance

SCHEMA_VERSION = "1"
EXTENSION = "gold_conll"
"""`train.gold_conll`: matches the `*gold_conll` pattern the reader and OntoNotes tools look for."""


def to_utterance(row: RefinedUtterance, index: int) -> Utterance:
    """One δ row as a CoNLL-2012 sentence (rules 2-6).

    Raises:
        InputFormatError: a token is empty or holds whitespace.
    """
    for i, token in enumerate(row.tokens):
        if not token or cell(token) != token:
            raise InputFormatError(
                "<delta rows>",
                None,
                f"document {row.doc_id} part {row.part} sentence {row.sentence}: token {i} ({token!r})"
                " is empty or holds whitespace, which a CoNLL-2012 column cannot carry",
            )
    mentions = [Mention(m.cluster_id, m.span) for m in unique_mentions(row)[0]]
    return words_only_utterance(
        row.doc_id,
        row.part,
        index,
        row.tokens,
        speakers=[cell(row.speaker)] * len(row.tokens),
        mentions=mentions,
        pos=row.upos,
        lemmas=[cell(lemma, "+") for lemma in row.lemmas],
    )


def to_part(part: DocumentPart) -> Part:
    """One δ document part as a `coref_transfer.model.Part`."""
    return Part(part.doc_id, part.part, [to_utterance(row, i) for i, row in enumerate(part.rows)])


def render(parts: Sequence[DocumentPart]) -> str:
    """The text of one split's CoNLL-2012 file."""
    return "".join(format_part(to_part(p)) for p in parts)


def write(path: str | Path, parts: Sequence[DocumentPart]) -> None:
    """Write one split's CoNLL-2012 file atomically."""
    write_conll(path, [to_part(p) for p in parts])
