"""What every export shares: δ utterances checked, grouped into splits and document parts.

Span convention: the δ one (`coref_transfer.model.Span`): 0-based token
offsets inside the utterance, `end` inclusive. Formats with other
conventions (document-level offsets, 1-based word ids) convert in their own
module.

A δ row is one utterance of the `delta` table, a
`coref_transfer.records.RefinedUtterance`. `group_rows` checks the rows
(rules below), then sorts them into splits and document parts:

1. The split is the partition name's first '-'-separated field (`train-nw-ledger`
   is in `train`; `coref_transfer.splits`).
2. Parts are sorted by document id, then part number; utterances by sentence
   number. A (document, part, sentence) appears once.
3. An utterance has at least one token, and `lemmas`, `upos`, `xpos`,
   `feats`, `heads`, `deprels` have one item per token.
4. Heads are -1 (root) or a token index of the same utterance.
5. Mentions satisfy 0 <= start <= end < number of tokens.

Which δ mentions the exports write is decided here, once, so the four
formats hold the same mentions (`exported_mentions`, `unique_mentions`,
`zero_mentions`): one chain per span (`duplicate_span`, counted in the
manifest), and a chain's repeats on one span written once by the span formats.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coref_transfer.errors import InputFormatError
from coref_transfer.lang.it.clitics import OBJECT_CLITICS
from coref_transfer.lang.it.reflexives import REFLEXIVE_PHRASES
from coref_transfer.model import Span, doc_key, span_root
from coref_transfer.records import RefinedMention, RefinedUtterance, read_records
from coref_transfer.splits import SPLITS, require_split

TOKEN_COLUMNS = ("lemmas", "upos", "xpos", "feats", "heads", "deprels")
"""δ columns with one item per token."""
DROP_REASONS = ("duplicate_span",)
"""Why the exports leave a δ mention out, counted per split in the manifest (`dropped_mentions`):
`duplicate_span`, a second chain's mention on a span that already holds one (`exported_mentions`)."""
_PRONOUN_PHRASES = frozenset((word,) for word in OBJECT_CLITICS) | REFLEXIVE_PHRASES
"""The Italian personal pronouns refine turns into clitics (the tonic objects, "sé stesso"), lower case."""


@dataclass(frozen=True)
class DocumentPart:
    """The δ utterances of one document part (the unit of chain ids), in sentence order."""

    doc_id: str
    part: int
    rows: tuple[RefinedUtterance, ...]

    @property
    def key(self) -> str:
        return doc_key(self.doc_id, self.part)


def load_delta(path: str | Path) -> list[RefinedUtterance]:
    """The rows of a `delta.parquet` (schema and version checked by `schema.read_table`)."""
    return read_records(path, "delta")


def pronoun_mention(row: RefinedUtterance, mention: RefinedMention) -> bool:
    """Whether a δ mention is a pronoun's: its English mention is a pronoun (`role`), it is a deleted
    subject pronoun's (`zero`), or its Italian before refine is a pronoun refine turns into a clitic (the
    translator's "lui" for an English noun phrase, whose mention has no role).

    Refine moves a mention onto another token only when it deletes the pronoun the mention lay on: a
    subject it drops (onto the verb) or a tonic object or "sé stesso" it makes a clitic (onto the clitic,
    or onto the verb the clitic attaches to: "vendere esso" → "venderlo"). So a pronoun's mention that
    shares its token with another chain's is the one refine moved there, and on a verb+clitic token it is
    the clitic's (`ud_words` rule 4), while the verb's own mention (an event) is the verb's.
    """
    span = mention.span_before
    before = tuple(token.lower() for token in row.tokens_before[span.start : span.end + 1])
    return mention.role is not None or mention.zero is not None or before in _PRONOUN_PHRASES


def exported_mentions(row: RefinedUtterance) -> tuple[list[RefinedMention], int]:
    """The row's δ mentions every export writes, in δ order, and how many (chain, span)s it left out.

    A span holds the mentions of one chain only (the `duplicate_span` reason): CorefUD forbids two entity
    mentions on one span (udvalidate --coref, `same-span-entity-mentions`), the jsonlines reader of
    `train.data` rejects a span in two chains (a word-level model links one chain through a span's head),
    and the CoNLL-2012 and JSON files hold the same mentions so that scores and corrections compare
    across the formats. Which chain keeps the span, in this order (then the lowest chain id, for
    determinism alone):

    1. a chain whose mention there is not a deleted subject's (`zero`): refine moved the zero onto its
       verb, which already was the other mention ("Lei firmò" → "[Firmò]": the signing keeps the token);
    2. a chain whose mention is not a pronoun's (`pronoun_mention`): refine moves only pronouns'
       mentions, so the other was on the span first ("vendere esso" → "[venderlo]": the sale keeps the
       token, the object's mention goes).

    Comparing a mention's span with its `span_before` cannot tell which was there first: `span_before`
    counts translate's tokens, shifted by every token refine deleted or inserted before it ("Lei firmò"
    → "Firmò": the moved zero is at 0 before and after). A chain may be left with one mention, or none in
    the row: it is written as it is (the exports keep single-mention chains). A row with no shared span
    gives its mentions unchanged.
    """

    def rank(m: RefinedMention) -> tuple[bool, bool, int]:
        return m.zero is not None, pronoun_mention(row, m), m.cluster_id

    keeper: dict[Span, RefinedMention] = {}
    for m in row.mentions:
        if m.span not in keeper or rank(m) < rank(keeper[m.span]):
            keeper[m.span] = m
    kept = [m for m in row.mentions if m.cluster_id == keeper[m.span].cluster_id]
    left_out = {(m.cluster_id, m.span) for m in row.mentions} - {(m.cluster_id, m.span) for m in kept}
    return kept, len(left_out)


def unique_mentions(row: RefinedUtterance, zeros: bool = True) -> tuple[list[RefinedMention], int]:
    """The row's exported mentions (`exported_mentions`), each (chain, span) once, sorted by chain then span,
    and how many repeats were merged.

    Refinement can move two mentions of one chain onto the same token (for
    example two deleted subject pronouns both re-anchored on one verb). A
    span format cannot tell the copies apart and scorers reject repeated
    mentions, so the span formats write such a mention once, the first copy
    in δ order (it gives the classes); the JSON export keeps both (their
    `span_before`s differ). `zeros=False` leaves out the mentions of deleted
    subject pronouns (`zero_mentions`), for a format that writes them apart:
    the first copy is then chosen among the others.
    """
    mentions = [m for m in exported_mentions(row)[0] if zeros or m.zero is None]
    first: dict[tuple[int, Span], RefinedMention] = {}
    for m in mentions:
        first.setdefault((m.cluster_id, m.span), m)
    return [first[key] for key in sorted(first)], len(mentions) - len(first)


def head_token(row: RefinedUtterance, span: Span) -> int:
    """The token index of a mention's syntactic head in δ's parse: the span's root
    (`model.span_root`, the first token whose head lies outside it), or its first token when the
    parse gives none (a cycle). CorefUD's HEAD attribute and the jsonlines `heads` both come from here."""
    root = span_root(row.heads, span.start, span.end)
    return span.start if root is None else root


def zero_mentions(row: RefinedUtterance) -> list[RefinedMention]:
    """The mentions of deleted subject pronouns (`RefinedMention.zero`), each (chain, verb) once, sorted.

    Each lies on the verbal token that carries the subject's person; two
    deleted pronouns of one chain on one verb are one zero (the first is kept).
    Only exported mentions (`exported_mentions`): a zero on a verb that holds another chain's mention is left
    out, as in the formats that write it on the verb.
    """
    seen: dict[tuple[int, int], RefinedMention] = {}
    for m in exported_mentions(row)[0]:
        if m.zero is not None:
            seen.setdefault((m.cluster_id, m.span.start), m)
    return [seen[key] for key in sorted(seen, key=lambda k: (k[1], k[0]))]


def _where(row: RefinedUtterance) -> str:
    return f"document {row.doc_id} part {row.part} sentence {row.sentence}"


def check_row(row: RefinedUtterance, source: str = "<rows>") -> None:
    """Rules 3-5 for one row.

    Raises:
        InputFormatError: naming the utterance and the broken rule.
    """
    n = len(row.tokens)
    if n == 0:
        raise InputFormatError(source, None, f"{_where(row)}: an utterance with no tokens cannot be exported")
    for column in TOKEN_COLUMNS:
        values = getattr(row, column)
        if len(values) != n:
            raise InputFormatError(source, None, f"{_where(row)}: '{column}' has {len(values)} items for {n} tokens")
    for i, head in enumerate(row.heads):
        if not -1 <= head < n:
            raise InputFormatError(
                source, None, f"{_where(row)}: token {i} has head {head}, expected -1 (root) or 0..{n - 1}"
            )
    for m in row.mentions:
        if not 0 <= m.span.start <= m.span.end < n:
            raise InputFormatError(
                source,
                None,
                f"{_where(row)}: mention of chain {m.cluster_id} at ({m.span.start}, {m.span.end})"
                f" is outside the utterance's {n} tokens",
            )


def group_rows(rows: Iterable[RefinedUtterance], source: str = "<rows>") -> dict[str, list[DocumentPart]]:
    """Check the rows and group them: split -> document parts (rules 1-5).

    Only splits with at least one row are keys, in `SPLITS` order.

    Raises:
        InputFormatError: a row breaks one of the module's rules.
    """
    by_part: dict[str, dict[tuple[str, int], list[RefinedUtterance]]] = defaultdict(lambda: defaultdict(list))
    seen: dict[tuple[str, int, int], str] = {}
    for row in rows:
        split = require_split(row.partition, source)
        check_row(row, source)
        key = (row.doc_id, row.part, row.sentence)
        if key in seen:
            raise InputFormatError(
                source, None, f"{_where(row)} appears twice (partitions {seen[key]} and {row.partition})"
            )
        seen[key] = row.partition
        by_part[split][(row.doc_id, row.part)].append(row)
    out: dict[str, list[DocumentPart]] = {}
    for split in SPLITS:
        if split in by_part:
            out[split] = [
                DocumentPart(doc_id, part, tuple(sorted(rows_, key=lambda r: r.sentence)))
                for (doc_id, part), rows_ in sorted(by_part[split].items())
            ]
    return out


def count(parts: Sequence[DocumentPart]) -> dict[str, Any]:
    """Counts of one split: documents, parts, utterances, tokens, mentions (as the span formats write them),
    zero mentions (of deleted subject pronouns, among the mentions), chains, merged repeats, and the δ
    mentions left out by reason (`dropped_mentions`, every reason of `DROP_REASONS`, 0 included)."""
    totals: Counter[str] = Counter()
    for part in parts:
        chains = set()
        for row in part.rows:
            mentions, repeats = unique_mentions(row)
            totals["utterances"] += 1
            totals["tokens"] += len(row.tokens)
            totals["mentions"] += len(mentions)
            totals["repeated_mentions_merged"] += repeats
            totals["duplicate_span"] += exported_mentions(row)[1]
            totals["zero_mentions"] += len(zero_mentions(row))
            chains.update(m.cluster_id for m in mentions)
        totals["chains"] += len(chains)
    totals["parts"] = len(parts)
    totals["documents"] = len({p.doc_id for p in parts})
    keys = (
        "documents",
        "parts",
        "utterances",
        "tokens",
        "mentions",
        "zero_mentions",
        "chains",
        "repeated_mentions_merged",
    )
    return {**{k: totals[k] for k in keys}, "dropped_mentions": {reason: totals[reason] for reason in DROP_REASONS}}


def space_after(tokens: Sequence[str], text: str) -> list[bool] | None:
    """Whether each token is followed by whitespace in `text`, or None if the tokens do not spell `text`.

    The tokens must appear in `text` in order, separated only by whitespace.
    The last token's value says whether `text` has trailing whitespace.
    """
    flags: list[bool] = []
    pos = 0
    for token in tokens:
        start = pos
        while start < len(text) and text[start].isspace():
            start += 1
        if not text.startswith(token, start):
            return None
        if flags:
            flags[-1] = start > pos
        elif start > 0:
            return None
        pos = start + len(token)
        flags.append(False)
    if text[pos:].strip():
        return None
    if flags:
        flags[-1] = pos < len(text)
    return flags
