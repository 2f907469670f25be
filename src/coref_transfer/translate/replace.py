"""Replacement: every kept mention gives way to a placeholder of its class.

Four kinds of mention are treated differently (method.md's hard cases):
- `plain`: the mention's tokens become the placeholder ("Lora Owens" →
  "Gabriella");
- `possessor`: a mention that ends in the clitic `'s` ("Maria 's") keeps it
  after the placeholder ("Gabriella's car" → "l'auto di Gabriella"), and only
  the name is translated and put back;
- `possessive`: a possessive pronoun (his/her/its/their) becomes
  "placeholder's", so the model builds the "di X" phrase that resolution
  turns back into an Italian possessive adjective after the article.
- `in_place`: a mention inside a larger name or compound ("the [United
  States] Air Force"; select decides, `select.stand_in`) keeps its words and
  gets no placeholder; resolution finds its translation in the output.
Two mentions with the same text get two different placeholders, so the
resolution is never ambiguous. A placeholder before a contracted verb gets
the verb in full, decided from the English tags (`lang.en.contractions`):
"Gino and Marco are", not "Marco're"; "Lamberto is what Ciro was", not
"Lamberto's what…", which a translator reads as a possessive.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from coref_transfer.class_values import Class
from coref_transfer.lang.en.contractions import full_form
from coref_transfer.lang.en.detokenize import detokenize
from coref_transfer.lang.en.tags import PROPER_TAGS
from coref_transfer.model import Span
from coref_transfer.records import SelectedUtterance
from coref_transfer.translate.placeholders.inventory import Inventory, Placeholder

POSSESSIVE_CLITICS = frozenset(("'s", "'", "’s", "’"))
"""The possessive clitic as PTB tokens, with straight and typographic apostrophes."""


@dataclass(frozen=True)
class Slot:
    """A kept mention of an utterance, as γ sees it."""

    index: int
    """Position of the mention in the utterance's mention list."""
    span: Span
    """The mention's English tokens."""
    cls: Class
    kind: str
    """`plain`, `possessor`, `possessive` or `in_place` (see the module docstring)."""
    text: str
    """English text to translate for the mention (without a final clitic)."""
    in_place: str | None = None
    """Why an `in_place` mention keeps its words (select's `in_place`; `reflexive`/`emphatic`: a -self, `translate.self_forms`)."""


def make_slots(utterance: SelectedUtterance) -> list[Slot]:
    """The slots of an utterance's mentions (select kept them all, each with its class)."""
    tokens, pos = utterance.tokens, utterance.pos
    slots = []
    for i, m in enumerate(utterance.mentions):
        start, end = m.span.start, m.span.end
        cls = (m.cls.type, m.cls.gender, m.cls.number)  # type: ignore[union-attr]
        if m.in_place:
            kind, last = "in_place", end
        elif start == end and pos[start] == "PRP$":
            kind, last = "possessive", end
        elif end > start and pos[end] == "POS" and tokens[end] in POSSESSIVE_CLITICS:
            kind, last = "possessor", end - 1
        else:
            kind, last = "plain", end
        words = list(tokens[start : last + 1])
        if start == 0 and pos[0] not in PROPER_TAGS and words[0][:1].isupper() and words[0] != "I":
            words[0] = words[0][0].lower() + words[0][1:]  # capitalised only because it opened the sentence
        slots.append(Slot(i, m.span, cls, kind, detokenize(words, pos[start : last + 1]), m.in_place))
    return slots


def utterance_rng(seed: int, doc_id: str, part: int, sentence: int, attempt: int) -> random.Random:
    """A generator seeded by the utterance and attempt alone, so that draws do
    not depend on partitioning, order or which other utterances failed."""
    return random.Random(f"{seed}|{doc_id}|{part}|{sentence}|{attempt}")


def replace(
    tokens: Sequence[str],
    pos: Sequence[str],
    slots: Sequence[Slot],
    inventory: Inventory,
    rng: random.Random,
    exclude: set[str],
) -> tuple[str, list[Placeholder | None]]:
    """The English text with every slot replaced, and the placeholder of each slot (None: kept as words).

    Args:
        tokens, pos: the utterance's PTB tokens and tags.
        exclude: placeholder tokens not to draw (already used in an earlier
            attempt); tokens of the utterance itself are always excluded.
    """
    taken = set(exclude) | set(tokens)
    chosen: list[Placeholder | None] = []
    for slot in slots:
        if slot.kind == "in_place":
            chosen.append(None)
            continue
        placeholder = inventory.draw(slot.cls, rng, taken)
        taken.update(placeholder.tokens)
        chosen.append(placeholder)
    by_start = {slot.span.start: (slot, ph) for slot, ph in zip(slots, chosen) if ph is not None}
    out: list[str] = []
    out_pos: list[str] = []
    i = 0
    while i < len(tokens):
        if i in by_start:
            slot, ph = by_start[i]
            words = ph.source.split()
            out.extend(words)
            out_pos.extend("CC" if w == "and" else "NNP" for w in words)
            if slot.kind in ("possessor", "possessive"):
                out.append("'s")
                out_pos.append("POS")
            i = slot.span.end + 1
            verb = full_form(tokens, pos, i) if i < len(tokens) and slot.kind == "plain" else None
            if verb is not None:  # "Lamberto's what…" reads as a possessive: "Lamberto is what…"
                out.append(verb)
                out_pos.append(pos[i])
                i += 1
        else:
            out.append(tokens[i])
            out_pos.append(pos[i])
            i += 1
    return detokenize(out, out_pos), chosen
