"""Stages α, β1, β2, β3 on small hand-written documents, with hand-worked expectations."""

from __future__ import annotations

import pytest

from coref_transfer.config import validate_config
from coref_transfer.corefud.reader import read_corefud
from coref_transfer.model import Mention, Span
from coref_transfer.records import SelectedUtterance
from coref_transfer.select.alpha_nesting import alpha_reasons
from coref_transfer.select.beta1_utterances import utterance_reason
from coref_transfer.select.beta2_mentions import root_reason
from coref_transfer.select.beta3_clusters import cluster_reason
from coref_transfer.select.pipeline import compute_stats, select_part
from coref_transfer.select.stand_in import coordinated_possessive
from coref_transfer.select.tables import SelectionColumns


def fates_by_text(result):
    """{(sentence, mention text, chain): (dropped_at, reason)} of a part result."""
    out = {}
    for ufate in result.utterances:
        toks = ufate.utterance.tokens
        for f in ufate.mentions:
            out[(ufate.utterance.index, " ".join(toks[f.span.start : f.span.end + 1]), f.cluster_id)] = (
                f.dropped_at,
                f.reason,
            )
    return out


# --- α ---------------------------------------------------------------------


def M(cluster, start, end):
    return Mention(cluster, Span(start, end))


def test_alpha_keeps_leaves_drops_containers():
    # "an important city in China called Yichang": 0..6, China = 4, Yichang = 6
    mentions = [M(1, 0, 6), M(2, 4, 4), M(3, 6, 6)]
    assert alpha_reasons(mentions) == ["nested", None, None]


def test_alpha_nesting_chain_keeps_only_innermost():
    mentions = [M(1, 0, 5), M(2, 0, 2), M(3, 1, 1)]
    assert alpha_reasons(mentions) == ["nested", "nested", None]


def test_alpha_oddities():
    # the same span in two chains: lowest chain id keeps it
    assert alpha_reasons([M(7, 2, 3), M(4, 2, 3)]) == ["duplicate_span", None]
    # the same span twice in one chain
    assert alpha_reasons([M(4, 2, 3), M(4, 2, 3)]) == [None, "duplicate_mention"]
    # partial overlap: both go
    assert alpha_reasons([M(1, 0, 3), M(2, 2, 5)]) == ["crossing", "crossing"]
    # a container that also crosses another mention is `nested` (first reason)
    assert alpha_reasons([M(1, 0, 4), M(2, 1, 1), M(3, 4, 6)]) == ["nested", None, "crossing"]


# --- β1 --------------------------------------------------------------------


@pytest.mark.parametrize(
    "pos,reason",
    [
        (["DT", "NN", "IN", "DT", "NN", "."], "no_verb"),
        (["PRP", "MD", "RB", "IN", "NN", "."], "no_verb"),  # MD alone is not a verb (decided)
        (["PRP", "VBD", "."], "too_short"),
        (["PRP", "VBD", "RB", "."], "too_short"),
        (["PRP", "VBD", "RB", "RB", "."], None),  # exactly min_tokens = 5
        (["PRP", "VBD"] + ["NN"] * 22 + ["."], None),  # exactly max_tokens = 25
        (["PRP", "VBD"] + ["NN"] * 23 + ["."], "too_long"),
        (["UH", "."], "no_verb"),  # no_verb is checked before too_short
    ],
)
def test_beta1(pos, reason, config):
    assert utterance_reason(pos, config["select"]) == reason


def test_beta1_md_counts_when_configured():
    cfg = validate_config({"select": {"verb_tags": ["VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD"]}})
    assert utterance_reason(["PRP", "MD", "RB", "IN", "NN", "."], cfg["select"]) is None


# --- β2 --------------------------------------------------------------------


@pytest.mark.parametrize(
    "word,tag,reason",
    [
        ("he", "PRP", None),
        ("Him", "PRP", None),
        ("herself", "PRP", None),
        ("it", "PRP", None),
        ("them", "PRP", None),
        ("hers", "PRP", None),
        ("theirs", "PRP", None),
        ("his", "PRP$", None),
        ("her", "PRP$", None),
        ("its", "PRP$", None),
        ("their", "PRP$", None),
        ("that", "DT", None),
        ("city", "NN", None),
        ("farmers", "NNS", None),
        ("Lecce", "NNP", None),
        ("Alps", "NNPS", None),
        ("I", "PRP", "first_second_person"),
        ("us", "PRP", "first_second_person"),
        ("your", "PRP$", "first_second_person"),
        ("yourselves", "PRP", "first_second_person"),
        ("one", "PRP", "other_pronoun"),
        ("1998", "CD", "numeral"),
        ("collapsed", "VBD", "verb_root"),
        ("who", "WP", "wh_word"),
        ("which", "WDT", "wh_word"),
        ("there", "EX", "other_root"),
        ("red", "JJ", "other_root"),
    ],
)
def test_beta2_roots(word, tag, reason, config):
    assert root_reason(word, tag, config["select"]) == reason


DOC_BETA2 = """
%part 0
(TOP (S (NP=PERSON#1 (NNP Laura) (NNP Conti)) (VP (VBD said) (SBAR (S (NP#2 (PRP we)) (VP (MD would) (VP (VB visit) (NP#3 (NP (DT the) (NN man)) (SBAR (WHNP (WP who)) (S (VP (VBD called)))))))))) (. .)))
(TOP (S (NP#1 (PRP She)) (VP (VBD counted) (NP#4 (CD 1998)) (PP (IN as) (NP (DT a) (JJ good) (NN year)))) (. .)))
"""


def test_beta2_in_context(make_parts, config):
    result = select_part(make_parts(DOC_BETA2)[0], config)
    fates = fates_by_text(result)
    assert fates[(0, "we", 2)] == ("beta2", "first_second_person")
    assert fates[(0, "the man who called", 3)] == ("beta2", "contains_verb")
    assert fates[(1, "1998", 4)] == ("beta2", "numeral")
    assert fates[(0, "Laura Conti", 1)] == (None, None)
    assert fates[(1, "She", 1)] == (None, None)
    laura = next(f for f in result.utterances[0].mentions if f.cluster_id == 1)
    assert result.utterances[0].utterance.tokens[laura.root] == "Conti"


# --- β3 --------------------------------------------------------------------


def test_beta3_reasons(config):
    sel = config["select"]
    assert cluster_reason([], sel) == "too_small"
    assert cluster_reason(["NN"], sel) == "too_small"
    assert cluster_reason(["PRP", "PRP$", "DT"], sel) == "no_noun"
    assert cluster_reason(["PRP", "NNP"], sel) is None


DOC_BETA3 = """
%part 0
(TOP (S (NP=ORG#1 (DT The) (NN bakery)) (VP (VBD opened) (PP (IN in) (NP=DATE (NNP May)))) (. .)))
(TOP (S (NP#1 (PRP It)) (VP (VBD sold) (NP#2 (NN bread)) (PP (IN to) (NP#3 (DT the) (NNS neighbours)))) (. .)))
(TOP (S (NP#4 (PRP It)) (VP (VBD rained) (NP (DT all) (NN day))) (. .)))
(TOP (S (NP#4 (PRP it)) (VP (VBD was) (ADJP (RB very) (JJ cold)) (NP (NN today))) (. .)))
(TOP (NP (NP#3 (PRP Them)) (CC and) (NP (PRP$#3 their) (NNS dogs))))
%part 1
(TOP (S (NP#1 (DT The) (NN oven)) (VP (VBD broke) (ADVP (RB again)) (NP (NN today))) (. .)))
(TOP (S (NP#1 (PRP It)) (VP (VBD was) (ADJP (JJ old)) (ADVP (RB anyway))) (. .)))
"""


def test_beta3_in_context(make_parts, config):
    part0, part1 = make_parts(DOC_BETA3)
    r0 = select_part(part0, config)
    clusters = {c.cluster_id: (c.reason, c.mentions_read, c.mentions_kept) for c in r0.clusters}
    assert clusters[1] == (None, 2, 2)  # the bakery ... It
    assert clusters[2] == ("too_small", 1, 0)  # a singleton chain
    assert clusters[3] == ("too_small", 3, 0)  # its other mentions sit in a verbless utterance
    assert clusters[4] == ("no_noun", 2, 0)  # it ... it
    fates = fates_by_text(r0)
    assert fates[(2, "It", 4)] == ("beta3", "cluster_no_noun")
    assert fates[(1, "the neighbours", 3)] == ("beta3", "cluster_too_small")
    assert fates[(4, "Them", 3)] == ("beta1", "no_verb")
    # chain ids expire at the end of a part: chain 1 of part 1 is another entity
    r1 = select_part(part1, config)
    assert [(c.cluster_id, c.reason, c.cls.type, c.cls.number) for c in r1.clusters] == [(1, None, "thing", "sing")]


# --- accounting --------------------------------------------------------------


def test_every_unit_is_accounted_for(make_parts, config):
    results = [select_part(p, config) for p in make_parts(DOC_BETA3)]
    results += [select_part(p, config) for p in make_parts(DOC_BETA2, doc_id="nw/test/00/test_0002")]
    stats = compute_stats(results)
    for unit in ("utterances", "mentions", "clusters"):
        assert stats["input"][unit] == stats["beta3"][unit] + sum(stats["dropped"][unit].values())
    assert stats["input"] == {"documents": 2, "parts": 3, "utterances": 9, "tokens": 58, "mentions": 15, "clusters": 9}
    assert stats["dropped"]["utterances"] == {"no_verb": 1, "too_short": 0, "too_long": 0}
    assert stats["dropped"]["clusters"] == {"too_small": 5, "no_noun": 1}
    assert stats["beta3"]["clusters"] == 3
    assert stats["anomalies"]["singleton_chains"] == 4


CONLLU = """\
# newdoc id = d
# global.Entity = eid-etype-head-other
# sent_id = s1
# text = Anna sang her version of the song.
1	Anna	Anna	PROPN	NNP	_	2	nsubj	_	Entity=(e1-person-1)
2	sang	sing	VERB	VBD	_	0	root	_	_
3	her	she	PRON	PRP$	_	4	nmod:poss	_	Entity=(e1-person-1)
4	version	version	NOUN	NN	_	2	obj	_	_
5	of	of	ADP	IN	_	7	case	_	_
6	the	the	DET	DT	_	7	det	_	_
7	song	song	NOUN	NN	_	4	nmod	_	SpaceAfter=No
8	.	.	PUNCT	.	_	2	punct	_	_

"""


def test_the_tables_carry_the_dependency_tree_of_a_corefud_input(tmp_path, make_parts, config):
    path = tmp_path / "d.conllu"
    path.write_text(CONLLU, encoding="utf-8")
    columns = SelectionColumns()
    for part in read_corefud(path):
        columns.add(select_part(part, config))
    tables = columns.tables("test")
    for name in ("utterances", "beta3"):
        (row,) = [SelectedUtterance.from_row(r) for r in tables[name].to_pylist()]
        assert row.heads == [1, -1, 3, 1, 6, 6, 3, 1]
        assert row.deprels[2:4] == ["nmod:poss", "obj"]
        assert SelectedUtterance.from_row(row.to_row()) == row
    conll = SelectionColumns()
    for part in make_parts("%part 0\n(TOP (S (NP#1 (NNP Anna)) (VP (VBD sang) (NP (PRP$#1 her) (NN song))) (. .)))"):
        conll.add(select_part(part, config))
    (row,) = conll.tables("test")["utterances"].to_pylist()
    assert row["heads"] == [] and row["deprels"] == []


@pytest.mark.parametrize(
    "words, tags, index, ends, expected",
    [
        ("Padalecki and his partner won".split(), ["NNP", "CC", "PRP$", "NN", "VBD"], 2, {0}, True),
        ("the traveler and her pack were gone".split(), ["DT", "NN", "CC", "PRP$", "NN", "VBD", "VBN"], 3, {1}, True),
        ("He sold his car".split(), ["PRP", "VBD", "PRP$", "NN"], 2, {0}, False),  # no coordinator before it
        ("you and your sister".split(), ["PRP", "CC", "PRP$", "NN"], 2, {0}, False),  # a second person: not a name
        # a clause or a word that is no mention before "and": the placeholder reads as it should
        (
            "Rome is full , and its hotels are busy".split(),
            ["NNP", "VBZ", "JJ", ",", "CC", "PRP$", "NNS", "VBP", "JJ"],
            5,
            {0},
            False,
        ),
        (
            "It has 300 beds and its own pad".split(),
            ["PRP", "VBZ", "CD", "NNS", "CC", "PRP$", "JJ", "NN"],
            5,
            {0},
            False,
        ),
    ],
)
def test_a_possessive_after_and_a_mention_keeps_its_word(words, tags, index, ends, expected):
    """Issue 38: "Gino and Carlo's partner" reads as the partner of both; the possessive keeps its word."""
    assert coordinated_possessive(words, tags, index, index, ends) is expected
