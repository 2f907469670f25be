"""Italian personal pronoun forms, by table.

Subject pronouns with their person, number and gender, the other-number
counterpart of each, the tonic (prepositional) forms of io/tu, and the
tonic and reflexive forms by entity class that the translate stage gives an
English pronoun mention (`coref_transfer.translate.pronouns`). Person and
number take UD values ("Sing"/"Plur"); entity classes the project's
(type, gender, number), lower case.
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import plain_form, ud_gender, ud_number

#: Subject personal pronouns: (person, number, gender or None) of each form.
SUBJECT_PRONOUNS: dict[str, tuple[int, str, str | None]] = {
    "io": (1, "Sing", None),
    "tu": (2, "Sing", None),
    "lui": (3, "Sing", "Masc"),
    "egli": (3, "Sing", "Masc"),
    "esso": (3, "Sing", "Masc"),
    "lei": (3, "Sing", "Fem"),
    "ella": (3, "Sing", "Fem"),
    "essa": (3, "Sing", "Fem"),
    "noi": (1, "Plur", None),
    "voi": (2, "Plur", None),
    "loro": (3, "Plur", None),
    "essi": (3, "Plur", "Masc"),
    "esse": (3, "Plur", "Fem"),
}
#: The other-number counterpart of each subject pronoun; None where gender decides (loro → lui/lei).
OTHER_NUMBER = {
    "io": "noi",
    "noi": "io",
    "tu": "voi",
    "voi": "tu",
    "lui": "loro",
    "egli": "loro",
    "lei": "loro",
    "ella": "loro",
    "esso": "essi",
    "essi": "esso",
    "essa": "esse",
    "esse": "essa",
    "loro": None,
}
#: Tonic (prepositional) forms of the first and second person singular, and back.
OBLIQUE = {"io": "me", "tu": "te"}
NOMINATIVE = {"me": "io", "te": "tu"}

#: Tonic personal pronouns, the forms a preposition governs ("per lui", "con noi", "su di sé").
TONIC_PRONOUNS = frozenset(["me", "te", "lui", "lei", "esso", "essa", "noi", "voi", "loro", "essi", "esse", "sé"])
#: Prepositions that put "di" before a tonic personal pronoun: "su di lui", "contro di
#: noi", "senza di te", "dopo di lei", "sopra di esso", "sotto di me", "dietro di lui",
#: "dentro di sé", "verso di loro", "presso di lei". Not tra/fra, per, con, da, a, in, di
#: ("tra noi", "per lui"). Not the adverbs that bring their own preposition ("prima di
#: lui", "oltre a lui", "fuori di sé"): "prima lui" means "him first", a different phrase.
PREPOSITIONS_WITH_DI = frozenset(
    ["su", "contro", "senza", "dopo", "sopra", "sotto", "dietro", "dentro", "verso", "presso"]
)


#: Tonic personal forms by entity class (type, gender, number): grammatical in every
#: position an English subject or object held ("ha ringraziato lui").
THING_PRONOUNS = frozenset(["esso", "essa", "essi", "esse"])
"""The tonic third-person forms for things: never a focus, and the Italian noun they refer back to decides their gender."""
PERSONAL_BY_CLASS = {
    ("person", "masc", "sing"): "lui",
    ("person", "fem", "sing"): "lei",
    ("thing", "masc", "sing"): "esso",
    ("thing", "fem", "sing"): "essa",
    ("person", "masc", "plur"): "loro",
    ("person", "fem", "plur"): "loro",
    ("thing", "masc", "plur"): "essi",
    ("thing", "fem", "plur"): "esse",
}
#: Reflexive forms by (gender, number).
REFLEXIVE_BY_CLASS = {
    ("masc", "sing"): "sé stesso",
    ("fem", "sing"): "sé stessa",
    ("masc", "plur"): "sé stessi",
    ("fem", "plur"): "sé stesse",
}


def pronoun_with_number(word: str, number: str, gender: str | None = None) -> str | None:
    """The subject pronoun of the same person as `word` in `number`.

    io ↔ noi, tu ↔ voi, lui/lei/egli/ella → loro, esso ↔ essi, essa ↔ esse;
    loro → lui/lei needs `gender` ("Masc"/"Fem"). Returns `word` lower-cased
    when it already has `number`, None if it is not a subject pronoun or
    the gender is needed and missing.
    """
    w = plain_form(word)
    if w not in SUBJECT_PRONOUNS:
        return None
    if SUBJECT_PRONOUNS[w][1] == ud_number(number):
        return w
    other = OTHER_NUMBER[w]
    if other is not None:
        return other
    if gender is None:
        return None
    return "lui" if ud_gender(gender) == "Masc" else "lei"
