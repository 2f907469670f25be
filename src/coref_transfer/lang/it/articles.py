"""Italian articles and articulated prepositions, by table, and the onset rules that choose them.

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
   ``un'`` only feminine before a vowel (un'auto, but un amico). Plural forms
   never elide (le auto).
3. The masculine "strong" forms (lo, gli, uno) go before an s impura, and
   lo/gli/l' before a vowel too.
4. Articulated prepositions: di, a, da, in, su fuse with a following definite
   article (di + il → del, in + gli → negli, su + l' → sull'); con and per do
   not (col, pel are optional or archaic), so they return None.

Forms are returned in lower case; `match_case` gives them the case of the
word they replace. Gender and number take UD values ("Masc"/"Fem",
"Sing"/"Plur"), case-insensitively; the typographic apostrophe (’) reads as
the ASCII one. Known limits: numerals and symbols count as consonants ("gli
80 anni" needs the spoken form); English loans with j take lo (lo jazz,
though il jazz is usual); "gli dei" is not derived.
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
#: The stem each fusing preposition lends to an articulated preposition.
PREPOSITION_STEMS = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
#: The ending each definite article lends to an articulated preposition (de + lla = della).
ARTICLE_ENDINGS = {"il": "l", "lo": "llo", "l'": "ll'", "la": "lla", "i": "i", "gli": "gli", "le": "lle"}


def plain_form(word: str) -> str:
    """Lower case, with the typographic apostrophe normalised to ASCII."""
    return word.lower().replace("’", "'")


def ud_gender(value: str) -> str:
    """A gender as UD writes it ("masc" → "Masc").

    Raises:
        ValueError: not masculine or feminine.
    """
    norm = value.capitalize()
    if norm not in ("Masc", "Fem"):
        raise ValueError(f"gender must be 'Masc' or 'Fem', got {value!r}")
    return norm


def ud_number(value: str) -> str:
    """A number as UD writes it ("plur" → "Plur").

    Raises:
        ValueError: not singular or plural.
    """
    norm = value.capitalize()
    if norm not in ("Sing", "Plur"):
        raise ValueError(f"number must be 'Sing' or 'Plur', got {value!r}")
    return norm


def starts_like_s_impura(word: str) -> bool:
    """True if `word` takes lo/gli/uno: s + consonant, z, gn, ps, pn, x, y, or i/j + vowel.

    "studente", "zio", "gnomo", "psicologo", "pneumatico", "xilofono",
    "yogurt", "iato", "Jonio" → True; "sole", "amico" → False.
    """
    w = plain_form(word)
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
    w = plain_form(word)
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


def match_case(model: str, word: str) -> str:
    """`word` in the case of `model`: "Quella" + "quell'" → "Quell'", "IL" + "la" → "LA"."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def definite_article(gender: str, number: str, next_word: str) -> str:
    """il/lo/l'/i/gli/la/le for a noun phrase of `gender`/`number` whose first word is `next_word`.

    il libro, lo studente, l'amico, i libri, gli studenti, gli amici; la casa,
    l'auto, le auto. Before a possessive (a consonant) it is never elided:
    "la sua auto".
    """
    return DEFINITE_ARTICLES[(ud_gender(gender), ud_number(number))][onset(next_word)]


def indefinite_article(gender: str, next_word: str) -> str:
    """un/uno/una/un': un libro, un amico, uno studente; una casa, una zia, un'auto."""
    return INDEFINITE_ARTICLES[ud_gender(gender)][onset(next_word)]


def article_kind(word: str) -> str | None:
    """ "definite" for il/lo/l'/la/i/gli/le, "indefinite" for un/uno/una/un', else None."""
    w = plain_form(word)
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
    prep = plain_form(preposition)
    stem = PREPOSITION_STEMS.get("a" if prep == "ad" else prep)
    ending = ARTICLE_ENDINGS.get(plain_form(article))
    if stem is None or ending is None:
        return None
    return match_case(preposition, stem + ending)


_SPLIT = {
    stem + ending: (prep, art) for prep, stem in PREPOSITION_STEMS.items() for art, ending in ARTICLE_ENDINGS.items()
}


def contract(preposition: str, text: str) -> str | None:
    """`di` + `il porto` → `del porto`, `a` + `l'isola` → `all'isola`; None when `text` does not start with a
    definite article or the preposition does not fuse. The preposition's capital is kept ("Del porto")."""
    lower = text.lower()
    if lower.startswith(("l'", "l’")):
        fused = articulated(preposition, "l'")
        return None if fused is None else fused + text[2:]
    article, _, rest = text.partition(" ")
    fused = articulated(preposition, article) if rest else None
    return None if fused is None else f"{fused} {rest}"


SIMPLE_PREPOSITIONS = frozenset(("di", "d'", "a", "ad", "da", "in", "su", "con", "per", "tra", "fra"))
"""The simple prepositions, with the elided "d'" and the euphonic "ad"."""
# fmt: off
OTHER_PREPOSITIONS = frozenset(("durante", "verso", "presso", "contro", "attraverso", "lungo", "entro", "dentro",
                                "sopra", "sotto", "dietro", "senza", "oltre", "tramite", "mediante"))
# fmt: on
"""One-word prepositions that never fuse with an article ("durante la tournée")."""


def simple_preposition(word: str) -> str:
    """A simple preposition's plain form: "ad" → "a", "d'" → "di", "Di" → "di"."""
    plain = plain_form(word)
    return {"ad": "a", "d'": "di"}.get(plain, plain)


def split_articulated(word: str) -> tuple[str, str] | None:
    """The inverse of `articulated`: "della" → ("di", "la"), "Negli" → ("in", "gli"), else None.

    Both parts are lower case. Homographs are split too ("dei" is also
    "gods"): look at the token's part of speech before trusting this.
    """
    return _SPLIT.get(plain_form(word))


FULL_ARTICLES = frozenset(
    form
    for table in (*DEFINITE_ARTICLES.values(), *INDEFINITE_ARTICLES.values())
    for form in table.values()
    if not form.endswith("'")
)
"""il lo la i gli le un uno una: the articles as written before a consonant or s impura."""


def _unelided() -> dict[str, str]:
    out: dict[str, str] = {}
    for table in (*DEFINITE_ARTICLES.values(), *INDEFINITE_ARTICLES.values()):
        if table[VOWEL].endswith("'"):
            out.setdefault(table[VOWEL], table[CONSONANT])
    for preposition in PREPOSITION_STEMS:
        out[articulated(preposition, "l'")] = articulated(preposition, out["l'"])  # type: ignore[index]
    return out


UNELIDED = _unelided()
"""Elided article or articulated preposition -> its full form before a consonant, in the first
gender (table order) that elides it: l' → il, un' → una, dell' → del, sull' → sul."""

ARTICULATED_FORMS = frozenset(
    form for p in PREPOSITION_STEMS for a in ARTICLE_ENDINGS if (form := articulated(p, a)) and not form.endswith("'")
)
"""del dello della dei degli delle, al ..., sulle: articulated prepositions as written before a consonant."""
