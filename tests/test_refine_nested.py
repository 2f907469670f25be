"""Stage δ's rules on nested and same-span mentions, as the joint translation method hands them over (issue 36).

Every English mention is carried into the Italian sentence, so refine sees a pronoun inside a longer
mention that is not its own ("[la donna che ha invitato loro ieri]"), a pronoun at the edge of a longer
mention ("[lui , che era stanco]"), a verb that is an event mention ("[partì]"), and one span in two
chains. Each sentence is hand-parsed (ISDT conventions, as in `test_refine_rules`); each case says what
the rule did before (the wrong outcome) and checks what it does now: read only the token's own mention,
or leave the pronoun with the reason counted.
"""

from __future__ import annotations

from refine_sentences import run, sentence, spans, text

from coref_transfer.classes import MentionClass
from coref_transfer.refine.it.clitics import ObjectPronounClitic
from coref_transfer.refine.it.demonstratives import DemonstrativeAgreement, DemonstrativePronoun
from coref_transfer.refine.it.prodrop import SubjectPronounDeletion
from coref_transfer.refine.it.pronouns import PronounNumberAgreement
from coref_transfer.refine.it.reflexives import Reflexive

SRC = ("english", "english", "english")
LUI = "lui lui PRON Gender=Masc|Number=Sing|Person=3|PronType=Prs"

IERI_PARTI = f"""
    Ieri ieri ADV _ 3 advmod
    {LUI} 3 nsubj
    partì partire VERB Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin 0 root
    . . PUNCT _ 3 punct
"""


# --- subject_pronoun_deletion -------------------------------------------------------------------


def test_prodrop_keeps_a_pronoun_whose_verb_is_another_clusters_mention():
    """ "Ieri [lui] [partì]", the verb an event mention: deleting lui put both chains on "partì"."""
    rule = SubjectPronounDeletion()
    sent = run(rule, sentence(IERI_PARTI, (1, 1, 1), (2, 2, 2)))
    assert text(sent) == "Ieri lui partì ." and spans(sent) == [(1, 1), (2, 2)] and sent.zeros == {}
    assert rule.applied == 0 and rule.skipped == {"target_is_mention": 1}


def test_prodrop_moves_onto_a_verb_that_is_a_mention_of_the_same_cluster():
    """The same cluster on the verb is no second chain: the pronoun goes as before (a repeat the span formats
    write once, `export.rows.unique_mentions`)."""
    rule = SubjectPronounDeletion()
    sent = run(rule, sentence(IERI_PARTI, (1, 1, 1), (2, 2, 1)))
    assert text(sent) == "Ieri partì ." and spans(sent) == [(1, 1), (1, 1)] and rule.applied == 1


def test_prodrop_keeps_a_pronoun_that_carries_two_mentions():
    """One span in two chains on "lui": both moved onto the verb, each with the same zero subject."""
    rule = SubjectPronounDeletion()
    sent = run(rule, sentence(IERI_PARTI, (1, 1, 1), (1, 1, 2)))
    assert text(sent) == "Ieri lui partì ." and sent.zeros == {}
    assert rule.applied == 0 and rule.skipped == {"several_mentions": 1}


def test_prodrop_keeps_a_pronoun_that_opens_a_longer_mention():
    """ "Ieri [lui , che era stanco ,] partì", the relative clause misparsed onto the verb (so lui has no
    dependents): deleting lui left the mention starting at the comma."""
    rule = SubjectPronounDeletion()
    block = f"""
        Ieri ieri ADV _ 8 advmod
        {LUI} 8 nsubj
        , , PUNCT _ 6 punct
        che che PRON PronType=Rel 6 nsubj
        era essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin 6 cop
        stanco stanco ADJ Gender=Masc|Number=Sing 8 advcl
        , , PUNCT _ 6 punct
        partì partire VERB Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin 0 root
        . . PUNCT _ 8 punct
    """
    sent = run(rule, sentence(block, (1, 5, 1)))
    assert text(sent) == "Ieri lui , che era stanco , partì ." and spans(sent) == [(1, 5)]
    assert rule.applied == 0 and rule.skipped == {"mention_boundary": 1}


def test_prodrop_reads_no_cluster_off_a_mention_around_the_pronoun():
    """ "[Mario] ha detto [che lui era stanco]": lui has no mention of its own, and the clause's cluster is
    not his; the old lookup called it a "subject switch". With no mention on lui nothing tells, and it goes."""
    rule = SubjectPronounDeletion()
    block = f"""
        Mario Mario PROPN _ 3 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
        detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        che che SCONJ _ 7 mark
        {LUI} 7 nsubj
        era essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin 7 cop
        stanco stanco ADJ Gender=Masc|Number=Sing 3 ccomp
        . . PUNCT _ 3 punct
    """
    sent = run(rule, sentence(block, (0, 0, 1), (3, 6, 2)))
    assert text(sent) == "Mario ha detto che era stanco ." and spans(sent) == [(0, 0), (3, 5)]
    assert rule.applied == 1 and rule.skipped == {}
    # lui's own mention of another cluster than Mario's is a switch, nested in the clause or not
    switch = SubjectPronounDeletion()
    kept = run(switch, sentence(block, (0, 0, 1), (3, 6, 2), (4, 4, 3)))
    assert text(kept) == "Mario ha detto che lui era stanco ." and switch.skipped == {"subject switch": 1}


# --- object_pronoun_clitic ----------------------------------------------------------------------


def test_clitic_keeps_a_pronoun_that_opens_a_longer_mention():
    """ "Ho visto [lui , che era stanco]": "L' ho visto" left the mention as ", che era stanco"."""
    rule = ObjectPronounClitic()
    block = f"""
        Ho avere AUX Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 2 aux
        visto vedere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 0 root
        {LUI} 2 obj
        , , PUNCT _ 7 punct
        che che PRON PronType=Rel 7 nsubj
        era essere AUX Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin 7 cop
        stanco stanco ADJ Gender=Masc|Number=Sing 3 acl:relcl
        . . PUNCT _ 2 punct
    """
    sent = run(rule, sentence(block, (2, 6, 1)))
    assert text(sent) == "Ho visto lui , che era stanco ." and spans(sent) == [(2, 6)]
    assert rule.applied == 0 and rule.skipped == {"mention_boundary": 1}


def test_clitic_keeps_a_pronoun_whose_verb_is_another_clusters_mention():
    """ "nessuno può [fermare] [lui]": "[fermarlo]" held both chains on one span."""
    rule = ObjectPronounClitic()
    block = f"""
        nessuno nessuno PRON Number=Sing|PronType=Neg 3 nsubj
        può potere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
        fermare fermare VERB VerbForm=Inf 0 root
        {LUI} 3 obj
        . . PUNCT _ 3 punct
    """
    sent = run(rule, sentence(block, (2, 2, 1), (3, 3, 2)))
    assert text(sent) == "nessuno può fermare lui ." and spans(sent) == [(2, 2), (3, 3)]
    assert rule.applied == 0 and rule.skipped == {"target_is_mention": 1}
    alone = run(ObjectPronounClitic(), sentence(block, (3, 3, 2)))  # the verb no mention: as before
    assert text(alone) == "nessuno può fermarlo ." and spans(alone) == [(2, 2)]


RELATIVE = """
    Conosco conoscere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
    {article}
    {noun} 1 obj
    che che PRON PronType=Rel 6 nsubj
    ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 6 aux
    {verb} 3 acl:relcl
    {pronoun} 6 obj
    ieri ieri ADV _ 6 advmod
    . . PUNCT _ 1 punct
"""
UOMO = {
    "article": "l' il DET Definite=Def|Number=Sing|PronType=Art 3 det",
    "noun": "uomo uomo NOUN Gender=Masc|Number=Sing",
}
DONNA = {
    "article": "la il DET Definite=Def|Gender=Fem|Number=Sing|PronType=Art 3 det",
    "noun": "donna donna NOUN Gender=Fem|Number=Sing",
}


def test_clitic_reads_no_mention_off_a_phrase_around_a_first_person_pronoun():
    """ "Conosco [l' uomo che ha aiutato noi ieri]": noi has no mention of its own (Italian text, likely a
    contrast); the mention around it made it "ci ha aiutato"."""
    rule = ObjectPronounClitic()
    block = RELATIVE.format(
        **UOMO,
        verb="aiutato aiutare VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part",
        pronoun="noi noi PRON Number=Plur|Person=1|PronType=Prs",
    )
    sent = run(rule, sentence(block, (1, 7, 1)))
    assert text(sent) == "Conosco l' uomo che ha aiutato noi ieri ."
    assert rule.skipped == {"first or second person with no mention (contrastive in Italian text)": 1}
    own = run(ObjectPronounClitic(), sentence(block, (1, 7, 1), (6, 6, 2)))  # noi's own mention, nested
    assert text(own) == "Conosco l' uomo che ci ha aiutato ieri ." and spans(own) == [(1, 7), (4, 4)]


def test_clitic_takes_no_class_from_a_mention_around_loro():
    """ "[la donna che ha invitato loro ieri]" (a woman, feminine singular): loro took her class and became
    "le ... invitate"; with no class of its own it is "li", counted as such."""
    rule = ObjectPronounClitic()
    block = RELATIVE.format(
        **DONNA,
        verb="invitato invitare VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part",
        pronoun="loro loro PRON Number=Plur|Person=3|PronType=Prs",
    )
    sent = sentence(block, (1, 7, 1))
    sent.classes = [MentionClass("person", "fem", "sing", SRC)]
    run(rule, sent)
    assert text(sent) == "Conosco la donna che li ha invitati ieri ."
    assert rule.applied == 1 and rule.skipped == {"(applied) loro with no entity class: li": 1}


# --- reflexive ----------------------------------------------------------------------------------


def test_reflexive_changes_only_a_se_stesso_that_is_a_mention_itself():
    """ "Conosco [l' uomo che ha reinventato sé stesso ieri]": the mention around "sé stesso" is the man's,
    not the -self's; it made "si è reinventato" of Italian text. Its own "[sé stesso]" still does."""
    block = """
        Conosco conoscere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        l' il DET Definite=Def|Number=Sing|PronType=Art 3 det
        uomo uomo NOUN Gender=Masc|Number=Sing 1 obj
        che che PRON PronType=Rel 6 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 6 aux
        reinventato reinventare VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 3 acl:relcl
        sé sé PRON Person=3|PronType=Prs|Reflex=Yes 6 obj
        stesso stesso ADJ Gender=Masc|Number=Sing 7 amod
        ieri ieri ADV _ 6 advmod
        . . PUNCT _ 1 punct
    """
    rule = Reflexive()
    sent = run(rule, sentence(block, (1, 8, 1)))
    assert text(sent) == "Conosco l' uomo che ha reinventato sé stesso ieri ."
    assert rule.skipped == {"not a mention (emphatic reflexive of Italian text)": 1}
    own = run(Reflexive(), sentence(block, (1, 8, 1), (6, 7, 2)))
    assert text(own) == "Conosco l' uomo che si è reinventato ieri ." and spans(own) == [(1, 7), (4, 4)]


# --- pronoun_number_agreement -------------------------------------------------------------------


def test_pronoun_number_reads_no_class_off_a_mention_around_the_pronoun():
    """ "Ecco [il libro che tu avete scritto]": the book's singular class kept "tu" ("the mention's class has
    the pronoun's number"); tu has no mention of its own, and the verb makes it "voi"."""
    block = """
        Ecco ecco ADV _ 0 root
        il il DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art 3 det
        libro libro NOUN Gender=Masc|Number=Sing 1 obj
        che che PRON PronType=Rel 7 obj
        tu tu PRON Number=Sing|Person=2|PronType=Prs 7 nsubj
        avete avere AUX Mood=Ind|Number=Plur|Person=2|Tense=Pres|VerbForm=Fin 7 aux
        scritto scrivere VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 3 acl:relcl
        . . PUNCT _ 1 punct
    """
    rule = PronounNumberAgreement()
    sent = sentence(block, (1, 6, 1))
    sent.classes = [MentionClass("thing", "masc", "sing", SRC)]
    run(rule, sent)
    assert text(sent) == "Ecco il libro che voi avete scritto ." and rule.applied == 1


# --- demonstratives -----------------------------------------------------------------------------


def test_demonstrative_agreement_inside_a_mention_it_does_not_head_needs_the_nouns_form():
    """ "[Vedo questi precisi]" (a clause mention; "precisi" an adjective tagged as a feminine noun): the
    noun heads no mention, so the parser alone does not make it "queste"; a mention it heads does."""
    block = """
        Vedo vedere VERB Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 0 root
        questi quello DET PronType=Dem 3 det
        precisi precisi NOUN Gender=Fem|Number=Plur 1 obj
    """
    rule = DemonstrativeAgreement()
    sent = run(rule, sentence(block, (0, 2, 1)))
    assert sent.changes == [] and rule.skipped == {"outside mentions, only the parser disagrees": 1}
    headed = run(DemonstrativeAgreement(), sentence(block, (0, 2, 1), (1, 2, 2)))
    assert text(headed) == "Vedo queste precisi"


def test_demonstrative_pronoun_takes_no_person_from_a_mention_around_it():
    """ "[Maria , che ha detto quella ,] sa che [lei] ha ragione": quella lies in Maria's mention, whose
    cluster has "lei"; that made it "refers to a person". It has no mention of its own, so it is "ciò";
    an own mention in a cluster with "lei" keeps it."""
    block = """
        Maria Maria PROPN _ 8 nsubj
        , , PUNCT _ 5 punct
        che che PRON PronType=Rel 5 nsubj
        ha avere AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 5 aux
        detto dire VERB Gender=Masc|Number=Sing|Tense=Past|VerbForm=Part 1 acl:relcl
        quella quello PRON Gender=Fem|Number=Sing|PronType=Dem 5 obj
        , , PUNCT _ 5 punct
        sa sapere VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 0 root
        che che SCONJ _ 11 mark
        lei lei PRON Gender=Fem|Number=Sing|Person=3|PronType=Prs 11 nsubj
        ha avere VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 8 ccomp
        ragione ragione NOUN Gender=Fem|Number=Sing 11 obj
        . . PUNCT _ 8 punct
    """
    rule = DemonstrativePronoun()
    sent = run(rule, sentence(block, (0, 6, 1), (9, 9, 1)))
    assert text(sent) == "Maria , che ha detto ciò , sa che lei ha ragione ." and rule.applied == 1
    own = DemonstrativePronoun()
    run(own, sentence(block, (0, 6, 1), (5, 5, 3), (9, 9, 3)))
    assert own.applied == 0 and own.skipped == {"refers to a person": 1}
