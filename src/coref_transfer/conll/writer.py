"""Writer for CoNLL-2012 files: the inverse of `coref_transfer.conll.reader`.

Columns are aligned per sentence with spaces, as in the OntoNotes release.
Coreference pieces of one token are written closings first (innermost first),
then one-token mentions, then openings (outermost first), so the reader's
stack rebuilds the same spans.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from coref_transfer.io import atomic_write_text
from coref_transfer.model import Mention, Part, Utterance
from coref_transfer.tree import Tree

EMPTY = "-"
"""What a column holds where there is nothing to say (the OntoNotes convention)."""

_SPACE_RE = re.compile(r"\s+")


def cell(value: str, joiner: str = "_") -> str:
    """A value made safe for a whitespace-separated column: inner whitespace becomes `joiner`, nothing `EMPTY`."""
    return _SPACE_RE.sub(joiner, value.strip()) or EMPTY


def words_only_utterance(
    doc_id: str,
    part: int,
    index: int,
    tokens: Sequence[str],
    speakers: Sequence[str],
    mentions: Sequence[Mention],
    pos: Sequence[str] | None = None,
    lemmas: Sequence[str] | None = None,
) -> Utterance:
    """A sentence for a CoNLL-2012 file that has no tree, senses or named entities (every such column `EMPTY`).

    What the dataset export and the model's predictions write: words,
    speakers and coreference, and POS and lemmas where there are any. The
    values must already be safe for a column (`cell`).
    """
    n = len(tokens)
    return Utterance(
        doc_id=doc_id,
        part=part,
        index=index,
        tokens=list(tokens),
        pos=list(pos) if pos is not None else [EMPTY] * n,
        parse_bits=[EMPTY] * n,
        lemmas=list(lemmas) if lemmas is not None else [EMPTY] * n,
        framesets=[EMPTY] * n,
        senses=[EMPTY] * n,
        speakers=list(speakers),
        entities=[],
        mentions=list(mentions),
    )


def parse_bits(tree: Tree, length: int) -> list[str]:
    """The CoNLL parse bit of each token of a tree (preterminals become `*`)."""
    opens = [""] * length
    closes = [""] * length
    for node in tree.subtrees():
        if node.is_preterminal:
            continue
        opens[node.start] += f"({node.label}"
        closes[node.end] += ")"
    return [o + "*" + c for o, c in zip(opens, closes)]


def entity_column(utt: Utterance) -> list[str]:
    cells = ["*"] * len(utt.tokens)
    for ent in utt.entities:
        if ent.span.start == ent.span.end:
            cells[ent.span.start] = f"({ent.label})"
        else:
            cells[ent.span.start] = f"({ent.label}*"
            cells[ent.span.end] = "*)"
    return cells


def coref_column(utt: Utterance) -> list[str]:
    n = len(utt.tokens)
    closing: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    single: list[list[int]] = [[] for _ in range(n)]
    opening: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for m in utt.mentions:
        s, e = m.span.start, m.span.end
        if s == e:
            single[s].append(m.cluster_id)
        else:
            opening[s].append((e, m.cluster_id))
            closing[e].append((s, m.cluster_id))
    cells = []
    for i in range(n):
        pieces = [f"{c})" for _, c in sorted(closing[i], key=lambda x: (-x[0], x[1]))]
        pieces += [f"({c})" for c in sorted(single[i])]
        pieces += [f"({c}" for _, c in sorted(opening[i], key=lambda x: (-x[0], x[1]))]
        cells.append("|".join(pieces) if pieces else EMPTY)
    return cells


def format_part(part: Part) -> str:
    """One part as CoNLL-2012 text, from its header to `#end document`."""
    out = [f"#begin document ({part.doc_id}); part {part.part:03d}"]
    for utt in part.utterances:
        columns = [
            [part.doc_id] * len(utt.tokens),
            [str(part.part)] * len(utt.tokens),
            [str(i) for i in range(len(utt.tokens))],
            utt.tokens,
            utt.pos,
            utt.parse_bits,
            utt.lemmas,
            utt.framesets,
            utt.senses,
            utt.speakers,
            entity_column(utt),
            *utt.arguments,
            coref_column(utt),
        ]
        widths = [max(len(cell) for cell in col) for col in columns]
        for i in range(len(utt.tokens)):
            cells = [
                col[i].ljust(w) if k < len(columns) - 1 else col[i] for k, (col, w) in enumerate(zip(columns, widths))
            ]
            out.append("   ".join(cells))
        out.append("")
    out.append("#end document")
    return "\n".join(out) + "\n"


def write_conll(path: str | Path, parts: Iterable[Part]) -> None:
    """Write parts to one file, atomically."""
    atomic_write_text(path, "".join(format_part(p) for p in parts))
