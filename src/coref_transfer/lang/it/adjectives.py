"""The forms of an Italian adjective or past participle in each gender and number.

Why: a predicate adjective or participle agrees with its subject ("la
stazione era piccolissima", "le leggi sono state approvate"); to make it
agree, a rule must know which inflection class the word is in and its four
(or two) forms. No library the project uses inflects Italian (spaCy and
Stanza analyse, they do not generate), so the classes are written here.

Classes, decided from the word's form and the parser's lemma (the masculine
singular for an adjective, the infinitive for a participle):

- **Participles** (`participle_forms`): always four forms in -o/-a/-i/-e
  ("approvato", "approvata", "approvati", "approvate"; irregular ones too:
  "scritto", "messo", "aperto"). The word must have a participle's ending
  (`clitics.is_participle`).
- **Adjectives in -o** (four forms): the lemma ends in -o and the word is
  one of its forms; plurals of -co/-go take an h ("bianchi", "lunghe")
  except -ico, which keeps c in the masculine ("simpatici", "simpatiche";
  "antico" → "antichi" is the exception listed); -cio/-gio drop the i in the
  plural ("grigi", "grigie"), -io drops the o ("vecchi"). When the parser's
  lemma is not one whose forms include the word (a superlative lemmatised
  to its positive: "piccolissimo" → "piccolo"), a word in -o or -a is taken
  as its own masculine or feminine singular. A superlative in -issimo has
  four forms whatever its base ("gentile" → "gentilissime").
- **Adjectives in -e** (two forms, number only): the lemma ends in -e and
  the word is "-e" or "-i" ("grande", "grandi"); a word in -e or -i whose
  lemma says nothing is not inflected (it may be either class).
- **Not inflected** (None): invariable adjectives (`INVARIABLE`: blu, rosa,
  pari, …), cardinal numerals a parser may tag ADJ ("centoquattro",
  `numerals.is_cardinal`), words ending in a consonant or an accented vowel, and the
  common-gender -a adjectives (-ista, -cida, -iota, -asta: "ottimista",
  "omicida", "idiota", "entusiasta"), whose forms depend on gender and
  number in a way the ending does not show.

Values are UD ("Masc"/"Fem", "Sing"/"Plur"). Limits: adjectives with
irregular plurals beyond those rules ("belga" → "belgi") are missed; a
wrong lemma from the parser makes a word in -i or -e uninflected (skipped,
never wrongly inflected), and one in -o or -a is taken at its face value.
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import plain_form
from coref_transfer.lang.it.clitics import is_participle
from coref_transfer.lang.it.numerals import is_cardinal

#: Adjectives that do not change ("le auto blu", "una giornata no").
INVARIABLE = frozenset(
    "blu rosa viola lilla beige bordeaux pari dispari impari antifurto antincendio antinebbia standard super "
    "extra chic pop rock sexy light ok online offline dark smart trendy bio hi-fi ecc".split()
)
#: Endings of common-gender adjectives in -a (ottimista, omicida, idiota, entusiasta) and their plurals.
COMMON_GENDER_ENDINGS = ("ista", "isti", "iste", "cida", "cidi", "cide", "iota", "ioti", "iote", "asta", "asti", "aste")
#: Adjectives in -co whose masculine plural is -chi although they end in -ico.
ICO_WITH_H = frozenset(("antico", "carico", "ubriaco", "sudicio"))
ENDINGS = {("Masc", "Sing"): "o", ("Fem", "Sing"): "a", ("Masc", "Plur"): "i", ("Fem", "Plur"): "e"}


def _four_forms(masculine: str) -> dict[tuple[str, str], str]:
    """The four forms of an adjective in -o, from its masculine singular."""
    stem = masculine[:-1]
    feminine = stem + "a"
    if masculine.endswith(("co", "go")):
        if masculine.endswith("ico") and masculine not in ICO_WITH_H:
            masc_plur = stem[:-1] + "ci"
        else:
            masc_plur = stem + "hi"
        fem_plur = stem + "he"
    elif masculine.endswith(("cio", "gio")):
        masc_plur = stem[:-1] + "i"
        fem_plur = stem + "e" if len(stem) > 2 and stem[-3] in "aeiou" else stem[:-1] + "e"
    elif masculine.endswith("io"):
        masc_plur = stem
        fem_plur = stem + "e"
    else:
        masc_plur = stem + "i"
        fem_plur = stem + "e"
    return {
        ("Masc", "Sing"): masculine,
        ("Fem", "Sing"): feminine,
        ("Masc", "Plur"): masc_plur,
        ("Fem", "Plur"): fem_plur,
    }


def is_present_participle(word: str, lemma: str | None = None) -> bool:
    """A present participle ("preoccupanti", "sorridente"), an adjective in -e/-i, not a past participle.

    -ante/-anti always (no past participle has -ant-); -ente/-enti when the lemma's stem makes it
    ("sorridere" → "sorridente"), or with no lemma (a past participle in -ent- is rare: "spente")."""
    w = plain_form(word)
    if w.endswith(("ante", "anti")):
        return True
    if not w.endswith(("ente", "enti")):
        return False
    base = plain_form(lemma) if lemma else ""
    return not base or (base.endswith(("ere", "ire")) and w[:-4] == base[:-3])


def participle_forms(word: str, lemma: str | None = None) -> dict[tuple[str, str], str] | None:
    """The four forms of a past participle ("stato" → stato, stata, stati, state), None if not one
    (a present participle, "preoccupanti", is an adjective in -e: `adjective_forms`)."""
    w = plain_form(word)
    if not is_participle(w) or is_present_participle(w, lemma) or is_cardinal(w):
        return None  # "ventotto", "diciotto": a numeral's -tto is no participle's (issue 38)
    stem = w[:-1]
    return {key: stem + ending for key, ending in ENDINGS.items()}


def adjective_forms(word: str, lemma: str | None) -> dict[tuple[str | None, str], str] | None:
    """The forms of an adjective by (gender, number); gender None for a two-form adjective in -e.

    None when the word is not inflected or its class is not certain (see the module docstring).
    """
    w = plain_form(word)
    if len(w) < 2 or w in INVARIABLE or w.endswith(COMMON_GENDER_ENDINGS) or w[-1] not in "oaie":
        return None
    if is_cardinal(w):
        return None  # "era centoquattro" (tagged ADJ by the parser): a numeral, not "centoquattra" (issue 38)
    base = plain_form(lemma) if lemma else ""
    if base.endswith("o"):
        forms: dict[tuple[str | None, str], str] = dict(_four_forms(base))
        if w in forms.values():
            return forms
    if len(w) > 7 and w[:-1].endswith("issim"):
        return dict(_four_forms(w[:-1] + "o"))  # superlatives have four forms whatever their base ("gentilissime")
    if base.endswith("e") and len(base) > 2 and w in (base, base[:-1] + "i"):
        return {(None, "Sing"): base, (None, "Plur"): base[:-1] + "i"}
    if base.endswith("a"):
        return None  # the parser lemmatised it as a word in -a: a noun ("vittima"), not an adjective in -o
    if w.endswith("o"):
        return dict(_four_forms(w))
    if w.endswith("a") and not w.endswith(("ca", "ga", "cia", "gia")):
        return dict(_four_forms(w[:-1] + "o"))  # -ca/-ga/-cia/-gia: the masculine plural is not certain
    return None


def features_of(forms: dict[tuple[str | None, str], str], word: str) -> tuple[str | None, str] | None:
    """(gender or None, number) that `word` has among `forms` (the first match), None if not among them."""
    w = plain_form(word)
    for key, form in forms.items():
        if form == w:
            return key
    return None


def agreeing_form(forms: dict[tuple[str | None, str], str], gender: str | None, number: str) -> str | None:
    """The form for `gender` and `number` (a two-form adjective ignores the gender); None if unknown."""
    if (None, number) in forms:
        return forms[(None, number)]
    if gender is None:
        return None
    return forms.get((gender, number))
