"""Authoring CoNLL-2012 documents as annotated trees (`*.trees` files).

The embedded sample corpus and many test fixtures are written by hand; writing
CoNLL columns by hand is error-prone, so they are written as one bracketed PTB
tree per sentence with annotations on node labels, and converted here. The
format is specified in `docs/sample-authoring.md`:

1. `# ...` comments and blank lines are ignored.
2. `%part N` starts part N; parts are numbered 0, 1, 2, ... and part 0 must be
   declared before the first sentence.
3. `@speaker NAME` sets column 10 for the following sentences of the part
   (each part starts with `-`).
4. Any other line is one sentence: a PTB tree rooted in `(TOP ...)`.
5. A node label may be followed by `=NETYPE` and then by `#N` chain ids:
   `(NP=PERSON#1#4 ...)`. The node's tokens form the named entity / mentions.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from coref_transfer.conll.writer import format_part, parse_bits
from coref_transfer.entity_types import NAMED_ENTITY_ETYPES
from coref_transfer.errors import InputFormatError
from coref_transfer.io import atomic_write_text
from coref_transfer.model import Mention, NamedEntity, Part, Span, Utterance
from coref_transfer.splits import SPLITS
from coref_transfer.tree import Tree

NE_TYPES = frozenset(NAMED_ENTITY_ETYPES)
"""The 18 OntoNotes named-entity labels a node may carry (rule 5): the keys of the one table of them."""
_LABEL_RE = re.compile(r"^(#|[^=#]+)(?:=([A-Z_]+))?((?:#\d+)*)$")
_NAME_RE = re.compile(r"^([a-z]{2})_([a-z0-9]+)_(\d{4})\.trees$")


def document_id(path: Path) -> str:
    """`nw_ledger_0003.trees` -> `nw/ledger/00/ledger_0003`."""
    match = _NAME_RE.match(path.name)
    if match is None:
        raise InputFormatError(
            path, None, "file name must be '{genre}_{source}_{NNNN}.trees', e.g. nw_ledger_0003.trees"
        )
    genre, source, number = match.groups()
    return f"{genre}/{source}/00/{source}_{number}"


def parse_trees_file(path: str | Path, doc_id: str | None = None) -> list[Part]:
    """Convert one `*.trees` document into parts (see the module rules).

    Raises:
        InputFormatError: naming the line and the problem.
    """
    path = Path(path)
    doc_id = doc_id or document_id(path)
    parts: list[Part] = []
    speaker = "-"
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("# ") or line == "#":
            continue
        if line.startswith("%part"):
            fields = line.split()
            if len(fields) != 2 or not fields[1].isdigit() or int(fields[1]) != len(parts):
                raise InputFormatError(path, lineno, f"expected '%part {len(parts)}', found {line!r}")
            parts.append(Part(doc_id, len(parts), [], str(path), lineno))
            speaker = "-"
            continue
        if line.startswith("@speaker"):
            fields = line.split()
            if len(fields) != 2:
                raise InputFormatError(path, lineno, f"expected '@speaker NAME' (no spaces in NAME), found {line!r}")
            speaker = fields[1]
            continue
        if not parts:
            raise InputFormatError(path, lineno, "a sentence before '%part 0'")
        try:
            utt = sentence_from_tree(line, doc_id, parts[-1].part, len(parts[-1].utterances), speaker)
        except ValueError as exc:
            raise InputFormatError(path, lineno, str(exc)) from exc
        utt.path, utt.line = str(path), lineno
        parts[-1].utterances.append(utt)
    if not parts:
        raise InputFormatError(path, None, "no '%part 0' in the file")
    for part in parts:
        if not part.utterances:
            raise InputFormatError(path, part.line, f"part {part.part} has no sentences")
    return parts


def sentence_from_tree(text: str, doc_id: str, part: int, index: int, speaker: str = "-") -> Utterance:
    """One annotated tree line -> an Utterance with entities and mentions.

    Raises:
        ValueError: a malformed tree or annotation.
    """
    tree = Tree.from_string(text)
    if tree.label != "TOP":
        raise ValueError(f"the tree must be rooted in (TOP ...), not ({tree.label} ...)")
    entities: list[NamedEntity] = []
    mentions: list[Mention] = []
    for node in tree.subtrees():
        match = _LABEL_RE.match(node.label)
        if match is None:
            raise ValueError(f"malformed label {node.label!r} (expected LABEL, LABEL=NETYPE, LABEL#N, LABEL=NETYPE#N)")
        label, ne, chains = match.groups()
        span = Span(node.start, node.end)
        if ne:
            if ne not in NE_TYPES:
                raise ValueError(f"unknown named-entity type {ne!r}; valid: {' '.join(sorted(NE_TYPES))}")
            entities.append(NamedEntity(ne, span))
        for chain in chains.split("#")[1:]:
            mention = Mention(int(chain), span)
            if mention in mentions:
                raise ValueError(f"chain {chain} marks the span of {node.label!r} twice (a unary node?)")
            mentions.append(mention)
        node.label = label
    entities.sort(key=lambda e: e.span)
    for a, b in itertools.pairwise(entities):
        if a.span.overlaps(b.span):
            raise ValueError(f"named entities {a.label} and {b.label} overlap (CoNLL-2012 cannot nest them)")
    leaves = tree.preterminals()
    if any(leaf.label == "-NONE-" for leaf in leaves):
        raise ValueError("empty elements (-NONE-) are not allowed")
    n = len(leaves)
    return Utterance(
        doc_id=doc_id,
        part=part,
        index=index,
        tokens=[leaf.word for leaf in leaves],  # type: ignore[misc]
        pos=[leaf.label for leaf in leaves],
        parse_bits=parse_bits(tree, n),
        lemmas=["-"] * n,
        framesets=["-"] * n,
        senses=["-"] * n,
        speakers=[speaker] * n,
        entities=entities,
        mentions=mentions,
    )


def build(source: Path, out: Path) -> list[Path]:
    """Convert `source/{split}/*.trees` into the OntoNotes layout under `out`."""
    written = []
    for split in SPLITS:
        for path in sorted((source / split).glob("*.trees")):
            parts = parse_trees_file(path)
            doc_id = parts[0].doc_id
            target = out / split / "data" / "english" / "annotations" / f"{doc_id}.gold_conll"
            atomic_write_text(target, "".join(format_part(p) for p in parts))
            written.append(target)
    return written
