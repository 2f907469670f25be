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

Syllables: `coref_transfer.lang.it.syllables.italian_syllables` (which says
why not textstat or pyphen) and `english_syllables`, documented below; both
rule-based, with no dependency. `english_syllables` uses neither textstat nor
pyphen: pyphen's English hyphenation loses syllables too ("area" 1, "idea" 1,
"about" 1), and textstat's English counts need NLTK's CMU dictionary, which
it downloads at run time.
"""

from __future__ import annotations

import bisect
import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coref_transfer.errors import ConfigError, CorefTransferError
from coref_transfer.lang.it.syllables import italian_syllables

__all__ = [
    "CLASSES",
    "FLESCH_VACCA_VARIANTS",
    "NoWordsError",
    "TextCounts",
    "english_syllables",
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
PTB_BRACKETS = frozenset(("-LRB-", "-RRB-", "-LSB-", "-RSB-", "-LCB-", "-RCB-"))

# Titles whose dot is part of the word (lower case, without the dot). Only
# titles: words such as "etc." or "Inc." end sentences too often.
TITLE_ABBREVIATIONS = frozenset((
    "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "gen", "gov", "sen", "rep", "lt", "col", "sgt",
    "capt", "rev", "sig", "sigg", "dott", "ing", "avv", "mons",
))
_INITIALISM = re.compile(r"(?:[^\W\d_]\.){2,}\Z|[A-Z]\.\Z")
_ELISION_SPLIT = re.compile(r"(?<=['’])(?=[^\W\d_])")
_EN_CLITIC = re.compile(r"(?:['’][^\W\d_]+|n['’]t)\Z", re.IGNORECASE)


class NoWordsError(CorefTransferError):
    """A text or token list without a single word: no readability score exists."""


# --------------------------------------------------------------------------
# English syllables
# --------------------------------------------------------------------------

# An e that only lengthens the vowel before it, inside a word: state-ment, large-ly.
_EN_SILENT_E_SUFFIX = re.compile(r"[^aeiouy](e)(?:ments?|ly|ful(?:ly|ness)?|less(?:ly|ness)?|ness|ty)\Z")
_EN_SOUNDED_E = ("lement", "lements", "theless")  # el-e-ment, nev-er-the-less


def _en_vowel_mask(s: str) -> list[bool]:
    """Vowel or not, per letter; y is a consonant at the start before a vowel and between vowels."""
    mask: list[bool] = []
    for i, c in enumerate(s):
        if c != "y":
            mask.append(c in "aeiou")
            continue
        next_vowel = i + 1 < len(s) and s[i + 1] in "aeiou"
        mask.append(not (next_vowel and (i == 0 or mask[i - 1])))
    return mask


def _en_hiatus(s: str, j: int, first_group: bool) -> bool:
    """Do the adjacent vowels s[j], s[j+1] (in one group) belong to two syllables?"""
    pair, before, after = s[j:j + 2], s[j - 1:j], s[j + 2:]
    if pair == "ia":
        if after.startswith("t"):
            return True  # associate, negotiation
        if before == "l" and not first_group:  # Italian, William, Australia vs. reliable, alliance
            return after.startswith(("b", "nce", "ncy"))
        return before not in ("c", "t", "s", "x", "g")  # social, Asia vs. media, trial
    if pair == "io":
        if after.startswith("n"):  # nation, million, union vs. lion, champion
            return before not in ("c", "t", "s", "x", "g", "h", "n") and s[j - 2:j] != "ll"
        if after.startswith("u"):  # precious, religious vs. various, serious
            return before not in ("c", "t", "x", "g")
        if after.startswith("r"):  # prior, superior vs. senior, behavior
            return before == "r"
        return True  # radio, violence, period
    if pair == "iu":
        return before != "g"  # medium vs. Belgium
    if pair == "ua":
        return before not in ("q", "g")  # actual, usual vs. equal, language
    if pair == "uo":
        return before != "q"
    if pair == "ue":
        return before not in ("q", "g") and after[:1] in ("n", "l", "t")  # fluent, cruel vs. true, guess
    if pair == "ui":
        # ruin, fluid vs. fruit, build; the i of -ing is counted by its own rule
        return before not in ("q", "g") and after[:1] in ("n", "d") and after not in ("ng", "ngs")
    if pair == "eo":
        if first_group and s.startswith(("geo", "neo", "theo", "reo")) and not s.startswith("geor"):
            return True  # geography, neon, theory, reopen vs. George
        if after in ("", "s"):
            return True  # video, stereos
        return after == "us" and before not in ("g", "c")  # simultaneous vs. gorgeous
    if pair == "ea":
        if after in ("", "n", "ns") and not first_group:
            return after == "" or before not in ("c", "g", "s", "h")  # idea, area, European vs. ocean
        return j == 2 and s.startswith("crea")  # create
    if pair == "ie":
        if after.startswith("t"):
            return True  # quiet, society, earliest
        if after in ("r", "rs", "st") and not first_group:
            return True  # easier, earlier, happiest (not priest)
        # client, audience, science vs. patient, efficient
        return after.startswith(("nt", "nc")) and (before not in ("c", "t") or s[j - 2:j] == "sc")
    if pair == "oe":
        return after[:1] in ("m", "t", "l")  # poem, poet, Noel vs. goes, shoe
    if pair == "eu":
        return after == "m"  # museum
    return False  # ai, au, ee, ou, ao (Mao), ...


def english_syllables(word: str) -> int:
    """Number of syllables of an English word, by a documented heuristic.

    Letters are folded to a-z (accents dropped); a token with letters but no
    a-z letter counts 1. Vowel groups (a, e, i, o, u, and y unless it is a
    consonant: "yes", "player") are counted, then adjusted:

    1. a silent final e is dropped (make, whole), but not when it voices an l
       or r after another consonant (ta-ble, cen-tre); likewise -es and -ed
       (makes, walked vs. box-es, chang-es, want-ed, han-dled, hun-dred,
       called); -que/-gue drop their ue (league, u-nique, col-leagues);
    2. an e before -ment, -ly, -ful, -ness, -less, -ty is silent
       (state-ment, large-ly, safe-ty; not el-e-ment), and so is the e of
       some- before a consonant (some-thing) and the a of -ically
       (ba-si-cally);
    3. some vowel pairs split into two syllables (me-di-a, ra-di-o,
       vi-o-lence, me-di-um, ac-tu-al, as-so-ci-ate, qui-et, so-ci-e-ty,
       sci-ence, flu-ent, ru-in, vi-de-o, ge-og-ra-phy, re-o-pen, i-de-a,
       Eu-ro-pe-an, cre-ate, po-em, mu-se-um) unless the spelling says
       otherwise (-tion, -cial, -cious, -sion, -llion, -nior, -lian; George,
       people, patient, ocean, league);
    4. -ing after a vowel is a syllable of its own (be-ing, go-ing), so is the
       n of n't after a consonant (did-n't, is-n't) and the m of -sm
       (tour-is-m, spas-m);
    5. a word with a letter has at least one syllable ("Mr", "hmm").

    Known limits: abbreviations and initialisms are read as spelled (Mr 1,
    FBI 1), glides and stress the spelling hides (ar-gue 1, cha-os 1,
    re-in-vent 2, eve-ning 3, re-ci-pe 2, li-ne-ar 2), silent e in compounds
    (base-line 3, there-fore 3), diaeresis (naïve 1). The count equals one of the CMU
    Pronouncing Dictionary's pronunciations for 98.9% of the dictionary's
    tokens in the English of the embedded CoNLL sample (resources/sample) and
    99.0% in the source papers' text (37,000 tokens).
    """
    lower = word.lower()
    s = "".join(c for c in unicodedata.normalize("NFD", lower) if "a" <= c <= "z")
    if not s:
        return 1 if any(c.isalpha() for c in word) else 0
    vowel = _en_vowel_mask(s)
    groups: list[tuple[int, int]] = []
    i = 0
    while i < len(s):
        if vowel[i]:
            j = i
            while j < len(s) and vowel[j]:
                j += 1
            groups.append((i, j))
            i = j
        else:
            i += 1
    count = len(groups)
    for g, (start, end) in enumerate(groups):
        count += sum(_en_hiatus(s, j, g == 0) for j in range(start, end - 1))

    def consonant(k: int) -> bool:
        return 0 <= k < len(s) and not vowel[k]

    def syllabic(k: int) -> bool:
        """Is s[k] an l or r after another consonant, which the e after it voices (ta-ble, cen-tre)?"""
        return s[k:k + 1] in ("l", "r") and consonant(k - 1) and s[k - 1] != s[k]

    if len(groups) > 1:
        # The final group is a lone e: make, makes, walked.
        if s.endswith("e") and groups[-1] == (len(s) - 1, len(s)):
            silent = not syllabic(len(s) - 2)  # not ta-ble, cen-tre
        elif s.endswith("es") and groups[-1] == (len(s) - 2, len(s) - 1):
            silent = s[-3] not in "sxzcg" and s[-4:-2] not in ("ch", "sh") and not syllabic(len(s) - 3)
        elif s.endswith("ed") and groups[-1] == (len(s) - 2, len(s) - 1):
            silent = s[-3] not in "td" and not syllabic(len(s) - 3)  # not han-dled, hun-dred; but called
        else:
            silent = False
        count -= silent
        if re.search(r"[qg]ues?\Z", s) and s[groups[-1][0] - 1] in "qg":
            count -= 1  # league, unique, colleagues
        suffix = _EN_SILENT_E_SUFFIX.search(s)
        if (
            suffix
            and suffix.start(1) > groups[0][1]
            and not syllabic(suffix.start(1) - 1)
            and not s.endswith(_EN_SOUNDED_E)
        ):
            count -= 1  # statement, largely, peaceful, safety
        if s.startswith("some") and consonant(4):
            count -= 1  # something, somebody, sometimes
        if s.endswith("ically"):
            count -= 1  # basic(al)ly
    if re.search(r"[^\W\d_]ings?\Z", s) and vowel[len(s) - (4 if s.endswith("s") else 3) - 1]:
        count += 1  # being, going, dying
    if re.search(r"[^aeiouy]n['’]t\Z", lower):
        count += 1  # didn't, isn't
    if s.endswith("sm"):
        count += 1  # tourism, spasm
    return max(1, count)


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
