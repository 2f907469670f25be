"""The marked sentence: each mention translated in its sentence, its Italian read between tags.

A mention translated alone loses its sense ("the plant", a factory, comes
back as "la pianta") and its determiner ("Voters" stays "Elettori" where
the sentence says "Gli elettori vedono…"). So the translator is given the
English utterance once more, untouched but for a pair of tags around each
mention, and each mention's Italian is read between its tags:

    <a>The plant</a> closed after <b>Voters</b> complained.
    <a>Lo stabilimento</a> ha chiuso dopo che <b>gli elettori</b> si sono lamentati.

The format is LabelPigeon's (Thennal, Biemann and Hatzel, ACL 2026: an
NLLB-200 fine-tuned to keep XML tags while it translates): one letter per
mention, in the order of the English (`<a>`…`</a>`, `<b>`…`</b>`, at most
26), so that the tag, not the order or the words, says which mention is
which (Italian moves noun phrases: "Daniel's book" is "il libro di
Daniel"). EasyProject's square brackets carry no identity and need each
mention translated alone as well to be told apart; alignment
(TransMuCoRes, awesome-align) needs no markers but loses about a quarter
of the mentions and all the function words at a mention's edges
(`docs/translate.md`, "Mentions in their sentence", says more).

Reading the Italian of one mention (`read`):

1. Its tags must be there once each, the opening one first, and hold words
   and no other tag (a mention holds no other mention: select keeps the
   leaves of the nesting forest). Otherwise the mention falls back to its
   text translated alone, with the reason counted:

   | reason | what |
   |---|---|
   | `tag_missing` | neither tag |
   | `tag_unpaired` | one tag only, or the closing one first |
   | `tag_repeated` | a tag twice |
   | `tag_nested` | another mention's tag inside |
   | `tag_empty` | nothing but spaces or punctuation between the tags |
   | `tag_no_word` | only articles and prepositions between the tags (a tag moved off its noun: `<a>la</a> pianta`) |
   | `tag_too_long` | more than 3 words per English word, plus 3 (a tag moved past its phrase) |
   | `tag_moved` | an English proper noun of the mention is written in the Italian outside the tags, not inside |
   | `tag_adjective` | a name in English (its root a proper noun) read as one lower-case word without an article: an adjective ("aree metropolitane <b>statunitensi</b>" for "US metro areas") cannot stand where a name stood |
   | `tag_verb_with_clitic` | one word, an infinitive or a gerund with the clitic attached, for an English pronoun ("di <a>vederlo</a>" for "to see this"): the verb cannot stand where a name stood ("di vedere vederlo") |
   | `too_many_mentions` | the 27th mention of an utterance and after: no letter left |
   | `no_sentence` | the marked sentence was not translated (its utterance has no mention to mark) |

2. The article or preposition next to the tags goes with the mention, as
   Italian fuses them: before `<a>`, an articulated preposition lends its
   article ("della <a>Germania</a>" → "la Germania", preposition "di"), an
   article is the mention's own ("la <a>pianta</a>" → "la pianta"); inside,
   a leading preposition is taken off ("<a>nella regione</a>" → "la
   regione", preposition "in"; "<b>verso est</b>" → "est", preposition
   "verso", so that resolution never stacks two: "fino a verso est"). The preposition is kept as evidence for
   resolution (`lang.it.determiners`: "in Cina", not the "a" a town
   takes).
3. A mention that opens the Italian sentence loses the capital the sentence
   gave it when the English mention had none ("<a>Gli studenti</a>
   protestarono" → "gli studenti"); resolution capitalises whatever opens
   the final sentence.

Unknown letters in the output (a tag no mention has) are counted
(`unknown_tags`) and ignored. The plain Italian (tags removed) is not used:
the placeholder sentence still carries the agreement (the paper's method),
this one only supplies each mention's words.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from coref_transfer.lang.en.detokenize import detokenize_with_offsets
from coref_transfer.lang.it.articles import (
    OTHER_PREPOSITIONS,
    SIMPLE_PREPOSITIONS,
    article_kind,
    plain_form,
    simple_preposition,
    split_articulated,
)
from coref_transfer.lang.it.clitics import has_enclitic
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.stats import TAG_REASONS

LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""One tag name per mention, in the order of the English (LabelPigeon's limit: 26)."""
# fmt: off
FALLBACK_REASONS = (
    "tag_missing", "tag_unpaired", "tag_repeated", "tag_nested", "tag_empty", "tag_no_word", "tag_too_long",
    "tag_moved", "tag_adjective", "tag_verb_with_clitic", "too_many_mentions", "no_sentence",
)
# fmt: on
"""Why a mention's Italian came from its text alone rather than its sentence (the table above)."""
MAX_WORDS_PER_WORD, MAX_EXTRA_WORDS = 3, 3
"""A tag may hold at most 3 Italian words per English word, plus 3."""

_TAG = re.compile(r"<\s*(/?)\s*([a-zA-Z])\s*>")
_SPACES = re.compile(r"\s+")
_PUNCTUATION = re.compile(r"^[\W_]+$")


@dataclass(frozen=True)
class MarkedSource:
    """The English utterance with its mentions tagged, and which slot each letter stands for."""

    text: str
    slots: tuple[int, ...]
    """The slot index (`translate.replace.Slot.index`) of letter a, b, c, …"""
    untagged: tuple[int, ...] = ()
    """Slots that wanted a tag and got none (`too_many_mentions`)."""


@dataclass(frozen=True)
class Reading:
    """What the marked translation says of one mention."""

    text: str | None
    """The mention's Italian, its article included; None: fall back to the text alone."""
    reason: str
    """`sentence`, or why it fell back (`FALLBACK_REASONS`)."""
    preposition: str | None = None
    """The simple preposition before the mention in the marked translation ("in" for "nella <a>…"), if any."""
    fused: bool = False
    """The article of `text` came fused with `preposition` ("nella <a>regione</a>" → "la regione")."""


def mark(tokens: Sequence[str], pos: Sequence[str], spans: Mapping[int, tuple[int, int]]) -> MarkedSource | None:
    """The English text with a tag pair around each span (start, end inclusive token indexes) of `spans`.

    Spans may nest (the joint method tags every mention: "<a>the mother of <b>John</b></a>"), as
    LabelPigeon's own coreference data does (it renames OntoNotes' nested COREF tags to letters in
    document order and keeps the nesting); they never cross. Letters follow the pre-order of the
    nesting: by first token, the longer span first, so an outer mention's letter comes before its
    inner ones'. At one character, closing tags come before opening ones, an inner tag closes before
    its outer one and an outer tag opens before its inner one.

    Args:
        tokens, pos: the utterance's PTB tokens and tags.
        spans: slot index → the tokens of the mention to tag; spans nest or are disjoint.
    Returns:
        None when there is nothing to tag.
    """
    if not spans:
        return None
    text, offsets = detokenize_with_offsets(tokens, pos)
    order = sorted(spans, key=lambda k: (spans[k][0], -spans[k][1], k))
    tagged, untagged = order[: len(LETTERS)], order[len(LETTERS) :]
    inserts: list[tuple[int, int, int, str]] = []  # (character, 0 closing before 1 opening, nesting order, tag)
    for n, (letter, slot) in enumerate(zip(LETTERS, tagged)):
        start, end = spans[slot]
        first = next(offsets[i] for i in range(start, end + 1) if offsets[i] is not None)
        last = next(offsets[i] for i in range(end, start - 1, -1) if offsets[i] is not None)
        inserts += [(first[0], 1, n, f"<{letter}>"), (last[1], 0, -n, f"</{letter}>")]
    out, cursor = [], 0
    for char, _, _, tag in sorted(inserts):
        out += [text[cursor:char], tag]
        cursor = char
    out.append(text[cursor:])
    return MarkedSource("".join(out), tuple(tagged), tuple(untagged))


def read(
    translation: str,
    source: MarkedSource,
    english: Mapping[int, Sequence[str]],
    proper: Mapping[int, Sequence[str]] | None = None,
    lowercase_start: Mapping[int, bool] | None = None,
    names: Collection[int] = (),
) -> tuple[dict[int, Reading], int]:
    """Each tagged mention's Italian from the translation of `source`, and the number of unknown tags.

    Args:
        translation: the translator's output for `source.text`.
        english: slot → the English words of the mention (for the length check).
        proper: slot → the mention's English proper nouns (for the moved-tag check).
        lowercase_start: slot → whether a capital the Italian sentence gives it is not its own.
        names: the slots whose English root is a proper noun (for the adjective check).
    Returns:
        ({slot: Reading}, unknown tags); slots of `source.untagged` get `too_many_mentions`.
    """
    letters = {letter: slot for letter, slot in zip(LETTERS, source.slots)}
    found, unknown = _found_tags(translation, letters)
    plain, where = _plain(translation)
    readings: dict[int, Reading] = {slot: Reading(None, "too_many_mentions") for slot in source.untagged}
    for letter, slot in letters.items():
        reason, inner = _locate(found.get(letter, []), found, letter)
        if reason:
            readings[slot] = Reading(None, reason)
            continue
        start, end = where[inner[0]], where[inner[1]]
        readings[slot] = _reading(
            plain,
            start,
            end,
            english.get(slot, ()),
            (proper or {}).get(slot, ()),
            (lowercase_start or {}).get(slot, False),
            slot in names,
        )
    return readings, unknown


def _found_tags(translation: str, letters: Collection[str]) -> tuple[dict[str, list[tuple[str, int, int]]], int]:
    """Each known letter's tags in a translation, as ("" or "/", start, end), and the number of tags of
    another letter ("<C>" is c's: models may change the case)."""
    found: dict[str, list[tuple[str, int, int]]] = {}
    unknown = 0
    for m in _TAG.finditer(translation):
        letter = m.group(2).lower()
        if letter not in letters:
            unknown += 1
            continue
        found.setdefault(letter, []).append((m.group(1), m.start(), m.end()))
    return found, unknown


def _locate(
    mine: list[tuple[str, int, int]], found: Mapping[str, list[tuple[str, int, int]]], letter: str
) -> tuple[str | None, tuple[int, int]]:
    """(fallback reason or None, the characters between the tags in the raw translation)."""
    if not mine:
        return "tag_missing", (0, 0)
    opening = [t for t in mine if t[0] == ""]
    closing = [t for t in mine if t[0] == "/"]
    if len(opening) > 1 or len(closing) > 1:
        return "tag_repeated", (0, 0)
    if not opening or not closing or closing[0][1] < opening[0][2]:
        return "tag_unpaired", (0, 0)
    inner = (opening[0][2], closing[0][1])
    for other, tags in found.items():
        if other != letter and any(inner[0] <= start < inner[1] for _, start, _ in tags):
            return "tag_nested", (0, 0)
    return None, inner


TAG_RANGE_REASONS = TAG_REASONS[:5]
"""Why `tag_ranges` finds no characters for a letter: neither tag, one only or the closing one first,
a tag twice, a pair that overlaps another without holding it or lying in it, a pair that holds
another the English one does not hold, or no longer holds one it held."""


def tag_ranges(
    translation: str, letters: Sequence[str], contains: Mapping[str, Collection[str]]
) -> tuple[str, dict[str, tuple[int, int]], dict[str, str], int]:
    """Where each letter's tags stand in a translation with nested tags (the joint method's reading).

    Args:
        translation: the translator's output for a source tagged by `mark`.
        letters: the letters of the source.
        contains: letter → the letters the English tag pair holds (nested mentions).
    Returns:
        (the plain text, letter → its characters [start, end) in the plain text for a sound pair,
        letter → why not (`TAG_RANGE_REASONS`), the number of tags of an unknown letter).
    """
    found, unknown = _found_tags(translation, set(letters))
    failures: dict[str, str] = {}
    outer: dict[str, tuple[int, int]] = {}  # from the opening tag's start to the closing tag's end
    for letter in letters:
        mine = found.get(letter, [])
        opening = [t for t in mine if t[0] == ""]
        closing = [t for t in mine if t[0] == "/"]
        if not mine:
            failures[letter] = "tag_missing"
        elif len(opening) > 1 or len(closing) > 1:
            failures[letter] = "tag_repeated"
        elif not opening or not closing or closing[0][1] < opening[0][2]:
            failures[letter] = "tag_unpaired"
        else:
            outer[letter] = (opening[0][1], closing[0][2])
    for a, (a0, a1) in outer.items():
        for b, (b0, b1) in outer.items():
            if a < b and (a0 < b0 < a1 < b1 or b0 < a0 < b1 < a1):
                failures[a] = failures[b] = "tag_crossing"
    for a, (a0, a1) in outer.items():
        for b, (b0, b1) in outer.items():
            if a == b or a in failures or b in failures:
                continue
            holds = a0 < b0 and b1 < a1
            if holds != (b in contains.get(a, ())):
                failures[a] = "tag_nesting"
    plain, where = _plain(translation)
    ranges = {}
    for letter in outer:
        if letter not in failures:
            inner_start = next(t[2] for t in found[letter] if t[0] == "")
            inner_end = next(t[1] for t in found[letter] if t[0] == "/")
            ranges[letter] = (where[inner_start], where[inner_end])
    return plain, ranges, failures, unknown


def plain_text(translation: str) -> str:
    """A translation without its tags, runs of spaces made one (what the readers read)."""
    return _plain(translation)[0]


def _plain(translation: str) -> tuple[str, list[int]]:
    """The translation without tags, runs of spaces made one, and where each raw character went.

    Returns:
        (plain text, `where`: for each raw character index and the end, the plain index it maps to).
    """
    tags = {i for m in _TAG.finditer(translation) for i in range(m.start(), m.end())}
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(translation):
        where.append(len(out))
        if i in tags:
            continue
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        out.append(ch)
    where.append(len(out))
    return "".join(out), where


def read_range(
    plain: str,
    start: int,
    end: int,
    english: Sequence[str],
    proper: Sequence[str] = (),
    lowercase_start: bool = False,
    name: bool = False,
) -> Reading:
    """A mention's Italian read from the characters [start, end) of a translation without tags, as between
    its tags (its article, the preposition before it; the checks of `read`): for a span found by word
    alignment when the tags were lost (`translate.mention_texts`)."""
    return _reading(plain, start, end, english, proper, lowercase_start, name)


def _reading(
    plain: str,
    start: int,
    end: int,
    english: Sequence[str],
    proper: Sequence[str],
    lowercase_start: bool,
    name: bool = False,
) -> Reading:
    """The mention's text between `start` and `end` of the plain translation, with its edges."""
    tokens = tokens_with_offsets(plain)
    inside = [(w, o) for w, o in tokens if o >= start and o + len(w) <= end]
    words = [w for w, _ in inside if not _PUNCTUATION.match(w)]
    if not words:
        piece = plain[start:end].strip()  # tags inside a word: "Pittsburgh-<b>Cleveland</b>"
        if any(ch.isalpha() for ch in piece):
            return Reading(piece, "sentence")
        return Reading(None, "tag_empty")
    preposition: str | None = None
    article: str | None = None
    fused = False
    first = inside[0][1]
    head = plain_form(inside[0][0])
    split = split_articulated(head)
    if split is not None and len(inside) > 1:  # "<a>nella regione</a>"
        preposition, article = split
        fused = True
        first = inside[1][1]
    elif len(inside) > 1 and (
        head in SIMPLE_PREPOSITIONS or (head in OTHER_PREPOSITIONS and inside[0][0][:1].islower())
    ):
        preposition = simple_preposition(head)  # "<a>in Cina</a>", "<b>verso est</b>" (not "<a>Contro Natura</a>")
        first = inside[1][1]
    before = [(w, o) for w, o in tokens if o + len(w) <= start]
    if before and preposition is None and article_kind(inside[0][0]) is None:
        word = before[-1][0]
        split = split_articulated(word)
        if split is not None:  # "della <a>Germania</a>"
            preposition, article = split
            fused = True
        elif article_kind(word) is not None:  # "la <a>pianta</a>"
            article = plain_form(word)
            previous = plain_form(before[-2][0]) if len(before) > 1 else ""
            if _is_preposition(previous):
                preposition = simple_preposition(previous)
        elif _is_preposition(word):
            preposition = simple_preposition(word)
    elif before and preposition is None and _is_preposition(before[-1][0]):
        preposition = simple_preposition(before[-1][0])
    body = plain[first:end].strip()
    rest = [w for w, _ in tokens_with_offsets(body) if not _PUNCTUATION.match(w)]
    if not rest or all(article_kind(w) or split_articulated(w) or plain_form(w) in SIMPLE_PREPOSITIONS for w in rest):
        return Reading(None, "tag_no_word")
    if len(rest) > MAX_WORDS_PER_WORD * max(len(english), 1) + MAX_EXTRA_WORDS:
        return Reading(None, "tag_too_long")
    if proper and not any(p in body for p in proper) and any(p in plain for p in proper):
        return Reading(None, "tag_moved")
    if name and article is None and len(rest) == 1 and body[:1].islower() and article_kind(body) is None:
        return Reading(None, "tag_adjective")  # "statunitensi" for "US"
    if len(rest) == 1 and len(english) == 1 and has_enclitic(rest[0]):
        return Reading(None, "tag_verb_with_clitic")  # "di <a>vederlo</a>" for "to see this" (issue 38)
    text = _with_article(article, body) if article else body
    if lowercase_start and not plain[:start].strip(" \"'«“‘([—–-") and text[:1].isupper():
        text = text[0].lower() + text[1:]
    return Reading(text, "sentence", preposition, fused)


def _is_preposition(word: str) -> bool:
    return plain_form(word) in SIMPLE_PREPOSITIONS or plain_form(word) in OTHER_PREPOSITIONS


def _with_article(article: str, body: str) -> str:
    """The article before the body, elided without a space: "l'" + "Unione" → "l'Unione"."""
    return f"{article}{body}" if article.endswith("'") else f"{article} {body}"
