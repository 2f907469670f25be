"""Resolution: put each mention's Italian text where its placeholder landed.

The translated utterance is tokenised with spaCy's Italian tokenizer (the
rules ship with spaCy; no model is needed), each placeholder must occur
exactly once on token boundaries, and the edits are applied to the text, so
that the mentions' character ranges are known; the result is tokenised again
and each mention gets its token span (0-based, end inclusive).

Articles and prepositions: names take none, and a town takes "a"; the
Italian put back may need an article, another preposition, or both
(`lang.it.determiners`: "visitò la Cina", "in Francia", "negli Stati
Uniti", "del generale George Washington"), and Italian fuses an article
with a simple preposition before it: "di Gustavo" becomes "del porto", not
"di il porto"; the fused word belongs to the mention's span (it carries the
mention's article), a bare preposition does not ("in [Francia]").

Mentions kept as words (`in_place`, a part of a larger name or compound,
"the [United States] Air Force"): their own translation ("Stati Uniti"),
without a leading article, or else their English words ("Santorum"), must
occur exactly once in the output, case aside, on token boundaries and clear
of the placeholders; the mention takes those tokens as they are. Otherwise
it has no span (γ drops it with `words_not_found`).

A possessive pronoun standing alone ("the credit is hers" → "il merito è di
Giulia") takes "di" with it: "il merito è suo".

Possessive pronouns: the model turns "Gabriella's car" into "l'auto di
Gabriella"; an Italian possessive adjective stands after the article instead
("la sua auto"), so "di Gabriella" is removed and the possessive inserted
after the article of the English possessed noun, agreeing with it, the
article rebuilt ("all'amico di X" → "al suo amico"): `translate.possessive`,
which also says what happens when the head is not found. Without "di X" the
possessive simply takes the placeholder's place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from coref_transfer.lang.en.possessed import Possessed
from coref_transfer.lang.it.articles import FULL_ARTICLES, plain_form
from coref_transfer.lang.it.determiners import Context, Fit, fit, joined
from coref_transfer.lang.it.morphology import possessive, possessor
from coref_transfer.lang.it.pronouns import PERSONAL_BY_CLASS
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.model import Span
from coref_transfer.translate.placeholders.inventory import Placeholder, find_placeholder
from coref_transfer.translate.possessive import NounGender, Placement, di_phrase, place, possessor_end
from coref_transfer.translate.replace import Slot
from coref_transfer.translate.self_forms import SELF_ROLES, find_self_form


@dataclass
class Resolved:
    """An Italian utterance with its mentions placed, or why it failed."""

    text: str = ""
    tokens: list[str] = field(default_factory=list)
    spans: list[Span | None] = field(default_factory=list)
    """Token span of each slot's mention (None: it could not be aligned)."""
    failure: str | None = None
    """`placeholder_missing` or `placeholder_repeated` (the attempt failed)."""
    possessives: list[Placement] = field(default_factory=list)
    """How each possessive pronoun was put back (`translate.possessive`)."""
    unplaced: dict[int, str] = field(default_factory=dict)
    """Why a slot has no span, when resolution knows better than the slot's kind (a -self, `translate.self_forms`)."""
    articles: Counter = field(default_factory=Counter)
    """What `lang.it.determiners.fit` did to the articles and prepositions, by action."""


@dataclass
class _Edit:
    start: int
    end: int
    text: str
    slot: int | None  # the slot whose mention `text` is, if any
    prefix: int = 0  # characters of `text` before the mention (a preposition that is not the mention's)


def survival(translation: str, placeholders: Sequence[Placeholder | None]) -> tuple[str | None, list[tuple[str, int]]]:
    """Check that every placeholder occurs exactly once (None: a mention kept as words); returns (failure, tokens)."""
    tokens = tokens_with_offsets(translation)
    words = [t for t, _ in tokens]
    for ph in placeholders:
        if ph is None:
            continue
        found = find_placeholder(words, ph)
        if not found:
            return "placeholder_missing", tokens
        if len(found) > 1:
            return "placeholder_repeated", tokens
    return None, tokens


def resolve(
    translation: str,
    slots: Sequence[Slot],
    placeholders: Sequence[Placeholder | None],
    italian: Sequence[str],
    possessed: Sequence[Possessed | None] | None = None,
    gender_of: NounGender | None = None,
    contexts: Sequence[Context | None] | None = None,
) -> Resolved:
    """Replace each placeholder by its mention's Italian text; find the mentions kept as words.

    Args:
        translation: the model's output for the replaced utterance.
        slots, placeholders: the mentions and their placeholders, in order
            (None for a mention kept as words).
        italian: the Italian text of each slot's mention.
        possessed: the English possessed noun of each possessive slot
            (`translate.possessive.possessed_nouns`; None: not known).
        gender_of: the gender of a noun after an elided article (parser, noun lexicon).
        contexts: what `lang.it.determiners.fit` knows of each slot's mention
            (None: a text alone with no other evidence).
    """
    failure, tokens = survival(translation, placeholders)
    if failure:
        return Resolved(failure=failure)
    words = [t for t, _ in tokens]
    edits: list[_Edit] = []
    placements: list[Placement] = []
    articles: Counter = Counter()
    in_place: list[int] = []
    for k, (slot, ph, text) in enumerate(zip(slots, placeholders, italian)):
        if ph is None:
            in_place.append(k)
            continue
        first = find_placeholder(words, ph)[0]
        last = _last(words, first, ph)
        start, end = tokens[first][1], tokens[last][1] + len(tokens[last][0])
        opener = di_phrase(words, first) if slot.kind == "possessive" else None
        if opener is not None:
            closer = possessor_end(words, last)  # "i libri di Gino stesso": "own" goes with "di X"
            end = tokens[closer][1] + len(tokens[closer][0])
            tonic = PERSONAL_BY_CLASS.get(slot.cls)
            placement = place(tokens, opener, end, text, possessed[k] if possessed else None, gender_of, tonic)
            placements.append(placement)
            edits.extend(_Edit(s, e, t, k if mine else None) for s, e, t, mine in placement.edits)
            continue
        if slot.kind == "possessive":
            placements.append(Placement([], "no_di_phrase"))
        if slot.text.lower() in ("hers", "theirs") and first > 0 and words[first - 1].lower() == "di":
            edits.append(_Edit(tokens[first - 1][1], end, text, k))  # "è di Giulia" → "è suo", not "è di suo"
            continue
        context = (contexts[k] if contexts else None) or Context("alone")
        before = words[first - 1] if first > 0 else None
        fitted = fit(
            before,
            text,
            context,
            words[last + 1] if last + 1 < len(words) else None,
            words[first - 2] if first > 1 else None,
        )
        if fitted.action:
            articles[fitted.action] += 1
        edits.append(_placed(tokens, first, start, end, before, fitted, k))
    unplaced: dict[int, str] = {}
    for k in in_place:
        if slots[k].in_place in SELF_ROLES:  # a -self: found by its Italian forms
            found, why = find_self_form(tokens, slots[k].in_place, slots[k].text, [(e.start, e.end) for e in edits])
            if why:
                unplaced[k] = why
        elif slots[k].in_place == "coordinated_possessive":  # "Padalecki e il suo partner": any form of it
            found = _find_words(tokens, _possessive_forms(italian[k]), edits)
        else:
            found = _find_words(tokens, (italian[k], slots[k].text), edits)
        if found is not None:
            edits.append(_Edit(found[0], found[1], translation[found[0] : found[1]], k))
    resolved = _apply(translation, edits, len(slots))
    resolved.possessives = placements
    resolved.unplaced = unplaced
    resolved.articles = articles
    return resolved


def _placed(
    tokens: Sequence[tuple[str, int]], first: int, start: int, end: int, before: str | None, fitted: Fit, slot: int
) -> _Edit:
    """The edit that puts the fitted mention where the placeholder was (`lang.it.determiners.joined`)."""
    text, prefix, replaces_before = joined(before, fitted)
    if not replaces_before:
        return _Edit(start, end, text, slot)
    return _Edit(tokens[first - fitted.words_before][1], end, text, slot, prefix=prefix)


def _find_words(
    tokens: Sequence[tuple[str, int]], texts: Sequence[str], edits: Sequence[_Edit]
) -> tuple[int, int] | None:
    """The characters of the one occurrence of the first text found (case aside), clear of the edits."""
    words = [w.lower() for w, _ in tokens]
    for text in texts:
        for candidate in _without_article(text):
            parts = [w.lower() for w, _ in tokens_with_offsets(candidate)]
            if not parts:
                continue
            hits = []
            for i in range(len(words) - len(parts) + 1):
                if words[i : i + len(parts)] == parts:
                    last = i + len(parts) - 1
                    hits.append((tokens[i][1], tokens[last][1] + len(tokens[last][0])))
            hits = [h for h in hits if not any(h[0] < e.end and e.start < h[1] for e in edits)]
            if len(hits) == 1:
                return hits[0]
            if hits:
                return None  # ambiguous: never guess between two places
    return None


def _possessive_forms(text: str) -> list[str]:
    """The four forms of the possessive in `text` (its last word: "suo", "il suo"), "loro" alone; [] if none."""
    words = text.split()
    owner = possessor(words[-1]) if words else None
    if owner is None:
        return []
    return sorted({possessive(*owner, gender, number) for gender in ("Masc", "Fem") for number in ("Sing", "Plur")})


def _without_article(text: str) -> list[str]:
    """The text, then the text without a leading article ("gli Stati Uniti" → "Stati Uniti")."""
    text = text.strip()
    lower = text.lower()
    if lower.startswith(("l'", "l’", "un'", "un’")):
        apostrophe = 1 if lower[1] in "'’" else 2
        return [text, text[apostrophe + 1 :].lstrip()]
    article, _, rest = text.partition(" ")
    if rest and plain_form(article) in FULL_ARTICLES:
        return [text, rest]
    return [text]


def _last(words: Sequence[str], first: int, ph: Placeholder) -> int:
    """Index of the placeholder's last token, given where it starts."""
    for target in sorted(ph.targets, key=lambda t: -len(t.split())):
        parts = target.split()
        if list(words[first : first + len(parts)]) == parts:
            return first + len(parts) - 1
    return first


#: What may stand before the first word of a sentence.
_OPENERS = " \"'«“‘([—–-"


def _apply(text: str, edits: list[_Edit], n_slots: int) -> Resolved:
    """Apply non-overlapping edits left to right, tracking the mentions' characters."""
    edits.sort(key=lambda e: (e.start, e.end))
    out: list[str] = []
    ranges: dict[int, tuple[int, int]] = {}
    cursor = 0
    length = 0
    for edit in edits:
        out.append(text[cursor : edit.start])
        length += edit.start - cursor
        piece = edit.text
        if edit.slot is not None:
            mention = piece[edit.prefix :]
            lead = edit.prefix + len(mention) - len(mention.lstrip())
            core = mention.strip()
            ranges[edit.slot] = (length + lead, length + lead + len(core))
        out.append(piece)
        length += len(piece)
        cursor = edit.end
    out.append(text[cursor:])
    final = "".join(out)
    for slot, (s, e) in list(ranges.items()):
        # The sentence starts here, or after opening quotes or brackets only ('"Essa cambierà…').
        if not final[:s].strip(_OPENERS) and final[s : s + 1].islower():
            final = final[:s] + final[s].upper() + final[s + 1 :]
    tokens = tokens_with_offsets(final)
    starts = {offset: i for i, (_, offset) in enumerate(tokens)}
    ends = {offset + len(word): i for i, (word, offset) in enumerate(tokens)}
    spans: list[Span | None] = []
    for slot in range(n_slots):
        s, e = ranges.get(slot, (-1, -1))  # a mention kept as words and not found has no range
        spans.append(Span(starts[s], ends[e]) if s in starts and e in ends else None)
    return Resolved(text=final, tokens=[w for w, _ in tokens], spans=spans)
