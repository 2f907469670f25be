"""CorefUD export: CoNLL-U with coreference in MISC (CorefUD 1.x), built, written and read with udapi.

The file is made by udapi itself (`Document`, trees, `create_coref_entity`,
`create_mention`, its CoNLL-U writer), so udapi and the CorefUD tools read it.
Rules (`SCHEMA_VERSION` versions them; CoNLL-U has no header for it):

1. One CorefUD document per δ document part (chain ids are per part):
   `# newdoc id = DOC_ID_PART` (as `bc/cctv/00/cctv_0001_0`, the jsonlines
   `doc_key`), followed by `# global.Entity = eid-etype-head-other`, the
   udapi default and the CorefUD 1.1 form (no infstat, minspan, identity:
   we have none).
2. One tree per δ utterance: `# sent_id = DOC-ID-PART-sN` (the document key
   with `/` turned into `-`, since udapi reads `/` in a sent_id as a zone
   separator; N is the δ sentence number), `# text = ` the refined text,
   `# speaker = ` the speaker.
3. Words: FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL from δ (δ heads are
   0-based with -1 for the root; CoNLL-U's are 1-based with 0). A lemma may
   hold a space (`di il`, the lemma of the contraction `della`: δ keeps such
   words whole, not as multiword tokens), which CoNLL-U allows. MISC has
   `SpaceAfter=No` where `text` has no space after the word (when the tokens
   spell `text`; otherwise no SpaceAfter and udapi's text).
4. Coreference, in the bracket notation udapi writes: `Entity=(EID-ETYPE-HEAD-OTHER`
   on a mention's first word, `EID)` on its last, `(EID-...)` for one word.
   EID is `d<K>e<C>`: K numbers the document parts of the file from 1 and C
   is the δ chain id (udapi keys entities by EID across the whole file, so
   the part must be in it). ETYPE is the chain's `type` class when all its
   mentions agree (else none); HEAD is the 1-based position, in the mention,
   of its syntactic head (the first word whose head lies outside the
   mention); OTHER holds the mention's `gender` and `number` classes
   (`gender:fem,number:sing`).
5. A mention repeated with the same chain and span in one utterance is
   written once (see `rows.unique_mentions`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from udapi.core.coref import CorefEntity
from udapi.core.document import Document

from coref_transfer.errors import InputFormatError
from coref_transfer.export.rows import DocumentPart, space_after, unique_mentions
from coref_transfer.io import atomic_write_text
from coref_transfer.model import parse_doc_key, span_root
from coref_transfer.records import RefinedUtterance

SCHEMA_VERSION = "1"
EXTENSION = "conllu"
GLOBAL_ENTITY = "eid-etype-head-other"
OTHER_CLASSES = ("gender", "number")

_EID_RE = re.compile(r"^d(\d+)e(\d+)$")
_SENT_RE = re.compile(r"-s(\d+)$")
_SPEAKER_RE = re.compile(r"^ speaker = (.*)$")
_VALUE_RE = re.compile(r"^[A-Za-z0-9_.]+$")
"""Class values must not hold the separators of the bracket notation (`-`, `,`, `:`, `(`, `)`, `|`)."""


def eid(index: int, cluster_id: int) -> str:
    """Rule 4: the entity id of chain `cluster_id` in the file's `index`-th part (1-based)."""
    return f"d{index}e{cluster_id}"


def sent_id(part: DocumentPart, sentence: int) -> str:
    """Rule 2: `bc/cctv/00/cctv_0001` part 0 sentence 3 -> `bc-cctv-00-cctv_0001_0-s3`."""
    return f"{part.key.replace('/', '-')}-s{sentence}"


def _class_value(row: RefinedUtterance, value: str, what: str) -> str:
    if not _VALUE_RE.match(value):
        raise InputFormatError(
            "<delta rows>",
            None,
            f"document {row.doc_id} part {row.part} sentence {row.sentence}: {what} {value!r} cannot go"
            " in a CorefUD Entity annotation (letters, digits, '_' and '.' only)",
        )
    return value


def _etypes(part: DocumentPart) -> dict[int, str | None]:
    """Rule 4: each chain's type when all its mentions agree."""
    seen: dict[int, set[str | None]] = {}
    for row in part.rows:
        for m in row.mentions:
            seen.setdefault(m.cluster_id, set()).add(m.cls.type)
    out: dict[int, str | None] = {}
    for cluster, types in seen.items():
        value = next(iter(types)) if len(types) == 1 else None
        out[cluster] = value
    return out


def build(parts: Sequence[DocumentPart]) -> Document:
    """A udapi document holding one split (rules 1-5)."""
    doc = Document()
    doc.meta["global.Entity"] = GLOBAL_ENTITY
    for index, part in enumerate(parts, start=1):
        etypes = _etypes(part)
        entities: dict[int, CorefEntity] = {}
        for i, row in enumerate(part.rows):
            root = doc.create_bundle().create_tree()
            root.sent_id = sent_id(part, row.sentence)
            if i == 0:
                root.newdoc = part.key
            root.comment = f" speaker = {row.speaker}\n"
            nodes = [
                root.create_child(form=form, lemma=lemma, upos=upos, xpos=xpos, feats=feats, deprel=deprel)
                for form, lemma, upos, xpos, feats, deprel in zip(
                    row.tokens, row.lemmas, row.upos, row.xpos, row.feats, row.deprels
                )
            ]
            for node, head in zip(nodes, row.heads):
                if head >= 0:
                    node.parent = nodes[head]
            flags = space_after(row.tokens, row.text)
            if flags is not None:
                for node, spaced in zip(nodes[:-1], flags):
                    if not spaced:
                        node.misc["SpaceAfter"] = "No"
                root.text = row.text
            # the first copy of a repeated mention gives the classes (the span formats write it once)
            classes = {(m.cluster_id, m.span): m.cls for m in reversed(row.mentions)}
            mentions, _ = unique_mentions(row)
            for m in mentions:
                entity = entities.get(m.cluster_id)
                if entity is None:
                    etype = etypes[m.cluster_id]
                    etype = _class_value(row, etype, "type") if etype else None
                    entity = entities[m.cluster_id] = doc.create_coref_entity(eid=eid(index, m.cluster_id), etype=etype)
                start, end = m.span.start, m.span.end
                head = span_root(row.heads, start, end)
                mention = entity.create_mention(head=nodes[start if head is None else head], words=nodes[start : end + 1])
                source = classes[(m.cluster_id, m.span)]
                for name in OTHER_CLASSES:
                    value = getattr(source, name)
                    if value:
                        mention.other[name] = _class_value(row, value, name)
    return doc


def render(parts: Sequence[DocumentPart]) -> str:
    """The text of one split's CoNLL-U file, as udapi's writer prints it."""
    return build(parts).to_conllu_string()


def write(path: str | Path, parts: Sequence[DocumentPart]) -> None:
    """Write one split's CoNLL-U file atomically."""
    atomic_write_text(path, render(parts))


def read(path: str | Path) -> list[dict[str, Any]]:
    """Read a CorefUD export back with udapi: one δ-like dict per tree.

    Each dict has `doc_id`, `part`, `sentence`, `speaker`, `text`, `tokens`,
    `lemmas`, `upos`, `xpos`, `feats`, `heads` (0-based, -1 root), `deprels`
    and `mentions` (`cluster_id`, `start`, `end`: 0-based, end inclusive,
    sorted).

    Raises:
        InputFormatError: udapi cannot read the file, or it breaks rules 1-4.
    """
    doc = Document()
    try:
        doc.load_conllu(str(path))
        entities = doc.coref_entities
    except (ValueError, KeyError) as exc:
        raise InputFormatError(path, None, f"udapi cannot read it as CorefUD CoNLL-U ({exc})") from exc
    by_tree: dict[int, list[tuple[int, int, int]]] = {}
    for entity in entities:
        match = _EID_RE.match(entity.eid)
        if match is None:
            raise InputFormatError(path, None, f"entity id {entity.eid!r} is not of the form d<K>e<C>")
        for mention in entity.mentions:
            ords = [w.ord for w in mention.words]
            if ords != list(range(ords[0], ords[-1] + 1)):
                raise InputFormatError(path, None, f"mention {mention.span} of {entity.eid} is discontinuous")
            root = mention.words[0].root
            by_tree.setdefault(id(root), []).append((int(match.group(2)), ords[0] - 1, ords[-1] - 1))
    rows: list[dict[str, Any]] = []
    key: str | None = None
    for tree in doc.trees:
        if tree.newdoc:
            key = tree.newdoc if isinstance(tree.newdoc, str) else None
        sent = _SENT_RE.search(tree.sent_id or "")
        if key is None or sent is None:
            raise InputFormatError(
                path,
                None,
                f"tree {tree.sent_id!r}: expected a '# newdoc id = DOC_PART' before it and a sent_id ending '-sN'",
            )
        try:
            doc_id, part = parse_doc_key(key)
        except ValueError as exc:
            raise InputFormatError(path, None, str(exc)) from exc
        speakers = [m.group(1) for line in tree.comment.splitlines() if (m := _SPEAKER_RE.match(line))]
        nodes = tree.descendants
        rows.append(
            {
                "doc_id": doc_id,
                "part": part,
                "sentence": int(sent.group(1)),
                "speaker": speakers[0] if speakers else "-",
                "text": tree.text,
                "tokens": [n.form for n in nodes],
                "lemmas": [n.lemma for n in nodes],
                "upos": [n.upos for n in nodes],
                "xpos": [n.xpos for n in nodes],
                "feats": [str(n.feats) or "_" for n in nodes],
                "heads": [n.parent.ord - 1 for n in nodes],
                "deprels": [n.deprel for n in nodes],
                "mentions": [{"cluster_id": c, "start": s, "end": e} for c, s, e in sorted(by_tree.get(id(tree), []))],
            }
        )
    return rows
