"""The English possessed noun (lang/en/possessed.py) and the Italian placement (translate/possessive.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from coref_transfer.lang.en.possessed import Possessed, possessed_noun, possessed_noun_dep
from coref_transfer.lang.it.determiners import Context
from coref_transfer.lang.it.nouns import NounLexicon
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.model import Span
from coref_transfer.records import SelectedUtterance
from coref_transfer.translate.placeholders.inventory import Placeholder
from coref_transfer.translate.possessive import (
    NounGender,
    PossessiveCounts,
    di_phrase,
    place,
    possessed_nouns,
    possessor_end,
)
from coref_transfer.translate.replace import Slot
from coref_transfer.translate.resolve import resolve


def conll(tree: str) -> tuple[list[str], list[str], list[str]]:
    """Tokens, tags and CoNLL parse bits of a bracketed tree."""
    parts = re.findall(r"\(|\)|[^\s()]+", tree)
    words: list[str] = []
    tags: list[str] = []
    bits: list[str] = []
    opened = ""
    i = 0
    while i < len(parts):
        if parts[i] == "(" and parts[i + 2] not in "()":
            tags.append(parts[i + 1])
            words.append(parts[i + 2])
            bits.append(opened + "*")
            opened = ""
            i += 4
        elif parts[i] == "(":
            opened += "(" + parts[i + 1]
            i += 2
        else:
            bits[-1] += ")"
            i += 1
    return words, tags, bits


def english(tree: str) -> tuple[str | None, Possessed]:
    words, tags, bits = conll(tree)
    found = possessed_noun(words, tags, bits, tags.index("PRP$"))
    return (words[found.head] if found.head is not None else None), found


VERSION_OF_THE_SONG = "(NP (NP (PRP$ his) (NN version)) (PP (IN of) (NP (DT the) (NN song))))"
OF_THE_YEAR = (
    "(NP (NP (PRP$ his) (NN version)) (PP (IN of) (NP (NP (DT the) (NN song)) (PP (IN of) (NP (DT the) (NN year))))))"
)


@pytest.mark.parametrize(
    "tree, head, modifiers",
    [
        (f"(TOP (S (NP (PRP He)) (VP (VBD sang) {VERSION_OF_THE_SONG}) (. .)))", "version", 1),
        (f"(TOP (S (NP (PRP He)) (VP (VBD sang) {OF_THE_YEAR}) (. .)))", "version", 2),
        (
            "(TOP (S (NP (PRP He)) (VP (VBD wrote) (PP (TO to) (NP (PRP$ his) (JJ old) (NN friend)))) (. .)))",
            "friend",
            0,
        ),
        (
            "(TOP (S (NP (NP (PRP$ His) (NN song)) (SBAR (WHNP (WDT that)) (S (VP (VBD sold))))) (VP (VBD won)) (. .)))",
            "song",
            0,
        ),
        ("(TOP (S (NP (NP (PRP$ His) (NN brother) (POS 's)) (NN car)) (VP (VBD won)) (. .)))", "brother", 0),
        ("(TOP (S (NP (PRP He)) (VP (VBD sold) (NP (PRP$ his) (NN music) (NN video))) (. .)))", "video", 0),
    ],
)
def test_the_possessed_noun_is_the_head_of_the_determiners_noun_phrase(tree, head, modifiers):
    word, found = english(tree)
    assert (word, found.modifiers) == (head, modifiers)


def test_a_coordinated_head_is_ambiguous_and_a_missing_tree_is_said():
    word, found = english("(TOP (S (NP (PRP He)) (VP (VBD met) (NP (PRP$ his) (NN mother) (CC and) (NN father)))))")
    assert word is None and found.reason == "head_ambiguous"
    assert possessed_noun(["his", "car"], ["PRP$", "NN"], ["-", "-"], 0).reason == "no_tree"
    word, found = english("(TOP (S (NP (PRP He)) (VP (VBD did) (NP (PRP$ his) (JJS best))) (. .)))")
    assert word is None and found.reason == "head_not_found"


LEXICON = NounLexicon(
    {"amico": ("masc", "sing"), "idea": ("fem", "sing"), "ufficio": ("masc", "sing"), "auto": ("fem", None)}
)


FIRST_WORD = Possessed(0)
"""The placement `put_back` expects unless told: the possessive on the first word after "di Gino"."""


def put_back(italian: str, possessed: Possessed | None = FIRST_WORD, text: str = "suo", lexicon=LEXICON, tonic=None):
    """The translation with "di Gino" turned into the possessive, and the placement."""
    tokens = tokens_with_offsets(italian)
    first = [w for w, _ in tokens].index("Gino")
    di = di_phrase([w for w, _ in tokens], first)
    last = possessor_end([w for w, _ in tokens], first)
    end = tokens[last][1] + len(tokens[last][0])
    placement = place(tokens, di, end, text, possessed, NounGender(None, lexicon), tonic)
    out, cursor = [], 0
    for start, stop, piece, _ in sorted(placement.edits, key=lambda e: (e[0], e[1])):
        out += [italian[cursor:start], piece]
        cursor = stop
    return "".join(out) + italian[cursor:], placement


@pytest.mark.parametrize(
    "italian, modifiers, expected",
    [
        ("Ha registrato la versione della canzone di Gino.", 1, "Ha registrato la sua versione della canzone."),
        ("Ha registrato la versione di Gino della canzone.", 1, "Ha registrato la sua versione della canzone."),
        ("Nella versione della canzone di Gino c'è tutto.", 1, "Nella sua versione della canzone c'è tutto."),
        ("Ha perso sei dei dodici seggi di Gino in consiglio.", 1, "Ha perso sei dei suoi dodici seggi in consiglio."),
        ("Ha scritto all'amico di Gino.", 0, "Ha scritto al suo amico."),
        ("Ha scritto all’amico di Gino.", 0, "Ha scritto al suo amico."),
        ("Ha parlato dell'idea di Gino.", 0, "Ha parlato della sua idea."),
        ("Lavora nell'ufficio di Gino.", 0, "Lavora nel suo ufficio."),
        ("Lodano le doti di Gino.", 0, "Lodano le sue doti."),
        ("Vede gli amici di Gino.", 0, "Vede i suoi amici."),
        ("Vede lo zio di Gino.", 0, "Vede il suo zio."),
        ("Vede uno studente di Gino.", 0, "Vede un suo studente."),
        ("L'auto di Gino è rossa.", 0, "La sua auto è rossa."),
        ("Parte con la moglie di Gino.", 0, "Parte con la sua moglie."),
    ],
)
def test_the_possessive_goes_after_the_heads_article_rebuilt_and_agreeing(italian, modifiers, expected):
    text, placement = put_back(italian, Possessed(0, modifiers))
    assert text == expected
    assert placement.outcome == "at_head"


@pytest.mark.parametrize(
    "italian, text, expected",
    [
        # issue 29, real translations: "own" written out goes with "di X"
        ("Lo scrisse nel libro Hydraulica dello stesso Gino, che", "suo", "Lo scrisse nel suo libro Hydraulica, che"),
        ("Ricordava la totale confusione dello stesso Gino.", "suo", "Ricordava la sua totale confusione."),
        # issue 38: "own" written after the name ("his own books": "i libri di Gino stesso")
        ("Ha letto i libri di Gino stesso.", "suo", "Ha letto i suoi libri."),
        ("Vende la casa di Gino stessa, non un'altra.", "suo", "Vende la sua casa, non un'altra."),
        (
            "Sono nel fuso orario proprio di Gino, 45 minuti avanti.",
            "loro",
            "Sono nel loro fuso orario, 45 minuti avanti.",
        ),
        # a bare prepositional phrase is the noun's own modifier, whatever the English counts
        (
            "La canottiera bianca con scollo a V di Gino era infilata.",
            "suo",
            "La sua canottiera bianca con scollo a V era infilata.",
        ),
        ("Legge il libro di storia di Gino.", "suo", "Legge il suo libro di storia."),
        # a quoted title stays inside the noun phrase
        (
            "Mette in discussione il 'piccolo mondo perfetto' di Gino.",
            "loro",
            "Mette in discussione il loro 'piccolo mondo perfetto'.",
        ),
    ],
)
def test_own_bare_modifiers_and_quotes_stay_in_the_noun_phrase(italian, text, expected):
    out, placement = put_back(italian, Possessed(0, 0), text=text)
    assert out == expected
    assert placement.outcome == "at_head"


def test_di_phrase_finds_the_possessors_phrase_or_none():
    assert di_phrase(["la", "casa", "di", "Gino"], 3) == 2
    assert di_phrase(["il", "fuso", "proprio", "di", "Gino"], 4) == 2
    assert di_phrase(["del", "libro", "dello", "stesso", "Gino"], 4) == 2
    assert di_phrase(["ha", "visto", "lo", "stesso", "Gino"], 4) is None  # "lo stesso Gino": Gino himself
    assert di_phrase(["con", "Gino"], 1) is None


def test_loro_is_invariable():
    assert put_back("Lodano le doti di Gino.", text="loro")[0] == "Lodano le loro doti."
    assert put_back("Ha scritto all'amico di Gino.", text="loro")[0] == "Ha scritto al loro amico."


def test_the_placement_is_flagged_past_modifiers_and_article_rebuilt():
    _, placement = put_back("Ha registrato la versione della canzone di Gino.", Possessed(0, 1))
    assert placement.past_modifiers and not placement.article_rebuilt
    _, placement = put_back("Ha scritto all'amico di Gino.")
    assert placement.article_rebuilt and not placement.past_modifiers


def test_fallbacks_keep_the_old_way_and_say_why():
    # unknown gender after an elided article: the article written in full, the masculine possessive
    text, placement = put_back("Ha visto l'opera di Gino.", lexicon=None)
    assert (text, placement.outcome) == ("Ha visto il suo opera.", "gender_unknown")
    # an ambiguous English head: the nearest article
    text, placement = put_back("Ringrazia la madre e il padre di Gino.", Possessed(None, reason="head_ambiguous"))
    assert (text, placement.outcome) == ("Ringrazia la madre e il suo padre.", "head_ambiguous")
    # no article for the head: where "di Gino" was
    text, placement = put_back("Ha registrato versioni di canzoni di Gino.", Possessed(0, 1))
    assert placement.outcome == "head_not_found"
    text, placement = put_back("Ha visto la casa di Gino.", text="il suo")
    assert placement.outcome == "not_a_possessive"


def test_with_no_article_near_the_possessor_stays_after_di_as_a_tonic_pronoun():
    """Issue 38, kind 2: "In My Linguistic Autobiography di X" has no article for "suo" to follow:
    "… Autobiography suo" dangles, "… Autobiography di lui" is Italian."""
    text, placement = put_back("In My Linguistic Autobiography di Gino, scrisse.", Possessed(0, 0), tonic="lui")
    assert text == "In My Linguistic Autobiography di lui, scrisse."
    assert placement.outcome == "head_not_found"
    [mine] = [e for e in placement.edits if e[3]]
    assert mine[2] == "lui"  # the mention is the pronoun, "di" stays the translator's
    # without a tonic form, as before
    text, _ = put_back("In My Linguistic Autobiography di Gino, scrisse.", Possessed(0, 0))
    assert text == "In My Linguistic Autobiography suo, scrisse."


def test_the_counts_add_up():
    counts = PossessiveCounts()
    counts.add(put_back("Lodano le doti di Gino.")[1])
    counts.add(put_back("Ha visto l'opera di Gino.", lexicon=None)[1])
    block = counts.block()
    assert block["candidates"] == 2 and block["at_head"] == 1 and block["fallback"]["gender_unknown"] == 1


# ---- the same rules on a dependency tree (CorefUD input) ----


def dep(text: str) -> tuple[list[str], list[str], list[int], list[str]]:
    """Words written `word TAG HEAD RELATION | ...`, HEAD 1-based with 0 for the root (as in CoNLL-U)."""
    rows = [w.split() for w in text.split(" | ")]
    return [r[0] for r in rows], [r[1] for r in rows], [int(r[2]) - 1 for r in rows], [r[3] for r in rows]


def english_dep(text: str, index: int | None = None) -> tuple[str | None, Possessed]:
    words, tags, heads, rels = dep(text)
    found = possessed_noun_dep(words, tags, heads, rels, tags.index("PRP$") if index is None else index)
    return (words[found.head] if found.head is not None else None), found


SANG = "He PRP 2 nsubj | sang VBD 0 root | his PRP$ 4 nmod:poss | version NN 2 obj | of IN 7 case | the DT 7 det"


@pytest.mark.parametrize(
    "text, head, modifiers",
    [
        (f"{SANG} | song NN 4 nmod | . . 2 punct", "version", 1),
        (f"{SANG} | song NN 4 nmod | of IN 10 case | the DT 10 det | year NN 7 nmod | . . 2 punct", "version", 2),
        # a relative clause ends the chain, on the head or on the modifier's noun ("in May" is the clause's)
        (
            (
                f"{SANG} | song NN 4 nmod | that WDT 9 nsubj | won VBD 4 acl:relcl | in IN 11 case | May NNP 9 obl"
                " | . . 2 punct"
            ),
            "version",
            1,
        ),
        (
            (
                f"{SANG} | song NN 4 nmod | that WDT 9 nsubj | won VBD 7 acl:relcl | in IN 11 case | May NNP 9 obl"
                " | . . 2 punct"
            ),
            "version",
            1,
        ),
        # a comma before a phrase ends the chain; a clause opened by a preposition is a modifier
        (
            (
                "He PRP 2 nsubj | sang VBD 0 root | his PRP$ 4 nmod:poss | version NN 2 obj | , , 8 punct | of IN 8 case"
                " | the DT 8 det | song NN 4 nmod | . . 2 punct"
            ),
            "version",
            0,
        ),
        (
            (
                "He PRP 2 nsubj | praised VBD 0 root | her PRP$ 4 nmod:poss | role NN 2 obj | in IN 6 mark"
                " | writing VBG 4 acl | songs NNS 6 obj | . . 2 punct"
            ),
            "role",
            1,
        ),
        (
            "He PRP 2 nsubj | wrote VBD 0 root | to IN 5 case | his PRP$ 5 nmod:poss | friend NN 2 obl | . . 2 punct",
            "friend",
            0,
        ),
        (
            "His PRP$ 2 nmod:poss | brother NN 4 nmod:poss | 's POS 2 case | car NN 5 nsubj | won VBD 0 root | . . 5 punct",
            "brother",
            0,
        ),
        (
            "He PRP 2 nsubj | sold VBD 0 root | his PRP$ 5 nmod:poss | music NN 5 compound | video NN 2 obj | . . 2 punct",
            "video",
            0,
        ),
        (
            "He PRP 2 nsubj | called VBD 0 root | his PRP$ 4 nmod:poss | Uncle NNP 2 obj | Bob NNP 4 flat | . . 2 punct",
            "Bob",
            0,
        ),
    ],
)
def test_the_dependency_tree_gives_the_possessed_noun_by_the_same_rules(text, head, modifiers):
    word, found = english_dep(text)
    assert (word, found.modifiers, found.reason) == (head, modifiers, None)


def test_a_coordinated_head_a_missing_noun_and_a_missing_tree_in_the_dependencies():
    met = "He PRP 2 nsubj | met VBD 0 root | his PRP$ 4 nmod:poss | mother NN 2 obj | and CC 6 cc"
    word, found = english_dep(f"{met} | father NN 4 conj | . . 2 punct")
    assert word is None and found.reason == "head_ambiguous"
    word, found = english_dep(f"{met} | her PRP$ 7 nmod:poss | father NN 4 conj | . . 2 punct")
    assert (word, found.reason) == ("mother", None)  # each noun has its own possessive
    word, found = english_dep("He PRP 2 nsubj | did VBD 0 root | his PRP$ 4 nmod:poss | own JJ 2 obj | . . 2 punct")
    assert word is None and found.reason == "head_not_found"
    assert possessed_noun_dep(["his", "car"], ["PRP$", "NN"], [], [], 0).reason == "no_tree"


def test_translate_reads_the_dependency_tree_when_the_utterance_has_no_constituency_tree():
    words, tags, heads, rels = dep(f"{SANG} | song NN 4 nmod | . . 2 punct")
    slots = [SimpleNamespace(kind="plain", span=Span(0, 0)), SimpleNamespace(kind="possessive", span=Span(2, 2))]
    utterance = SelectedUtterance(
        "train", "d", 0, 0, "p", 1, "-", words, tags, ["-"] * len(words), [], None, None, [], heads, rels
    )
    assert possessed_nouns(utterance, slots) == [None, Possessed(3, 1)]
    bits = conll(f"(TOP (S (NP (PRP He)) (VP (VBD sang) {VERSION_OF_THE_SONG}) (. .)))")[2]
    with_tree = SelectedUtterance("train", "d", 0, 0, "p", 1, "-", words, tags, bits, [], None, None, [], [], [])
    assert possessed_nouns(with_tree, slots) == [None, Possessed(3, 1)]
    without = SelectedUtterance("train", "d", 0, 0, "p", 1, "-", words, tags, ["-"] * len(words), [], None, None, [])
    assert possessed_nouns(without, slots) == [None, Possessed(None, reason="no_tree")]


def test_a_coordinated_possessive_kept_as_its_word_is_found_in_any_form():
    """Issue 38: "Gino and his partner won" (the possessive kept as its word) → "Gino e la sua partner hanno
    vinto": the slot's Italian "suo" is found as "sua", the form the translator agreed with its noun."""
    slots = [
        Slot(0, Span(0, 0), ("person", "masc", "sing"), "plain", "Padalecki"),
        Slot(1, Span(2, 2), ("person", "masc", "sing"), "in_place", "his", in_place="coordinated_possessive"),
    ]
    gino = Placeholder("Gino", ("Gino",), ("person", "masc", "sing"), ("Gino",))
    resolved = resolve("Gino e la sua partner hanno vinto.", slots, [gino, None], ["Padalecki", "suo"])
    assert resolved.text == "Padalecki e la sua partner hanno vinto."
    assert resolved.tokens[resolved.spans[1].start] == "sua"


def test_an_article_before_the_placeholder_takes_the_mentions_own_outside_the_span():
    """Issue 38, sixth set: "Put one finger on …" (the mention "finger"), placeholder sentence "Metti un Fulvio
    …", the mention's Italian "un dito" read in the marked sentence: "Metti un dito", not "un un dito", the span
    on "dito" alone ("un" translates "one", outside the English mention)."""
    slots = [Slot(0, Span(2, 2), ("thing", "masc", "sing"), "plain", "finger")]
    fulvio = Placeholder("Fulvio", ("Fulvio",), ("person", "masc", "sing"), ("Fulvio",))
    resolved = resolve(
        "Metti un Fulvio sull'altra mano.",
        slots,
        [fulvio],
        ["un dito"],
        contexts=[Context("sentence", first_name=True)],
    )
    assert resolved.text == "Metti un dito sull'altra mano."
    assert [resolved.tokens[i] for i in range(resolved.spans[0].start, resolved.spans[0].end + 1)] == ["dito"]
