"""Stage δ with the project's parser: backends, refine-text, the stage."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from conftest import REPO

from coref_transfer.config import validate_config
from coref_transfer.errors import ConfigError, MissingInputError
from coref_transfer.lang.it.detokenize import detokenize
from coref_transfer.parsing.backends import SpacyParser, StanzaParser
from coref_transfer.records import read_records
from coref_transfer.refine.base import Sentence
from coref_transfer.refine.registry import RULES, build_rules, refine
from coref_transfer.refine.run import BracketError, parse_bracketed, refine_texts
from coref_transfer.refine.stage import bracketed

MODEL = REPO / "resources" / "models" / "it_ud_coref_transfer"


@pytest.fixture(scope="module")
def parser():
    return SpacyParser(MODEL)


@pytest.fixture(scope="module")
def config():
    return validate_config({"parser": {"model": str(MODEL)}})


def test_parse_bracketed():
    tokens, mentions = parse_bracketed("[Egli] ha detto che [la sua [amica]] era qui .")
    assert tokens == ["Egli", "ha", "detto", "che", "la", "sua", "amica", "era", "qui", "."]
    assert [(m.span.start, m.span.end) for m in mentions] == [(0, 0), (4, 6), (6, 6)]
    assert bracketed(tokens, mentions) == "[Egli] ha detto che [la sua [amica]] era qui ."
    for bad in ("[Egli ha detto", "Egli] ha detto", "[ ] ha"):
        with pytest.raises(BracketError):
            parse_bracketed(bad)


def test_italian_detokenizer_joins_elisions():
    assert detokenize(["Quell'", "avviso", "è", "stato", "redatto", ",", "dice", "l'", "autore", "."]) == (
        "Quell'avviso è stato redatto, dice l'autore."
    )


def test_spacy_backend_keeps_the_tokens_and_annotates(parser):
    words = ["La", "ragazza", "ha", "firmato", "il", "piano", "della", "città", "."]
    [sent] = list(parser.parse([words], progress=False))
    assert [t.text for t in sent.tokens] == words  # pre-tokenised input is kept
    assert sent.tokens[1].upos == "NOUN" and sent.tokens[1].feats.get("Gender") == "Fem"
    assert sent.tokens[3].upos == "VERB" and sent.tokens[3].head == -1 and sent.tokens[3].deprel == "root"
    assert sent.tokens[1].deprel.startswith("nsubj") and sent.tokens[1].head == 3
    assert sent.tokens[2].deprel == "aux" and sent.tokens[6].upos == "ADP"
    assert parser.fingerprint.startswith("spacy:")
    # the project's pipeline fills every annotation, so no rule is skipped for lack of one
    assert sent.annotations == parser.annotations == {"lemma", "upos", "xpos", "feats", "head", "deprel"}
    assert {a for rule in RULES.values() for a in rule.needs} <= parser.annotations


def test_missing_models_say_what_to_do(tmp_path):
    with pytest.raises(MissingInputError, match="ships its own, trained from UD"):
        SpacyParser(tmp_path / "no-such-pipeline")
    with pytest.raises(MissingInputError, match="stanza.download"):
        StanzaParser(tmp_path)


STANZA_DIR = REPO / "resources" / "models" / "stanza"


@pytest.mark.skipif(
    not (STANZA_DIR / "it").is_dir(),
    reason=f"no Stanza Italian models in {STANZA_DIR} (the hub is unreachable here; docs/stages.md, 'The Italian parser', says how to install them)",
)
def test_stanza_backend_with_real_models():
    stanza = StanzaParser(STANZA_DIR, device="cpu")
    [sent] = list(stanza.parse([["Lei", "ha", "firmato", "il", "piano", "."]], progress=False))
    assert [t.text for t in sent.tokens] == ["Lei", "ha", "firmato", "il", "piano", "."]
    assert sent.tokens[2].head == -1


def test_unknown_rule_lists_the_valid_ones():
    with pytest.raises(ConfigError, match="allowed values"):
        validate_config({"refine": {"rules": ["prodrop"]}})


def test_refine_text_the_papers_example(config, parser):
    [result] = refine_texts(["[Egli] ha detto alla gente che [lei] era una brava cuoca ."], config, parser)
    assert result["bracketed"] == "[Ha] detto alla gente che [era] una brava cuoca ."
    assert result["text"] == "Ha detto alla gente che era una brava cuoca."
    assert result["mentions"] == [[0, 0], [5, 5]]
    assert {c["rule"] for c in result["changes"]} == {"subject_pronoun_deletion"}
    assert [c["before"] for c in result["changes"] if c["after"] == ""] == ["Egli", "lei"]
    assert {"index": 0, "before": "ha", "after": "Ha", "rule": "subject_pronoun_deletion"} in result["changes"]


def test_refine_text_cli_single_and_file(tmp_path):
    cfg = json.dumps({"parser": {"model": str(MODEL)}})
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "coref_transfer",
            "refine-text",
            "Quella avviso è stato redatto .",
            "--config-json",
            cfg,
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert set(result) == {"text", "bracketed", "tokens", "mentions", "changes"}
    assert result["tokens"][0] == "Quell'" and result["text"].startswith("Quell'avviso")
    sentences = tmp_path / "s.txt"
    sentences.write_text("[Mia] padre è arrivato .\n[Egli] ha detto che [lei] era pronta .\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "refine-text", "--file", str(sentences), "--config-json", cfg],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 2 and lines[0]["tokens"][0] == "Mio"
    bad = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "refine-text", "[Egli ha detto ."],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert bad.returncode == 1 and "never closed" in bad.stderr


def test_sample_zero_mentions_are_the_deleted_subject_pronouns():
    """In the sample's δ table a mention is a zero exactly when pro-drop deleted the pronoun under it,
    and it then lies on one verbal token."""
    path = REPO / "results" / "refine" / "all" / "delta.parquet"
    if not path.exists():
        pytest.fail("no results/refine/all/delta.parquet: run the workflow on the sample first (make test does)")
    zeros = 0
    for row in read_records(path, "delta"):
        deleted = Counter(c.before for c in row.changes if c.rule == "subject_pronoun_deletion" and c.after == "")
        for m in row.mentions:
            before = row.tokens_before[m.span_before.start : m.span_before.end + 1]
            if m.zero is None:
                continue
            zeros += 1
            assert before == [m.zero.form] and deleted[m.zero.form] > 0, (row.text_before, before)
            assert m.span.start == m.span.end and row.upos[m.span.start] in ("AUX", "VERB"), row.text
            assert m.zero.deprel in ("nsubj", "nsubj:pass") and m.zero.lemma == m.zero.lemma.lower()
    assert zeros > 10


def test_pro_drop_makes_both_mentions_of_the_papers_example_zeros(config, parser):
    tokens, mentions = parse_bracketed("[Egli] ha detto alla gente che [lei] era una brava cuoca .")
    [parsed] = parser.parse([tokens], 8, progress=False)
    sentence = Sentence(parsed, mentions)
    refine(sentence, build_rules(["subject_pronoun_deletion"]))
    assert [(m.span.start, m.span.end) for m in sentence.mentions] == [(0, 0), (5, 5)]
    assert {k: (z.form, z.lemma, z.deprel) for k, z in sentence.zeros.items()} == {
        0: ("Egli", "egli", "nsubj"),
        1: ("lei", "lei", "nsubj"),
    }
