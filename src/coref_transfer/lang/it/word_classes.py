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
#: Question words with an elided or adverbial form: "cos'è esso ?", "dov'è essa ?" (pro-drop: the thing pronoun
#: after "è" is the question's subject).
QUESTION_WORDS = INTERROGATIVES | frozenset(("cos'", "qual", "dove", "dov'", "come", "com'", "quando"))

#: Nouns of time (singular): after a verb the parser may take them for a subject ("è caduta tutta la
#: notte", predicate agreement); before "dopo"/"prima" they make it an adverb ("due anni dopo lui partì").
# fmt: off
TIME_NOUNS = frozenset((
    "giorno", "notte", "mattina", "mattino", "sera", "pomeriggio", "settimana", "mese", "anno", "ora", "minuto",
    "secondo", "volta", "estate", "inverno", "primavera", "autunno", "secolo", "tempo", "istante", "attimo",
    "momento",
))
# fmt: on
#: Their plurals.
# fmt: off
TIME_NOUN_PLURALS = frozenset((
    "giorni", "notti", "mattine", "mattini", "sere", "pomeriggi", "settimane", "mesi", "anni", "ore", "minuti",
    "secondi", "volte", "estati", "inverni", "primavere", "autunni", "secoli", "tempi", "istanti", "attimi",
    "momenti",
))
# fmt: on

#: The forms of "tutto" → (gender, number), UD values: "una stanza tutta sua" (possessive agreement), "tutta
#: questa" (a demonstrative of a feminine noun), an article after "tutto" (resolution's determiners).
TUTTO = {"tutto": ("Masc", "Sing"), "tutta": ("Fem", "Sing"), "tutti": ("Masc", "Plur"), "tutte": ("Fem", "Plur")}


def is_time_noun(word: str) -> bool:
    """The word (any case) is a noun of time, singular or plural."""
    w = word.lower()
    return w in TIME_NOUNS or w in TIME_NOUN_PLURALS


#: The lemmas UD Italian lets be AUX, each with its function (the validator's list, `udvalidate --level 5`:
#: aux-lemma): avere and essere (perfect, copula, passive), venire and andare (passive), the modals dovere,
#: potere, volere, sapere, stare (progressive) and fare (causative). The CorefUD export writes any other AUX
#: as a VERB.
AUXILIARIES = frozenset(
    ("andare", "avere", "dovere", "essere", "fare", "potere", "sapere", "stare", "venire", "volere")
)

#: The finite and non-finite forms of essere and avere (irregular, so listed whole), for an AUX whose lemma
#: the parser got wrong ("ero" with lemma "ero").
_ESSERE = (
    "essere essendo stato stata stati state sono sei è e' siamo siete ero eri era eravamo eravate erano fui "
    "fosti fu fummo foste furono sarò sarai sarà saremo sarete saranno sarei saresti sarebbe saremmo sareste "
    "sarebbero sia siamo siate siano fossi fosse fossimo fossero"
)
_AVERE = (
    "avere avendo avuto avuta avuti avute ho hai ha abbiamo avete hanno avevo avevi aveva avevamo avevate "
    "avevano ebbi avesti ebbe avemmo aveste ebbero avrò avrai avrà avremo avrete avranno avrei avresti avrebbe "
    "avremmo avreste avrebbero abbia abbiate abbiano avessi avesse avessimo avessero"
)
AUXILIARY_FORMS = {**{f: "avere" for f in _AVERE.split()}, **{f: "essere" for f in _ESSERE.split()}}
#: The stems of the other auxiliaries' forms (vogli-o, vol-evo, vorr-ei; stav-amo; dev-e, dovr-à ...).
AUXILIARY_STEMS = (
    ("vogl", "volere"), ("vol", "volere"), ("vorr", "volere"), ("pot", "potere"), ("poss", "potere"),
    ("può", "potere"), ("puoi", "potere"), ("dev", "dovere"), ("dov", "dovere"), ("debb", "dovere"),
    ("sap", "sapere"), ("stav", "stare"), ("sta", "stare"), ("stia", "stare"), ("stiamo", "stare"),
    ("vien", "venire"), ("ven", "venire"), ("verr", "venire"), ("vad", "andare"), ("and", "andare"),
    ("fac", "fare"), ("fec", "fare"), ("far", "fare"),
)  # fmt: skip


def auxiliary_lemma(form: str) -> str | None:
    """The auxiliary a written form belongs to ("Ho" → avere, "volevo" → volere), or None."""
    plain = form.lower().replace("’", "'")
    if plain in AUXILIARY_FORMS:
        return AUXILIARY_FORMS[plain]
    return next((lemma for stem, lemma in AUXILIARY_STEMS if plain.startswith(stem)), None)


#: Quantity nouns of number ("migliaia di fan", "una decina di persone", "milioni di utenti"): the phrase
#: refers to what follows "di", and Italian agrees with it ("migliaia di fan sono arrivati", a pronoun for them
#: "loro stessi"), so the noun after "di" gives the phrase's class (`noun_phrase.phrase_features`; issue 38).
NUMERIC_QUANTITIES = frozenset(
    "decina decine dozzina dozzine ventina ventine trentina trentine quarantina cinquantina centinaio centinaia "
    "migliaio migliaia milione milioni miliardo miliardi".split()
)
