"""Italian inflection by table: demonstratives, possessives, the finite forms of common verbs.

Demonstratives take the form the next word's onset requires, like articles
(`coref_transfer.lang.it.articles`, rules 1-3: quel libro, quello studente,
quell'amico, quei libri, quegli studenti); ``quell'``/``quest'`` elide
before a vowel in both genders. Forms are lower case; gender and number take
UD values.
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import CONSONANT, S_IMPURA, VOWEL, onset, plain_form, ud_gender, ud_number

#: Adjectival demonstratives by kind, (gender, number) and onset of the next word.
DEMONSTRATIVES: dict[str, dict[tuple[str, str], dict[str, str]]] = {
    "quello": {
        ("Masc", "Sing"): {VOWEL: "quell'", S_IMPURA: "quello", CONSONANT: "quel"},
        ("Masc", "Plur"): {VOWEL: "quegli", S_IMPURA: "quegli", CONSONANT: "quei"},
        ("Fem", "Sing"): {VOWEL: "quell'", S_IMPURA: "quella", CONSONANT: "quella"},
        ("Fem", "Plur"): {VOWEL: "quelle", S_IMPURA: "quelle", CONSONANT: "quelle"},
    },
    "questo": {
        ("Masc", "Sing"): {VOWEL: "quest'", S_IMPURA: "questo", CONSONANT: "questo"},
        ("Masc", "Plur"): {VOWEL: "questi", S_IMPURA: "questi", CONSONANT: "questi"},
        ("Fem", "Sing"): {VOWEL: "quest'", S_IMPURA: "questa", CONSONANT: "questa"},
        ("Fem", "Plur"): {VOWEL: "queste", S_IMPURA: "queste", CONSONANT: "queste"},
    },
}
#: Pronominal demonstratives (no word follows): "quelli" is the pronoun's masculine plural.
DEMONSTRATIVE_PRONOUNS: dict[str, dict[tuple[str, str], str]] = {
    "quello": {
        ("Masc", "Sing"): "quello",
        ("Masc", "Plur"): "quelli",
        ("Fem", "Sing"): "quella",
        ("Fem", "Plur"): "quelle",
    },
    "questo": {
        ("Masc", "Sing"): "questo",
        ("Masc", "Plur"): "questi",
        ("Fem", "Sing"): "questa",
        ("Fem", "Plur"): "queste",
    },
}
#: Possessive adjectives by (person, possessor number), then (gender, number) of the possessed noun.
POSSESSIVES: dict[tuple[int, str], dict[tuple[str, str], str]] = {
    (1, "Sing"): {("Masc", "Sing"): "mio", ("Fem", "Sing"): "mia", ("Masc", "Plur"): "miei", ("Fem", "Plur"): "mie"},
    (2, "Sing"): {("Masc", "Sing"): "tuo", ("Fem", "Sing"): "tua", ("Masc", "Plur"): "tuoi", ("Fem", "Plur"): "tue"},
    (3, "Sing"): {("Masc", "Sing"): "suo", ("Fem", "Sing"): "sua", ("Masc", "Plur"): "suoi", ("Fem", "Plur"): "sue"},
    (1, "Plur"): {
        ("Masc", "Sing"): "nostro",
        ("Fem", "Sing"): "nostra",
        ("Masc", "Plur"): "nostri",
        ("Fem", "Plur"): "nostre",
    },
    (2, "Plur"): {
        ("Masc", "Sing"): "vostro",
        ("Fem", "Sing"): "vostra",
        ("Masc", "Plur"): "vostri",
        ("Fem", "Plur"): "vostre",
    },
    (3, "Plur"): {("Masc", "Sing"): "loro", ("Fem", "Sing"): "loro", ("Masc", "Plur"): "loro", ("Fem", "Plur"): "loro"},
}


def demonstrative(kind: str, gender: str, number: str, next_word: str | None) -> str:
    """The form of quello/questo agreeing with `gender`/`number` before `next_word`.

    quello: quel libro, quello studente, quell'amico, quei libri, quegli
    studenti/amici, quella casa, quell'auto, quelle case. questo: questo
    libro, quest'anno, questa casa, quest'auto, questi, queste. With
    `next_word` None the pronominal form is returned (quello, quella,
    quelli, quelle; questo, ...).

    Raises:
        ValueError: `kind` is neither "quello" nor "questo", or a bad gender/number.
    """
    if kind not in DEMONSTRATIVES:
        raise ValueError(f"demonstrative kind must be 'quello' or 'questo', got {kind!r}")
    key = (ud_gender(gender), ud_number(number))
    if next_word is None:
        return DEMONSTRATIVE_PRONOUNS[kind][key]
    return DEMONSTRATIVES[kind][key][onset(next_word)]


def _demonstrative_forms() -> dict[str, tuple[str, str | None, str]]:
    """Every written form of quello/questo → (kind, gender, number); gender None for the elided forms."""
    forms: dict[str, tuple[str, str | None, str]] = {}
    for kind, table in DEMONSTRATIVES.items():
        for (gender, number), by_onset in table.items():
            for form in by_onset.values():
                forms[form] = (kind, None if form.endswith("'") else gender, number)
    for kind, pronouns in DEMONSTRATIVE_PRONOUNS.items():
        for (gender, number), form in pronouns.items():
            forms[form] = (kind, gender, number)
    return forms


_DEMONSTRATIVE_FORMS = _demonstrative_forms()


def demonstrative_features(word: str) -> tuple[str, str | None, str] | None:
    """(kind, gender, number) of a form of quello/questo, None for any other word.

    "quegli" → ("quello", "Masc", "Plur"); the elided "quell'" and "quest'"
    have no gender (None): they serve both.
    """
    return _DEMONSTRATIVE_FORMS.get(plain_form(word))


def possessive(person: int | str, possessor_number: str, gender: str, number: str) -> str:
    """The possessive adjective of a possessor (`person`, `possessor_number`) agreeing with its noun.

    mio/mia/miei/mie, tuo…, suo/sua/suoi/sue, nostro…, vostro…; the third
    person plural "loro" is invariant ("la loro casa", "i loro figli").
    """
    key = (int(person), ud_number(possessor_number))
    if key not in POSSESSIVES:
        raise ValueError(f"person must be 1, 2 or 3, got {person!r}")
    return POSSESSIVES[key][(ud_gender(gender), ud_number(number))]


_POSSESSORS = {form: owner for owner, forms in POSSESSIVES.items() for form in forms.values()}


def possessor(word: str) -> tuple[int, str] | None:
    """(person, possessor number) of a possessive adjective, None for any other word.

    "sue" → (3, "Sing"), "nostri" → (1, "Plur"), "loro" → (3, "Plur").
    """
    return _POSSESSORS.get(plain_form(word))


def _forms(table: str) -> dict[str, tuple[int, str]]:
    """'sono:1s,3p siete:2p' style tables → form → (person, number) for unambiguous forms only."""
    out: dict[str, tuple[int, str]] = {}
    for item in table.split():
        form, persons = item.split(":")
        if "," in persons:  # ambiguous (sono: io sono / loro sono): leave it to the parser
            continue
        out[form] = (int(persons[0]), "Sing" if persons[1] == "s" else "Plur")
    return out


#: Person and number of the finite forms of the auxiliaries and commonest
#: verbs (present, imperfect, future indicative; present subjunctive where
#: unambiguous). A small parser trained on UD sees little 2nd person and
#: mistags "siete" or "avete"; the rules trust this table over its features.
FINITE_FORMS: dict[str, tuple[int, str]] = _forms(
    "sono:1s,3p sei:2s è:3s siamo:1p siete:2p "
    "ero:1s eri:2s era:3s eravamo:1p eravate:2p erano:3p "
    "sarò:1s sarai:2s sarà:3s saremo:1p sarete:2p saranno:3p "
    "ho:1s hai:2s ha:3s abbiamo:1p avete:2p hanno:3p "
    "avevo:1s avevi:2s aveva:3s avevamo:1p avevate:2p avevano:3p "
    "avrò:1s avrai:2s avrà:3s avremo:1p avrete:2p avranno:3p "
    "sto:1s stai:2s sta:3s stiamo:1p state:2p stanno:3p "
    "vado:1s vai:2s va:3s andiamo:1p andate:2p vanno:3p "
    "faccio:1s fai:2s fa:3s facciamo:1p fate:2p fanno:3p "
    "posso:1s puoi:2s può:3s possiamo:1p potete:2p possono:3p "
    "voglio:1s vuoi:2s vuole:3s vogliamo:1p volete:2p vogliono:3p "
    "devo:1s devi:2s deve:3s dobbiamo:1p dovete:2p devono:3p "
    "siate:2p abbiate:2p"
)


def finite_person_number(token_text: str) -> tuple[int, str] | None:
    """(person, number) of a known finite form of a common verb, else None."""
    return FINITE_FORMS.get(token_text.lower())


#: Endings of the second person plural of every verb: present (pagate, decidete, venite),
#: imperfect (pagavate), future (pagherete) and conditional (paghereste) indicative.
SECOND_PLURAL_ENDINGS = ("ate", "ete", "ite", "ereste", "ireste", "areste")
#: Endings of the second person singular imperfect (sapevi, pagavi, dormivi).
SECOND_SINGULAR_ENDINGS = ("avi", "evi", "ivi")
#: Words with those endings that are not verbs of the second person (nouns, adjectives, adverbs).
NOT_SECOND_PERSON = frozenset(
    ["parete", "sete", "rete", "mete", "abete", "prete", "lite", "vite", "mite", "salute", "estate"]
)


def second_person_guess(word: str) -> str | None:
    """ "Plur"/"Sing" when `word` has the ending of a 2nd person plural or imperfect singular verb, else None.

    A guess from the ending alone ("decidete" → Plur, "sapevi" → Sing): plural
    participles and adjectives ("pagate", "cattivi") share these endings, so
    the caller must have a 2nd person pronoun right next to the word (tu/voi
    are subjects) and exclude what its context shows to be a noun.
    """
    w = plain_form(word)
    if len(w) < 5 or w in NOT_SECOND_PERSON:
        return None
    if w.endswith(SECOND_PLURAL_ENDINGS):
        return "Plur"
    if w.endswith(SECOND_SINGULAR_ENDINGS):
        return "Sing"
    return None


#: Third person singular ↔ plural of the auxiliaries, modals and commonest irregular verbs, every
#: tense where the two are unambiguous ("è"/"sono" is listed: "sono" is also 1st singular, which
#: the caller rules out by its subject being a 3rd person).
THIRD_PERSON_PAIRS: tuple[tuple[str, str], ...] = tuple(
    tuple(pair.split(":"))  # type: ignore[misc]
    for pair in (
        "è:sono era:erano sarà:saranno sia:siano fosse:fossero sarebbe:sarebbero fu:furono "
        "ha:hanno aveva:avevano avrà:avranno abbia:abbiano avesse:avessero avrebbe:avrebbero ebbe:ebbero "
        "sta:stanno stava:stavano starà:staranno stia:stiano stesse:stessero starebbe:starebbero "
        "va:vanno andava:andavano andrà:andranno vada:vadano andrebbe:andrebbero "
        "fa:fanno faceva:facevano farà:faranno faccia:facciano farebbe:farebbero fece:fecero "
        "può:possono poteva:potevano potrà:potranno possa:possano potrebbe:potrebbero "
        "vuole:vogliono voleva:volevano vorrà:vorranno voglia:vogliano vorrebbe:vorrebbero "
        "deve:devono doveva:dovevano dovrà:dovranno debba:debbano dovrebbe:dovrebbero "
        "viene:vengono veniva:venivano verrà:verranno venga:vengano verrebbe:verrebbero "
        "dice:dicono diceva:dicevano dirà:diranno disse:dissero "
        "sa:sanno sapeva:sapevano saprà:sapranno "
        "rimane:rimangono tiene:tengono esce:escono"
    ).split()
)
_THIRD_PERSON = {**{s: ("Sing", p) for s, p in THIRD_PERSON_PAIRS}, **{p: ("Plur", s) for s, p in THIRD_PERSON_PAIRS}}
#: Regular 3rd person endings by conjugation: (singular, plural), matched on the lemma's stem.
# fmt: off
_REGULAR_ENDINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "are": (("a", "ano"), ("ava", "avano"), ("erà", "eranno"), ("erebbe", "erebbero"), ("asse", "assero"),
            ("ò", "arono")),
    "ere": (("e", "ono"), ("eva", "evano"), ("erà", "eranno"), ("erebbe", "erebbero"), ("esse", "essero")),
    "ire": (("isce", "iscono"), ("e", "ono"), ("iva", "ivano"), ("irà", "iranno"), ("irebbe", "irebbero"),
            ("isse", "issero"), ("ì", "irono")),
}
# fmt: on


def third_person_number(word: str, lemma: str | None) -> tuple[str, str] | None:
    """(number, the form of the other number) of a 3rd person finite verb, None if not known.

    By table for the auxiliaries and common irregular verbs ("ha" → ("Sing",
    "hanno")), else by the regular endings of the lemma's conjugation, only
    when the word is the lemma's stem plus one of them ("sorprende", lemma
    sorprendere → ("Sing", "sorprendono"); "parlavano" → ("Plur", "parlava")).
    The present subjunctive of regular verbs is left out ("parli" is also
    2nd singular), so are the -care/-gare futures (cercherà) and the
    irregular past absolute.
    """
    w = plain_form(word)
    if w in _THIRD_PERSON:
        return _THIRD_PERSON[w]
    base = plain_form(lemma) if lemma else ""
    conjugation = base[-3:]
    if conjugation not in _REGULAR_ENDINGS or len(base) < 5:
        return None
    stem = base[:-3]
    for singular, plural in _REGULAR_ENDINGS[conjugation]:
        if w == stem + singular:
            return "Sing", stem + plural
        if w == stem + plural:
            return "Plur", stem + singular
    return None
