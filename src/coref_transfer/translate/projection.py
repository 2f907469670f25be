"""The joint method's projection: from a tagged translation to the Italian text and each mention's span.

The joint method (`translate.joint`, `docs/methods.md`) sends each utterance
once, every mention in a tag pair, nested ones too:

    <a>The mother of <b>John</b></a> said <c>she</c> would come.
    <a>La madre di <b>John</b></a> ha detto che <c>lei</c> sarebbe venuta.

The translation with its tags removed is the utterance's Italian; the
words between a mention's tags are its span. A tag pair is **sound** when
`marked.tag_ranges` finds it once, paired, neither crossing another pair
nor nesting otherwise than in the English, and when its words pass these
checks (otherwise the mention gets the reason, and the stage tries the
fallbacks):

| reason | what |
|---|---|
| `tag_empty` | nothing but spaces or punctuation between the tags |
| `tag_no_word` | only articles and prepositions between the tags of a mention with an English noun (a tag moved off its noun: `<a>la</a> pianta`); for a pronoun or another word without a noun, a clitic ("<a>le</a> vedo", "<a>lo</a> dimostreremo" for "demonstrate that") or "uno" is its word |
| `tag_too_long` | more than 3 words per English word, plus 3 (a tag moved past its phrase) |
| `tag_moved` | an English proper noun of the mention is written in the Italian outside its tags, not inside |

A sound tag's span is every Italian token the tags touch (a tag inside a
word takes the word: "per <a>vederle</a>", "veder<a>le</a>" both give
"vederle", the verb that carries the clitic, as the projection review
accepts), less punctuation at its edges and less a simple preposition the
translator put inside the tags ("<a>a un maggiore pluralismo</a>",
"<a>con esso</a>": the preposition before an English noun phrase is no
part of it; but a -self's "da solo" keeps its "da", and a mention that
opens with a preposition in English, "over 700 asylum seekers", its own). The article, or the preposition
fused with the article, that the translator left just before the opening
tag joins a noun phrase's span ("la <a>pianta</a>", "della <a>Germania</a>"):
a noun phrase's span holds its determiner, and a fused preposition carries
it ("della" is "di" + "la"; the CorefUD export's multiword token starts the
mention at "la", as for the placeholder method's spans, `translate.resolve`).
A pronoun's span never takes the word before it ("il <a>suo</a> libro"), nor does that of
any other mention without an English noun, nor that of a name's first words the Italian keeps whole with the
rest of the name ("the [Trump] Tower" → "alla <a>Trump</a> Tower": the article is the tower's;
but "the [Texas] War" → "la guerra del <a>Texas</a>": Texas's).
The article joins only when every other tag around it also holds the
mention, so spans still nest as the tags did.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from coref_transfer.lang.en.pronouns import SELF_WORDS
from coref_transfer.lang.en.tags import ARTICLES, FUNCTION_TAGS, NOUN_TAGS, PROPER_TAGS
from coref_transfer.lang.it.articles import (
    OTHER_PREPOSITIONS,
    SIMPLE_PREPOSITIONS,
    article_kind,
    plain_form,
    split_articulated,
)
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.model import Span
from coref_transfer.records import SelectedUtterance
from coref_transfer.stats import TAG_REASONS
from coref_transfer.translate.marked import (
    LETTERS,
    MAX_EXTRA_WORDS,
    MAX_WORDS_PER_WORD,
    TAG_RANGE_REASONS,
    MarkedSource,
    tag_ranges,
)
from coref_transfer.translate.replace import Slot

CONTENT_REASONS = tuple(r for r in TAG_REASONS if r not in (*TAG_RANGE_REASONS, "tag_disputed", "too_many_mentions"))
"""Why a paired, well-nested tag still gives no span (the table above)."""
UNSOUND_REASONS = TAG_REASONS
"""Every reason a mention's tags give no span, in the order stats.json lists them (the last,
`too_many_mentions`: the 27th mention of an utterance and after get no letter)."""

PREPOSITIONS = SIMPLE_PREPOSITIONS | OTHER_PREPOSITIONS
"""Prepositions that never fuse with an article: one opening a tag's words is left out of the span."""
_PUNCTUATION = re.compile(r"^[\W_]+$")
_EDGE_PUNCTUATION = re.compile(r"^[,.;:!?…]+$")


@dataclass(frozen=True)
class TaggedMention:
    """What the projection needs of one tagged mention's English."""

    words: Sequence[str]
    """The English words inside its tags (for the length check)."""
    proper: Sequence[str] = ()
    """Its English proper nouns (for the moved-tag check)."""
    nominal: bool = True
    """The English mention holds a noun: without one (a pronoun, "that", "one") a clitic or "uno" is a
    word, and no article joins its span."""
    self_word: bool = False
    """A -self pronoun, whose Italian may open with a preposition ("da solo", "di persona")."""
    preposition_first: bool = False
    """The English mention opens with a preposition ("by far the ablest", "over 700 asylum seekers"):
    the Italian one opening the span ("di gran lunga", "oltre 700") translates it."""
    name_after: str | None = None
    """The English proper noun right after the mention, which it modifies ("the [Trump] Tower"): where the
    Italian keeps the name whole ("alla <a>Trump</a> Tower"), the article before the tags is the name's."""
    possessive: bool = False
    """A possessive pronoun ("his", "our"): its Italian is a possessive ("suo", "nostra")."""
    verbal: bool = False
    """The English mention holds a verb (an event, a clause): its Italian may begin or end with one."""
    content: frozenset[int] = frozenset()
    """The token indices of its English nouns and adjectives: an Italian word linked from these alone is
    the mention's, whatever an Italian parser makes of it ("il Consolato cubano", "ingegnere militare")."""
    verb: bool = False
    """The English mention is one verb ("sold", "do"): its Italian is a verb, never a clitic next to it."""
    function: frozenset[int] = frozenset()
    """The token indices of its English articles, prepositions and conjunctions: a word linked from these
    alone is the mention's only next to the words its other words are linked to ("the visa" → not "la
    [richiesta] del visto")."""


@dataclass
class Projection:
    """An utterance's Italian from its tagged translation, and each tagged mention's span or why none."""

    text: str
    tokens: list[str]
    spans: dict[int, Span] = field(default_factory=dict)
    """Slot index → the mention's Italian tokens (0-based, end inclusive)."""
    failures: dict[int, str] = field(default_factory=dict)
    """Slot index → why its tags gave no span (`UNSOUND_REASONS`), or, once alignment tried, why that
    gave none either (`stats.ALIGN_REASONS`)."""
    sources: dict[int, str] = field(default_factory=dict)
    """Slot index → where a span came from when not from its tags (`alignment`)."""
    unknown_tags: int = 0
    """Tags of a letter no mention has."""
    offsets: list[int] = field(default_factory=list)
    """Each token's first character in `text`."""

    def span_text(self, span: Span) -> str:
        """The Italian characters of a span, as written."""
        start = self.offsets[span.start]
        end = self.offsets[span.end] + len(self.tokens[span.end])
        return self.text[start:end]


def project(translation: str, source: MarkedSource, mentions: Mapping[int, TaggedMention]) -> Projection:
    """The Italian of `source`'s translation and the span of each of its tagged mentions.

    Args:
        translation: what the translator returned for `source.text`.
        source: the tagged English (`marked.mark`), with the slot of each letter.
        mentions: slot → what the checks need of the English mention.
    """
    letters = dict(zip(LETTERS, source.slots))
    contains = _english_nesting(source)
    plain, ranges, failures, unknown = tag_ranges(translation, list(letters), contains)
    pairs = tokens_with_offsets(plain)
    tokens = [t for t, _ in pairs]
    offsets = [o for _, o in pairs]
    result = Projection(plain, tokens, unknown_tags=unknown, offsets=offsets)
    for slot in source.untagged:
        result.failures[slot] = "too_many_mentions"
    for letter, reason in failures.items():
        result.failures[letters[letter]] = reason
    touched = {letter: _touched(offsets, tokens, *ranges[letter]) for letter in ranges}
    for letter in ranges:
        slot = letters[letter]
        english = mentions.get(slot, TaggedMention(()))
        reason = _content_reason(plain, tokens, offsets, touched[letter], english)
        if reason:
            result.failures[slot] = reason
            continue
        others = [indexes for other, indexes in touched.items() if other != letter]
        result.spans[slot] = finish_span(tokens, touched[letter][0], touched[letter][-1], english, others)
    return result


def finish_span(
    tokens: Sequence[str], first: int, last: int, english: TaggedMention, others: Sequence[Collection[int]] = ()
) -> Span:
    """The span of the Italian tokens first..last that express a mention, at its edges as the module
    docstring says: punctuation and a simple preposition left out, the article or fused preposition before
    it taken in (for a mention with an English noun, unless the name it begins goes on after it). Shared by
    the tags' projection and the alignment's (`translate.align.project`).

    Args:
        others: the tokens of the other mentions of the utterance: an article one of them holds without
            holding this mention is theirs.
    """
    first, last = _trim(tokens, list(range(first, last + 1)))
    if (
        first < last
        and plain_form(tokens[first]) in PREPOSITIONS
        and not (english.self_word or english.preposition_first)
    ):
        first += 1
    name_whole = english.name_after is not None and tokens[last + 1 : last + 2] == [english.name_after]
    if english.nominal and not name_whole:
        first = _with_article(tokens, first, others)
    return Span(first, last)


def _english_nesting(source: MarkedSource) -> dict[str, set[str]]:
    """Letter → the letters whose tags lie inside its own in the English."""
    opened: list[str] = []
    inside: dict[str, set[str]] = {}
    for match in re.finditer(r"<(/?)([a-z])>", source.text):
        closing, letter = match.group(1) == "/", match.group(2)
        if closing:
            if opened and opened[-1] == letter:
                opened.pop()
            continue
        for outer in opened:
            inside[outer].add(letter)
        inside[letter] = set()
        opened.append(letter)
    return inside


def _touched(offsets: Sequence[int], tokens: Sequence[str], start: int, end: int) -> list[int]:
    """The tokens that overlap the characters [start, end) (a tag inside a word takes the word)."""
    return [i for i, (o, t) in enumerate(zip(offsets, tokens)) if o < end and o + len(t) > start]


def _content_reason(
    plain: str, tokens: Sequence[str], offsets: Sequence[int], touched: Sequence[int], english: TaggedMention
) -> str | None:
    words = [tokens[i] for i in touched if not _PUNCTUATION.match(tokens[i])]
    if not words:
        return "tag_empty"
    if english.nominal and all(
        article_kind(w) or split_articulated(w) or plain_form(w) in SIMPLE_PREPOSITIONS for w in words
    ):
        return "tag_no_word"
    if len(words) > MAX_WORDS_PER_WORD * max(len(english.words), 1) + MAX_EXTRA_WORDS:
        return "tag_too_long"
    inside = plain[offsets[touched[0]] : offsets[touched[-1]] + len(tokens[touched[-1]])]
    if english.proper and not any(p in inside for p in english.proper) and any(p in plain for p in english.proper):
        return "tag_moved"
    return None


def _trim(tokens: Sequence[str], touched: Sequence[int]) -> tuple[int, int]:
    """The first and last touched token, punctuation at the edges left out."""
    first, last = touched[0], touched[-1]
    while first < last and _EDGE_PUNCTUATION.match(tokens[first]):
        first += 1
    while last > first and _EDGE_PUNCTUATION.match(tokens[last]):
        last -= 1
    return first, last


def _with_article(tokens: Sequence[str], first: int, others: Sequence[Collection[int]]) -> int:
    """`first`, or the token before it when that is an article or an articulated preposition the
    translator left outside the mention, and every other mention around that token also holds it."""
    if first == 0 or article_kind(tokens[first]) or split_articulated(tokens[first]):
        return first
    before = first - 1
    if not (article_kind(tokens[before]) or split_articulated(tokens[before])):
        return first
    for indexes in others:
        if before in indexes and first not in indexes:
            return first  # the word belongs to another mention that does not hold this one
    return before


def tagged_mentions(u: SelectedUtterance, slots: Sequence[Slot]) -> dict[int, TaggedMention]:
    """What `projection.project` needs of each mention's English."""
    out = {}
    for slot in slots:
        start, end = slot.span.start, slot.span.end
        words = slot.text.split()
        proper = [
            u.tokens[i]
            for i in range(start, end + 1)
            if u.pos[i] in PROPER_TAGS and len(u.tokens[i]) > 2 and u.tokens[i][:1].isupper()
        ]
        nominal = slot.kind != "possessive" and any(u.pos[i] in NOUN_TAGS for i in range(start, end + 1))
        self_word = start == end and u.tokens[start].lower() in SELF_WORDS
        # "by far the ablest", "over 700 asylum seekers" (over/RB before a number): the Italian opens alike
        first_preposition = u.pos[start] in ("IN", "TO") or (
            u.pos[start] == "RB" and start < end and u.pos[start + 1] == "CD"
        )
        after = end + 1 if slot.kind != "possessor" else end  # a possessor's clitic is outside its tags
        name_after = u.tokens[after] if after < len(u.tokens) and u.pos[after] in PROPER_TAGS else None
        possessive = slot.kind == "possessive" or (start == end and u.pos[start] == "PRP$")
        verbal = any(u.pos[i].startswith("VB") or u.pos[i] in ("MD", "RB") for i in range(start, end + 1))
        content = frozenset(i for i in range(start, end + 1) if u.pos[i] in NOUN_TAGS or u.pos[i].startswith("JJ"))
        verb = start == end and (u.pos[start].startswith("VB") or u.pos[start] == "MD")
        function = frozenset(
            i for i in range(start, end + 1) if u.pos[i] in FUNCTION_TAGS or u.tokens[i].lower() in ARTICLES
        )
        out[slot.index] = TaggedMention(
            words,
            proper,
            nominal,
            self_word,
            first_preposition,
            name_after,
            possessive,
            verbal,
            content,
            verb,
            function,
        )
    return out
