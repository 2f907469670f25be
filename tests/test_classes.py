"""Entity classes: each rule of the class estimation, worked out by hand."""

from __future__ import annotations

import pytest

from coref_transfer.classes import (
    Evidence,
    estimate_classes,
    first_name_gender,
    person_name_gender,
    root_evidence,
)
from coref_transfer.config import validate_config
from coref_transfer.model import NamedEntity, Span
from coref_transfer.select.pipeline import select_part


@pytest.fixture
def cls_cfg():
    return validate_config({})["classes"]


def ev(tokens, pos, start, end, root, entities=(), coordinated=False):
    return root_evidence(tokens.split(), pos.split(), Span(start, end), root, coordinated, list(entities))


@pytest.mark.parametrize(
    "word,tag,expected",
    [
        ("he", "PRP", ("person", "masc", "sing")),
        ("him", "PRP", ("person", "masc", "sing")),
        ("his", "PRP$", ("person", "masc", "sing")),
        ("himself", "PRP", ("person", "masc", "sing")),
        ("she", "PRP", ("person", "fem", "sing")),
        ("her", "PRP", ("person", "fem", "sing")),
        ("her", "PRP$", ("person", "fem", "sing")),
        ("hers", "PRP", ("person", "fem", "sing")),
        ("herself", "PRP", ("person", "fem", "sing")),
        ("it", "PRP", ("thing", None, "sing")),
        ("its", "PRP$", ("thing", None, "sing")),
        ("itself", "PRP", ("thing", None, "sing")),
        ("they", "PRP", (None, None, "plur")),
        ("them", "PRP", (None, None, "plur")),
        ("their", "PRP$", (None, None, "plur")),
        ("theirs", "PRP", (None, None, "plur")),
        ("themselves", "PRP", (None, None, "plur")),
    ],
)
def test_pronoun_table(word, tag, expected):
    e = ev(word, tag, 0, 0, 0)
    assert (e.type, e.gender, e.number, e.kind) == (*expected, "pronoun")


def test_nouns_number_from_ptb_tag():
    assert ev("the harbour", "DT NN", 0, 1, 1).number == "sing"
    assert ev("the harbours", "DT NNS", 0, 1, 1).number == "plur"
    assert ev("the Alps", "DT NNPS", 0, 1, 1).number == "plur"
    e = ev("the harbour", "DT NN", 0, 1, 1)
    assert (e.type, e.gender, e.kind) == (None, None, "noun")


def test_coordination_is_plural_and_feminine_only_if_all_members_are():
    two = [NamedEntity("PERSON", Span(0, 0)), NamedEntity("PERSON", Span(2, 2))]
    e = ev("Anna and Paolo", "NNP CC NNP", 0, 2, 0, two, True)
    assert (e.type, e.gender, e.number) == ("person", "masc", "plur")
    e = ev("Anna and Giulia", "NNP CC NNP", 0, 2, 0, two, True)
    assert (e.type, e.gender, e.number) == ("person", "fem", "plur")
    e = ev("Anna and Kowalczyk", "NNP CC NNP", 0, 2, 0, two, True)  # one member unknown: left to the vote
    assert (e.type, e.gender, e.number) == ("person", None, "plur")
    e = ev("the mother and the aunt", "DT NN CC DT NN", 0, 4, 1, (), True)
    assert (e.type, e.gender, e.number) == ("person", "fem", "plur")
    e = ev("apples and pears", "NNS CC NNS", 0, 2, 0, (), True)
    assert (e.type, e.gender, e.number) == (None, None, "plur")


def test_person_entities_and_first_names():
    person = [NamedEntity("PERSON", Span(0, 1))]
    assert (ev("Giulia Ferri", "NNP NNP", 0, 1, 1, person).gender) == "fem"
    assert (ev("Marco Bassi", "NNP NNP", 0, 1, 1, person).gender) == "masc"
    e = ev("Kowalczyk Zbign", "NNP NNP", 0, 1, 1, person)
    assert (e.type, e.gender) == ("person", None)  # unknown name: left to the cluster vote


def test_titles_decide_before_the_lexicon():
    # "Mrs. Andrea Rossi": Andrea is female in the global lexicon, the title says fem anyway;
    # "Mr. Andrea Rossi" is masculine by its title.
    assert person_name_gender(["Mr.", "Andrea", "Rossi"], True) == "masc"
    assert person_name_gender(["Mrs.", "Rossi"], True) == "fem"
    # title outside the PERSON entity ("Mr." + PERSON "Rossi")
    e = ev("Mr. Rossi", "NNP NNP", 0, 1, 1, [NamedEntity("PERSON", Span(1, 1))])
    assert (e.type, e.gender) == ("person", "masc")
    assert first_name_gender("Giulia") == "fem" and first_name_gender("Luca") == "masc"


def test_other_entities_are_things():
    e = ev("the Bank of Lecce", "DT NNP IN NNP", 0, 3, 1, [NamedEntity("ORG", Span(1, 3))])
    assert (e.type, e.number) == ("thing", "sing")


def test_person_noun_lexicon():
    assert (ev("the mother", "DT NN", 0, 1, 1).type, ev("the mother", "DT NN", 0, 1, 1).gender) == ("person", "fem")
    assert (ev("the mayor", "DT NN", 0, 1, 1).type, ev("the mayor", "DT NN", 0, 1, 1).gender) == ("person", None)
    assert ev("the workers", "DT NNS", 0, 1, 1).number == "plur"


def test_determiners_give_nothing():
    e = ev("that", "DT", 0, 0, 0)
    assert (e.type, e.gender, e.number, e.kind) == (None, None, None, "none")


def test_vote_pronouns_outweigh_nouns(cls_cfg):
    # two noun mentions say plural (weight 1 each), one pronoun says singular (weight 2): tie 2-2 -> fallback sing;
    # with three nouns the nouns win 3-2.
    noun_plur = Evidence(None, None, "plur", "noun")
    pron_sing = Evidence("thing", None, "sing", "pronoun")
    cluster, _ = estimate_classes([noun_plur, noun_plur, pron_sing], None, cls_cfg)
    assert (cluster.number, cluster.sources[2]) == ("sing", "fallback")
    cluster, _ = estimate_classes([noun_plur] * 3 + [pron_sing], None, cls_cfg)
    assert (cluster.number, cluster.sources[2]) == ("plur", "cluster")
    # one pronoun beats one noun
    cluster, _ = estimate_classes(
        [Evidence("person", "masc", "sing", "noun"), Evidence("person", "fem", "sing", "pronoun")], None, cls_cfg
    )
    assert cluster.gender == "fem"


def test_gender_tie_falls_back_to_masculine(cls_cfg):
    cluster, _ = estimate_classes(
        [Evidence("person", "fem", "sing", "pronoun"), Evidence("person", "masc", "sing", "pronoun")], None, cls_cfg
    )
    assert (cluster.gender, cluster.sources[1]) == ("masc", "fallback")


def test_per_mention_class_keeps_own_root_first(cls_cfg):
    # Lora Owens (unknown gender) + She: the name takes fem from the cluster; "it" keeps its own type.
    own = [Evidence("person", None, "sing", "noun"), Evidence("person", "fem", "sing", "pronoun")]
    cluster, mentions = estimate_classes(own, None, cls_cfg)
    assert (cluster.type, cluster.gender, cluster.number) == ("person", "fem", "sing")
    assert mentions[0].sources == ("english", "cluster", "english")
    assert mentions[1].sources == ("english", "english", "english")


def test_italian_seam_fills_before_the_vote(cls_cfg):
    # step 2: the Italian root "la città" says fem sing; the vote never sees the English gap.
    own = [Evidence(None, None, "sing", "noun"), Evidence("thing", None, "sing", "pronoun")]
    italian = [Evidence(None, "fem", "sing", "noun"), None]
    cluster, mentions = estimate_classes(own, italian, cls_cfg)
    assert mentions[0].gender == "fem" and mentions[0].sources[1] == "italian"
    assert mentions[1].gender == "fem" and mentions[1].sources[1] == "antecedent"  # its Italian antecedent
    assert cluster.gender == "fem"


def test_a_pronoun_agrees_with_its_italian_antecedent_not_the_referent(cls_cfg):
    """A storm English calls "she" is "il tornado": "she" after it is masculine in Italian (issue 38)."""
    own = [Evidence("thing", None, "sing", "noun"), Evidence("thing", "fem", "sing", "pronoun")]
    italian = [Evidence(None, "masc", "sing", "noun"), None]
    cluster, mentions = estimate_classes(own, italian, cls_cfg)
    assert cluster.gender == "fem"  # the referent's class, as the paper keeps it
    assert (mentions[1].gender, mentions[1].sources[1]) == ("masc", "antecedent")


def test_the_nearest_italian_antecedent_decides_and_a_later_one_only_without_an_earlier(cls_cfg):
    """'it' before 'the box' (la scatola) and after 'the tool' (lo strumento); the number stays English."""
    it = Evidence("thing", None, "sing", "pronoun")
    they = Evidence("thing", None, "plur", "pronoun")
    own = [it, Evidence("thing", None, "sing", "noun"), they, Evidence("thing", None, "sing", "noun"), it]
    italian = [None, Evidence(None, "fem", "sing", "noun"), None, Evidence(None, "masc", "sing", "noun"), None]
    _, mentions = estimate_classes(own, italian, cls_cfg)
    assert [(m.gender, m.number) for m in mentions] == [
        ("fem", "sing"),  # cataphora: the first Italian noun after it
        ("fem", "sing"),
        ("fem", "plur"),  # "each box … they": the English number
        ("masc", "sing"),
        ("masc", "sing"),
    ]
    assert mentions[4].sources == ("english", "antecedent", "english")


def test_a_person_pronoun_takes_only_a_gender_english_leaves_open(cls_cfg):
    """'they' for 'le persone' is feminine plural; 'he' for 'la vittima' stays masculine."""
    people = [Evidence("person", None, "plur", "noun"), Evidence(None, None, "plur", "pronoun")]
    _, mentions = estimate_classes(people, [Evidence(None, "fem", "plur", "noun"), None], cls_cfg)
    assert (mentions[1].type, mentions[1].gender, mentions[1].sources[1]) == ("person", "fem", "antecedent")
    victim = [Evidence("person", None, "sing", "noun"), Evidence("person", "masc", "sing", "pronoun")]
    _, mentions = estimate_classes(victim, [Evidence(None, "fem", "sing", "noun"), None], cls_cfg)
    assert (mentions[1].gender, mentions[1].sources[1]) == ("masc", "english")
    # the cluster's masculine vote (two "he") does not reach a "they" whose Italian antecedent is feminine
    team = [
        Evidence("person", None, "plur", "noun"),
        Evidence("person", "masc", "sing", "pronoun"),
        Evidence("person", "masc", "sing", "pronoun"),
        Evidence(None, None, "plur", "pronoun"),
    ]
    _, mentions = estimate_classes(team, [Evidence(None, "fem", "plur", "noun"), None, None, None], cls_cfg)
    assert (mentions[3].gender, mentions[3].sources[1]) == ("fem", "antecedent")


def test_without_italian_evidence_nothing_changes(cls_cfg):
    own = [Evidence("thing", None, "sing", "noun"), Evidence("thing", "fem", "sing", "pronoun")]
    _, mentions = estimate_classes(own, None, cls_cfg)
    assert mentions[1].gender == "fem" and mentions[1].sources[1] == "english"


def test_fallback_when_nothing_is_known(cls_cfg):
    cluster, _mentions = estimate_classes([Evidence(), Evidence()], None, cls_cfg)
    assert (cluster.type, cluster.gender, cluster.number) == ("thing", "masc", "sing")
    assert cluster.sources == ("fallback",) * 3


def test_the_papers_example(make_parts):
    """Lora Owens ... She: (person, fem, sing) (paper, 4.2.5).

    The paper gets the name's gender from "She" through the cluster; with the
    first-name lexicon on, "Lora" already says fem at the root.
    """
    part = make_parts(
        """
        %part 0
        (TOP (S (NP=PERSON#6 (NNP Lora) (NNP Owens)) (VP (VBZ is) (NP (NP (DT the) (NN stepmother)) (PP (IN of) (NP=PERSON#7 (NNP Albert) (NNP Owens))))) (. .)))
        (TOP (S (NP#6 (PRP She)) (VP (VBZ joins) (NP (PRP us)) (ADVP (RB now)) (PP (IN by) (NP (NN phone)))) (. .)))
        """
    )[0]
    for lexicon, source in ((False, "cluster"), (True, "english")):
        cfg = validate_config({"classes": {"first_name_lexicon": lexicon}})
        result = select_part(part, cfg)
        c6 = next(c for c in result.clusters if c.cluster_id == 6)
        assert (c6.cls.type, c6.cls.gender, c6.cls.number) == ("person", "fem", "sing")
        lora = result.utterances[0].mentions[0]
        assert (lora.cls.gender, lora.cls.sources[1]) == ("fem", source)
