"""Italian inflection helpers: articles, demonstratives, possessives, pronoun forms, by table.

Every form is looked up in a table keyed by the context class of the next
word (its *onset*), so each rule of Italian grammar lives in one place:

1. Onset. A word starts with a *vowel* (a, e, i, o, u, accented or not;
   also ``h`` + vowel, since ``h`` is silent: l'hotel, gli hotel, un hotel),
   or like an *s impura* (s + consonant, z, gn, ps, pn, x, y, and i/j +
   vowel, where i/j is a semiconsonant: lo studente, lo zio, lo gnomo, lo
   psicologo, lo pneumatico, lo xilofono, lo yogurt, lo iato, lo Jonio), or
   with any other *consonant*. i + vowel is not a vowel onset (la iena, not
   l'iena); u + vowel is (l'uomo).
2. Elision. ``l'`` only before a vowel, in both genders (l'amico, l'auto);
   ``quell'``/``quest'`` before a vowel, both genders; ``un'`` only feminine
   before a vowel (un'auto, but un amico). Plural forms never elide (le
   auto, quelle amiche).
3. The masculine "strong" forms (lo, gli, uno, quello, quegli) go before an
   s impura, and lo/gli/quegli/l'/quell' before a vowel too.
4. Articulated prepositions: di, a, da, in, su fuse with a following definite
   article (di + il → del, in + gli → negli, su + l' → sull'); con and per do
   not (col, pel are optional or archaic), so they return None.

Forms are returned in lower case; `match_case` gives them the case of the
word they replace. Gender and number take UD values ("Masc"/"Fem",
"Sing"/"Plur"), case-insensitively. Known limits: numerals and symbols count
as consonants ("gli 80 anni" needs the spoken form); English loans with j
take lo (lo jazz, though il jazz is usual); "gli dei" is not derived.
"""

from __future__ import annotations

#: Vowels, with the accented letters Italian writes.
VOWELS = frozenset("aeiouàáèéìíòóùú")

VOWEL, S_IMPURA, CONSONANT = "vowel", "s_impura", "consonant"

#: Definite article by (gender, number) and onset of the next word.
DEFINITE_ARTICLES: dict[tuple[str, str], dict[str, str]] = {
    ("Masc", "Sing"): {VOWEL: "l'", S_IMPURA: "lo", CONSONANT: "il"},
    ("Masc", "Plur"): {VOWEL: "gli", S_IMPURA: "gli", CONSONANT: "i"},
    ("Fem", "Sing"): {VOWEL: "l'", S_IMPURA: "la", CONSONANT: "la"},
    ("Fem", "Plur"): {VOWEL: "le", S_IMPURA: "le", CONSONANT: "le"},
}
#: Indefinite article (singular only) by gender and onset of the next word.
INDEFINITE_ARTICLES: dict[str, dict[str, str]] = {
    "Masc": {VOWEL: "un", S_IMPURA: "uno", CONSONANT: "un"},
    "Fem": {VOWEL: "un'", S_IMPURA: "una", CONSONANT: "una"},
}
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
#: The stem each fusing preposition lends to an articulated preposition.
PREPOSITION_STEMS = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
#: The ending each definite article lends to an articulated preposition (de + lla = della).
ARTICLE_ENDINGS = {"il": "l", "lo": "llo", "l'": "ll'", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}
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


def _plain(word: str) -> str:
    """Lower case, with the typographic apostrophe normalised to ASCII."""
    return word.lower().replace("’", "'")


def _gender(value: str) -> str:
    norm = value.capitalize()
    if norm not in ("Masc", "Fem"):
        raise ValueError(f"gender must be 'Masc' or 'Fem', got {value!r}")
    return norm


def _number(value: str) -> str:
    norm = value.capitalize()
    if norm not in ("Sing", "Plur"):
        raise ValueError(f"number must be 'Sing' or 'Plur', got {value!r}")
    return norm


def starts_like_s_impura(word: str) -> bool:
    """True if `word` takes lo/gli/uno: s + consonant, z, gn, ps, pn, x, y, or i/j + vowel.

    "studente", "zio", "gnomo", "psicologo", "pneumatico", "xilofono",
    "yogurt", "iato", "Jonio" → True; "sole", "amico" → False.
    """
    w = _plain(word)
    if not w:
        return False
    first, second = w[0], w[1:2]
    if first == "s":
        return second.isalpha() and second not in VOWELS
    if first in "zxy":
        return True
    if w.startswith(("gn", "ps", "pn")):
        return True
    return first in "ij" and second in VOWELS and second != ""


def starts_with_vowel(word: str) -> bool:
    """True if `word` takes elided forms (l', quell', un'): a vowel or h + vowel onset.

    Silent h counts (l'hotel, gli hotel); i + vowel does not, its i is a
    semiconsonant (la iena, lo iato); u + vowel does (l'uomo).
    """
    w = _plain(word)
    if not w:
        return False
    if w[0] == "h":
        return w[1:2] in VOWELS and w[1:2] != ""
    if w[0] not in VOWELS:
        return False
    return not (w[0] == "i" and w[1:2] in VOWELS and w[1:2] != "")


def onset(word: str) -> str:
    """The context class of `word` for the tables: VOWEL, S_IMPURA or CONSONANT."""
    if starts_with_vowel(word):
        return VOWEL
    if starts_like_s_impura(word):
        return S_IMPURA
    return CONSONANT


def definite_article(gender: str, number: str, next_word: str) -> str:
    """il/lo/l'/i/gli/la/le for a noun phrase of `gender`/`number` whose first word is `next_word`.

    il libro, lo studente, l'amico, i libri, gli studenti, gli amici; la casa,
    l'auto, le auto. Before a possessive (a consonant) it is never elided:
    "la sua auto".
    """
    return DEFINITE_ARTICLES[(_gender(gender), _number(number))][onset(next_word)]


def indefinite_article(gender: str, next_word: str) -> str:
    """un/uno/una/un': un libro, un amico, uno studente; una casa, una zia, un'auto."""
    return INDEFINITE_ARTICLES[_gender(gender)][onset(next_word)]


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
    key = (_gender(gender), _number(number))
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
    return _DEMONSTRATIVE_FORMS.get(_plain(word))


def possessive(person: int | str, possessor_number: str, gender: str, number: str) -> str:
    """The possessive adjective of a possessor (`person`, `possessor_number`) agreeing with its noun.

    mio/mia/miei/mie, tuo…, suo/sua/suoi/sue, nostro…, vostro…; the third
    person plural "loro" is invariant ("la loro casa", "i loro figli").
    """
    key = (int(person), _number(possessor_number))
    if key not in POSSESSIVES:
        raise ValueError(f"person must be 1, 2 or 3, got {person!r}")
    return POSSESSIVES[key][(_gender(gender), _number(number))]


_POSSESSORS = {form: owner for owner, forms in POSSESSIVES.items() for form in forms.values()}


def possessor(word: str) -> tuple[int, str] | None:
    """(person, possessor number) of a possessive adjective, None for any other word.

    "sue" → (3, "Sing"), "nostri" → (1, "Plur"), "loro" → (3, "Plur").
    """
    return _POSSESSORS.get(_plain(word))


def article_kind(word: str) -> str | None:
    """ "definite" for il/lo/l'/la/i/gli/le, "indefinite" for un/uno/una/un', else None."""
    w = _plain(word)
    if any(w in forms.values() for forms in DEFINITE_ARTICLES.values()):
        return "definite"
    if any(w in forms.values() for forms in INDEFINITE_ARTICLES.values()):
        return "indefinite"
    return None


def articulated(preposition: str, article: str) -> str | None:
    """di/a/da/in/su fused with a definite article (del, allo, dall', nella, sui, degli, sulle).

    The preposition's capital is kept ("Di" + "il" → "Del"); "ad" counts as
    "a". Returns None when the two do not fuse (con, per, or not an article).
    """
    prep = _plain(preposition)
    stem = PREPOSITION_STEMS.get("a" if prep == "ad" else prep)
    ending = ARTICLE_ENDINGS.get(_plain(article))
    if stem is None or ending is None:
        return None
    return match_case(preposition, stem + ending)


_SPLIT = {
    stem + ending: (prep, art) for prep, stem in PREPOSITION_STEMS.items() for art, ending in ARTICLE_ENDINGS.items()
}


def split_articulated(word: str) -> tuple[str, str] | None:
    """The inverse of `articulated`: "della" → ("di", "la"), "Negli" → ("in", "gli"), else None.

    Both parts are lower case. Homographs are split too ("dei" is also
    "gods"): look at the token's part of speech before trusting this.
    """
    return _SPLIT.get(_plain(word))


def pronoun_with_number(word: str, number: str, gender: str | None = None) -> str | None:
    """The subject pronoun of the same person as `word` in `number`.

    io ↔ noi, tu ↔ voi, lui/lei/egli/ella → loro, esso ↔ essi, essa ↔ esse;
    loro → lui/lei needs `gender` ("Masc"/"Fem"). Returns `word` lower-cased
    when it already has `number`, None if it is not a subject pronoun or
    the gender is needed and missing.
    """
    w = _plain(word)
    if w not in SUBJECT_PRONOUNS:
        return None
    if SUBJECT_PRONOUNS[w][1] == _number(number):
        return w
    other = OTHER_NUMBER[w]
    if other is not None:
        return other
    if gender is None:
        return None
    return "lui" if _gender(gender) == "Masc" else "lei"


def match_case(model: str, word: str) -> str:
    """`word` in the case of `model`: "Quella" + "quell'" → "Quell'", "IL" + "la" → "LA"."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


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
