"""The place table (`lang.it.places`): its rows, CLDR's countries, and the genders the endings give."""

from __future__ import annotations

import pytest

from coref_transfer.lang.it.articles import definite_article
from coref_transfer.lang.it.places import PLACE_KINDS, derived_gender, place, places

babel = pytest.importorskip("babel", reason="Babel (CLDR's names) comes with the test extra")

#: CLDR codes that are not places a text names as countries (pseudo-locales, the unknown region, groupings).
NOT_COUNTRIES = {"XA", "XB", "ZZ", "EZ", "UN", "QO", "EU"}


def _cldr_name(name: str) -> str:
    """CLDR's Italian name as the table writes it: "RAS di Hong Kong" → "Hong Kong", "Myanmar (Birmania)" →
    "Myanmar", the typographic apostrophe straight, the two Congos by their usual names."""
    special = {"Congo - Kinshasa": "Repubblica Democratica del Congo", "Congo-Brazzaville": "Congo"}
    name = special.get(name, name).replace("’", "'")
    name = name.removeprefix("RAS di ")
    return name.split(" (")[0]


def test_every_country_cldr_names_in_italian_is_in_the_table():
    territories = babel.Locale("it").territories
    codes = [c for c in territories if len(c) == 2 and c.isalpha() and c not in NOT_COUNTRIES]
    missing = sorted({_cldr_name(territories[c]) for c in codes} - set(places()))
    assert missing == []
    assert len(codes) > 240


def test_every_row_is_well_formed_and_its_article_agrees():
    for name, p in places().items():
        assert p.kind in PLACE_KINDS and p.number in ("Sing", "Plur"), name
        assert p.locative.endswith(name) or p.locative.endswith(name.split()[-1]), name
        if p.article is not None and p.article != "l'":
            assert p.article == definite_article(p.gender, p.number, name), name


def test_the_gender_follows_the_ending_except_where_a_note_says_why():
    """Derivation (`derived_gender`): a singular name whose head ends in -a, -ione, -tà, -tù is feminine, any
    other masculine; every row that differs says why in its note (acronyms take their expansion's gender)."""
    from importlib import resources

    text = resources.files("coref_transfer").joinpath("data/it_places.tsv").read_text(encoding="utf-8")
    notes = {}
    for line in text.splitlines():
        fields = line.split("\t")
        if len(fields) == 7 and fields[0] != "name":
            notes[fields[0]] = fields[6]
    differ = 0
    for name, p in places().items():
        if p.number != "Sing" or name.isupper():
            continue
        if derived_gender(name) != p.gender:
            differ += 1
            assert notes[name], f"{name}: {p.gender}, but no note says why"
    singular = sum(p.number == "Sing" for p in places().values())
    assert differ < 0.2 * singular  # the ending decides for most names


@pytest.mark.parametrize(
    "name, gender, number, article, locative",
    [
        ("Francia", "Fem", "Sing", "la", "in Francia"),
        ("Stati Uniti", "Masc", "Plur", "gli", "negli Stati Uniti"),
        ("Regno Unito", "Masc", "Sing", "il", "nel Regno Unito"),
        ("Canada", "Masc", "Sing", "il", "in Canada"),
        ("Cuba", "Fem", "Sing", None, "a Cuba"),
        ("Israele", "Masc", "Sing", None, "in Israele"),
        ("Unione Sovietica", "Fem", "Sing", "l'", "in Unione Sovietica"),
        ("NATO", "Fem", "Sing", "la", "nella NATO"),
    ],
)
def test_known_places(name, gender, number, article, locative):
    p = place(name)
    assert (p.gender, p.number, p.article, p.locative) == (gender, number, article, locative)


def test_a_city_is_not_a_place_of_the_table_and_case_aside_a_name_is_found():
    assert place("Bari") is None and place("Parigi") is None
    assert place("Nato").name == "NATO"
