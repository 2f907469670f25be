"""Writer of English CoNLL-2012 `Part`s as CorefUD CoNLL-U (the embedded sample as CorefUD input).

The sample (`resources/sample`) is authored as PTB trees with coreference
and named entities; this writes the same documents in the format
`corefud.reader` reads, so that the two inputs can be compared (issue 17,
item 5). The file is built with udapi (`Document`, `create_coref_entity`,
`create_mention`, its CoNLL-U writer), as the CorefUD export is, and passes
`udvalidate --lang en --level 2 --coref`. Rules:

1. One CorefUD document per part: `# newdoc id = ` `model.doc_key(doc_id,
   part)` (`nw/ledger/00/ledger_0002_0`), which `corefud.reader` reads back
   as the same document and part; `# global.Entity = eid-etype-head-other`.
2. One tree per utterance: `# sent_id = ` the key with `/` as `-` and
   `-sN` (udapi reads `/` as a zone separator), `# text = ` the FORMs
   spaced as the English detokenizer spaces the tokens
   (`lang.en.detokenize`; the FORMs stay the PTB tokens, so `` and '' stay
   as they are), `# speaker = ` the utterance's speaker.
3. Words: FORM the token, LEMMA the CoNLL-2012 lemma (`_` when it has
   none), UPOS from the PTB tag (`lang.en.dependencies.upos`), XPOS the PTB
   tag, HEAD and DEPREL from the gold tree (`lang.en.dependencies.convert`),
   `SpaceAfter=No` where the text has no space.
4. Each chain is an entity `<KEY>e<C>` (KEY the document key of rule 1 with
   `/` as `_`, C the CoNLL-2012 chain id: unique across files, as udapi and
   the validator, which reads a split's files as one corpus, require); its
   `etype` is the CorefUD type (`entity_types.NAMED_ENTITY_ETYPES`, the table
   select uses) of the named-entity label of the first of its mentions whose
   root lies in a named entity the mention holds whole, else none. A mention's `head` is its root in the converted tree
   (`model.span_root`). A mention repeated with the same chain and span is
   written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from udapi.core.document import Document

from coref_transfer.conll.reader import read_conll
from coref_transfer.entity_types import NAMED_ENTITY_ETYPES
from coref_transfer.io import atomic_write_text
from coref_transfer.lang.en.dependencies import convert, upos
from coref_transfer.lang.en.detokenize import detokenize
from coref_transfer.model import Part, Utterance, doc_key, span_root

GLOBAL_ENTITY = "eid-etype-head-other"


def space_flags(tokens: Sequence[str], pos: Sequence[str]) -> list[bool]:
    """Whether each token is followed by a space in the detokenized text (rule 2); the last is False.

    The detokenizer may write a token differently (`` as a curly quote) or drop
    PTB's repeated final period; each token is matched by the length of its own
    detokenized form, and a token the text does not hold keeps a space.
    """
    text = detokenize(tokens, pos)
    flags = [True] * len(tokens)
    at = 0
    for i, (token, tag) in enumerate(zip(tokens, pos)):
        while at < len(text) and text[at].isspace():
            at += 1
        if i > 0:
            flags[i - 1] = at == 0 or text[at - 1].isspace()
        at += len(detokenize([token], [tag]))
    if tokens:
        flags[-1] = False
    return flags


def _etypes(part: Part) -> dict[int, str]:
    out: dict[int, str] = {}
    for utt in part.utterances:
        tree = utt.tree()
        if tree is None:
            continue
        heads, _ = convert(tree, utt.tokens, utt.pos)
        for m in utt.mentions:
            root = span_root(heads, m.span.start, m.span.end)
            label = next(
                (
                    e.label
                    for e in utt.entities
                    if root is not None and e.span.start <= root <= e.span.end and m.span.contains(e.span)
                ),
                None,
            )
            if m.cluster_id not in out and label in NAMED_ENTITY_ETYPES:
                out[m.cluster_id] = NAMED_ENTITY_ETYPES[label]
    return out


def _tree(doc: Document, part: Part, utt: Utterance, first: bool) -> tuple[list[Any], list[int]]:
    tree = utt.tree()
    if tree is None:
        raise ValueError(f"{part.path}: document {part.doc_id} sentence {utt.index} has no tree to convert")
    heads, rels = convert(tree, utt.tokens, utt.pos)
    root = doc.create_bundle().create_tree()
    key = doc_key(part.doc_id, part.part)
    root.sent_id = f"{key.replace('/', '-')}-s{utt.index}"
    if first:
        root.newdoc = key
    root.comment = f" speaker = {utt.speaker}\n"
    nodes = [
        root.create_child(
            form=form, lemma=lemma if lemma not in ("-", "") else "_", upos=upos(tag, rel), xpos=tag, deprel=rel
        )
        for form, lemma, tag, rel in zip(utt.tokens, utt.lemmas, utt.pos, rels)
    ]
    for node, head in zip(nodes, heads):
        if head >= 0:
            node.parent = nodes[head]
    flags = space_flags(utt.tokens, utt.pos)
    for node, spaced in zip(nodes[:-1], flags):
        if not spaced:
            node.misc["SpaceAfter"] = "No"
    root.text = "".join(t + (" " if s else "") for t, s in zip(utt.tokens, flags)).strip()
    return nodes, heads


def build(parts: Sequence[Part]) -> Document:
    """A udapi document holding the parts of one file (rules 1-4)."""
    doc = Document()
    doc.meta["global.Entity"] = GLOBAL_ENTITY
    for part in parts:
        etypes = _etypes(part)
        entities: dict[int, Any] = {}
        for i, utt in enumerate(part.utterances):
            nodes, heads = _tree(doc, part, utt, first=i == 0)
            seen: set[tuple[int, int, int]] = set()
            for m in utt.mentions:
                key = (m.cluster_id, m.span.start, m.span.end)
                if key in seen:
                    continue
                seen.add(key)
                entity = entities.get(m.cluster_id)
                if entity is None:
                    entity = doc.create_coref_entity(
                        eid=f"{doc_key(part.doc_id, part.part).replace('/', '_')}e{m.cluster_id}",
                        etype=etypes.get(m.cluster_id),
                    )
                    entities[m.cluster_id] = entity
                head = span_root(heads, m.span.start, m.span.end)
                assert head is not None  # a tree has no cycle
                entity.create_mention(head=nodes[head], words=nodes[m.span.start : m.span.end + 1])
    return doc


def render(parts: Sequence[Part]) -> str:
    """The CoNLL-U text of one file's parts, as udapi's writer prints it."""
    return build(parts).to_conllu_string()


def write(path: str | Path, parts: Sequence[Part]) -> None:
    """Write one file's parts as CorefUD, atomically."""
    atomic_write_text(path, render(parts))


def write_tree(source: str | Path, out: str | Path) -> list[Path]:
    """Write every `*.gold_conll` file under `source` as `*.conllu` under `out`, at the same relative path.

    Every file is read and converted before anything is written, so a bad file
    (an `InputFormatError` naming it and its line) leaves `out` as it was.
    Returns the files written, sorted.
    """
    source, out = Path(source), Path(out)
    texts = {
        out / path.relative_to(source).with_suffix(".conllu"): render(read_conll(path))
        for path in sorted(source.rglob("*.gold_conll"))
    }
    for target, text in texts.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text)
    return list(texts)
