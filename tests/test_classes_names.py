"""PERSON gender: only the entity's first given name goes to the first-name lexicon.

gender-guesser's lexicon answers for many words that are not first names
("The" is mostly female, "Judge" and "General" male, "Kennedy" mostly female),
so it is asked only about the first capitalised NNP of the PERSON entity that is
not a title or a function word, and never about a lone surname after a title.
Words before the entity give a gender only through a gendered title.
"""

from __future__ import annotations

import pytest

from coref_transfer import classes
from coref_transfer.classes import TITLE_GENDER, TITLE_WORDS, person_name_gender, root_evidence
from coref_transfer.model import NamedEntity, Span


@pytest.fixture
def asked(monkeypatch):
    """The words the first-name lexicon is asked about, in order."""
    words: list[str] = []
    real = classes.first_name_gender

    def spy(name: str) -> str | None:
        words.append(name)
        return real(name)

    monkeypatch.setattr(classes, "first_name_gender", spy)
    return words


def gender(tokens, pos, person, span=None, root=None, coordinated=False, lexicon=True, others=()):
    """The gender root_evidence gives; `person` is the PERSON entity's (start, end), end inclusive."""
    tokens, pos = tokens.split(), pos.split()
    span = Span(*span) if span else Span(0, len(tokens) - 1)
    entities = [NamedEntity("PERSON", Span(*person))] if person else []
    entities += [NamedEntity("PERSON", Span(*o)) for o in others]
    root = span.end if root is None else root
    e = root_evidence(tokens, pos, span, root, coordinated, entities, lexicon)
    assert e.type == "person"
    return e.gender


def test_the_president_is_not_feminine(asked):
    # OntoGUM: "The" (DT) before the entity "President" was asked about, and "The" is mostly female.
    assert gender("The President", "DT NNP", (1, 1)) is None
    assert gender("The President", "DT NNP", (0, 1)) is None  # the determiner inside the entity
    assert gender("The President", "NNP NNP", (0, 1)) is None  # and tagged NNP, as in names
    assert asked == []


def test_titles_are_never_asked_about(asked):
    assert gender("Judge Smith", "NNP NNP", (0, 1)) is None  # "Judge" is male in the lexicon
    assert gender("General Lee", "NNP NNP", (0, 1)) is None  # "General" male, "Lee" mostly male
    assert gender("General Lee", "NNP NNP", (1, 1)) is None  # the title outside the entity
    assert gender("President Kennedy", "NNP NNP", (0, 1)) is None  # "Kennedy" is mostly female
    # saints' titles also start surnames: Santa Anna (OntoGUM, GUM_textbook_alamo) is a man and
    # Santa Claus (GUM_fiction_claus) too, while "Santa" is a female name for gender-guesser
    assert gender("Santa Anna", "NNP NNP", (0, 1)) is None
    assert gender("Santa", "NNP", (0, 0)) is None
    assert asked == []  # a lone name after a title is a surname


def test_gendered_titles_decide():
    assert gender("Mrs. Rossi", "NNP NNP", (0, 1)) == "fem"
    assert gender("Mrs. Rossi", "NNP NNP", (1, 1)) == "fem"  # the title outside the entity
    assert gender("the late Mr. Rossi", "DT JJ NNP NNP", (3, 3)) == "masc"
    assert gender("Queen Elizabeth", "NNP NNP", (0, 1)) == "fem"
    assert gender("Father Brown", "NNP NNP", (0, 1)) == "masc"
    assert gender("Sister Andrea", "NNP NNP", (0, 1)) == "fem"
    # the title decides before the lexicon: "Andrea" is female in gender-guesser
    assert gender("Mr. Andrea Rossi", "NNP NNP NNP", (0, 2)) == "masc"
    # the nearest title to the name decides
    assert gender("Queen Mother Elizabeth", "NNP NNP NNP", (2, 2)) == "fem"
    # with the lexicon off a gendered title still decides
    assert gender("Mrs. Rossi", "NNP NNP", (1, 1), lexicon=False) == "fem"


def test_only_titles_right_before_the_entity_count(asked):
    # "Mrs." belongs to someone else: "Mrs. Smith 's husband John" is about John.
    assert gender("Mrs. Smith 's husband John", "NNP NNP POS NN NNP", (4, 4), root=4) == "masc"
    # a first name before the entity is never asked about ("Mary 's friend Rossi")
    assert gender("Mary 's friend Rossi", "NNP POS NN NNP", (3, 3), root=3) is None
    assert asked == ["John", "Rossi"]


def test_the_first_given_name_is_asked_about(asked):
    assert gender("President Maria Rossi", "NNP NNP NNP", (0, 2)) == "fem"
    assert gender("President Maria Rossi", "NNP NNP NNP", (1, 2)) == "fem"
    assert gender("Maria Rossi", "NNP NNP", (0, 1)) == "fem"
    assert gender("John Maria Smith", "NNP NNP NNP", (0, 2)) == "masc"  # never the second given name
    assert asked == ["Maria", "Maria", "Maria", "John"]


def test_a_lone_name_may_be_a_given_name(asked):
    assert gender("Maria", "NNP", (0, 0)) == "fem"
    assert gender("the young Maria", "DT JJ NNP", (2, 2)) == "fem"
    assert asked == ["Maria", "Maria"]


def test_lowercase_and_non_nnp_tokens_are_never_asked_about(asked):
    assert gender("maria rossi", "NNP NNP", (0, 1)) is None
    assert gender("Maria Rossi", "NN NN", (0, 1)) is None
    assert gender("J. Rossi", "NNP NNP", (0, 1)) is None  # an initial is not a first name
    assert gender("Maria 's", "NNP POS", (0, 1), root=0) == "fem"
    assert asked == ["Maria"]


def test_lexicon_off_asks_nothing(asked):
    assert gender("Maria Rossi", "NNP NNP", (0, 1), lexicon=False) is None
    assert asked == []


def test_coordinations(asked):
    two = {"person": (0, 0), "others": [(2, 2)], "coordinated": True, "root": 0}
    assert gender("Maria and John", "NNP CC NNP", **two) == "masc"
    assert gender("Maria and Giulia", "NNP CC NNP", **two) == "fem"
    # one entity over the whole coordination: one name per member
    assert gender("Maria and John", "NNP CC NNP", (0, 2), coordinated=True, root=0) == "masc"
    # "The" and the titles are not members' first names
    assert gender("The Judge and Maria", "DT NNP CC NNP", (1, 1), others=[(3, 3)], coordinated=True, root=1) is None
    assert "The" not in asked and "Judge" not in asked
    # a title before each member: "Mr." counts even when only "Smith" is the entity
    assert gender("Mr. and Mrs. Smith", "NNP CC NNP NNP", (3, 3), coordinated=True, root=3) == "masc"
    assert (
        gender("Mrs. Rossi and Ms. Bianchi", "NNP NNP CC NNP NNP", (1, 1), others=[(4, 4)], coordinated=True, root=1)
        == "fem"
    )


def test_person_name_gender_direct():
    # without tags the lexicon is never asked: only an NNP can be a given name
    assert person_name_gender(["Maria", "Rossi"], True) is None
    assert person_name_gender(["Maria", "Rossi"], True, ["NNP", "NNP"]) == "fem"
    assert person_name_gender(["Rossi"], True, ["NNP"], before=["Mrs."]) == "fem"
    assert person_name_gender(["Smith"], True, ["NNP"], before=["Judge"]) is None
    assert person_name_gender(["President"], True, ["NNP"], before=["The"]) is None
    assert person_name_gender(["Maria"], True, ["NNP"], before=["The"]) == "fem"  # a lone name is asked about


def test_title_tables():
    assert TITLE_GENDER["mrs."] == "fem" and TITLE_GENDER["mr."] == "masc" and TITLE_GENDER["king"] == "masc"
    assert {"judge", "general", "president", "dr.", "st."} <= TITLE_WORDS
    assert not {"judge", "general", "president"} & set(TITLE_GENDER)
    assert set(TITLE_GENDER) <= TITLE_WORDS
