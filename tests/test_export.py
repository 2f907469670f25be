"""Exports of the δ table: round trips through every format's reader (and udapi), on a
hand-written table and on the sample's δ table."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from dataclasses import replace

import pytest
from delta_rows import (
    DOC,
    JOINT,
    JOINT_WRITTEN,
    LEI,
    TINY,
    expected_mentions,
    fake_readability,
    group,
    mention,
    udvalidate,
    utterance,
    write_delta,
)
from udapi.core.document import Document

from coref_transfer.conll.reader import read_conll
from coref_transfer.corefud.reader import read_corefud
from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.export import conll2012, corefud, json_export, jsonlines
from coref_transfer.export.export import FORMATS, export_all
from coref_transfer.export.rows import exported_mentions, pronoun_mention, space_after, zero_mentions
from coref_transfer.model import parse_doc_key, span_root
from coref_transfer.records import RefinedUtterance
from coref_transfer.train.data import mention_head, read_documents, target_counts

EXTENSIONS = {name: fmt.extension for name, fmt in FORMATS.items()}


# --- shared rules ------------------------------------------------------------


def test_rows_grouped_by_split_part_and_sentence():
    splits = group(list(reversed(TINY)))
    assert list(splits) == ["train", "test"]
    assert [(p.doc_id, p.part) for p in splits["train"]] == [(DOC, 0), (DOC, 1)]
    assert [r.sentence for r in splits["train"][1].rows] == [0, 2]


def test_files_per_split_and_format(exported):
    splits, result, out = exported
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["manifest.json"] + [f"{split}.{ext}" for split in splits for ext in EXTENSIONS.values()]
    )
    assert result["files"]["conll2012"] == {split: f"{split}.gold_conll" for split in splits}
    assert result["schema_versions"] == {name: fmt.schema_version for name, fmt in FORMATS.items()}
    assert result["schema_versions"]["jsonlines"] == "2"  # 2: mention heads
    for split, parts in splits.items():
        counts = result["splits"][split]
        assert counts["parts"] == len(parts)
        assert counts["utterances"] == sum(len(p.rows) for p in parts)


def test_tiny_counts(tmp_path):
    result = export_all(write_delta(tmp_path / "d.parquet", TINY), tmp_path / "out", readability=fake_readability)
    assert result["splits"] == {
        "train": {"documents": 1, "parts": 2, "utterances": 4, "tokens": 26, "mentions": 8, "zero_mentions": 1,
                  "chains": 4, "repeated_mentions_merged": 0, "dropped_mentions": {"duplicate_span": 0},
                  "corefud_words": {"multiword_contraction": 1}},
        "test": {"documents": 1, "parts": 1, "utterances": 1, "tokens": 6, "mentions": 2, "zero_mentions": 0,
                 "chains": 1, "repeated_mentions_merged": 0, "dropped_mentions": {"duplicate_span": 0},
                 "corefud_words": {}},
    }  # fmt: skip


def test_same_input_gives_byte_identical_files(delta, tmp_path):
    export_all(delta, tmp_path / "a", readability=fake_readability)
    export_all(delta, tmp_path / "b", readability=fake_readability)
    for path in sorted((tmp_path / "a").iterdir()):
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes(), path.name


# --- CoNLL-2012 ----------------------------------------------------------------


def test_conll2012_columns_for_lemmas_and_speakers(tmp_path):
    path = tmp_path / "test.gold_conll"
    conll2012.write(path, group(TINY)["test"])
    (part,) = read_conll(path)
    assert part.utterances[0].speakers == ["Anna_Ricci"] * 6
    conll2012.write(path, group(TINY)["train"])
    lemmas = read_conll(path)[1].utterances[1].lemmas
    assert lemmas[3] == "in+il"


def test_conll2012_nested_mentions_bracketing(tmp_path):
    path = tmp_path / "train.gold_conll"
    conll2012.write(path, group(TINY)["train"])
    first = [line.split()[-1] for line in path.read_text().splitlines()[1:8]]
    assert first == ["(1", "-", "-", "1)|(2)", "-", "-", "-"]


def test_conll2012_rejects_a_token_with_a_space():
    row = dict(TINY[4], tokens=["Anna", "dice", "che", "lei", "parte ora", "."])
    with pytest.raises(InputFormatError, match="token 4 .*whitespace"):
        conll2012.render(group([row])["test"])


def test_repeated_mention_written_once_in_span_formats_kept_in_json(tmp_path):
    row = dict(TINY[4], mentions=[*TINY[4]["mentions"], mention(4, 3, 3, "person", before=(5, 5))])
    path = write_delta(tmp_path / "d.parquet", [row])
    result = export_all(path, tmp_path / "out", readability=fake_readability)
    assert result["splits"]["test"]["repeated_mentions_merged"] == 1
    (part,) = read_conll(tmp_path / "out" / "test.gold_conll")
    assert [(m.cluster_id, m.span.start) for m in part.utterances[0].mentions] == [(4, 0), (4, 3)]
    assert len(json_export.read(tmp_path / "out" / "test.json")[0]["mentions"]) == 3
    assert jsonlines.read(tmp_path / "out" / "test.jsonlines")[0]["clusters"] == [[[0, 0], [3, 3]]]


# --- JSON -----------------------------------------------------------------------


def test_json_round_trip(exported):
    splits, _, out = exported
    for split, parts in splits.items():
        got = json_export.read(out / f"{split}.json")
        rows = [row for part in parts for row in part.rows]
        assert len(got) == len(rows)
        for utt, row in zip(got, rows):
            for field in json_export.ROW_FIELDS:
                want = [m.to_row() for m in exported_mentions(row)[0]] if field == "mentions" else row.to_row()[field]
                assert utt[field] == want, field
            assert utt["readability"] == fake_readability(row.text)
            assert utt["readability_before"] == fake_readability(row.text_before)
        assert got == json_export.document(split, parts, fake_readability)["utterances"]


def test_json_change_tracking_fields(tmp_path):
    path = tmp_path / "train.json"
    json_export.write(path, "train", group(TINY)["train"], fake_readability)
    data = json.loads(path.read_text())
    assert (data["format"], data["schema_version"], data["split"]) == (
        "coref-transfer-delta",
        json_export.SCHEMA_VERSION,
        "train",
    )
    utt = data["utterances"][1]
    assert utt["text_before"] == "Lei ha salutato Marco." and utt["text"] == "Ha salutato Marco."
    assert [c["before"] for c in utt["changes"]] == ["Lei", "ha"]
    marco = utt["mentions"][1]
    assert utt["tokens_before"][marco["start_before"]] == utt["tokens"][marco["start"]] == "Marco"
    assert marco["etype"] == "person"  # the chain's CorefUD entity type (version 3)
    assert [m["etype"] for m in data["utterances"][2]["mentions"]] == ["organization", "other"]


def test_json_undefined_readability_is_null():
    row = RefinedUtterance.from_row(TINY[4])
    rec = json_export.record(row, lambda text: {"flesch_vacca": 50.0, "gulpease": float("nan")})
    assert rec["readability"] == rec["readability_before"] == {"flesch_vacca": 50.0, "gulpease": None}


def test_json_default_readability_module():
    readability = pytest.importorskip("coref_transfer.readability")
    score = json_export.default_readability()
    text = TINY[0]["text"]
    assert score(text) == {"flesch_vacca": readability.flesch_vacca(text), "gulpease": readability.gulpease(text)}


def test_json_missing_readability_module_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "coref_transfer.readability", None)  # makes the import fail
    with pytest.raises(ConfigError, match="null_readability"):
        export_all(write_delta(tmp_path / "d.parquet", TINY), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_json_reader_rejects_another_version(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"format": "coref-transfer-delta", "schema_version": "0", "utterances": []}))
    with pytest.raises(InputFormatError, match="schema_version '0'"):
        json_export.read(path)


# --- CorefUD ------------------------------------------------------------------------


def _token_of(tree) -> dict[int, int]:
    """Word ord -> index of its written token (a multiword token's words share one)."""
    out = {}
    for t, token in enumerate(tree.token_descendants):
        for w in getattr(token, "words", [token]):
            out[w.ord] = t
    return out


def test_corefud_read_by_udapi(exported):
    """udapi's own reader finds every mention on the words of the δ tokens it lies on (zeros on empty nodes
    after their verbal token), the entity grouping of the input, the written tokens, and a tree whose words
    give back δ's analysis: each token's first word has δ's relation and a head in δ's head token, and the
    words of a multiword token carry the pieces of its merged lemma."""
    splits, _, out = exported
    zeros_seen = multiword_seen = 0
    for split, parts in splits.items():
        doc = Document()
        doc.load_conllu(str(out / f"{split}.conllu"))
        assert doc.meta["global.Entity"] == "eid-etype-head-other"
        token_of = {id(t): _token_of(t) for t in doc.trees}
        got = {
            entity.eid: sorted(
                (m.words[0].root.sent_id,
                 *(token_of[id(m.words[0].root)][int(w.ord)] for w in (m.words[0], m.words[-1])),
                 m.words[0].is_empty())
                for m in entity.mentions
            )
            for entity in doc.coref_entities
        }  # fmt: skip
        want: dict[str, list] = defaultdict(list)
        for index, part in enumerate(parts, start=1):
            for row in part.rows:
                sid = corefud.sent_id(part, row.sentence)
                for cluster, start, end in expected_mentions(row, zeros=False):
                    want[corefud.eid(part, index, cluster)].append((sid, start, end, False))
                for zero in zero_mentions(row):
                    want[corefud.eid(part, index, zero.cluster_id)].append(
                        (sid, zero.span.start, zero.span.start, True)
                    )
                    zeros_seen += 1
        assert got == {eid: sorted(ms) for eid, ms in want.items()}
        trees = list(doc.trees)
        rows = [row for part in parts for row in part.rows]
        assert [t.newdoc for t in trees if t.newdoc] == [p.key for p in parts]
        for tree, row in zip(trees, rows, strict=True):
            tokens = tree.token_descendants
            assert [t.form for t in tokens] == row.tokens
            assert tree.text == row.text
            for t, token in enumerate(tokens):
                words = getattr(token, "words", [token])
                first = words[0]
                if first.deprel != "parataxis" or row.heads[t] >= 0:
                    assert first.deprel == row.deprels[t] or (row.deprels[t], first.deprel) == ("det", "case")
                    assert (token_of[id(tree)][first.parent.ord] if row.heads[t] >= 0 else -1) == row.heads[t]
                if len(words) > 1:
                    multiword_seen += 1
                    if " " in row.lemmas[t]:
                        assert " ".join(w.lemma for w in words) == row.lemmas[t].replace("’", "'")
                else:
                    # rule 3 of export.ud_words: an AUX's lemma mended, a VERB for a non-auxiliary, X for foreign
                    assert first.lemma == (row.lemmas[t] or "_") or first.upos == "AUX"
                    assert first.upos == row.upos[t] or first.upos in ("VERB", "X")
            # the enhanced graph: the basic tree, plus the zeros
            nodes = tree.descendants
            assert [[(d["parent"].ord, d["deprel"]) for d in n.deps] for n in nodes] == [
                [(n.parent.ord, n.deprel)] for n in nodes
            ]
            assert [(token_of[id(tree)][int(e.ord)], e.lemma, e.upos) for e in tree.empty_nodes] == [
                (z.span.start, z.zero.lemma, "PRON") for z in zero_mentions(row)
            ]
    assert zeros_seen > 0  # both tables have dropped subjects
    assert multiword_seen > 0  # and contractions


def test_corefud_round_trip_through_our_reader(exported):
    """`corefud.read` gives back the written tokens, and each mention and zero on the words of its δ tokens."""
    splits, _, out = exported
    for split, parts in splits.items():
        got = corefud.read(out / f"{split}.conllu")
        rows = [row for part in parts for row in part.rows]
        assert len(got) == len(rows)
        for back, row in zip(got, rows):
            for field in ("doc_id", "part", "sentence", "speaker", "text", "tokens"):
                assert back[field] == getattr(row, field), field
            token_of = {w: t for t, (a, b) in enumerate(back["token_words"]) for w in range(a, b + 1)}
            assert len(token_of) == len(back["words"])
            assert [(m["cluster_id"], token_of[m["start"]], token_of[m["end"]]) for m in back["mentions"]] == (
                expected_mentions(row, zeros=False)
            )
            assert [(z["cluster_id"], token_of[z["after"]], z["deprel"], z["lemma"]) for z in back["zeros"]] == [
                (z.cluster_id, z.span.start, z.zero.deprel, z.zero.lemma) for z in zero_mentions(row)
            ]
            for t, (a, b) in enumerate(back["token_words"]):
                if row.heads[t] >= 0:
                    assert token_of[back["heads"][a]] == row.heads[t]


def test_corefud_zero_mention_on_an_empty_node(tmp_path):
    """'Lei ha salutato Marco.' lost its subject: the mention is on an empty node after 'Ha', nsubj of
    'salutato' in DEPS, and 'Ha' carries no mention."""
    path = tmp_path / "train.conllu"
    corefud.write(path, group(TINY)["train"])
    lines = path.read_text().splitlines()
    sentence = lines[lines.index("# sent_id = nw-ledger-00-ledger_0001_0-s1") + 3 :][:5]
    assert sentence == [
        "1\tHa\tavere\tAUX\tVA\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t2\taux\t2:aux\t_",
        (
            "1.1\t_\tlei\tPRON\tPE\tGender=Fem|Number=Sing|Person=3|PronType=Prs\t_\t_\t2:nsubj"
            "\tEntity=(train_d1e1-person-1-gender:fem,number:sing)"
        ),
        "2\tsalutato\tsalutare\tVERB\tV\tGender=Masc|Number=Sing|Tense=Past|VerbForm=Part\t0\troot\t0:root\t_",
        (
            "3\tMarco\tMarco\tPROPN\tSP\t_\t2\tobj\t2:obj\tEntity=(train_d1e2-person-1-gender:masc,number:sing)"
            "|SpaceAfter=No"
        ),
        "4\t.\t.\tPUNCT\tFS\t_\t2\tpunct\t2:punct\t_",
    ]
    back = corefud.read(path)[1]
    assert back["mentions"] == [{"cluster_id": 2, "start": 2, "end": 2}]
    assert back["zeros"] == [
        {"cluster_id": 1, "after": 0, "predicate": 1, "deprel": "nsubj", "lemma": "lei",
         "feats": "Gender=Fem|Number=Sing|Person=3|PronType=Prs"}
    ]  # fmt: skip


def test_corefud_zeros_on_the_verb(tmp_path):
    """`export.corefud.zeros: verb`: the paper's convention, as CoNLL-2012 has it; no empty node, no DEPS."""
    out = export_all(write_delta(tmp_path / "d.parquet", TINY), tmp_path / "out", formats=["corefud", "conll2012"],
                     settings={"corefud": {"zeros": "verb"}})  # fmt: skip
    text = (tmp_path / "out" / "train.conllu").read_text()
    assert "1\tHa\tavere\tAUX\tVA\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t2\taux\t_" in text
    assert not any(line.split("\t")[0].count(".") for line in text.splitlines() if line and line[0].isdigit())
    got = corefud.read(tmp_path / "out" / "train.conllu")
    conll = read_conll(tmp_path / "out" / "train.gold_conll")
    assert [[(m["cluster_id"], m["start"], m["end"]) for m in row["mentions"]] for row in got] == [
        sorted((m.cluster_id, m.span.start, m.span.end) for m in utt.mentions) for part in conll for utt in part.utterances
    ]  # fmt: skip
    assert all(row["zeros"] == [] for row in got)
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["config"]["export"] == {"corefud": {"zeros": "verb"}}
    assert out["splits"]["train"]["zero_mentions"] == 1


def test_corefud_classes_come_from_the_copy_it_writes(tmp_path):
    """Chain 1 has a zero and another mention on "Ha": the empty node gets the zero's classes, the verb the
    other mention's (the first copy among the written ones, not the zero, which is not written there)."""
    row = dict(TINY[1], mentions=[mention(1, 0, 0, "man", zero=LEI), mention(1, 0, 0, "person", before=(1, 1)),
                                  mention(2, 2, 2, "man", before=(3, 3))])  # fmt: skip
    path = tmp_path / "train.conllu"
    corefud.write(path, group([TINY[0], row])["train"])
    lines = path.read_text().splitlines()
    verb = next(line for line in lines if line.startswith("1\tHa\t"))
    empty = next(line for line in lines if line.startswith("1.1\t"))
    assert verb.endswith("Entity=(train_d1e1-person-1-gender:fem,number:sing)")
    assert empty.endswith("Entity=(train_d1e1-person-1-gender:masc,number:sing)")


def test_corefud_zeros_setting_is_checked(tmp_path):
    with pytest.raises(ConfigError, match="zeros"):
        export_all(write_delta(tmp_path / "d.parquet", TINY), tmp_path / "out", formats=["corefud"],
                   settings={"corefud": {"zeros": "pronoun"}})  # fmt: skip
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("zeros", ["empty_node", "verb"])
def test_corefud_passes_the_official_validator(delta, tmp_path, zeros):
    """CorefUD releases require `udvalidate --level 2 --coref` without errors, in both zero conventions: each
    split's file, and the splits read as one corpus (entity ids are unique across them)."""
    export_all(delta, tmp_path / "out", formats=["corefud"], settings={"corefud": {"zeros": zeros}})
    paths = sorted((tmp_path / "out").glob("*.conllu"))
    for files in [*([p] for p in paths), paths]:
        result = udvalidate(*files)
        assert result.returncode == 0, f"{[p.name for p in files]}:\n{result.stderr[-3000:]}"
        assert "*** PASSED ***" in result.stderr


def test_the_validator_rejects_what_the_export_used_to_write(tmp_path):
    """The check above can fail: our old entity type ('thing') and unsorted features are errors to it."""
    path = tmp_path / "train.conllu"
    corefud.write(path, group(TINY)["train"])
    text = path.read_text().replace("-other-", "-thing-", 1)
    text = text.replace(
        "Definite=Def|Gender=Fem|Number=Sing|PronType=Art", "Gender=Fem|Definite=Def|Number=Sing|PronType=Art", 1
    )
    path.write_text(text)
    result = udvalidate(path)
    assert result.returncode != 0
    assert "spurious-entity-type" in result.stderr and "unsorted-features" in result.stderr


def test_corefud_annotation_text(tmp_path):
    path = tmp_path / "train.conllu"
    corefud.write(path, group(TINY)["train"])
    lines = path.read_text().splitlines()
    assert lines[:5] == [
        "# newdoc id = nw/ledger/00/ledger_0001_0",
        "# global.Entity = eid-etype-head-other",
        "# sent_id = nw-ledger-00-ledger_0001_0-s0",
        "# text = La sorella di Marco è arrivata.",
        "# speaker = -",
    ]
    misc = [line.split("\t")[9] for line in lines[5:12]]
    # chain 1's mention "La sorella di Marco" has its head (sorella) 2nd; Marco (chain 2) nested inside.
    assert misc[0] == "Entity=(train_d1e1-person-2-gender:fem,number:sing"
    assert misc[3] == "Entity=(train_d1e2-person-1-gender:masc,number:sing)train_d1e1)"
    assert misc[5] == "SpaceAfter=No"
    assert "# newdoc id = nw/ledger/00/ledger_0001_1" in lines
    # "nel" is a multiword token: the preposition and the article, both on "bollettino"
    at = lines.index("4-5\tnel\t_\t_\t_\t_\t_\t_\t_\t_")
    assert lines[at + 1 : at + 4] == [
        "4\tin\tin\tADP\tE\t_\t6\tcase\t6:case\t_",
        "5\til\til\tDET\tRD\tDefinite=Def|Gender=Masc|Number=Sing|PronType=Art\t6\tdet\t6:det\t_",
        "6\tbollettino\tbollettino\tNOUN\tS\tGender=Masc|Number=Sing\t3\tobl\t3:obl\tSpaceAfter=No",
    ]
    # each chain's ETYPE is select's entity type (MentionClass.etype): an organization, and 'other'
    misc = [line.split("\t")[9] for line in lines if "\t" in line]
    assert "Entity=(train_d2e1-organization-2-gender:masc,number:sing" in misc
    assert "Entity=(train_d2e3-other-2-gender:masc,number:sing" in misc


# --- jsonlines ---------------------------------------------------------------------------


def test_jsonlines_round_trip(exported):
    splits, _, out = exported
    for split, parts in splits.items():
        got = jsonlines.read(out / f"{split}.jsonlines")
        assert got == [jsonlines.record(p) for p in parts]
        for obj, part in zip(got, parts):
            assert parse_doc_key(obj["doc_key"]) == (part.doc_id, part.part)
            assert obj["sentences"] == [r.tokens for r in part.rows]
            assert obj["sentence_ids"] == [r.sentence for r in part.rows]
            # document-level offsets point at the same words, chains group the same mentions
            chains: dict[int, list[list[str]]] = defaultdict(list)
            for row in part.rows:
                for cluster, start, end in expected_mentions(row):
                    chains[cluster].append(row.tokens[start : end + 1])
            assert sorted(jsonlines.mention_words(obj)) == sorted(chains.values())
            for chain in obj["clusters"]:
                assert chain == sorted(chain)
            assert obj["clusters"] == sorted(obj["clusters"])
            # each mention's head: inside its span, δ's span root (the span's start if the parse has none)
            expected_heads, offset = {}, 0
            for row in part.rows:
                for _, start, end in expected_mentions(row):
                    root = span_root(row.heads, start, end)
                    expected_heads[(offset + start, offset + end)] = offset + (start if root is None else root)
                offset += len(row.tokens)
            assert [len(h) for h in obj["heads"]] == [len(c) for c in obj["clusters"]]
            for chain, heads in zip(obj["clusters"], obj["heads"]):
                for (start, end), head in zip(chain, heads):
                    assert start <= head <= end and head == expected_heads[(start, end)]
        # the trainer's reader reads the export and takes its heads
        for doc, obj in zip(read_documents(out / f"{split}.jsonlines"), got, strict=True):
            assert [[mention_head(doc, tuple(span)) for span in chain] for chain in obj["clusters"]] == obj["heads"]


def test_jsonlines_tiny_document_offsets():
    obj = jsonlines.record(group(TINY)["train"][0])
    assert obj["doc_key"] == "nw/ledger/00/ledger_0001_0"
    # sentence 0 has 7 words, so "Ha" (chain 1) is word 7 and "Marco" of sentence 1 is word 9
    assert obj["clusters"] == [[[0, 3], [7, 7]], [[3, 3], [9, 9]]]
    assert obj["heads"] == [[1, 7], [3, 9]]  # "La sorella di Marco" is headed by "sorella"
    assert obj["speakers"][1] == ["-"] * 4


def test_jsonlines_reader_names_the_bad_line(tmp_path):
    path = tmp_path / "x.jsonlines"
    good = json.dumps(jsonlines.record(group(TINY)["test"][0]))
    bad = json.loads(good)
    bad["clusters"] = [[[0, 99]]]
    path.write_text(good + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(InputFormatError, match=r"x.jsonlines:2: mention \[0, 99\]"):
        jsonlines.read(path)


@pytest.mark.parametrize(
    ("heads", "problem"),
    [
        ([[0, 2]], r"x.jsonlines:1: head 2 of mention \[3, 3\] lies outside the mention"),
        ([[0]], r"x.jsonlines:1: 'heads' does not have the shape of 'clusters'"),
        ([[0, 3], []], r"x.jsonlines:1: 'heads' does not have the shape of 'clusters'"),
    ],
)
def test_jsonlines_reader_checks_the_heads(tmp_path, heads, problem):
    path = tmp_path / "x.jsonlines"
    obj = jsonlines.record(group(TINY)["test"][0])
    assert obj["clusters"] == [[[0, 0], [3, 3]]] and obj["heads"] == [[0, 3]]
    path.write_text(json.dumps(dict(obj, heads=heads)) + "\n")
    with pytest.raises(InputFormatError, match=problem):
        jsonlines.read(path)


# fmt: off
AGENCY = [
    # "the director of the regional agency": the noun phrase's head is its first noun, its last word a post-modifier.
    utterance("train-nw-ledger", "nw/ledger/00/ledger_0002", 0, 0, "-", "Il bando è uscito.", [
        ("Il", "il", "DET", "RD", "Definite=Def|Gender=Masc|Number=Sing|PronType=Art", 1, "det"),
        ("bando", "bando", "NOUN", "S", "Gender=Masc|Number=Sing", 3, "nsubj"),
        ("è", "essere", "AUX", "VA", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 3, "aux"),
        ("uscito", "uscire", "VERB", "V", "Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        (".", ".", "PUNCT", "FS", "_", 3, "punct"),
    ], [mention(2, 0, 1, "thing")]),
    utterance("train-nw-ledger", "nw/ledger/00/ledger_0002", 0, 1, "-",
              "La direttrice dell'agenzia regionale lo ha firmato.", [
        ("La", "il", "DET", "RD", "Definite=Def|Gender=Fem|Number=Sing|PronType=Art", 1, "det"),
        ("direttrice", "direttrice", "NOUN", "S", "Gender=Fem|Number=Sing", 7, "nsubj"),
        ("dell'", "di il", "ADP", "E_RD", "Definite=Def|Number=Sing|PronType=Art", 3, "case"),
        ("agenzia", "agenzia", "NOUN", "S", "Gender=Fem|Number=Sing", 1, "nmod"),
        ("regionale", "regionale", "ADJ", "A", "Number=Sing", 3, "amod"),
        ("lo", "lo", "PRON", "PC", "Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs", 7, "obj"),
        ("ha", "avere", "AUX", "VA", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 7, "aux"),
        ("firmato", "firmare", "VERB", "V", "Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        (".", ".", "PUNCT", "FS", "_", 7, "punct"),
    ], [mention(1, 0, 4, "person"), mention(3, 3, 4, "thing"), mention(2, 5, 5, "thing")]),
]
# fmt: on


def test_jsonlines_head_of_a_post_modified_noun_phrase(tmp_path):
    """ "la direttrice dell'agenzia regionale" is headed by "direttrice", not by its last word."""
    obj = jsonlines.record(group(AGENCY)["train"][0])
    words = [w for sentence in obj["sentences"] for w in sentence]
    # sentence 0 has 5 words: the noun phrase is words 5-9, "agenzia regionale" 8-9, "lo" 10
    assert obj["clusters"] == [[[0, 1], [10, 10]], [[5, 9]], [[8, 9]]]
    assert obj["heads"] == [[1, 10], [6], [8]]
    assert words[6] == "direttrice" and words[8] == "agenzia"
    jsonlines.write(tmp_path / "train.jsonlines", [group(AGENCY)["train"][0]])
    (doc,) = read_documents(tmp_path / "train.jsonlines")
    assert doc.words[mention_head(doc, (5, 9))] == "direttrice"
    assert doc.words[mention_head(doc, (8, 9))] == "agenzia"
    # without the heads the trainer would take the last word, "regionale", for both
    assert mention_head(replace(doc, heads=None), (5, 9)) == mention_head(replace(doc, heads=None), (8, 9)) == 9


# --- nested mentions, and one span in two chains (delta_rows.JOINT) -------------------------------


JOINT_ROWS = group(JOINT)["train"][0].rows


def _joint_row(index, *mentions):
    """`JOINT`'s row `index` with other mentions."""
    return group([dict(JOINT[index], mentions=list(mentions))])["train"][0].rows[0]


# fmt: off
ONE_CHAIN_PER_SPAN = [
    # "Lo firmò ieri.": the zero refine moved onto "firmò" goes, the signing's own mention stays
    (_joint_row(1, mention(4, 1, 1, "event", before=(2, 2)),
                mention(1, 1, 1, "person", before=(0, 0), zero=LEI, role="subject")), [4], 1),
    # "Venderlo conviene.": the object's mention refine moved onto the verb goes, though its chain id is lower
    (_joint_row(3, mention(6, 0, 0, "event"), mention(3, 0, 0, "thing", before=(1, 1), role="object")), [6], 1),
    # ... and so does it with no English role, its Italian before refine being "esso"
    (_joint_row(3, mention(6, 0, 0, "event"), mention(3, 0, 0, "thing", before=(1, 1))), [6], 1),
    # two mentions of one standing (two verbs' own, as a misplaced tag gives): the lowest chain id
    (_joint_row(3, mention(7, 0, 0, "event"), mention(6, 0, 0, "event")), [6], 1),
    # a chain's repeats are kept (written once by the span formats), and so is every copy of the kept chain
    (_joint_row(3, mention(6, 0, 0, "event"), mention(6, 0, 0, "event", before=(1, 1)),
                mention(3, 0, 0, "thing", before=(1, 1), role="object")), [6, 6], 1),
    # nested mentions are not on one span: all stay
    (_joint_row(2, mention(5, 0, 2, "people"), mention(2, 0, 0, "man")), [5, 2], 0),
]
"""(row, the chains of the mentions kept, how many (chain, span)s left out)."""
# fmt: on


@pytest.mark.parametrize(("row", "kept", "left_out"), ONE_CHAIN_PER_SPAN)
def test_one_chain_per_span(row, kept, left_out):
    """`rows.exported_mentions`: which chain keeps a span refine put two chains on, and how many are left out."""
    mentions, dropped = exported_mentions(row)
    assert ([m.cluster_id for m in mentions], dropped) == (kept, left_out)


def test_pronoun_mentions():
    """A pronoun's mention: an English pronoun (role), a deleted subject (zero), or an Italian pronoun refine
    made a clitic; the verb's own mention is none of these."""
    sale, contract = JOINT_ROWS[3].mentions
    assert (pronoun_mention(JOINT_ROWS[3], sale), pronoun_mention(JOINT_ROWS[3], contract)) == (False, True)
    no_role = replace(contract, role=None)
    assert pronoun_mention(JOINT_ROWS[3], no_role)  # "esso" before refine
    assert not pronoun_mention(JOINT_ROWS[3], replace(no_role, span_before=sale.span_before))  # "Vendere"
    zero = JOINT_ROWS[1].mentions[1]
    assert zero.zero is not None and pronoun_mention(JOINT_ROWS[1], replace(zero, role=None))


@pytest.mark.parametrize("zeros", ["empty_node", "verb"])
def test_joint_every_format_holds_the_same_mentions(tmp_path, zeros):
    """Nested mentions and the spans in two chains, read back from every format: each holds the mentions of
    `JOINT_WRITTEN` (CorefUD's one zero on an empty node with `empty_node`: the other one was on the signing's
    token), and the manifest counts the two left out."""
    out = tmp_path / "out"
    result = export_all(write_delta(tmp_path / "d.parquet", JOINT), out, readability=fake_readability,
                        settings={"corefud": {"zeros": zeros}})  # fmt: skip
    counts = result["splits"]["train"]
    assert (counts["mentions"], counts["chains"], counts["zero_mentions"]) == (13, 6, 1)
    assert counts["dropped_mentions"] == {"duplicate_span": 2}
    assert json.loads((out / "manifest.json").read_text())["splits"]["train"]["dropped_mentions"] == {
        "duplicate_span": 2
    }
    want = [sorted(row) for row in JOINT_WRITTEN]
    (part,) = read_conll(out / "train.gold_conll")
    assert [sorted((m.cluster_id, m.span.start, m.span.end) for m in u.mentions) for u in part.utterances] == want
    utterances = json_export.read(out / "train.json")
    assert [sorted((m["cluster_id"], m["start"], m["end"]) for m in u["mentions"]) for u in utterances] == want
    back = corefud.read(out / "train.conllu")
    tokens = [{w: t for t, (a, b) in enumerate(r["token_words"]) for w in range(a, b + 1)} for r in back]
    got = [sorted((m["cluster_id"], t[m["start"]], t[m["end"]]) for m in r["mentions"]) for r, t in zip(back, tokens)]
    empty = [[(z["cluster_id"], t[z["after"]]) for z in r["zeros"]] for r, t in zip(back, tokens)]
    if zeros == "empty_node":
        assert got == [*want[:4], [(3, 0, 0), (6, 2, 2)]] and empty == [[], [], [], [], [(5, 1)]]
    else:
        assert got == want and empty == [[]] * 5
    # on "venderlo" the object's mention is the clitic's word; on "Venderlo" the sale's is the whole token
    assert (back[2]["words"][5], back[3]["words"][:2]) == ("lo", ["Vender", "lo"])
    assert {"cluster_id": 3, "start": 5, "end": 5} in back[2]["mentions"]
    assert back[3]["mentions"] == [{"cluster_id": 6, "start": 0, "end": 1}]
    (obj,) = jsonlines.read(out / "train.jsonlines")
    chains: dict[int, list[list[int]]] = defaultdict(list)
    offset = 0
    for row, mentions in zip(JOINT_ROWS, JOINT_WRITTEN, strict=True):
        for cluster, start, end in mentions:
            chains[cluster].append([offset + start, offset + end])
        offset += len(row.tokens)
    assert obj["clusters"] == sorted(sorted(chain) for chain in chains.values())
    # the trainer's reader takes the file (no span in two chains); it cannot learn "[[Marco] e Anna]"
    assert target_counts(read_documents(out / "train.jsonlines")) == {
        "gold_mentions": 13, "left_out": {"head_shared_same_chain": 0, "head_shared_other_chain": 1}
    }  # fmt: skip


def test_the_validator_rejects_two_chains_on_one_span(tmp_path):
    """The export's policy is needed: the zero that refine moved onto "firmò", written there with the signing's
    own mention (as the export wrote it before, with `zeros: verb`), is an error to the validator."""
    path = tmp_path / "train.conllu"
    corefud.write(path, group(JOINT)["train"], "verb")
    signing = "Entity=(train_d1e4-event-1-gender:masc,number:sing)"
    assert signing in path.read_text()
    path.write_text(path.read_text().replace(signing, "Entity=(train_d1e1-person-1)" + signing[len("Entity=") :]))
    result = udvalidate(path)
    assert result.returncode != 0 and "same-span-entity-mentions" in result.stderr


# --- errors and helpers ---------------------------------------------------------------------


def test_unknown_format_lists_the_valid_ones(tmp_path):
    with pytest.raises(ConfigError, match="valid formats: conll2012, json, corefud, jsonlines"):
        export_all(write_delta(tmp_path / "d.parquet", TINY), tmp_path / "out", formats=("conll", "json"))


def test_partition_without_split_is_an_error(tmp_path):
    path = write_delta(tmp_path / "d.parquet", [dict(TINY[4], partition="nw-ledger")])
    with pytest.raises(InputFormatError, match="'nw-ledger' does not start with a split name"):
        export_all(path, tmp_path / "out", formats=("jsonlines",))


def test_mention_outside_the_utterance_is_an_error():
    row = dict(TINY[4], mentions=[mention(4, 5, 6, "person")])
    with pytest.raises(InputFormatError, match=r"sentence 4: mention of chain 4 at \(5, 6\) is outside"):
        group([row])


@pytest.mark.parametrize(
    ("tokens", "text", "expected"),
    [
        (["Ciao", ",", "Anna", "."], "Ciao, Anna.", [False, True, False, False]),
        (["l'", "energia"], "l'energia", [False, False]),
        (["a", "b"], "a  b ", [True, True]),
        (["a", "c"], "a b", None),
    ],
)
def test_space_after(tokens, text, expected):
    assert space_after(tokens, text) == expected


@pytest.mark.parametrize("zeros", ["empty_node", "verb"])
def test_corefud_read_by_the_corefud_reader(tmp_path, zeros):
    """The CorefUD input reader (`corefud.reader`, issue 17) reads our export as it was written: the
    document keys back as (doc_id, part), the syntactic words and tree `corefud.read` gives (a multiword
    token's words, not δ's merged token), the speakers, every mention with the export's head word, each
    chain one chain, and a subject on an empty node a zero mention."""
    parts = group(TINY)["train"]
    path = tmp_path / "train.conllu"
    corefud.write(path, parts, zeros)
    got = read_corefud(path)
    ours = iter(corefud.read(path))
    assert [g.key for g in got] == [(p.doc_id, p.part) for p in parts]
    multiword = 0
    for back, part in zip(got, parts, strict=True):
        chains: dict[int, int] = {}  # the reader numbers chains per document: its id -> δ's
        for u, row in zip(back.utterances, part.rows, strict=True):
            mine = next(ours)
            assert (u.tokens, u.heads, u.deprels) == (mine["words"], mine["heads"], mine["deprels"])
            assert u.speaker == row.speaker
            assert u.pos == [x or up for x, up in zip(mine["xpos"], mine["upos"])]
            multiword += len(u.tokens) - len(row.tokens)
            spans = sorted(((m.span.start, m.span.end), m.cluster_id) for m in u.mentions)
            want = sorted(((m["start"], m["end"]), m["cluster_id"]) for m in mine["mentions"])
            assert [s for s, _ in spans] == [s for s, _ in want]
            for m, h in zip(u.mentions, u.mention_heads, strict=True):
                assert h == span_root(mine["heads"], m.span.start, m.span.end)
            zeros_want = [z["cluster_id"] for z in mine["zeros"]]
            assert [m.reason for m in u.unplaced] == ["zero_mention"] * len(zeros_want)
            assert len(zeros_want) == (len(zero_mentions(row)) if zeros == "empty_node" else 0)
            pairs = [(a, b) for (_, a), (_, b) in zip(spans, want)] + [
                (m.cluster_id, c) for m, c in zip(u.unplaced, zeros_want)
            ]
            for mine_id, theirs in pairs:
                assert chains.setdefault(mine_id, theirs) == theirs
        assert len(set(chains.values())) == len(chains)  # and one chain each way
    assert multiword == 1  # "nel"
