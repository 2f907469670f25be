"""The edits every rule makes through `Sentence`: insert and move keep mentions, heads and the change log right."""

from __future__ import annotations

import pytest

from coref_transfer.classes import MentionClass
from coref_transfer.model import Mention, Span
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.records import ZeroSubject
from coref_transfer.refine.base import Sentence

SRC = ("english", "english", "english")


def sentence(words: str, heads: list[int], *mentions: tuple[int, int, int]) -> Sentence:
    tokens = [Token(w, head=h) for w, h in zip(words.split(), heads)]
    return Sentence(ParsedSentence(tokens), [Mention(c, Span(s, e)) for s, e, c in mentions])


def spans(sent: Sentence) -> list[tuple[int, int]]:
    return [(m.span.start, m.span.end) for m in sent.mentions]


def test_insert_shifts_heads_and_mentions_and_is_logged() -> None:
    # "c'era nessuno su esso" → "su di esso": "di" joins neither mention
    sent = sentence("nessuno su esso .", [-1, 2, 0, 0], (0, 0, 1), (2, 2, 2))
    sent.insert("r", 2, Token("di", head=3))
    assert sent.words() == ["nessuno", "su", "di", "esso", "."]
    assert [t.head for t in sent.tokens] == [-1, 3, 3, 0, 0]
    assert spans(sent) == [(0, 0), (3, 3)]
    assert (sent.changes[-1].index, sent.changes[-1].before, sent.changes[-1].after) == (2, "", "di")


def test_insert_inside_a_mention_grows_it() -> None:
    sent = sentence("la sua madre", [2, 2, -1], (0, 2, 1))
    sent.insert("r", 2, Token("cara", head=3))
    assert spans(sent) == [(0, 3)]


def test_move_carries_a_one_token_mention_and_remaps_heads() -> None:
    # "ha fermato lui" → "lui ha fermato" (the clitic rule then rewrites the form)
    sent = sentence("il consiglio ha fermato lui .", [1, 3, 3, -1, 3, 3], (0, 1, 1), (4, 4, 2))
    new = sent.move("r", 4, 2)
    assert new == 2
    assert sent.words() == ["il", "consiglio", "lui", "ha", "fermato", "."]
    assert [t.head for t in sent.tokens] == [1, 4, 4, 4, -1, 4]
    assert spans(sent) == [(0, 1), (2, 2)]
    assert [(c.before, c.after) for c in sent.changes] == [("lui", ""), ("", "lui")]


def test_move_out_of_a_mention_shrinks_it() -> None:
    sent = sentence("a b c d", [-1, 0, 0, 0], (1, 3, 1))
    sent.move("r", 3, 0)
    assert sent.words() == ["d", "a", "b", "c"]
    assert spans(sent) == [(2, 3)]


def test_move_in_place_is_refused() -> None:
    sent = sentence("a b", [-1, 0])
    with pytest.raises(ValueError, match="leaves it where it is"):
        sent.move("r", 0, 1)


def test_a_tokens_own_mention_is_its_span_alone_not_one_around_it() -> None:
    """ "[le [sorelle] di Bari]": sorelle's own mention is its one-token span, and it heads the outer one too;
    "Bari" and "le" lie inside the outer mention but it is not theirs (nested mentions, the joint method)."""
    fem = MentionClass("person", "fem", "plur", SRC)
    org = MentionClass("thing", "masc", "sing", SRC)
    sent = sentence("le sorelle di Bari", [1, -1, 3, 1], (0, 3, 1), (1, 1, 2))
    sent.classes = [org, fem]
    sent.roles = [None, "subject"]
    assert sent.own_mentions(1) == [1] and sent.own_mentions(0, 3) == [0]
    assert sent.own_mentions(3) == [] and sent.own_mentions(0) == []
    assert sent.mention_class(1) is fem and sent.mention_class(0, 3) is org
    assert sent.mention_class(3) is None and sent.mention_class(0) is None
    assert sent.mention_role(1) == "subject" and sent.mention_role(3) is None
    assert sent.headed_mentions(1) == [1, 0]  # both rooted at "sorelle", the smaller first
    assert sent.headed_mentions(3) == [] and sent.headed_class(3) is None
    assert sent.headed_class(1) is fem
    assert sentence("x", [-1]).mention_class(0) is None


def test_a_head_without_a_mention_of_its_own_heads_the_outer_one() -> None:
    """ "[la madre di [Marco]]": madre heads the outer mention (a subject reads its class); Marco only his."""
    fem = MentionClass("person", "fem", "sing", SRC)
    masc = MentionClass("person", "masc", "sing", SRC)
    sent = sentence("la madre di Marco", [1, -1, 3, 1], (0, 3, 1), (3, 3, 2))
    sent.classes = [fem, masc]
    assert sent.headed_class(1) is fem and sent.headed_class(3) is masc
    assert sent.headed_class(0) is None and sent.mention_class(1) is None


@pytest.mark.parametrize(
    "words, heads, mentions, start, end, target, reason",
    [
        # "[lui , che era stanco]": without lui the mention would start at the comma
        ("ieri lui , che era stanco , partì", [7, 7, 5, 5, 5, 7, 5, -1], [(1, 5, 1)], 1, 1, 7, "mention_boundary"),
        # a mention ending on the pronoun: "[vedere lui]" made "[vederlo]" would share the clitic's span
        ("può vedere lui", [1, -1, 1], [(1, 2, 1), (2, 2, 2)], 2, 2, 1, "mention_boundary"),
        # one span in two chains: both would land on the verb, each as the same zero
        ("lui partì", [1, -1], [(0, 0, 1), (0, 0, 2)], 0, 0, 1, "several_mentions"),
        # "[sé]" and "[sé stesso]" both go with the two tokens
        ("difende sé stesso", [-1, 0, 1], [(1, 1, 1), (1, 2, 2)], 1, 2, 0, "several_mentions"),
        # the verb is already an event mention of another cluster
        ("lui partì", [1, -1], [(0, 0, 1), (1, 1, 2)], 0, 0, 1, "target_is_mention"),
    ],
)
def test_removal_problem_names_why_a_pronoun_cannot_go(words, heads, mentions, start, end, target, reason) -> None:
    assert sentence(words, heads, *mentions).removal_problem(start, end, target) == reason


@pytest.mark.parametrize(
    "words, heads, mentions, start, end, target",
    [
        # strictly inside a longer mention: "[la donna che lui ama]" → "[la donna che ama]"
        ("la donna che lui ama", [1, -1, 4, 4, 1], [(0, 4, 1), (3, 3, 2)], 3, 3, 4),
        # a mention of the same cluster on the verb: a duplicate the exports write once (as today)
        ("lui partì", [1, -1], [(0, 0, 1), (1, 1, 1)], 0, 0, 1),
        # no mention on the pronoun: nothing moves, the verb's mention does not matter
        ("lui partì", [1, -1], [(1, 1, 2)], 0, 0, 1),
        # the preposed clitic is a new token (target None), which holds no mention
        ("ha visto lui", [1, -1, 1], [(2, 2, 1), (0, 1, 2)], 2, 2, None),
    ],
)
def test_removal_problem_lets_a_pronoun_go(words, heads, mentions, start, end, target) -> None:
    assert sentence(words, heads, *mentions).removal_problem(start, end, target) is None


def test_delete_refuses_to_put_two_chains_on_one_span() -> None:
    """A rule that did not ask `removal_problem` fails loudly instead of writing a span in two chains."""
    sent = sentence("lui partì .", [1, -1, 1], (0, 0, 1), (1, 1, 2))
    with pytest.raises(ValueError, match="another cluster holds"):
        sent.delete("r", 0, move_to=1)
    assert sent.words() == ["lui", "partì", "."] and spans(sent) == [(0, 0), (1, 1)] and sent.changes == []
    twice = sentence("lui partì .", [1, -1, 1], (0, 0, 1), (0, 0, 2))
    with pytest.raises(ValueError, match="would move 2 mentions"):
        twice.delete("r", 0, move_to=1)
    assert twice.words() == ["lui", "partì", "."] and twice.zeros == {}


def test_delete_with_a_zero_records_the_pronoun_on_the_moved_mention() -> None:
    # "lui ha detto ." → "ha detto .": lui's mention moves onto "ha" and is a zero subject
    sent = sentence("Marco sa che lui ha detto .", [1, -1, 5, 5, 5, 1, 1], (0, 0, 1), (3, 3, 1))
    zero = ZeroSubject("lui", "lui", "PE", "Gender=Masc|Number=Sing|Person=3|PronType=Prs", "nsubj")
    sent.delete("subject_pronoun_deletion", 3, move_to=4, zero=zero)
    assert spans(sent) == [(0, 0), (3, 3)]
    assert sent.zeros == {1: zero}
    sent.insert("r", 0, Token("Sì", head=2))  # later edits shift the span; the record stays with its mention
    assert spans(sent) == [(1, 1), (4, 4)] and sent.zeros == {1: zero}


def test_delete_without_a_zero_records_none() -> None:
    sent = sentence("la sua madre", [2, 2, -1], (1, 1, 1))
    sent.delete("r", 1, move_to=2)
    assert spans(sent) == [(1, 1)] and sent.zeros == {}
