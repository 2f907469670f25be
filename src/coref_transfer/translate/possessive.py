"""Possessive pronouns put back as Italian possessive adjectives, at the head of their noun phrase.

The English "his version of the song" is sent as "Gino's version of the song";
the model writes "la versione della canzone di Gino". Italian puts the
possessive between the article and the possessed noun, so "di Gino" goes and
"sua" comes in after the article of *the noun the English possessive belongs
to* ("la sua versione della canzone"), not of the nearest noun ("la versione
della sua canzone", another meaning).

1. The English head (`lang.en.possessed`): the possessed noun and how many
   prepositional phrases follow it in its noun phrase ("of the song": one),
   from the constituency tree, or the dependency tree of a CorefUD input.
2. The Italian head: walking left from "di X", every article or preposition
   opens a piece of the noun phrase: an articulated preposition ("della"), a
   preposition with an article ("con la") or a bare one ("di canzoni") opens
   a modifier; a bare article ("la") opens the noun phrase itself and ends
   the walk. The head's article is the bare article met first, else the
   opener one past the English modifiers, less those the model wrote after
   "di X" ("sei dei dodici seggi di X in consiglio": "dei"). A piece longer than
   `GAP` words, punctuation, a conjunction or "che" end the walk.
3. Agreement: the article gives gender and number (la → fem sing, gli →
   masc plur); an elided one (l', dell', all') gives the number only, and
   the gender comes from the first noun or adjective after it (an adjective
   there agrees with the noun: "l'ultima opera"): the noun lexicon
   (`lang.it.nouns`), else the parser's features (`NounGender`). The
   possessive agrees (`lang.it.morphology.possessive`: suo,
   sua, suoi, sue; loro invariable).
4. The article is rebuilt for the possessive that now follows it
   (`lang.it.articles`): "all'amico" → "al suo amico", "l'amica" → "la sua
   amica", "gli amici" → "i suoi amici", "uno studente" → "un suo studente".

Fallbacks, each counted (`OUTCOMES`): `no_di_phrase` (the model wrote no "di
X": the possessive takes the placeholder's place), `not_a_possessive` (the
mention's Italian is no possessive adjective), `no_tree`, `head_not_found`,
`head_ambiguous` (nearest article, as before: the possessive in the
masculine singular after it, an elided article written in full, δ makes
them agree); `gender_unknown` (at the head, the same masculine form).
Limits: the walk reads words, not a parse; a head noun the model wrote
without an article ("una versione" kept, "versioni di canzoni") falls back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from coref_transfer.lang.en.possessed import Possessed, possessed_noun, possessed_noun_dep
from coref_transfer.lang.it.articles import (
    ARTICULATED_FORMS,
    DEFINITE_ARTICLES,
    FULL_ARTICLES,
    INDEFINITE_ARTICLES,
    SIMPLE_PREPOSITIONS,
    UNELIDED,
    articulated,
    definite_article,
    indefinite_article,
    match_case,
    plain_form,
    split_articulated,
)
from coref_transfer.lang.it.morphology import possessive, possessor
from coref_transfer.records import SelectedUtterance

#: How many tokens before "di <placeholder>" the article of the possessed noun may stand (the fallback's window).
ARTICLE_WINDOW = 4
#: Words a piece of the noun phrase may hold between its opener and the next one (noun and adjectives).
GAP = 3
#: Prepositions that open a modifier of the noun ("la versione per pianoforte"): the simple ones.
PREPOSITIONS = SIMPLE_PREPOSITIONS
#: Quotation marks, which a quoted title inside the noun phrase brings ("il 'piccolo mondo perfetto' di X").
QUOTES = frozenset(("'", '"', "«", "»", "“", "”", "‘", "’"))
#: "own" in "his own book": "il libro proprio di X", "il libro dello stesso X" or "il libro di X stesso"; the
#: possessive says it.
OWN = frozenset(("proprio", "propria", "propri", "proprie"))
SAME = frozenset(("stesso", "stessa", "stessi", "stesse"))
#: Words that end the noun phrase on its left.
STOPS = frozenset(("e", "ed", "o", "od", "ma", "che", "cui", "né"))
PLACED = ("at_head", "past_modifiers", "article_rebuilt")
"""Counts of placements at the head (the second and third are subsets of the first)."""
FALLBACKS = ("no_di_phrase", "not_a_possessive", "no_tree", "head_not_found", "head_ambiguous", "gender_unknown")
"""Why a possessive was put back the old way."""

Edit = tuple[int, int, str, bool]
"""(start, end, text, whether `text` is the mention) in the translation's characters."""


def _article_table() -> dict[str, tuple[str, set[tuple[str, str]]]]:
    """Article form → (definite/indefinite, the (gender, number) pairs it may have)."""
    out: dict[str, tuple[str, set[tuple[str, str]]]] = {}
    for (gender, number), forms in DEFINITE_ARTICLES.items():
        for form in forms.values():
            out.setdefault(form, ("definite", set()))[1].add((gender, number))
    for gender, forms in INDEFINITE_ARTICLES.items():
        for form in forms.values():
            out.setdefault(form, ("indefinite", set()))[1].add((gender, "Sing"))
    return out


ARTICLE_FEATURES = _article_table()


@dataclass
class Placement:
    """The edits that put one possessive back, and how it was placed."""

    edits: list[Edit]
    outcome: str
    """`at_head` or one of `FALLBACKS`."""
    past_modifiers: bool = False
    """The head is not the nearest article (modifiers stand between it and "di X")."""
    article_rebuilt: bool = False


@dataclass
class PossessiveCounts:
    """The `possessives` block of γ's stats.json."""

    counts: Counter = field(default_factory=Counter)

    def add(self, placement: Placement) -> None:
        self.counts["candidates"] += 1
        self.counts[placement.outcome] += 1
        self.counts["past_modifiers"] += placement.past_modifiers
        self.counts["article_rebuilt"] += placement.article_rebuilt

    def block(self) -> dict[str, Any]:
        out = {"candidates": self.counts["candidates"], **{k: self.counts[k] for k in PLACED}}
        out["fallback"] = {k: self.counts[k] for k in FALLBACKS}
        if out["candidates"] != out["at_head"] + sum(out["fallback"].values()):
            raise AssertionError(f"possessive placements do not add up: {out}")
        return out


def possessed_nouns(utterance: SelectedUtterance, slots: Sequence[Any]) -> list[Possessed | None]:
    """The English possessed noun of each possessive slot (None for the other slots).

    Read from the constituency tree, or from the dependency tree when the
    utterance has one and no constituency tree (CorefUD input).
    """
    u = utterance
    if u.heads and not (u.parse and u.parse[0] != "-"):
        return [
            possessed_noun_dep(u.tokens, u.pos, u.heads, u.deprels, s.span.start) if s.kind == "possessive" else None
            for s in slots
        ]
    return [possessed_noun(u.tokens, u.pos, u.parse, s.span.start) if s.kind == "possessive" else None for s in slots]


def place(
    tokens: Sequence[tuple[str, int]],
    di: int,
    end: int,
    text: str,
    possessed: Possessed | None,
    gender_of: NounGender | None = None,
    tonic: str | None = None,
) -> Placement:
    """Remove "di <placeholder>" (tokens[di] opens it: `di_phrase`; `end` is the placeholder's last character)
    and insert `text`.

    Args:
        tokens: the translation's (token, offset) pairs.
        text: the mention's Italian (a possessive adjective in the masculine singular, "suo", "loro").
        possessed: the English possessed noun (None: unknown, as without a tree).
        gender_of: reads a noun's gender after an elided article (None: unknown).
        tonic: the possessor's tonic pronoun ("lui", "esse"), written after "di" where no article is near
            (`nearest_article_edits`).
    """
    removal = _removal(tokens, di, end)
    owner = possessor(text)
    if owner is None:
        return Placement(nearest_article_edits(tokens, di, removal, text, tonic), "not_a_possessive")
    if possessed is None or possessed.head is None:
        reason = possessed.reason if possessed is not None and possessed.reason else "no_tree"
        return Placement(nearest_article_edits(tokens, di, removal, text, tonic), reason)
    openers = _openers(tokens, di)
    head = _head(openers, possessed.modifiers - _modifiers_after(tokens, end, possessed.modifiers))
    if head is None:
        return Placement(nearest_article_edits(tokens, di, removal, text, tonic), "head_not_found")
    j, kind = openers[head]
    word = tokens[j][0]
    prep_article = split_articulated(word) if kind == "articulated" else None
    article = prep_article[1] if prep_article else plain_form(word)
    article_kind, pairs = ARTICLE_FEATURES[article]
    numbers = {n for _, n in pairs}
    genders = {g for g, _ in pairs}
    gender = next(iter(genders)) if len(genders) == 1 else _noun_gender(tokens, j, di, gender_of)
    number = next(iter(numbers))
    past = head > 0
    if gender is None:
        return Placement([removal, *_insert_after(tokens, j, text)], "gender_unknown", past)
    form = possessive(owner[0], owner[1], gender, number)
    if article_kind == "indefinite":
        new = indefinite_article(gender, form)
    else:
        new = definite_article(gender, number, form)
        if prep_article:
            new = articulated(prep_article[0], new)  # type: ignore[assignment]
    new = match_case(word.rstrip("'’"), new)  # "L'" is capitalised, not upper case
    edits = [removal]
    rebuilt = plain_form(new) != plain_form(word)
    offset = tokens[j][1]
    after = offset + len(word)
    if rebuilt:
        edits.append((offset, after, new, False))
    elided = word.endswith(("'", "’"))
    edits.append((after, after, f" {form} " if elided else f" {form}", True))
    return Placement(edits, "at_head", past, rebuilt)


def di_phrase(words: Sequence[str], first: int) -> int | None:
    """The index of the word that opens the possessor's phrase ending at the placeholder `words[first]`, or None.

    "di X"; with "own" written out, "proprio di X" ("il fuso orario proprio di X") and "dello stesso X"
    ("il libro dello stesso X"): the possessive put at the head says "own" as Italian does ("il suo libro"),
    so those words go with "di X".
    """
    if first > 0 and words[first - 1].lower() == "di":
        return first - 2 if first > 1 and words[first - 2].lower() in OWN else first - 1
    if first > 1 and words[first - 1].lower() in SAME:
        parts = split_articulated(plain_form(words[first - 2]))
        if parts is not None and parts[0] == "di":
            return first - 2
    return None


def possessor_end(words: Sequence[str], last: int) -> int:
    """The index of the last word of the possessor's phrase whose placeholder ends at `words[last]`: the
    placeholder's, or a form of "stesso" right after it ("i libri di Gino stesso", "own" written after the
    name): the possessive put at the head says "own" ("i suoi libri"), so it goes with "di X"."""
    return last + 1 if last + 1 < len(words) and plain_form(words[last + 1]) in SAME else last


def _removal(tokens: Sequence[tuple[str, int]], di: int, end: int) -> Edit:
    """Remove "di <placeholder>" and the space before it."""
    start = tokens[di][1]
    while start > 0 and di > 0 and tokens[di - 1][1] + len(tokens[di - 1][0]) < start:
        start -= 1
    return (start, end, "", False)


def _openers(tokens: Sequence[tuple[str, int]], di: int) -> list[tuple[int, str]]:
    """Walking left from "di X": (token index, kind) of each article or preposition, nearest first.

    Kinds: `article` (a bare article: the noun phrase starts here, the walk
    ends), `articulated` (della, all'), `prep_article` (the article of "con
    la": the index is the article's), `preposition` (a bare one).
    """
    out: list[tuple[int, str]] = []
    j, gap = di - 1, 0
    while j >= 0 and gap <= GAP:
        word = plain_form(tokens[j][0])
        if word in QUOTES:
            j -= 1  # "il 'piccolo mondo perfetto' di X": a quoted title stays inside the noun phrase
            continue
        if word in STOPS or not any(c.isalnum() for c in word):
            break
        if word in ARTICLE_FEATURES:
            if j > 0 and plain_form(tokens[j - 1][0]) in PREPOSITIONS:
                out.append((j, "prep_article"))
                j, gap = j - 2, 0
                continue
            out.append((j, "article"))
            break
        if split_articulated(word) is not None:
            out.append((j, "articulated"))
        elif word in PREPOSITIONS:
            out.append((j, "preposition"))
        else:
            gap += 1
            j -= 1
            continue
        j, gap = j - 1, 0
    return out


def _modifiers_after(tokens: Sequence[tuple[str, int]], end: int, modifiers: int) -> int:
    """How many of the English modifiers the model wrote after "di X" ("sei dei dodici seggi di X in consiglio")."""
    j = next((i for i, (_, offset) in enumerate(tokens) if offset >= end), len(tokens))
    found = 0
    while j < len(tokens) and found < modifiers:
        word = plain_form(tokens[j][0])
        if word not in PREPOSITIONS and split_articulated(word) is None:
            break
        found += 1
        j += 1
        gap = 0
        while j < len(tokens) and gap <= GAP:
            word = plain_form(tokens[j][0])
            if word in PREPOSITIONS or split_articulated(word) or word in STOPS or not any(c.isalnum() for c in word):
                break
            j, gap = j + 1, gap + 1
    return found


def _head(openers: Sequence[tuple[int, str]], modifiers: int) -> int | None:
    """Which opener is the head's article: the bare article if it comes soon enough, else the one past the
    modifiers, else a bare article past only bare prepositions.

    Italian writes as a bare prepositional phrase what English puts before
    the noun ("his V-neck undershirt" → "la canottiera con scollo a V di X",
    "her history book" → "il libro di storia di X"): pieces opened by a bare
    preposition (no article) are the noun's own modifiers, whatever the
    English modifiers count.
    """
    for k, (_, kind) in enumerate(openers[: modifiers + 1]):
        if kind == "article":
            return k
    if len(openers) > modifiers and openers[modifiers][1] != "preposition":
        return modifiers
    for k, (_, kind) in enumerate(openers):
        if kind == "article":
            return k
        if kind != "preposition":
            return None
    return None


class NounGender:
    """The gender ("Masc"/"Fem") of a word of the translation: the noun lexicon, else the parser's features.

    The lexicon first: it holds only nouns whose gender the UD treebanks agree
    on (nine in ten), and the parser guesses a rare invariable noun wrong
    ("l'auto" read masculine); the parser covers what the lexicon lacks
    ("amica").
    """

    def __init__(self, parser: Any = None, lexicon: Any = None):
        self.parser = parser
        self.lexicon = lexicon
        self._parsed: dict[tuple[str, ...], Any] = {}

    def __call__(self, words: Sequence[str], i: int) -> str | None:
        if self.lexicon is not None:
            gender, _ = self.lexicon.lookup(words[i])
            if gender:
                return gender.capitalize()
        if self.parser is not None:
            key = tuple(words)
            if key not in self._parsed:
                self._parsed[key] = self.parser.parse_batch([list(words)])[0]
            token = self._parsed[key].tokens[i]
            if token.upos in ("NOUN", "ADJ") and token.feat("Gender") in ("Masc", "Fem"):
                return token.feat("Gender")
        return None


def _noun_gender(tokens: Sequence[tuple[str, int]], j: int, di: int, gender_of: NounGender | None) -> str | None:
    """The gender of the first word after the article `j` that has one, before "di X"."""
    if gender_of is None:
        return None
    words = [w for w, _ in tokens]
    for i in range(j + 1, di):
        plain = plain_form(words[i])
        if plain in ARTICLE_FEATURES or plain in PREPOSITIONS or split_articulated(plain):
            break
        gender = gender_of(words, i)
        if gender:
            return gender
    return None


def _insert_after(tokens: Sequence[tuple[str, int]], j: int, text: str) -> list[Edit]:
    """The old way at article `j`: an elided article written in full, the possessive after it as given."""
    word, offset = tokens[j]
    plain = plain_form(word)
    if plain in FULL_ARTICLES or plain in ARTICULATED_FORMS:
        return [(offset + len(word), offset + len(word), " " + text, True)]
    full = UNELIDED[plain]
    full = full.capitalize() if word[0].isupper() else full
    return [(offset, offset + len(word), full + " ", False), (offset + len(word), offset + len(word), text + " ", True)]


def nearest_article_edits(
    tokens: Sequence[tuple[str, int]], di: int, removal: Edit, text: str, tonic: str | None = None
) -> list[Edit]:
    """The fallback: the possessive after the nearest article on the left; with no article there, "di" and
    the tonic pronoun of the possessor's class in the placeholder's place ("In My Linguistic Autobiography
    di lui": a possessive needs an article and a noun to stand between, and "… Autobiography suo" dangles);
    without a tonic form (or where "own" was written: "proprio di X"), the possessive where "di X" was."""
    for j in range(di - 1, max(-1, di - 1 - ARTICLE_WINDOW), -1):
        plain = plain_form(tokens[j][0])
        if plain in FULL_ARTICLES or plain in ARTICULATED_FORMS or plain in UNELIDED:
            return [removal, *_insert_after(tokens, j, text)]
    if tonic is not None and plain_form(tokens[di][0]) == "di" and di + 1 < len(tokens):
        return [(tokens[di + 1][1], removal[1], tonic, True)]
    return [(removal[0], removal[1], " " + text, True)]
