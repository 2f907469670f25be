"""Hand-written δ rows for the export tests (`test_export`, `test_multiword`), and the official UD validator.

A helper module, not a test module: the tests that share these rows import them from here; the fixtures made
of them (`delta`, `exported`) are in conftest.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyarrow as pa

from coref_transfer.export.rows import group_rows, unique_mentions
from coref_transfer.records import RefinedUtterance
from coref_transfer.schema import DELTA, write_table

SAMPLE_DELTA = Path(__file__).resolve().parent.parent / "results" / "refine" / "all" / "delta.parquet"
"""The sample's δ table, from a workflow run (`make test` makes one first)."""


def fake_readability(text: str) -> dict[str, float]:
    """A deterministic stand-in scorer (the real one is tested on its own in test_export)."""
    return {"flesch_vacca": len(text) / 4, "gulpease": float(len(text.split()))}


def expected_mentions(row, zeros=True):
    """The span formats' mentions of a row; `zeros=False`: without the zero mentions (CorefUD's empty nodes)."""
    return [(m.cluster_id, m.span.start, m.span.end) for m in unique_mentions(row, zeros)[0]]


# --- the hand-written table ------------------------------------------------

CLASSES = {
    "person": {"type": "person", "gender": "fem", "number": "sing", "etype": "person"},
    "man": {"type": "person", "gender": "masc", "number": "sing", "etype": "person"},
    "org": {"type": "thing", "gender": "masc", "number": "sing", "etype": "organization"},
    "thing": {"type": "thing", "gender": "masc", "number": "sing", "etype": "other"},
}
"""The classes of the hand-written table, with the CorefUD entity type select gives the chain (`etype`)."""


def mention(cluster, start, end, cls, before=None, zero=None):
    sb, eb = before if before else (start, end)
    m = {"cluster_id": cluster, "start": start, "end": end, "start_before": sb, "end_before": eb, "zero": zero}
    m.update(CLASSES[cls])
    m.update({"type_source": "english", "gender_source": "english", "number_source": "cluster"})
    return m


LEI = {
    "form": "Lei",
    "lemma": "lei",
    "xpos": "PE",
    "feats": "Gender=Fem|Number=Sing|Person=3|PronType=Prs",
    "deprel": "nsubj",
}
"""The subject pronoun pro-drop deleted in TINY's second sentence (the mention's `zero`)."""


def utterance(partition, doc_id, part, sentence, speaker, text, words, mentions, before=None, changes=()):
    """A δ row; `words` are (form, lemma, upos, xpos, feats, head, deprel) with 0-based heads."""
    forms, lemmas, upos, xpos, feats, heads, deprels = (list(col) for col in zip(*words))
    text_before, tokens_before = before if before else (text, forms)
    return {
        "partition": partition, "doc_id": doc_id, "part": part, "sentence": sentence, "speaker": speaker,
        "text_before": text_before, "tokens_before": list(tokens_before), "text": text, "tokens": forms,
        "lemmas": lemmas, "upos": upos, "xpos": xpos, "feats": feats, "heads": heads, "deprels": deprels,
        "mentions": mentions, "changes": list(changes),
    }  # fmt: skip


DOC = "nw/ledger/00/ledger_0001"
# fmt: off
TINY = [
    # Part 0: chain 1 (multi-token, then pro-dropped onto the verb) and chain 2 (nested in
    # chain 1's first mention) both span the two sentences.
    utterance("train-nw-ledger", DOC, 0, 0, "-", "La sorella di Marco è arrivata.", [
        ("La", "il", "DET", "RD", "Definite=Def|Gender=Fem|Number=Sing|PronType=Art", 1, "det"),
        ("sorella", "sorella", "NOUN", "S", "Gender=Fem|Number=Sing", 5, "nsubj"),
        ("di", "di", "ADP", "E", "_", 3, "case"),
        ("Marco", "Marco", "PROPN", "SP", "_", 1, "nmod"),
        ("è", "essere", "AUX", "VA", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 5, "aux"),
        ("arrivata", "arrivare", "VERB", "V", "Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        (".", ".", "PUNCT", "FS", "_", 5, "punct"),
    ], [mention(1, 0, 3, "person"), mention(2, 3, 3, "man")]),
    utterance("train-nw-ledger", DOC, 0, 1, "-", "Ha salutato Marco.", [
        ("Ha", "avere", "AUX", "VA", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 1, "aux"),
        ("salutato", "salutare", "VERB", "V", "Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        ("Marco", "Marco", "PROPN", "SP", "_", 1, "obj"),
        (".", ".", "PUNCT", "FS", "_", 1, "punct"),
    ], [mention(1, 0, 0, "person", before=(0, 0), zero=LEI), mention(2, 2, 2, "man", before=(3, 3))],
        before=("Lei ha salutato Marco.", ["Lei", "ha", "salutato", "Marco", "."]),
        changes=[{"rule": "subject_pronoun_deletion", "index": 0, "before": "Lei", "after": ""},
                 {"rule": "subject_pronoun_deletion", "index": 0, "before": "ha", "after": "Ha"}]),
    # Part 1: chain ids restart (1 again); sentence 1 was dropped upstream.
    utterance("train-nw-ledger", DOC, 1, 0, "-", "Il comune di Roma ha approvato il piano.", [
        ("Il", "il", "DET", "RD", "Definite=Def|Gender=Masc|Number=Sing|PronType=Art", 1, "det"),
        ("comune", "comune", "NOUN", "S", "Gender=Masc|Number=Sing", 5, "nsubj"),
        ("di", "di", "ADP", "E", "_", 3, "case"),
        ("Roma", "Roma", "PROPN", "SP", "_", 1, "nmod"),
        ("ha", "avere", "AUX", "VA", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 5, "aux"),
        ("approvato", "approvare", "VERB", "V", "Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        ("il", "il", "DET", "RD", "Definite=Def|Gender=Masc|Number=Sing|PronType=Art", 7, "det"),
        ("piano", "piano", "NOUN", "S", "Gender=Masc|Number=Sing", 5, "obj"),
        (".", ".", "PUNCT", "FS", "_", 5, "punct"),
    ], [mention(1, 0, 3, "org"), mention(3, 6, 7, "thing")]),
    utterance("train-nw-ledger", DOC, 1, 2, "-", "Lo ha pubblicato nel bollettino.", [
        ("Lo", "lo", "PRON", "PC", "Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs", 2, "obj"),
        ("ha", "avere", "AUX", "VA", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 2, "aux"),
        ("pubblicato", "pubblicare", "VERB", "V", "Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        ("nel", "in il", "ADP", "E_RD", "Definite=Def|Gender=Masc|Number=Sing|PronType=Art", 4, "case"),
        ("bollettino", "bollettino", "NOUN", "S", "Gender=Masc|Number=Sing", 2, "obl"),
        (".", ".", "PUNCT", "FS", "_", 2, "punct"),
    ], [mention(3, 0, 0, "thing"), mention(1, 2, 2, "org")]),
    # A test-split document: a speaker with a space; one chain, two mentions, one sentence.
    utterance("test-bc-studio", "bc/studio/00/studio_0001", 0, 4, "Anna Ricci", "Anna dice che lei parte.", [
        ("Anna", "Anna", "PROPN", "SP", "_", 1, "nsubj"),
        ("dice", "dire", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", -1, "root"),
        ("che", "che", "SCONJ", "CS", "_", 4, "mark"),
        ("lei", "lei", "PRON", "PE", "Gender=Fem|Number=Sing|Person=3|PronType=Prs", 4, "nsubj"),
        ("parte", "partire", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", 1, "ccomp"),
        (".", ".", "PUNCT", "FS", "_", 1, "punct"),
    ], [mention(4, 0, 0, "person"), mention(4, 3, 3, "person")]),
]
# fmt: on


def write_delta(path: Path, rows) -> Path:
    write_table(pa.Table.from_pylist(rows, schema=DELTA), path)
    return path


def group(rows):
    """`group_rows` on hand-written δ rows (the table's dicts made records, as `load_delta` reads them)."""
    return group_rows([RefinedUtterance.from_row(r) for r in rows])


def udvalidate(*paths: Path, level: int = 2, lang: str = "it") -> subprocess.CompletedProcess:
    """The official UD validator (udtools' `udvalidate`, installed with the test extra) on files read as one
    corpus."""
    script = Path(sys.executable).with_name("udvalidate")
    command = [str(script)] if script.exists() else ["udvalidate"]
    return subprocess.run(
        [*command, "--lang", lang, "--level", str(level), "--coref", "--max-err", "0", *map(str, paths)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
