"""Closed classes of Italian words that several refinement rules read: one list each, in one place.

Copular verbs (their complement is a predicate), question words, nouns of
time, and the forms of "tutto". Written for the project; each list says
which rule reads it for what.
"""

from __future__ import annotations

#: Copular verbs: a predicative adjective agrees with their subject ("è diventata critica", predicate
#: agreement), and a pronoun after them is a predicate, not an object ("non sembrava più lui", clitics).
COPULAR_VERBS = frozenset(
    ("diventare", "divenire", "sembrare", "parere", "rimanere", "restare", "apparire", "risultare")
)
#: Their forms by stem, for a lemma the parser got wrong.
COPULAR_STEMS = ("sembr", "divent", "divien", "rimane", "rimase", "rimast", "riman")

#: Question words: a fronted "quali paesi" or "che cosa" is as often the object as the subject (predicate
#: agreement), and "cosa" in "cosa ha fatto lui ?" is the verb's object, not its subject (pro-drop).
INTERROGATIVES = frozenset(("quale", "quali", "che", "cosa", "chi", "quanto", "quanta", "quanti", "quante"))

#: Nouns of time (singular): after a verb the parser may take them for a subject ("è caduta tutta la
#: notte", predicate agreement); before "dopo"/"prima" they make it an adverb ("due anni dopo lui partì").
TIME_NOUNS = frozenset((
    "giorno", "notte", "mattina", "mattino", "sera", "pomeriggio", "settimana", "mese", "anno", "ora", "minuto",
    "secondo", "volta", "estate", "inverno", "primavera", "autunno", "secolo", "tempo", "istante", "attimo",
    "momento",
))
#: Their plurals.
TIME_NOUN_PLURALS = frozenset((
    "giorni", "notti", "mattine", "mattini", "sere", "pomeriggi", "settimane", "mesi", "anni", "ore", "minuti",
    "secondi", "volte", "estati", "inverni", "primavere", "autunni", "secoli", "tempi", "istanti", "attimi",
    "momenti",
))

#: The forms of "tutto" → (gender, number), UD values: "una stanza tutta sua" (possessive agreement), "tutta
#: questa" (a demonstrative of a feminine noun), an article after "tutto" (resolution's determiners).
TUTTO = {"tutto": ("Masc", "Sing"), "tutta": ("Fem", "Sing"), "tutti": ("Masc", "Plur"), "tutte": ("Fem", "Plur")}


def is_time_noun(word: str) -> bool:
    """The word (any case) is a noun of time, singular or plural."""
    w = word.lower()
    return w in TIME_NOUNS or w in TIME_NOUN_PLURALS
