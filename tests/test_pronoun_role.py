"""The English role of a pronoun mention (`lang.en.pronoun_role`) and the Italian forms of a -self
(`translate.self_forms`), on invented sentences parsed by hand."""

from __future__ import annotations

import pytest

from coref_transfer.lang.en.pronoun_role import pronoun_role, self_referent
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.translate.self_forms import find_self_form, self_form_spans
from coref_transfer.tree import Tree


def parsed(text: str) -> tuple[list[str], list[str], Tree]:
    tree = Tree.from_string(text)
    leaves = tree.preterminals()
    return [p.word for p in leaves], [p.label for p in leaves], tree  # type: ignore[misc]


def role_of(text: str, word: str) -> str | None:
    tokens, pos, tree = parsed(text)
    i = tokens.index(word)
    return pronoun_role(tokens, pos, tree, i, i)


ROLES = [
    ("a subject", "(TOP (S (NP (PRP She)) (VP (VBD left) (ADVP (RB early))) (. .)))", "She", "subject"),
    (
        "a subject after a quotative verb",
        "(TOP (SINV (S (NP (DT The) (NNS farmers)) (VP (MD will) (VP (VB get) (NP (NN help))))) (, ,) (VP (VBD said)) (NP (PRP he)) (. .)))",
        "he",
        "subject",
    ),
    (
        "a direct object",
        "(TOP (S (NP (DT The) (NN city)) (VP (VBZ plans) (S (VP (TO to) (VP (VB sell) (NP (PRP it)))))) (. .)))",
        "it",
        "object",
    ),
    (
        "the subject of a verb's complement clause, in object form",
        "(TOP (S (NP (PRP They)) (VP (VBD let) (S (NP (PRP him)) (VP (VB go)))) (. .)))",
        "him",
        "object",
    ),
    (
        "after a preposition",
        "(TOP (S (NP (PRP We)) (VP (VBD voted) (PP (IN for) (NP (PRP her)))) (. .)))",
        "her",
        "oblique",
    ),
    (
        "a possessive determiner",
        "(TOP (S (NP (PRP$ Their) (NN team)) (VP (VBD signed) (NP (DT a) (NN rider))) (. .)))",
        "Their",
        "possessive",
    ),
    (
        "a possessive pronoun",
        "(TOP (S (NP (DT The) (NN idea)) (VP (VBD was) (NP (PRP hers))) (. .)))",
        "hers",
        "possessive",
    ),
    (
        "a reflexive object of an infinitive",
        "(TOP (S (NP (PRP It)) (VP (VBD had) (S (VP (TO to) (VP (VB reinvent) (NP (PRP itself)))))) (. .)))",
        "itself",
        "reflexive",
    ),
    (
        "a reflexive object after a modal",
        "(TOP (S (NP (PRP She)) (VP (MD must) (VP (VB protect) (NP (PRP herself)) (PP (IN from) (NP (DT the) (NN cold))))) (. .)))",
        "herself",
        "reflexive",
    ),
    (
        "a reflexive after a preposition",
        "(TOP (S (NP (DT The) (NNS players)) (VP (VBP are) (ADJP (JJ proud) (PP (IN of) (NP (PRP themselves))))) (. .)))",
        "themselves",
        "reflexive",
    ),
    (
        "a reflexive subject of a verb's complement clause",
        "(TOP (S (NP (NNP Carlo)) (VP (VBD felt) (S (NP (PRP himself)) (VP (VB tremble)))) (. .)))",
        "himself",
        "reflexive",
    ),
    (
        "an emphatic -self after the object",
        "(TOP (S (NP (PRP He)) (VP (VBZ sells) (NP (DT the) (NNS tickets)) (NP (PRP himself))) (. .)))",
        "himself",
        "emphatic",
    ),
    (
        "an emphatic -self after a prepositional phrase",
        "(TOP (S (NP (PRP She)) (VP (VBD campaigned) (PP (IN for) (NP (DT a) (NN park))) (NP (PRP herself))) (. .)))",
        "herself",
        "emphatic",
    ),
    (
        "an emphatic -self in apposition",
        "(TOP (S (NP (NP (DT The) (NN mayor)) (NP (PRP herself))) (VP (VBD came)) (. .)))",
        "herself",
        "emphatic",
    ),
    (
        "an emphatic -self after be",
        "(TOP (S (NP (DT The) (NN rule)) (VP (VBZ is) (NP (PRP itself)) (VP (VBG changing))) (. .)))",
        "itself",
        "emphatic",
    ),
    (
        "by -self: alone",
        "(TOP (S (NP (PRP They)) (VP (VBD built) (NP (DT the) (NN boat)) (PP (IN by) (NP (PRP themselves)))) (. .)))",
        "themselves",
        "emphatic",
    ),
    (
        "a predicate pronoun",
        "(TOP (S (NP (DT The) (NN winner)) (VP (VBD was) (NP (NP (PRP him)) (, ,) (NP (DT the) (NN baker)))) (. .)))",
        "him",
        "other",
    ),
]


@pytest.mark.parametrize("why,text,word,role", ROLES, ids=[c[0] for c in ROLES])
def test_the_role_of_a_pronoun_comes_from_the_tree(why, text, word, role):
    assert role_of(text, word) == role


def test_a_mention_that_is_not_a_pronoun_has_no_role_and_no_tree_means_other():
    tokens, pos, tree = parsed("(TOP (S (NP (DT The) (NN city)) (VP (VBZ sells) (NP (PRP it))) (. .)))")
    assert pronoun_role(tokens, pos, tree, 0, 1) is None
    assert pronoun_role(tokens, pos, None, 3, 3) == "other"


@pytest.mark.parametrize(
    "text,word,referent",
    [
        # through a subjectless infinitive to the clause that has a subject
        (
            "(TOP (S (NP (DT The) (NN firm)) (VP (VBD had) (S (VP (TO to) (VP (VB reinvent) (NP (PRP itself)))))) (. .)))",
            "itself",
            "The firm",
        ),
        # an apposed subject: the whole phrase and each noun phrase in it
        (
            "(TOP (S (NP (NP (NNP Roberto)) (, ,) (NP (PRP$ my) (NN father)) (, ,)) (VP (VBZ sells) (NP (NNS tickets)) (NP (PRP himself))) (. .)))",
            "himself",
            "Roberto , my father ,",
        ),
        # the embedded clause's own subject, not the main clause's
        (
            "(TOP (S (NP (PRP I)) (VP (VBD heard) (SBAR (IN that) (S (NP (PRP they)) (VP (VBD made) (NP (DT the) (NN record)) (NP (PRP themselves)))))) (. .)))",
            "themselves",
            "they",
        ),
        # apposed to an object: the noun phrase before it
        (
            "(TOP (S (NP (PRP We)) (VP (VBD met) (NP (NP (DT the) (NN president)) (NP (PRP himself)))) (. .)))",
            "himself",
            "the president",
        ),
    ],
)
def test_the_referent_of_a_self_pronoun(text, word, referent):
    tokens, _, tree = parsed(text)
    i = tokens.index(word)
    spans = self_referent(tree, i, i)
    assert " ".join(tokens[spans[0][0] : spans[0][1] + 1]) == referent


def found(italian: str, role: str, english: str = "herself") -> str | None:
    tokens = tokens_with_offsets(italian)
    span, why = find_self_form(tokens, role, english, [])
    return italian[span[0] : span[1]] if span else why


@pytest.mark.parametrize(
    "italian,role,english,expected",
    [
        ("L'azienda si è reinventata.", "reflexive", "itself", "si"),
        ("L'azienda ha dovuto reinventarsi.", "reflexive", "itself", "reinventarsi"),
        ("Si è difesa difendendosi.", "reflexive", "herself", "self_form_repeated"),
        ("Sono orgogliosi di sé stessi.", "reflexive", "themselves", "sé stessi"),
        ("È fiera di se stessa.", "reflexive", "herself", "se stessa"),
        ("Mi difendo da solo.", "reflexive", "myself", "Mi"),
        ("Mi difendo da solo.", "reflexive", "himself", "self_form_missing"),
        ("Vende i biglietti lui stesso.", "emphatic", "himself", "lui stesso"),
        ("Vende i biglietti di persona.", "emphatic", "himself", "di persona"),
        ("Hanno costruito la barca da soli.", "emphatic", "themselves", "da soli"),
        ("Ha cantato in prima persona.", "emphatic", "herself", "in prima persona"),
        ("La sindaca stessa ha aperto il ponte.", "emphatic", "herself", "stessa"),
        # "lo stesso partito": the adjective "same", not an emphatic
        ("Ha sorpreso lo stesso partito.", "emphatic", "itself", "self_form_missing"),
        ("Ha sorpreso lo stesso partito personalmente.", "emphatic", "itself", "personalmente"),
        ("Sfornano il pane con le loro mani.", "emphatic", "themselves", "con le loro mani"),
        ("Ha scritto la canzone.", "emphatic", "herself", "self_form_missing"),
    ],
)
def test_a_self_pronoun_is_found_in_the_italian_by_its_forms(italian, role, english, expected):
    assert found(italian, role, english) == expected


def test_a_form_inside_another_mention_does_not_count():
    italian = "Lei stessa lo ha detto di persona."
    tokens = tokens_with_offsets(italian)
    assert find_self_form(tokens, "emphatic", "herself", [])[1] == "self_form_repeated"
    span, why = find_self_form(tokens, "emphatic", "herself", [(0, 3)])  # "Lei" is a placeholder's mention
    assert why is None and italian[span[0] : span[1]] == "di persona"


def test_longer_forms_win_at_a_position():
    assert self_form_spans(["Lui", "stesso", "vende"], "emphatic") == [(0, 1)]
