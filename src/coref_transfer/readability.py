"""Readability scores: Flesch (English, α), Flesch–Vacca and Gulpease (Italian, δ).

The paper (section 5.2, Table 16) scores every utterance of α with the English
Flesch reading ease and every utterance of δ with the Italian adaptations, then
reports the share of utterances in each class of `CLASSES`.

Counting, the same for every formula and for both entry points (detokenised
text, or a token list through the `*_tokens` variants):

1. A *word* is a token with at least one letter (`str.isalpha`). Bare
   punctuation and numbers ("2003", "45%", "3,5") are not words; "G8" is.
2. *Letters* (Gulpease) are the alphabetic characters of the words: digits,
   apostrophes, hyphens and punctuation are not letters; "è" is one letter.
3. A *sentence* ends at a token made only of punctuation that contains a full
   stop, "!", "?" or "…" ("." "?!" "..." ")."); a stretch of words with no
   such token after it (the end of an unpunctuated utterance) is a sentence
   too, and a text with words has at least one. Sentences of any length count
   (textstat drops sentences of two words or fewer; we do not). Colons and
   semicolons do not end sentences: Flesch counts them only where they close
   a "full unit of speech", which punctuation alone cannot tell.
4. Detokenised text is split at whitespace, then leading and trailing
   punctuation is split off each chunk ("cuoca." gives "cuoca" and "."),
   except the final dot of an abbreviation: initialisms ("U.S.", "a.C.", "J.")
   and the titles in `TITLE_ABBREVIATIONS` ("Mr.", "Dott."), so that "Mr."
   does not end a sentence. An abbreviation at the very end of a sentence
   therefore hides that boundary (the count never drops below one).
5. Italian: an elided form is its own word, in text as in tokens:
   "dell'amico" is "dell'" + "amico", as Italian tokenisers split it.
   English: clitic tokens ("n't", "'s", "'re", ...) are glued back to the token
   before them, so the PTB tokens "did n't" count as one word, as "didn't"
   does in text. PTB bracket symbols ("-LRB-") are punctuation.

Syllables are counted per word by `italian_syllables` and `english_syllables`
(`coref_transfer.lang.it.syllables`, `coref_transfer.lang.en.syllables`),
which document their rules and why they use neither textstat nor pyphen.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coref_transfer.errors import ConfigError, CorefTransferError
from coref_transfer.lang.en.detokenize import PTB_SYMBOLS
from coref_transfer.lang.en.syllables import english_syllables
from coref_transfer.lang.it.syllables import italian_syllables

__all__ = [
    "CLASSES",
    "FLESCH_VACCA_VARIANTS",
    "NoWordsError",
    "TextCounts",
    "flesch_en",
    "flesch_en_tokens",
    "flesch_vacca",
    "flesch_vacca_tokens",
    "gulpease",
    "gulpease_tokens",
    "readability_class",
    "text_counts",
    "token_counts",
]

CLASSES: tuple[str, ...] = ("<20", "20-40", "40-60", "60-80", ">80")
"""The paper's readability classes (Table 16), lowest first."""

LANGUAGES = ("it", "en")

TERMINAL = frozenset(".!?…")
APOSTROPHES = "'’"
PTB_BRACKETS = frozenset(PTB_SYMBOLS)

# Titles whose dot is part of the word (lower case, without the dot). Only
# titles: words such as "etc." or "Inc." end sentences too often.
# fmt: off
TITLE_ABBREVIATIONS = frozenset((
    "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "gen", "gov", "sen", "rep", "lt", "col", "sgt",
    "capt", "rev", "sig", "sigg", "dott", "ing", "avv", "mons",
))
# fmt: on
_INITIALISM = re.compile(r"(?:[^\W\d_]\.){2,}\Z|[A-Z]\.\Z")
_ELISION_SPLIT = re.compile(r"(?<=['’])(?=[^\W\d_])")
_EN_CLITIC = re.compile(r"(?:['’][^\W\d_]+|n['’]t)\Z", re.IGNORECASE)


class NoWordsError(CorefTransferError):
    """A text or token list without a single word: no readability score exists."""


# --------------------------------------------------------------------------
# Words, sentences, letters
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class TextCounts:
    """What the formulas need: words, sentences, letters of the words, syllables of the words."""

    words: int
    sentences: int
    letters: int
    syllables: int


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ConfigError(f"unknown readability language {lang!r}; expected one of {', '.join(LANGUAGES)}")


def _has_letter(token: str) -> bool:
    return any(c.isalpha() for c in token)


def _is_terminator(token: str) -> bool:
    return not any(c.isalnum() for c in token) and any(c in TERMINAL for c in token)


def _is_abbreviation(core: str) -> bool:
    """Is `core` + "." an abbreviation ("U.S", "Mr")?"""
    return bool(_INITIALISM.match(core + ".")) or core.lower() in TITLE_ABBREVIATIONS


def _split_chunk(chunk: str) -> list[str]:
    """A whitespace-delimited chunk as leading punctuation, core, trailing punctuation."""

    def keeps(c: str) -> bool:
        return c.isalnum() or c in APOSTROPHES

    start = 0
    while start < len(chunk) and not keeps(chunk[start]):
        start += 1
    end = len(chunk)
    while end > start and not keeps(chunk[end - 1]):
        end -= 1
    lead, core, trail = chunk[:start], chunk[start:end], chunk[end:]
    if core and trail.startswith(".") and _is_abbreviation(core):
        core, trail = core + ".", trail[1:]
    return [t for t in (lead, core, trail) if t]


def _text_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in text.split():
        tokens.extend(_split_chunk(chunk))
    return tokens


def _words_and_sentences(tokens: Iterable[str], lang: str) -> tuple[list[str], int]:
    """The words (rule 1, with rule 5's joins and splits) and the sentence count (rule 3)."""
    words: list[str] = []
    sentences = 0
    open_sentence = False
    previous_was_word = False
    for token in tokens:
        if token in PTB_BRACKETS:
            previous_was_word = False
            continue
        if _is_terminator(token):
            if open_sentence:
                sentences += 1
                open_sentence = False
            previous_was_word = False
            continue
        if not _has_letter(token):
            previous_was_word = False
            continue
        if lang == "en" and previous_was_word and _EN_CLITIC.fullmatch(token):
            words[-1] += token
            continue
        parts = _ELISION_SPLIT.split(token) if lang == "it" else [token]
        words.extend(p for p in parts if _has_letter(p))
        open_sentence = previous_was_word = True
    if open_sentence:
        sentences += 1
    return words, max(sentences, 1) if words else 0


def _counts(tokens: Iterable[str], lang: str) -> TextCounts:
    _check_language(lang)
    words, sentences = _words_and_sentences(tokens, lang)
    syllables = italian_syllables if lang == "it" else english_syllables
    return TextCounts(
        words=len(words),
        sentences=sentences,
        letters=sum(c.isalpha() for w in words for c in w),
        syllables=sum(syllables(w) for w in words),
    )


def text_counts(text: str, lang: str) -> TextCounts:
    """Counts of detokenised text (rules 1-5 of the module docstring); `lang` is "it" or "en"."""
    return _counts(_text_tokens(text), lang)


def token_counts(tokens: Sequence[str], lang: str) -> TextCounts:
    """Counts of a token list (rules 1-3 and 5 of the module docstring); `lang` is "it" or "en"."""
    return _counts(tokens, lang)


def _require_words(counts: TextCounts, source: object) -> None:
    if counts.words == 0:
        raise NoWordsError(
            f"no word (a token with a letter) in {source!r}: readability needs at least one; "
            "filter out utterances made only of punctuation or numbers first"
        )


# --------------------------------------------------------------------------
# Formulas
# --------------------------------------------------------------------------

FLESCH_VACCA_VARIANTS = ("1986", "1972")
"""The two published Italian adaptations of Flesch by Franchina and Vacca; see `flesch_vacca`."""


def _flesch_vacca(c: TextCounts, variant: str) -> float:
    words_per_sentence = c.words / c.sentences
    syllables_per_100_words = 100 * c.syllables / c.words
    if variant == "1986":
        return 217 - 1.3 * words_per_sentence - 0.6 * syllables_per_100_words
    if variant == "1972":
        return 206 - 0.65 * syllables_per_100_words - words_per_sentence
    raise ConfigError(f"unknown Flesch–Vacca variant {variant!r}; expected one of {', '.join(FLESCH_VACCA_VARIANTS)}")


def flesch_vacca(text: str, variant: str = "1986") -> float:
    """Flesch–Vacca reading ease of Italian text (higher is easier).

    The 1986 form (default), Franchina & Vacca, "Adaptation of Flesch
    readability index on a bilingual text written by the same author both in
    Italian and English languages", Linguaggi 3 (1986) 47-49:

        FV = 217 - 1.3 * (words / sentences) - 0.6 * (syllables per 100 words)

    The 1972 form (`variant="1972"`), Vacca's first adaptation:

        FV = 206 - 0.65 * (syllables per 100 words) - (words / sentences)

    We could not read the 1986 article itself; the coefficients are those the
    secondary sources agree on (textstat's Italian constants 217 / 1.3 / 60
    per syllable per word; Italian readability surveys that quote both forms).
    Some sources (the Italian Wikipedia) print 1.3 on syllables and 0.6 on
    sentence length: with about 200 syllables per 100 words that gives about
    -50 for ordinary prose, so it cannot be the intended form. Gulpease's
    authors found the 1972 form the more reliable of the two.

    Raises:
        NoWordsError: the text has no word.
        ConfigError: an unknown variant.
    """
    counts = text_counts(text, "it")
    _require_words(counts, text)
    return _flesch_vacca(counts, variant)


def flesch_vacca_tokens(tokens: Sequence[str], variant: str = "1986") -> float:
    """`flesch_vacca` of a token list (words are tokens with a letter)."""
    counts = token_counts(tokens, "it")
    _require_words(counts, tokens)
    return _flesch_vacca(counts, variant)


def _gulpease(c: TextCounts) -> float:
    return 89 + (300 * c.sentences - 10 * c.letters) / c.words


def gulpease(text: str) -> float:
    """Gulpease index of Italian text (higher is easier).

    Lucisano & Piemontese, "GULPEASE: una formula per la predizione della
    difficoltà dei testi in lingua italiana", Scuola e città 3 (1988) 110-124:

        G = 89 + (300 * sentences - 10 * letters) / words

    Letters rather than syllables, so no syllabification is involved. The
    scale is meant for texts (0-100); single short sentences can exceed 100.

    Raises:
        NoWordsError: the text has no word.
    """
    counts = text_counts(text, "it")
    _require_words(counts, text)
    return _gulpease(counts)


def gulpease_tokens(tokens: Sequence[str]) -> float:
    """`gulpease` of a token list (words are tokens with a letter)."""
    counts = token_counts(tokens, "it")
    _require_words(counts, tokens)
    return _gulpease(counts)


def _flesch_en(c: TextCounts) -> float:
    return 206.835 - 1.015 * (c.words / c.sentences) - 84.6 * (c.syllables / c.words)


def flesch_en(text: str) -> float:
    """Flesch reading ease of English text (higher is easier).

    Flesch, "A new readability yardstick", Journal of Applied Psychology 32
    (1948) 221-233:

        RE = 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)

    Flesch counted figures and symbols as one-syllable words; here, as for
    the Italian formulas, words are tokens with a letter (rule 1), so that α
    and δ are counted alike.

    Raises:
        NoWordsError: the text has no word.
    """
    counts = text_counts(text, "en")
    _require_words(counts, text)
    return _flesch_en(counts)


def flesch_en_tokens(tokens: Sequence[str]) -> float:
    """`flesch_en` of a token list (PTB clitics such as "n't" join the word before them)."""
    counts = token_counts(tokens, "en")
    _require_words(counts, tokens)
    return _flesch_en(counts)


# --------------------------------------------------------------------------
# Classes
# --------------------------------------------------------------------------

_BOUNDS = (20.0, 40.0, 60.0, 80.0)


def readability_class(score: float) -> str:
    """The class of `CLASSES` a score falls in.

    Classes are half-open, each boundary going to the class above it:
    score < 20 is "<20", 20 <= score < 40 is "20-40", ..., 60 <= score < 80
    is "60-80" and score >= 80 is ">80" (the paper's labels leave 20, 40, 60
    and 80 themselves unassigned). Scores below 0 or above 100 are valid.

    Raises:
        ValueError: the score is NaN.
    """
    if math.isnan(score):
        raise ValueError("readability score is NaN: it has no class")
    return CLASSES[bisect.bisect_right(_BOUNDS, score)]
