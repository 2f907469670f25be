"""Italian text from tokens: sacremoses' Moses detokenizer for Italian, with the typography it misses.

Elided forms join the next word (`Quell'avviso`, `l'auto`), with the
typographic apostrophe too (`Sant’Elena`, `dell’idea`, `un’auto`: Moses only
knows the ASCII one); typographic quotes go by direction: an opening one
(“ « ‘) joins the word after it, a closing one (” ») the word before it,
punctuation included ("ragazzi,”", "nemmeno.”": Moses leaves a mark and a
quote glued together apart from the word); punctuation and the ellipsis
character joins the word before it ("perché…"); a hashtag's or a handle's
sign joins its word ("#consiglio", "@ansa"). A hyphenated word is one token
(`lang.it.tokenize` keeps "part-time" whole), so it comes back as written; a
hyphen that is a token of its own was spaced in the text and stays spaced.
A truncated word is not an elision and keeps its space: "un po' di pane",
"Ca’ Foscari", "fa' presto" (`APOCOPES`; Moses would glue the ASCII form).
The refine stage writes each utterance's text with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from coref_transfer.lang.it.clitics import TRUNCATED_IMPERATIVES

OPENING_QUOTES = frozenset("“«‘")
CLOSING_QUOTES = frozenset("”»")
APOSTROPHES = ("'", "’")
#: Words truncated with an apostrophe (apocope), which keep the space after them.
APOCOPES = frozenset(("po", "mo", "be", "ca", "fa", "va", "sta", "da", "di", "to", "e"))
"""("E'": "È" written with an apostrophe.)"""
#: Stands for the apostrophe of an apocope while Moses works (a private-use character).
_KEEP = "\ue000"
ELLIPSIS = "…"
#: Signs written against the word after them: a hashtag, a handle.
SIGNS = frozenset("#@")
_MARK_AND_QUOTE = re.compile(r"[.,;:!?…]+[”»’]")


@lru_cache(maxsize=1)
def _detokenizer():
    from sacremoses import MosesDetokenizer

    return MosesDetokenizer(lang="it")


def _apocope(token: str) -> bool:
    """`po'`, `Ca’`: a truncated word, not an elision."""
    return token.endswith(APOSTROPHES) and token[:-1].lower() in APOCOPES


def _elided(token: str) -> bool:
    """`l’`, `dell’`, `Sant’`, `un'`: letters then an apostrophe (not an apocope)."""
    letters = token[:-1].replace("’", "").replace("'", "")
    return len(token) > 1 and token.endswith(APOSTROPHES) and letters.isalpha() and not _apocope(token)


#: What may stand right before a sentence's first word.
_OPENERS = frozenset('.!?:;«"“—–(')


def _opening_imperative(out: Sequence[str]) -> bool:
    """The last word written opens its sentence and is a truncated imperative: a split apostrophe after it
    is its own ("Di ' anche a Nance" → "Di' anche a Nance"), not a quotation mark ("di 'Hope'"); the
    imperatives are `lang.it.clitics.TRUNCATED_IMPERATIVES`, which the tokenizer splits from their apostrophe."""
    return bool(out) and out[-1].lower() in TRUNCATED_IMPERATIVES and (len(out) == 1 or out[-2][-1:] in _OPENERS)


def _joined(tokens: Sequence[str]) -> list[str]:
    """Tokens with elided forms, directed quotes, the ellipsis and signs glued to their word (Moses leaves
    them alone)."""
    out: list[str] = []
    glue_next = False
    for token in tokens:
        if glue_next and out or (token in CLOSING_QUOTES or token == "’" or token == ELLIPSIS) and out:
            out[-1] += token
            if len(out) > 1 and _MARK_AND_QUOTE.fullmatch(out[-1]):  # "ragazzi" ",”" → "ragazzi,”"
                mark = out.pop()
                out[-1] += mark
        elif _apocope(token):
            out.append(token[:-1] + (_KEEP if token[-1] == "'" else token[-1]))
        elif token in APOSTROPHES and _opening_imperative(out):
            out[-1] += _KEEP if token == "'" else token  # "Di ' anche" (the tokenizer's split) → "Di' anche"
        else:
            out.append(token)
        glue_next = token in OPENING_QUOTES or token in SIGNS or _elided(token)
    return out


def detokenize(tokens: Sequence[str]) -> str:
    """Italian text from tokens (`Quell'avviso`, `Sant’Elena`, `«bella»`, `part-time`)."""
    return _detokenizer().detokenize(_joined(tokens)).replace(_KEEP, "'")
