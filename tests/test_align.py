"""Word alignment: the mentions whose tags a translator lost, projected onto the sentence it returned.

fast_align runs for real here (`systran-align`), trained on a small parallel
text written for these tests (`PARALLEL`: one English template, many names and
places, their Italian) so that its links are what a trained aligner's are. The
scripted translators drop, move or double tags on purpose: no real model
produces a chosen loss on demand.
"""

from __future__ import annotations

import itertools
import re

import pytest
from conftest import REPO, Scripted, italian_parser
from tagged_trip import TRIP, TRIP_IT
from test_marked import PLANT, plant_script
from tiny_encoder import tiny_encoder_dir  # noqa: F401  (the fixture)

from coref_transfer.config import validate_config
from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.model import Span
from coref_transfer.stats import check_accounting
from coref_transfer.translate.align.build import build_aligner
from coref_transfer.translate.align.fast_align import FastAlign, read_parallel, words
from coref_transfer.translate.align.project import disputed, links_with_names, project_span, same_words
from coref_transfer.translate.alone_match import match_alone
from coref_transfer.translate.joint import joint_segments, match_unplaced, read_translations, run_joint
from coref_transfer.translate.mt.service import TranslationService
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.projection import TaggedMention
from coref_transfer.translate.stage import run_gamma

# fmt: off
PEOPLE = [("Anna", "Anna"), ("Marco", "Marco"), ("the doctor", "il medico"), ("the mayor", "il sindaco"),
          ("the teacher", "l' insegnante"), ("the lawyer", "l' avvocato"), ("my sister", "mia sorella"),
          ("the workers", "gli operai"), ("the students", "gli studenti"), ("the police", "la polizia")]
VERBS = [("visited", "ha visitato"), ("saw", "ha visto"), ("left", "ha lasciato"), ("loved", "amava")]
PLACES = [("the old bridge", "il vecchio ponte"), ("the station", "la stazione"), ("the museum", "il museo"),
          ("the harbour", "il porto"), ("the market", "il mercato"), ("Rome", "Roma"), ("Turin", "Torino")]
# fmt: on


def parallel_pairs() -> list[tuple[list[str], list[str]]]:
    """'PERSON VERB PLACE yesterday .' with its Italian, every combination: 280 pairs. (With "ieri" fronted
    in half of them, fast_align, which favours the diagonal, links "yesterday" to no "ieri" on so little
    text: a limit of a small run, which `translate.alignment.parallel` is there for.)"""
    pairs = []
    for (p_en, p_it), (v_en, v_it), (l_en, l_it) in itertools.product(PEOPLE, VERBS, PLACES):
        en = f"{p_en} {v_en} {l_en} yesterday ."
        it = f"{p_it} {v_it} {l_it} ieri ."
        pairs.append((en.split(), it.split()))
    return pairs


@pytest.fixture(scope="module")
def parallel_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("parallel") / "parallel.txt"
    path.write_text("".join(f"{' '.join(e)} ||| {' '.join(i)}\n" for e, i in parallel_pairs()), encoding="utf-8")
    return path


# -- fast_align -------------------------------------------------------------------------------------------------


def test_fast_align_learns_the_words_and_gives_the_same_tables_every_time(tmp_path):
    pairs = parallel_pairs()
    first, second = FastAlign(), FastAlign()
    info = first.fit(pairs, tmp_path / "one")
    second.fit(pairs, tmp_path / "two")
    assert info["pairs"] == 280 and info["parallel_pairs"] == 0
    for table in ("forward.probs", "backward.probs"):  # one OpenMP thread: the same tables, byte for byte
        assert (tmp_path / "one" / table).read_bytes() == (tmp_path / "two" / table).read_bytes()
    sentence = ("the mayor saw the station yesterday .".split(), "ieri il sindaco ha visto la stazione .".split())
    links = first.align([sentence])[0]
    assert links == second.align([sentence])[0]
    assert {(1, 2), (4, 6)} <= links  # mayor → sindaco, station → stazione
    # a second fit in the same run (the joint method's fallback utterances) learns from both, and its tables
    # are those of one fit on everything: what the run writes holds all it aligned
    second.fit(pairs[:140], tmp_path / "again")
    third = FastAlign()
    third.fit([*pairs, *pairs[:140]], tmp_path / "once")
    assert (tmp_path / "again" / "forward.probs").read_bytes() == (tmp_path / "once" / "forward.probs").read_bytes()


def test_parallel_text_is_read_with_its_errors_named(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(
        "Anna left . ||| Anna è partita .\n\nMarco saw Rome . ||| Marco ha visto Roma .\n", encoding="utf-8"
    )
    assert read_parallel(good) == [
        (["Anna", "left", "."], ["Anna", "è", "partita", "."]),
        (["Marco", "saw", "Rome", "."], ["Marco", "ha", "visto", "Roma", "."]),
    ]
    bad = tmp_path / "bad.txt"
    bad.write_text("Anna left . ||| Anna è partita .\nno separator here\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"bad\.txt:2: expected"):
        read_parallel(bad)
    with pytest.raises(InputFormatError, match="cannot read"):
        read_parallel(tmp_path / "missing.txt")
    assert words(["-LRB-", "Rome", "-RRB-"]) == ["(", "rome", ")"]


def test_the_configuration_names_the_aligner_and_says_what_a_neural_one_needs():
    assert build_aligner(validate_config({})).name == "fast_align"
    assert build_aligner(validate_config({"translate": {"alignment": {"aligner": "none"}}})) is None
    with pytest.raises(ConfigError, match="translate.alignment.model is empty"):
        build_aligner(validate_config({"translate": {"alignment": {"aligner": "neural"}}}))
    with pytest.raises(ConfigError, match="cannot load an encoder"):
        build_aligner(validate_config({"translate": {"alignment": {"aligner": "neural", "model": "/nowhere"}}}))


def test_the_neural_aligner_runs_through_the_same_interface(tiny_encoder_dir):  # noqa: F811
    """SimAlign's argmax over an encoder (the tiny random one: the links mean nothing, their shape does)."""
    aligner = build_aligner(
        validate_config({"translate": {"alignment": {"aligner": "neural", "model": str(tiny_encoder_dir), "layer": 1}}})
    )
    assert aligner.fit([]) == {"pairs": 0, "parallel_pairs": 0, "seconds": 0.0}
    src, tgt = "the mayor saw the station".split(), "il sindaco ha visto la stazione".split()
    links = aligner.align([(src, tgt), ([], tgt)])
    assert links[1] == frozenset()
    assert all(0 <= i < len(src) and 0 <= j < len(tgt) for i, j in links[0])
    assert len({i for i, _ in links[0]}) == len(links[0])  # argmax both ways: one link per word at most
    # encoded in batches, padded and masked, each pair links as alone
    many = [(src[: 2 + k % 4], tgt[: 1 + k % 6]) for k in range(40)] + [(src, tgt)]
    assert aligner.align(many) == [aligner.align([pair])[0] for pair in many]
    assert aligner.align(many)[-1] == links[0]
    with pytest.raises(ConfigError, match="has layers 0 to"):
        build_aligner(
            validate_config(
                {"translate": {"alignment": {"aligner": "neural", "model": str(tiny_encoder_dir), "layer": 9}}}
            )
        )


# -- projecting a span ----------------------------------------------------------------------------------------

SRC = "the mayor of Rome saw his brother at the station yesterday .".split()
TGT = "ieri il sindaco di Roma ha visto suo fratello alla stazione .".split()
LINKS = frozenset(
    {(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (4, 6), (5, 7), (6, 8), (7, 9), (8, 9), (9, 10), (10, 0), (11, 11)}
)


def project(english, root, mention, placed=None, links=LINKS):
    return project_span(SRC, TGT, links, english, root, mention, placed or {})


def test_a_noun_phrase_a_nested_name_and_a_possessive_are_projected():
    assert project((0, 3), 1, TaggedMention(["the", "mayor", "of", "Rome"])) == (Span(1, 4), None)
    assert project((3, 3), 3, TaggedMention(["Rome"]), {(0, 3): Span(1, 4)}) == (Span(4, 4), None)
    assert project((5, 5), 5, TaggedMention(["his"], nominal=False, possessive=True)) == (Span(7, 7), None)
    # the article the translator fused with the preposition joins the noun phrase ("alla stazione")
    assert project((8, 9), 9, TaggedMention(["the", "station"])) == (Span(9, 10), None)


def test_unsound_projections_are_refused_with_their_reasons():
    assert project((10, 10), 10, TaggedMention(["yesterday"]), links=frozenset()) == (None, "align_none")
    only_modifier = frozenset({(0, 1)})  # "the" linked, "mayor" (the head) not
    assert project((0, 1), 1, TaggedMention(["the", "mayor"]), links=only_modifier) == (None, "align_head")
    # "his brother" nested as in the English, but its span placed across "the mayor of Rome": crossing
    assert project((5, 6), 6, TaggedMention(["his", "brother"]), {(0, 3): Span(2, 7)})[1] == "align_crossing"
    scattered = frozenset({(0, 1), (0, 8), (0, 9), (1, 2)})  # "the" linked to both ends of the sentence
    span, reason = project((0, 1), 1, TaggedMention(["the", "mayor"]), links=scattered | {(4, 5), (4, 6), (6, 7)})
    assert (span, reason) == (Span(1, 2), None)  # the stray links far from the head are the aligner's noise


def test_a_verb_at_the_edge_is_left_out_unless_the_mentions_nouns_alone_link_it():
    src, tgt = "the Mexican government said".split(), "il governo messicano ha detto".split()
    links = frozenset({(0, 0), (1, 2), (2, 1), (3, 3), (3, 4)})
    upos = [("DET", ""), ("NOUN", ""), ("VERB", "Fin"), ("AUX", "Fin"), ("VERB", "Part")]  # "messicano" misread
    government = TaggedMention(["the", "Mexican", "government"], content=frozenset({1, 2}))
    assert project_span(src, tgt, links, (0, 2), 2, government, {}, upos) == (Span(0, 2), None)
    unknown = TaggedMention(["the", "Mexican", "government"])  # no English nouns known: the verb is trimmed
    assert project_span(src, tgt, links, (0, 2), 2, unknown, {}, upos) == (Span(0, 1), None)
    # an auxiliary is never a noun's word, even when the aligner links it from one ("è il sindaco")
    src, tgt = "the mayor".split(), "è il sindaco".split()
    links = frozenset({(0, 1), (1, 0), (1, 2)})
    upos = [("AUX", "Fin"), ("DET", ""), ("NOUN", "")]
    mayor = TaggedMention(["the", "mayor"], content=frozenset({1}))
    assert project_span(src, tgt, links, (0, 1), 1, mayor, {}, upos) == (Span(1, 2), None)


def test_a_noun_phrase_neither_begins_with_an_adverb_nor_ends_with_a_pronoun_after_its_noun():
    src, tgt = "merely the law itself".split(), "solo la legge è essa stessa".split()
    upos = [("ADV", ""), ("DET", ""), ("NOUN", ""), ("AUX", "Fin"), ("PRON", ""), ("ADJ", "")]
    law = TaggedMention(["the", "law"], content=frozenset({2}))
    links = frozenset({(0, 0), (1, 1), (2, 0), (2, 2), (2, 3), (2, 4), (3, 5)})  # "law" linked far and wide
    assert project_span(src, tgt, links, (1, 2), 2, law, {}, upos) == (Span(1, 2), None)
    assert project_span(src, tgt, links, (1, 2), 2, law, {}) == (Span(0, 4), None)  # no parser: kept
    # a noun the parser misread as a pronoun stays; an article left alone takes in the noun the aligner missed
    src, tgt = "flavor the vodka".split(), "aromatizzare la vodka".split()
    vodka = TaggedMention(["the", "vodka"], content=frozenset({2}))
    upos = [("VERB", "Inf"), ("DET", ""), ("PRON", "")]
    assert project_span(src, tgt, frozenset({(0, 0), (1, 1), (2, 2)}), (1, 2), 2, vodka, {}, upos) == (Span(1, 2), None)
    upos = [("VERB", "Inf"), ("DET", ""), ("NOUN", "")]
    assert project_span(src, tgt, frozenset({(0, 0), (2, 1)}), (1, 2), 2, vodka, {}, upos) == (Span(1, 2), None)


def test_a_pronoun_or_a_verb_of_one_word_takes_a_word_of_its_class_or_none():
    src, tgt = "Anna saw him yesterday in the park".split(), "Anna lo ha visto ieri nel grande parco".split()
    upos = [("PROPN", ""), ("PRON", ""), ("AUX", "Fin"), ("VERB", "Part"), ("ADV", ""), ("ADP", ""), ("ADJ", "")]
    upos += [("NOUN", "")]
    him = TaggedMention(["him"], nominal=False)
    stray = frozenset({(0, 0), (1, 2), (1, 3), (2, 7), (3, 4)})  # "him" linked to "parco" alone
    assert project_span(src, tgt, stray, (2, 2), 2, him, {}, upos) == (None, "align_word_class")
    assert project_span(src, tgt, stray, (2, 2), 2, him, {}) == (Span(7, 7), None)  # no parser: not checked
    assert project_span(src, tgt, stray | {(2, 1)}, (2, 2), 2, him, {}, upos) == (Span(1, 1), None)
    # linked to "ieri", three words from "lo": the clitic no other pronoun claims is taken
    near = frozenset({(0, 0), (1, 2), (1, 3), (2, 4), (3, 4)})
    assert project_span(src, tgt, near, (2, 2), 2, him, {}, upos) == (Span(1, 1), None)
    # a verb takes the verb it was linked to, not the clitic beside it; linked to no verb, none
    src, tgt = "she sold me the car".split(), "mi vendette la macchina".split()
    upos = [("PRON", ""), ("VERB", "Fin"), ("DET", ""), ("NOUN", "")]
    sold = TaggedMention(["sold"], nominal=False, verbal=True, verb=True)
    links = frozenset({(1, 0), (1, 1), (2, 0), (3, 2), (4, 3)})
    assert project_span(src, tgt, links, (1, 1), 1, sold, {}, upos) == (Span(1, 1), None)
    assert project_span(src, tgt, links - {(1, 1)}, (1, 1), 1, sold, {}, upos) == (None, "align_word_class")


def test_a_pronoun_takes_the_clitic_a_few_words_from_the_verb_it_was_linked_to():
    src, tgt = "They trained you".split(), "Loro ti hanno addestrato".split()
    upos = [("PRON", ""), ("PRON", ""), ("AUX", "Fin"), ("VERB", "Part")]
    you = TaggedMention(["you"], nominal=False)
    links = frozenset({(0, 0), (1, 2), (1, 3), (2, 3)})  # "you" linked to the participle, "ti" to nothing
    assert project_span(src, tgt, links, (2, 2), 2, you, {}, upos) == (Span(1, 1), None)
    # a clitic linked from another English pronoun is that one's
    assert project_span(src, tgt, links | {(0, 1)}, (2, 2), 2, you, {}, upos) == (Span(3, 3), None)
    # an article is no clitic ("la casa"), and a verb that carries its clitic is the pronoun's word
    src, tgt = "I want you to come to the house".split(), "Io voglio che tu poi venga alla casa".split()
    upos = [("PRON", ""), ("VERB", "Fin"), ("SCONJ", ""), ("PRON", ""), ("ADV", ""), ("VERB", "Fin"), ("ADP", "")]
    upos += [("NOUN", "")]
    you_come = frozenset({(0, 0), (1, 1), (2, 5), (4, 5), (6, 6), (7, 7)})  # "you" linked to "venga" alone
    assert project_span(src, tgt, you_come, (2, 2), 2, you, {}, upos) == (Span(3, 3), None)
    # "la" before a noun is an article, not the clitic "la"
    src, tgt = "I want it for the house".split(), "Io voglio poi sempre la casa".split()
    upos = [("PRON", ""), ("VERB", "Fin"), ("ADV", ""), ("ADV", ""), ("DET", ""), ("NOUN", "")]
    it = TaggedMention(["it"], nominal=False)
    assert project_span(src, tgt, frozenset({(0, 0), (1, 1), (2, 2), (4, 4), (5, 5)}), (2, 2), 2, it, {}, upos) == (
        None,
        "align_word_class",
    )
    src, tgt = "I want to tell you a story".split(), "Voglio raccontarvi una storia".split()
    upos = [("VERB", "Fin"), ("VERB", "Inf"), ("DET", ""), ("NOUN", "")]
    tell_you = frozenset({(1, 0), (3, 1), (4, 1), (5, 2), (6, 3)})
    assert project_span(src, tgt, tell_you, (4, 4), 4, you, {}, upos) == (Span(1, 1), None)


def test_an_articles_loose_link_does_not_stretch_a_span():
    src, tgt = "tell the truth".split(), "dire la verità".split()
    truth = TaggedMention(["the", "truth"], content=frozenset({2}), function=frozenset({1}))
    links = frozenset({(0, 0), (1, 0), (2, 2)})  # "the" linked to "dire", not "la"
    assert project_span(src, tgt, links, (1, 2), 2, truth, {}) == (Span(1, 2), None)
    # next to the words of the mention's other words, a word linked from the article alone stays
    src, tgt = "a novel system".split(), "un nuovo sistema".split()
    system = TaggedMention(["a", "novel", "system"], content=frozenset({1, 2}), function=frozenset({0}))
    assert project_span(src, tgt, frozenset({(0, 1), (2, 2)}), (0, 2), 2, system, {}) == (Span(0, 2), None)


def test_words_the_aligner_missed_go_on_the_noun_phrase_when_the_english_has_more_nouns():
    src, tgt = "the Syrian refugee team arrived".split(), "La squadra siriana di rifugiati arrivò".split()
    upos = [("DET", ""), ("NOUN", ""), ("ADJ", ""), ("ADP", ""), ("NOUN", ""), ("VERB", "Fin")]
    team = TaggedMention(["the", "Syrian", "refugee", "team"], content=frozenset({1, 2, 3}), function=frozenset({0}))
    links = frozenset({(0, 0), (1, 2), (3, 1), (4, 5)})  # "refugee" unlinked
    assert project_span(src, tgt, links, (0, 3), 3, team, {}, upos) == (Span(0, 4), None)
    # as many nouns and adjectives as the English: the words after are not the mention's
    two = TaggedMention(["the", "Syrian", "team"], content=frozenset({1, 3}), function=frozenset({0}))
    assert project_span(src, tgt, links, (0, 3), 3, two, {}, upos) == (Span(0, 2), None)
    # an English demonstrative left unlinked: its Italian before the span joins it
    src, tgt = "that 40 minutes".split(), "Quei 40 minuti".split()
    minutes = TaggedMention(["that", "40", "minutes"], content=frozenset({2}))
    upos = [("DET", ""), ("NUM", ""), ("NOUN", "")]
    assert project_span(src, tgt, frozenset({(1, 1), (2, 2)}), (0, 2), 2, minutes, {}, upos) == (Span(0, 2), None)


def test_a_name_written_alike_takes_its_words_links_from_the_aligner():
    src, tgt = "Elizabeth Quat of DAB won".split(), "Elizabeth Quat del DAB vinse".split()
    noisy = {(3, 0), (0, 3), (4, 4)}  # "DAB" linked to "Elizabeth" and back
    links = links_with_names(src, tgt, noisy)
    assert {(0, 0), (1, 1), (3, 3), (4, 4)} <= links and (3, 0) not in links and (0, 3) not in links
    # a name of two capitals written alike, and one written twice on each side, in order
    assert same_words("Junius Ho in Hong Kong and Hong Kong".split(), "Junius Ho a Hong Kong e Hong Kong".split()) == {
        (0, 0),
        (1, 1),
        (3, 3),
        (4, 4),
        (6, 6),
        (7, 7),
    }


def test_read_to_stand_elsewhere_a_span_leaves_out_edge_words_of_the_english_around_it():
    src, tgt = "while the class waited".split(), "mentre la classe aspettava".split()
    links = frozenset({(0, 0), (1, 0), (1, 1), (2, 2), (3, 3)})  # "the" also linked to "mentre"
    cls = TaggedMention(["the", "class"], content=frozenset({2}))
    assert project_span(src, tgt, links, (1, 2), 2, cls, {}) == (Span(0, 2), None)  # in its own sentence
    # the placeholder method writes the span into another sentence, whose "mentre" would be doubled
    assert project_span(src, tgt, links, (1, 2), 2, cls, {}, exclusive=True) == (Span(1, 2), None)
    # a span every word of which the English around the mention claims too is refused: "354" for "US"
    src, tgt = "out of 354 US areas".split(), "su 354 aree statunitensi".split()
    links = frozenset({(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)})
    us = TaggedMention(["US"], proper=["US"], content=frozenset({3}))
    assert project_span(src, tgt, links, (3, 3), 3, us, {}) == (Span(1, 1), None)
    assert project_span(src, tgt, links, (3, 3), 3, us, {}, exclusive=True) == (None, "align_gap")


def test_names_written_alike_are_linked_and_a_moved_tag_is_disputed():
    src, tgt = "Anna met Nierman in Cleveland .".split(), "Anna ha incontrato Nierman a Cleveland .".split()
    assert same_words(src, tgt) == {(0, 0), (2, 3), (4, 5)}
    assert links_with_names(src, tgt, {(0, 0)}) == frozenset({(0, 0), (2, 3), (4, 5)})
    # a tag moved to the end holds words linked only to English words outside the mention
    assert disputed(LINKS, (0, 3), Span(1, 11))
    assert not disputed(LINKS, (0, 3), Span(1, 4))


# -- the joint method with tags lost ---------------------------------------------------------------------------


def joint(rows, script, **translate):
    cfg = validate_config({"method": "joint", "translate": translate})
    backend = Scripted(lambda segment, _call: script(segment))
    inventory = Inventory.load(REPO / "resources" / "placeholders")
    out, stats = run_joint(
        rows, TranslationService(backend, progress=False), inventory, cfg, italian_parser(), aligner=build_aligner(cfg)
    )
    check_accounting(stats, "translate")
    return out, stats


def spans(record):
    return [" ".join(record.tokens[m.span.start : m.span.end + 1]) if m.span else None for m in record.mentions]


def test_tags_dropped_the_sentence_stays_and_the_mentions_are_projected_by_alignment(joint_beta3, parallel_file):
    rows = joint_beta3(TRIP)
    out, stats = joint(
        rows, lambda s: re.sub(r"</?[a-z]>", "", TRIP_IT[s]), alignment={"parallel": [str(parallel_file)]}
    )
    assert [r.method for r in out] == ["joint", "joint"]
    assert out[0].text == "Il sindaco di Roma ha visto la stazione ieri."
    assert spans(out[0]) == ["Il sindaco di Roma", "Roma", "la stazione"]
    assert {m.span_source for r in out for m in r.mentions} == {"alignment"}
    alignment = stats["alignment"]
    assert alignment["pairs"] == 2 and alignment["parallel_pairs"] == 280
    assert alignment["mentions"] == alignment["projected"] == 6
    assert stats["span_sources"] == {"tags": 0, "alignment": 6, "alone_match": 0, "placeholder": 0}
    assert stats["tags"]["unsound"]["tag_missing"] == 6


def test_tags_kept_the_aligner_learns_nothing(joint_beta3, parallel_file):
    out, stats = joint(joint_beta3(TRIP), TRIP_IT.__getitem__, alignment={"parallel": [str(parallel_file)]})
    assert stats["alignment"]["pairs"] == 0 and stats["alignment"]["mentions"] == 0
    assert {m.span_source for r in out for m in r.mentions} == {"tags"}


def test_a_tag_moved_past_other_words_is_disputed_and_projected_again(joint_beta3, parallel_file):
    def moved(segment):
        if segment.startswith("<a>The mayor"):  # the third tag opened too early and closed too late
            return "<a>Il sindaco di <b>Roma</b></a> <c>ha visto la stazione ieri</c>."
        return TRIP_IT[segment].replace("<b>", "")  # and a tag lost, so that the aligner learns

    out, stats = joint(joint_beta3(TRIP), moved, alignment={"parallel": [str(parallel_file)]})
    assert spans(out[0]) == ["Il sindaco di Roma", "Roma", "la stazione"]
    assert [m.span_source for m in out[0].mentions] == ["tags", "tags", "alignment"]
    assert stats["alignment"]["disputed"] == 1 and stats["tags"]["unsound"]["tag_disputed"] == 1
    assert [m.span_source for m in out[1].mentions] == ["tags", "alignment", "tags"]
    assert spans(out[1]) == ["La stazione", "il sindaco", "Roma"]


def test_without_an_aligner_an_utterance_whose_tags_placed_nothing_goes_the_papers_way(joint_beta3):
    def dropping(segment):  # every tag dropped; the paper's segments answered word for word (names survive)
        untagged = re.sub(r"\b([A-Z][a-z]+) and ([A-Z][a-z]+)\b", r"\1 e \2", re.sub(r"</?[a-z]>", "", segment))
        return next((re.sub(r"</?[a-z]>", "", it) for en, it in TRIP_IT.items() if en == segment), untagged)

    out, stats = joint(joint_beta3(TRIP), dropping, alignment={"aligner": "none"})
    assert stats["alignment"]["mentions"] == 0
    assert stats["tags"]["fallback_utterances"] == 2 and stats["methods"]["placeholders"] == 2
    assert {m.span_source for r in out for m in r.mentions} == {"placeholder", None}  # "the mayor of Rome" nested


def test_the_papers_way_reads_a_mention_whose_tags_were_lost_from_its_aligned_span(beta3, parallel_file):
    def dropping(segment):  # the first marked sentence comes back whole, its tags dropped
        out = plant_script(segment)
        return re.sub(r"</?[a-z]>", "", out) if segment.startswith("<a>Students</a>") else out

    cfg = validate_config({"method": "placeholders", "translate": {"alignment": {"parallel": [str(parallel_file)]}}})
    backend = Scripted(lambda segment, _call: dropping(segment))
    inventory = Inventory.load(REPO / "resources" / "placeholders")
    service = TranslationService(backend, progress=False)
    out, stats = run_gamma(beta3(PLANT), service, inventory, cfg, italian_parser(), aligner=build_aligner(cfg))
    # each mention's article, preposition and sense read from the sentence, not "Studenti … alla pianta"
    assert out[0].text == "Gli studenti hanno protestato davanti allo stabilimento."
    assert [m.text_source for m in out[0].mentions] == ["alignment", "alignment"]
    sources = stats["mention_sources"]
    assert (sources["sentence"], sources["alignment"], sources["alone"]) == (2, 2, 0)
    assert sum(sources["alignment_refused"].values()) == 0 and "the plant" not in backend.seen


def test_a_mention_neither_tags_nor_alignment_placed_is_found_by_its_text_alone():
    tokens = "Salirono sulla nave fantasma e poi sulla nave".split()
    ship = TaggedMention(["the", "ghost", "ship"], content=frozenset({1, 2}))
    assert match_alone(tokens, "la nave fantasma", (0, 2), ship, {}) == (Span(1, 3), "placed")  # "sulla" is its
    assert match_alone(tokens, "la nave", (0, 1), ship, {}) == (None, "repeated")
    assert match_alone(tokens, "il vascello fantasma", (0, 2), ship, {}) == (None, "not_found")
    # found, but across a mention placed otherwise than the English has it
    assert match_alone(tokens, "la nave fantasma", (0, 2), ship, {(5, 6): Span(2, 4)}) == (None, "crossing")


def test_the_joint_method_looks_for_the_unplaced_mentions_alone_in_the_sentence(joint_beta3):
    segments = joint_segments(joint_beta3(TRIP))
    outputs = [  # the first tag kept, the others lost
        "<a>Il sindaco di Roma</a> ha visto la stazione ieri.",
        "<a>La stazione</a> ha visto il sindaco a Roma.",
    ]
    read_translations(segments, outputs, None)
    alone = {"Rome": "Roma", "the station": "la stazione", "the mayor": "il sindaco"}
    backend = Scripted(lambda segment, _call: alone[segment])
    block = match_unplaced(segments, TranslationService(backend, progress=False))
    assert block == {"mentions": 4, "placed": 4, "not_found": 0, "repeated": 0, "crossing": 0}
    first, second = (seg.projection for seg in segments)
    assert " ".join(second.tokens[second.spans[1].start : second.spans[1].end + 1]) == "il sindaco"
    assert [" ".join(first.tokens[s.start : s.end + 1]) for _, s in sorted(first.spans.items())] == [
        "Il sindaco di Roma",
        "Roma",
        "la stazione",
    ]
    assert first.sources == {1: "alone_match", 2: "alone_match"} and not first.failures
    assert sorted(backend.seen) == ["Rome", "the mayor", "the station"]  # each text translated once


def test_a_runs_pairs_are_written_for_another_runs_aligner(joint_beta3, tmp_path):
    """`coref-transfer align pairs`: a translate folder's utterances, English and Italian words, as parallel text
    that `translate.alignment.parallel` reads back."""
    import subprocess
    import sys

    from coref_transfer.records import write_records

    out, _ = joint(joint_beta3(TRIP), TRIP_IT.__getitem__)
    folder = tmp_path / "translate"
    folder.mkdir()
    write_records(out, folder / "gamma.parquet", "gamma")
    done = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "align", "pairs", str(folder), "--out", str(tmp_path / "pairs.txt")],
        capture_output=True, text=True, env={"PYTHONPATH": str(REPO / "src"), "PATH": ""}, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert read_parallel(tmp_path / "pairs.txt") == [(r.source_tokens, r.tokens) for r in out]
