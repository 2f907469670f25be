"""Italian personal names and city names to give people and places of the dataset (`coref-transfer augment`).

Why: the augmented copies of a training document give each person someone
else's name (and, on request, each city another city), so a model cannot
learn names instead of coreference. The names are common Italian first
names by gender, compound first names (`Maria Grazia`, `Gian Luca`),
surnames, and surnames of two words with a particle (`De Luca`, `Dalla
Valle`): a name of another length than the one it replaces is the rule, not
the exception, and the offsets must follow it. The lists were written for
this project (names are facts, not anyone's text); the cities are those of
`places.CITIES` that are whole names of a city, so the feminine agreement
that module documents holds for every one.

Limits: the first names are the unambiguous ones only: a name feminine in
one language and masculine in another (Andrea, Nicola, Simone) is left out,
since the gender of the person it replaces is the one thing that must not
change. A surname of two words is one surname (`De Luca` is never a first
name plus a surname): `SURNAME_PARTICLES` says which first words make one.
"""

from __future__ import annotations

from coref_transfer.lang.it.places import CITIES

FIRST_NAMES: dict[str, tuple[str, ...]] = {
    "fem": tuple(
        """
        Ada Agnese Alessandra Alice Angela Anna Antonella Arianna Aurora Beatrice Bianca Camilla Carla Carolina
        Caterina Chiara Cinzia Claudia Cristina Daniela Debora Donatella Elena Eleonora Elisa Elvira Emilia Emma
        Erica Ester Federica Francesca Gabriella Giada Giorgia Giovanna Giulia Greta Ida Ilaria Ines Irene Isabella
        Ivana Laura Letizia Lorenza Lucia Ludovica Marta Martina Michela Monica Nadia Noemi Olga Ornella Ottavia
        Paola Patrizia Rebecca Roberta Rosa Sara Serena Silvia Sofia Stefania Stella Sveva Teresa Tiziana Ursula
        Valentina Valeria Vanessa Viola Zoe
        """.split()
    )
    + ("Maria Grazia", "Anna Maria", "Maria Luisa", "Maria Teresa", "Maria Chiara", "Anna Rita"),
    "masc": tuple(
        """
        Aldo Alberto Alessandro Angelo Antonio Arturo Attilio Carlo Claudio Cristiano Dario Davide Domenico
        Edoardo Egidio Elia Emanuele Emilio Enrico Enzo Ernesto Ettore Fabio Federico Filippo Francesco Franco
        Gabriele Giacomo Gianni Giorgio Giovanni Giuseppe Guido Ignazio Italo Ivano Ivo Leonardo Lorenzo Luca
        Luigi Marco Mario Massimo Matteo Michele Oreste Orlando Oscar Osvaldo Ottavio Paolo Pietro Raffaele
        Riccardo Roberto Salvatore Sergio Stefano Tommaso Ugo Umberto Valerio Vincenzo Vittorio Zeno
        """.split()
    )
    + ("Gian Luca", "Gian Marco", "Pier Paolo", "Pier Luigi", "Gian Piero", "Carlo Alberto"),
}
"""First names by grammatical gender (`classes` values), single and compound."""

SURNAMES: tuple[str, ...] = tuple(
    """
    Albanese Alberti Ambrosi Amato Arduini Astolfi Barbieri Bellini Benedetti Bianchi Bruno Caruso Cattaneo
    Cirillo Colombo Conti Coppola Costa Ercolani Esposito Fontana Galli Gallo Gentile Giordano Greco Izzo
    Leone Lombardi Lombardo Longo Mancini Marchetti Mariani Marino Martinelli Martini Moretti Olivieri
    Orlandi Ottaviani Parisi Pellegrini Ricci Rinaldi Rizzo Romano Rossi Russo Sala Santoro Sartori Serra
    Silvestri Sorrentino Spada Testa Ugolini Ursini Valentini Villa Vitale Zanella Zanetti
    """.split()
) + ("De Luca", "De Santis", "De Angelis", "Di Stefano", "Di Marco", "Dalla Valle", "La Rosa", "Lo Russo")
"""Surnames, single and of two words with a particle (`SURNAME_PARTICLES`)."""

SURNAME_PARTICLES = frozenset(
    "De Di Da Del Della Dalla Dal Degli Dei La Lo Li Van Von Der Den Du Des Ten Ter Mac Mc O Le St Al El Bin Ibn"
    " Dos Das Do".split()
)
"""First words that make one surname with the word after them (`De Luca`, `Van Basten`, `La Rosa`, `Du Bois`)."""

_NOT_A_CITY_NAME = frozenset(
    "Ascoli Reggio Vibo Monaco Massa Latina Cortina Hollywood Manhattan Brooklyn Capri Ostia".split()
)
"""`places.CITIES` entries that are part of a name (Reggio, Vibo, Ascoli), ambiguous (Monaco: Munich or
the principality; Latina, Massa: words too) or not cities (Hollywood, Manhattan, Capri): never given."""

CITY_NAMES: tuple[str, ...] = tuple(sorted(CITIES - _NOT_A_CITY_NAME))
"""City names given to places: feminine whatever their ending, used without an article."""

COMPOUND_FIRST_NAMES = frozenset(name for names in FIRST_NAMES.values() for name in names if " " in name)
"""The compound first names of the lists (`Maria Grazia`): two words that are one first name."""


def first_names(gender: str) -> tuple[str, ...]:
    """The first names of a grammatical gender ("fem", "masc"); () for any other value."""
    return FIRST_NAMES.get(gender, ())


def listed_gender(name: str) -> str | None:
    """The gender a first name of the lists has, None when the lists do not hold it."""
    for gender, names in FIRST_NAMES.items():
        if name in names:
            return gender
    return None
