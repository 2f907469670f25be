"""Stage δ's Italian rules on hand-parsed sentences, the inflection tables, and the registry.

Each sentence is written as a UD parse would give it (ISDT conventions:
articulated prepositions are one ADP token carrying the article's features,
elided forms are their own tokens). Every rule gets the method.md example,
cases where it must fire, and cases where it must not (the counted skip
reason asserted); mention spans are checked after deletions and moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from refine_sentences import parse, run, sentence, spans, text

from coref_transfer.errors import ConfigError
from coref_transfer.lang.it import articles as art
from coref_transfer.lang.it import morphology as m
from coref_transfer.lang.it import pronouns
from coref_transfer.model import Mention, Span
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.records import Change
from coref_transfer.refine.base import Sentence
from coref_transfer.refine.it.demonstratives import DemonstrativeAgreement, DemonstrativePronoun
from coref_transfer.refine.it.possessives import PossessiveAgreement
from coref_transfer.refine.it.prodrop import SubjectPronounDeletion
from coref_transfer.refine.it.pronouns import CheSubjectPronoun, PrepositionPronoun, PronounNumberAgreement
from coref_transfer.refine.registry import DEFAULT_ORDER, RULES, build_rules, refine

SCHEMA = Path(__file__).resolve().parent.parent / "src" / "coref_transfer" / "schemas" / "config.schema.yaml"


# --- Parses used by several tests ---------------------------------------------

COOK = """
    Egli egli PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 nsubj
    ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
    detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    alla a ADP Definite=Def|Gender=Fem|Number=Sing|PronType=Art 5 case
    gente gente NOUN Gender=Fem|Number=Sing 3 obl
    che che SCONJ _ 11 mark
    lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 11 nsubj
    era essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin 11 cop
    una uno DET Definite=Ind|Gender=Fem|Number=Sing|PronType=Art 11 det
    brava bravo ADJ Gender=Fem|Number=Sing 11 amod
    cuoca cuoco NOUN Gender=Fem|Number=Sing 3 ccomp
    . . PUNCT _ 3 punct
"""

ESSENDO = """
    Essendo essere AUX VerbForm=Ger 3 cop
    lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 nsubj
    stanco stanco ADJ Gender=Masc|Number=Sing 7 advcl
    , , PUNCT _ 3 punct
    Mario Mario PROPN _ 7 nsubj
    è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 7 aux
    rimasto rimanere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    . . PUNCT _ 7 punct
"""


def mario_said(pronoun: str = "lui") -> str:
    return f"""
    Mario Mario PROPN _ 3 nsubj
    ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
    detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    che che SCONJ _ 7 mark
    {pronoun} {pronoun} PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 7 nsubj
    era essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin 7 cop
    stanco stanco ADJ Gender=Masc|Number=Sing 3 ccomp
    . . PUNCT _ 3 punct
    """


# --- morphology ---------------------------------------------------------------


@pytest.mark.parametrize(
    "word, expected",
    [
        ("studente", True),
        ("Sbaglio", True),
        ("zio", True),
        ("gnomo", True),
        ("psicologo", True),
        ("pneumatico", True),
        ("xilofono", True),
        ("yogurt", True),
        ("iato", True),
        ("Jonio", True),
        ("sole", False),
        ("amico", False),
        ("libro", False),
        ("isola", False),
        ("", False),
        ("s'", False),
    ],
)
def test_s_impura(word, expected):
    """s + consonant, z, gn, ps, pn, x, y and i/j + vowel take lo/gli/uno; s + vowel and vowels do not."""
    assert art.starts_like_s_impura(word) is expected


@pytest.mark.parametrize(
    "word, expected",
    [
        ("amico", True),
        ("Avviso", True),
        ("uomo", True),
        ("èra", True),
        ("hotel", True),
        ("isola", True),
        ("iena", False),
        ("iato", False),
        ("hm", False),
        ("libro", False),
        ("studente", False),
        ("", False),
    ],
)
def test_starts_with_vowel(word, expected):
    """Vowels and silent h + vowel elide; semiconsonantal i + vowel does not (la iena)."""
    assert art.starts_with_vowel(word) is expected


@pytest.mark.parametrize(
    "gender, number, word, expected",
    [
        ("Masc", "Sing", "libro", "il"),
        ("Masc", "Sing", "studente", "lo"),
        ("Masc", "Sing", "zio", "lo"),
        ("Masc", "Sing", "amico", "l'"),
        ("Masc", "Sing", "hotel", "l'"),
        ("Masc", "Sing", "iato", "lo"),
        ("Masc", "Plur", "libri", "i"),
        ("Masc", "Plur", "studenti", "gli"),
        ("Masc", "Plur", "amici", "gli"),
        ("Fem", "Sing", "casa", "la"),
        ("Fem", "Sing", "auto", "l'"),
        ("Fem", "Sing", "iena", "la"),
        ("Fem", "Sing", "sua", "la"),
        ("Fem", "Plur", "auto", "le"),
        ("Fem", "Plur", "case", "le"),
        ("masc", "sing", "suo", "il"),
    ],
)
def test_definite_article(gender, number, word, expected):
    assert art.definite_article(gender, number, word) == expected


@pytest.mark.parametrize(
    "gender, word, expected",
    [
        ("Masc", "libro", "un"),
        ("Masc", "amico", "un"),
        ("Masc", "studente", "uno"),
        ("Masc", "zaino", "uno"),
        ("Fem", "casa", "una"),
        ("Fem", "auto", "un'"),
        ("Fem", "zia", "una"),
        ("Fem", "iena", "una"),
    ],
)
def test_indefinite_article(gender, word, expected):
    """un' only feminine before a vowel; uno before s impura."""
    assert art.indefinite_article(gender, word) == expected


@pytest.mark.parametrize(
    "kind, gender, number, word, expected",
    [
        ("quello", "Masc", "Sing", "libro", "quel"),
        ("quello", "Masc", "Sing", "studente", "quello"),
        ("quello", "Masc", "Sing", "avviso", "quell'"),
        ("quello", "Masc", "Plur", "libri", "quei"),
        ("quello", "Masc", "Plur", "studenti", "quegli"),
        ("quello", "Masc", "Plur", "amici", "quegli"),
        ("quello", "Fem", "Sing", "casa", "quella"),
        ("quello", "Fem", "Sing", "auto", "quell'"),
        ("quello", "Fem", "Plur", "auto", "quelle"),
        ("quello", "Fem", "Plur", "case", "quelle"),
        ("questo", "Masc", "Sing", "libro", "questo"),
        ("questo", "Masc", "Sing", "studente", "questo"),
        ("questo", "Masc", "Sing", "anno", "quest'"),
        ("questo", "Fem", "Sing", "casa", "questa"),
        ("questo", "Fem", "Sing", "auto", "quest'"),
        ("questo", "Masc", "Plur", "anni", "questi"),
        ("questo", "Fem", "Plur", "auto", "queste"),
        ("quello", "Masc", "Plur", None, "quelli"),
        ("quello", "Fem", "Sing", None, "quella"),
        ("questo", "Masc", "Sing", None, "questo"),
    ],
)
def test_demonstrative(kind, gender, number, word, expected):
    """Every adjectival form by onset; None as next word gives the pronoun (quelli)."""
    assert m.demonstrative(kind, gender, number, word) == expected


def test_demonstrative_rejects_unknown_kind_and_values():
    with pytest.raises(ValueError, match="quello"):
        m.demonstrative("codesto", "Masc", "Sing", "libro")
    with pytest.raises(ValueError, match="gender"):
        m.demonstrative("quello", "Neut", "Sing", "libro")
    with pytest.raises(ValueError, match="number"):
        art.definite_article("Masc", "Dual", "libro")


@pytest.mark.parametrize(
    "word, expected",
    [
        ("Quegli", ("quello", "Masc", "Plur")),
        ("quell'", ("quello", None, "Sing")),
        ("quell’", ("quello", None, "Sing")),
        ("quelli", ("quello", "Masc", "Plur")),
        ("questa", ("questo", "Fem", "Sing")),
        ("quest'", ("questo", None, "Sing")),
        ("quale", None),
        ("ciò", None),
    ],
)
def test_demonstrative_features(word, expected):
    assert m.demonstrative_features(word) == expected


POSSESSIVE_TABLE = {
    (1, "Sing"): "mio mia miei mie",
    (2, "Sing"): "tuo tua tuoi tue",
    (3, "Sing"): "suo sua suoi sue",
    (1, "Plur"): "nostro nostra nostri nostre",
    (2, "Plur"): "vostro vostra vostri vostre",
    (3, "Plur"): "loro loro loro loro",
}


@pytest.mark.parametrize("owner, forms", POSSESSIVE_TABLE.items())
def test_possessive_table(owner, forms):
    """All 24 forms: masc sing, fem sing, masc plur, fem plur; loro invariant."""
    got = [
        m.possessive(*owner, g, n) for g, n in (("Masc", "Sing"), ("Fem", "Sing"), ("Masc", "Plur"), ("Fem", "Plur"))
    ]
    assert got == forms.split()
    assert {m.possessor(f) for f in forms.split()} == {owner}


def test_possessive_person_as_text_and_errors():
    assert m.possessive("3", "Sing", "Fem", "Sing") == "sua"
    assert m.possessor("Sua") == (3, "Sing")
    assert m.possessor("proprio") is None
    with pytest.raises(ValueError, match="person"):
        m.possessive(4, "Sing", "Masc", "Sing")


ARTICULATED = {
    "di": "del dello dell' della dei degli delle",
    "a": "al allo all' alla ai agli alle",
    "da": "dal dallo dall' dalla dai dagli dalle",
    "in": "nel nello nell' nella nei negli nelle",
    "su": "sul sullo sull' sulla sui sugli sulle",
}


@pytest.mark.parametrize("preposition, forms", ARTICULATED.items())
def test_articulated_both_ways(preposition, forms):
    """All 35 fusions, and each split back into its two parts."""
    articles = ["il", "lo", "l'", "la", "i", "gli", "le"]
    assert [art.articulated(preposition, a) for a in articles] == forms.split()
    assert [art.split_articulated(f) for f in forms.split()] == [(preposition, a) for a in articles]


@pytest.mark.parametrize(
    "preposition, article, expected",
    [
        ("con", "il", None),
        ("per", "la", None),
        ("di", "un", None),
        ("Di", "il", "Del"),
        ("ad", "il", "al"),
        ("su", "l’", "sull'"),
    ],
)
def test_articulated_edge_cases(preposition, article, expected):
    """con/per do not fuse, indefinites never do; the capital is kept; ad counts as a; ’ is read as '."""
    assert art.articulated(preposition, article) == expected


@pytest.mark.parametrize(
    "word, expected", [("Della", ("di", "la")), ("nell’", ("in", "l'")), ("col", None), ("per", None), ("la", None)]
)
def test_split_articulated_edge_cases(word, expected):
    assert art.split_articulated(word) == expected


@pytest.mark.parametrize(
    "word, number, gender, expected",
    [
        ("io", "Plur", None, "noi"),
        ("noi", "Sing", None, "io"),
        ("Tu", "Plur", None, "voi"),
        ("voi", "Sing", None, "tu"),
        ("lui", "Plur", None, "loro"),
        ("egli", "Plur", None, "loro"),
        ("lei", "Plur", None, "loro"),
        ("esso", "Plur", None, "essi"),
        ("esse", "Sing", None, "essa"),
        ("loro", "Sing", "Fem", "lei"),
        ("loro", "Sing", "Masc", "lui"),
        ("loro", "Sing", None, None),
        ("lui", "Sing", None, "lui"),
        ("casa", "Plur", None, None),
    ],
)
def test_pronoun_with_number(word, number, gender, expected):
    assert pronouns.pronoun_with_number(word, number, gender) == expected


@pytest.mark.parametrize(
    "word, expected",
    [
        ("il", "definite"),
        ("L'", "definite"),
        ("gli", "definite"),
        ("un'", "indefinite"),
        ("uno", "indefinite"),
        ("del", None),
    ],
)
def test_article_kind(word, expected):
    assert art.article_kind(word) == expected


@pytest.mark.parametrize(
    "model, word, expected",
    [("Quella", "quell'", "Quell'"), ("IL", "la", "LA"), ("il", "la", "la"), ("È", "ciò", "Ciò"), ("A", "al", "Al")],
)
def test_match_case(model, word, expected):
    assert art.match_case(model, word) == expected


# --- subject_pronoun_deletion -------------------------------------------------


def test_prodrop_method_example():
    """method.md: both pronouns go; each mention moves to the first verbal token; the capital moves."""
    rule = SubjectPronounDeletion()
    sent = run(rule, sentence(COOK, (0, 0, 1), (6, 6, 2)))
    assert text(sent) == "Ha detto alla gente che era una brava cuoca ."
    assert spans(sent) == [(0, 0), (5, 5)]
    assert [(c.rule, c.index, c.before, c.after) for c in sent.changes] == [
        ("subject_pronoun_deletion", 0, "Egli", ""),
        ("subject_pronoun_deletion", 0, "ha", "Ha"),
        ("subject_pronoun_deletion", 5, "lei", ""),
    ]
    assert rule.applied == 2 and not rule.skipped
    # the tree stays a tree: "era" still depends on "cuoca", "cuoca" on "detto"
    assert sent.tokens[5].head == 8 and sent.tokens[8].head == 1


def test_prodrop_keeps_a_sentence_initial_subject_set_off_by_a_comma():
    """Issue 15 (UD gold text): "Io , poi , li ho visti" lost its "Io" and began with ", Poi"."""
    sent = sentence(
        """
        Io io PRON Number=Sing|Person=1|PronType=Prs 6 nsubj
        , , PUNCT _ 3 punct
        poi poi ADV _ 6 advmod
        , , PUNCT _ 3 punct
        li lo PRON Clitic=Yes|Gender=Masc|Number=Plur|Person=3|PronType=Prs 6 obj
        ho avere AUX Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 6 aux
        visti vedere VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part 0 root
        . . PUNCT _ 6 punct
        """
    )
    rule = SubjectPronounDeletion()
    assert text(run(rule, sent)) == "Io , poi , li ho visti ." and rule.skipped == {"set off by punctuation": 1}


def test_prodrop_keeps_the_polite_lei():
    """Issue 15: "Signor Rossi , Lei è stato gentile": the capitalised courtesy form inside a sentence stays."""
    sent = sentence(
        """
        Signor signore NOUN Gender=Masc|Number=Sing 6 vocative
        Rossi Rossi PROPN _ 1 flat:name
        , , PUNCT _ 1 punct
        Lei lei PRON Number=Sing|Person=3|PronType=Prs 6 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 6 aux
        stato essere AUX Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 7 cop
        gentile gentile ADJ Number=Sing 0 root
        . . PUNCT _ 7 punct
        """
    )
    rule = SubjectPronounDeletion()
    assert text(run(rule, sent)) == "Signor Rossi , Lei è stato gentile ." and rule.applied == 0
    assert rule.skipped == {"polite Lei (capitalised: the courtesy form)": 1}


def test_prodrop_moves_over_a_clitic_to_the_auxiliary():
    """'[Lui] [lo] ha visto' → '[Lo] [ha] visto': the clitic stays, the mention lands on the auxiliary."""
    sent = run(
        SubjectPronounDeletion(),
        sentence(
            """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 nsubj
        lo lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 obj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        visto vedere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        . . PUNCT _ 4 punct
    """,
            (0, 0, 1),
            (1, 1, 2),
        ),
    )
    assert text(sent) == "Lo ha visto ."
    assert spans(sent) == [(1, 1), (0, 0)]


def test_prodrop_inside_the_sentence_shrinks_a_covering_mention():
    """A pronoun mid-sentence: no capital to move; a mention over 'Ieri lui è partito' shrinks by one (one that
    starts or ends on the pronoun keeps it: `test_refine_nested`)."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Ieri ieri ADV _ 4 advmod
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        partito partire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        . . PUNCT _ 4 punct
    """,
            (1, 1, 1),
            (0, 3, 2),
        ),
    )
    assert text(sent) == "Ieri è partito ."
    assert spans(sent) == [(1, 1), (0, 2)]
    assert len(sent.changes) == 1


def test_prodrop_capital_passes_over_an_opening_quote():
    sent = run(
        SubjectPronounDeletion(),
        sentence(
            """
        « « PUNCT _ 4 punct
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        partito partire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        » » PUNCT _ 4 punct
    """,
            (1, 1, 1),
        ),
    )
    assert text(sent) == "« È partito »"
    assert spans(sent) == [(1, 1)]


def test_prodrop_same_pronoun_in_two_conjuncts_is_no_contrast():
    """'Lui canta e lui balla': no contrast between two equal pronouns, both go."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 2 nsubj
        canta cantare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        e e CCONJ _ 5 cc
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 5 nsubj
        balla ballare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 2 conj
        . . PUNCT _ 2 punct
    """,
            (0, 0, 1),
            (3, 3, 1),
        ),
    )
    assert text(sent) == "Canta e balla ."
    assert spans(sent) == [(0, 0), (2, 2)]
    assert rule.applied == 2


def test_prodrop_subordinate_same_cluster_or_no_mentions_deletes():
    """'Mario ha detto che lui era stanco': lui = Mario (or unknown) → deleted, mention on 'era'."""
    same = run(SubjectPronounDeletion(), sentence(mario_said(), (0, 0, 1), (4, 4, 1)))
    assert text(same) == "Mario ha detto che era stanco ."
    assert spans(same) == [(0, 0), (4, 4)]
    bare = run(SubjectPronounDeletion(), sentence(mario_said()))
    assert text(bare) == "Mario ha detto che era stanco ."


KEPT = {
    "coordinated subject": """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 5 nsubj
        e e CCONJ _ 3 cc
        Maria Maria PROPN _ 1 conj
        sono essere AUX Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        partiti partire VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part 0 root
    """,
    "focus particle": """
        Anche anche ADV _ 2 advmod
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        partito partire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """,
    "contrast (invece/però)": """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 nsubj
        invece invece ADV _ 4 advmod
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        rimasto rimanere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """,
    "post-verbal subject": """
        L' lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 obj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
        fatto fare VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 nsubj
    """,
    "verb not finite": ESSENDO,
    "head is not a verb": """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 2 nsubj
        presidente presidente NOUN Gender=Masc|Number=Sing 0 root
        ? ? PUNCT _ 2 punct
    """,
    "pronoun has dependents": """
        Noi noi PRON Number=Plur|Person=1|PronType=Prs 3 nsubj
        italiani italiano NOUN Gender=Masc|Number=Plur 1 appos
        amiamo amare VERB Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin 0 root
        il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 5 det
        calcio calcio NOUN Gender=Masc|Number=Sing 3 obj
    """,
    "subjunctive: the person would be lost": """
        Penso pensare VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        che che SCONJ _ 5 mark
        io io PRON Number=Sing|Person=1|PronType=Prs 5 nsubj
        sia essere AUX Mood=Sub|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 5 cop
        pronto pronto ADJ Gender=Masc|Number=Sing 1 ccomp
    """,
    "object relative: che would read as the subject": """
        La il DET Definite=Def|Gender=Fem|Number=Sing|PronType=Art 2 det
        donna donna NOUN Gender=Fem|Number=Sing 7 nsubj
        che che PRON PronType=Rel 5 obj
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 5 nsubj
        ama amare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 2 acl:relcl
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 7 aux
        partita partire VERB Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """,
}


@pytest.mark.parametrize("reason", KEPT)
def test_prodrop_keeps(reason):
    """Each documented test keeps its pronoun, counted under its reason, and the sentence is untouched."""
    sent = sentence(KEPT[reason])
    before = text(sent)
    rule = SubjectPronounDeletion()
    rule.apply(sent)
    assert text(sent) == before and sent.changes == []
    assert rule.applied == 0 and rule.skipped == {reason: 1}


def test_prodrop_keeps_a_pronoun_coordinated_after_a_noun():
    """'Maria e lui sono partiti': the pronoun is the conj of a subject."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence("""
        Maria Maria PROPN _ 5 nsubj
        e e CCONJ _ 3 cc
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 1 conj
        sono essere AUX Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        partiti partire VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part 0 root
    """),
    )
    assert sent.changes == [] and rule.skipped == {"coordinated subject": 1}


def test_prodrop_keeps_emphatic_stesso():
    rule = SubjectPronounDeletion()
    run(
        rule,
        sentence("""
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 5 nsubj
        stesso stesso ADJ Gender=Masc|Number=Sing 1 amod
        lo lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 5 obj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """),
    )
    assert rule.applied == 0 and rule.skipped == {"focus particle": 1}


def test_prodrop_keeps_contrastive_pair():
    """'Lui cucina e lei lava': two different pronouns in coordinated clauses contrast; both stay."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 2 nsubj
        cucina cucinare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        e e CCONJ _ 5 cc
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 5 nsubj
        lava lavare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 2 conj
        . . PUNCT _ 2 punct
    """,
            (0, 0, 1),
            (3, 3, 2),
        ),
    )
    assert sent.changes == [] and spans(sent) == [(0, 0), (3, 3)]
    assert rule.skipped == {"contrastive pair": 2}


def test_prodrop_a_thing_pronoun_contrasts_with_nothing():
    """'essa appartiene a nostra nonna, e lei…': esso/essa are not a topic contrast; both go."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        essa essa PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 2 nsubj
        appartiene appartenere VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        alla a ADP _ 4 case
        nonna nonna NOUN Gender=Fem|Number=Sing 2 obl
        e e CCONJ _ 8 cc
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 8 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 8 aux
        custodita custodire VERB Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part 2 conj
        . . PUNCT _ 2 punct
    """,
            (0, 0, 1),
            (5, 5, 2),
        ),
    )
    assert text(sent) == "appartiene alla nonna e ha custodita ."
    assert spans(sent) == [(0, 0), (4, 4)] and rule.applied == 2


QUOTE_SAID = """
    " " PUNCT _ 3 punct
    Abbiamo avere AUX Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin 3 aux
    vinto vincere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    , , PUNCT _ 3 punct
    " " PUNCT _ 7 punct
    ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 7 aux
    detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 3 parataxis
    {pronoun} 7 {deprel}
    {after}
    . . PUNCT _ 3 punct
"""


@pytest.mark.parametrize("deprel", ["xcomp", "nsubj", "obj"])
def test_prodrop_deletes_the_subject_of_a_quotative_inversion(deprel):
    """'"Abbiamo vinto," ha detto [lei] ai giornalisti.' → '[ha] detto ai giornalisti': the position decides, not the relation."""
    rule = SubjectPronounDeletion()
    block = QUOTE_SAID.format(
        pronoun="lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs",
        deprel=deprel,
        after="ai a ADP _ 7 obl",
    )
    sent = run(rule, sentence(block, (7, 7, 1)))
    assert text(sent) == '" Abbiamo vinto , " ha detto ai .'
    assert spans(sent) == [(5, 5)] and rule.applied == 1


def test_prodrop_keeps_an_indirect_object_after_a_speech_verb():
    """'…, ha detto loro di aspettare': loro disagrees with 'ha' (the indirect object); it stays."""
    rule = SubjectPronounDeletion()
    block = QUOTE_SAID.format(
        pronoun="loro loro PRON Number=Plur|Person=3|PronType=Prs",
        deprel="iobj",
        after="di di ADP _ 7 mark",
    )
    sent = run(rule, sentence(block, (7, 7, 1)))
    assert sent.changes == [] and spans(sent) == [(7, 7)]


def test_prodrop_keeps_a_post_verbal_focus_outside_a_quotation():
    """'L'ha fatto lui.' : no quotation or comma before the verb, a speech verb or not; it stays."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        L' lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 obj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
        detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 nsubj
        . . PUNCT _ 3 punct
    """,
            (3, 3, 1),
        ),
    )
    assert sent.changes == [] and rule.skipped == {"post-verbal subject": 1}


def test_prodrop_keeps_a_switched_subject():
    """'Mario ha detto che lui era stanco' with lui ≠ Mario: a null subject would read as Mario."""
    rule = SubjectPronounDeletion()
    sent = run(rule, sentence(mario_said(), (0, 0, 1), (4, 4, 2)))
    assert sent.changes == [] and spans(sent) == [(0, 0), (4, 4)]
    assert rule.skipped == {"subject switch": 1}


def test_prodrop_ignores_clitics_and_non_subjects():
    """Clitics and object pronouns are no candidates: nothing applied, nothing skipped."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence("""
        Maria Maria PROPN _ 3 nsubj
        lo lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 obj
        vede vedere VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        con con ADP _ 5 case
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 obl
    """),
    )
    assert sent.changes == [] and rule.applied == 0 and not rule.skipped


# --- pronoun_number_agreement -------------------------------------------------


def number_case(
    pronoun: str, pron_feats: str, verb: str, verb_feats: str, pred: str = "pronti ADJ Gender=Masc|Number=Plur"
) -> str:
    form, upos, feats = pred.split()
    return f"""
        {pronoun} {pronoun.lower()} PRON {pron_feats} 3 nsubj
        {verb} essere AUX {verb_feats} 3 cop
        {form} {form} {upos} {feats} 0 root
        . . PUNCT _ 3 punct
    """


def test_number_agreement_method_example():
    """method.md: 'Tu siete' → 'Voi siete'; the feature follows the form."""
    rule = PronounNumberAgreement()
    sent = run(
        rule,
        sentence(
            number_case(
                "Tu",
                "Number=Sing|Person=2|PronType=Prs",
                "siete",
                "Mood=Ind|Number=Plur|Person=2|Tense=Pres|VerbForm=Fin",
            ),
            (0, 0, 1),
        ),
    )
    assert text(sent) == "Voi siete pronti ."
    assert sent.tokens[0].feat("Number") == "Plur" and sent.tokens[0].lemma == "voi"
    assert spans(sent) == [(0, 0)] and rule.applied == 1


@pytest.mark.parametrize(
    "pronoun, feats, verb, verb_feats, pred, expected",
    [
        (
            "Lui",
            "Gender=Masc|Number=Sing|Person=3|PronType=Prs",
            "sono",
            "Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin",
            "partiti VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part",
            "Loro",
        ),
        (
            "io",
            "Number=Sing|Person=1|PronType=Prs",
            "siamo",
            "Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin",
            "arrivati VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part",
            "noi",
        ),
        (
            "Voi",
            "Number=Plur|Person=2|PronType=Prs",
            "sei",
            "Mood=Ind|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin",
            "pronto ADJ Gender=Masc|Number=Sing",
            "Tu",
        ),
        (
            "Loro",
            "Number=Plur|Person=3|PronType=Prs",
            "è",
            "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
            "partita VERB Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part",
            "Lei",
        ),
        (
            "Essi",
            "Gender=Masc|Number=Plur|Person=3|PronType=Prs",
            "è",
            "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
            "arrivato VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part",
            "Esso",
        ),
        (
            "lei",
            "Gender=Fem|Number=Sing|Person=3|PronType=Prs",
            "erano",
            "Mood=Ind|Number=Plur|Person=3|Tense=Imp|VerbForm=Fin",
            "stanche ADJ Gender=Fem|Number=Plur",
            "loro",
        ),
    ],
)
def test_number_agreement_fires(pronoun, feats, verb, verb_feats, pred, expected):
    """'Lui sono' → 'Loro sono'; loro → lei takes the participle's gender; case is kept."""
    rule = PronounNumberAgreement()
    sent = run(rule, sentence(number_case(pronoun, feats, verb, verb_feats, pred)))
    assert sent.words()[0] == expected and rule.applied == 1


@pytest.mark.parametrize(
    "pronoun, feats, verb, verb_feats, pred, reason",
    [
        (
            "Noi",
            "Number=Plur|Person=1|PronType=Prs",
            "è",
            "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
            "partito VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part",
            "person mismatch",
        ),
        (
            "Tu",
            "Number=Sing|Person=2|PronType=Prs",
            "sei",
            "Mood=Ind|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin",
            "pronto ADJ Gender=Masc|Number=Sing",
            "agrees already",
        ),
        (
            "Loro",
            "Number=Plur|Person=3|PronType=Prs",
            "è",
            "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
            "medico NOUN Gender=Masc|Number=Sing",
            "gender unknown (loro → lui/lei)",
        ),
        (
            "Lui",
            "Gender=Masc|Number=Sing|Person=3|PronType=Prs",
            "sono",
            "Mood=Ind|Tense=Pres|VerbForm=Fin",
            "partiti VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part",
            "verb number unknown",
        ),
    ],
)
def test_number_agreement_skips(pronoun, feats, verb, verb_feats, pred, reason):
    """Person mismatch, agreement, no gender for loro (a noun predicate does not tell), a verb without Number."""
    rule = PronounNumberAgreement()
    sent = run(rule, sentence(number_case(pronoun, feats, verb, verb_feats, pred)))
    assert sent.changes == [] and rule.skipped == {reason: 1}


def test_number_agreement_skips_coordinated_and_non_finite():
    """'Tu e io siamo amici': the plural belongs to the coordination. 'Essendo lui stanco': no finite verb."""
    rule = PronounNumberAgreement()
    run(
        rule,
        sentence("""
        Tu tu PRON Number=Sing|Person=2|PronType=Prs 5 nsubj
        e e CCONJ _ 3 cc
        io io PRON Number=Sing|Person=1|PronType=Prs 1 conj
        siamo essere AUX Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin 5 cop
        amici amico NOUN Gender=Masc|Number=Plur 0 root
    """),
    )
    run(rule, sentence(ESSENDO))
    assert rule.applied == 0 and rule.skipped == {"coordinated subject": 1, "no finite verb": 1}


# --- preposition_pronoun ------------------------------------------------------


def test_preposition_pronoun_method_example():
    """method.md: 'per io' → 'per me'; the mention on it stays put."""
    rule = PrepositionPronoun()
    sent = run(
        rule,
        sentence(
            """
        Questo questo PRON Gender=Masc|Number=Sing|PronType=Dem 4 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 cop
        per per ADP _ 4 case
        io io PRON Number=Sing|Person=1|PronType=Prs 0 root
        . . PUNCT _ 4 punct
    """,
            (3, 3, 1),
        ),
    )
    assert text(sent) == "Questo è per me ."
    assert spans(sent) == [(3, 3)] and sent.changes == [Change("preposition_pronoun", 3, "io", "me")]
    assert rule.applied == 1


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            """
            Vengo venire VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
            con con ADP _ 3 case
            tu tu PRON Number=Sing|Person=2|PronType=Prs 1 obl
         """,
            "Vengo con te",
        ),
        (
            """
            Secondo secondo ADP _ 2 case
            io io PRON Number=Sing|Person=1|PronType=Prs 5 obl
            , , PUNCT _ 2 punct
            hai avere VERB Mood=Ind|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin 0 root
            ragione ragione NOUN Gender=Fem|Number=Sing 4 obj
         """,
            "Secondo me , hai ragione",
        ),
        (
            """
            È essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 cop
            più più ADV _ 3 advmod
            alto alto ADJ Gender=Masc|Number=Sing 0 root
            di di ADP _ 5 case
            tu tu PRON Number=Sing|Person=2|PronType=Prs 3 obl
         """,
            "È più alto di te",
        ),
        (
            """
            Per per ADP _ 2 case
            Tu tu PRON Number=Sing|Person=2|PronType=Prs 4 obl
            è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 cop
            facile facile ADJ Number=Sing 0 root
         """,
            "Per Te è facile",
        ),
        (
            """
            Lo lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 2 obj
            dico dire VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
            a a ADP _ 4 case
            tu tu PRON Number=Sing|Person=2|PronType=Prs 2 obl
         """,
            "Lo dico a te",
        ),
        (
            """
            Vieni venire VERB Mood=Imp|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin 0 root
            da da ADP _ 3 case
            io io PRON Number=Sing|Person=1|PronType=Prs 1 obl
         """,
            "Vieni da me",
        ),
    ],
)
def test_preposition_pronoun_fires(block, expected):
    """con, secondo, di, a, da; the case of the pronoun is kept."""
    rule = PrepositionPronoun()
    assert text(run(rule, sentence(block))) == expected and rule.applied == 1


def test_preposition_pronoun_reaches_the_second_conjunct():
    """'tra io e tu' → 'tra me e te': the preposition governs the coordination."""
    rule = PrepositionPronoun()
    sent = run(
        rule,
        sentence("""
        Resta restare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        tra tra ADP _ 3 case
        io io PRON Number=Sing|Person=1|PronType=Prs 1 obl
        e e CCONJ _ 5 cc
        tu tu PRON Number=Sing|Person=2|PronType=Prs 3 conj
    """),
    )
    assert text(sent) == "Resta tra me e te" and rule.applied == 2


def test_preposition_pronoun_keeps_a_subject():
    """'Come tu sai' with come tagged ADP: tu is the subject of 'sai' and stays."""
    rule = PrepositionPronoun()
    sent = run(
        rule,
        sentence("""
        Come come ADP _ 3 mark
        tu tu PRON Number=Sing|Person=2|PronType=Prs 3 nsubj
        sai sapere VERB Mood=Ind|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin 6 advcl
        , , PUNCT _ 3 punct
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 6 cop
        tardi tardi ADV _ 0 root
    """),
    )
    assert sent.changes == [] and rule.skipped == {"subject of its verb": 1}


def test_preposition_pronoun_ignores_free_pronouns():
    """A subject io with no preposition is no candidate at all."""
    rule = PrepositionPronoun()
    sent = run(
        rule,
        sentence("""
        Io io PRON Number=Sing|Person=1|PronType=Prs 2 nsubj
        vengo venire VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
    """),
    )
    assert sent.changes == [] and rule.applied == 0 and not rule.skipped


# --- che_subject_pronoun ------------------------------------------------------


def che_case(first: str, pronoun: str, pron_feats: str, deprel: str, verb: str) -> str:
    return f"""
        {first} {first.lower()} VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        che che SCONJ _ 5 mark
        {pronoun} {pronoun.lower()} PRON {pron_feats} 5 {deprel}
        {verb} essere AUX Mood=Sub|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 cop
        pronto pronto ADJ Gender=Masc|Number=Sing 1 ccomp
    """


def test_che_subject_method_example():
    """method.md: 'che me sia pronto' → 'che io sia pronto'; the mention stays."""
    rule = CheSubjectPronoun()
    sent = run(rule, sentence(che_case("Penso", "me", "Number=Sing|Person=1|PronType=Prs", "nsubj", "sia"), (2, 2, 1)))
    assert text(sent) == "Penso che io sia pronto"
    assert spans(sent) == [(2, 2)] and sent.changes == [Change("che_subject_pronoun", 2, "me", "io")]
    assert rule.applied == 1


@pytest.mark.parametrize(
    "pronoun, expected",
    [("te", "Spero che tu sia pronto"), ("Te", "Spero che Tu sia pronto")],
)
def test_che_subject_te(pronoun, expected):
    rule = CheSubjectPronoun()
    sent = run(rule, sentence(che_case("Spero", pronoun, "Number=Sing|Person=2|PronType=Prs", "nsubj", "sia")))
    assert text(sent) == expected and rule.applied == 1


def test_che_subject_sentence_initial_che():
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence("""
        Che che SCONJ _ 4 mark
        me me PRON Number=Sing|Person=1|PronType=Prs 4 nsubj
        sia essere AUX Mood=Sub|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 4 cop
        pronto pronto ADJ Gender=Masc|Number=Sing 0 root
        ? ? PUNCT _ 4 punct
    """),
    )
    assert text(sent) == "Che io sia pronto ?"


def test_che_subject_keeps_clitics():
    """'Dico che me ne vado': me is a clitic and right as it is."""
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence("""
        Dico dire VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        che che SCONJ _ 5 mark
        me mi PRON Clitic=Yes|Number=Sing|Person=1|PronType=Prs 5 expl
        ne ne PRON Clitic=Yes|PronType=Prs 5 expl
        vado andare VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 1 ccomp
    """),
    )
    assert sent.changes == [] and rule.skipped == {"clitic (che me ne vado)": 1}


def test_che_subject_keeps_non_subjects():
    """'Non vedo altri che te': te is the object of an exception, not a subject."""
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence("""
        Non non ADV PronType=Neg 2 advmod
        vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        altri altro PRON Gender=Masc|Number=Plur|PronType=Ind 2 obj
        che che SCONJ _ 5 mark
        te te PRON Number=Sing|Person=2|PronType=Prs 3 nmod
    """),
    )
    assert sent.changes == [] and rule.skipped == {"comparative che (than)": 1}


def test_che_subject_with_a_full_verb_and_a_mention():
    """'È meglio che te vada' → 'che tu vada'; the mention on the pronoun keeps its span."""
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence(
            """
        È essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 2 cop
        meglio meglio ADV _ 0 root
        che che SCONJ _ 5 mark
        te te PRON Number=Sing|Person=2|PronType=Prs 5 nsubj
        vada andare VERB Mood=Sub|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin 2 csubj
    """,
            (3, 3, 4),
        ),
    )
    assert text(sent) == "È meglio che tu vada" and spans(sent) == [(3, 3)] and rule.applied == 1


def test_che_subject_only_after_che():
    """'perché me sia pronto' is not looked at (documented limit): no candidate."""
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence("""
        perché perché SCONJ _ 4 mark
        me me PRON Number=Sing|Person=1|PronType=Prs 4 nsubj
        sia essere AUX Mood=Sub|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 4 cop
        pronto pronto ADJ Gender=Masc|Number=Sing 0 root
    """),
    )
    assert sent.changes == [] and rule.applied == 0 and not rule.skipped


def test_che_subject_ignores_me_elsewhere():
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence("""
        Parla parlare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        con con ADP _ 3 case
        me me PRON Number=Sing|Person=1|PronType=Prs 1 obl
    """),
    )
    assert sent.changes == [] and not rule.skipped and rule.applied == 0


# --- possessive_agreement -----------------------------------------------------


def test_possessive_method_examples():
    """method.md: 'Mia padre' → 'Mio padre'; 'Il mio amica' → 'La mia amica' (mention span unchanged)."""
    rule = PossessiveAgreement()
    father = run(
        rule,
        sentence(
            """
        Mia mio DET Gender=Fem|Number=Sing|Poss=Yes|PronType=Prs 2 det:poss
        padre padre NOUN Gender=Masc|Number=Sing 4 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        partito partire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """,
            (0, 1, 1),
        ),
    )
    assert text(father) == "Mio padre è partito" and spans(father) == [(0, 1)]
    assert father.tokens[0].feat("Gender") == "Masc"
    friend = run(
        rule,
        sentence(
            """
        Il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 3 det
        mio mio DET Gender=Masc|Number=Sing|Poss=Yes|PronType=Prs 3 det:poss
        amica amica NOUN Gender=Fem|Number=Sing 5 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        arrivata arrivare VERB Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """,
            (0, 2, 1),
        ),
    )
    assert text(friend) == "La mia amica è arrivata" and spans(friend) == [(0, 2)]
    assert [(c.index, c.before, c.after) for c in friend.changes] == [(1, "mio", "mia"), (0, "Il", "La")]
    assert rule.applied == 2


def np_case(article: str, article_upos: str, article_feats: str, poss: str, noun: str, noun_feats: str) -> str:
    """'Vedo ARTICLE POSS NOUN': the article (or articulated preposition) and the possessive depend on the noun."""
    relation = "case" if article_upos == "ADP" else "det"
    return f"""
        Vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        {article} {article.lower()} {article_upos} {article_feats} 4 {relation}
        {poss} {poss} DET Poss=Yes|PronType=Prs 4 det:poss
        {noun} {noun} NOUN {noun_feats} 1 obj
    """


DEF_MS = "Definite=Def|Gender=Masc|Number=Sing|PronType=Art"


@pytest.mark.parametrize(
    "article, upos, poss, noun, noun_feats, expected",
    [
        ("la", "DET", "suo", "bicicletta", "Gender=Fem|Number=Sing", "la sua bicicletta"),
        ("il", "DET", "suo", "auto", "Gender=Fem|Number=Sing", "la sua auto"),
        ("l'", "DET", "suo", "auto", "Gender=Fem|Number=Sing", "la sua auto"),
        ("del", "ADP", "suo", "carriera", "Gender=Fem|Number=Sing", "della sua carriera"),
        ("nel", "ADP", "suo", "case", "Gender=Fem|Number=Plur", "nelle sue case"),
        ("il", "DET", "loro", "madre", "Gender=Fem|Number=Sing", "la loro madre"),
        ("gli", "DET", "suo", "zii", "Gender=Masc|Number=Plur", "i suoi zii"),
        ("un", "DET", "mio", "amica", "Gender=Fem|Number=Sing", "una mia amica"),
        ("il", "DET", "nostro", "madre", "Gender=Fem|Number=Sing", "la nostra madre"),
        ("la", "DET", "vostra", "amici", "Gender=Masc|Number=Plur", "i vostri amici"),
        ("un", "DET", "tuo", "amici", "Gender=Masc|Number=Plur", "un tuoi amici"),
    ],
)
def test_possessive_and_article_agree(article, upos, poss, noun, noun_feats, expected):
    """The possessive takes the noun's gender and number; the article before it follows, never elided;
    an articulated preposition keeps its preposition; loro stays; an indefinite with a plural noun is left."""
    feats = DEF_MS if article != "un" else "Definite=Ind|Gender=Masc|Number=Sing|PronType=Art"
    rule = PossessiveAgreement()
    sent = run(rule, sentence(np_case(article, upos, feats, poss, noun, noun_feats), (1, 3, 1)))
    assert " ".join(sent.words()[1:]) == expected
    assert spans(sent) == [(1, 3)] and rule.applied == 1


@pytest.mark.parametrize(
    "poss, noun, noun_upos, noun_feats, reason",
    [
        ("sua", "casa", "NOUN", "Gender=Fem|Number=Sing", "agrees already"),
        ("suo", "menù", "NOUN", "Number=Sing", "sources disagree"),
        ("suo", "menù", "NOUN", "_", "sources disagree"),
        ("suo", "menù", "NOUN", "Gender=Fem|Number=Plur", "sources disagree"),
        ("propria", "casa", "NOUN", "Gender=Fem|Number=Sing", "not a personal possessive"),
        ("suoi", "casa", "NUM", "NumType=Card", "head is not a noun"),
    ],
)
def test_possessive_skips(poss, noun, noun_upos, noun_feats, reason):
    """'la suo menù': the invariable form says nothing, the parser no gender (or Fem Plur), the article and the
    possessive differ: the rule does not choose."""
    rule = PossessiveAgreement()
    sent = run(
        rule,
        sentence(f"""
        Vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        la il DET Definite=Def|Gender=Fem|Number=Sing|PronType=Art 4 det
        {poss} {poss} DET Poss=Yes|PronType=Prs 4 det:poss
        {noun} {noun} {noun_upos} {noun_feats} 1 obj
    """),
    )
    assert sent.changes == [] and rule.applied == 0 and rule.skipped == {reason: 1}


# --- demonstrative_agreement --------------------------------------------------


def test_demonstrative_agreement_method_example():
    """method.md: 'Quella avviso è stato redatto' → 'Quell'' 'avviso' …: the elided form stays its own token."""
    rule = DemonstrativeAgreement()
    sent = run(
        rule,
        sentence(
            """
        Quella quello DET Gender=Fem|Number=Sing|PronType=Dem 2 det
        avviso avviso NOUN Gender=Masc|Number=Sing 5 nsubj:pass
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        stato essere AUX Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 5 aux:pass
        redatto redigere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        . . PUNCT _ 5 punct
    """,
            (0, 1, 1),
        ),
    )
    assert sent.words() == ["Quell'", "avviso", "è", "stato", "redatto", "."]
    assert spans(sent) == [(0, 1)] and sent.tokens[0].feat("Gender") == "Masc"
    assert rule.applied == 1


def dem_case(dem: str, noun: str, noun_feats: str, between: str = "") -> str:
    """'Vedo DEM [ADJ] NOUN', the demonstrative being det of the noun."""
    lines = [
        "Vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root",
    ]
    noun_id = 4 if between else 3
    lines.append(f"{dem} quello DET PronType=Dem {noun_id} det")
    if between:
        lines.append(f"{between} {between} ADJ _ {noun_id} amod")
    lines.append(f"{noun} {noun} NOUN {noun_feats} 1 obj")
    return "\n".join(lines)


@pytest.mark.parametrize(
    "dem, noun, feats, between, expected",
    [
        ("Quel", "ragazza", "Gender=Fem|Number=Sing", "", "Quella ragazza"),
        ("quello", "libro", "Gender=Masc|Number=Sing", "", "quel libro"),
        ("quel", "studente", "Gender=Masc|Number=Sing", "", "quello studente"),
        ("quei", "amici", "Gender=Masc|Number=Plur", "", "quegli amici"),
        ("quelli", "libri", "Gender=Masc|Number=Plur", "", "quei libri"),
        ("Quell'", "ragazzo", "Gender=Masc|Number=Sing", "", "Quel ragazzo"),
        ("quello", "albero", "Gender=Masc|Number=Sing", "", "quell' albero"),
        ("questa", "anno", "Gender=Masc|Number=Sing", "", "quest' anno"),
        ("questo", "casa", "Gender=Fem|Number=Sing", "", "questa casa"),
        ("questi", "ragazze", "Gender=Fem|Number=Plur", "", "queste ragazze"),
        ("quella", "amico", "Gender=Masc|Number=Sing", "vecchio", "quel vecchio amico"),
    ],
)
def test_demonstrative_agreement_fires(dem, noun, feats, between, expected):
    """Gender and number from the noun, shape from the next word (an adjective when one stands between).

    The noun phrase is a mention (put back by translation): there the parser's features count.
    """
    rule = DemonstrativeAgreement()
    last = 3 if between else 2
    sent = run(rule, sentence(dem_case(dem, noun, feats, between), (1, last, 1)))
    assert " ".join(sent.words()[1:]) == expected and rule.applied == 1


def test_demonstrative_agreement_outside_mentions_needs_the_nouns_form():
    """'questi precisi termini' with the adjective tagged as a feminine noun: no mention, the parser alone → kept."""
    rule = DemonstrativeAgreement()
    sent = run(rule, sentence(dem_case("questi", "precisi", "Gender=Fem|Number=Plur")))
    assert sent.changes == [] and rule.skipped == {"outside mentions, only the parser disagrees": 1}
    # the shape alone still follows the next word, mention or not
    shape = run(DemonstrativeAgreement(), sentence(dem_case("quello", "momento", "Gender=Masc|Number=Sing")))
    assert " ".join(shape.words()[1:]) == "quel momento"


@pytest.mark.parametrize(
    "dem, noun, feats, reason",
    [
        ("quel", "libro", "Gender=Masc|Number=Sing", "agrees already"),
        # studente: unknown to the noun lexicon, no telling suffix; the parser gives no gender
        ("quella", "studente", "Number=Sing", "noun gender or number unknown or disputed"),
        # the elision of questo/questa/quella is optional: "questa informazione", "quella auto" are right
        ("questa", "informazione", "Gender=Fem|Number=Sing", "elision optional (questo edificio, quella estate)"),
        ("questo", "edificio", "Gender=Masc|Number=Sing", "elision optional (questo edificio, quella estate)"),
        ("quella", "auto", "Gender=Fem|Number=Sing", "elision optional (questo edificio, quella estate)"),
    ],
)
def test_demonstrative_agreement_skips(dem, noun, feats, reason):
    rule = DemonstrativeAgreement()
    sent = run(rule, sentence(dem_case(dem, noun, feats), (1, 2, 1)))
    assert sent.changes == [] and rule.skipped == {reason: 1}


def test_demonstrative_agreement_only_within_four_tokens():
    """A det five tokens before its noun is not an adjective for the rule: nothing applied or counted."""
    rule = DemonstrativeAgreement()
    sent = run(
        rule,
        sentence("""
        Vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        quella quello DET PronType=Dem 7 det
        molto molto ADV _ 4 advmod
        bello bello ADJ Gender=Masc|Number=Sing 7 amod
        e e CCONJ _ 6 cc
        grande grande ADJ Number=Sing 4 conj
        palazzo palazzo NOUN Gender=Masc|Number=Sing 1 obj
    """),
    )
    assert sent.changes == [] and rule.applied == 0 and not rule.skipped


# --- demonstrative_pronoun ----------------------------------------------------


def pronoun_case(dem: str, dem_feats: str, aux: str, part: str, part_feats: str) -> str:
    """'DEM è AUX PART .': the demonstrative is the passive subject."""
    return f"""
        {dem} quello PRON {dem_feats}|PronType=Dem 4 nsubj:pass
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        {aux} essere AUX {part_feats}|Tense=Past|VerbForm=Part 4 aux:pass
        {part} fare VERB {part_feats}|Tense=Past|VerbForm=Part 0 root
        . . PUNCT _ 4 punct
    """


def test_demonstrative_pronoun_method_example():
    """method.md: 'Quella è stato fatto' → 'Ciò è stato fatto'; the mention stays on it."""
    rule = DemonstrativePronoun()
    sent = run(
        rule,
        sentence(
            pronoun_case("Quella", "Gender=Fem|Number=Sing", "stato", "fatto", "Gender=Masc|Number=Sing"), (0, 0, 1)
        ),
    )
    assert text(sent) == "Ciò è stato fatto ."
    assert spans(sent) == [(0, 0)] and sent.changes == [Change("demonstrative_pronoun", 0, "Quella", "Ciò")]
    assert sent.tokens[0].lemma == "ciò" and rule.applied == 1


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            """
            Questa questo PRON Gender=Fem|Number=Sing|PronType=Dem 3 nsubj
            è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 cop
            vero vero ADJ Gender=Masc|Number=Sing 0 root
         """,
            "Ciò è vero",
        ),
        (
            """
            Ho avere AUX Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 2 aux
            detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
            quella quello PRON Gender=Fem|Number=Sing|PronType=Dem 2 obj
            . . PUNCT _ 2 punct
         """,
            "Ho detto ciò .",
        ),
    ],
)
def test_demonstrative_pronoun_fires(block, expected):
    """A masculine predicate ('vero') or none at all: the feminine is not meant; lower case kept."""
    rule = DemonstrativePronoun()
    assert text(run(rule, sentence(block))) == expected and rule.applied == 1


KEPT_DEMONSTRATIVES = {
    "a feminine predicate agrees": pronoun_case(
        "Quella", "Gender=Fem|Number=Sing", "stata", "fatta", "Gender=Fem|Number=Sing"
    ),
    "plural (ciò is singular)": pronoun_case(
        "Quelle", "Gender=Fem|Number=Plur", "state", "fatte", "Gender=Fem|Number=Plur"
    ),
    "masculine singular is already neuter": pronoun_case(
        "Quello", "Gender=Masc|Number=Sing", "stato", "fatto", "Gender=Masc|Number=Sing"
    ),
    "quello che: a relative clause follows": """
        Quella quello PRON Gender=Fem|Number=Sing|PronType=Dem 7 nsubj
        che che PRON PronType=Rel 4 obj
        ho avere AUX Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 4 aux
        visto vedere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 1 acl:relcl
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 7 aux
        stata essere AUX Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part 7 aux:pass
        venduta vendere VERB Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """,
    "quello di: a modifier follows": """
        Quella quello PRON Gender=Fem|Number=Sing|PronType=Dem 5 nsubj
        di di ADP _ 3 case
        Mario Mario PROPN _ 1 nmod
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 cop
        rossa rosso ADJ Gender=Fem|Number=Sing 0 root
    """,
    "a colon follows: it announces its referent": """
        Questa questo PRON Gender=Fem|Number=Sing|PronType=Dem 0 root
        : : PUNCT _ 1 punct
        vendere vendere VERB VerbForm=Inf 1 appos
    """,
    "elided form (not a pronoun)": """
        Quell' quello DET PronType=Dem 2 det
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        . . PUNCT _ 2 punct
    """,
    "a noun follows within 4 tokens": """
        Questa questo PRON Gender=Fem|Number=Sing|PronType=Dem 5 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 cop
        una uno DET Definite=Ind|Gender=Fem|Number=Sing|PronType=Art 5 det
        bella bello ADJ Gender=Fem|Number=Sing 5 amod
        casa casa NOUN Gender=Fem|Number=Sing 0 root
    """,
}


@pytest.mark.parametrize("reason", KEPT_DEMONSTRATIVES)
def test_demonstrative_pronoun_keeps(reason):
    rule = DemonstrativePronoun()
    sent = run(rule, sentence(KEPT_DEMONSTRATIVES[reason], (0, 0, 1)))
    assert sent.changes == [] and spans(sent) == [(0, 0)]
    assert rule.applied == 0 and rule.skipped == {reason: 1}


def test_demonstrative_pronoun_keeps_a_person():
    """'Maria ? Quella ha mentito', both in one cluster: the demonstrative refers to a person."""
    block = """
        Maria Maria PROPN _ 0 root
        ? ? PUNCT _ 1 punct
        Quella quello PRON Gender=Fem|Number=Sing|PronType=Dem 5 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        mentito mentire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 1 parataxis
    """
    rule = DemonstrativePronoun()
    sent = run(rule, sentence(block, (0, 0, 7), (2, 2, 7)))
    assert sent.changes == [] and rule.skipped == {"refers to a person": 1}


def test_demonstrative_rules_share_no_candidate():
    """An adjectival demonstrative is the agreement rule's, never the pronoun rule's."""
    rule = DemonstrativePronoun()
    sent = run(rule, sentence(dem_case("quella", "libro", "Gender=Masc|Number=Sing")))
    assert sent.changes == [] and rule.applied == 0 and not rule.skipped


# --- registry -----------------------------------------------------------------


def test_registry_names_match_rules_and_schema():
    """Keys are the rules' names; the default order lists each once; the config schema's enum agrees."""
    assert all(cls.name == name for name, cls in RULES.items())
    assert sorted(DEFAULT_ORDER) == sorted(RULES)
    schema = yaml.safe_load(SCHEMA.read_text(encoding="utf-8"))
    enum = schema["properties"]["refine"]["properties"]["rules"]["items"]["enum"]
    assert set(enum) == set(RULES)


def test_every_rule_declares_needs_and_documents_itself():
    for cls in RULES.values():
        assert cls.needs and set(cls.needs) <= {"lemma", "upos", "feats", "head", "deprel"}
        assert "Before/after" in (cls.__doc__ or "") and "Known failure modes" in (cls.__doc__ or "")


def test_a_rule_is_skipped_where_the_parser_left_out_what_it_needs():
    """`needs` is read: a parse without morphology (a spaCy pipeline without a morphologizer) skips the rules
    that read features, each counted with the reason, and changes nothing."""
    parsed = parse("""
        Il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 3 det
        mio mio DET Gender=Masc|Number=Sing|Poss=Yes|PronType=Prs 3 det:poss
        amica amica NOUN Gender=Fem|Number=Sing 5 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        arrivata arrivare VERB Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part 0 root
    """)
    parsed.annotations = frozenset({"lemma", "upos", "xpos", "head", "deprel"})
    possessive, preposition = PossessiveAgreement(), PrepositionPronoun()
    sent = refine(Sentence(parsed, []), [possessive, preposition])
    assert text(sent) == "Il mio amica è arrivata" and sent.changes == []
    assert possessive.skipped == {"missing annotation: feats": 1} and possessive.applied == 0
    assert not preposition.skipped  # it reads no features: it ran (and found nothing to do)


def test_build_rules_in_order_and_fresh():
    rules = build_rules(DEFAULT_ORDER)
    assert [r.name for r in rules] == list(DEFAULT_ORDER)
    assert build_rules(["demonstrative_pronoun"])[0] is not build_rules(["demonstrative_pronoun"])[0]
    assert build_rules([]) == []


def test_build_rules_rejects_unknown_and_repeated_names():
    with pytest.raises(ConfigError) as err:
        build_rules(["subject_pronoun_deletion", "pro_drop"])
    assert "'pro_drop'" in str(err.value) and all(name in str(err.value) for name in RULES)
    with pytest.raises(ConfigError, match="twice"):
        build_rules(["possessive_agreement", "possessive_agreement"])


def test_refine_default_order_on_the_method_example():
    sent = refine(sentence(COOK, (0, 0, 1), (6, 6, 2)), build_rules(DEFAULT_ORDER))
    assert text(sent) == "Ha detto alla gente che era una brava cuoca ."
    assert spans(sent) == [(0, 0), (5, 5)]


def test_refine_rewrites_before_pro_drop():
    """'Tu siete pronti': agreement makes it 'Voi', pro-drop then deletes it; the log shows both."""
    rules = build_rules(DEFAULT_ORDER)
    sent = refine(
        sentence(
            number_case(
                "Tu",
                "Number=Sing|Person=2|PronType=Prs",
                "siete",
                "Mood=Ind|Number=Plur|Person=2|Tense=Pres|VerbForm=Fin",
            ),
            (0, 0, 1),
        ),
        rules,
    )
    assert text(sent) == "Siete pronti ." and spans(sent) == [(0, 0)]
    assert [(c.rule, c.before, c.after) for c in sent.changes] == [
        ("pronoun_number_agreement", "Tu", "Voi"),
        ("subject_pronoun_deletion", "Voi", ""),
        ("subject_pronoun_deletion", "siete", "Siete"),
    ]


def test_refine_che_then_pro_drop_keeps_the_subjunctive_subject():
    """'che me sia pronto' → 'che io sia pronto', and pro-drop keeps io (the subjunctive hides the person)."""
    rules = build_rules(DEFAULT_ORDER)
    sent = refine(
        sentence(che_case("Penso", "me", "Number=Sing|Person=1|PronType=Prs", "nsubj", "sia"), (2, 2, 1)), rules
    )
    assert text(sent) == "Penso che io sia pronto" and spans(sent) == [(2, 2)]
    prodrop = next(r for r in rules if r.name == "subject_pronoun_deletion")
    assert prodrop.skipped == {"subjunctive: the person would be lost": 1}


def test_prodrop_then_euphonic_d_drops_the_d_before_a_consonant():
    """ "ed lui sono" is what γ can produce ("and they"): after deletion "ed" must become "e" (euphonic_d,
    which runs after pro-drop; pro-drop alone leaves it)."""
    import copy

    from coref_transfer.refine.base import Sentence
    from coref_transfer.refine.registry import build_rules, refine

    tokens = [
        Token("Paolo", "Paolo", "PROPN", "SP", {}, 1, "nsubj"),
        Token(
            "canta",
            "cantare",
            "VERB",
            "V",
            {"VerbForm": "Fin", "Person": "3", "Number": "Sing", "Mood": "Ind"},
            -1,
            "root",
        ),
        Token("ed", "e", "CCONJ", "CC", {}, 5, "cc"),
        Token(
            "essa",
            "essa",
            "PRON",
            "PE",
            {"Gender": "Fem", "Number": "Sing", "Person": "3", "PronType": "Prs"},
            5,
            "nsubj",
        ),
        Token("non", "non", "ADV", "BN", {"PronType": "Neg"}, 5, "advmod"),
        Token(
            "balla",
            "ballare",
            "VERB",
            "V",
            {"VerbForm": "Fin", "Person": "3", "Number": "Sing", "Mood": "Ind"},
            1,
            "conj",
        ),
        Token(".", ".", "PUNCT", "FS", {}, 1, "punct"),
    ]
    alone = Sentence(ParsedSentence(copy.deepcopy(tokens)), [Mention(7, Span(3, 3))])
    refine(alone, build_rules(["subject_pronoun_deletion"]))
    assert alone.words() == ["Paolo", "canta", "ed", "non", "balla", "."]
    sentence = Sentence(ParsedSentence(tokens), [Mention(7, Span(3, 3))])
    refine(sentence, build_rules(["subject_pronoun_deletion", "euphonic_d"]))
    assert sentence.words() == ["Paolo", "canta", "e", "non", "balla", "."]


def test_prodrop_keeps_a_pronoun_with_another_subject_between_it_and_its_verb():
    """'Esso sì, e esso si illumina' parsed with both on 'illumina': the nearer goes, the first stays (no two mentions on one token)."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Esso esso PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 7 nsubj
        sì sì ADV _ 1 advmod
        , , PUNCT _ 1 punct
        e e CCONJ _ 7 cc
        esso esso PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 7 nsubj
        si si PRON Clitic=Yes|Person=3|PronType=Prs 7 expl
        illumina illuminare VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        . . PUNCT _ 7 punct
    """,
            (0, 0, 2),
            (4, 4, 2),
        ),
    )
    assert text(sent) == "Esso sì , e si illumina ."
    assert spans(sent) == [(0, 0), (5, 5)]
    assert rule.skipped == {"another subject of the same verb": 1}


def test_pronoun_number_follows_the_mentions_class_over_a_misparsed_verb():
    """'quando loro vedranno esso' with esso parsed as a subject of 'vedranno': esso is the museum (singular), it stays."""
    from coref_transfer.classes import MentionClass

    block = """
        quando quando SCONJ _ 3 mark
        loro loro PRON Number=Plur|Person=3|PronType=Prs 3 nsubj
        vedranno vedere VERB Mood=Ind|Number=Plur|Person=3|Tense=Fut|VerbForm=Fin 0 root
        esso esso PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 nsubj
        . . PUNCT _ 3 punct
    """
    src = ("english", "english", "english")
    rule = PronounNumberAgreement()
    sent = sentence(block, (1, 1, 1), (3, 3, 2))
    sent.classes = [MentionClass("person", "masc", "plur", src), MentionClass("thing", "masc", "sing", src)]
    run(rule, sent)
    # esso follows 'vedranno': left as a possible object before the class is read
    assert sent.changes == [] and rule.skipped["post-verbal: may be the object"] == 1
    bare = run(PronounNumberAgreement(), sentence(block, (1, 1, 1), (3, 3, 2)))  # no classes: the position decides
    assert text(bare) == "quando loro vedranno esso ."
    before = """
        esso esso PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 2 nsubj
        vedranno vedere VERB Mood=Ind|Number=Plur|Person=3|Tense=Fut|VerbForm=Fin 0 root
        . . PUNCT _ 2 punct
    """
    rule = PronounNumberAgreement()
    sent = sentence(before, (0, 0, 2))
    sent.classes = [MentionClass("thing", "masc", "sing", src)]
    run(rule, sent)  # a singular class outweighs the plural verb
    assert sent.changes == [] and rule.skipped["the mention's class has the pronoun's number"] == 1
    assert text(run(PronounNumberAgreement(), sentence(before, (0, 0, 2)))) == "essi vedranno ."


def test_prodrop_reads_an_irregular_speech_participle_by_its_form():
    """'…, ha risposto [lei] ai giornalisti.' with the lemma misread ("risporre"): the form decides."""
    rule = SubjectPronounDeletion()
    block = QUOTE_SAID.replace("detto dire", "risposto risporre").format(
        pronoun="lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs",
        deprel="dep",
        after="ai a ADP _ 7 obl",
    )
    sent = run(rule, sentence(block, (7, 7, 1)))
    assert text(sent) == '" Abbiamo vinto , " ha risposto ai .'
    assert spans(sent) == [(5, 5)] and rule.applied == 1


def test_prodrop_keeps_a_subject_after_an_inverted_quotative_of_another_entity():
    """'"Abbiamo vinto," ha detto [lui], e [lei] ha sorriso.': lui goes, lei stays (the pair contrasts them)."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        " " PUNCT _ 3 punct
        Abbiamo avere AUX Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin 3 aux
        vinto vincere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 7 ccomp
        , , PUNCT _ 3 punct
        " " PUNCT _ 7 punct
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 7 aux
        detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 7 obj
        , , PUNCT _ 13 punct
        e e CCONJ _ 13 cc
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 13 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 13 aux
        sorriso sorridere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 7 conj
        . . PUNCT _ 7 punct
    """,
            (7, 7, 1),
            (10, 10, 2),
        ),
    )
    assert text(sent) == '" Abbiamo vinto , " ha detto , e lei ha sorriso .'
    assert rule.skipped == {"contrastive pair": 1}


def test_demonstrative_pronoun_plural_subject_of_a_singular_verb():
    """'Queste è successo prima': the plural disagrees with 'è'; the pronoun is the error → 'Ciò'."""
    rule = DemonstrativePronoun()
    sent = run(
        rule,
        sentence(
            pronoun_case("Queste", "Gender=Fem|Number=Plur", "stato", "fatto", "Gender=Masc|Number=Sing"), (0, 0, 1)
        ),
    )
    assert text(sent) == "Ciò è stato fatto ." and spans(sent) == [(0, 0)] and rule.applied == 1


def test_che_subject_reads_a_finite_verb_after_an_oblique_me():
    """'I miei sperano che me trovi lavoro', me parsed obl of 'trovi': a tonic me is no object → 'io'."""
    rule = CheSubjectPronoun()
    sent = run(rule, sentence(che_case("Spero", "me", "Number=Sing|Person=1|PronType=Prs", "obl", "sia"), (2, 2, 1)))
    assert text(sent) == "Spero che io sia pronto" and rule.applied == 1


def test_che_subject_keeps_an_oblique_me_before_no_verb():
    """'non vedo altri che te .': no verb after te; it stays."""
    rule = CheSubjectPronoun()
    sent = run(
        rule,
        sentence("""
        non non ADV PronType=Neg 2 advmod
        vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        altri altro PRON Gender=Masc|Number=Plur 2 obj
        che che ADP _ 5 case
        te te PRON Number=Sing|Person=2|PronType=Prs 3 nmod
        . . PUNCT _ 2 punct
    """),
    )
    assert sent.changes == [] and rule.skipped == {"comparative che (than)": 1}


def test_number_agreement_reads_a_post_verbal_tu_as_the_subject():
    """'Lo sapete solo tu', tu parsed obl of 'sapete' (2nd plural): tu is only ever a subject → 'voi'."""
    rule = PronounNumberAgreement()
    sent = run(
        rule,
        sentence(
            """
        Lo lo PRON Clitic=Yes|Gender=Masc|Number=Sing|Person=3|PronType=Prs 2 obj
        sapete sapere VERB Mood=Ind|Number=Plur|Person=2|Tense=Pres|VerbForm=Fin 0 root
        solo solo ADV _ 4 advmod
        tu tu PRON Number=Sing|Person=2|PronType=Prs 2 obl
        . . PUNCT _ 2 punct
    """,
            (3, 3, 1),
        ),
    )
    assert text(sent) == "Lo sapete solo voi ." and spans(sent) == [(3, 3)] and rule.applied == 1


def test_number_agreement_leaves_a_tu_after_a_preposition():
    """'Parlano di tu' is preposition_pronoun's ('di te'); number agreement does not read it as a subject."""
    rule = PronounNumberAgreement()
    sent = run(
        rule,
        sentence("""
        Parlano parlare VERB Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin 0 root
        di di ADP _ 3 case
        tu tu PRON Number=Sing|Person=2|PronType=Prs 1 obl
        . . PUNCT _ 1 punct
    """),
    )
    assert sent.changes == [] and rule.applied == 0


def test_number_agreement_leaves_a_tonic_pronoun_after_its_verb():
    """'Vogliono lui , non lei': lui parsed as the subject of 'vogliono' is its object; it stays."""
    rule = PronounNumberAgreement()
    sent = run(
        rule,
        sentence(
            """
        Vogliono volere VERB Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin 0 root
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 1 nsubj
        . . PUNCT _ 1 punct
    """,
            (1, 1, 1),
        ),
    )
    assert sent.changes == [] and rule.skipped["post-verbal: may be the object"] == 1


def test_prodrop_keeps_a_pronoun_coordinated_by_position():
    """'Lui e lei si sono sposati' with 'Lui' misparsed as a root: e + a nominal before, a plural verb → coordinated."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Lui lui PROPN _ 0 root
        e e CCONJ _ 5 cc
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 5 nsubj
        si si PRON Clitic=Yes|Person=3|PronType=Prs 5 expl
        sono essere AUX Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin 6 aux
        sposati sposare VERB Gender=Masc|Number=Plur|Tense=Past|VerbForm=Part 0 root
        . . PUNCT _ 6 punct
    """,
            (0, 0, 1),
            (2, 2, 2),
        ),
    )
    assert sent.changes == [] and rule.skipped == {"coordinated subject": 1}


def test_prodrop_keeps_a_pronoun_joined_to_another_before_a_singular_verb():
    """Issue 38, seventh set: 'qualsiasi cosa lui o lei voglia' (a disjunction agrees in the singular; 'lei'
    misparsed as the subject of 'voglia' alone) kept 'lei'; after a noun, 'e lei ha custodito' is a clause."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        cosa cosa NOUN Gender=Fem|Number=Sing 0 root
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 1 xcomp
        o o CCONJ _ 5 cc
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 5 nsubj
        voglia volere VERB Mood=Sub|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 2 conj
        . . PUNCT _ 1 punct
    """,
        ),
    )
    assert sent.changes == [] and rule.skipped.get("coordinated subject") == 1


def test_prodrop_keeps_the_subject_of_a_gapped_contrast():
    """'Lui ha pagato il vino , lei il pane': lei's clause has no verb of its own; Lui stays (contrastive pair)."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 3 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
        pagato pagare VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 5 det
        vino vino NOUN Gender=Masc|Number=Sing 3 obj
        , , PUNCT _ 5 punct
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 9 cc
        il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 9 det
        pane pane NOUN Gender=Masc|Number=Sing 3 conj
        . . PUNCT _ 3 punct
    """,
            (0, 0, 1),
            (6, 6, 2),
        ),
    )
    assert sent.changes == [] and rule.skipped["contrastive pair"] == 1


def test_prodrop_reattaches_a_pronoun_to_the_agreeing_verb_after_it():
    """'restaurato ed esso è di nuovo aperto' (esso parsed as a conjunct): esso is the subject of 'è … aperto'; it goes."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 2 det
        museo museo NOUN Gender=Masc|Number=Sing 4 nsubj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 aux
        restaurato restaurare VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        ed ed CCONJ _ 6 cc
        esso esso PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 4 conj
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 8 cop
        aperto aperto ADJ Gender=Masc|Number=Sing 4 conj
        . . PUNCT _ 4 punct
    """,
            (0, 1, 1),
            (5, 5, 1),
        ),
    )
    assert text(sent) == "Il museo è restaurato ed è aperto ." and spans(sent) == [(0, 1), (5, 5)]
    assert rule.repaired == 1


def test_prodrop_drops_the_subject_of_an_object_relative_when_number_tells_che_apart():
    """'I libri che lui ha scritto': libri (plural) cannot be the subject of 'ha'; lui goes."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        I il DET Definite=Def|Gender=Masc|Number=Plur|PronType=Art 2 det
        libri libro NOUN Gender=Masc|Number=Plur 0 root
        che che PRON PronType=Rel 6 obj
        lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs 6 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 6 aux
        scritto scrivere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 2 acl:relcl
        . . PUNCT _ 2 punct
    """,
            (3, 3, 1),
        ),
    )
    assert text(sent) == "I libri che ha scritto ." and spans(sent) == [(3, 3)]


def test_prodrop_keeps_io_after_che_when_the_verb_form_does_not_show_the_person():
    """'Aspetta che io finisca' (finisca parsed as an indicative 3rd person): the form could be any person; io stays."""
    rule = SubjectPronounDeletion()
    sent = run(
        rule,
        sentence(
            """
        Aspetta aspettare VERB Mood=Imp|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin 0 root
        che che SCONJ _ 4 mark
        io io PRON Number=Sing|Person=1|PronType=Prs 4 nsubj
        finisca finire VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 1 ccomp
        . . PUNCT _ 1 punct
    """,
            (2, 2, 1),
        ),
    )
    assert sent.changes == [] and rule.skipped == {"subjunctive: the person would be lost": 1}


# --- issue 14: the spent test set's failures (hand-built parses; tests/test_refine_pronouns_parser.py
# runs the shipped parser on them) -------------------------------------------------------------


def test_demonstrative_pronoun_keeps_an_elliptic_phrase():
    """'preferisco quella blu': an adjective follows, the noun (giacca) is understood; counted."""
    rule = DemonstrativePronoun()
    sent = run(
        rule,
        sentence("""
        Preferisco preferire VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        quella quello PRON Gender=Fem|Number=Sing|PronType=Dem 1 obj
        blu blu ADJ _ 2 amod
        . . PUNCT _ 1 punct
    """),
    )
    assert sent.changes == [] and rule.skipped == {"quello + adjective: an elliptic noun phrase": 1}


def test_demonstrative_pronoun_keeps_a_possible_antecedent():
    """'La giustizia … è proprio questa a deluderti': a feminine singular noun before it may be its antecedent."""
    rule = DemonstrativePronoun()
    sent = run(
        rule,
        sentence("""
        La il DET Definite=Def|Gender=Fem|Number=Sing|PronType=Art 2 det
        giustizia giustizia NOUN Gender=Fem|Number=Sing 0 root
        delude deludere VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 2 acl
        ma ma CCONJ _ 6 cc
        è essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 6 cop
        questa questo PRON Gender=Fem|Number=Sing|PronType=Dem 3 conj
        . . PUNCT _ 2 punct
    """),
    )
    assert sent.changes == [] and rule.skipped == {"a feminine noun before it may be its antecedent": 1}


def test_number_agreement_reads_a_verb_the_parser_missed():
    """'Decidete tu': the parser made 'Decidete' a PROPN and tu its flat:name; the ending -ete says 2nd plural."""
    rule = PronounNumberAgreement()
    sent = run(
        rule,
        sentence(
            """
        Decidete Decidete PROPN _ 0 root
        tu tu PRON Number=Sing|Person=2|PronType=Prs 1 flat:name
        dove dove ADV _ 4 advmod
        andare andare VERB VerbForm=Inf 1 acl
        . . PUNCT _ 1 punct
    """,
            (1, 1, 1),
        ),
    )
    assert text(sent) == "Decidete voi dove andare ." and spans(sent) == [(1, 1)] and rule.applied == 1


def test_number_agreement_leaves_voi_after_a_verb_other_than_essere():
    """'Chiamate voi' agrees; 'Vogliamo voi' (voi the object, parsed flat) is not read against 'vogliamo'."""
    rule = PronounNumberAgreement()
    sent = run(
        rule,
        sentence("""
        Preferisci preferire PROPN _ 0 root
        voi voi PRON Number=Plur|Person=2|PronType=Prs 1 flat:name
        . . PUNCT _ 1 punct
    """),
    )
    assert sent.changes == [] and rule.applied == 0


def test_morphology_second_person_guess():
    assert m.second_person_guess("venite") == "Plur" and m.second_person_guess("dormivi") == "Sing"
    assert m.second_person_guess("rete") is None and m.second_person_guess("te") is None
