"""Italian tokenisation and detokenisation: hyphenated words, typographic apostrophes, directed quotes."""

from __future__ import annotations

import pytest

from coref_transfer.lang.it.detokenize import detokenize
from coref_transfer.lang.it.tokenize import tokenize, tokens_with_offsets


@pytest.mark.parametrize(
    "text, token",
    [
        ("Lavora a tempo pieno o part-time.", "part-time"),
        ("L'ex-sindaco è arrivato.", "ex-sindaco"),
        ("Il vento da nord-est è forte.", "nord-est"),
    ],
)
def test_a_hyphenated_word_is_one_token(text, token):
    assert token in tokenize(text)


def test_a_hyphen_between_digits_and_a_dash_still_split():
    assert tokenize("Dal 2010-2012 è rimasto a Roma – poi a Pisa.")[1:4] == ["2010", "-", "2012"]
    assert "–" in tokenize("rimasto a Roma – poi a Pisa")


def test_a_typographic_apostrophe_splits_exactly_like_the_ascii_one():
    ascii_ = tokenize("Sant'Elena e l'idea dell'amico")
    typographic = tokenize("Sant’Elena e l’idea dell’amico")
    assert [t.replace("’", "'") for t in typographic] == ascii_
    assert typographic[:2] == ["Sant’", "Elena"]


@pytest.mark.parametrize(
    "text",
    [
        "Lavora a tempo pieno o part-time.",
        "L'ex-sindaco è arrivato a Sant’Elena.",
        "Sant’Elena e Sant'Elena sono la stessa isola.",
        "Ha parlato dell’idea di un’amica.",
        "Ha detto «basta» e poi “vedremo” ad alta voce.",
        "Ha scritto ‘forse’, non “sì”.",
        'Ha risposto "no" subito.',
        "Vorrei un po' di pane e un po’ d’acqua.",
        "Studia a Ca’ Foscari.",
        # truncated imperatives, split from their apostrophe by the tokenizer (issue 38), and "E'" for "È"
        "Di' anche a Nance di incassare l'assegno.",
        "Va' via. Sta' zitto! Disse: Di' tutto.",
        "E' vero, il libro di 'Hope' è bello.",
        # a translator's quotation, its marks inside the closing quote; hashtags; the ellipsis (issue 36)
        "“I suoi ragazzi,” come lei li chiamava, non mettevano zabaione nel rum.",
        "“Pensa ai bambini.” La tua mamma è qui?”",
        "«Vieni!» disse.",
        "#argomentazione, #proposta #cibo e @ansa",
        "perché… la Costituzione stessa",
    ],
)
def test_detokenisation_gives_the_text_back(text):
    assert detokenize(tokenize(text)) == text


def test_a_spaced_hyphen_never_comes_back_inside_a_hyphenated_word():
    text = detokenize(tokenize("Cerca un lavoro a tempo pieno o part-time."))
    assert "part - time" not in text and "part-time" in text


def test_offsets_point_at_the_tokens():
    text = "Sant’Elena è un’isola part-time"
    for token, offset in tokens_with_offsets(text):
        assert text[offset : offset + len(token)] == token
