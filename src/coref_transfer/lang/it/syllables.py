"""Italian syllables, counted from spelling for the Flesch–Vacca formula.

`italian_syllables` counts the vowel nuclei of a written word. a, e, o and
every vowel with an accent or a diaeresis are nuclei, and two of them side
by side are in hiatus (a-e-re-o, pa-e-se); an unstressed i or u (and y) next
to one is a glide, so rising and falling diphthongs and triphthongs make one
syllable (pie-de, mai, miei); the u of "qu" (and of "gu" before a vowel) and
the i of "ci", "gi", "sci", "gli" before a vowel belong to the consonant; i
and u with no strong vowel beside them make one nucleus together (lui,
fiu-me).

Italian spelling marks stress only on a final vowel, so a stressed i or u
inside a word looks like an unstressed one (a glide). The counter recovers it
only where spelling or morphology shows it: a word ending in i/u + an
unaccented a, e or o and no other vowel (mì-a, zì-o), the Greek suffixes
-ìa/-ìe (e-co-no-mì-a), -ismo/-ista after a, e, o, the prefixes co-, de-,
pre-, pro-, re- before i + consonant, and the stems paur- and baul-. Other
unmarked stressed i/u after a vowel or before a final vowel count one
syllable short (far-ma-cì-a, po-li-zì-a); loanwords follow Italian rules;
acronyms without a vowel count 0. `italian_syllables` numbers the rules,
with examples, and lists the known limits.

Rule-based, with no dependency. Not textstat or pyphen: textstat's Italian
syllables are pyphen's hyphenation points, and hyphenation never splits off a
single vowel, so words lose syllables (textstat 0.7.13 with pyphen 0.18.1:
"amico" 2, "idea" 1, "aereo" 2, "paese" 2, "paura" 2).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

__all__ = ["italian_syllables"]

# Kinds of letter: consonant, weak vowel (unstressed i, u; y), strong vowel
# (a, e, o, and any vowel that carries an accent or a diaeresis).
_C, _W, _S = 0, 1, 2
_STRESS_MARKS = frozenset("\u0300\u0301\u0302\u0308")  # grave, acute, circumflex, diaeresis

# Greek suffixes that keep the stress on the i of -ìa / -ìe (economìa,
# tecnologìe). "-manìa" is left out because of "Germània".
_IT_STRESSED_IA = re.compile(
    r"(?:logi|grafi|sofi|nomi|crazi|pati|fobi|archi|metri|terapi|ergi|algi|foni|scopi|tomi)[ae]\Z"
)
# A Latin prefix ending in a vowel before an i that starts the stem: co-in-volgere,
# re-iterare, pro-ibire, de-ità, pre-istoria.
_IT_PREFIX_I = re.compile(r"(?:co|de|pre|pro|re)(i)[b-df-hj-np-tv-z]")
# -ismo / -ista after a, e, o: ego-ismo, ate-ismo, ego-ista.
_IT_ISMO = re.compile(r"[aeo](i)s[mt]")
# Stems whose unmarked stressed u follows a vowel (pa-ù-ra, ba-ù-le): the
# frequent words no rule above can see; the index is the u's offset.
_IT_HIATUS_STEMS = {"paur": 2, "baul": 2}


def _it_letters(word: str) -> tuple[str, list[int], list[bool]]:
    """The word's letters in lower case without marks, each letter's kind, and whether it bears a mark."""
    bases: list[str] = []
    kinds: list[int] = []
    marked: list[bool] = []
    for ch in unicodedata.normalize("NFD", word.lower()):
        if unicodedata.combining(ch):
            if ch in _STRESS_MARKS and kinds and kinds[-1] != _C:
                kinds[-1] = _S
                marked[-1] = True
            continue
        if not ch.isalpha():
            continue
        bases.append(ch)
        kinds.append(_S if ch in "aeo" else _W if ch in "iuy" else _C)
        marked.append(False)
    return "".join(bases), kinds, marked


def italian_syllables(word: str) -> int:
    """Number of syllables of an Italian word, from its spelling.

    Non-letters are ignored, so "dell'" counts as "dell" (1) and a token with
    no vowel ("l'", "2003") counts 0. Each syllable has one vowel nucleus:

    1. a, e, o, and every vowel written with an accent or a diaeresis, are
       nuclei; two of them side by side are in hiatus and count apart
       (a-e-re-o 4, i-de-a 3, pa-e-se 3, po-e-ta 3, cit-tà 2, pa-ù-ra 3,
       quï-e-te 3);
    2. an unstressed i or u (and y) next to such a vowel is a glide, not a
       nucleus: rising and falling diphthongs (pie-de, uo-mo, fio-re, mai,
       au-to), triphthongs (miei, tuoi, a-iuo-la 3), i between vowels (no-ia
       2); of two weak vowels after a strong one, the second is a nucleus
       (a-iu-to 3, ma-iu-sco-lo 4); an accent moves the nucleus (più 1, può 1);
    3. the u of "qu", and of "gu" before a vowel, is a glide (quan-do 2,
       guer-ra 2, gui-da 2, qua 1);
    4. the i of "ci", "gi", "sci", "gli" before a vowel is only a spelling of
       the consonant (cie-lo 2, gior-no 2, scien-za 2, fi-glio 2): by rule 2
       it is never a nucleus there, which is the standard rule for these
       digraphs. So "ciao" is cia-o 2 (a-o is a hiatus by rule 1, as in the
       dictionaries' cià-o), not 1;
    5. i and u with no strong vowel beside them make one nucleus together
       (lui 1, flui-do 2, fiu-me 2).

    Spelling marks stress only on final vowels, so a stressed i or u inside a
    word looks like an unstressed one. Rules 6-9 recover it where spelling or
    morphology shows it; they turn a glide of rule 2 into a nucleus:

    6. a word whose only vowels are i/u + a, e or o at its end, without an
       accent, is stressed on the i/u, since a stressed final vowel would be
       written with an accent (più, già): mì-a 2, zì-o 2, dù-e 2, ì-o 2,
       scì-a 2. Dictionaries divide these so; in running speech they often
       shrink to one syllable, and we follow the dictionaries;
    7. Greek suffixes -ìa/-ìe: e-co-no-mì-a 5, tec-no-lo-gì-e 5, e-ner-gì-a 4;
    8. -ismo/-ista after a, e, o (e-go-ì-smo 4) and a prefix co-, de-, pre-,
       pro-, re- before i + consonant (co-in-vol-ge-re 5, pro-i-bi-re 4);
    9. the stems paur- and baul- (pa-ù-ra 3, ba-ù-le 3).

    Known limits: other unmarked stressed i/u after a vowel or before a final
    vowel are counted as glides, one syllable short (far-ma-cì-a, po-li-zì-a,
    bu-gì-a, Lu-ì-gi, sci-à-re, ri-u-ni-re, zì-i); loanwords follow Italian
    rules (week-end 3); acronyms without a vowel count 0.
    """
    bases, kinds, marked = _it_letters(word)
    n = len(bases)
    for i in range(1, n):
        # Rule 3: "qu" always, "gu" before a vowel; an accented u stays a vowel.
        if (
            bases[i] == "u"
            and kinds[i] == _W
            and (bases[i - 1] == "q" or (bases[i - 1] == "g" and i + 1 < n and kinds[i + 1] != _C))
        ):
            kinds[i] = _C
    vowels = [i for i in range(n) if kinds[i] != _C]
    if not vowels:
        return 0
    # Rule 6: one vowel group, at the end, weak + unaccented strong.
    if (
        len(vowels) == 2
        and vowels == [n - 2, n - 1]
        and kinds[n - 2] == _W
        and kinds[n - 1] == _S
        and not marked[n - 1]
    ):
        kinds[n - 2] = _S
    stressed: list[int] = []  # unmarked stressed i/u, by position
    # Rule 7.
    if _IT_STRESSED_IA.search(bases):
        stressed.append(n - 2)
    # Rule 8.
    prefix = _IT_PREFIX_I.match(bases)
    if prefix:
        stressed.append(prefix.start(1))
    stressed.extend(m.start(1) for m in _IT_ISMO.finditer(bases))
    # Rule 9.
    for stem, offset in _IT_HIATUS_STEMS.items():
        stressed.extend(m.start() + offset for m in re.finditer(stem, bases))
    for i in stressed:
        if kinds[i] == _W:
            kinds[i] = _S
    return _count_nuclei(kinds)


def _count_nuclei(kinds: Sequence[int]) -> int:
    """Strong vowels, plus the weak-vowel runs that hold a nucleus (rules 2 and 5)."""
    count = 0
    i, n = 0, len(kinds)
    while i < n:
        if kinds[i] == _S:
            count += 1
            i += 1
        elif kinds[i] == _W:
            j = i
            while j < n and kinds[j] == _W:
                j += 1
            left = kinds[i - 1] if i > 0 else _C
            right = kinds[j] if j < n else _C
            strong_sides = (left == _S) + (right == _S)
            # No strong neighbour: one nucleus (lui). One strong neighbour and two
            # weak vowels: the far one is the nucleus (a-iu-to). Otherwise glides.
            if strong_sides == 0 or (strong_sides == 1 and j - i >= 2):
                count += 1
            i = j
        else:
            i += 1
    return count
