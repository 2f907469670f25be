"""The article and the preposition a mention needs where a name stood.

A placeholder is a first name or a town. Italian names take no article and
a town takes the preposition "a", so the translator writes none and "a";
the Italian noun phrase put back in the name's place may need an article
("Cina" is "la Cina"), a contraction with the preposition before it ("di"
+ "la Germania" is "della Germania") or another preposition ("a Bari" but
"in Francia", "negli Stati Uniti"). `fit` decides, for one mention, from the
word before the placeholder and the evidence at hand, in this order:

| step | when | what | example |
|---|---|---|---|
| `preposition_from_sentence` | the word before is "a"/"ad"/"in", and the marked sentence put the other one before the mention; or "da" before a first name ("andati da Osvaldo": going to someone's place), and the marked sentence put "a" or "in" | its preposition | "in mare a Bari" + "nella <a>regione</a>" → "in mare nella regione"; "sono andati da Osvaldo" + "in <a>sciopero</a>" → "sono andati in sciopero" |
| `locative_from_table` | a place of the table (`lang.it.places`), its Italian from the text alone, after "a"/"ad" for a town, the English preposition locative (in, into, to, at, inside, within) | the place's locative | "tornò a Bari" + "Cina" → "tornò in Cina"; "negli Stati Uniti"; "a Cuba" |
| `place_article` | a place of the table that takes an article and has none, anywhere but after a bare "in" whose locative has none, unless the marked sentence wrote it bare after the same word | the article, contracted | "di Bari" + "Germania" → "della Germania"; "visitò Cina" → "visitò la Cina"; "in tutta la Cina" |
| `title_article` | the text alone, a title before a name ("Professor Chomsky", "Generale George Washington") | the article, the title in lower case | "di Generale George Washington" → "del generale George Washington" |
| `subject_article` | the text alone, a bare common noun with no determiner in the English either, opening the sentence in both languages (a generic subject) | the definite article of its gender and number | "Studenti protestarono" → "Gli studenti protestarono" |
| `indefinite_dropped` | the text alone, an indefinite noun phrase after "come" for English "as" (a role) | no article | "come un ingegnere" → "come ingegnere" |

Then, as before, a definite article fuses with a simple preposition before
it ("di" + "il porto" → "del porto").

What the marked sentence gives is trusted: its article and its sense are
the translator's own in context (`translate.marked`), so the rules for a
text alone (titles, bare subjects, "come") do not touch it, and a place
the translator wrote bare after the same preposition stays bare ("il re di
Francia"). The limits are counted, not guessed (`Fit.action`):
`left_as_is` (nothing to do or no evidence), `locative_unclear` (a place
after "a" where the English preposition is not locative: "gave it to
France" wants "alla Francia"), `bare_noun_left` (a bare noun alone not in
subject position: "di persone" is right, "a persone" is not, and the two
are not told apart here).
"""

from __future__ import annotations

from dataclasses import dataclass

from coref_transfer.lang.it.articles import (
    article_kind,
    articulated,
    definite_article,
    match_case,
    plain_form,
    starts_with_vowel,
)
from coref_transfer.lang.it.places import Place, place

ACTIONS = (
    "preposition_from_sentence",
    "locative_from_table",
    "place_article",
    "title_article",
    "subject_article",
    "indefinite_dropped",
)
"""What `fit` may do, in `stats.json`'s `articles` block."""
SKIPS = ("place_bare_as_in_sentence", "locative_unclear", "bare_noun_left")
"""Why it left a case it looked at (counted too)."""
LOCATIVE_EN = frozenset(("in", "into", "to", "at", "inside", "within"))
"""English prepositions whose place Italian expresses with the locative ("in Francia")."""
LOCATIVE_IT = frozenset(("a", "ad", "in"))
PREPOSITIONS = frozenset(("di", "a", "ad", "da", "in", "su", "con", "per", "tra", "fra"))
"""Simple prepositions: what may stand before a mention and decide its article."""
"""Italian prepositions that differ between a town ("a Bari") and a country or a noun ("in Francia")."""
TITLES: dict[str, str] = {
    **{t: "Masc" for t in (
        "professor professore presidente generale maggiore colonnello capitano tenente sergente ammiraglio "
        "signor signore sig. dottor dottore dott. ministro senatore deputato governatore sindaco giudice "
        "avvocato ingegnere ing. architetto principe re conte duca barone cardinale vescovo imperatore "
        "ambasciatore commissario ispettore agente detective reverendo"
    ).split()},
    **{t: "Fem" for t in (
        "professoressa signora sig.ra dottoressa ministra senatrice principessa regina contessa duchessa "
        "baronessa imperatrice ispettrice"
    ).split()},
}
"""Titles that take the definite article before a name ("il professor Rossi", "la regina Elisabetta").
Not: papa, san(to), santa, don, padre, suor, fra, madre ("papa Francesco", "padre Pio")."""
_OPENERS = " \"'«“‘([—–-"


@dataclass(frozen=True)
class Context:
    """What `fit` knows of one mention besides its text and the word before its placeholder."""

    source: str
    """`sentence` (read in the marked sentence), `alone`, or `table` (a pronoun's form: left as it is)."""
    town: bool = False
    """The placeholder is a town (a feminine thing's name), which takes "a" ("a Bari")."""
    first_name: bool = False
    """The placeholder is a first name (a person's, or a masculine thing's), which takes "da" for a
    place ("vado da Marco")."""
    preposition_it: str | None = None
    """The simple preposition the marked sentence put before the mention."""
    preposition_en: str | None = None
    """The English preposition right before the mention (lower case), if any."""
    gender: str | None = None
    """UD gender of the Italian noun phrase (its class), for an article it lacks."""
    number: str | None = None
    english_bare: bool = False
    """The English mention has no determiner, possessive or number before its root."""
    english_first: bool = False
    """The English mention opens its sentence."""
    italian_first: bool = False
    """The placeholder opens the Italian sentence."""


@dataclass(frozen=True)
class Fit:
    """The result for one mention."""

    preposition: str | None
    """What replaces the word before the placeholder (None: it stays)."""
    text: str
    """The mention's Italian; it carries an article contracted with the preposition ("della Germania")
    when the preposition fused (then `preposition` is "")."""
    action: str | None
    """One of `ACTIONS` or `SKIPS`, or None (nothing to look at)."""


def split_article(text: str) -> tuple[str | None, str]:
    """("la", "Cina") for "la Cina", ("l'", "Unione") for "l'Unione", (None, "Cina") for "Cina"."""
    lower = plain_form(text)
    for elided in ("l'", "un'"):
        if lower.startswith(elided):
            return elided, text[len(elided):].lstrip()
    first, _, rest = text.partition(" ")
    if rest and article_kind(first) is not None:
        return plain_form(first), rest
    return None, text


def with_article(article: str | None, rest: str) -> str:
    """The article before `rest`, elided without a space."""
    if not article:
        return rest
    return f"{article}{rest}" if article.endswith("'") else f"{article} {rest}"


def place_article(p: Place, rest: str) -> str | None:
    """The place's article as it stands before `rest` (its elided form before a vowel: "l'India")."""
    if p.article is None:
        return None
    if p.article in ("l'",) and not starts_with_vowel(rest):
        return definite_article(p.gender, p.number, rest)
    return p.article


def fit(before: str | None, text: str, ctx: Context) -> Fit:
    """The preposition and the text of one mention put back after the word `before` (None: none).

    The caller contracts a definite article of `Fit.text` with the (new)
    preposition before it (`contract`). See the module docstring for the steps.
    """
    if ctx.source == "table":
        return Fit(None, text, None)  # a pronoun's form by class: no article, no other preposition
    prev = plain_form(before) if before else None
    article, rest = split_article(text)
    found = place(rest) if rest[:1].isupper() else None
    evidence = ctx.preposition_it
    action: str | None = None
    new_prev: str | None = None
    # 1. The locative preposition: "a Bari" but "in Cina".
    if prev in ("a", "ad") and evidence == "in":
        new_prev, action = "in", "preposition_from_sentence"
    elif prev == "in" and evidence == "a":
        new_prev, action = "a", "preposition_from_sentence"
    elif prev == "da" and evidence in ("a", "in") and ctx.first_name:  # "andati da Osvaldo", "in sciopero"
        new_prev, action = evidence, "preposition_from_sentence"
    elif (
        prev in ("a", "ad") and evidence is None and ctx.town and found is not None
        and found.kind != "organization" and article is None
    ):
        if ctx.preposition_en not in LOCATIVE_EN:
            action = "locative_unclear"
        else:
            first, _, named = found.locative.partition(" ")
            if plain_form(first) in LOCATIVE_IT:  # "in Francia", "a Cuba": a bare preposition, the bare name
                return Fit(_case(before, first), named, "locative_from_table")
            return Fit("", _case(before, found.locative[:1]) + found.locative[1:], "locative_from_table")
    preposition = new_prev if new_prev is not None else prev
    preposition = preposition if preposition in PREPOSITIONS else None
    # 2. The place's article: "della Germania", "visitò la Cina", but "in Francia".
    if found is not None:
        if article is None and found.article is not None:
            bare_in = preposition == "in" and found.locative.split()[0] == "in"
            if bare_in:
                pass
            elif ctx.source == "sentence" and evidence == preposition and preposition != "in":
                action = action or "place_bare_as_in_sentence"
            else:
                article, action = place_article(found, rest), action or "place_article"
    # 3-5. A text alone: a title, a bare generic subject, a role after "come".
    elif ctx.source == "alone":
        title = _title(rest) if article is None else None
        if title is not None:
            rest = rest[:1].lower() + rest[1:]
            article, action = definite_article(TITLES[title], "Sing", rest), "title_article"
        elif article is None and ctx.english_bare and ctx.gender and ctx.number and rest[:1].islower():
            if ctx.english_first and ctx.italian_first:
                article, action = definite_article(ctx.gender, ctx.number, rest), "subject_article"
            else:
                action = "bare_noun_left"
        elif article_kind(article or "") == "indefinite" and prev == "come" and ctx.preposition_en == "as":
            article, action = None, "indefinite_dropped"
    return Fit(_case(before, new_prev) if new_prev is not None else None, with_article(article, rest), action)


def _title(rest: str) -> str | None:
    """The title (a key of `TITLES`) when `rest` opens with one before a capitalised name
    ("Professor Chomsky", "Maggior generale Lafayette"), else None."""
    words = rest.split()
    for n in (2, 1):
        if len(words) > n and words[n][:1].isupper():
            key = plain_form(words[n - 1])
            if key in TITLES and (n == 1 or plain_form(words[0]) in ("maggior", "vice", "ex")):
                return key
    return None


def _case(model: str | None, word: str) -> str:
    return match_case(model, word) if model and word else word


def _case_locative(model: str | None, locative: str) -> str:
    """The locative phrase with the case of the word it replaces ("A" → "In Francia")."""
    return match_case(model, locative[:1]) + locative[1:] if model and model[:1].isupper() else locative


def contract(preposition: str, text: str) -> str | None:
    """`di` + `il porto` → `del porto`; None when the text does not start with a definite article."""
    lower = text.lower()
    if lower.startswith(("l'", "l’")):
        fused = articulated(preposition, "l'")
        return None if fused is None else fused + text[2:]
    article, _, rest = text.partition(" ")
    fused = articulated(preposition, article) if rest else None
    return None if fused is None else f"{fused} {rest}"


def opens_sentence(text_before: str) -> bool:
    """Whether only opening quotes, brackets or dashes stand before a position."""
    return not text_before.strip(_OPENERS)
