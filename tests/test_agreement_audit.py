"""The agreement audit (coref_transfer.audit): exact counts on hand-parsed Italian sentences,
and its stats.json block through the sum, the accounting check, the merge and the summary."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import REPO

from coref_transfer.audit import (
    agreement_stats,
    clash_examples,
    placeholder_agreement,
    predicate_clashes,
    predicate_counts,
)
from coref_transfer.classes import MentionClass
from coref_transfer.merge import merge_folders
from coref_transfer.model import Span
from coref_transfer.records import RefinedMention, RefinedUtterance, read_records
from coref_transfer.report.paper import agreement_audit_table, agreement_examples_table
from coref_transfer.stats import check_accounting, stats_markdown, sum_stats

FIN = "Mood=Ind|Number={}|Person=3|Tense=Pres|VerbForm=Fin"
PART = "Gender={}|Number={}|Tense=Past|VerbForm=Part"


def utterance(
    sentence: int,
    rows: list[tuple[str, str, str, str, int, str]],
    mentions: list[tuple[int, int, tuple[str, str, str]]],
) -> RefinedUtterance:
    """rows: (form, lemma, UPOS, feats, head (1-based, 0 = root), deprel), as in CoNLL-U."""
    tokens = [r[0] for r in rows]
    text = " ".join(tokens)
    return RefinedUtterance(
        "test-it-audit",
        "doc",
        0,
        sentence,
        "-",
        text,
        tokens,
        text,
        tokens,
        lemmas=[r[1] for r in rows],
        upos=[r[2] for r in rows],
        xpos=["_"] * len(rows),
        feats=[r[3] for r in rows],
        heads=[r[4] - 1 for r in rows],
        deprels=[r[5] for r in rows],
        mentions=[
            RefinedMention(i, Span(s, e), Span(s, e), MentionClass(*c, ("root", "root", "root")))
            for i, (s, e, c) in enumerate(mentions)
        ],
    )


PUNCT = (".", ".", "PUNCT", "_")
# fmt: off
SENTENCES = [
    # 0: agrees everywhere (the predicate and the participle auxiliary "stata")
    utterance(0, [("La", "il", "DET", "Definite=Def|Gender=Fem|Number=Sing|PronType=Art", 2, "det"),
                  ("fondazione", "fondazione", "NOUN", "Gender=Fem|Number=Sing", 5, "nsubj:pass"),
                  ("è", "essere", "AUX", FIN.format("Sing"), 5, "aux"),
                  ("stata", "essere", "AUX", PART.format("Fem", "Sing"), 5, "aux:pass"),
                  ("creata", "creare", "VERB", PART.format("Fem", "Sing"), 0, "root"), (*PUNCT, 5, "punct")],
              [(0, 1, ("thing", "fem", "sing"))]),
    # 1: the sentence agrees with a masculine placeholder: two gender clashes, one placeholder mismatch
    utterance(1, [("La", "il", "DET", "Definite=Def|Gender=Fem|Number=Sing|PronType=Art", 2, "det"),
                  ("fondazione", "fondazione", "NOUN", "Gender=Fem|Number=Sing", 5, "nsubj:pass"),
                  ("è", "essere", "AUX", FIN.format("Sing"), 5, "aux"),
                  ("stato", "essere", "AUX", PART.format("Masc", "Sing"), 5, "aux:pass"),
                  ("creato", "creare", "VERB", PART.format("Masc", "Sing"), 0, "root"), (*PUNCT, 5, "punct")],
              [(0, 1, ("thing", "masc", "sing"))]),
    # 2: under avere the participle does not agree with the subject: not checked
    utterance(2, [("Le", "il", "DET", "Definite=Def|Gender=Fem|Number=Plur|PronType=Art", 2, "det"),
                  ("dimissioni", "dimissione", "NOUN", "Gender=Fem|Number=Plur", 4, "nsubj"),
                  ("ha", "avere", "AUX", FIN.format("Sing"), 4, "aux"),
                  ("sorpreso", "sorprendere", "VERB", PART.format("Masc", "Sing"), 0, "root"), (*PUNCT, 4, "punct")],
              [(0, 1, ("thing", "fem", "plur"))]),
    # 3
    utterance(3, [("I", "il", "DET", "Definite=Def|Gender=Masc|Number=Plur|PronType=Art", 2, "det"),
                  ("ragazzi", "ragazzo", "NOUN", "Gender=Masc|Number=Plur", 4, "nsubj"),
                  ("sono", "essere", "AUX", FIN.format("Plur"), 4, "aux"),
                  ("arrivati", "arrivare", "VERB", PART.format("Masc", "Plur"), 0, "root"), (*PUNCT, 4, "punct")],
              [(0, 1, ("person", "masc", "plur"))]),
    # 4: a coordinated subject is plural (its first conjunct is singular); proper nouns: not noun-rooted
    utterance(4, [("Marco", "Marco", "PROPN", "_", 5, "nsubj"), ("e", "e", "CCONJ", "_", 3, "cc"),
                  ("Paolo", "Paolo", "PROPN", "_", 1, "conj"), ("sono", "essere", "AUX", FIN.format("Plur"), 5, "aux"),
                  ("arrivati", "arrivare", "VERB", PART.format("Masc", "Plur"), 0, "root"), (*PUNCT, 5, "punct")],
              [(0, 2, ("person", "masc", "plur"))]),
    # 5: avere again
    utterance(5, [("Maria", "Maria", "PROPN", "_", 3, "nsubj"), ("ha", "avere", "AUX", FIN.format("Sing"), 3, "aux"),
                  ("mangiato", "mangiare", "VERB", PART.format("Masc", "Sing"), 0, "root"), (*PUNCT, 3, "punct")],
              [(0, 0, ("person", "fem", "sing"))]),
    # 6: every conjunct feminine: the coordination is feminine plural, "arrivati" clashes in gender;
    #    the coordinated mention agrees with its feminine plural class
    utterance(6, [("Le", "il", "DET", "Definite=Def|Gender=Fem|Number=Plur|PronType=Art", 2, "det"),
                  ("madri", "madre", "NOUN", "Gender=Fem|Number=Plur", 7, "nsubj"), ("e", "e", "CCONJ", "_", 5, "cc"),
                  ("le", "il", "DET", "Definite=Def|Gender=Fem|Number=Plur|PronType=Art", 5, "det"),
                  ("figlie", "figlia", "NOUN", "Gender=Fem|Number=Plur", 2, "conj"),
                  ("sono", "essere", "AUX", FIN.format("Plur"), 7, "aux"),
                  ("arrivati", "arrivare", "VERB", PART.format("Masc", "Plur"), 0, "root"), (*PUNCT, 7, "punct")],
              [(0, 4, ("person", "fem", "plur"))]),
    # 7: a subject pronoun and an adjective under the copula
    utterance(7, [("Lei", "lei", "PRON", "Gender=Fem|Number=Sing|Person=3|PronType=Prs", 3, "nsubj"),
                  ("è", "essere", "AUX", FIN.format("Sing"), 3, "cop"),
                  ("stanco", "stanco", "ADJ", "Gender=Masc|Number=Sing", 0, "root"), (*PUNCT, 3, "punct")],
              [(0, 0, ("person", "fem", "sing"))]),
    # 8: a noun without Gender: number compared only, the mention counted as unknown
    utterance(8, [("Le", "il", "DET", "Definite=Def|Gender=Fem|Number=Plur|PronType=Art", 2, "det"),
                  ("crisi", "crisi", "NOUN", "Number=Plur", 4, "nsubj"),
                  ("sono", "essere", "AUX", FIN.format("Plur"), 4, "aux"),
                  ("finite", "finire", "VERB", PART.format("Fem", "Plur"), 0, "root"), (*PUNCT, 4, "punct")],
              [(0, 1, ("thing", "fem", "plur"))]),
]
# fmt: on

# fmt: off
PLACEHOLDERS = {"noun_rooted": 6, "gender_compared": 5, "gender_matches": 4, "number_compared": 6,
                "number_matches": 6, "both_known": 5, "both_match": 4, "unknown": 1}
# fmt: on
PREDICATES = {"utterances": 9, "with_clash": 3, "pairs": 9, "clashes": 4}


def test_each_sentence():
    assert [predicate_clashes(u)[0] for u in SENTENCES] == [2, 2, 0, 1, 1, 0, 1, 1, 1]
    clashes = [[(c.subject, c.predicate, c.features) for c in predicate_clashes(u)[1]] for u in SENTENCES]
    assert clashes == [
        [],
        [("fondazione", "creato", ("gender",)), ("fondazione", "stato", ("gender",))],
        [],
        [],
        [],
        [],
        [("madri + figlie", "arrivati", ("gender",))],
        [("Lei", "stanco", ("gender",))],
        [],
    ]
    c = predicate_clashes(SENTENCES[6])[1][0]
    assert (c.subject_agreement.describe(), c.predicate_agreement.describe()) == ("fem plur", "masc plur")
    assert placeholder_agreement([SENTENCES[1]]) == {
        **dict.fromkeys(PLACEHOLDERS, 0),
        "noun_rooted": 1,
        "gender_compared": 1,
        "number_compared": 1,
        "number_matches": 1,
        "both_known": 1,
    }


def test_exact_counts():
    assert placeholder_agreement(SENTENCES) == PLACEHOLDERS
    assert predicate_counts(SENTENCES) == PREDICATES
    assert agreement_stats(SENTENCES) == {"placeholders": PLACEHOLDERS, "predicates": PREDICATES}


def test_a_masculine_conjunct_makes_the_coordination_masculine():
    u = utterance(
        9,
        [
            ("Il", "il", "DET", "_", 2, "det"),
            ("padre", "padre", "NOUN", "Gender=Masc|Number=Sing", 7, "nsubj"),
            ("e", "e", "CCONJ", "_", 5, "cc"),
            ("la", "il", "DET", "_", 5, "det"),
            ("figlia", "figlia", "NOUN", "Gender=Fem|Number=Sing", 2, "conj"),
            ("sono", "essere", "AUX", FIN.format("Plur"), 7, "aux"),
            ("arrivate", "arrivare", "VERB", PART.format("Fem", "Plur"), 0, "root"),
            (*PUNCT, 7, "punct"),
        ],
        [(0, 4, ("person", "masc", "plur")), (0, 1, ("person", "masc", "sing"))],
    )
    assert placeholder_agreement([u])["both_match"] == 2  # the coordination is masc plur, "Il padre" masc sing
    [c] = predicate_clashes(u)[1]
    assert (c.subject, c.subject_agreement.describe(), c.features) == ("padre + figlia", "masc plur", ("gender",))


def test_a_predicate_with_two_subjects_is_a_misparse_and_skipped():
    # "un imprenditore la cui moglie è nata": the parser hangs both nouns on "nata"
    u = utterance(
        10,
        [
            ("un", "uno", "DET", "_", 2, "det"),
            ("imprenditore", "imprenditore", "NOUN", "Gender=Masc|Number=Sing", 7, "nsubj"),
            ("la", "il", "DET", "_", 5, "det"),
            ("cui", "cui", "DET", "PronType=Rel", 5, "det:poss"),
            ("moglie", "moglie", "NOUN", "Gender=Fem|Number=Sing", 7, "nsubj"),
            ("è", "essere", "AUX", FIN.format("Sing"), 7, "cop"),
            ("nata", "nascere", "ADJ", "Gender=Fem|Number=Sing", 0, "root"),
        ],
        [],
    )
    assert predicate_clashes(u) == (0, [])


def test_examples_are_the_first_in_table_order():
    first = clash_examples(SENTENCES, 3)
    assert [(c.sentence, c.predicate) for c in first] == [(1, "creato"), (1, "stato"), (6, "arrivati")]
    assert len(clash_examples(SENTENCES)) == 4 and clash_examples(SENTENCES, 0) == []


def test_report_tables():
    table = agreement_audit_table(SENTENCES)
    rows = {row[0]: row[1:] for row in table.rows}
    assert rows["placeholder gender and number = noun's (both known)"] == [4, 5, 80.0]
    assert rows["utterances with a subject–predicate clash under essere"] == [3, 9, 100 * 3 / 9]
    examples = agreement_examples_table(SENTENCES)
    assert examples.name == "agreement_examples" and len(examples.rows) == 4
    assert examples.rows[0] == [
        "doc#0#1",
        "fondazione",
        "creato",
        "fem sing",
        "masc sing",
        "gender",
        "La fondazione è stato creato .",
    ]
    assert "| doc#0#7 | Lei | stanco | fem sing | masc sing | gender | Lei è stanco . |" in examples.markdown()


def refine_stats(utterances: list[RefinedUtterance]) -> dict:
    """The refine stage's stats.json shape, agreement block as `refine.stage._stats` adds it."""
    return {
        "input": {"utterances": len(utterances)},
        "delta": {
            "utterances": len(utterances),
            "tokens": sum(len(u.tokens) for u in utterances),
            "mentions": sum(len(u.mentions) for u in utterances),
            "refined_utterances": 0,
            "changes": 0,
        },
        "rules": {},
        "agreement": agreement_stats(utterances),
    }


def test_partition_stats_sum_to_the_whole():
    parts = [refine_stats(SENTENCES[:4]), refine_stats(SENTENCES[4:])]
    merged = sum_stats(json.loads(json.dumps(p)) for p in parts)  # through JSON, as stats.json
    assert merged == refine_stats(SENTENCES)
    check_accounting(merged, "refine")
    text = stats_markdown(merged)
    assert "| agreement audit | count | out of | % |" in text
    assert "| placeholder gender and number = noun's (both known) | 4 | 5 | 80.0 |" in text
    assert "| utterances with a subject–predicate clash under essere | 3 | 9 | 33.3 |" in text


def test_merge_of_the_samples_partitions_sums_the_audit(tmp_path):
    """The sample's refine partitions merged: the summed block is the audit of the merged table."""
    results = REPO / "results" / "refine" / "parts"
    if not results.is_dir():
        pytest.fail("no results/refine/parts: run the workflow on the sample first (make test does)")
    parts = []
    for part in sorted(p for p in results.iterdir() if not p.name.startswith(".")):
        shutil.copytree(part, tmp_path / part.name)
        parts.append(tmp_path / part.name)
    merged = merge_folders(parts, tmp_path / "all")
    delta = read_records(tmp_path / "all" / "delta.parquet", "delta")
    assert merged["agreement"] == agreement_stats(delta)
    assert json.loads((tmp_path / "all" / "stats.json").read_text())["agreement"] == merged["agreement"]
    assert merged["agreement"]["predicates"]["utterances"] == merged["delta"]["utterances"]
