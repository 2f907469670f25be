"""`refine-eval --harm`: the rules run over gold CoNLL-U text (correct Italian), what they change counted.

The sentences are parsed by the project's shipped parser (the configured default), as the command does.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import REPO

from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.parsing.backends import build_parser
from coref_transfer.refine.harm import conllu_files, measure_harm, text
from coref_transfer.ud_files import surface_tokens


def word(i, form, upos="NOUN", head=0):
    return f"{i}\t{form}\t{form}\t{upos}\t_\t_\t{head}\tdep\t_\t_"


def mwt(span, form):
    return f"{span}\t{form}\t_\t_\t_\t_\t_\t_\t_\t_"


# fmt: off
SENTENCES = [
    # a wrong possessive and "e è": two rewrite rules in one sentence
    ["# sent_id = s1", word(1, "Mia", "DET", 2), word(2, "padre"), word(3, "lavora", "VERB"), word(4, "e", "CCONJ", 6),
     word(5, "è", "AUX", 6), word(6, "felice", "ADJ", 3), word(7, ".", "PUNCT", 3)],
    # correct, with multi-word tokens (sul = su il): left alone
    ["# sent_id = s2", word(1, "Marco", "PROPN", 2), word(2, "dorme", "VERB"), mwt("3-4", "sul"),
     word(3, "su", "ADP", 5), word(4, "il", "DET", 5), word(5, "divano", "NOUN", 2), word(6, ".", "PUNCT", 2)],
    # an explicit subject pronoun: pro-drop, reported apart
    ["# sent_id = s3", word(1, "Noi", "PRON", 2), word(2, "mangiamo", "VERB"), word(3, "la", "DET", 4),
     word(4, "pasta", "NOUN", 2), word(5, ".", "PUNCT", 2)],
    # no sent_id; correct, left alone
    [word(1, "Il", "DET", 2), word(2, "libro"), mwt("3-4", "della"), word(3, "di", "ADP", 5), word(4, "la", "DET", 5),
     word(5, "ragazza", "NOUN", 2), word(6, "è", "AUX", 2), word(7, "nuovo", "ADJ", 2), word(8, ".", "PUNCT", 2)],
    # a bracket in a token: skipped (brackets mark mentions in the rules' input)
    ["# sent_id = s5", word(1, "[", "PUNCT", 2), word(2, "Anna", "PROPN"), word(3, "]", "PUNCT", 2)],
]
# fmt: on


def conllu(sentences) -> str:
    return "".join("\n".join(s) + "\n\n" for s in sentences)


@pytest.fixture(scope="module")
def parser():
    from coref_transfer.config import validate_config

    return build_parser(validate_config({}))


@pytest.fixture
def gold(tmp_path):
    path = tmp_path / "gold" / "mine-test.conllu"
    path.parent.mkdir()
    path.write_text(conllu(SENTENCES), encoding="utf-8")
    return path


def test_surface_tokens_keep_a_multiword_token_whole():
    block = [
        "# text = Della casa",
        mwt("1-2", "Della"),
        word(1, "Di", "ADP", 4),
        word(2, "la", "DET", 4),
        word(3, "casa"),
        "3.1\tx\t_\t_\t_\t_\t_\t_\t_\t_",
    ]
    assert surface_tokens(block) == ["Della", "casa"]


def test_harm_counts_sentences_per_rule_and_per_1000(gold, config, parser):
    report = measure_harm([gold], config, parser)
    assert (report["sentences_read"], report["sentences"], report["skipped"]) == (5, 4, {"brackets": 1})
    changed = {r: f for r, f in report["rules"].items() if f["sentences"]}
    assert changed == {
        "possessive_agreement": {"sentences": 1, "per_1000": 250.0, "changes": 1},
        "euphonic_d": {"sentences": 1, "per_1000": 250.0, "changes": 1},
        "subject_pronoun_deletion": {"sentences": 1, "per_1000": 250.0, "changes": 2},  # "Noi" out, "Mangiamo"
    }
    assert set(report["rules"]) == set(config["refine"]["rules"])
    # two rewrite rules in one sentence: one sentence changed, two changes
    assert report["rewrite"]["sentences"] == 1 and report["rewrite"]["changes"] == 2
    assert report["rewrite"]["per_1000"] == 250.0
    assert "subject_pronoun_deletion" not in report["rewrite"]["rules"]
    assert report["pro_drop"] == {"rule": "subject_pronoun_deletion", "sentences": 1, "per_1000": 250.0, "changes": 2}
    [first, second] = report["changed"]
    assert (first["sent_id"], first["line"], first["before"], first["after"]) == (
        "s1",
        1,
        "Mia padre lavora e è felice .",
        "Mio padre lavora ed è felice .",
    )
    assert first["rules"] == ["euphonic_d", "possessive_agreement"]
    assert (second["sent_id"], second["after"]) == ("s3", "Mangiamo la pasta .")
    shown = text(report, 1)
    assert "| **all rewrite rules** | 1 | 250.00 | 2 |" in shown
    assert "Mio padre lavora ed è felice" in shown and "Mangiamo" not in shown  # rewrite-rule changes listed first


def test_the_command_prints_json_and_writes_every_change(gold, tmp_path):
    out = tmp_path / "changes.tsv"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "coref_transfer",
            "refine-eval",
            "--harm",
            str(gold.parent),
            "--json",
            "--examples",
            "5",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout)
    assert figures["files"] == [str(gold)]
    assert (figures["sentences"], figures["changed_sentences"], figures["rewrite"]["per_1000"]) == (4, 2, 250.0)
    assert [e["sent_id"] for e in figures["examples"]] == ["s1", "s3"]
    rows = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0][:7] == ["file", "sent_id", "line", "rule", "index", "before", "after"]
    assert sorted((r[1], r[3], r[5], r[6]) for r in rows[1:]) == [
        ("s1", "euphonic_d", "e", "ed"),
        ("s1", "possessive_agreement", "Mia", "Mio"),
        ("s3", "subject_pronoun_deletion", "Noi", ""),
        ("s3", "subject_pronoun_deletion", "mangiamo", "Mangiamo"),
    ]


def test_bad_input_is_an_error_naming_file_and_line(gold, tmp_path):
    gold.write_text(conllu(SENTENCES).replace("2\tpadre", "2\tpadre\tpadre"), encoding="utf-8")
    with pytest.raises(InputFormatError) as info:
        measure_harm([gold], {"refine": {"rules": []}})
    assert info.value.path == str(gold) and info.value.line == 3
    proc = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "refine-eval", "--harm", str(gold)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 1 and f"{gold}:3: a CoNLL-U token line needs 10 tab-separated columns" in proc.stderr
    with pytest.raises(MissingInputError, match="no \\*.conllu file"):
        conllu_files([tmp_path / "gold", tmp_path])
    with pytest.raises(MissingInputError, match="no such CoNLL-U file or folder"):
        conllu_files([tmp_path / "nothing.conllu"])
    proc = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "refine-eval", "--harm", str(gold), "--out", "x.csv"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 1 and "x.csv: write the changes to a .jsonl or a .tsv file" in proc.stderr
