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
    "people": {"type": "person", "gender": "masc", "number": "plur", "etype": "person"},
    "event": {"type": "thing", "gender": "masc", "number": "sing", "etype": "event"},
}
"""The classes of the hand-written table, with the CorefUD entity type select gives the chain (`etype`)."""


def mention(cluster, start, end, cls, before=None, zero=None, role=None):
    sb, eb = before if before else (start, end)
    m = {"cluster_id": cluster, "start": start, "end": end, "start_before": sb, "end_before": eb, "zero": zero,
         "role": role}  # fmt: skip
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
LORO = {"form": "Loro", "lemma": "loro", "xpos": "PE", "feats": "Number=Plur|Person=3|PronType=Prs", "deprel": "nsubj"}
"""The subject pronoun pro-drop deleted in JOINT's last sentence."""


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


VENDERLO = "Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs|VerbForm=Inf"
"""The features the parser gives an infinitive with the clitic "lo" attached (the clitic's, and the verb's)."""
JOINT_DOC = "nw/ledger/00/ledger_0003"
# fmt: off
JOINT = [
    # What the joint translation method gives refine's output: nested mentions, and mentions of two chains on
    # one token. Chains: 1 the mother, 2 Marco, 3 the contract, 4 the signing (an event), 5 Marco and Anna,
    # 6 the sale (an event).
    # Sentence 0: "[La madre di [Marco]]" nests chain 2 in chain 1 (the outer mention has its own head, madre).
    utterance("train-nw-ledger", JOINT_DOC, 0, 0, "-", "La madre di Marco firmò il contratto.", [
        ("La", "il", "DET", "RD", "Definite=Def|Gender=Fem|Number=Sing|PronType=Art", 1, "det"),
        ("madre", "madre", "NOUN", "S", "Gender=Fem|Number=Sing", 4, "nsubj"),
        ("di", "di", "ADP", "E", "_", 3, "case"),
        ("Marco", "Marco", "PROPN", "SP", "_", 1, "nmod"),
        ("firmò", "firmare", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin", -1, "root"),
        ("il", "il", "DET", "RD", "Definite=Def|Gender=Masc|Number=Sing|PronType=Art", 6, "det"),
        ("contratto", "contratto", "NOUN", "S", "Gender=Masc|Number=Sing", 4, "obj"),
        (".", ".", "PUNCT", "FS", "_", 4, "punct"),
    ], [mention(1, 0, 3, "person"), mention(2, 3, 3, "man"), mention(4, 4, 4, "event"), mention(3, 5, 6, "thing")]),
    # Sentence 1: "Lei lo firmò ieri." lost its subject; its zero (chain 1) went onto "firmò", which is the
    # signing's own mention (chain 4): the same span in two chains, the zero the one refine moved there.
    utterance("train-nw-ledger", JOINT_DOC, 0, 1, "-", "Lo firmò ieri.", [
        ("Lo", "lo", "PRON", "PC", "Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs", 1, "obj"),
        ("firmò", "firmare", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin", -1, "root"),
        ("ieri", "ieri", "ADV", "B", "_", 1, "advmod"),
        (".", ".", "PUNCT", "FS", "_", 1, "punct"),
    ], [mention(3, 0, 0, "thing", before=(1, 1), role="object"),
        mention(1, 1, 1, "person", before=(0, 0), zero=LEI, role="subject"),
        mention(4, 1, 1, "event", before=(2, 2))],
        before=("Lei lo firmò ieri.", ["Lei", "lo", "firmò", "ieri", "."]),
        changes=[{"rule": "subject_pronoun_deletion", "index": 0, "before": "Lei", "after": ""},
                 {"rule": "subject_pronoun_deletion", "index": 0, "before": "lo", "after": "Lo"}]),
    # Sentence 2: "[[Marco] e Anna]" nests chain 2 in chain 5 with the same head word (UD heads a coordination
    # by its first conjunct); "vendere esso" became "venderlo", the contract's mention on the verb+clitic token.
    utterance("train-nw-ledger", JOINT_DOC, 0, 2, "-", "Marco e Anna vogliono venderlo.", [
        ("Marco", "Marco", "PROPN", "SP", "_", 4, "nsubj"),
        ("e", "e", "CCONJ", "CC", "_", 2, "cc"),
        ("Anna", "Anna", "PROPN", "SP", "_", 0, "conj"),
        ("vogliono", "volere", "AUX", "VM", "Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin", 4, "aux"),
        ("venderlo", "vendere lo", "VERB", "V_PC", VENDERLO, -1, "root"),
        (".", ".", "PUNCT", "FS", "_", 4, "punct"),
    ], [mention(5, 0, 2, "people"), mention(2, 0, 0, "man"), mention(3, 4, 4, "thing", before=(5, 5), role="object")],
        before=("Marco e Anna vogliono vendere esso.", ["Marco", "e", "Anna", "vogliono", "vendere", "esso", "."]),
        changes=[{"rule": "object_pronoun_clitic", "index": 4, "before": "vendere", "after": "venderlo"},
                 {"rule": "object_pronoun_clitic", "index": 5, "before": "esso", "after": ""}]),
    # Sentence 3: "Vendere esso conviene." became "Venderlo conviene.": the sale's own mention (chain 6, an
    # event) and the contract's (chain 3, moved from "esso") on one token.
    utterance("train-nw-ledger", JOINT_DOC, 0, 3, "-", "Venderlo conviene.", [
        ("Venderlo", "vendere lo", "VERB", "V_PC", VENDERLO, 1, "csubj"),
        ("conviene", "convenire", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin", -1, "root"),
        (".", ".", "PUNCT", "FS", "_", 1, "punct"),
    ], [mention(6, 0, 0, "event"), mention(3, 0, 0, "thing", before=(1, 1), role="object")],
        before=("Vendere esso conviene.", ["Vendere", "esso", "conviene", "."]),
        changes=[{"rule": "object_pronoun_clitic", "index": 0, "before": "Vendere", "after": "Venderlo"},
                 {"rule": "object_pronoun_clitic", "index": 1, "before": "esso", "after": ""}]),
    # Sentence 4: "Loro lo hanno venduto." lost its subject: the zero (chain 5) is on "hanno", the sale's
    # mention on "venduto": two tokens, so both stay.
    utterance("train-nw-ledger", JOINT_DOC, 0, 4, "-", "Lo hanno venduto.", [
        ("Lo", "lo", "PRON", "PC", "Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs", 2, "obj"),
        ("hanno", "avere", "AUX", "VA", "Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin", 2, "aux"),
        ("venduto", "vendere", "VERB", "V", "Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part", -1, "root"),
        (".", ".", "PUNCT", "FS", "_", 2, "punct"),
    ], [mention(3, 0, 0, "thing", before=(1, 1), role="object"),
        mention(5, 1, 1, "people", before=(0, 0), zero=LORO, role="subject"),
        mention(6, 2, 2, "event", before=(3, 3))],
        before=("Loro lo hanno venduto.", ["Loro", "lo", "hanno", "venduto", "."]),
        changes=[{"rule": "subject_pronoun_deletion", "index": 0, "before": "Loro", "after": ""},
                 {"rule": "subject_pronoun_deletion", "index": 0, "before": "lo", "after": "Lo"}]),
]
# fmt: on
JOINT_WRITTEN = [
    [(1, 0, 3), (2, 3, 3), (3, 5, 6), (4, 4, 4)],
    [(3, 0, 0), (4, 1, 1)],
    [(2, 0, 0), (3, 4, 4), (5, 0, 2)],
    [(6, 0, 0)],
    [(3, 0, 0), (5, 1, 1), (6, 2, 2)],
]
"""The (chain, start, end) every export writes for each `JOINT` row (the zero of sentence 4 on its verb, as
the span formats write it): the zero on "firmò" and the contract's mention on "Venderlo" are left out
(`duplicate_span`), the events keep their tokens, and the mother's chain is left with one mention."""


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
