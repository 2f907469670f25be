"""What an Italian noun's written form says about its gender and number, without its context.

The refinement rules that make a determiner agree with its noun cannot trust
the determiners already there (they may be the error) nor, alone, the
parser's features on the noun (a small parser copies the gender and number
of the article or possessive before it: "il suo biciclette" comes back
masculine singular). This module reads the noun's *form*:

1. **Noun lexicon** (`lang.it.nouns`, UD training forms): "mani" fem plur,
   "doti" fem plur, "città" fem (number ``-``: invariable).
2. **Derivational suffixes** whose gender and number are fixed: -zione/-sione
   fem sing, -zioni/-sioni fem plur, -trice/-trici, -ezza/-ezze, -etta/-ette
   feminine; -mento/-menti, -tore/-tori, -aggio, -ismo/-ismi masculine; -ità
   and -tù feminine and invariable; -che/-ghe feminine plural ("amiche",
   "colleghe": masculine plurals of -co/-go/-ca/-ga end in -chi/-ghi). The word must be longer than the suffix
   by two letters ("menti", minds, is feminine).
3. **Feminine nouns in -o** by list: mano (plural mani), and the invariable
   shortenings auto, moto, foto, radio, bici, dinamo, biro.
3b. **Loanwords** (`LOANWORD_GENDER`): a noun ending in a consonant that
   the lexicon gives no gender is a foreign word, masculine and invariable
   in Italian ("il computer", "i tablet", "il weekend") unless it is one of
   the feminine ones (`FEMININE_LOANWORDS`: "la mail", "la app", "la
   privacy", after the Italian word they stand for) or names a person of
   either gender (`PERSON_LOANWORDS`: "il/la manager", "il/la leader").
4. **Kinship nouns** (`lang.it.kinship`): "zia" fem sing, "zii" masc plur,
   "nipote" sing (either gender), where the lexicon does not know them.
5. **The singular of a plural-shaped form** in the lexicon: -e from a
   feminine -a ("porte" ← porta: fem plur; only the feminine pluralises in
   -e), -i from -o, -e, -a, -io ("amici" ← amico, "negozi" ← negozio,
   "laghi" ← lago), and the parser's lemma when it is a different word in
   the lexicon ("mani", lemma mano). The ending alone is not trusted: "taxi",
   "brindisi", "crisi" end in -i and are singular.
6. **A plural in -e of the parser's lemma in -a** ("fotografie", lemma
   fotografia): feminine plural, the weakest guess, unless the noun
   dictionary (when the caller gives one) lists the form otherwise ("cane",
   which a parser may lemmatise "cana", is masculine singular).

The *shape* of the ending is a weaker sign, used only to check the parser's
features (`shape_agrees`): -a feminine, -o masculine, -o/-a singular, -i
plural. A word ending in a consonant or an accented vowel ("editor",
"menù", "città") is invariable: its form shows no number, and only its
context can (`shows_number`).

Values are UD ("Masc"/"Fem", "Sing"/"Plur"). Limits: the lexicon's limits
(forms seen in the UD training files; homographs); common-gender nouns
(-ista, -ante, -ente) get no gender from their form; irregular plurals in -a
("le braccia", "le uova") only through the lexicon.
"""

from __future__ import annotations

from dataclasses import dataclass

from coref_transfer.class_values import UD_GENDER, UD_NUMBER
from coref_transfer.lang.it.articles import VOWELS
from coref_transfer.lang.it.kinship import kinship_features
from coref_transfer.lang.it.nouns import NounLexicon, normalize

#: Suffix → (gender, number or None for invariable), longest first when matched.
SUFFIXES: dict[str, tuple[str, str | None]] = {
    "zione": ("Fem", "Sing"),
    "zioni": ("Fem", "Plur"),
    "sione": ("Fem", "Sing"),
    "sioni": ("Fem", "Plur"),
    "trice": ("Fem", "Sing"),
    "trici": ("Fem", "Plur"),
    "ezza": ("Fem", "Sing"),
    "ezze": ("Fem", "Plur"),
    "etta": ("Fem", "Sing"),
    "ette": ("Fem", "Plur"),
    "mento": ("Masc", "Sing"),
    "menti": ("Masc", "Plur"),
    "tore": ("Masc", "Sing"),
    "tori": ("Masc", "Plur"),
    "aggio": ("Masc", "Sing"),
    "ismo": ("Masc", "Sing"),
    "ismi": ("Masc", "Plur"),
    "ità": ("Fem", None),
    # -che/-ghe: only feminine plurals (amiche, colleghe, banche); masculine plurals of -co/-go/-ca/-ga end in -chi/-ghi
    "che": ("Fem", "Plur"),
    "ghe": ("Fem", "Plur"),
    "tù": ("Fem", None),
}
#: Masculine nouns ending in -a that no suffix rule (`NOT_FEMININE_A`: -ma, -ista, -eta, -ota) covers, written
#: for the project: compounds whose first part is a verb or a masculine noun ("il girovita", "il salvavita",
#: "il portaborsa"), and single words masculine by usage ("il gorilla", "il boia", "il sosia", "il delta").
#: Their plural is the same word or -i; only the singular is listed.
# fmt: off
MASCULINE_IN_A = frozenset([
    "girovita", "salvavita", "portaborsa", "guardacaccia", "guardaspalla", "cavalcavia", "sottovia",
    "gorilla", "boia", "sosia", "delta", "koala", "panda", "vaglia", "nulla", "lama", "paria", "messia",
])
# fmt: on
#: Feminine nouns ending in -o → their number (None: invariable).
FEMININE_IN_O: dict[str, str | None] = {
    "mano": "Sing",
    "auto": None,
    "moto": None,
    "foto": None,
    "radio": None,
    "bici": None,
    "dinamo": None,
    "biro": None,
}
#: Loanwords that are feminine in Italian (the gender of the Italian word they stand for).
FEMININE_LOANWORDS = frozenset(
    "mail email e-mail chat app band star privacy password newsletter policy leadership holding lobby gang hall "
    "jeep spa reception location performance governance mission vision startup start-up community fiction "
    "playlist suite lounge tv web cam webcam slot gallery".split()
)
#: Loanwords naming a person, of either gender ("il manager", "la manager"): their form shows no gender.
PERSON_LOANWORDS = frozenset(
    "manager leader partner designer fan blogger influencer rapper dj coach trainer boss killer hacker reporter "
    "speaker sponsor babysitter baby-sitter baby sitter teenager youtuber follower owner ceo broker trader writer editor "
    "top-manager premier stylist producer performer chef barman steward hostess".split()
)
ACCENTED = frozenset("àáèéìíòóùú")
_TO_UD_GENDER = {v: k for k, v in UD_GENDER.items()}
_TO_UD_NUMBER = {v: k for k, v in UD_NUMBER.items()}


@dataclass(frozen=True)
class FormEvidence:
    """Gender and number a noun's form shows (UD values, None: the form does not say), with their sources."""

    gender: str | None
    number: str | None
    gender_source: str | None = None
    number_source: str | None = None
    shows_number: bool = True
    """False for an invariable form: ends in a consonant or an accented vowel, or the lexicon knows its
    gender but not its number ("crisi")."""


def is_invariable_shape(form: str) -> bool:
    """A form whose ending shows no number: a final consonant ("editor", "film") or accented vowel ("menù")."""
    w = normalize(form)
    if not w or not w[-1].isalpha():
        return True
    return w[-1] in ACCENTED or w[-1] not in VOWELS


def _lexicon(lexicon: NounLexicon | None, form: str) -> tuple[str | None, str | None]:
    if lexicon is None:
        return None, None
    gender, number = lexicon.lookup(form)
    return _TO_UD_GENDER.get(gender) if gender else None, _TO_UD_NUMBER.get(number) if number else None


def _suffix(form: str) -> tuple[str, str | None] | None:
    for suffix in sorted(SUFFIXES, key=len, reverse=True):
        if form.endswith(suffix) and len(form) >= len(suffix) + 2:
            return SUFFIXES[suffix]
    return None


def _singulars(form: str) -> list[str]:
    """The singular forms a plural-shaped `form` may come from (feminine -a for -e; -o, -e, -a, -io for -i)."""
    stem, last = form[:-1], form[-1:]
    if last == "e":
        return [stem + "a", stem + "ia"]  # porte ← porta, arance ← arancia
    if last != "i":
        return []
    out = [stem + "o", stem + "e", stem + "a", stem + "io"]
    if stem.endswith(("ch", "gh")):  # laghi ← lago, amiche? (no: amiche ends in -e)
        out += [stem[:-1] + "o", stem[:-1] + "a"]
    return out


def _plural_of_known_singular(form: str, lemma: str | None, lexicon: NounLexicon | None) -> str | None:
    """The gender of a plural-shaped form whose singular the lexicon knows (None: no singular, or disagreeing ones)."""
    if lexicon is None:
        return None
    genders = set()
    candidates = _singulars(form)
    if lemma is not None:
        plain_lemma = normalize(lemma)
        if plain_lemma != form and plain_lemma[:-1] and form.startswith(plain_lemma[:2]):
            candidates.append(plain_lemma)
    for singular in candidates:
        gender, number = _lexicon(lexicon, singular)
        if gender is None or number != "Sing":
            continue
        if form.endswith("e") and gender != "Fem":
            continue  # only the feminine makes its plural in -e
        genders.add(gender)
    return genders.pop() if len(genders) == 1 else None


#: Sources of a noun's gender or number that come from its written form alone (`FormEvidence`): the
#: evidence the rules trust against the parser.
# fmt: off
STRONG_SOURCES = frozenset(["lexicon", "suffix", "feminine in -o", "masculine in -a", "feminine of a noun in -o",
                            "kinship noun", "singular in the lexicon", "feminine loanword"])
# fmt: on


def noun_form_evidence(
    form: str, lemma: str | None = None, lexicon: NounLexicon | None = None, dictionary: NounLexicon | None = None
) -> FormEvidence:
    """What the form of a noun says of its gender and number (see the module docstring for the order).

    `dictionary` (`lang.it.dictionary`, Morph-it!) only vetoes the two guesses from a look-alike: a feminine
    plural read from the parser's lemma in -a ("cane", lemma "cana"; "bolide", lemma "bolida": masculine singular
    there), and a plural read from a singular the lexicon knows when the dictionary lists the form itself as a
    singular or both ways ("signore", not only the plural of "signora"). The form then stays unknown, so that
    the context decides ("il suo cane", "il loro bolide", "quel signore" stay; issue 38).

    "mani" → Fem Plur (lexicon); "biciclette" → Fem Plur (suffix -ette);
    "amministratrice" → Fem Sing (-trice); "porte" → Fem Plur (porta);
    "menù" → nothing, invariable; "editor" → nothing, invariable.
    """
    w = normalize(form)
    gender, number = _lexicon(lexicon, w)
    gender_source = "lexicon" if gender else None
    number_source = "lexicon" if number else None
    invariable = is_invariable_shape(w) or (gender is not None and number is None)
    suffix = _suffix(w)
    if suffix is not None:
        if gender is None:
            gender, gender_source = suffix[0], "suffix"
        if number is None and suffix[1] is not None:
            number, number_source = suffix[1], "suffix"
        invariable = invariable or suffix[1] is None
    if w in MASCULINE_IN_A and gender is None:
        gender, gender_source = "Masc", "masculine in -a"
    if (
        gender is None
        and len(w) > 3
        and w.endswith("a")
        and not w.endswith(NOT_FEMININE_A)
        and _lexicon(lexicon, w[:-1] + "o") == ("Masc", "Sing")
    ):
        # "amica" ← amico, "ragazza" ← ragazzo: the -a form of a masculine noun in -o is its feminine
        gender, gender_source = "Fem", "feminine of a noun in -o"
        number, number_source = number or "Sing", number_source or "feminine of a noun in -o"
    if w in FEMININE_IN_O:
        if gender is None:
            gender, gender_source = "Fem", "feminine in -o"
        if number is None and FEMININE_IN_O[w] is not None:
            number, number_source = FEMININE_IN_O[w], "feminine in -o"
        invariable = FEMININE_IN_O[w] is None
    if (
        gender is None
        and w[-1:].isalpha()
        and w[-1] not in VOWELS
        and w[-1] not in ACCENTED
        and w not in PERSON_LOANWORDS
        and len(w) > 2
    ):
        # the listed feminine ones are a curated list, strong evidence; a masculine loanword is the default guess
        gender, gender_source = ("Fem", "feminine loanword") if w in FEMININE_LOANWORDS else ("Masc", "loanword")
        invariable = True
    kin = kinship_features(w)
    if kin is not None:  # "zia", not in the lexicon: the kinship lists know it is singular and feminine
        if gender is None and kin[0] is not None:
            gender, gender_source = kin[0], "kinship noun"
        if number is None:
            number, number_source = kin[1], "kinship noun"
    if (
        (gender is None or number is None)
        and not invariable
        and w.endswith(("i", "e"))
        and not (dictionary is not None and w in dictionary and _lexicon(dictionary, w)[1] != "Plur")
    ):
        # a form the dictionary lists as a singular, or both ways, is no plural of its look-alike
        # singular: "signore" (il signore) is not only the plural of "signora" (issue 38, blind set h)
        singular_gender = _plural_of_known_singular(w, lemma, lexicon)
        if singular_gender is not None:
            if gender is None:
                gender, gender_source = singular_gender, "singular in the lexicon"
            if number is None:
                number, number_source = "Plur", "singular in the lexicon"
    if (
        (gender is None or number is None)
        and not invariable
        and _feminine_plural_of_lemma(w, lemma)
        and _lexicon(dictionary, w) in ((None, None), ("Fem", "Plur"))
    ):
        if gender is None:
            gender, gender_source = "Fem", "lemma in -a"
        if number is None:
            number, number_source = "Plur", "lemma in -a"
    return FormEvidence(gender, number, gender_source, number_source, not invariable)


def _feminine_plural_of_lemma(form: str, lemma: str | None) -> bool:
    """A form in -e whose lemma (the parser's) is the same word in -a: "fotografie" (fotografia), "arance" (arancia).

    Nouns in -a make their plural in -e only when feminine (il problema, i problemi).
    """
    if not lemma or not form.endswith("e"):
        return False
    plain = normalize(lemma)
    if not plain.endswith("a") or plain == form:
        return False
    return form in (plain[:-1] + "e", plain[:-2] + "e", plain[:-1] + "he")


#: Endings in -a of masculine or common-gender nouns (il problema, il pilota, il/la dentista, il poeta,
#: il/la collega): an -a there does not show the feminine.
NOT_FEMININE_A = ("ista", "iatra", "cida", "ma", "eta", "ota", "nauta", "arca", "ega")
#: ... except these things in -ista, feminine (l'intervista, la rivista, la lista, la pista, la conquista).
FEMININE_ISTA = frozenset(("intervista", "rivista", "vista", "svista", "lista", "pista", "conquista", "riconquista"))


def shape_agrees(form: str, attribute: str, value: str | None) -> bool:
    """Whether the ending of `form` shows `value` of `attribute` ("Gender"/"Number").

    -a feminine (not -ista, -ma, -eta, -ota, … of masculine and common-gender
    nouns: `NOT_FEMININE_A`), -o masculine; -o and -a singular, -i plural.
    Any other ending (-e, a consonant, an accented vowel) shows neither,
    so no value agrees with it.
    """
    w = normalize(form)
    last = w[-1:]
    if attribute == "Gender":
        if (last, value) == ("a", "Fem"):
            return w in FEMININE_ISTA or not (w.endswith(NOT_FEMININE_A) or w in MASCULINE_IN_A)
        return (last, value) == ("o", "Masc")
    return (last, value) in (("a", "Sing"), ("o", "Sing"), ("i", "Plur"))


def ending_disputes(
    form: str, parsed_gender: str | None, said_gender: str | None, dictionary: NounLexicon | None = None
) -> bool:
    """The parser's gender, which the noun's ending shows, is not the one its determiners say.

    "Il suo girovita": the article and possessive say masculine, the parser
    reads the -a noun as feminine. Neither side is proof (a noun in -a may be
    masculine: the ending is a tendency, and the determiners may be the
    error), so a rule that only has these two skips rather than rewrite the
    determiners or a predicate; the noun's form evidence
    (`noun_form_evidence`: lexicon, suffixes, lists) settles it when it has
    any. Only a feminine reading of a noun in -a against masculine
    determiners: the masculine nouns in -a are many and open-ended, while the
    feminine ones in -o are few and listed (`FEMININE_IN_O`), so "la sua
    ombrello" is the determiners' error. The noun dictionary
    (`lang.it.dictionary`, Morph-it!), which is never enough alone, settles
    the dispute when it reads the noun as the parser does ("Nel suo
    intervista": intervista is feminine there, so the determiners are the
    error and the rule goes on). Shared by the rules that read a noun phrase's gender
    (possessive_agreement, predicate_agreement).
    """
    if not (said_gender == "Masc" and parsed_gender == "Fem" and shape_agrees(form, "Gender", "Fem")):
        return False
    return dictionary is None or _lexicon(dictionary, normalize(form))[0] != parsed_gender
