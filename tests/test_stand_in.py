"""What a placeholder may stand for (`select.stand_in`, `lang.en.quantifiers`): cases worked out by hand.

A mention inside a larger name or compound keeps its words (its `in_place`
reason); quantifiers, negatives, reciprocals and reflexives are dropped by β2
with their reason; everything else gets a placeholder.
"""

from __future__ import annotations

import pytest

from coref_transfer.config import validate_config
from coref_transfer.lang.en.quantifiers import first_second_person, quantifier_kind
from coref_transfer.select.beta2_mentions import root_reason
from coref_transfer.select.pipeline import compute_stats, select_part


def fates(make_parts, config, text):
    """{mention text: (dropped_at, reason, in_place)} of a one-part document, as β2 left them.

    (β3 later drops the one-mention chains of these one-sentence documents; that is not what is tested.)
    """
    [part] = make_parts("%part 0\n" + text)
    result = select_part(part, config)
    out = {}
    for ufate in result.utterances:
        toks = ufate.utterance.tokens
        for f in ufate.mentions:
            after_beta2 = (None, None) if f.dropped_at == "beta3" else (f.dropped_at, f.reason)
            out[" ".join(toks[f.span.start : f.span.end + 1])] = (*after_beta2, f.in_place)
    return out, result


KEPT_AS_WORDS = [
    (
        "a name bracketed as NML inside a larger name",
        "(TOP (S (NP (DT The) (NN agency)) (VP (VBD joined) (NP (DT the) (NML#2 (NNP United) (NNPS States)) (NNP Air) (NNP Force))) (. .)))",
        "United States",
        "inside_name",
    ),
    (
        "a proper noun before a common noun in a flat NP",
        "(TOP (S (NP (PRP They)) (VP (VBD ordered) (NP (DT the) (NNP#2 Santorum) (NN cocktail))) (. .)))",
        "Santorum",
        "compound_modifier",
    ),
    (
        "a common noun modifier",
        "(TOP (S (NP (PRP They)) (VP (VBD talked) (PP (IN about) (NP (NN#2 Internet) (NN addiction)))) (. .)))",
        "Internet",
        "compound_modifier",
    ),
    (
        "a name whose phrase goes on with proper nouns after a common one",
        "(TOP (S (NP (PRP She)) (VP (VBD called) (NP (DT the) (NNP#2 US) (NNP Census) (NNP Bureau))) (. .)))",
        "US",
        "inside_name",
    ),
    (
        "a named entity that extends beyond the mention",
        "(TOP (S (NP (PRP They)) (VP (VBD visited) (NP=FAC (NNP#2 Disney) (NNP World))) (. .)))",
        "Disney",
        "inside_name",
    ),
]


@pytest.mark.parametrize("why,tree,mention,reason", KEPT_AS_WORDS, ids=[c[0] for c in KEPT_AS_WORDS])
def test_a_mention_inside_a_larger_name_or_compound_keeps_its_words(make_parts, config, why, tree, mention, reason):
    got, _ = fates(make_parts, config, tree)
    assert got[mention] == (None, None, reason)


GETS_A_PLACEHOLDER = [
    (
        "an apposition is a phrase of its own",
        "(TOP (S (NP (PRP He)) (VP (VBD starred) (PP (IN in) (NP (NP#2 (DT the) (NN series)) (NP=WORK_OF_ART (NNP Supernatural))))) (. .)))",
        "the series",
    ),
    (
        "a double object",
        "(TOP (S (NP (PRP She)) (VP (VBD gave) (NP#2 (DT the) (NN dog)) (NP (NN food))) (. .)))",
        "the dog",
    ),
    (
        "a possessor keeps its clitic",
        "(TOP (S (NP (PRP They)) (VP (VBD showed) (NP (NP#2 (NNP Warhol) (POS 's)) (NNS photos))) (. .)))",
        "Warhol 's",
    ),
    (
        "a possessive pronoun",
        "(TOP (S (NP (PRP He)) (VP (VBD submitted) (NP (PRP$#2 his) (NN work))) (. .)))",
        "his",
    ),
    (
        "a subject before a verb mistagged as a noun",
        "(TOP (S (NP#2 (NNP Cortese)) (VP (NN guest) (VBD starred) (NP (DT the) (NN show))) (. .)))",
        "Cortese",
    ),
    (
        "a title before the name: the name is the head",
        "(TOP (S (NP (NNP President) (NNP#2 Obama)) (VP (VBD signed) (NP (DT the) (NN bill))) (. .)))",
        "Obama",
    ),
    (
        "a predeterminer before a definite plural",
        "(TOP (S (NP (PRP You)) (VP (VBP push) (NP#2 (PDT all) (DT the) (NNS buttons)) (ADVP (RB now))) (. .)))",
        "all the buttons",
    ),
    (
        "a quantifier inside a modifier after the root",
        "(TOP (S (NP (NNS Keepers)) (VP (VBP guard) (NP#2 (NP (DT the) (NNS posts)) (PP (IN at) (NP (DT each) (NN end))))) (. .)))",
        "the posts at each end",
    ),
]


@pytest.mark.parametrize("why,tree,mention", GETS_A_PLACEHOLDER, ids=[c[0] for c in GETS_A_PLACEHOLDER])
def test_other_mentions_get_a_placeholder(make_parts, config, why, tree, mention):
    got, _ = fates(make_parts, config, tree)
    assert got[mention] == (None, None, None)


DROPPED = [
    (
        "no one",
        "(TOP (S (NP (NNS Places)) (SBAR (S (NP#2 (DT no) (NN one)) (VP (VBD saw)))) (VP (VBP exist)) (. .)))",
        "no one",
        "negative",
    ),
    ("nobody", "(TOP (S (NP#2 (NN nobody)) (VP (VBD picked) (NP (DT the) (NN bunch))) (. .)))", "nobody", "negative"),
    (
        "everyone",
        "(TOP (S (NP (DT The) (NN land)) (VP (VBZ belongs) (PP (IN to) (NP#2 (NN everyone)))) (. .)))",
        "everyone",
        "quantifier",
    ),
    (
        "every + noun",
        "(TOP (S (NP (PRP She)) (VP (VBD fed) (NP (PRP him)) (NP#2 (DT every) (NN day))) (. .)))",
        "every day",
        "quantifier",
    ),
    (
        "all as the root",
        "(TOP (S (NP (PRP It)) (VP (VBZ belongs) (PP (IN to) (NP#2 (DT all)))) (. .)))",
        "all",
        "quantifier",
    ),
    (
        "something",
        "(TOP (S (NP#2 (NN Something)) (VP (VBD grabbed) (NP (PRP$ my) (NN arm))) (. .)))",
        "Something",
        "quantifier",
    ),
    (
        "a reflexive whose chain is not the clause subject's",
        "(TOP (S (NP (NNP Congress)) (VP (VBZ has) (VP (VBN proven) (S (NP#2 (PRP itself)) (ADJP (JJ ineffective))))) (. .)))",
        "itself",
        "self_other",
    ),
    (
        "a -self in no reflexive or emphatic place",
        (
            "(TOP (S (NP#2 (NNP Marco)) (VP (VBD saw) (NP (NP (DT a) (NN picture)) (PP (IN of) (NP (NNP Anna))))) (. .)))"
            "\n(TOP (S (NP (DT The) (NN winner)) (VP (VBD was) (NP#2 (PRP himself))) (. .)))"
        ),
        "himself",
        "self_other",
    ),
]

KEPT_SELF = [
    (
        "a reflexive object of an infinitive, the subject above it",
        "(TOP (S (NP#2 (DT The) (NN company)) (VP (VBD had) (S (VP (TO to) (VP (VB reinvent) (NP#2 (PRP itself)))))) (. .)))",
        "reflexive",
    ),
    (
        "a reflexive object after a preposition",
        "(TOP (S (NP#2 (DT The) (NNS brothers)) (VP (VBP are) (ADJP (JJ proud) (PP (IN of) (NP#2 (PRP themselves))))) (. .)))",
        "reflexive",
    ),
    (
        "an emphatic -self after the object",
        "(TOP (S (NP#2 (NNP Roberto)) (VP (VBZ sells) (NP (DT the) (NNS tickets)) (NP#2 (PRP himself))) (. .)))",
        "emphatic",
    ),
    (
        "an emphatic -self apposed to the subject",
        "(TOP (S (NP (NP#2 (DT The) (NN mayor)) (NP#2 (PRP herself))) (VP (VBD opened) (NP (DT the) (NN bridge))) (. .)))",
        "emphatic",
    ),
]


@pytest.mark.parametrize("why,tree,in_place", KEPT_SELF, ids=[c[0] for c in KEPT_SELF])
def test_a_self_pronoun_of_the_subjects_chain_keeps_its_words(make_parts, config, why, tree, in_place):
    got, result = fates(make_parts, config, tree)
    word = next(k for k in got if k.endswith(("self", "selves")))
    assert got[word] == (None, None, in_place)
    [fate] = [f for f in result.utterances[0].mentions if f.in_place]
    assert fate.role == in_place


@pytest.mark.parametrize("why,tree,mention,reason", DROPPED, ids=[c[0] for c in DROPPED])
def test_quantifiers_negatives_and_reflexives_are_dropped_by_beta2(make_parts, config, why, tree, mention, reason):
    got, _ = fates(make_parts, config, tree)
    assert got[mention] == ("beta2", reason, None)


@pytest.mark.parametrize(
    "words,tags,root,kind",
    [
        (["each", "other"], ["DT", "JJ"], 1, "reciprocal"),
        (["one", "another"], ["CD", "DT"], 1, "reciprocal"),
        (["no", "students"], ["DT", "NNS"], 1, "negative"),
        (["none", "of", "them"], ["NN", "IN", "PRP"], 0, "negative"),
        (["any", "disaster", "loan"], ["DT", "NN", "NN"], 2, "quantifier"),
        (["each", "ant"], ["DT", "NN"], 1, "quantifier"),
        (["themselves"], ["PRP"], 0, "reflexive"),
        (["both", "companies"], ["DT", "NNS"], 1, None),
        (["some", "people"], ["DT", "NNS"], 1, None),
        (["the", "posts", "at", "each", "end"], ["DT", "NNS", "IN", "DT", "NN"], 1, None),
        (["Anyone"], ["NN"], 0, "quantifier"),
        (["each", "of", "them"], ["DT", "IN", "PRP"], 0, "quantifier"),
        (["all"], ["DT"], 0, "quantifier"),
        (["All", "of", "the", "farmers"], ["DT", "IN", "DT", "NNS"], 0, None),
        (["Some", "of", "the", "workers"], ["DT", "IN", "DT", "NNS"], 0, None),
        (["Both"], ["DT"], 0, None),
    ],
)
def test_quantifier_kind(words, tags, root, kind):
    assert quantifier_kind(words, tags, root) == kind


def test_a_reflexive_left_out_of_keep_pronouns_is_dropped():
    drop = validate_config({"select": {"keep_pronouns": ["it", "they"]}})["select"]
    assert root_reason("itself", "PRP", drop) == "reflexive"
    assert root_reason("itself", "PRP", validate_config({})["select"]) is None


def test_stats_count_the_mentions_kept_as_words_and_the_drops(make_parts, config):
    text = """
(TOP (S (NP#1 (DT The) (NN agency)) (VP (VBD joined) (NP (DT the) (NML#2 (NNP United) (NNPS States)) (NNP Air) (NNP Force))) (. .)))
(TOP (S (NP=GPE#2 (DT The) (NNP United) (NNPS States)) (VP (VBD paid) (NP#1 (PRP it)) (ADVP (RB well))) (. .)))
(TOP (S (NP#1 (DT The) (NN agency)) (VP (VBD thanked) (NP#3 (NN everyone)) (ADVP (RB warmly))) (. .)))
(TOP (S (NP#3 (NN Everyone)) (VP (VBD thanked) (NP#1 (DT the) (NN agency))) (. .)))
"""
    _, result = fates(make_parts, config, text)
    stats = compute_stats([result])
    assert stats["in_place"] == {
        "inside_name": 1,
        "compound_modifier": 0,
        "reflexive": 0,
        "emphatic": 0,
        "time": 0,
        "number": 0,
        "first_second_person": 0,
        "coordinated_possessive": 0,
    }
    assert stats["roles"] == {
        "subject": 0,
        "object": 1,
        "reflexive": 0,
        "emphatic": 0,
        "oblique": 0,
        "possessive": 0,
        "other": 0,
    }
    assert stats["dropped"]["mentions"]["quantifier"] == 2
    assert stats["beta3"]["mentions"] == 6


@pytest.mark.parametrize(
    "words, expected",
    [
        ("all of us here", True),
        ("both of you", True),
        ("the three of us", True),
        ("we Americans", True),
        ("you guys", True),
        ("people like you", False),  # a third person
        ("our house", False),  # a possessive: another entity's
        ("the rest of us who stayed", False),  # a clause after it: left to the name (rare; no evidence)
        ("us", False),  # a single pronoun is the root filter's
    ],
)
def test_a_group_holding_the_speaker_or_hearer_keeps_its_words(words, expected):
    """Issue 38: "All of us here must decide" with a name would make the verb third person ("devono")."""
    assert first_second_person(words.split()) is expected
