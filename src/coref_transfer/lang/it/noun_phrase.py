"""Gender and number of an Italian noun phrase: what a mention's translation says about its class.

The translate stage translates each noun mention alone ("the foundation" →
"la fondazione") before it draws the mention's placeholder, and reads here
the gender and number Italian agreement will follow, by this precedence:

1. **Determiner** before the head, by table (`articles`, `morphology`): the
   definite and indefinite articles (la, gli, un', …), the demonstratives
   (questa, quei, …) and the possessives (sua, suoi, …; "loro" is invariant
   and says nothing). A determiner is the surest sign, as Italian makes it
   agree with its noun whatever the noun's ending ("la crisi", "le crisi",
   "il problema"). Elided forms (l', quest', quell') tell the number only.
2. **Head noun's morphology** from the parser (`Gender`, `Number` features
   of the phrase's root, a NOUN); then an adjective that modifies it
   ("rivale più piccolo": masculine), which agrees with it.
3. **The noun's form** for a noun the parser leaves without a feature:
   `lang.it.noun_forms.noun_form_evidence`, the same reading of a written
   form the refinement rules use (the noun lexicon built from the UD
   training files, derivational suffixes, the lists of nouns whose ending
   misleads: "girovita", "mano"), so that a fix there reaches both.
4. **Names.** A proper name (PROPN head, or the English mention's root is a
   proper noun, NNP/NNPS) takes only what a determiner says
   ("la Fiat", "gli Stati Uniti"): the parser's features on names are
   guesses. A country, region or body of the place table
   (`lang.it.places`: "il Canada", "l'Unione Sovietica", "gli Stati Uniti")
   takes the table's gender and number where no determiner gives a gender
   (an elided "l'" tells the number only). Without a determiner, a place name (the English mention is a
   GPE entity: cities, regions, countries named bare) is feminine singular
   by the Italian convention that city names are feminine ("Bologna è
   stata generosa", "Milano è bella": *la città di* Bologna); a person's
   name says nothing (the English first name and the cluster decide).
5. **Pronouns.** A phrase with no noun whose head is a pronoun ("ciò",
   "questo", "tutti loro", the translation of "that" or "all of them") takes
   the pronoun's own gender and number (demonstratives by table, others from
   the parser), so the placeholder agrees as the words put back do.
6. **Quantities of number.** "migliaia di fan", "una decina di persone":
   the noun after "di" is what the phrase's pronouns and agreement
   follow (`word_classes.NUMERIC_QUANTITIES`), so it is read as the head.
7. **Coordination.** A head with coordinated conjuncts ("le auto e le case")
   is plural, feminine only if every conjunct is (Italian agreement:
   "Maria e Laura sono arrivate", "Maria e Paolo sono arrivati").

Limits: a country or region missing from the place table is read as a
city (feminine); rivers, mountains and seas are not in the table. A phrase whose
root is not a noun or a name (a parse gone wrong, an adjective alone) is
reported `unanalysed` and left to the English root and the cluster vote.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from coref_transfer.class_values import UD_GENDER, UD_NUMBER
from coref_transfer.lang.it.articles import DEFINITE_ARTICLES, INDEFINITE_ARTICLES, article_kind, plain_form
from coref_transfer.lang.it.morphology import POSSESSIVES, demonstrative_features
from coref_transfer.lang.it.noun_forms import noun_form_evidence
from coref_transfer.lang.it.places import Place, place
from coref_transfer.lang.it.word_classes import NUMERIC_QUANTITIES
from coref_transfer.model import span_root
from coref_transfer.parsed import ParsedSentence

#: English entity labels whose bare Italian name is feminine (city names; see the docstring, point 4).
FEMININE_PLACE_LABELS = frozenset(("GPE",))


class Lexicon(Protocol):
    """What the analysis needs of a noun lexicon (`lang.it.nouns.NounLexicon`)."""

    def lookup(self, form: str) -> tuple[str | None, str | None]: ...


def _determiner_table() -> dict[str, tuple[str | None, str]]:
    """Every article, demonstrative and possessive form → (gender or None, number), class values."""
    table: dict[str, set[tuple[str, str]]] = {}
    for (gender, number), forms in DEFINITE_ARTICLES.items():
        for form in forms.values():
            table.setdefault(form, set()).add((gender, number))
    for gender, forms in INDEFINITE_ARTICLES.items():
        for form in forms.values():
            table.setdefault(form, set()).add((gender, "Sing"))
    for forms in POSSESSIVES.values():
        for (gender, number), form in forms.items():
            table.setdefault(form, set()).add((gender, number))
    out: dict[str, tuple[str | None, str]] = {}
    for form, values in table.items():
        genders = {g for g, _ in values}
        numbers = {n for _, n in values}
        if len(numbers) > 1:
            continue  # "loro": invariant, says nothing
        out[form] = (UD_GENDER[genders.pop()] if len(genders) == 1 else None, UD_NUMBER[numbers.pop()])
    return out


DETERMINERS = _determiner_table()


def determiner_features(word: str) -> tuple[str | None, str] | None:
    """(gender or None, number) of a determiner form, None for any other word.

    "la" → ("fem", "sing"), "l'" → (None, "sing"), "quegli" → ("masc", "plur"),
    "sue" → ("fem", "plur"), "loro" → None.
    """
    plain = plain_form(word)
    if plain in DETERMINERS:
        return DETERMINERS[plain]
    demonstrative = demonstrative_features(plain)
    if demonstrative is not None:
        _, gender, number = demonstrative
        return (UD_GENDER[gender] if gender else None, UD_NUMBER[number])
    return None


@dataclass(frozen=True)
class PhraseFeatures:
    """The gender and number an Italian noun phrase agrees in (None: not known)."""

    gender: str | None
    number: str | None
    gender_source: str | None
    """Where the gender came from: determiner, noun, adjective, lexicon, pronoun, place_name,
    coordination; `name` (a name that says nothing), `unanalysed`, or None (not known)."""
    number_source: str | None
    head: int | None
    """Index of the phrase's head token (None: unanalysed)."""
    proper: bool = False
    """The head is a proper name."""


UNANALYSED = PhraseFeatures(None, None, "unanalysed", "unanalysed", None)


_NOT_HEADS = frozenset(("ADP", "PUNCT", "DET", "ADJ", "NUM", "CCONJ", "SCONJ", "ADV"))
"""Parts of speech the word after an opening article cannot head the phrase with."""


def _head(parsed: ParsedSentence) -> int | None:
    """The phrase's head: its syntactic root if a noun or name, else the word after an opening article
    (a noun the parser took for a verb), else its first noun or name, else a pronoun root (None: no such word)."""
    tokens = parsed.tokens
    if not tokens:
        return None
    root = span_root([t.head for t in tokens], 0, len(tokens) - 1)
    if root is not None and tokens[root].upos in ("NOUN", "PROPN"):
        return root
    if (
        len(tokens) > 1
        and determiner_features(tokens[0].text) is not None
        and (
            tokens[1].upos not in _NOT_HEADS
            or (len(tokens) == 2 and tokens[1].upos == "ADJ" and tokens[1].text.isalpha())
            or (
                len(tokens) == 2
                and tokens[1].upos in ("DET", "X")
                and tokens[1].text.isalpha()
                and tokens[1].text.islower()
                and determiner_features(tokens[1].text) is None
                and article_kind(tokens[1].text) is None
            )  # "la vodka" with "vodka" tagged DET: the word after an article, alone, is its noun (issue 38)
        )
    ):
        # "le scarpette da ballo" parsed with a verb root, "le formiche" with "formiche" an adjective:
        # the word after the article heads it (alone after it, an adjective is a noun: "i poveri")
        return 1
    for i, token in enumerate(tokens):
        if token.upos in ("NOUN", "PROPN"):
            return i
    if root is not None and tokens[root].upos == "PRON":
        return root
    return None


def _pronoun_features(parsed: ParsedSentence, head: int) -> PhraseFeatures:
    token = parsed.tokens[head]
    table = determiner_features(token.text)
    gender, number = table if table is not None else (None, None)
    if gender is None and token.feats.get("Gender") in UD_GENDER:
        gender = UD_GENDER[token.feats["Gender"]]
    if number is None and token.feats.get("Number") in UD_NUMBER:
        number = UD_NUMBER[token.feats["Number"]]
    return PhraseFeatures(gender, number, "pronoun" if gender else None, "pronoun" if number else None, head)


def _conjuncts(parsed: ParsedSentence, head: int) -> list[int]:
    return [
        i for i, t in enumerate(parsed.tokens) if t.head == head and t.deprel == "conj" and t.upos in ("NOUN", "PROPN")
    ]


def _own_features(
    parsed: ParsedSentence, head: int, lexicon: Lexicon | None, proper: bool
) -> tuple[str | None, str | None, str | None, str | None]:
    """(gender, number, their sources) of one noun or name from its determiner, features, lexicon."""
    gender = number = gender_source = number_source = None
    for i in range(head - 1, -1, -1):  # the nearest determiner before the head
        features = determiner_features(parsed.tokens[i].text)
        if features is not None:
            gender, number = features
            gender_source = "determiner" if gender else None
            number_source = "determiner"
            break
        if parsed.tokens[i].upos in ("ADP", "VERB", "NOUN", "PROPN", "PUNCT"):
            break  # beyond the head's own modifiers
    if proper:
        return gender, number, gender_source, number_source
    token = parsed.tokens[head]
    if gender is None and token.feats.get("Gender") in UD_GENDER:
        gender, gender_source = UD_GENDER[token.feats["Gender"]], "noun"
    if number is None and token.feats.get("Number") in UD_NUMBER:
        number, number_source = UD_NUMBER[token.feats["Number"]], "noun"
    for i, dependent in enumerate(parsed.tokens):
        if dependent.head != head or dependent.deprel != "amod" or dependent.upos != "ADJ":
            continue
        if gender is None and dependent.feats.get("Gender") in UD_GENDER:
            gender, gender_source = UD_GENDER[dependent.feats["Gender"]], "adjective"
        if number is None and dependent.feats.get("Number") in UD_NUMBER:
            number, number_source = UD_NUMBER[dependent.feats["Number"]], "adjective"
    if gender is None or number is None:
        # the noun's written form, as the refinement rules read it (`noun_forms`: the lexicon, suffixes,
        # the lists of nouns whose ending misleads), so that one fix reaches the classes and the rules
        form = noun_form_evidence(token.text, token.lemma, lexicon)  # type: ignore[arg-type]
        if gender is None and form.gender is not None:
            gender, gender_source = UD_GENDER[form.gender], _FORM_SOURCE.get(form.gender_source, "form")
        if number is None and form.number is not None:
            number, number_source = UD_NUMBER[form.number], _FORM_SOURCE.get(form.number_source, "form")
    return gender, number, gender_source, number_source


#: How `noun_form_evidence`'s sources are named in the analysis counts (the lexicon keeps its old name).
_FORM_SOURCE = {"lexicon": "lexicon", "singular in the lexicon": "lexicon"}


def _place(parsed: ParsedSentence) -> Place | None:
    """The country, region or body the phrase names, its article aside, its longest name first
    ("l'Ohio nord-orientale" names the Ohio; `lang.it.places`)."""
    words = [t.text for t in parsed.tokens]
    while words and determiner_features(words[0]) is not None:
        words = words[1:]
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n])
        if name[:1].isupper() and (found := place(name)) is not None:
            return found
    return None


def phrase_features(
    parsed: ParsedSentence,
    lexicon: Lexicon | None = None,
    entity_label: str | None = None,
    english_proper: bool = False,
) -> PhraseFeatures:
    """What the parsed Italian phrase says about the gender and number it agrees in.

    Args:
        parsed: the phrase, parsed on its own (a mention's translation).
        lexicon: the noun lexicon, the back-off for a bare noun (None: none).
        entity_label: the English mention's named-entity label at its root, if any.
        english_proper: the English mention's root is a proper noun (NNP, NNPS).
    """
    head = _head(parsed)
    if head is None:
        return UNANALYSED
    if parsed.tokens[head].upos == "PRON":
        return _pronoun_features(parsed, head)
    tokens = parsed.tokens
    if (
        tokens[head].upos == "PROPN"
        and head >= 2
        and tokens[head - 1].upos == "NOUN"
        and tokens[head - 1].text.islower()
        and determiner_features(tokens[head - 2].text) is not None
    ):
        # "Il torneo Spitfire", "la nave Titanic": the common noun before the name, with its article, is what
        # the phrase agrees with (issue 38: "Il torneo Spitfire … è stato", not the cluster's feminine)
        return phrase_features_of_common_noun(parsed, head - 1, lexicon)
    quantified = _quantified(parsed, head)
    if quantified is not None:
        # "migliaia di fan": the fans, not the thousands, are what the phrase's pronouns and agreement follow
        # ("creati da loro stessi", not "da esse stesse"; issue 38, sixth set)
        return phrase_features_of_common_noun(parsed, quantified, lexicon)
    proper = parsed.tokens[head].upos == "PROPN" or english_proper
    gender, number, gender_source, number_source = _own_features(parsed, head, lexicon, proper)
    conjuncts = _conjuncts(parsed, head)
    if conjuncts:
        genders = [gender] + [_own_features(parsed, c, lexicon, parsed.tokens[c].upos == "PROPN")[0] for c in conjuncts]
        if "masc" in genders:
            gender = "masc"
        elif all(g == "fem" for g in genders):
            gender = "fem"
        else:
            gender = None
        return PhraseFeatures(gender, "plur", "coordination" if gender else None, "coordination", head, proper)
    if proper and gender is None:
        known = _place(parsed)
        if known is not None:  # "l'Unione Sovietica", "Canada": the place table's gender and number
            return PhraseFeatures(
                UD_GENDER[known.gender],
                UD_NUMBER[known.number],
                "place_table",
                number_source or "place_table",
                head,
                proper,
            )
    if proper and gender is None and number is None:
        if entity_label in FEMININE_PLACE_LABELS:
            return PhraseFeatures("fem", "sing", "place_name", "place_name", head, proper)
        return PhraseFeatures(None, None, "name", "name", head, proper)
    return PhraseFeatures(gender, number, gender_source, number_source, head, proper)


#: Parts of speech no noun after a quantity's "di" has ("migliaia di questi", "decine di altri").
_NOT_NOUNS = frozenset(("DET", "PRON", "NUM", "PUNCT", "CCONJ", "SCONJ", "VERB", "AUX"))


def _quantified(parsed: ParsedSentence, head: int) -> int | None:
    """The noun after "di" when the head is a quantity noun of number ("migliaia di fan" → "fan"), else None."""
    tokens = parsed.tokens
    if plain_form(tokens[head].text) not in NUMERIC_QUANTITIES or head + 2 >= len(tokens):
        return None
    after = tokens[head + 2]
    if plain_form(tokens[head + 1].text) not in ("di", "d'") or not after.text.isalpha() or after.upos in _NOT_NOUNS:
        return None  # "migliaia di questi": no noun after "di" (a parser may tag a loanword ADP: "di fan")
    further = _quantified(parsed, head + 2)  # "centinaia di milioni di vite": the lives
    return further if further is not None else head + 2


def phrase_features_of_common_noun(parsed: ParsedSentence, head: int, lexicon: Lexicon | None) -> PhraseFeatures:
    """`phrase_features` with the common noun at `head` as the head, whatever the English's proper noun."""
    gender, number, gender_source, number_source = _own_features(parsed, head, lexicon, False)
    return PhraseFeatures(gender, number, gender_source, number_source, head, False)


def analyse(
    parsed: Sequence[ParsedSentence],
    lexicon: Lexicon | None,
    entity_labels: Sequence[str | None],
    english_proper: Sequence[bool],
) -> list[PhraseFeatures]:
    """`phrase_features` of many parsed phrases."""
    return [
        phrase_features(p, lexicon, label, proper) for p, label, proper in zip(parsed, entity_labels, english_proper)
    ]
