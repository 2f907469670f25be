"""The euphonic d: e/ed, a/ad (and od) before the next word.

Italian writes the conjunction e and the preposition a with a *d* before a
word that starts with the same vowel ("ed era", "ed essa", "ad Anna", "ad
avere") and plain before a consonant ("e Mario", "a Moretti", "a loro").
Before a *different* vowel both forms are in use ("e i", "ed i"; "a
essere", "ad essere"; the fixed "ad esempio"), so nothing is decided there.

Two choices, to leave correct Italian alone (measured on the UD Italian
gold text, `coref-transfer refine-eval --harm`):

- h: a word with a silent h never takes the d in the current norm ("e
  ha", "a Hollywood"), but the older "ed ha", "ed hanno" is still common in
  careful prose and legal text; so "e"/"a" before h stay plain and
  "ed"/"ad" before h are left as written.
- o/od: "od" before o ("od oltre") is rare today and "o otto" is the usual
  spelling, so "o" is not given a d; a stray "od" before a consonant ("od
  Mario") loses it.

Only the words' spelling is read here; whether "e" is the conjunction and
"a" the preposition is the caller's business (the rule checks the part of
speech).
"""

from __future__ import annotations

import unicodedata

#: Plain form → euphonic form, where the d is added before the same vowel.
EUPHONIC = {"e": "ed", "a": "ad"}
#: Euphonic form → plain form, where the d goes before a consonant.
PLAIN = {"ed": "e", "ad": "a", "od": "o"}

SAME_VOWEL, OTHER_VOWEL, SILENT_H, CONSONANT, NOT_A_WORD = "same vowel", "other vowel", "h", "consonant", "not a word"


def _base_letter(ch: str) -> str:
    """The letter without its accent, lower case: "È" → "e"."""
    return unicodedata.normalize("NFD", ch)[:1].lower()


def next_word_class(word: str, next_word: str) -> str:
    """How `next_word` starts, seen from the vowel of `word` (e/ed, a/ad, o/od).

    SAME_VOWEL ("e" + "essa", "ad" + "Anna", "e" + "è"), OTHER_VOWEL ("e" +
    "i"), SILENT_H ("ed" + "hanno"), CONSONANT (any other letter: "e" +
    "Mario") or NOT_A_WORD (punctuation, digits, an empty string, a single
    consonant letter: "le sezioni e) ed f)" name the letter "effe").
    """
    first = next_word[:1]
    if not first.isalpha() or (len(next_word) == 1 and _base_letter(first) not in "aeiou"):
        return NOT_A_WORD  # punctuation, a digit, or a consonant letter named ("ed f", said "effe")
    letter = _base_letter(first)
    if letter == word.lower()[:1]:
        return SAME_VOWEL
    if letter in "aeiou":
        return OTHER_VOWEL
    if letter == "h":
        return SILENT_H
    return CONSONANT


def euphonic_form(word: str, next_word: str) -> str | None:
    """The form e/ed, a/ad, o/od must take before `next_word`; None when both are in use or it is not one of them.

    "e" + "essa" → "ed"; "E" + "essa" → "Ed"; "a" + "Anna" → "ad"; "ed" +
    "Mario" → "e"; "ad" + "loro" → "a"; "od" + "Mario" → "o"; "e" + "i",
    "ad" + "esempio", "ed" + "hanno", "o" + "oggi" → None; "è" → None (not
    one of the words). Returns `word` itself when it is already right.
    """
    lower = word.lower()
    if lower not in EUPHONIC and lower not in PLAIN and lower != "o":
        return None
    kind = next_word_class(word, next_word)
    if kind == SAME_VOWEL:
        if lower == "o":
            return None  # "od" is rare today: "o oggi" and "od oggi" both stand
        if lower not in EUPHONIC:
            return word  # ed/ad/od before their own vowel
        new = EUPHONIC[lower]
    elif kind == CONSONANT:
        new = PLAIN.get(lower, lower)
    else:
        return None
    return new[:1].upper() + new[1:] if word[:1].isupper() else new
