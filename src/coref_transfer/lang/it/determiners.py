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
| `article_before_placeholder` | the word before is an article (not elided) and the mention's text opens with one (not elided): the sentence's article translates an English word outside the mention | the mention's article in its place, outside the span | "Metti un Fulvio" + "<a>un dito</a>" (one finger) → "Metti un ⟦dito⟧" |
| `preposition_from_sentence` | the word before is one of "a", "in", "su", "da" (`SWAPPABLE`: their choice depends on the noun), not part of a compound preposition ("fino a"), and the marked sentence put another of them, or a preposition that does not fuse ("durante", "verso", `OTHER_PREPOSITIONS`), before the mention; or a comma, where the marked sentence fused "in" with the mention's article; after "fino a", a preposition that does not fuse replaces the compound whole | its preposition | "in mare a Bari" + "nella <a>regione</a>" → "in mare nella regione"; "sono andati da Osvaldo" + "in <a>sciopero</a>" → "sono andati in sciopero"; "a Cambridge, Eusebio" + "nel <b>Massachusetts</b>" → "a Cambridge, nel Massachusetts"; "a Baghdad, Goffredo" + "in <b>Iraq</b>" → "a Baghdad, in Iraq"; "fino ad Aurelio" + "verso <b>est</b>" → "verso est" |
| `preposition_from_sentence` (a town's "a") | the word before is "a", "ad" or "in" before a town placeholder and the marked sentence put "di" | "di" | "le scuole a Bari" + "della <a>provincia</a>" → "le scuole della provincia" |
| `preposition_in_coordination` | the word before is "e" or "o" (not right after a preposition), and the marked sentence repeated a simple preposition before this conjunct | that preposition after the conjunction | "dalla Spagna e Bari" + "e dalla <b>Francia</b>" → "dalla Spagna e dalla Francia" |
| `locative_from_table` | a place of the table (`lang.it.places`), its Italian from the text alone, after "a"/"ad" for a town, the English preposition locative (in, into, to, at, inside, within) | the place's locative | "tornò a Bari" + "Cina" → "tornò in Cina"; "negli Stati Uniti"; "a Cuba" |
| `place_article` | a place of the table that takes an article and has none: from the marked sentence where it stands after another word than there; from the text alone after a preposition that fuses with the article ("di", "a", "da", "su", `FUSING`) or after "tutto" | the article, contracted | "di Bari" + "<a>Germania</a>" → "della Germania"; "visitò Bari" + "in <a>Cina</a>" → "visitò la Cina"; "fuggirono da Texas" → "fuggirono dal Texas"; "in tutta la Cina" |
| `title_article` | the text alone, a title before a name ("Professor Chomsky", "Generale George Washington"), after a fusing preposition | the article, the title in lower case | "di Generale George Washington" → "del generale George Washington" |
| `generic_subject_article` | the text alone, one plural noun the English wrote bare as its clause's subject before its verb (`Context.bare`, `lang.en.bare_nouns`), the Italian placeholder opening a clause (first, or after punctuation, a conjunction or "che", `CLAUSE_OPENERS`) | the definite article of the noun's gender (the noun lexicon, else its ending) | "Giulia e Paolo protestarono" + "Studenti" → "Gli studenti protestarono" |
| `role_article` | the text alone, a party the English names by its role ("Appellant", "Respondent") | the definite article, the role in lower case | "Ma Appellante" → "Ma l'appellante"; "di Resistente" → "del resistente" |

Then, as before, a definite article fuses with a simple preposition before
it ("di" + "il porto" → "del porto").

What the marked sentence gives is trusted: its article and its sense are
the translator's own in context (`translate.marked`), so the rule for a
text alone (titles) does not touch it, and a place the translator wrote
bare after the same preposition stays bare ("il re di Francia").

Where the evidence is weak the text is left as it is, and counted
(`SKIPS`): `place_bare_as_in_sentence` (above), `locative_unclear` (a place
after "a" where the English preposition is not locative: "gave it to
France" wants "alla Francia"), `place_in_coordination`
(after "e", "o", a comma or a bracket, or before "e" or "o": "tra Francia
e Germania", "in Francia e Irlanda" share one preposition and often no
article, and the two conjuncts must not differ), `place_unfused` and
`title_unfused` (a place or a title alone that no fusing preposition
precedes: at the start, after a verb, after "con", "per", "tra", "come";
gold Italian writes them bare there often enough — headlines, lists,
sports, addresses in parliament, "era presidente X" — that the text alone
is left, and the marked sentence trusted for them), `place_named_organization`
(the English says organisation, the table a region: "la Lazio" is a club;
the table's article and locative are left, the marked sentence's preposition
still replaces a town's: "a Corea del Sud" → "in Corea del Sud", a country
GUM annotates as an organisation).

A generic subject is skipped, and counted, where the Italian placeholder
does not open a clause (`bare_not_initial`), the text holds a conjunction
(`bare_in_coordination`) or more than one word (`bare_modified`: "Misure
legislative possono" is written bare in gold Italian too), or the noun's
gender or plural is not known (`bare_noun_unknown`: "uragani", the
invariable "città").

Measured (`translate.determiners_eval`): a bare generic subject told from
the Italian alone ("Studenti protestarono") and "come un ingegnere" for "as
an engineer" were rules before; on UD gold text they changed correct
Italian far more often than they would repair anything ("Notizie dal
mondo", "come un insulto"), so they were removed. The generic subject came
back with the English evidence above and the skips, which leave gold text
alone (`refine-eval --harm`).
"""

from __future__ import annotations

from dataclasses import dataclass

from coref_transfer.lang.it.articles import (
    OTHER_PREPOSITIONS,
    SIMPLE_PREPOSITIONS,
    article_kind,
    contract,
    definite_article,
    match_case,
    plain_form,
    simple_preposition,
    starts_with_vowel,
)
from coref_transfer.lang.it.noun_forms import noun_form_evidence
from coref_transfer.lang.it.nouns import shipped_lexicon
from coref_transfer.lang.it.places import Place, place
from coref_transfer.lang.it.word_classes import TUTTO

ACTIONS = (
    "preposition_from_sentence",
    "preposition_in_coordination",
    "locative_from_table",
    "place_article",
    "title_article",
    "generic_subject_article",
    "role_article",
    "article_before_placeholder",
)
"""What `fit` may do, in `stats.json`'s `articles` block."""
SKIPS = (
    "place_bare_as_in_sentence",
    "locative_unclear",
    "place_in_coordination",
    "place_unfused",
    "place_named_organization",
    "title_unfused",
    "bare_not_initial",
    "bare_in_coordination",
    "bare_modified",
    "bare_noun_unknown",
)
"""Why it left a case it looked at (counted too)."""
LOCATIVE_EN = frozenset(("in", "into", "to", "at", "inside", "within"))
"""English prepositions whose place Italian expresses with the locative ("in Francia")."""
INSIDE_EN = frozenset(("in", "into", "inside", "within"))
"""English prepositions of being inside: the only locative ones for an organisation ("in NATO", "nella NATO";
"to NATO" is "alla NATO")."""
FUSING = frozenset(("di", "a", "ad", "da", "su", "in"))
"""Simple prepositions that fuse with a definite article ("della", "dal", "sulla"): before a definite noun
phrase Italian writes the fused form, so a text alone after one of them takes its article."""
_ALL = frozenset(TUTTO)
"""Words after which a place takes its article whatever the source ("in tutta la Cina")."""
COORDINATORS = frozenset(("e", "ed", "o", "od", "né", ",", "(", ":", "/", "-", "–", "—"))
"""Words after which a place alone keeps what it has (a shared preposition, an apposition)."""
LOCATIVE_IT = frozenset(("a", "ad", "in"))
"""Italian prepositions that differ between a town ("a Bari") and a country or a noun ("in Francia")."""
# fmt: off
COMPOUND_HEADS = frozenset(("fino", "vicino", "accanto", "intorno", "davanti", "insieme", "oltre", "rispetto",
                            "grazie", "prima", "dopo", "dentro", "fuori", "lontano", "sopra", "sotto", "dietro",
                            "riguardo", "quanto", "mezzo", "base", "seguito", "modo"))
# fmt: on
"""Words a/di/da/in/su follow in a compound preposition ("fino a", "vicino a", "in base a"): the simple
preposition is then not the noun's alone, and is not replaced."""
TOWN_LOCATIVES = frozenset(("a", "ad", "in"))
"""What a translator writes before a town ("le scuole a Bari"), where the marked sentence's "di" ("le scuole
della provincia") is the noun's own: a town's locative was the placeholder's doing."""
SHARED_COORDINATORS = frozenset(("e", "ed", "o", "od"))
"""Conjunctions after which the marked sentence may repeat a preposition ("dalla Spagna e dalla Francia")."""
SWAPPABLE = frozenset(("a", "ad", "in", "su", "da"))
"""Prepositions whose choice depends on the noun after them: a town takes "a", a country "in", a first name
"da" for someone's place ("andati da Osvaldo"), a tour "in tournée"; where the placeholder sentence and the
marked sentence put two different ones, the marked sentence's is the noun's own."""
CLAUSE_OPENERS = frozenset(
    {",", ";", ":", "(", "—", "–", "-", '"', "«", "“", "e", "ed", "ma", "o", "che", "perché", "quando", "se",
     "mentre", "dove", "poiché", "siccome", "sebbene", "benché", "anche", "però", "quindi", "infatti", "così",
     "allora", "ora", "oggi", "spesso", "poi"}
)  # fmt: skip
"""Words after which a clause may open with its subject: a generic subject takes its article there."""
APPOSITION = frozenset((",",))
"""A word after which a name is apposed ("Cambridge, Massachusetts")."""
NAME_ARTICLES = frozenset(("La", "Le", "Lo", "Il", "Los", "Las", "El", "Les"))
"""Articles that open a foreign or Italian name as part of it ("Le Corbusier", "La Guardia")."""
TITLES: dict[str, str] = {
    **{
        t: "Masc"
        for t in (
            "professor professore presidente generale maggiore colonnello capitano tenente sergente ammiraglio "
            "signor signore sig. dottor dottore dott. ministro senatore deputato governatore sindaco giudice "
            "avvocato ingegnere ing. architetto principe re conte duca barone cardinale vescovo imperatore "
            "ambasciatore commissario ispettore agente detective reverendo"
        ).split()
    },
    **{
        t: "Fem"
        for t in (
            "professoressa signora sig.ra dottoressa ministra senatrice principessa regina contessa duchessa "
            "baronessa imperatrice ispettrice"
        ).split()
    },
}
"""Titles that take the definite article before a name ("il professor Rossi", "la regina Elisabetta").
Not: papa, san(to), santa, don, padre, suor, fra, madre ("papa Francesco", "padre Pio")."""


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
    preposition_fused: bool = False
    """The marked sentence fused that preposition with the mention's article ("nel <a>Massachusetts</a>")."""
    organization: bool = False
    """The English named-entity layer says the mention is an organisation: a club or firm named after a place
    ("Lazio", "la Lazio" the club) does not take the place's article."""
    person: bool = False
    """The English named-entity layer says the mention is a person ("Moravia" the writer, not the region):
    the place table does not apply."""
    name_article: bool = False
    """The text's leading article is part of a name the English has too ("L'Enfant", "Le Corbusier"): it is not
    contracted with a preposition ("a L'Enfant", not "all'Enfant")."""
    bare: str | None = None
    """The English is a noun phrase with no article where Italian writes one (`lang.en.bare_nouns.bare_kind`):
    `generic_subject` ("Students protested") or `role_name` ("Appellant argues"); None: neither."""


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
    fuse: bool = True
    """Whether a definite article of `text` fuses with a simple preposition before it (`joined`)."""
    words_before: int = 1
    """How many words before the placeholder `preposition` replaces: 2 for a compound preposition the marked
    sentence's own replaces whole ("fino ad Aurelio" + "verso <b>est</b>" → "verso est")."""


def name_keeps_article(english: str, italian: str) -> bool:
    """Whether the Italian opens with an article the English name has too ("L'Enfant", "La Guardia"): it is
    the name's own, not contracted with a preposition (`Context.name_article`)."""
    first_en, first_it = english.split(" ")[0], italian.split(" ")[0]
    if first_en[:2] in ("L'", "L’") and first_en[2:3].isupper():
        return first_it[:2] in ("L'", "L’") and first_it[2:] == first_en[2:]
    return first_en == first_it and first_en in NAME_ARTICLES


def split_article(text: str) -> tuple[str | None, str]:
    """("la", "Cina") for "la Cina", ("l'", "Unione") for "l'Unione", (None, "Cina") for "Cina"."""
    lower = plain_form(text)
    for elided in ("l'", "un'"):
        if lower.startswith(elided):
            return elided, text[len(elided) :].lstrip()
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
    if p.article == "l'" and not starts_with_vowel(rest):
        return definite_article(p.gender, p.number, rest)
    return p.article


def fit(before: str | None, text: str, ctx: Context, after: str | None = None, before2: str | None = None) -> Fit:
    """The preposition and the text of one mention put back after the word `before` (None: none),
    `after` the word after the placeholder and `before2` the word before `before` (None: none).

    The caller contracts a definite article of `Fit.text` with the (new)
    preposition before it (`contract`). See the module docstring for the steps.
    """
    if ctx.source == "table":
        return Fit(None, text, None)  # a pronoun's form by class: no article, no other preposition
    if ctx.name_article:
        return Fit(None, text, None, fuse=False)  # "L'Enfant": the article is the name's own
    if before is not None and article_kind(before) is not None and not before.endswith(("'", "’")):
        own, noun = split_article(text)
        if own is not None and not own.endswith("'"):
            # "Metti un Fulvio" + "<a>un dito</a>" (one finger, the English mention "finger"): the sentence's
            # article stands for a word outside the mention; the mention's own agrees with its noun, and
            # replaces it outside the span ("Metti un dito", not "un un dito"; issue 38, sixth set)
            return Fit(_case(before, own), noun, "article_before_placeholder", fuse=False)
    prev = plain_form(before) if before else None
    article, rest = split_article(text)
    found = place(rest) if rest[:1].isupper() and not ctx.person else None
    evidence = ctx.preposition_it
    action: str | None = None
    if found is not None and ctx.organization and found.kind != "organization":
        # "la Lazio" (a club), "Texas Instruments": not the place of the table, whose article and locative are
        # left alone; the marked sentence's own preposition still applies ("a Bari" + "in <b>Corea del
        # Sud</b>", a country the English annotates as an organisation: "in Corea del Sud"; issue 38)
        found, action = None, "place_named_organization"
    new_prev: str | None = None
    # 1. The preposition: "a Bari" but "in Cina"; the one the marked sentence put before the noun.
    compound = plain_form(before2 or "") in COMPOUND_HEADS
    if prev in SWAPPABLE and evidence in SWAPPABLE and simple_preposition(prev) != evidence and not compound:
        new_prev, action = evidence, "preposition_from_sentence"
    elif prev in TOWN_LOCATIVES and evidence == "di" and ctx.town and ctx.source == "sentence" and not compound:
        new_prev, action = evidence, "preposition_from_sentence"  # "le scuole a Bari" + "della provincia"
    elif (
        prev in SHARED_COORDINATORS
        and ctx.source == "sentence"
        and evidence in SIMPLE_PREPOSITIONS
        and plain_form(before2 or "") not in SIMPLE_PREPOSITIONS
    ):
        # "dalla Spagna e Bari" + "e <b>dalla Francia</b>": the marked sentence repeats the preposition
        fused = contract(evidence, text) if article is not None else None
        if fused is not None:
            return Fit(before, fused, "preposition_in_coordination", fuse=False)
        return Fit(f"{before} {evidence}", text, "preposition_in_coordination", fuse=False)
    elif prev in SWAPPABLE and evidence in OTHER_PREPOSITIONS and not compound:
        new_prev, action = evidence, "preposition_from_sentence"  # "sulla tournée" → "durante la tournée"
    elif prev in SWAPPABLE and evidence in OTHER_PREPOSITIONS and plain_form(before2 or "") == "fino":
        # "fino ad Aurelio" + "verso <b>est</b>": "fino a" and "verso" both say "to"; the marked sentence's
        # replaces the compound whole ("fino a verso est" and "fino ad est" are not Italian)
        return Fit(_case(before2, evidence), text, "preposition_from_sentence", words_before=2)
    elif prev in APPOSITION and evidence == "in" and ctx.preposition_fused and article is not None:
        fused = contract(evidence, text)  # "a Cambridge, Massachusetts": "a Cambridge, nel Massachusetts"
        if fused is not None:
            return Fit(None, fused, "preposition_from_sentence", fuse=False)
    elif prev in APPOSITION and evidence == "in" and not ctx.preposition_fused and article is None:
        # "a Baghdad, Goffredo" + "a Baghdad, in <b>Iraq</b>": the marked sentence's bare "in", and the place as
        # bare as it wrote it ("a Baghdad, in Iraq", not "a Baghdad, l'Iraq"; issue 38, sixth set)
        return Fit(f"{before} {evidence}", text, "preposition_from_sentence", fuse=False)
    elif prev in ("a", "ad") and evidence is None and ctx.town and found is not None and article is None:
        locative = INSIDE_EN if found.kind == "organization" else LOCATIVE_EN
        if ctx.preposition_en not in locative:
            action = "locative_unclear"
        else:
            first, _, named = found.locative.partition(" ")
            if plain_form(first) in LOCATIVE_IT:  # "in Francia", "a Cuba": a bare preposition, the bare name
                return Fit(_case(before, first), named, "locative_from_table")
            return Fit("", _case(before, found.locative[:1]) + found.locative[1:], "locative_from_table")
    preposition = new_prev if new_prev is not None else prev
    preposition = preposition if preposition in SIMPLE_PREPOSITIONS else None
    # 2. The place's article: "della Germania", "visitò la Cina", but "in Francia".
    if found is not None:
        if article is None and found.article is not None:
            if preposition == "in" and found.locative.split()[0] == "in":
                pass  # "in Francia": the locative takes no article
            elif ctx.source == "sentence" and evidence == preposition and preposition != "in":
                action = action or "place_bare_as_in_sentence"
            elif ctx.source == "alone" and (prev in COORDINATORS or plain_form(after or "") in ("e", "ed", "o")):
                action = action or "place_in_coordination"
            elif ctx.source == "alone" and preposition not in FUSING and prev not in _ALL:
                action = action or "place_unfused"
            else:
                article, action = place_article(found, rest), action or "place_article"
    # 3. A text alone: a generic subject or a role the English writes bare ("Gli studenti", "l'appellante").
    elif ctx.source == "alone" and ctx.bare is not None and article is None:
        article, rest, action = _bare_article(prev, rest, ctx.bare, before)
    # 4. A text alone: a title before a name.
    elif ctx.source == "alone":
        title = _title(rest) if article is None else None
        if title is not None and prev in FUSING:
            rest = rest[:1].lower() + rest[1:]
            article, action = definite_article(TITLES[title], "Sing", rest), "title_article"
        elif title is not None:
            action = "title_unfused"  # "era presidente X", "senatrice X," (an address), a headline
    return Fit(_case(before, new_prev) if new_prev is not None else None, with_article(article, rest), action)


def _bare_article(prev: str | None, rest: str, kind: str, before: str | None) -> tuple[str | None, str, str]:
    """(the article, the text after it, the action or skip) for a text alone the English wrote bare
    (`Context.bare`); the gender and number are the Italian noun's, from the noun lexicon."""
    first, _, others = rest.partition(" ")
    evidence = noun_form_evidence(first, None, shipped_lexicon())  # the lexicon, else the ending ("uragan-i")
    gender, number = evidence.gender, evidence.number
    if kind == "role_name":
        noun = first[:1].lower() + first[1:]  # "Appellante" is a role, written in lower case after the article
        # -ante, -ente: both genders, the masculine unmarked; -e singular, -i plural ("gli appellanti")
        gender, number = gender or "Masc", number or ("Plur" if noun.endswith("i") else "Sing")
        return definite_article(gender, number, noun), f"{noun} {others}".strip(), "role_article"
    if prev is not None and prev not in CLAUSE_OPENERS:
        return None, rest, "bare_not_initial"  # "ha visto studenti": the English subject is not the Italian's
    if any(plain_form(w) in ("e", "ed", "o", "od", "né") for w in rest.split()):
        return None, rest, "bare_in_coordination"
    if others:
        return None, rest, "bare_modified"  # "Misure legislative possono": gold Italian writes these bare too
    if gender is None or number != "Plur" or not evidence.shows_number:
        return None, rest, "bare_noun_unknown"  # "individualità" (invariable), "felicità" (a mass noun: often bare)
    article = definite_article(gender, number, first)
    if before is None and first[:1].isupper():  # the sentence's first word: "Gli studenti"
        article, rest = (
            article[:1].upper() + article[1:],
            first[:1].lower() + first[1:] + (f" {others}" if others else ""),
        )
    return article, rest, "generic_subject_article"


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


def joined(before: str | None, fitted: Fit) -> tuple[str, int, bool]:
    """What stands from the word before the placeholder (if it is replaced) through the mention.

    Returns:
        (the text, the characters of it before the mention, whether it replaces the word before).
        A definite article fuses with a simple preposition before it, and the fused word belongs
        to the mention ("del porto": offset 0); a bare preposition does not ("in Francia": offset 3).
    """
    if fitted.preposition is None:
        fused = contract(before, fitted.text) if before and fitted.fuse else None
        return (fused, 0, True) if fused is not None else (fitted.text, 0, False)
    if fitted.preposition == "":
        return fitted.text, 0, True
    fused = contract(fitted.preposition, fitted.text) if fitted.fuse else None
    if fused is not None:
        return fused, 0, True
    return f"{fitted.preposition} {fitted.text}", len(fitted.preposition) + 1, True
