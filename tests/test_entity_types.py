"""CorefUD entity types of the chains (coref_transfer.entity_types): the table, the rule, select's
decision, the stats, and the type carried through the stage records to the CorefUD export."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import REPO
from udapi.core.document import Document

from coref_transfer.corefud.reader import read_corefud
from coref_transfer.entity_types import ETYPE_SOURCES, ETYPES, NAMED_ENTITY_ETYPES, chain_etype
from coref_transfer.export import corefud
from coref_transfer.export.rows import group_rows
from coref_transfer.records import RefinedMention, RefinedUtterance, SelectedCluster, read_records
from coref_transfer.select.pipeline import compute_stats, select_part
from coref_transfer.select.tables import SelectionColumns
from coref_transfer.stats import stats_markdown

ONTONOTES_LABELS = (
    "PERSON", "NORP", "FAC", "ORG", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE",
    "DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL",
)  # fmt: skip
"""The 18 named-entity labels of the OntoNotes 5.0 guidelines, written out here on purpose."""

COREFUD_TYPES = {
    "person", "place", "organization", "animal", "plant", "object", "substance", "time", "number", "abstract",
    "event", "other",
}  # fmt: skip


def test_the_table_maps_every_ontonotes_label_to_a_corefud_type():
    assert set(ETYPES) == COREFUD_TYPES and len(ETYPES) == len(COREFUD_TYPES)
    assert set(NAMED_ENTITY_ETYPES) == set(ONTONOTES_LABELS)
    assert set(NAMED_ENTITY_ETYPES.values()) <= COREFUD_TYPES - {"other"}  # a label always says more
    expected = {
        "ORG": "organization",
        "GPE": "place",
        "LOC": "place",
        "FAC": "place",
        "DATE": "time",
        "TIME": "time",
        "MONEY": "number",
        "CARDINAL": "number",
        "EVENT": "event",
        "PERSON": "person",
    }
    assert {label: NAMED_ENTITY_ETYPES[label] for label in expected} == expected


@pytest.mark.parametrize(
    "class_type, labels, given, expected",
    [
        ("person", ["ORG", "ORG"], None, ("person", "person_class")),  # the class decides a person
        ("person", [], "organization", ("person", "person_class")),
        ("thing", ["ORG", None, None], None, ("organization", "named_entity")),  # mentions without a name: no vote
        ("thing", ["GPE", "LOC", "ORG"], None, ("place", "named_entity")),  # two labels, one type: place wins
        ("thing", ["GPE", "ORG"], None, ("other", "named_entity_tie")),
        ("thing", ["DATE", "DATE", "EVENT"], None, ("time", "named_entity")),
        ("thing", [None, None], None, ("other", "none")),
        ("thing", [], None, ("other", "none")),
        ("thing", ["NORP", "NORP", "GPE"], None, ("other", "person_not_class")),  # the names say person
        ("thing", ["MISC"], None, ("other", "none")),  # a label outside the table does not vote
        ("thing", ["GPE"], "Substance", ("substance", "corefud")),  # CorefUD's own type comes first
        ("thing", [], "abstract", ("abstract", "corefud")),
        ("thing", [], "quantity", ("other", "corefud_unknown")),
        ("thing", [], "person", ("other", "person_not_class")),
        ("thing", ["ORG"], "", ("organization", "named_entity")),  # an empty etype is none
    ],
)
def test_chain_etype(class_type, labels, given, expected):
    etype, source = chain_etype(class_type, labels, given)
    assert (etype, source) == expected
    assert etype in ETYPES and source in ETYPE_SOURCES


NEWS = "%part 0\n(TOP (S (NP=ORG#1 (NNP Fiat)) (VP (VBD opened) (NP#4 (DT a) (JJ new) (NN plant)) (PP (IN in) (NP=GPE#2 (NNP Turin))) (PP (IN on) (NP=DATE#3 (NNP Monday)))) (. .)))\n(TOP (S (NP#1 (DT The) (NN company)) (VP (VBD said) (SBAR (S (NP#4 (DT the) (NN plant)) (VP (MD will) (VP (VB help) (NP=GPE#2 (NNP Turin))))))) (. .)))\n(TOP (S (NP=PERSON#5 (NNP Anna) (NNP Rossi)) (VP (VBD visited) (NP#1 (PRP it)) (PP (IN on) (NP=DATE#3 (NNP Monday)))) (. .)))\n(TOP (S (NP#5 (PRP She)) (VP (VBD said) (SBAR (S (NP (DT the) (NN visit)) (VP (VBD went) (ADVP (RB well)))))) (. .)))"
"""Written for these tests: an ORG, a GPE and a DATE chain, a chain with no name, and a person."""

NEWS_TYPES = {1: "organization", 2: "place", 3: "time", 4: "other", 5: "person"}


@pytest.fixture
def news(make_parts, config):
    (part,) = make_parts(NEWS)
    return select_part(part, config)


def test_select_types_the_chains_from_the_english_names(news):
    kept = {c.cluster_id: c for c in news.clusters if c.dropped_at is None}
    assert {k: c.cls.etype for k, c in kept.items()} == NEWS_TYPES
    assert {k: c.etype_source for k, c in kept.items()} == {
        1: "named_entity",
        2: "named_entity",
        3: "named_entity",
        4: "none",
        5: "person_class",
    }
    assert kept[1].labels == ["ORG", None, None]  # "Fiat" is ORG, "The company" and "it" have no name
    assert {c.cls.type for k, c in kept.items() if k != 5} == {"thing"}  # the class type is as it was
    # every kept mention carries its chain's type, in the tables select writes
    for fate in news.utterances:
        for m in fate.mentions:
            if m.dropped_at is None:
                assert m.cls.etype == NEWS_TYPES[m.cluster_id]
    columns = SelectionColumns()
    columns.add(news)
    tables = columns.tables("train-nw-test")
    clusters = [SelectedCluster.from_row(r) for r in tables["clusters"].to_pylist()]
    assert {c.cluster_id: c.cls.etype for c in clusters if c.cls} == NEWS_TYPES
    beta3 = tables["beta3"].to_pylist()
    assert {(m["cluster_id"], m["etype"]) for r in beta3 for m in r["mentions"]} == set(NEWS_TYPES.items())


def test_stats_count_the_chains_per_type_and_why(news):
    stats = compute_stats([news])
    assert list(stats["etypes"]) == list(ETYPES) and list(stats["etype_sources"]) == list(ETYPE_SOURCES)
    assert {k: v for k, v in stats["etypes"].items() if v} == {
        "person": 1,
        "place": 1,
        "organization": 1,
        "time": 1,
        "other": 1,
    }
    assert {k: v for k, v in stats["etype_sources"].items() if v} == {"person_class": 1, "named_entity": 3, "none": 1}
    assert sum(stats["etypes"].values()) == stats["beta3"]["clusters"]
    assert stats["anomalies"]["unmapped_entity_labels"] == 0
    text = stats_markdown(stats)
    assert "| organization | 1 | 25.0% |" in text  # of the 4 non-person chains
    assert "| non-person, typed other than `other` | 3 of 4 | 75.0% |" in text


def _refined(news) -> list[RefinedUtterance]:
    """Select's kept utterances as δ rows, the English standing in for the Italian (a flat parse):
    what refine hands the export, with the classes as select made them."""
    rows = []
    for fate in news.utterances:
        u = fate.utterance
        if fate.dropped_at is not None:
            continue
        n = len(u.tokens)
        mentions = [RefinedMention(m.cluster_id, m.span, m.span, m.cls) for m in fate.mentions if m.dropped_at is None]
        rows.append(RefinedUtterance(
            "train-nw-test", u.doc_id, u.part, u.index, u.speaker, " ".join(u.tokens), u.tokens,
            " ".join(u.tokens), u.tokens, u.tokens, ["X"] * n, u.pos, ["_"] * n, [-1] + [0] * (n - 1),
            ["root"] + ["dep"] * (n - 1), mentions,
        ))  # fmt: skip
    return rows


def _entity_types(path: Path) -> dict[str, str]:
    doc = Document()
    doc.load_conllu(str(path))
    return {e.eid: e.etype for e in doc.coref_entities}


def test_the_corefud_export_writes_the_chains_types(news, tmp_path):
    """A CoNLL-2012 document's ORG, GPE and DATE chains are organization, place and time in the export."""
    path = tmp_path / "train.conllu"
    corefud.write(path, group_rows(_refined(news))["train"])
    assert _entity_types(path) == {f"train_d1e{k}": etype for k, etype in NEWS_TYPES.items()}


def test_a_chain_whose_mentions_disagree_gets_no_type(news, tmp_path):
    """The export trusts select's type only when every mention of the chain carries the same."""
    rows = _refined(news)
    first = rows[0].mentions[0]
    assert first.cluster_id == 1
    rows[0].mentions[0] = RefinedMention(1, first.span, first.span_before, replace(first.cls, etype="place"))
    path = tmp_path / "train.conllu"
    corefud.write(path, group_rows(rows)["train"])
    types = _entity_types(path)
    assert types["train_d1e1"] in ("", None) and types["train_d1e2"] == "place"


COREFUD_DOC = """# newdoc id = doc1
# global.Entity = eid-etype-head-other
# sent_id = 1
# text = The lake froze and the water was clear.
1	The	the	DET	DT	_	2	det	_	Entity=(e1-place-2
2	lake	lake	NOUN	NN	_	3	nsubj	_	Entity=e1)
3	froze	freeze	VERB	VBD	_	0	root	_	_
4	and	and	CCONJ	CC	_	9	cc	_	_
5	the	the	DET	DT	_	6	det	_	Entity=(e2-Substance-2
6	water	water	NOUN	NN	_	9	nsubj	_	Entity=e2)
7	was	be	AUX	VBD	_	9	cop	_	_
8	very	very	ADV	RB	_	9	advmod	_	_
9	clear	clear	ADJ	JJ	_	3	conj	_	SpaceAfter=No
10	.	.	PUNCT	.	_	3	punct	_	_

# sent_id = 2
# text = The lake and the water were cold, said the ranger.
1	The	the	DET	DT	_	2	det	_	Entity=(e1-place-2
2	lake	lake	NOUN	NN	_	6	nsubj	_	Entity=e1)
3	and	and	CCONJ	CC	_	5	cc	_	_
4	the	the	DET	DT	_	5	det	_	Entity=(e2-Substance-2
5	water	water	NOUN	NN	_	2	conj	_	Entity=e2)
6	were	be	AUX	VBD	_	7	cop	_	_
7	cold	cold	ADJ	JJ	_	0	root	_	SpaceAfter=No
8	,	,	PUNCT	,	_	9	punct	_	_
9	said	say	VERB	VBD	_	7	parataxis	_	_
10	the	the	DET	DT	_	11	det	_	Entity=(e3-quantity-2
11	ranger	ranger	NOUN	NN	_	9	nsubj	_	Entity=e3)
12	.	.	PUNCT	.	_	7	punct	_	_

# sent_id = 3
# text = The ranger saw the ranger's boat.
1	The	the	DET	DT	_	2	det	_	Entity=(e3-quantity-2
2	ranger	ranger	NOUN	NN	_	3	nsubj	_	Entity=e3)
3	saw	see	VERB	VBD	_	0	root	_	_
4	the	the	DET	DT	_	5	det	_	_
5	ranger	ranger	NOUN	NN	_	7	nmod:poss	_	_
6	's	's	PART	POS	_	5	case	_	_
7	boat	boat	NOUN	NN	_	3	obj	_	SpaceAfter=No
8	.	.	PUNCT	.	_	3	punct	_	_

"""
"""Written for this test: a place, a Substance (capitalised), and a type CorefUD does not have."""


def test_corefud_input_types_are_carried(tmp_path, config):
    """A CorefUD input's own etype is the chain's type, lower-cased; one CorefUD does not have is
    `other`, counted."""
    path = tmp_path / "doc.conllu"
    path.write_text(COREFUD_DOC, encoding="utf-8")
    (part,) = read_corefud(path)
    result = select_part(part, config)
    kept = {c.cluster_id: (c.cls.type, c.cls.etype, c.etype_source) for c in result.clusters if c.dropped_at is None}
    assert kept == {
        1: ("thing", "place", "corefud"),
        2: ("thing", "substance", "corefud"),
        3: ("thing", "other", "corefud_unknown"),  # any etype but person makes the class a thing
    }
    stats = compute_stats([result])
    assert {k: v for k, v in stats["etypes"].items() if v} == {"place": 1, "substance": 1, "other": 1}
    assert {k: v for k, v in stats["etype_sources"].items() if v} == {"corefud": 2, "corefud_unknown": 1}


RESULTS = REPO / "results"


def _sample(folder: str, name: str) -> list:
    path = RESULTS / folder / "all" / f"{name}.parquet"
    if not path.exists():
        pytest.fail(f"no {path.relative_to(REPO)}: run the workflow on the sample first (make test does)")
    return read_records(path, name)


def test_the_sample_carries_selects_types_to_the_corefud_export():
    """Each kept chain's type, as select decided it (clusters), on every mention of translate's and
    refine's tables and as the ETYPE of the sample's CorefUD export."""
    chains = {(c.doc_id, c.part, c.cluster_id): c.cls.etype for c in _sample("select", "clusters") if c.cls}
    assert {"organization", "place", "time", "person", "other"} <= set(chains.values())
    for folder, name in (("select", "beta3"), ("translate", "gamma"), ("refine", "delta")):
        seen = Counter()
        for u in _sample(folder, name):
            for m in u.mentions:
                if m.cls is not None:
                    assert m.cls.etype == chains[(u.doc_id, u.part, m.cluster_id)], (name, u.doc_id, m)
                    seen[m.cls.etype] += 1
        assert seen["place"] and seen["organization"], name
    export = RESULTS / "export" / "train.conllu"
    if not export.exists():
        pytest.fail("no results/export/train.conllu: run the workflow on the sample first (make test does)")
    written = Counter(_entity_types(export).values())
    assert written["organization"] and written["place"] and written["person"]


def test_the_documented_table_is_the_table():
    """The documentation (docs/outputs.md, the CorefUD export) gives the table row by row: it must say what the
    code does."""
    lines = (REPO / "docs" / "outputs.md").read_text(encoding="utf-8").splitlines()
    start = [line.strip() for line in lines].index("| OntoNotes label | CorefUD type |")
    documented = {}
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        labels, etype = (cell.strip() for cell in line.strip().strip("|").split("|"))
        documented.update(dict.fromkeys(labels.split(", "), etype))
    assert documented == NAMED_ENTITY_ETYPES
