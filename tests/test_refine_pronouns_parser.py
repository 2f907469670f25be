"""Pronoun and demonstrative rules with the project's shipped parser, on the failures of the spent test
set (issue 14, dev-t*) and on correct Italian they must leave alone.

The sentences are parsed by resources/models/it_ud_coref_transfer, as refine-text does, so the tests see
the parser's real mistakes with the 2nd person ("Decidete" as PROPN, "sapevi" as ADJ, tu as X), with
"dentro" (ADV) and "dietro" (hung on the verb), and with nouns tagged ADV ("studente").
"""

from __future__ import annotations

import pytest
from conftest import REPO

from coref_transfer.lang.it.morphology import second_person_guess
from coref_transfer.model import Mention, Span
from coref_transfer.parsing.backends import SpacyParser
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.demonstratives import DemonstrativeAgreement, DemonstrativePronoun
from coref_transfer.refine.it.pronouns import (
    CheSubjectPronoun,
    PrepositionDi,
    PrepositionPronoun,
    PronounNumberAgreement,
)

MODEL = REPO / "resources" / "models" / "it_ud_coref_transfer"


@pytest.fixture(scope="module")
def parser():
    return SpacyParser(MODEL)


def refine_with(parser, rule: Rule, text: str) -> str:
    """The sentence (space-separated tokens) after `rule` alone."""
    [parsed] = list(parser.parse([text.split()], progress=False))
    sentence = Sentence(parsed, [])
    rule.apply(sentence)
    return " ".join(sentence.words())


@pytest.mark.parametrize(
    "before, after",
    [
        ("Solo tu potete scegliere il regalo .", "Solo voi potete scegliere il regalo ."),
        ("Decidete tu dove andare stasera .", "Decidete voi dove andare stasera ."),
        ("Sei stato proprio voi a rompere il vaso ?", "Sei stato proprio tu a rompere il vaso ?"),
        ("Nemmeno voi lo sapevi ?", "Nemmeno tu lo sapevi ?"),
        ("Pagate tu o pago io ?", "Pagate voi o pago io ?"),
        ("Perfino voi hai pianto alla fine del film .", "Perfino tu hai pianto alla fine del film ."),
        ("Venite anche tu con me alla festa ?", "Venite anche voi con me alla festa ?"),
    ],
)
def test_number_agreement_reads_the_verb_off_the_words(parser, before, after):
    """io/tu/noi/voi the parser attached to no finite verb agree with the verb next to them."""
    assert refine_with(parser, PronounNumberAgreement(), before) == after


@pytest.mark.parametrize(
    "text",
    [
        "Lui e lei si sono sposati in primavera .",  # the plural belongs to the coordination
        "Venite anche voi alla festa ?",
        "Hai chiamato voi , non loro .",  # voi after a participle: the object
        "Abbiamo parlato con voi ieri .",
        "Tu sapevi tutto .",
    ],
)
def test_number_agreement_leaves_correct_italian(parser, text):
    assert refine_with(parser, PronounNumberAgreement(), text) == text


def test_second_person_guess():
    assert second_person_guess("decidete") == "Plur" and second_person_guess("sapevi") == "Sing"
    assert second_person_guess("parete") is None and second_person_guess("casa") is None


@pytest.mark.parametrize(
    "rule, before, after",
    [
        (PrepositionPronoun, "Fra tu e Luca , chi corre di più ?", "Fra te e Luca , chi corre di più ?"),
        (CheSubjectPronoun, "Spero che te stia bene .", "Spero che tu stia bene ."),
        (
            PrepositionDi,
            "I cani correvano dietro loro per tutta la strada .",
            "I cani correvano dietro di loro per tutta la strada .",
        ),
        (PrepositionDi, "Marco sentiva dentro sé una gioia enorme .", "Marco sentiva dentro di sé una gioia enorme ."),
    ],
)
def test_pronoun_rules_fix_the_parsers_misreadings(parser, rule, before, after):
    assert refine_with(parser, rule(), before) == after


@pytest.mark.parametrize(
    "before, after",
    [
        ("Quel studente ha vinto il premio .", "Quello studente ha vinto il premio ."),
        ("Questo crisi durerà ancora a lungo .", "Questa crisi durerà ancora a lungo ."),
        ("Quello film mi ha fatto ridere .", "Quel film mi ha fatto ridere ."),
        # albero parsed as a verb with lemma "albero": a noun the parser mistook
        ("Quello albero ha più di cento anni .", "Quell' albero ha più di cento anni ."),
    ],
)
def test_demonstrative_agreement_with_the_parser(parser, before, after):
    assert refine_with(parser, DemonstrativeAgreement(), before) == after


@pytest.mark.parametrize(
    "text",
    [
        "Non so se questa informazione sia vera .",  # optional elision: questa informazione is right
        "Abbiamo visitato questo edificio ieri .",
        "Quello era il problema .",
    ],
)
def test_demonstrative_agreement_leaves_correct_italian(parser, text):
    assert refine_with(parser, DemonstrativeAgreement(), text) == text


def test_demonstrative_pronoun_skips_the_object_of_a_verb_between(parser):
    """'gli investitori' is what worries, not what 'questa' is: the noun window does not count it."""
    text = "I prezzi sono saliti , e questa preoccupa gli investitori ."
    assert (
        refine_with(parser, DemonstrativePronoun(), text) == "I prezzi sono saliti , e ciò preoccupa gli investitori ."
    )


def test_demonstrative_pronoun_window_stops_at_the_clause(parser):
    """'bambino' belongs to the quando-clause, 'successo' is the participle: the pronoun becomes ciò."""
    text = "Quella è successo quando ero bambino ."
    assert refine_with(parser, DemonstrativePronoun(), text) == "Ciò è successo quando ero bambino ."


@pytest.mark.parametrize(
    "text",
    [
        "Tra le due borse preferisco quella rossa .",  # elliptic: quella (borsa) rossa
        "Tra le due giacche preferisco quella blu .",
        'Il contributo di tutta questa " innovazione " fu negativo .',
        # issue 38, fourth set (written for the project): a referent after "in", an agreeing predicate
        "Chi ha suonato in quella ?",
        "Era quella quella in cui hai vinto ?",
        # issue 38, third session: after its verb, one of a feminine plural set named before
        "Delle tre ricette ho provato questa .",
    ],
)
def test_demonstrative_pronoun_keeps_elliptic_phrases(parser, text):
    assert refine_with(parser, DemonstrativePronoun(), text) == text


@pytest.mark.parametrize(
    "rule, text",
    [
        # a participle after a pronoun: elliptic ("those transferred"), not an adjective + noun
        (DemonstrativeAgreement, "Hanno la precedenza quelli trasferiti lo scorso anno ."),
        # no clause before it: "questa" stands for a thing named earlier (a law), not an event
        (DemonstrativePronoun, "Questa stabilisce un termine di sei mesi per la domanda ."),
        # issue 38, fifth set: a feminine loanword of the list ("la location") is strong evidence against the parser
        (DemonstrativeAgreement, "Non vedo l' ora di vedere questa location ."),
        # issue 38, third session: an adjective in -i/-e of an elided noun, read by the parser as written
        # (the lexicon's "i comuni", the towns, is no evidence outside mentions)
        (DemonstrativeAgreement, "Queste tariffe sono quelle comuni a tutti gli operatori ."),
        # the parser hangs "comuni" on the pronoun "quelli" as its adjective: no "quei comuni" (the towns)
        (DemonstrativeAgreement, "I costi sono quelli comuni a tutti i soci ."),
        # issue 38, seventh set: "perché" is also a noun in the lexicon (il perché), here a conjunction
        (DemonstrativeAgreement, "Critico quello perché non mi convince ."),
    ],
)
def test_demonstratives_leave_correct_italian(parser, rule, text):
    assert refine_with(parser, rule(), text) == text


@pytest.mark.parametrize(
    "text",
    [
        # the parser and the demonstrative agree against the noun's form: no rewrite
        "Conosco bene quel sacerdote del paese .",
        # a comparison: "questa" stands for a question, not a fact
        "Risposte come questa arrivano ogni giorno .",
    ],
)
def test_demonstratives_leave_correct_italian_alone(parser, text):
    [parsed] = list(parser.parse([text.split()], progress=False))
    sentence = Sentence(parsed, [])
    for rule in (DemonstrativeAgreement(), DemonstrativePronoun()):
        rule.apply(sentence)
    assert " ".join(sentence.words()) == text


def test_demonstrative_agreement_keeps_a_noun_listed_both_ways(parser):
    """ "quel signore" put back as a mention: "signore" is also the plural of "signora", but the dictionary lists
    it both ways, so the parser's masculine singular stands (issue 38, blind set h: it became "quelle signore")."""
    [parsed] = list(parser.parse([["Vedi", "quel", "signore", "con", "il", "cappello", "?"]], progress=False))
    sentence = Sentence(parsed, [Mention(0, Span(1, 5))])
    rule = DemonstrativeAgreement()
    rule.apply(sentence)
    assert " ".join(sentence.words()) == "Vedi quel signore con il cappello ?" and rule.applied == 0
