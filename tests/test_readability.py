"""Readability: syllable counts worked out by hand, the formulas on hand-counted texts, classes."""

from __future__ import annotations

import math

import pytest

from coref_transfer.errors import ConfigError
from coref_transfer.lang.en.syllables import english_syllables
from coref_transfer.lang.it.syllables import italian_syllables
from coref_transfer.readability import (
    CLASSES,
    FLESCH_VACCA_VARIANTS,
    NoWordsError,
    TextCounts,
    flesch_en,
    flesch_en_tokens,
    flesch_vacca,
    flesch_vacca_tokens,
    gulpease,
    gulpease_tokens,
    readability_class,
    text_counts,
    token_counts,
)

# --------------------------------------------------------------------------
# Italian syllables: (word, count), the syllabification in the comment.
# --------------------------------------------------------------------------

ITALIAN = [
    # plain consonant-vowel syllables
    ("casa", 2),  # ca-sa
    ("amico", 3),  # a-mi-co (textstat: 2)
    ("gatto", 2),  # gat-to
    ("strada", 2),  # stra-da
    ("inaccettabili", 6),  # i-nac-cet-ta-bi-li
    ("amministrazione", 6),  # am-mi-ni-stra-zio-ne
    ("CASA", 2),  # ca-sa: case does not matter
    # hiatus: two strong vowels (a, e, o) side by side
    ("aereo", 4),  # a-e-re-o (textstat: 2)
    ("idea", 3),  # i-de-a (textstat: 1)
    ("paese", 3),  # pa-e-se
    ("poeta", 3),  # po-e-ta
    ("teatro", 3),  # te-a-tro
    ("leone", 3),  # le-o-ne
    ("ciao", 2),  # cia-o: graphic i, then the hiatus a-o
    # rising diphthongs: unstressed i/u + vowel
    ("piede", 2),  # pie-de
    ("uomo", 2),  # uo-mo
    ("fiore", 2),  # fio-re
    ("chiesa", 2),  # chie-sa
    ("buono", 2),  # buo-no
    ("stazione", 3),  # sta-zio-ne
    ("Italia", 3),  # I-ta-lia
    ("storia", 2),  # sto-ria
    # falling diphthongs: vowel + unstressed i/u
    ("auto", 2),  # au-to
    ("causa", 2),  # cau-sa
    ("Europa", 3),  # Eu-ro-pa
    ("mai", 1),  # mai
    ("poi", 1),  # poi
    ("lei", 1),  # lei
    # i and u together, no strong vowel: one nucleus
    ("lui", 1),  # lui
    ("cui", 1),  # cui
    ("fluido", 2),  # flui-do
    ("fiume", 2),  # fiu-me
    ("chiuso", 2),  # chiu-so
    # triphthongs and i between vowels
    ("miei", 1),  # miei
    ("tuoi", 1),  # tuoi
    ("buoi", 1),  # buoi
    ("aiuola", 3),  # a-iuo-la
    ("noia", 2),  # no-ia
    ("gioia", 2),  # gio-ia
    ("maiale", 3),  # ma-ia-le
    ("aiuto", 3),  # a-iu-to: of two weak vowels after a, the second is the nucleus
    ("buio", 2),  # bu-io
    ("guaio", 2),  # gua-io
    # qu, and gu before a vowel: the u is a glide
    ("quando", 2),  # quan-do
    ("questo", 2),  # que-sto
    ("qui", 1),  # qui
    ("qua", 1),  # qua (not the hiatus of rule 6: the u is no vowel)
    ("acqua", 2),  # ac-qua
    ("guerra", 2),  # guer-ra
    ("guida", 2),  # gui-da
    ("lingua", 2),  # lin-gua
    ("sangue", 2),  # san-gue
    ("gufo", 2),  # gu-fo: before a consonant the u is the vowel
    ("L'Aquila", 3),  # L'A-qui-la
    # ci, gi, sci, gli + vowel: the i only spells the consonant
    ("cielo", 2),  # cie-lo
    ("giorno", 2),  # gior-no
    ("scienza", 2),  # scien-za (the digraph rule, not sci-en-za)
    ("coscienza", 3),  # co-scien-za
    ("camicia", 3),  # ca-mi-cia
    ("figlio", 2),  # fi-glio
    # written accents mark a stressed vowel, which is always a nucleus
    ("città", 2),  # cit-tà
    ("perché", 2),  # per-ché
    ("può", 1),  # può
    ("più", 1),  # più
    ("giù", 1),  # giù
    ("è", 1),  # è
    ("paùra", 3),  # pa-ù-ra
    ("farmacìa", 4),  # far-ma-cì-a
    ("ahimè", 3),  # a-hi-mè (h separates the vowels)
    ("quïete", 3),  # qui-e-te: the diaeresis marks a hiatus
    # rule 6: a word whose only vowels are a final unaccented i/u + vowel
    ("mia", 2),  # mi-a (dictionary form; often one syllable in speech)
    ("zio", 2),  # zi-o
    ("due", 2),  # du-e
    ("io", 2),  # i-o
    ("via", 2),  # vi-a
    ("Dio", 2),  # Di-o
    ("tuo", 2),  # tu-o
    ("scia", 2),  # sci-a: the i is stressed, so it is not a graphic i
    # rule 7: Greek suffixes -ìa / -ìe
    ("economia", 5),  # e-co-no-mi-a
    ("tecnologie", 5),  # tec-no-lo-gi-e
    ("energia", 4),  # e-ner-gi-a
    ("democrazia", 5),  # de-mo-cra-zi-a
    ("filosofia", 5),  # fi-lo-so-fi-a
    # rule 8: -ismo/-ista after a vowel, prefix + i
    ("egoismo", 4),  # e-go-i-smo
    ("ateista", 4),  # a-te-i-sta
    ("coinvolgere", 5),  # co-in-vol-ge-re
    ("proibito", 4),  # pro-i-bi-to
    ("reiterare", 5),  # re-i-te-ra-re
    # rule 9: the hiatus stems paur-, baul-
    ("paura", 3),  # pa-u-ra (textstat: 2)
    ("pauroso", 4),  # pa-u-ro-so
    ("baule", 3),  # ba-u-le
    # loanwords: y is a weak vowel
    ("yogurt", 2),  # yo-gurt
    ("Kennedy", 3),  # Ken-ne-dy
    # non-letters are ignored; no vowel, no syllable
    ("l'", 0),  # l' (its vowel is gone)
    ("dell'", 1),  # dell'
    ("c'è", 1),  # c'è
    ("po'", 1),  # po'
    ("Sant'Anna", 3),  # Sant'An-na
    ("2003", 0),  # a number
    ("'90", 0),  # a number
    ("...", 0),  # punctuation
    ("", 0),  # nothing
]


@pytest.mark.parametrize(("word", "expected"), ITALIAN, ids=[w or "<empty>" for w, _ in ITALIAN])
def test_italian_syllables(word, expected):
    assert italian_syllables(word) == expected


# Known limits, pinned so that a change of behaviour is seen: a stressed i/u
# that the spelling does not mark is read as a glide, one syllable short.
ITALIAN_KNOWN_LIMITS = [
    ("farmacia", 3),  # dictionary: far-ma-ci-a 4
    ("polizia", 3),  # dictionary: po-li-zi-a 4
    ("Luigi", 2),  # dictionary: Lu-i-gi 3
    ("sciare", 2),  # dictionary: sci-a-re 3
    ("zii", 1),  # dictionary: zi-i 2
    ("weekend", 3),  # English: week-end 2
]


@pytest.mark.parametrize(("word", "expected"), ITALIAN_KNOWN_LIMITS, ids=[w for w, _ in ITALIAN_KNOWN_LIMITS])
def test_italian_syllables_known_limits(word, expected):
    assert italian_syllables(word) == expected


def test_italian_syllables_ignore_punctuation_around_a_word():
    assert italian_syllables("«mia»,") == italian_syllables("mia") == 2
    assert italian_syllables("cuoca.") == 2  # cuo-ca


# --------------------------------------------------------------------------
# English syllables (hand counts; the CMU dictionary agrees on each)
# --------------------------------------------------------------------------

# fmt: off
ENGLISH = [
    ("the", 1), ("cat", 1), ("make", 1), ("whole", 1),  # silent final e
    ("table", 2), ("tables", 2), ("centre", 2),  # ta-ble, ta-bles, cen-tre: voiced l/r
    ("walked", 1), ("wanted", 2), ("called", 1), ("handled", 2), ("hundred", 2),  # -ed
    ("makes", 1), ("boxes", 2), ("changes", 2),  # -es
    ("league", 1), ("unique", 2), ("colleagues", 2),  # -gue, -que
    ("media", 3), ("radio", 3), ("various", 3), ("actual", 3), ("quiet", 2), ("society", 4),  # split pairs
    ("science", 2), ("video", 3), ("idea", 3), ("European", 4), ("associate", 4),
    ("nation", 2), ("million", 2), ("senior", 2), ("social", 2), ("Italian", 3),  # pairs kept
    ("language", 2), ("people", 2), ("George", 1), ("ocean", 2), ("sea", 1),
    ("being", 2), ("going", 2), ("playing", 2),  # -ing
    ("didn't", 2), ("don't", 1), ("tourism", 3),  # did-n't, tour-is-m
    ("statement", 2), ("element", 3), ("safety", 2), ("something", 2), ("basically", 3),
    ("yes", 1), ("player", 2), ("they", 1), ("beyond", 2),  # y
    ("government", 3), ("yesterday", 3), ("comprehensive", 4), ("announced", 2), ("reform", 2),
    ("Mr", 1), ("hmm", 1),  # a word has at least one syllable
    ("2003", 0), ("", 0),
]
# fmt: on


@pytest.mark.parametrize(("word", "expected"), ENGLISH, ids=[w or "<empty>" for w, _ in ENGLISH])
def test_english_syllables(word, expected):
    assert english_syllables(word) == expected


# --------------------------------------------------------------------------
# Counting words, letters and sentences
# --------------------------------------------------------------------------


def test_counts_of_a_plain_sentence():
    # Ha(1 syl, 2 letters) detto(2, 5) alla(2, 4) gente(2, 5) che(1, 3) era(2, 3)
    # una(2, 3) brava(2, 5) cuoca(cuo-ca 2, 5): 9 words, 35 letters, 16 syllables.
    assert text_counts("Ha detto alla gente che era una brava cuoca.", "it") == TextCounts(
        words=9, sentences=1, letters=35, syllables=16
    )


def test_punctuation_and_numbers_are_neither_words_nor_letters():
    # Nel 2003 , il 45 % ... : only "Nel", "il" are words (5 letters).
    counts = text_counts("Nel 2003 , il 45 % ...", "it")
    assert (counts.words, counts.letters) == (2, 5)
    # a token with a letter is a word; only its letters count
    assert text_counts("G8", "it") == TextCounts(words=1, sentences=1, letters=1, syllables=0)
    # accented letters are letters; "?!" is one sentence end
    assert text_counts("Perché?!", "it") == TextCounts(words=1, sentences=1, letters=6, syllables=2)


def test_no_word_is_an_error():
    for text in ("", "...", "2003 , 45 %"):
        with pytest.raises(NoWordsError, match="no word"):
            gulpease(text)
        with pytest.raises(NoWordsError):
            flesch_vacca(text)
        with pytest.raises(NoWordsError):
            flesch_en(text)


@pytest.mark.parametrize(
    ("text", "lang", "sentences"),
    [
        ("Sì. No.", "it", 2),  # two one-word sentences both count (textstat: 1)
        ("Ciao", "it", 1),  # no final punctuation
        ("Ciao!!! Come stai?", "it", 2),  # a run of marks ends one sentence
        ("... e poi?", "it", 1),  # marks before any word end nothing
        ("Io resto; tu no: vai.", "it", 1),  # ; and : do not end sentences
        ("«Vieni», disse. (Sì.)", "it", 2),  # marks inside quotes and brackets
        ("Era tardi… Poi uscì", "it", 2),  # … ends a sentence; the unterminated end is one
        ("Mr. Smith arrived. He sat.", "en", 2),  # a title's dot is no sentence end
        ("The U.S. economy grew.", "en", 1),  # nor an initialism's
    ],
)
def test_sentences(text, lang, sentences):
    assert text_counts(text, lang).sentences == sentences


def test_italian_elisions_are_words_of_their_own():
    # "dell'amico" is "dell'" + "amico", in text as in tokens.
    assert text_counts("dell'amico", "it").words == 2
    assert token_counts(["dell'amico"], "it") == token_counts(["dell'", "amico"], "it")
    assert token_counts(["dell'", "amico"], "it") == TextCounts(words=2, sentences=1, letters=9, syllables=4)


def test_english_clitic_tokens_join_their_word():
    # PTB "did n't" is the one word "didn't", as in detokenised text.
    assert token_counts(["He", "did", "n't", "go", "."], "en") == text_counts("He didn't go.", "en")
    assert token_counts(["John", "'s", "dog", "."], "en").words == 2


def test_ptb_brackets_are_punctuation():
    assert token_counts(["-LRB-", "ciao", "-RRB-"], "it").words == 1


def test_unknown_language_lists_the_valid_ones():
    with pytest.raises(ConfigError, match="it, en"):
        text_counts("ciao", "fr")


# --------------------------------------------------------------------------
# Formulas on hand-counted texts
# --------------------------------------------------------------------------
# FV (1986) = 217 - 1.3 * words/sentences - 0.6 * (100 * syllables/words)
# FV (1972) = 206 - 0.65 * (100 * syllables/words) - words/sentences
# Gulpease  = 89 + (300 * sentences - 10 * letters) / words
# Flesch    = 206.835 - 1.015 * words/sentences - 84.6 * syllables/words

ITALIAN_TEXTS = [
    # (text, tokens, words, sentences, letters, syllables, Flesch–Vacca 1986, Gulpease)
    (
        # Ha(1,2) detto(2,5) alla(2,4) gente(2,5) che(1,3) era(2,3) una(2,3) brava(2,5) cuoca(2,5)
        # W=9 S=1 L=35 Syl=16
        # FV = 217 - 1.3*9 - 0.6*1600/9 = 217 - 11.7 - 106.667 = 98.633
        # G  = 89 + (300 - 350)/9 = 89 - 5.556 = 83.444
        "Ha detto alla gente che era una brava cuoca.",
        ["Ha", "detto", "alla", "gente", "che", "era", "una", "brava", "cuoca", "."],
        9,
        1,
        35,
        16,
        217 - 11.7 - 0.6 * 1600 / 9,
        89 - 50 / 9,
    ),
    (
        # L'(0,1) aereo(a-e-re-o 4,5) è(1,1) partito(par-ti-to 3,7) | Che(1,3) paura(pa-u-ra 3,5)
        # W=6 S=2 L=22 Syl=12
        # FV = 217 - 1.3*3 - 0.6*200 = 217 - 3.9 - 120 = 93.1
        # G  = 89 + (600 - 220)/6 = 89 + 63.333 = 152.333 (short sentences go past 100)
        "L'aereo è partito. Che paura!",
        ["L'", "aereo", "è", "partito", ".", "Che", "paura", "!"],
        6,
        2,
        22,
        12,
        93.1,
        89 + 380 / 6,
    ),
    (
        # Nel(1,3) [2003] ha(1,2) venduto(ven-du-to 3,7) [45] case(ca-se 2,4) [:] un(1,2) successo(suc-ces-so 3,8)
        # numbers are not words, the colon ends no sentence: W=6 S=1 L=26 Syl=11
        # FV = 217 - 1.3*6 - 0.6*1100/6 = 217 - 7.8 - 110 = 99.2
        # G  = 89 + (300 - 260)/6 = 89 + 6.667 = 95.667
        "Nel 2003 ha venduto 45 case: un successo.",
        ["Nel", "2003", "ha", "venduto", "45", "case", ":", "un", "successo", "."],
        6,
        1,
        26,
        11,
        99.2,
        89 + 40 / 6,
    ),
    (
        # L'(0,1) amministrazione(am-mi-ni-stra-zio-ne 6,15) statunitense(sta-tu-ni-ten-se 5,12)
        # considerava(con-si-de-ra-va 5,11) inaccettabili(i-nac-cet-ta-bi-li 6,13) le(1,2)
        # dichiarazioni(di-chia-ra-zio-ni 5,13): W=7 S=1 L=67 Syl=28
        # FV = 217 - 1.3*7 - 0.6*400 = 217 - 9.1 - 240 = -32.1
        # G  = 89 + (300 - 670)/7 = 89 - 52.857 = 36.143
        "L'amministrazione statunitense considerava inaccettabili le dichiarazioni.",
        ["L'", "amministrazione", "statunitense", "considerava", "inaccettabili", "le", "dichiarazioni", "."],
        7,
        1,
        67,
        28,
        -32.1,
        89 - 370 / 7,
    ),
    (
        # Sì(1,2) | No(1,2): two sentences of one word each; W=2 S=2 L=4 Syl=2
        # FV = 217 - 1.3*1 - 0.6*100 = 155.7
        # G  = 89 + (600 - 40)/2 = 369
        "Sì. No.",
        ["Sì", ".", "No", "."],
        2,
        2,
        4,
        2,
        155.7,
        369.0,
    ),
    (
        # Io(i-o 2,2) resto(re-sto 2,5) qui(1,3) [;] tu(1,2) vai(1,3) via(vi-a 2,3) [… ends] Ciao(cia-o 2,4)
        # W=7 S=2 L=22 Syl=11
        # FV = 217 - 1.3*3.5 - 0.6*1100/7 = 217 - 4.55 - 94.286 = 118.164
        # G  = 89 + (600 - 220)/7 = 89 + 54.286 = 143.286
        "Io resto qui; tu vai via… Ciao",
        ["Io", "resto", "qui", ";", "tu", "vai", "via", "…", "Ciao"],
        7,
        2,
        22,
        11,
        217 - 4.55 - 0.6 * 1100 / 7,
        89 + 380 / 7,
    ),
]


@pytest.mark.parametrize(
    ("text", "tokens", "words", "sentences", "letters", "syllables", "fv", "g"),
    ITALIAN_TEXTS,
    ids=[t[0][:24] for t in ITALIAN_TEXTS],
)
def test_italian_formulas(text, tokens, words, sentences, letters, syllables, fv, g):
    expected = TextCounts(words=words, sentences=sentences, letters=letters, syllables=syllables)
    assert text_counts(text, "it") == expected
    assert token_counts(tokens, "it") == expected
    assert flesch_vacca(text) == pytest.approx(fv)
    assert flesch_vacca_tokens(tokens) == pytest.approx(fv)
    assert gulpease(text) == pytest.approx(g)
    assert gulpease_tokens(tokens) == pytest.approx(g)


def test_flesch_vacca_1972():
    # "Ha detto alla gente che era una brava cuoca.": W=9 S=1 Syl=16
    # FV72 = 206 - 0.65*1600/9 - 9 = 206 - 115.556 - 9 = 81.444
    text = "Ha detto alla gente che era una brava cuoca."
    assert flesch_vacca(text, variant="1972") == pytest.approx(206 - 0.65 * 1600 / 9 - 9)
    assert FLESCH_VACCA_VARIANTS == ("1986", "1972")


def test_flesch_vacca_unknown_variant_lists_the_valid_ones():
    with pytest.raises(ConfigError, match="1986, 1972"):
        flesch_vacca("Ciao.", variant="2000")


ENGLISH_TEXTS = [
    # (text, tokens, words, sentences, syllables, Flesch)
    (
        # The cat sat on the mat: 6 words of 1 syllable, 1 sentence
        # 206.835 - 1.015*6 - 84.6*1 = 116.145
        "The cat sat on the mat.",
        ["The", "cat", "sat", "on", "the", "mat", "."],
        6,
        1,
        6,
        116.145,
    ),
    (
        # Yes | We did: W=3 S=2 Syl=3
        # 206.835 - 1.015*1.5 - 84.6*1 = 120.7125
        "Yes. We did.",
        ["Yes", ".", "We", "did", "."],
        3,
        2,
        3,
        120.7125,
    ),
    (
        # The(1) gov-ern-ment(3) an-nounced(2) a(1) com-pre-hen-sive(4) re-form(2) yes-ter-day(3)
        # W=7 S=1 Syl=16: 206.835 - 1.015*7 - 84.6*16/7 = 206.835 - 7.105 - 193.371 = 6.359
        "The government announced a comprehensive reform yesterday.",
        ["The", "government", "announced", "a", "comprehensive", "reform", "yesterday", "."],
        7,
        1,
        16,
        206.835 - 7.105 - 84.6 * 16 / 7,
    ),
    (
        # He(1) did-n't(2) go(1): W=3 S=1 Syl=4; PTB tokens "did n't" are one word
        # 206.835 - 1.015*3 - 84.6*4/3 = 206.835 - 3.045 - 112.8 = 90.99
        "He didn't go.",
        ["He", "did", "n't", "go", "."],
        3,
        1,
        4,
        90.99,
    ),
    (
        # Mr.(1: at least one) Smith(1) paid(1) [300] dol-lars(2): W=4 S=1 Syl=5; "Mr." ends no sentence
        # 206.835 - 1.015*4 - 84.6*5/4 = 206.835 - 4.06 - 105.75 = 97.025
        "Mr. Smith paid 300 dollars.",
        ["Mr.", "Smith", "paid", "300", "dollars", "."],
        4,
        1,
        5,
        97.025,
    ),
]


@pytest.mark.parametrize(
    ("text", "tokens", "words", "sentences", "syllables", "flesch"),
    ENGLISH_TEXTS,
    ids=[t[0][:24] for t in ENGLISH_TEXTS],
)
def test_english_flesch(text, tokens, words, sentences, syllables, flesch):
    counts = text_counts(text, "en")
    assert (counts.words, counts.sentences, counts.syllables) == (words, sentences, syllables)
    assert token_counts(tokens, "en") == counts
    assert flesch_en(text) == pytest.approx(flesch)
    assert flesch_en_tokens(tokens) == pytest.approx(flesch)


# --------------------------------------------------------------------------
# Classes
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "label"),
    [
        (-32.1, "<20"),
        (19.999, "<20"),
        (20.0, "20-40"),  # each boundary belongs to the class above it
        (39.999, "20-40"),
        (40.0, "40-60"),
        (59.999, "40-60"),
        (60.0, "60-80"),
        (79.999, "60-80"),
        (80.0, ">80"),
        (369.0, ">80"),
    ],
)
def test_readability_class(score, label):
    assert readability_class(score) == label


def test_classes_in_order():
    assert CLASSES == ("<20", "20-40", "40-60", "60-80", ">80")


def test_nan_has_no_class():
    with pytest.raises(ValueError, match="NaN"):
        readability_class(math.nan)
