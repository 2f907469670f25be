"""Contracted verbs written in full after a name (`lang.en.contractions`), and dates kept as words
(`lang.en.time_words.time_reason`): what a name must not stand before or for."""

from __future__ import annotations

import pytest

from coref_transfer.lang.en.contractions import full_form, is_contraction
from coref_transfer.lang.en.time_words import time_reason
from coref_transfer.model import NamedEntity, Span


@pytest.mark.parametrize(
    "text, tags, expected",
    [
        ("He 's what she was", "PRP VBZ WP PRP VBD", "is"),
        ("It ’s it , sir", "PRP VBZ PRP , NN", "is"),
        ("She 's been there", "PRP VBZ VBN RB", "has"),
        ("He 's got a car", "PRP VBZ VBN DT NN", "has"),
        ("He 's already gone", "PRP VBZ RB VBN", "is"),
        ("She 's made a mistake", "PRP VBZ VBN DT NN", "has"),
        ("It 's called a bar", "PRP VBZ VBN DT NN", "is"),
        ("It 's not been easy", "PRP VBZ RB VBN JJ", "has"),
        ("They 're leaving", "PRP VBP VBG", "are"),
        ("He 'd left", "PRP VBD VBN", "had"),
        ("He 'd go", "PRP MD VB", "would"),
        ("She 'll come", "PRP MD VB", "will"),
        ("They 've won", "PRP VBP VBN", "have"),
        ("Maria 's car", "NNP POS NN", None),
    ],
)
def test_the_full_verb_is_decided_from_the_tags(text, tags, expected):
    tokens, pos = text.split(), tags.split()
    assert full_form(tokens, pos, 1) == expected
    assert is_contraction(tokens[1], pos[1]) == (expected is not None)


def test_a_date_a_time_or_an_amount_keeps_its_words():
    tokens = "between June and November on Sunday that year five dollars".split()
    pos = "IN NNP CC NNP IN NNP DT NN CD NNS".split()
    dates = [NamedEntity("DATE", Span(6, 7)), NamedEntity("MONEY", Span(8, 9))]
    assert time_reason(tokens, pos, 1) == "time"  # a month, even without a named-entity layer
    assert time_reason(tokens, pos, 5) == "time"  # a day of the week
    assert time_reason(tokens, pos, 7, dates) == "time"  # "that year": the DATE entity says so
    assert time_reason(tokens, pos, 9, dates) == "number"
    assert time_reason(tokens, pos, 7) is None  # "the year was hard": a thing a name may stand for
    assert time_reason(tokens, pos, 7, (), etype="time") == "time"  # a CorefUD entity type
    assert time_reason(["May", "I"], ["MD", "PRP"], 0) is None  # the modal is not the month
