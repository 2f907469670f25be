"""Forms of address: the titles put before a surname, and the greetings and thanks that open a vocative.

Italian addresses a person with a title and a name and no article
("Buongiorno, signora Rossi"; "Grazie, dottor Bianchi"), but talks *about*
a person with the article ("la signora Rossi ha chiamato"). English
"Mr Conti" comes back from translation with the article of the third-person
use; the vocative rule removes it where the person is addressed.

`TITLES`: the titles of address put before a name, in the forms written
there (the truncated masculine "signor", "dottor", "professor", "ingegner"
as well as the full ones): courtesy titles (signore, signora, signorina),
academic and professional ones (dottore, dottoressa, professore,
professoressa, avvocato, avvocatessa, ingegnere, architetto, ragioniere,
geometra, maestro, maestra) and offices addressed by title (onorevole,
presidente, ministro, senatore, senatrice, sindaco, giudice, direttore,
direttrice, commissario, capitano, colonnello, generale, tenente).
`KINSHIP_TITLES`: the kinship nouns put before a first name (zio, zia,
nonno, nonna, cugino, cugina: "Ciao, zia Carla!"). Left out: religious
titles and kinship words with their own usage ("padre Pio", "don", "suor",
"fra", "fratello", "sorella"), and English titles.

`GREETINGS`: words that, standing alone before the comma, make what
follows an address: greetings (ciao, salve, buongiorno, buonasera,
buonanotte, arrivederci, benvenuto/a/i/e, bentornato/a/i/e, addio), thanks and apology
(grazie, scusi, scusa, prego, complimenti, congratulazioni, auguri), the
call "ehi", and the words that go with them in
fixed greetings ("grazie mille", "tante grazie", "buona sera", "buon
giorno", "molte grazie", "grazie ancora", "grazie davvero"; `GREETING_PARTS`).
Not "ecco": "Ecco, il signor Conti" presents him ("here is Mr Conti").
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import plain_form

TITLES = frozenset(
    [
        "signor",
        "signore",
        "signora",
        "signorina",
        "dottor",
        "dottore",
        "dottoressa",
        "professor",
        "professore",
        "professoressa",
        "avvocato",
        "avvocatessa",
        "ingegner",
        "ingegnere",
        "architetto",
        "ragionier",
        "ragioniere",
        "geometra",
        "maestro",
        "maestra",
        "onorevole",
        "presidente",
        "ministro",
        "senatore",
        "senatrice",
        "sindaco",
        "giudice",
        "direttore",
        "direttrice",
        "commissario",
        "capitano",
        "colonnello",
        "generale",
        "tenente",
    ]
)
"""Titles of address put before a name ("signor Conti", "dottoressa Galli")."""

KINSHIP_TITLES = frozenset(["zio", "zia", "nonno", "nonna", "cugino", "cugina"])
"""Kinship nouns used as a title before a first name ("zia Carla", "nonno Piero"): "Ciao, zia Carla!"."""

GREETINGS = frozenset(
    [
        "ciao",
        "salve",
        "buongiorno",
        "buonasera",
        "buonanotte",
        "arrivederci",
        "arrivederla",
        "addio",
        "benvenuto",
        "benvenuta",
        "benvenuti",
        "benvenute",
        "bentornato",
        "bentornata",
        "bentornati",
        "bentornate",
        "grazie",
        "scusi",
        "scusa",
        "prego",
        "complimenti",
        "congratulazioni",
        "auguri",
        "ehi",
    ]
)
"""Greetings, thanks and calls that make the name after them an address."""

GREETING_PARTS = frozenset(
    ["mille", "tante", "molte", "infinite", "ancora", "davvero", "buon", "buona", "giorno", "sera", "notte"]
)
"""Words that only go with a greeting in the fixed phrases ("grazie mille", "buona sera")."""


def is_title(word: str) -> bool:
    """A title of address, or a kinship noun used as one: "signor", "Dottoressa", "zia" → True; "sindacato" → no."""
    form = plain_form(word)
    return form in TITLES or form in KINSHIP_TITLES


def is_kinship_title(word: str) -> bool:
    """A kinship noun used as a title ("zia" in "zia Carla"); alone it is no address the rule may take."""
    return plain_form(word) in KINSHIP_TITLES


def is_greeting(words: list[str]) -> bool:
    """The words are a greeting or thanks on their own: "Grazie", "Grazie mille", "Buona sera".

    At least one word of `GREETINGS` ("buona sera" counts: "buona" and
    "sera" make "buonasera"), the rest from `GREETING_PARTS`.
    """
    forms = [plain_form(w) for w in words]
    if not forms or not all(f in GREETINGS or f in GREETING_PARTS for f in forms):
        return False
    joined = "".join(forms)
    return any(f in GREETINGS for f in forms) or joined in GREETINGS
