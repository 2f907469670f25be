"""Multiword tokens and the UD words of the CorefUD export (issue 30 items 1-3 and 6):
`lang.it.multiword.split`, `export.ud_words`, and the official validator at level 5."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from delta_rows import LEI, SAMPLE_DELTA, TINY, group, mention, udvalidate, utterance

from coref_transfer.export import corefud
from coref_transfer.export.export import export_all
from coref_transfer.export.ud_words import ud_sentence
from coref_transfer.lang.it.multiword import NOMINAL, TOKEN, split
from coref_transfer.lang.it.word_classes import auxiliary_lemma
from coref_transfer.parsed import parse_feats

ART = "Definite=Def|Gender=Fem|Number=Sing|PronType=Art"


def words(form, lemma, upos, xpos, feats="_", deprel="case"):
    done = split(form, lemma, upos, xpos, parse_feats(feats), deprel)
    return done, [(w.form, w.lemma, w.upos, w.xpos, w.feats, w.deprel, w.head) for w in done.words]


@pytest.mark.parametrize(
    ("form", "lemma", "xpos", "expected"),
    [
        ("della", "di il", "E_RD", [("di", "di"), ("la", "il")]),
        ("Negli", "in il", "E_RD", [("In", "in"), ("gli", "il")]),
        ("dell'", "di il", "E_RD", [("di", "di"), ("l'", "il")]),
        ("sull’", "su il", "E_RD", [("su", "su"), ("l’", "il")]),
        ("col", "con il", "E_RD", [("con", "con"), ("il", "il")]),
        ("Sulla", "Sulla", "E_RD", [("Su", "su"), ("la", "il")]),  # the parser copied the form as lemma
    ],
)
def test_articulated_prepositions_are_a_preposition_and_an_article(form, lemma, xpos, expected):
    done, got = words(form, lemma, "ADP", xpos, ART)
    assert done.kind == "contraction"
    assert [(f, lem) for f, lem, *_ in got] == expected
    assert [g[2:4] for g in got] == [("ADP", "E"), ("DET", "RD")]
    assert got[0][4] == {} and got[1][4] == {"Definite": "Def", "Gender": "Fem", "Number": "Sing", "PronType": "Art"}
    assert [(g[5], g[6]) for g in got] == [("case", TOKEN), ("det", NOMINAL)]


def test_a_fused_article_tagged_det_gives_its_preposition_case():
    _, got = words("alla", "a il", "DET", "E_RD", ART, deprel="det")
    assert [(g[2], g[5]) for g in got] == [("ADP", "case"), ("DET", "det")]


@pytest.mark.parametrize(
    ("form", "lemma", "upos", "xpos", "feats", "expected"),
    [
        ("parlarci", "parlare ci", "VERB", "V_PC", "Clitic=Yes|Number=Plur|Person=1|PronType=Prs|VerbForm=Inf",
         [("parlar", "parlare", "VERB", {"VerbForm": "Inf"}, TOKEN), ("ci", "ci", "PRON", None, 0)]),
        ("darmelo", "dare mi lo", "VERB", "V_PC_PC", "Clitic=Yes|Number=Sing|Person=1|PronType=Prs|VerbForm=Inf",
         [("dar", "dare", "VERB", {"VerbForm": "Inf"}, TOKEN), ("me", "mi", "PRON", None, 0),
          ("lo", "lo", "PRON", None, 0)]),
        ("osservandole", "osservare le", "VERB", "V_PC",
         "Clitic=Yes|Gender=Fem|Number=Plur|Person=3|PronType=Prs|VerbForm=Ger",
         [("osservando", "osservare", "VERB", {"VerbForm": "Ger"}, TOKEN), ("le", "le", "PRON", None, 0)]),
        ("Coprili", "coprire li", "VERB", "V_PC", "Clitic=Yes|Mood=Imp|Number=Sing|Person=2|VerbForm=Fin",
         [("Copri", "coprire", "VERB", {"Mood": "Imp", "Number": "Sing", "Person": "2", "VerbForm": "Fin"}, TOKEN),
          ("li", "li", "PRON", None, 0)]),
        # the parser's UPOS says noun; its XPOS and lemma both say verb + clitic
        ("prepararmi", "preparare mi", "NOUN", "V_PC", "Gender=Masc|Number=Plur",
         [("preparar", "preparare", "VERB", {"VerbForm": "Inf"}, TOKEN), ("mi", "mi", "PRON", None, 0)]),
        # the XPOS says verb + clitic, the lemma is the parser's guess for the whole: unknown for the verb
        ("soccorsi", "soccorso", "VERB", "V_PC", "Clitic=Yes|Person=3|PronType=Prs|VerbForm=Inf",
         [("soccor", "_", "VERB", {"VerbForm": "Inf"}, TOKEN), ("si", "si", "PRON", None, 0)]),
    ],
)  # fmt: skip
def test_a_verb_with_enclitics_is_the_verb_and_its_clitics(form, lemma, upos, xpos, feats, expected):
    done, got = words(form, lemma, upos, xpos, feats, deprel="xcomp")
    assert done.kind == "clitics"
    assert [(g[0], g[1], g[2], g[4] if g[2] == "VERB" else None, g[6]) for g in got] == expected
    assert got[0][5] == "xcomp"
    for clitic in got[1:]:
        assert clitic[3] == "PC" and clitic[4]["Clitic"] == "Yes" and clitic[4]["PronType"] == "Prs"
    assert "".join(g[0] for g in got) == form


@pytest.mark.parametrize(
    ("form", "lemma", "upos", "xpos", "reason"),
    [
        ("servi", "sere vi", "VERB", "V", "tags_disagree"),  # "servants": the tagger saw no clitic
        ("orsi", "ore si", "NOUN", "S", "tags_disagree"),
        ("ehm", "ehm", "NOUN", "V_PC", "not_a_clitic"),
        ("perché", "per che", "SCONJ", "CS", "unknown_merge"),
    ],
)
def test_weak_evidence_leaves_the_token_whole_and_says_why(form, lemma, upos, xpos, reason):
    done, got = words(form, lemma, upos, xpos)
    assert got == [] and done.reason == reason


def test_a_token_nothing_merged_is_not_split():
    for args in (("casa", "casa", "NOUN", "S"), ("di", "di", "ADP", "E"), ("dei", "dio", "NOUN", "S")):
        assert split(*args, {}, "obj").words == ()


def row_of(text, tokens, mentions=(), sentence=0):
    return utterance("train-nw-ledger", "nw/ledger/00/ledger_0002", 0, sentence, "-", text, tokens, list(mentions))


QUOTE = row_of("« Non lo so » , dico .", [
    ("«", "«", "PUNCT", "FB", "_", 3, "punct"),
    ("Non", "non", "ADV", "BN", "PronType=Neg", 3, "advmod"),
    ("lo", "lo", "PRON", "PC", "Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs", 3, "obj"),
    ("so", "sapere", "VERB", "V", "Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin", -1, "root"),
    ("»", "»", "PUNCT", "FB", "_", 3, "punct"),
    (",", ",", "PUNCT", "FF", "_", -1, "root"),
    ("dico", "dire", "VERB", "V", "Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin", -1, "root"),
    (".", ".", "PUNCT", "FS", "_", 6, "punct"),
])  # fmt: skip


def test_one_tree_per_utterance():
    """A quotation and its "dico", parsed as two sentences (and a stray comma root): one tree, the later
    roots under the first, the verb as parataxis and the comma as punct."""
    sentence = ud_sentence(group([QUOTE])["train"][0].rows[0])
    assert [i for i, w in enumerate(sentence.words) if w.head < 0] == [3]
    assert [(w.form, w.head, w.deprel) for w in sentence.words[5:7]] == [(",", 3, "punct"), ("dico", 3, "parataxis")]
    assert sentence.counts["extra_roots"] == 2


CASA = row_of("Parlò della casa di sua madre per parlarne.", [
    ("Parlò", "parlare", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin", -1, "root"),
    ("della", "di il", "ADP", "E_RD", ART, 2, "case"),
    ("casa", "casa", "NOUN", "S", "Gender=Fem|Number=Sing", 0, "obl"),
    ("di", "di", "ADP", "E", "_", 5, "case"),
    ("sua", "suo", "DET", "AP", "Gender=Fem|Number=Sing|Poss=Yes|PronType=Prs", 5, "det:poss"),
    ("madre", "madre", "NOUN", "S", "Gender=Fem|Number=Sing", 2, "nmod"),
    ("per", "per", "ADP", "E", "_", 7, "mark"),
    ("parlarne", "parlare ne", "VERB", "V_PC", "Clitic=Yes|PronType=Prs|VerbForm=Inf", 0, "advcl"),
    (".", ".", "PUNCT", "FS", "_", 0, "punct"),
], [mention(1, 1, 5, "thing"), mention(1, 7, 7, "thing", role="oblique")], sentence=1)  # fmt: skip


def test_mentions_move_onto_the_words():
    """A mention that starts at "della" starts at its article; a pronoun's mention on "parlarne" is the
    clitic's, any other mention there (the verb's own, an event; a zero kept on its verb) the whole token's."""
    row = group([CASA])["train"][0].rows[0]
    sentence = ud_sentence(row)
    assert [w.form for w in sentence.words] == ["Parlò", "di", "la", "casa", "di", "sua", "madre", "per", "parlar",
                                                "ne", "."]  # fmt: skip
    assert sentence.mention_words(1, 5) == (2, 6)
    assert sentence.head_word(2, 6) == 3  # casa
    assert sentence.mention_words(7, 7, "masc", "sing", pronoun=True) == (9, 9)
    assert sentence.mention_words(7, 7, "masc", "sing") == (8, 9)  # the talking, an event
    assert sentence.mention_words(7, 7, pronoun=True, zero=True) == (8, 9)  # a zero on the verb (zeros: verb)
    assert [(w.head, w.deprel) for w in sentence.words[1:4]] == [(3, "case"), (3, "det"), (0, "obl")]


def test_corefud_puts_only_a_pronouns_mention_on_the_clitic(tmp_path):
    """In the file: "parlarne" holding the house's mention (an English pronoun's) has it on "ne"; holding the
    talking's (an event, no pronoun) has it on "parlar ne" (before issue 36 it went onto "ne" too)."""
    event = dict(CASA, mentions=[mention(1, 1, 5, "thing"), mention(2, 7, 7, "thing")])
    for row, first in ((CASA, "ne"), (event, "parlar")):
        path = tmp_path / "train.conllu"
        corefud.write(path, group([row])["train"])
        (back,) = corefud.read(path)
        (on_verb,) = [m for m in back["mentions"] if m["end"] == 9]
        assert back["words"][on_verb["start"]] == first


def test_tags_the_validator_wants():
    row = row_of("Ero io che c' era , Stavamo al gioco a priori .", [
        ("Ero", "ero", "AUX", "VA", "Mood=Ind|Number=Sing|Person=1|Tense=Imp|VerbForm=Fin", 1, "cop"),
        ("io", "io", "PRON", "PE", "Number=Sing|Person=1|PronType=Prs", -1, "root"),
        ("che", "che", "PRON", "PR", "_", 4, "nsubj"),
        ("c'", "ci", "PRON", "PC", "Clitic=Yes|PronType=Prs", 4, "expl"),
        ("era", "essere", "VERB", "V", "Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin", 1, "acl:relcl"),
        (",", ",", "PUNCT", "FF", "_", 1, "punct"),
        ("Stavamo", "Stavamo", "AUX", "VA", "Mood=Ind|Number=Plur|Person=1|Tense=Imp|VerbForm=Fin", 8, "aux"),
        ("al", "a il", "ADP", "E_RD", "Definite=Def|Gender=Masc|Number=Sing|PronType=Art", 8, "case"),
        ("gioco", "gioco", "NOUN", "S", "Gender=Masc|Number=Sing", 1, "nmod"),
        ("a", "a", "X", "SW", "_", 1, "advmod"),
        ("priori", "priori", "X", "SW", "Number=Plur", 9, "flat:foreign"),
        (".", ".", "PUNCT", "FS", "_", 1, "punct"),
    ])  # fmt: skip
    sentence = ud_sentence(group([row])["train"][0].rows[0])
    w = {x.form: x for x in sentence.words}
    assert (w["Ero"].lemma, w["Ero"].upos) == ("essere", "AUX")
    assert (w["Stavamo"].lemma, w["Stavamo"].upos) == ("stare", "AUX")
    assert w["che"].feats["PronType"] == "Rel"
    assert (w["priori"].upos, w["priori"].feats, w["a"].upos, w["a"].feats) == ("X", {"Foreign": "Yes"}, "X",
                                                                                  {"Foreign": "Yes"})  # fmt: skip


@pytest.mark.parametrize(("form", "lemma"), [("Ho", "avere"), ("sarà", "essere"), ("volevo", "volere"),
                                              ("dovrebbe", "dovere"), ("sceglievano", None)])  # fmt: skip
def test_auxiliary_lemma(form, lemma):
    assert auxiliary_lemma(form) == lemma


def test_the_tiny_table_passes_level_5(tmp_path):
    """Level 5 checks content: the hand-written table, with a contraction, a clitic verb, two roots and a
    dropped subject, has no error at all once written (its parse is right)."""
    rows = [*TINY[:4], QUOTE, CASA]
    path = tmp_path / "train.conllu"
    corefud.write(path, group(rows)["train"])
    result = udvalidate(path, level=5)
    assert result.returncode == 0, result.stderr[-3000:]
    assert LEI["form"] == "Lei"  # TINY keeps its zero mention: an empty node passes level 5 too
    assert ".1\t_\tlei\t" in path.read_text()


def test_level_5_fails_on_the_merged_words(tmp_path):
    """The check can fail: a preposition written as δ holds "della" (lemma "di il", the article's features
    on the ADP) is what level 5 rejects."""
    path = tmp_path / "train.conllu"
    corefud.write(path, group([CASA])["train"])
    text = path.read_text()
    assert "\n2\tdi\tdi\tADP\tE\t_\t" in text
    path.write_text(text.replace("\n2\tdi\tdi\tADP\tE\t_\t", "\n2\tdi\tdi il\tADP\tE\t" + ART + "\t", 1))
    result = udvalidate(path, level=5)
    assert result.returncode != 0
    assert "invalid-word-with-space" in result.stderr and "feature-upos-not-permitted" in result.stderr


def test_the_sample_export_has_no_format_or_morphology_error_at_level_5(tmp_path):
    """Issue 30's target on the sample: at level 5 only syntax errors (from the parse) remain; the table of them in
    docs/outputs.md comes from `scripts/ud-validate.py`."""
    if not SAMPLE_DELTA.exists():
        pytest.fail(f"no {SAMPLE_DELTA}: run the workflow on the sample first (make test does)")
    export_all(SAMPLE_DELTA, tmp_path / "out", formats=["corefud"])
    result = udvalidate(*sorted((tmp_path / "out").glob("*.conllu")), level=5)
    kinds = Counter(m.group(1) for m in re.finditer(r"\[L\d ([A-Z]+) [a-z0-9:-]+\]", result.stderr))
    assert kinds["FORMAT"] == 0 and kinds["MORPHO"] == 0, result.stderr[-3000:]
    assert kinds["SYNTAX"] > 0  # the parse's own errors are still counted, not hidden
