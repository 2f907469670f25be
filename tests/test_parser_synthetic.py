"""coref_transfer.parsing.synthetic (gold training sentences) and the subject scores of evaluate_parser."""

from __future__ import annotations

import json

import pytest
from conftest import REPO

from coref_transfer.lang.it.articles import articulated
from coref_transfer.parsing.synthetic import generate, to_conllu, write_conllu
from coref_transfer.parsing.ud import to_docbin
from coref_transfer.ud_files import conllu_lines, read_sentences

MODEL = REPO / "resources" / "models" / "it_ud_coref_transfer"
SENTENCES = generate(600, seed=7)


def rows(sentence):
    return [(i, w) for i, w in enumerate(sentence.words)]


def test_the_generator_is_deterministic_and_the_seed_matters():
    assert to_conllu(generate(600, seed=7)) == to_conllu(SENTENCES)
    assert to_conllu(generate(600, seed=8)) != to_conllu(SENTENCES)
    assert len({s.text() for s in SENTENCES}) == 600


def test_every_sentence_is_a_tree():
    for s in SENTENCES:
        heads = [w.head for w in s.words]
        assert [w.deprel for w in s.words].count("root") == 1, s.text()
        assert sum(h == -1 for h in heads) == 1, s.text()
        assert all(-1 <= h < len(heads) for h in heads), s.text()
        for i in range(len(heads)):  # follow the heads: the root is reached without a cycle
            seen, j = set(), i
            while j != -1:
                assert j not in seen, s.text()
                seen.add(j)
                j = heads[j]
        root = heads.index(-1)
        assert s.words[-1].upos == "PUNCT" and s.words[-1].head == root, s.text()


def test_the_conllu_is_valid_and_reads_back(tmp_path):
    path = write_conllu(tmp_path / "s.conllu", n=600, seed=7)
    assert path.read_text(encoding="utf-8") == to_conllu(SENTENCES)
    list(conllu_lines(path))  # raises on a malformed line
    blocks = read_sentences(path)
    assert len(blocks) == 600
    counts = to_docbin([path], tmp_path / "s.spacy", seed=7, fix=False)
    assert counts["sentences"] == 600 and counts["sono_fixed"] == 0


def test_spacy_tokenizes_the_text_as_the_tokens_it_is_trained_on(tmp_path):
    """Multi-word tokens are merged as spaCy's Italian tokenizer keeps them ("vederlo", "dalla")."""
    import spacy
    from spacy.tokens import DocBin

    path = write_conllu(tmp_path / "s.conllu", n=600, seed=7)
    to_docbin([path], tmp_path / "s.spacy", fix=False)
    nlp = spacy.blank("it")
    for doc in DocBin().from_disk(tmp_path / "s.spacy").get_docs(nlp.vocab):
        for sent in doc.sents:
            assert [t.text for t in nlp(sent.text)] == [t.text for t in sent]


def test_multiword_tokens_are_enclitics_or_articulated_prepositions():
    n = 0
    for s in SENTENCES:
        for i, form in s.mwts.items():
            first, second = s.words[i], s.words[i + 1]
            if first.upos == "ADP":
                assert articulated(first.form, second.form).lower() == form.lower()
            else:
                assert first.upos == "VERB" and second.xpos == "PC" and second.head == i
                assert (first.form + second.form).lower() == form.lower()
                assert first.feats.get("VerbForm") in ("Inf", "Ger") or first.feats.get("Mood") == "Imp"
            n += 1
    assert n > 50


def test_determiners_agree_with_their_noun():
    for s in SENTENCES:
        for w in s.words:
            if w.upos == "DET" and w.form.lower() != "loro":
                noun = s.words[w.head]
                assert noun.upos == "NOUN", s.text()
                assert w.feats["Number"] == noun.feats["Number"], s.text()
                if "Gender" in w.feats:
                    assert w.feats["Gender"] == noun.feats["Gender"], s.text()
            if w.xpos == "AP":
                assert w.deprel == "det:poss" and w.feats["Poss"] == "Yes"


def _subject(s, head):
    return next((w for w in s.words if w.head == head and w.deprel in ("nsubj", "nsubj:pass")), None)


def test_verbs_agree_with_their_subject():
    checked = 0
    for s in SENTENCES:
        for i, w in enumerate(s.words):
            if w.feats.get("VerbForm") != "Fin" or w.feats.get("Mood") == "Imp":
                continue
            head = i if w.deprel == "root" else w.head  # an auxiliary or copula agrees with its head's subject
            subj = _subject(s, head)
            if subj is None:
                continue
            if subj.upos == "PRON":
                assert (subj.feats["Person"], subj.feats["Number"]) == (w.feats["Person"], w.feats["Number"]), s.text()
            elif any(d.head == s.words.index(subj) and d.deprel == "conj" for d in s.words):
                assert w.feats["Number"] == "Plur" and w.feats["Person"] == "3", s.text()
            else:
                assert w.feats["Person"] == "3", s.text()
                assert subj.upos == "PROPN" or w.feats["Number"] == subj.feats["Number"], s.text()
            checked += 1
    assert checked > 300


def test_predicates_and_essere_participles_agree_with_the_subject():
    checked = 0
    for s in SENTENCES:
        for i, w in enumerate(s.words):
            essere = any(d.head == i and d.lemma == "essere" for d in s.words)
            if not essere or w.upos not in ("ADJ", "VERB") or w.feats.get("VerbForm") not in (None, "Part"):
                continue
            subj = _subject(s, i)
            if (
                subj is None
                or subj.upos == "PROPN"
                or any(d.head == s.words.index(subj) and d.deprel == "conj" for d in s.words)
            ):
                continue
            assert w.feats["Number"] == subj.feats["Number"], s.text()
            if "Gender" in w.feats and "Gender" in subj.feats:
                assert w.feats["Gender"] == subj.feats["Gender"], s.text()
            checked += 1
    assert checked > 60


def test_the_constructions_the_rules_need_are_covered():
    texts = [s.text() for s in SENTENCES]
    first = [s.words[0] for s in SENTENCES]
    assert any(w.xpos == "AP" and s.words[w.head].upos == "NOUN" for w, s in zip(first, SENTENCES))  # Mia madre
    assert any(w.xpos == "DD" for w in first)  # Quelle ragazze
    assert any(w.form in ("Tu", "Voi") for w in first)
    assert any(w.feats.get("Mood") == "Imp" for s in SENTENCES for w in s.words)
    assert any(w.feats.get("Person") == "2" and w.upos == "VERB" for s in SENTENCES for w in s.words)
    assert any(w.xpos == "PC" and w.head > i for s in SENTENCES for i, w in rows(s))  # proclitic
    assert any(w.xpos == "PC" and w.head == i - 1 for s in SENTENCES for i, w in rows(s))  # enclitic
    assert any(w.deprel == "nsubj" and w.head < i for s in SENTENCES for i, w in rows(s))  # post-verbal subject
    assert any(w.deprel == "nsubj:pass" for s in SENTENCES for w in s.words)
    assert any(w.deprel == "cop" for s in SENTENCES for w in s.words)
    assert "Mia madre" in " ".join(texts) or "Mio padre" in " ".join(texts)


def test_evaluation_reports_subject_scores(tmp_path):
    """evaluate_parser gives nsubj (and nsubj:pass) LAS F per file; `parser evaluate` prints them."""
    from coref_transfer.parsing.train import evaluate_parser

    path = tmp_path / "synthetic.conllu"
    path.write_text(to_conllu(SENTENCES[:40]), encoding="utf-8")
    scores = evaluate_parser(MODEL, [("synthetic", path)])["synthetic"]
    assert 0 <= scores["nsubj_las_f"] <= 100 and scores["nsubj_las_f"] > 50
    assert scores["nsubj_pass_las_f"] is None or 0 <= scores["nsubj_pass_las_f"] <= 100
    assert scores["sentences"] == 40


def test_parser_evaluate_prints_the_subject_scores(tmp_path):
    from typer.testing import CliRunner

    from coref_transfer.cli import app
    from coref_transfer.parsing.train import DEFAULT_TEST

    for folder, name in DEFAULT_TEST:  # the same small file stands in for every test file
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / name).write_text(to_conllu(SENTENCES[:10]), encoding="utf-8")
    result = CliRunner().invoke(app, ["parser", "evaluate", str(MODEL), "--ud", str(tmp_path)])
    assert result.exit_code == 0, result.output
    scores = json.loads(result.output)
    assert all("nsubj_las_f" in v and "nsubj_pass_las_f" in v for v in scores.values())


@pytest.mark.parametrize("start", ["Mia", "Mio", "Sua", "Tuo", "Quelle", "Quei", "Questa", "Quel", "Tu", "Voi"])
def test_sentences_start_with_the_words_the_rules_read(start):
    """The issue's examples ("Mia madre lavora", "Quelle ragazze ...") begin some of the sentences."""
    assert any(s.text().split()[0] == start for s in generate(1500, seed=13))
