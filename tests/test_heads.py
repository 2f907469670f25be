"""Tests for the head finder of stage β2 (`coref_transfer.select.heads`)."""

from __future__ import annotations

import pytest

from coref_transfer.select.heads import Head, constituent_head, find_head
from coref_transfer.tree import Tree


def _find(text: str, start: int, end: int) -> tuple[str, Head]:
    """Parse `text`, find the head of start..end, return its word and the Head."""
    tree = Tree.from_string(text)
    leaves = tree.preterminals()
    head = find_head(tree, start, end, [leaf.label for leaf in leaves])
    word = leaves[head.index].word
    assert word is not None
    return word, head


# (id, tree, start, end, expected head word, expected coordinated); each id
# says what the case probes.
CASES = [
    # Possessives: the clitic 's never heads.
    ("possessor-alone", "(NP (NNP Maria) (POS 's))", 0, 1, "Maria", False),
    ("possessed-noun", "(NP (NP (NNP Maria) (POS 's)) (NN car))", 0, 2, "car", False),
    (
        "possessor-inside-sentence",
        "(TOP (S (NP (NP (NNP Maria) (POS 's)) (NN car)) (VP (VBD broke)) (. .)))",
        0,
        1,
        "Maria",
        False,
    ),
    ("possessive-pronoun", "(NP (PRP$ her) (NN car))", 0, 1, "car", False),
    # Coordination: first conjunct, flagged.
    ("coord-of-nps", "(NP (NP (NNP Anna)) (CC and) (NP (NNP Paolo)))", 0, 2, "Anna", True),
    ("coord-flat-names", "(NP (NNP Anna) (CC and) (NNP Paolo))", 0, 2, "Anna", True),
    ("coord-flat-plurals", "(NP (NNS apples) (CC and) (NNS pears))", 0, 2, "apples", True),
    (
        "coord-both-and",
        "(NP (CC both) (NP (NNP Anna)) (CC and) (NP (NNP Paolo)))",
        0,
        3,
        "Anna",
        True,
    ),
    ("coord-either-or", "(NP (CC either) (NNP Anna) (CC or) (NNP Paolo))", 0, 3, "Anna", True),
    ("coord-flat-with-det", "(NP (DT the) (NN husband) (CC and) (NN wife))", 0, 3, "husband", True),
    (
        "coord-flat-list",
        "(NP (NNS apples) (, ,) (NNS pears) (CC and) (NNS plums))",
        0,
        4,
        "apples",
        True,
    ),
    (
        "coord-oxford-comma",
        "(NP (NP (NNP Anna)) (, ,) (NP (NNP Paolo)) (, ,) (CC and) (NP (NNP Luca)))",
        0,
        5,
        "Anna",
        True,
    ),
    (
        "coord-conjp",
        "(NP (NP (NNP Anna)) (CONJP (RB as) (RB well) (IN as)) (NP (NNP Paolo)))",
        0,
        4,
        "Anna",
        True,
    ),
    ("coord-pronouns", "(NP (PRP he) (CC and) (PRP she))", 0, 2, "he", True),
    (
        "coord-in-subject",
        "(TOP (S (NP (NP (NNP Anna)) (CC and) (NP (NNP Paolo))) (VP (VBD left)) (. .)))",
        0,
        2,
        "Anna",
        True,
    ),
    (
        "coord-whole-fragment",
        "(TOP (NP (NP (NNP Anna)) (CC and) (NP (NNP Paolo))))",
        0,
        2,
        "Anna",
        True,
    ),
    (
        "coord-head-child-propagates",
        "(NP (NP (NNS apples) (CC and) (NNS pears)) (PP (IN from) (NP (NNP Italy))))",
        0,
        4,
        "apples",
        True,
    ),
    (
        "cc-nested-in-pp-not-coord",
        "(NP (NP (DT the) (NN mother)) (PP (IN of) (NP (NNP Anna) (CC and) (NNP Paolo))))",
        0,
        5,
        "mother",
        False,
    ),
    (
        "cc-nested-in-possessor-not-coord",
        "(NP (NP (NNP Anna) (CC and) (NNP Paolo) (POS 's)) (NN house))",
        0,
        4,
        "house",
        False,
    ),
    ("modifier-coord-not-coord", "(NP (JJ red) (CC and) (JJ white) (NN wine))", 0, 3, "wine", False),
    (
        "numeral-coord-not-coord",
        "(NP (CD two) (CC or) (CD three) (NNS people))",
        0,
        3,
        "people",
        False,
    ),
    # Appositions: the first NP heads, no plural evidence.
    (
        "apposition",
        "(NP (NP (NNP Laura) (NNP Conti)) (, ,) (NP (DT the) (NN mayor)) (, ,))",
        0,
        5,
        "Conti",
        False,
    ),
    (
        "apposition-with-coordinated-second",
        "(NP (NP (NNS fruits)) (, ,) (NP (NP (NNS apples)) (CC and) (NP (NNS pears))))",
        0,
        4,
        "fruits",
        False,
    ),
    # Quantified NPs.
    (
        "partitive-some-of",
        "(NP (NP (DT some)) (PP (IN of) (NP (DT the) (NNS workers))))",
        0,
        3,
        "some",
        False,
    ),
    ("predeterminer", "(NP (PDT all) (DT the) (NNS farmers))", 0, 2, "farmers", False),
    ("qp-modifier", "(NP (QP (RB about) (CD 200)) (NNS people))", 0, 2, "people", False),
    ("number-alone", "(NP (CD 1998))", 0, 0, "1998", False),
    ("number-with-det", "(NP (DT the) (CD two))", 0, 1, "two", False),
    ("pronoun-with-quantifier", "(NP (NP (PRP them)) (DT all))", 0, 1, "them", False),
    # Names with titles: the last name heads.
    ("title-mr", "(NP (NNP Mr.) (NNP Rossi))", 0, 1, "Rossi", False),
    ("title-president", "(NP (NNP President) (NNP Anna) (NNP Verdi))", 0, 2, "Verdi", False),
    # Post-modifiers: the modified NP heads.
    (
        "relative-clause",
        "(NP (NP (DT the) (NN man)) (SBAR (WHNP (WP who)) (S (VP (VBD left)))))",
        0,
        3,
        "man",
        False,
    ),
    (
        "participle",
        "(NP (NP (DT the) (NN city)) (VP (VBN called) (S (NP (NNP Yichang)))))",
        0,
        3,
        "city",
        False,
    ),
    (
        "pp-modifier",
        "(NP (NP (DT the) (NN president)) (PP (IN of) (NP (NNP France))))",
        0,
        3,
        "president",
        False,
    ),
    (
        "flat-pp-modifier",
        "(NP (DT the) (NN man) (PP (IN in) (NP (DT the) (NN car))))",
        0,
        4,
        "man",
        False,
    ),
    # Labels with function tags and indices.
    (
        "function-tags",
        "(TOP (S (NP-SBJ-1 (NNP Anna)) (VP=2 (VBD slept)) (. .)))",
        0,
        2,
        "slept",
        False,
    ),
    ("index-tags-in-np", "(NP-SBJ (NP=2 (NNP Maria) (POS 's)) (NN car))", 0, 2, "car", False),
    # Unknown labels: the leftmost child that is not punctuation.
    ("unknown-label", "(XYZ (DT the) (NN dog))", 0, 1, "the", False),
    ("unknown-label-skips-punct", "(XYZ (, ,) (NN dog))", 0, 1, "dog", False),
    # Clauses and other phrases (Collins' syntactic heads).
    ("s-is-its-verb", "(S (NP (NNP Anna)) (VP (VBD slept)) (. .))", 0, 2, "slept", False),
    ("vp-is-its-verb", "(VP (VBD saw) (NP (DT the) (NN man)))", 0, 2, "saw", False),
    ("vp-modal-heads", "(VP (MD will) (VP (VB go)))", 0, 1, "will", False),
    (
        "vp-coordination-not-nominal",
        "(VP (VP (VBD sang)) (CC and) (VP (VBD danced)))",
        0,
        2,
        "sang",
        False,
    ),
    (
        "sbar-complementizer",
        "(SBAR (IN that) (S (NP (PRP she)) (VP (VBD left))))",
        0,
        2,
        "that",
        False,
    ),
    ("sbar-wh-word", "(SBAR (WHNP (WP who)) (S (VP (VBD left))))", 0, 1, "who", False),
    ("pp-preposition", "(PP (IN of) (NP (DT the) (NNS workers)))", 0, 2, "of", False),
    ("pp-rightmost-preposition", "(PP (IN because) (IN of) (NP (NN rain)))", 0, 2, "of", False),
    ("adjp-adjective", "(ADJP (RB very) (JJ happy))", 0, 1, "happy", False),
    ("adjp-with-complement", "(ADJP (JJ proud) (PP (IN of) (NP (PRP her))))", 0, 2, "proud", False),
    ("advp-adverb", "(ADVP (RB very) (RB quickly))", 0, 1, "quickly", False),
    ("qp-number", "(QP (RB about) (CD 200))", 0, 1, "200", False),
    ("whnp-wh-word", "(WHNP (WDT which) (NN book))", 0, 1, "which", False),
    ("prn-skips-brackets", "(PRN (-LRB- -LRB-) (NP (NNP Rome)) (-RRB- -RRB-))", 0, 2, "Rome", False),
    ("sq-verb", "(SQ (VBZ is) (NP (PRP it)) (ADJP (JJ true)))", 0, 2, "is", False),
    (
        "ucp-collins-coordination-fix",
        "(UCP (ADJP (JJ young)) (CC and) (NP (DT a) (NN student)))",
        0,
        3,
        "young",
        False,
    ),
    # Single tokens are their own heads.
    ("single-token", "(TOP (S (NP (PRP She)) (VP (VBD left))))", 0, 0, "She", False),
    ("single-token-verb", "(TOP (S (NP (PRP She)) (VP (VBD left))))", 1, 1, "left", False),
]


@pytest.mark.parametrize(
    ("text", "start", "end", "word", "coordinated"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_head_of_constituent(text: str, start: int, end: int, word: str, coordinated: bool) -> None:
    found, head = _find(text, start, end)
    assert found == word
    assert head.coordinated is coordinated
    assert head.constituent is True


# Spans that are not constituents: (id, tree, start, end, head word, coordinated).
NON_CONSTITUENT_CASES = [
    # The outer NP is the smallest node around the span; its first child straddles
    # the start, so the virtual node is (NP (NN president) (PP of France)).
    (
        "cut-through-inner-np",
        "(TOP (S (NP (NP (DT the) (NN president)) (PP (IN of) (NP (NNP France)))) (VP (VBD spoke))))",
        1,
        3,
        "president",
        False,
    ),
    # A prefix of a flat NP: its own last noun heads it.
    (
        "prefix-of-flat-np",
        "(TOP (S (NP (DT the) (JJ former) (NN president) (NNP Clinton)) (VP (VBD spoke))))",
        0,
        2,
        "president",
        False,
    ),
    # The virtual node (NP (NNS girls) (CC and) (NP the boys)) is a coordination.
    (
        "coordination-cut-at-start",
        "(TOP (S (NP (NP (DT the) (NNS girls)) (CC and) (NP (DT the) (NNS boys))) (VP (VBD sang))))",
        1,
        4,
        "girls",
        True,
    ),
]


@pytest.mark.parametrize(
    ("text", "start", "end", "word", "coordinated"),
    [pytest.param(*case[1:], id=case[0]) for case in NON_CONSTITUENT_CASES],
)
def test_head_of_non_constituent(text: str, start: int, end: int, word: str, coordinated: bool) -> None:
    found, head = _find(text, start, end)
    assert found == word
    assert head.coordinated is coordinated
    assert head.constituent is False


def test_non_constituent_leaves_the_tree_unchanged() -> None:
    text = "(TOP (S (NP (NP (DT the) (NN president)) (PP (IN of) (NP (NNP France)))) (VP (VBD spoke))))"
    tree = Tree.from_string(text)
    find_head(tree, 1, 3, [leaf.label for leaf in tree.preterminals()])
    assert tree.to_string() == text


# No tree: (id, POS tags, start, end, expected head index).
NO_TREE_CASES = [
    ("last-noun", ["DT", "JJ", "NN", "VBD"], 0, 2, 2),
    ("last-noun-not-the-first", ["DT", "NN", "IN", "DT", "NNS"], 0, 4, 4),
    ("possessive-skips-clitic", ["NNP", "POS"], 0, 1, 0),
    ("pronoun", ["VBD", "PRP"], 1, 1, 1),
    ("number", ["DT", "CD", "JJ"], 0, 2, 1),
    ("no-noun-last-non-punct", ["DT", "JJ", ","], 0, 2, 1),
    ("only-punct-last-token", [",", "."], 0, 1, 1),
    ("single-token", ["VBD"], 0, 0, 0),
]


@pytest.mark.parametrize(
    ("pos", "start", "end", "index"),
    [pytest.param(*case[1:], id=case[0]) for case in NO_TREE_CASES],
)
def test_head_without_tree(pos: list[str], start: int, end: int, index: int) -> None:
    assert find_head(None, start, end, pos) == Head(index, coordinated=False, constituent=False)


@pytest.mark.parametrize(
    ("start", "end"),
    [
        pytest.param(2, 1, id="start-after-end"),
        pytest.param(-1, 1, id="negative-start"),
        pytest.param(0, 3, id="end-past-sentence"),
        pytest.param(3, 3, id="start-past-sentence"),
    ],
)
@pytest.mark.parametrize("with_tree", [True, False], ids=["tree", "no-tree"])
def test_invalid_span_raises(start: int, end: int, with_tree: bool) -> None:
    tree = Tree.from_string("(NP (DT the) (JJ old) (NN man))")
    with pytest.raises(ValueError, match=rf"\[{start}, {end}\].* 3 tokens"):
        find_head(tree if with_tree else None, start, end, ["DT", "JJ", "NN"])


def test_tree_of_another_sentence_raises() -> None:
    tree = Tree.from_string("(NP (DT the) (NN man))")
    with pytest.raises(ValueError, match="3 POS tags"):
        find_head(tree, 0, 1, ["DT", "NN", "VBD"])


def test_constituent_head_of_preterminal_is_itself() -> None:
    tree = Tree.from_string("(NP (DT the) (NN man))")
    leaf = tree.children[1]
    assert constituent_head(leaf) is leaf


def test_constituent_head_of_sentence() -> None:
    tree = Tree.from_string("(TOP (S (NP (NP (NNP Maria) (POS 's)) (NN car)) (VP (VBD broke) (ADVP (RB down))) (. .)))")
    head = constituent_head(tree)
    assert (head.word, head.index) == ("broke", 3)
