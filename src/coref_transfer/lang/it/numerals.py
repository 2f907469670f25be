"""Italian cardinal numerals written in words ("quattro", "centoquattro", "duemila").

Why: a numeral looks like an adjective in -o or -e, and a parser may tag it
one ("la sua temperatura era centoquattro", centoquattro as ADJ); a rule that
makes adjectives agree would write "centoquattra" (issue 38, sixth
real-English set). Italian cardinals do not inflect, except "uno"/"una" and
"mille"/"mila", whose forms are not an adjective's ending.

The recognition is text2num's (`text_to_num.text2num(word, "it")`, the
field's parser of spelled-out numbers), not a list written here.
"""

from __future__ import annotations

from functools import lru_cache

from text_to_num import text2num


@lru_cache(maxsize=4096)
def is_cardinal(word: str) -> bool:
    """Whether `word` is an Italian cardinal numeral: "centoquattro", "Ventotto", "mille" → True; "centoquattra",
    "stanco", "primo" (an ordinal, which agrees) → False."""
    w = word.lower()
    if not w.isalpha():
        return False
    try:
        text2num(w, "it")
    except ValueError:
        return False
    return True
