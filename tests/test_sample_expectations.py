"""The embedded sample against expectations worked out by hand.

`tests/data/expectations/*.yaml` lists, for the sample's documents, what each
stage must decide about chosen utterances, mentions and clusters, and the
class of chosen clusters, each with the reason a person gave. Every entry is
checked against a real run of the English stages on the sample.
"""

from __future__ import annotations

import pytest
import yaml
from conftest import REPO, SAMPLE

from coref_transfer.conll.authoring import build
from coref_transfer.conll.reader import iter_conll
from coref_transfer.select.heads import find_head
from coref_transfer.select.pipeline import select_part

EXPECTATIONS = sorted((REPO / "tests" / "data" / "expectations").glob("*.yaml"))
ENTRIES = [(path.stem, i, entry) for path in EXPECTATIONS for i, entry in enumerate(yaml.safe_load(path.read_text()))]


@pytest.fixture(scope="module")
def results(request):
    from coref_transfer.config import validate_config

    config = validate_config({"method": "placeholders"})
    return {(p.doc_id, p.part): select_part(p, config) for p in iter_conll([SAMPLE])}


def test_sample_is_big_and_varied_enough(results):
    docs = {doc for doc, _ in results}
    utterances = sum(len(r.utterances) for r in results.values())
    assert len(docs) >= 20 and utterances >= 250
    assert {doc.split("/")[0] for doc in docs} >= {"nw", "bc"}
    splits = {p.parent.name for p in (SAMPLE / "source").glob("*/*.trees")}
    assert splits == {"train", "development", "test"}
    assert any(part > 0 for _, part in results), "no multi-part document"


def test_sample_matches_its_source(tmp_path):
    """The committed gold_conll files are exactly what the .trees sources build."""
    written = build(SAMPLE / "source", tmp_path)
    assert written
    for path in written:
        committed = SAMPLE / path.relative_to(tmp_path)
        assert committed.read_text() == path.read_text(), f"{committed} is stale: run 'coref-transfer sample build'"
    committed_all = {p.relative_to(SAMPLE) for p in SAMPLE.rglob("*gold_conll")}
    assert committed_all == {p.relative_to(tmp_path) for p in written}


def _find_mention(result, entry):
    utt = result.utterances[entry["sentence"]]
    text = entry["mention"]
    found = [
        f
        for f in utt.mentions
        if f.cluster_id == entry["chain"] and " ".join(utt.utterance.tokens[f.span.start : f.span.end + 1]) == text
    ]
    assert found, (
        f"no mention {text!r} of chain {entry['chain']} in sentence {entry['sentence']}: {utt.utterance.tokens}"
    )
    return utt, found[0]


@pytest.mark.parametrize("source,index,entry", ENTRIES, ids=[f"{s}-{i}" for s, i, _ in ENTRIES])
def test_expectation(results, source, index, entry):
    result = results[(entry["doc"], entry["part"])]
    why = entry.get("why", "")
    if "mention" in entry:
        utt, fate = _find_mention(result, entry)
        expected = (None, None) if entry["expect"] == "kept" else (entry["expect"], entry["reason"])
        got = (None, None) if fate.dropped_at is None else ("dropped", fate.reason)
        assert got == expected, why
        if "in_place" in entry:
            assert fate.in_place == entry["in_place"], why
        if "root" in entry:
            tokens = utt.utterance.tokens
            head = find_head(utt.utterance.tree(), fate.span.start, fate.span.end, utt.utterance.pos)
            assert tokens[head.index] == entry["root"], why
    elif "utterance" in entry:
        ufate = result.utterances[entry["sentence"]]
        got = "kept" if ufate.dropped_at is None else "dropped"
        assert (got, ufate.reason) == (entry["utterance"], entry.get("reason")), why
    elif "cluster" in entry:
        cluster = next(c for c in result.clusters if c.cluster_id == entry["chain"])
        got = "kept" if cluster.dropped_at is None else "dropped"
        assert (got, cluster.reason) == (entry["cluster"], entry.get("reason")), why
    elif "class" in entry:
        cluster = next(c for c in result.clusters if c.cluster_id == entry["chain"])
        assert cluster.cls is not None, f"chain {entry['chain']} was dropped ({cluster.reason})"
        assert [cluster.cls.type, cluster.cls.gender, cluster.cls.number] == entry["class"], why
    else:
        pytest.fail(f"entry {index} of {source}.yaml has no known shape: {entry}")
