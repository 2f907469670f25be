"""Place names and the grammar Italian gives them: cities, countries, regions, islands.

**Cities** are feminine whatever their ending ("Bologna è stata generosa",
"Milano è bella") and take no article ("a Bologna", "di Milano").

**Countries, regions, continents, islands and international bodies**
(`place`) take their own gender and number ("il Canada è stato", "gli
Stati Uniti sono"), mostly an article ("la Francia", "l'Unione Sovietica",
but "Cuba", "Israele") and a locative phrase that is not the city's "a X":
"in Francia", "negli Stati Uniti", "nel Regno Unito", "a Cuba". The table,
`data/it_places.tsv` (name, gender, number, article, locative, kind, note),
was written for the project from standard Italian usage; its country names
are the ones CLDR gives Italian (Babel ships them; `tests/test_places.py`
checks that every CLDR country is there), and its genders follow the
ending (-a feminine, else masculine) except where a note says why not
("Canada": masculine despite -a), which the tests check too.

Why: a placeholder for a place is a town, which takes no article and the
preposition "a"; the Italian noun phrase put back in its place needs its
own ("visitò Cina" → "visitò la Cina", "a Francia" → "in Francia";
`lang.it.determiners`), and its gender for agreement ("l'Unione
Sovietica è crollata").

Why: a bare city name is the subject of many predicates; its gender is not
its ending's ("Milano", "Torino" are feminine: *la città di* Milano), the
parser gives proper nouns no gender, and the rules need it to make a
predicate agree. The list holds the Italian regional and provincial
capitals and the large foreign cities under their Italian names, written
for the project (names are facts, not anyone's text).

Limits: a name also used for something else (a club: "il Milan"; a person:
"Firenze" as a surname) reads as the city; cities named with an article
("Il Cairo", "L'Aquila", "La Spezia") take the article's gender and are not
listed; countries and regions are not cities ("il Piemonte", "Israele").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

CITIES = frozenset(
    """
    Agrigento Alessandria Ancona Aosta Arezzo Ascoli Asti Avellino Bari Barletta Belluno Benevento Bergamo Biella
    Bologna Bolzano Brescia Brindisi Cagliari Caltanissetta Campobasso Caserta Catania Catanzaro Chieti Como
    Cosenza Cremona Crotone Cuneo Enna Ferrara Firenze Foggia Forlì Frosinone Genova Gorizia Grosseto Imperia
    Isernia Latina Lecce Lecco Livorno Lodi Lucca Macerata Mantova Massa Matera Messina Milano Modena Monza
    Napoli Novara Nuoro Oristano Padova Palermo Parma Pavia Perugia Pesaro Pescara Piacenza Pisa Pistoia
    Pordenone Potenza Prato Ragusa Ravenna Reggio Rieti Rimini Roma Rovigo Salerno Sassari Savona Siena Siracusa
    Sondrio Taranto Teramo Terni Torino Trapani Trento Treviso Trieste Udine Urbino Varese Venezia Verbania
    Vercelli Verona Vibo Vicenza Viterbo Amalfi Assisi Capri Cortina Ivrea Ostia Portofino Sorrento Taormina
    Amsterdam Atene Barcellona Berlino Boston Bruxelles Budapest Chicago Copenaghen Dublino Edimburgo Francoforte
    Ginevra Istanbul Lisbona Londra Lione Madrid Marsiglia Monaco Mosca Nizza Oslo Parigi Pechino Praga
    Seattle Shanghai Stoccolma Sydney Tokyo Toronto Varsavia Vienna Washington Zurigo Gerusalemme Baghdad
    Damasco Beirut Mumbai Delhi Dallas Houston Filadelfia Atlanta Denver Miami Montreal Vancouver Pittsburgh
    Detroit Baltimora Cleveland Hollywood Manhattan Brooklyn Oxford Cambridge Manchester Liverpool Glasgow
    """.split()
)


def is_city(word: str) -> bool:
    """A city name of the list, as written (capitalised)."""
    return word in CITIES


@dataclass(frozen=True)
class Place:
    """A country, region, continent, island or international body, with its grammar."""

    name: str
    gender: str
    """`Masc` or `Fem` (UD values)."""
    number: str
    """`Sing` or `Plur`."""
    article: str | None
    """The definite article it takes (il, lo, l', la, i, gli, le); None: none ("Cuba", "Israele")."""
    locative: str
    """The phrase for "in X" / "to X": "in Francia", "negli Stati Uniti", "a Cuba"."""
    kind: str
    """country, continent, region, island, organization or historical."""


FEMININE_ENDINGS = ("a", "ione", "tà", "tù")
"""Endings of a feminine singular head noun ("Francia", "Unione", "Comunità", "Repubblica")."""


def derived_gender(name: str) -> str:
    """The gender a name's ending gives: its first word (the head, Italian puts it first) in -a, -ione,
    -tà or -tù is feminine, any other masculine. The table's rows that differ say why in their note."""
    head = name.split()[0].lower()
    return "Fem" if head.endswith(FEMININE_ENDINGS) else "Masc"


PLACE_KINDS = ("country", "continent", "region", "island", "organization", "historical")
"""The kinds of `data/it_places.tsv`."""


@lru_cache(maxsize=1)
def places() -> dict[str, Place]:
    """Every place of `data/it_places.tsv`, by name as written.

    Raises:
        ValueError: a malformed row (the file ships with the package; the tests check it).
    """
    text = resources.files("coref_transfer").joinpath("data/it_places.tsv").read_text(encoding="utf-8")
    out: dict[str, Place] = {}
    header = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or (line.startswith("#") and "\t" not in line):
            continue
        fields = line.split("\t")
        if header is None:
            header = fields
            continue
        if len(fields) != 7 or fields[5] not in PLACE_KINDS or fields[1] not in ("Masc", "Fem"):
            raise ValueError(f"data/it_places.tsv:{lineno}: malformed row {line!r}")
        name, gender, number, article, locative, kind, _ = fields
        out[name] = Place(name, gender, number, None if article == "-" else article, locative, kind)
    return out


@lru_cache(maxsize=4096)
def place(name: str) -> Place | None:
    """The place named `name` (as written, else case aside: "NATO", "Nato"), or None (a city, or unknown)."""
    table = places()
    found = table.get(name.strip())
    if found is None:
        lower = name.strip().lower()
        found = next((p for n, p in table.items() if n.lower() == lower), None)
    return found
