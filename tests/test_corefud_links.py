"""Predicative and appositive links of a CorefUD source (issue 30, item 5).

The reader keeps each mention's `link` (`Utterance.mention_links`) when the
`# global.Entity` header names a `link` field; β2 drops `pred` and `appos`
mentions with reasons of their own, which α does not see and stats.json
counts; a header without the field drops nothing. Our own sentences, in a
GUM-like header; then GUM train itself (not shipped), through
`scripts/corefud-links.py`: no such mention reaches translation.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from conftest import REPO
from corefud_samples import GUM, ONTOGUM, needs_gum

from coref_transfer.config import validate_config
from coref_transfer.corefud.reader import read_corefud
from coref_transfer.model import LINK_REASONS, Mention, Span
from coref_transfer.select.alpha_nesting import alpha_reasons
from coref_transfer.select.beta2_mentions import link_reason, widen_appositions
from coref_transfer.select.pipeline import compute_stats, select_part
from coref_transfer.select.run import run_select
from coref_transfer.stats import SELECT_MENTION_REASONS

# {L} is where the link field goes: "-coref" with the GUM-like header, "" without the field.
TEMPLATE = """\
# newdoc id = links
# global.Entity = GRP-etype-infstat{H}
# text = Anna is a doctor in Rome.
1	Anna	Anna	PROPN	NNP	_	4	nsubj	_	Entity=(1-person-new{coref})
2	is	be	AUX	VBZ	_	4	cop	_	_
3	a	a	DET	DT	_	4	det	_	Entity=(1-person-giv{pred}
4	doctor	doctor	NOUN	NN	_	0	root	_	Entity=1)
5	in	in	ADP	IN	_	6	case	_	_
6	Rome	Rome	PROPN	NNP	_	4	nmod	_	Entity=(2-place-new{sgl})
7	.	.	PUNCT	.	_	4	punct	_	_

# text = Bruno, her brother, slept well.
1	Bruno	Bruno	PROPN	NNP	_	6	nsubj	_	Entity=(3-person-new{coref})
2	,	,	PUNCT	,	_	4	punct	_	_
3	her	she	PRON	PRP$	_	4	nmod:poss	_	Entity=(3-person-giv{appos}(1-person-giv{ana})
4	brother	brother	NOUN	NN	_	1	appos	_	Entity=3)
5	,	,	PUNCT	,	_	4	punct	_	_
6	slept	sleep	VERB	VBD	_	0	root	_	_
7	well	well	ADV	RB	_	6	advmod	_	_
8	.	.	PUNCT	.	_	6	punct	_	_

# text = Carla had a reputation as a poet there.
1	Carla	Carla	PROPN	NNP	_	2	nsubj	_	Entity=(4-person-new{coref})
2	had	have	VERB	VBD	_	0	root	_	_
3	a	a	DET	DT	_	4	det	_	Entity=(5-abstract-new{sgl}
4	reputation	reputation	NOUN	NN	_	2	obj	_	_
5	as	as	ADP	IN	_	7	case	_	_
6	a	a	DET	DT	_	7	det	_	Entity=(4-person-giv{pred}
7	poet	poet	NOUN	NN	_	4	nmod	_	Entity=4)5)
8	there	there	ADV	RB	_	2	advmod	_	_
9	.	.	PUNCT	.	_	2	punct	_	_

# text = She met Bruno later.
1	She	she	PRON	PRP	_	2	nsubj	_	Entity=(4-person-giv{ana})
2	met	meet	VERB	VBD	_	0	root	_	_
3	Bruno	Bruno	PROPN	NNP	_	2	obj	_	Entity=(3-person-giv{coref})
4	later	late	ADV	RBR	_	2	advmod	_	_
5	.	.	PUNCT	.	_	2	punct	_	_

"""
LINKS = ("coref", "pred", "sgl", "appos", "ana")


def corpus(tmp_path: Path, with_links: bool) -> Path:
    fill = {name: f"-{name}" if with_links else "" for name in LINKS}
    path = tmp_path / ("links.conllu" if with_links else "nolinks.conllu")
    path.write_text(TEMPLATE.format(H="-link" if with_links else "", **fill), encoding="utf-8")
    return path


def fates(part) -> dict[tuple[int, str], tuple[str | None, str | None]]:
    """(sentence, the mention's words) -> (stage dropped at, reason), for every mention read."""
    config = validate_config({"method": "placeholders"})
    result = select_part(part, config)
    out = {}
    for ufate in result.utterances:
        u = ufate.utterance
        for m in ufate.mentions:
            out[(u.index, " ".join(u.tokens[m.span.start : m.span.end + 1]))] = (m.dropped_at, m.reason)
    return out


def test_the_reader_keeps_each_mentions_link(tmp_path):
    (part,) = read_corefud(corpus(tmp_path, with_links=True))
    links = [
        {
            " ".join(u.tokens[m.span.start : m.span.end + 1]): link
            for m, link in zip(u.mentions, u.mention_links, strict=True)
        }
        for u in part.utterances
    ]
    assert links == [
        {"Anna": "coref", "a doctor": "pred", "Rome": "sgl"},
        {"Bruno": "coref", "her": "ana", "her brother": "appos"},
        {"Carla": "coref", "a poet": "pred", "a reputation as a poet": "sgl"},
        {"She": "ana", "Bruno": "coref"},
    ]
    # The other fields are read as before: the link field moves nothing.
    assert part.entity_types == {1: "person", 2: "place", 3: "person", 4: "person", 5: "abstract"}


def test_without_a_link_field_there_is_no_link_information(tmp_path):
    (part,) = read_corefud(corpus(tmp_path, with_links=False))
    assert all(u.mention_links == [] for u in part.utterances)
    assert sum(len(u.mentions) for u in part.utterances) == 11


def test_link_reasons():
    assert {link: link_reason(link) for link in ("pred", "appos", "coref", "ana", "sgl")} == {
        "pred": "predicative",
        "appos": "appositive",
        "coref": None,
        "ana": None,
        "sgl": None,
    }
    assert link_reason(None) is None
    assert set(LINK_REASONS.values()) <= set(SELECT_MENTION_REASONS["beta2"])


def test_alpha_does_not_see_the_mentions_beta2_drops_for_their_link():
    outer, inner = Mention(1, Span(0, 5)), Mention(2, Span(2, 3))
    assert alpha_reasons([outer, inner]) == ["nested", None]
    assert alpha_reasons([outer, inner], [False, True]) == [None, None]  # the inner one is a predicate
    assert alpha_reasons([outer, inner], [True, False]) == [None, None]  # the outer one is not judged
    same = Mention(3, Span(2, 3))
    assert alpha_reasons([inner, same]) == [None, "duplicate_span"]
    assert alpha_reasons([inner, same], [True, False]) == [None, None]


def test_beta2_drops_predicates_and_appositions_with_their_reasons(tmp_path):
    (part,) = read_corefud(corpus(tmp_path, with_links=True))
    got = fates(part)
    assert got[(0, "a doctor")] == ("beta2", "predicative")
    assert got[(2, "a poet")] == ("beta2", "predicative")  # after "as"
    assert got[(1, "her brother")] == ("beta2", "appositive")  # not nested: α does not see it
    # The anchor is widened over its apposition, OntoNotes' mention; holding "her", it is not a leaf, and α
    # drops it as it would drop "[Bruno, [her] brother]" read from OntoNotes; Bruno's chain is then too small.
    assert got[(1, "Bruno , her brother")] == ("alpha", "nested")
    assert got[(3, "Bruno")] == ("beta3", "cluster_too_small")
    # The subjects stay in their chains, which β3 keeps.
    for kept in ((0, "Anna"), (1, "her"), (2, "Carla"), (3, "She")):
        assert got[kept] == (None, None), kept
    # A mention holding a predicate is not nested (OntoNotes has no mention inside it): it reaches
    # β3, which drops its one-mention chain.
    assert got[(2, "a reputation as a poet")] == ("beta3", "cluster_too_small")


@pytest.mark.parametrize(
    ("tags", "links", "anchor", "apposition", "widened"),
    [
        # "Hu Shih , the leader": the anchor takes the comma and the apposition
        (["NNP", "NNP", ",", "DT", "NN"], ["coref", "appos"], (0, 1), (3, 4), (0, 4)),
        # "the CRA ( Computing Research Association )": the closing bracket comes along
        (["DT", "NNP", "-LRB-", "NNP", "NNP", "NNP", "-RRB-"], ["coref", "appos"], (0, 1), (3, 5), (0, 6)),
        # "this guy Nierman": nothing between (else "I saw Alberto Nierman")
        (["DT", "NN", "NNP"], ["coref", "appos"], (0, 1), (2, 2), (0, 2)),
        # a word between: not an apposition of that mention
        (["NNP", "NNP", "VBD", "DT", "NN"], ["coref", "appos"], (0, 1), (3, 4), (0, 1)),
        # a predicate is no anchor
        (["NNP", "NNP", ",", "DT", "NN"], ["pred", "appos"], (0, 1), (3, 4), (0, 1)),
        # no link information: nothing
        (["NNP", "NNP", ",", "DT", "NN"], [], (0, 1), (3, 4), (0, 1)),
    ],
)
def test_an_anchor_is_widened_over_its_apposition(tags, links, anchor, apposition, widened):
    mentions = [Mention(1, Span(*anchor)), Mention(1, Span(*apposition))]
    got, n = widen_appositions(mentions, links, tags)
    assert [(m.span.start, m.span.end) for m in got] == [widened, apposition]
    assert n == (widened != anchor)


def test_stats_count_the_drops_per_reason(tmp_path):
    (part,) = read_corefud(corpus(tmp_path, with_links=True))
    stats = compute_stats([select_part(part, validate_config({"method": "placeholders"}))])  # accounting checked inside
    dropped = stats["dropped"]["mentions"]
    assert (dropped["predicative"], dropped["appositive"]) == (2, 1)
    assert dropped["nested"] == 1  # the widened anchor (above)
    assert stats["anomalies"]["appositions_widened"] == 1
    assert (
        stats["beta1"]["mentions"] - stats["beta2"]["mentions"]
        == sum(dropped[r] for r in SELECT_MENTION_REASONS["beta2"])
        == 3
    )
    assert stats["beta3"]["mentions"] == 4 and stats["beta3"]["clusters"] == 2


def test_a_corpus_without_a_link_field_drops_nothing_for_links(tmp_path):
    (part,) = read_corefud(corpus(tmp_path, with_links=False))
    got = fates(part)
    assert not {reason for _, reason in got.values()} & set(LINK_REASONS.values())
    assert got[(1, "her brother")] == ("alpha", "nested")
    assert got[(2, "a reputation as a poet")] == ("alpha", "nested")
    assert got[(0, "a doctor")] == (None, None)  # a mention of Anna's chain, as GUM wrote it
    stats = compute_stats([select_part(part, validate_config({"method": "placeholders"}))])
    assert stats["dropped"]["mentions"]["predicative"] == stats["dropped"]["mentions"]["appositive"] == 0


@needs_gum
def test_on_gum_train_no_predicate_or_apposition_reaches_translation(tmp_path):
    """The figures of docs/real-data.md ("Starting from a CorefUD corpus"), as scripts/corefud-links.py prints them."""
    spec = importlib.util.spec_from_file_location("corefud_links", REPO / "scripts" / "corefud-links.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "select"
    run_select([GUM], out, validate_config({"method": "placeholders"}), progress=False, fmt="corefud")
    got = script.measure(out, [GUM], ONTOGUM if any(ONTOGUM.glob("*.gold_conll")) else None)
    assert got["pred"]["reach_translation"] == got["appos"]["reach_translation"] == 0
    assert (got["pred"]["read"], got["appos"]["read"]) == (489, 655)
    assert got["stats_beta2"] == {"predicative": 290, "appositive": 205}
    assert got["pred"]["fate"]["beta2:predicative"] == 290 and got["appos"]["fate"]["beta2:appositive"] == 205
    # Every other one went with its sentence at β1.
    for link in LINK_REASONS:
        assert {fate.split(":")[0] for fate in got[link]["fate"]} == {"beta1", "beta2"}
    assert got["appos"]["anchor_kept_before"] == 4  # 45 before anchors were widened over their apposition
    if "ontogum" in got:  # the limits in select.beta2_mentions
        assert got["ontogum"]["appos"] == {"absent": 357, "inside_wider": 298}
        pred = got["ontogum"]["pred"]
        assert (pred["as:same_span"], sum(n for k, n in pred.items() if k.startswith("as:"))) == (44, 72)
        assert (pred["copula:same_span"], sum(n for k, n in pred.items() if k.startswith("copula:"))) == (10, 413)
