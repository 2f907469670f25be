"""CorefUD export: CoNLL-U with coreference in MISC (CorefUD 1.x), built, written and read with udapi.

The file is made by udapi itself (`Document`, trees, `create_coref_entity`,
`create_mention`, `create_empty_child`, its CoNLL-U writer), so udapi and the
CorefUD tools read it, and it passes the official validator (`udvalidate
--lang it --level 2 --coref`, package udtools), with no format or
morphology error at level 5 (what is left there is the parse's syntax). Rules (`SCHEMA_VERSION`
versions them; CoNLL-U has no header for it):

1. One CorefUD document per δ document part (chain ids are per part):
   `# newdoc id = DOC_ID_PART` (as `bc/cctv/00/cctv_0001_0`, the jsonlines
   `doc_key`), followed by `# global.Entity = eid-etype-head-other`, the
   udapi default and the CorefUD 1.1 form (no infstat, minspan, identity:
   we have none).
2. One tree per δ utterance: `# sent_id = DOC-ID-PART-sN` (the document key
   with `/` turned into `-`, since udapi reads `/` in a sent_id as a zone
   separator; N is the δ sentence number), `# text = ` the refined text,
   `# speaker = ` the speaker.
3. Words: the syntactic words of `export.ud_words` (UD Italian's own
   analysis of δ's tokens: an articulated preposition or a verb with
   enclitics is a multiword token, `4-5 della` then `di` and `la`; one root
   per tree; the tags and features the Italian validator allows), with
   FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL from δ (δ heads are 0-based
   with -1 for the root; CoNLL-U's are 1-based with 0). An empty lemma or
   XPOS (a word a rule inserted) is `_`; FEATS are sorted as UD requires
   (`parsed.feats_text`). MISC has `SpaceAfter=No` (on the
   multiword token's line for one) where `text` has no space after the
   token (when the tokens spell `text`; otherwise no SpaceAfter and
   udapi's text). The CoNLL-2012 and jsonlines exports keep δ's tokens.
4. Coreference, in the bracket notation udapi writes: `Entity=(EID-ETYPE-HEAD-OTHER`
   on a mention's first word, `EID)` on its last, `(EID-...)` for one word.
   EID is `SPLIT_d<K>e<C>` (`train_d3e12`): the split, K numbering the
   document parts of the file from 1, and C the δ chain id. udapi keys
   entities by EID across a file and the validator across all the files
   it reads at once, so the part and the split are in it. A mention lies
   on the words of its δ tokens (`ud_words` rule 4: from the article of an
   articulated preposition it starts with; a pronoun's one-token mention on
   a verb with clitics, `rows.pronoun_mention`, is the clitic's). ETYPE is
   the chain's CorefUD entity type, select's (`MentionClass.etype`, decided by
   `entity_types.chain_etype`), when all its mentions agree (else none);
   HEAD is the 1-based position, in the mention, of its syntactic head
   (the first word whose head lies outside the mention, in the word tree);
   OTHER holds the mention's `gender` and
   `number` classes (`gender:fem,number:sing`).
5. A mention repeated with the same chain and span in one utterance is
   written once (see `rows.unique_mentions`), and a span holds one chain's
   mention (`rows.exported_mentions`; CorefUD forbids two entity mentions
   on one span). Mentions may nest.
6. Zero mentions (`ZEROS`, the export config's `corefud.zeros`). With
   `empty_node` (the default), the mention of a subject pronoun that refine
   deleted (`RefinedMention.zero`) is a zero mention, as CorefUD writes
   dropped subjects in every pro-drop language it holds: an empty node
   (`5.1`) right after the verbal token that carries the subject's person
   (after its last word when it is a multiword token)
   (the token the δ mention lies on: the finite auxiliary or copula, else
   the verb), with FORM `_`, the deleted pronoun's LEMMA, XPOS and FEATS,
   UPOS `PRON`, and in DEPS its relation (`nsubj`, `nsubj:pass`) to the
   clause's predicate (the verb the auxiliary or copula depends on, else
   the token itself); the verb carries no mention for it. An empty node
   lives only in the enhanced graph, so every word of the file then has
   DEPS: its basic HEAD:DEPREL (UD requires DEPS on every line of a file or
   on none; the enhanced graph is the basic tree plus the zeros). With
   `verb`, the mention stays on the verbal token, as in the CoNLL-2012 and
   jsonlines exports (which cannot hold empty nodes), and DEPS is `_`.
   In both, a zero whose verbal token holds another chain's mention is
   not written (rule 5), though an empty node could hold it: the four
   formats hold the same mentions.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from udapi.core.coref import CorefEntity
from udapi.core.document import Document

from coref_transfer.classes import MentionClass
from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.export.rows import DocumentPart, pronoun_mention, space_after, unique_mentions, zero_mentions
from coref_transfer.export.ud_words import UdSentence, ud_sentence
from coref_transfer.io import atomic_write_text
from coref_transfer.model import parse_doc_key
from coref_transfer.parsed import feats_text, parse_feats
from coref_transfer.records import RefinedMention, RefinedUtterance
from coref_transfer.splits import split_of

SCHEMA_VERSION = "3"
EXTENSION = "conllu"
GLOBAL_ENTITY = "eid-etype-head-other"
OTHER_CLASSES = ("gender", "number")
ZEROS = ("empty_node", "verb")
"""Where a deleted subject pronoun's mention goes (rule 6): a zero mention on an empty node, or the verb."""

_EID_RE = re.compile(r"^([a-z]+)_d(\d+)e(\d+)$")
_SENT_RE = re.compile(r"-s(\d+)$")
_SPEAKER_RE = re.compile(r"^ speaker = (.*)$")
_VALUE_RE = re.compile(r"^[A-Za-z0-9_.]+$")
"""Class values must not hold the separators of the bracket notation (`-`, `,`, `:`, `(`, `)`, `|`)."""


def eid(part: DocumentPart, index: int, cluster_id: int) -> str:
    """Rule 4: the entity id of chain `cluster_id` of `part`, the file's `index`-th part (1-based)."""
    return f"{split_of(part.rows[0].partition)}_d{index}e{cluster_id}"


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
    """Rule 4: each chain's CorefUD entity type (`MentionClass.etype`, one of `entity_types.ETYPES`)
    when all its mentions agree; None when they do not or it has none."""
    seen: dict[int, set[str | None]] = {}
    for row in part.rows:
        for m in row.mentions:
            seen.setdefault(m.cluster_id, set()).add(m.cls.etype)
    return {cluster: next(iter(types)) if len(types) == 1 else None for cluster, types in seen.items()}


@dataclass
class _Entities:
    """The udapi entities of one document part, each made at its first mention (rule 4)."""

    doc: Document
    part: DocumentPart
    index: int
    etypes: dict[int, str | None]
    made: dict[int, CorefEntity] = field(default_factory=dict)

    def mention(self, row: RefinedUtterance, cluster: int, cls: MentionClass, head: Any, words: list[Any]) -> None:
        entity = self.made.get(cluster)
        if entity is None:
            etype = self.etypes[cluster]
            etype = _class_value(row, etype, "type") if etype else None
            entity = self.doc.create_coref_entity(eid=eid(self.part, self.index, cluster), etype=etype)
            self.made[cluster] = entity
        mention = entity.create_mention(head=head, words=words)
        for name in OTHER_CLASSES:
            value = getattr(cls, name)
            if value:
                mention.other[name] = _class_value(row, value, name)


def _tree(doc: Document, part: DocumentPart, row: RefinedUtterance, first: bool, deps: bool,
          sentence: UdSentence) -> list[Any]:  # fmt: skip
    """Rules 2-3 (and 6's DEPS when `deps`): the utterance's tree; returns its word nodes."""
    root = doc.create_bundle().create_tree()
    root.sent_id = sent_id(part, row.sentence)
    if first:
        root.newdoc = part.key
    root.comment = f" speaker = {row.speaker}\n"
    nodes = [
        root.create_child(form=w.form, lemma=w.lemma, upos=w.upos, xpos=w.xpos, feats=feats_text(w.feats),
                          deprel=w.deprel)
        for w in sentence.words
    ]  # fmt: skip
    for node, w in zip(nodes, sentence.words):
        if w.head >= 0:
            node.parent = nodes[w.head]
    if deps:
        for node in nodes:
            node.deps = [{"parent": node.parent, "deprel": node.deprel}]
    flags = space_after(row.tokens, row.text)
    for t, (begin, end) in enumerate(sentence.token_words):
        last = nodes[end]
        if begin != end:
            root.create_multiword_token(words=nodes[begin : end + 1], form=row.tokens[t])
            last = nodes[end].multiword_token
        if flags is not None and t < len(flags) - 1 and not flags[t]:
            last.misc["SpaceAfter"] = "No"
    if flags is not None:
        root.text = row.text
    return nodes


def _zero_node(row: RefinedUtterance, nodes: list[Any], mention: RefinedMention, sentence: UdSentence) -> Any:
    """Rule 6: the empty node of a zero mention, after the verbal token it lies on (after all its words when it
    is a multiword token), nsubj of the predicate."""
    zero = mention.zero
    assert zero is not None
    token = mention.span.start
    _first, last = sentence.token_words[token]
    node = nodes[last].create_empty_child(
        zero.deprel, form="_", lemma=zero.lemma or "_", upos="PRON", xpos=zero.xpos or "_",
        feats=feats_text(parse_feats(zero.feats)),
    )  # fmt: skip
    head = row.heads[token]
    predicate = head if row.deprels[token].split(":")[0] in ("aux", "cop") and head >= 0 else token
    node.deps = [{"parent": nodes[sentence.token_words[predicate][0]], "deprel": zero.deprel}]
    return node


def build(parts: Sequence[DocumentPart], zeros: str = "empty_node") -> Document:
    """A udapi document holding one split (rules 1-6); `zeros` is one of `ZEROS`.

    Raises:
        ConfigError: `zeros` is not one of `ZEROS`.
        InputFormatError: a class value cannot be written in the Entity annotation.
    """
    if zeros not in ZEROS:
        raise ConfigError(f"export.corefud.zeros is {zeros!r}; valid values: {', '.join(ZEROS)}")
    empty_nodes = zeros == "empty_node"
    doc = Document()
    doc.meta["global.Entity"] = GLOBAL_ENTITY
    for index, part in enumerate(parts, start=1):
        entities = _Entities(doc, part, index, _etypes(part))
        for i, row in enumerate(part.rows):
            sentence = ud_sentence(row)
            nodes = _tree(doc, part, row, first=i == 0, deps=empty_nodes, sentence=sentence)
            for m in unique_mentions(row, zeros=not empty_nodes)[0]:  # each the first copy: it gives the classes
                begin, end = sentence.mention_words(
                    m.span.start, m.span.end, m.cls.gender, m.cls.number, pronoun_mention(row, m), m.zero is not None
                )
                head = nodes[sentence.head_word(begin, end)]
                entities.mention(row, m.cluster_id, m.cls, head, nodes[begin : end + 1])
            if empty_nodes:
                for zero in zero_mentions(row):
                    node = _zero_node(row, nodes, zero, sentence)
                    entities.mention(row, zero.cluster_id, zero.cls, node, [node])
    return doc


def render(parts: Sequence[DocumentPart], zeros: str = "empty_node") -> str:
    """The text of one split's CoNLL-U file, as udapi's writer prints it."""
    return build(parts, zeros).to_conllu_string()


def word_counts(parts: Sequence[DocumentPart]) -> Counter[str]:
    """What the word layer (`export.ud_words`) does to a split: multiword tokens, roots attached, tags."""
    counts: Counter[str] = Counter()
    for part in parts:
        for row in part.rows:
            counts.update(ud_sentence(row).counts)
    return counts


def write(path: str | Path, parts: Sequence[DocumentPart], zeros: str = "empty_node") -> None:
    """Write one split's CoNLL-U file atomically."""
    atomic_write_text(path, render(parts, zeros))


def read(path: str | Path) -> list[dict[str, Any]]:
    """Read a CorefUD export back with udapi: one dict per tree, word by word.

    Each dict has `doc_id`, `part`, `sentence`, `speaker`, `text`,
    `tokens` (the written tokens: a multiword token's form, as δ has them),
    `token_words` (each token's first and last word, 0-based), the words'
    `words`, `lemmas`, `upos`, `xpos`, `feats`, `heads` (0-based, -1 root)
    and `deprels`, `mentions` (`cluster_id`, `start`, `end`: words, 0-based,
    end inclusive, sorted) and `zeros`, the zero mentions (rule 6:
    `cluster_id`, `after`, the 0-based word the empty node follows,
    `predicate`, the 0-based word its DEPS names, `deprel`, `lemma`,
    `feats`; sorted).

    Why a second reader of CorefUD besides `corefud.reader.read_corefud`: this one checks our own Italian
    export as udapi, the library that writes it, reads it back, token by token and word by word, with what
    `model.Part` has no place for (multiword tokens, zero mentions on empty nodes with their DEPS, lemma and
    FEATS); `corefud.reader` reads the English input of select into `model.Part`s in one fast pass with its
    own checks, each error naming the file and the line (zero mentions only counted as unplaced).

    Raises:
        InputFormatError: udapi cannot read the file, or it breaks rules 1-4 and 6.
    """
    doc = Document()
    try:
        doc.load_conllu(str(path))
        entities = doc.coref_entities
    except (ValueError, KeyError) as exc:
        raise InputFormatError(path, None, f"udapi cannot read it as CorefUD CoNLL-U ({exc})") from exc
    by_tree: dict[int, list[tuple[int, int, int]]] = {}
    zeros_by_tree: dict[int, list[dict[str, Any]]] = {}
    for entity in entities:
        match = _EID_RE.match(entity.eid)
        if match is None:
            raise InputFormatError(path, None, f"entity id {entity.eid!r} is not of the form SPLIT_d<K>e<C>")
        cluster = int(match.group(3))
        for mention in entity.mentions:
            root = mention.words[0].root
            if any(w.is_empty() for w in mention.words):
                zeros_by_tree.setdefault(id(root), []).append(_zero(path, entity.eid, mention, cluster))
                continue
            ords = [w.ord for w in mention.words]
            if ords != list(range(ords[0], ords[-1] + 1)):
                raise InputFormatError(path, None, f"mention {mention.span} of {entity.eid} is discontinuous")
            by_tree.setdefault(id(root), []).append((cluster, ords[0] - 1, ords[-1] - 1))
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
        tokens, token_words = [], []
        for token in tree.token_descendants:
            words = token.words if hasattr(token, "words") else [token]
            tokens.append(token.form)
            token_words.append((words[0].ord - 1, words[-1].ord - 1))
        rows.append(
            {
                "doc_id": doc_id,
                "part": part,
                "sentence": int(sent.group(1)),
                "speaker": speakers[0] if speakers else "-",
                "text": tree.text,
                "tokens": tokens,
                "token_words": token_words,
                "words": [n.form for n in nodes],
                "lemmas": [n.lemma for n in nodes],
                "upos": [n.upos for n in nodes],
                "xpos": [n.xpos or "" for n in nodes],  # udapi reads XPOS `_` as None; δ's "unknown" is ""
                "feats": [str(n.feats) or "_" for n in nodes],
                "heads": [n.parent.ord - 1 for n in nodes],
                "deprels": [n.deprel for n in nodes],
                "mentions": [{"cluster_id": c, "start": s, "end": e} for c, s, e in sorted(by_tree.get(id(tree), []))],
                "zeros": sorted(zeros_by_tree.get(id(tree), []), key=lambda z: (z["after"], z["cluster_id"])),
            }
        )
    return rows


def _zero(path: str | Path, entity: str, mention: Any, cluster: int) -> dict[str, Any]:
    """Rule 6: a zero mention read back (one empty node, whose DEPS names one predicate)."""
    words = mention.words
    if len(words) != 1 or len(words[0].deps) != 1:
        raise InputFormatError(
            path, None, f"mention {mention.span} of {entity}: a zero mention is one empty node with one DEPS relation"
        )
    node = words[0]
    dep = node.deps[0]
    return {
        "cluster_id": cluster,
        "after": int(node.ord) - 1,
        "predicate": dep["parent"].ord - 1,
        "deprel": dep["deprel"],
        "lemma": node.lemma,
        "feats": str(node.feats) or "_",
    }
