"""The joint method: every mention tagged in its sentence, the tagged translation as the Italian.

Select keeps what the paper drops only to protect the placeholder translation
(nested mentions, long and short utterances, first and second person), the
tags come back nested (`marked.mark`, `marked.tag_ranges`), the projection
reads each mention's span (`translate.projection`), and an utterance whose
tags placed nothing goes down the paper's path (`translate.joint`). The
translators are scripted where the point is a chosen output (tags kept,
moved, lost), which no real model produces on demand; the tiny CTranslate2
model, which keeps no tag, shows the fallback with a real backend.
"""

from __future__ import annotations

import re

import pytest
from conftest import REPO, Scripted, italian_parser

from coref_transfer.config import validate_config
from coref_transfer.model import Span
from coref_transfer.stats import check_accounting
from coref_transfer.translate.joint import joint_segments, run_joint
from coref_transfer.translate.marked import MarkedSource, mark, tag_ranges
from coref_transfer.translate.mt.service import TranslationService
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.projection import TaggedMention, project

# -- select ------------------------------------------------------------------------------------------------------

FAMILY = """
%part 0
(TOP (S (NP#1 (NP (DT The) (NN mother)) (PP (IN of) (NP=PERSON#2 (NNP John)))) (VP (VBD said) (SBAR (S (NP#1 (PRP she)) (VP (MD would) (VP (VB see) (NP#2 (PRP him))))))) (. .)))
(TOP (S (NP#2 (PRP He)) (VP (VBD told) (NP#3 (PRP me)) (NP (DT the) (NN story))) (. .)))
(TOP (S (NP#3 (PRP I)) (VP (VBD met) (NP#2 (NP#1 (PRP$ her)) (NN son))) (. .)))
(TOP (S (NP#2 (PRP He)) (VP (VBD left)) (. .)))
"""


def spans(rows):
    return [[(m.span.start, m.span.end, m.cluster_id, m.paper_reason) for m in r.mentions] for r in rows]


def test_the_joint_method_keeps_what_the_paper_drops_only_for_its_placeholders(joint_beta3, beta3):
    joint = joint_beta3(FAMILY)
    assert spans(joint) == [
        [(0, 3, 1, "nested"), (3, 3, 2, None), (5, 5, 1, None), (8, 8, 2, None)],
        [(0, 0, 2, None), (2, 2, 3, "first_second_person")],
        [(0, 0, 3, "first_second_person"), (2, 3, 2, "nested"), (2, 2, 1, None)],
        [(0, 0, 2, "too_short")],  # β1 would drop the utterance: the joint method keeps it
    ]
    # the paper's filters on the same text: leaves only, no first person, no short utterance, and the
    # chain of "she" and "her" left without a noun goes at β3
    paper = beta3(FAMILY)
    assert spans(paper) == [[(3, 3, 2, None), (8, 8, 2, None)], [(0, 0, 2, None)], []]


def test_joint_select_counts_what_the_paper_would_have_dropped(make_parts, joint_config, config):
    from coref_transfer.select.pipeline import compute_stats, select_part

    joint = compute_stats(select_part(p, joint_config) for p in make_parts(FAMILY))
    assert joint["beta3"]["mentions"] == joint["input"]["mentions"] == 10
    assert joint["beta3"]["utterances"] == 4 and joint["beta3"]["clusters"] == 3
    reasons = {k: v for k, v in joint["paper_reasons"].items() if v}
    assert reasons == {"nested": 2, "first_second_person": 2, "too_short": 1}
    paper = compute_stats(select_part(p, config) for p in make_parts(FAMILY))
    assert paper["beta3"]["mentions"] == 3 and not any(paper["paper_reasons"].values())


CROSSING = """
%part 0
(TOP (S (NP#1 (NNP Anna)) (VP (VBD visited) (NP#2 (NNP Rome))) (. .)))
(TOP (S (NP#1 (PRP She)) (VP (VBD loved) (NP#2 (PRP it))) (. .)))
(TOP (S (NP#4 (NNP Marco)) (VP (VBD stayed)) (. .)))
"""


def test_a_chain_left_with_one_mention_still_goes_but_a_chain_of_pronouns_stays(make_parts, joint_config):
    from coref_transfer.select.pipeline import compute_stats, select_part

    stats = compute_stats(select_part(p, joint_config) for p in make_parts(CROSSING))
    assert stats["dropped"]["clusters"] == {"too_small": 1, "no_noun": 0}
    assert stats["dropped"]["mentions"]["cluster_too_small"] == 1


# -- marking and reading nested tags ---------------------------------------------------------------------------


def test_nested_spans_get_their_letters_in_pre_order_and_their_tags_nest():
    tokens = "Maria 's mother visited the mother of John .".split()
    pos = "NNP POS NN VBD DT NN IN NNP .".split()
    source = mark(tokens, pos, {0: (0, 2), 1: (0, 0), 2: (4, 7), 3: (7, 7)})
    assert source.text == "<a><b>Maria</b>'s mother</a> visited <c>the mother of <d>John</d></c>."
    assert source.slots == (0, 1, 2, 3)
    same_start_and_end = mark(["John"], ["NNP"], {5: (0, 0)})
    assert same_start_and_end.text == "<a>John</a>"


@pytest.mark.parametrize(
    "translation, sound, failures",
    [
        ("<a>La madre di <b>John</b></a> arrivò.", {"a": "La madre di John", "b": "John"}, {}),
        ("<a>La madre</a> di <b>John</b> arrivò.", {"b": "John"}, {"a": "tag_nesting"}),  # no longer holds b
        ("<a>La madre di <b>John</a></b> arrivò.", {}, {"a": "tag_crossing", "b": "tag_crossing"}),
        ("<a>La madre di John</a> arrivò.", {"a": "La madre di John"}, {"b": "tag_missing"}),
        ("<a>La madre di <b>John</b> arrivò.", {"b": "John"}, {"a": "tag_unpaired"}),
        ("<a>La madre di <b>John</b></a> e <b>John</b> arrivò.", {"a": "La madre di John"}, {"b": "tag_repeated"}),
    ],
    ids=["kept", "outer-shrunk", "crossing", "inner-lost", "unpaired", "doubled"],
)
def test_nested_tags_are_sound_only_when_paired_and_nested_as_in_the_english(translation, sound, failures):
    plain, ranges, found, unknown = tag_ranges(translation, ["a", "b"], {"a": {"b"}, "b": set()})
    assert {k: plain[s:e] for k, (s, e) in ranges.items()} == sound
    assert found == failures and unknown == 0


def test_a_pair_that_holds_another_the_english_did_not_is_unsound():
    _, ranges, found, _ = tag_ranges("<a>Anna vide <b>Roma</b></a>.", ["a", "b"], {"a": set(), "b": set()})
    assert found == {"a": "tag_nesting"} and set(ranges) == {"b"}


FAMILY_SOURCE = MarkedSource("<a>The mother of <b>John</b></a> said <c>she</c> would see <d>him</d>.", (0, 1, 2, 3))
FAMILY_MENTIONS = {
    0: TaggedMention(["The", "mother", "of", "John"], ["John"]),
    1: TaggedMention(["John"], ["John"]),
    2: TaggedMention(["she"], nominal=False),
    3: TaggedMention(["him"], nominal=False),
}


def words(projection, slot):
    return projection.span_text(projection.spans[slot])


def test_the_translation_without_tags_is_the_italian_and_each_tag_its_mentions_span():
    p = project(
        "<a>La madre di <b>John</b></a> ha detto che <c>lei</c> <d>lo</d> avrebbe visto.",
        FAMILY_SOURCE,
        FAMILY_MENTIONS,
    )
    assert p.text == "La madre di John ha detto che lei lo avrebbe visto."
    assert p.spans == {0: Span(0, 3), 1: Span(3, 3), 2: Span(7, 7), 3: Span(8, 8)}
    assert [words(p, k) for k in range(4)] == ["La madre di John", "John", "lei", "lo"]
    assert p.failures == {}


def test_an_article_or_fused_preposition_left_outside_the_tags_joins_a_noun_phrase_not_a_pronoun():
    p = project(
        "La <a>madre di <b>John</b></a> ha detto che <c>lei</c> doveva <d>vederlo</d>.", FAMILY_SOURCE, FAMILY_MENTIONS
    )
    assert words(p, 0) == "La madre di John" and words(p, 3) == "vederlo"  # the verb carrying the clitic
    source = MarkedSource("The economy of <a>Germany</a> grew and <b>its</b> exports too.", (0, 1))
    english = {0: TaggedMention(["Germany"], ["Germany"]), 1: TaggedMention(["its"], nominal=False)}
    p = project("L'economia della <a>Germania</a> è cresciuta e anche le <b>sue</b> esportazioni.", source, english)
    assert words(p, 0) == "della Germania"  # the fused word carries the mention's article
    assert words(p, 1) == "sue"  # "le" is the outer noun phrase's article, not the possessive's


def test_a_simple_preposition_inside_the_tags_is_left_out_of_the_span_but_not_a_selfs():
    source = MarkedSource(
        "<a>They</a> oppose <b>increased pluralism</b> and went on in <c>it</c> <d>themselves</d>.", (0, 1, 2, 3)
    )
    english = {
        0: TaggedMention(["They"], nominal=False),
        1: TaggedMention(["increased", "pluralism"]),
        2: TaggedMention(["it"], nominal=False),
        3: TaggedMention(["themselves"], nominal=False, self_word=True),
    }
    p = project(
        "<a>Loro</a> si oppongono <b>a un maggiore pluralismo</b> e sono andati avanti <c>con esso</c> <d>da soli</d>.",
        source,
        english,
    )
    assert [words(p, k) for k in range(4)] == ["Loro", "un maggiore pluralismo", "esso", "da soli"]


def test_a_preposition_or_article_an_english_mention_holds_or_a_larger_name_owns_stays_where_it_belongs():
    source = MarkedSource("They rescued <a>over 700 people</a> near <b>Trump</b> Tower in <c>Texas</c>.", (0, 1, 2))
    english = {
        0: TaggedMention(["over", "700", "people"], preposition_first=True),
        1: TaggedMention(["Trump"], ["Trump"], name_after="Tower"),
        2: TaggedMention(["Texas"], ["Texas"]),
    }
    p = project(
        "Hanno soccorso <a>oltre 700 persone</a> vicino alla <b>Trump</b> Tower nel <c>Texas</c>.", source, english
    )
    # "oltre" translates "over", the tower's article is not Trump's, Texas's is its own
    assert [words(p, k) for k in range(3)] == ["oltre 700 persone", "Trump", "nel Texas"]


@pytest.mark.parametrize(
    "translation, reason",
    [
        ("<a> , </a>La madre di <b>John</b> ha detto che <c>lei</c> <d>lo</d> avrebbe visto.", "tag_nesting"),
        ("<a>La</a> madre di <b>John</b> ha detto che <c>lei</c> <d>lo</d> avrebbe visto.", "tag_nesting"),
    ],
)
def test_a_tag_moved_off_its_phrase_is_unsound(translation, reason):
    p = project(translation, FAMILY_SOURCE, FAMILY_MENTIONS)
    assert p.failures[0] == reason and words(p, 1) == "John"


def test_content_checks_empty_only_articles_too_long_and_a_moved_name():
    source = MarkedSource("<a>The plant</a> closed after <b>Maria</b> left.", (0, 1))
    english = {0: TaggedMention(["The", "plant"]), 1: TaggedMention(["Maria"], ["Maria"])}
    cases = {
        "<a> , </a>Lo stabilimento ha chiuso dopo che <b>Maria</b> se ne è andata.": "tag_empty",
        "<a>Lo</a> stabilimento ha chiuso dopo che <b>Maria</b> se ne è andata.": "tag_no_word",
        "<a>Lo stabilimento ha chiuso dopo che la fabbrica era vuota e poi</a> <b>Maria</b> se ne è andata.": (
            "tag_too_long"
        ),
    }
    for translation, reason in cases.items():
        p = project(translation, source, english)
        assert p.failures == {0: reason} and words(p, 1) == "Maria"
    moved = project("<a>Lo stabilimento</a> ha chiuso dopo che Maria <b>se ne è andata</b>.", source, english)
    assert moved.failures == {1: "tag_moved"} and words(moved, 0) == "Lo stabilimento"
    clitic = MarkedSource("I saw <a>her</a>.", (0,))
    p = project("<a>La</a> vidi.", clitic, {0: TaggedMention(["her"], nominal=False)})
    assert words(p, 0) == "La"  # a pronoun's clitic is a word, not a stray article


def test_the_27th_mention_has_no_letter_and_unknown_tags_are_counted():
    tokens = [f"w{i}" for i in range(30)]
    source = mark(tokens, ["NN"] * 30, {i: (i, i) for i in range(30)})
    translation = " ".join(f"<{chr(97 + i)}>p{i}</{chr(97 + i)}>" for i in range(26)) + " p26 p27 p28 p29"
    p = project(translation, source, {i: TaggedMention([f"w{i}"]) for i in range(30)})
    assert len(p.spans) == 26 and {p.failures[i] for i in range(26, 30)} == {"too_many_mentions"}
    p = project("<a>La madre di <b>John</b></a> <C>x</C> arrivò.", FAMILY_SOURCE, FAMILY_MENTIONS)
    assert p.unknown_tags == 0 and words(p, 2) == "x"  # "C" is c's: a capital letter counts
    two = MarkedSource("<a>Anna</a> saw <b>Rome</b>.", (0, 1))
    p = project("<a>Anna</a> vide <b>Roma</b> <c>x</c>.", two, {0: TaggedMention(["Anna"]), 1: TaggedMention(["Rome"])})
    assert p.unknown_tags == 2 and len(p.spans) == 2


# -- the stage ---------------------------------------------------------------------------------------------------

FAMILY_IT = {
    "<a>The mother of <b>John</b></a> said <c>she</c> would see <d>him</d>.": (
        "<a>La madre di <b>John</b></a> ha detto che <c>lei</c> <d>lo</d> avrebbe visto."
    ),
    "<a>He</a> told <b>me</b> the story.": "<a>Lui</a> <b>mi</b> ha raccontato la storia.",
    "<a>I</a> met <b><c>her</c> son</b>.": "<a>Io</a> ho conosciuto <b>suo <c>figlio</c></b>.",
    "<a>He</a> left.": "<a>Lui</a> se n'è andato.",
}


def joint(rows, script, **config):
    cfg = validate_config({"method": "joint", **config})
    backend = Scripted(lambda segment, _call: script(segment))
    inventory = Inventory.load(REPO / "resources" / "placeholders")
    out, stats = run_joint(rows, TranslationService(backend, progress=False), inventory, cfg, italian_parser())
    check_accounting(stats, "translate")
    return out, stats, backend


def mention_words(record):
    return [" ".join(record.tokens[m.span.start : m.span.end + 1]) if m.span else None for m in record.mentions]


def test_one_segment_per_utterance_the_tagged_translation_is_the_italian(joint_beta3):
    rows = joint_beta3(FAMILY)
    out, stats, backend = joint(rows, FAMILY_IT.__getitem__)
    assert backend.seen == [s.text for s in joint_segments(rows)] and len(backend.seen) == len(rows) == 4
    assert [r.text for r in out] == [re.sub(r"</?[a-z]>", "", FAMILY_IT[s]) for s in backend.seen]
    assert mention_words(out[0]) == ["La madre di John", "John", "lei", "lo"]
    assert mention_words(out[1]) == ["Lui", "mi"]
    assert {r.method for r in out} == {"joint"}
    assert {m.span_source for r in out for m in r.mentions} == {"tags"}
    # "her son": the translator's tags nest the other way ("suo <c>figlio</c>" holds c inside b, as the
    # English does), so both stay
    assert mention_words(out[2]) == ["Io", "suo figlio", "figlio"]
    assert stats["gamma"]["mentions"] == stats["input"]["mentions"] == 10
    assert stats["methods"] == {"joint": 4, "placeholders": 0}
    assert stats["tags"]["segments"] == 4 and stats["tags"]["fallback_utterances"] == 0
    # the classes follow the Italian noun: "la madre" is feminine
    assert out[0].mentions[0].cls.gender == "fem"


def test_a_lost_tag_costs_its_mention_only(joint_beta3):
    rows = joint_beta3(FAMILY)

    def script(segment):
        out = FAMILY_IT[segment]
        return out.replace("<d>", "").replace("</d>", "")

    out, stats, _ = joint(rows, script)
    assert out[0].text == "La madre di John ha detto che lei lo avrebbe visto." and out[0].method == "joint"
    assert mention_words(out[0]) == ["La madre di John", "John", "lei", None]
    assert out[0].mentions[3].reason == "tag_missing" and out[0].mentions[3].dropped_at == "gamma"
    assert stats["dropped"]["mentions"]["tag_missing"] == 1 and stats["tags"]["unsound"]["tag_missing"] == 1


PLACEHOLDER_IT = {
    r"The mother of {N} said {N} would see {N}\.": "La madre di {0} ha detto che {1} avrebbe visto {2}.",
    r"{N} told me the story\.": "{0} mi ha raccontato la storia.",
    r"I met {N}'s son\.": "Ho conosciuto il figlio di {0}.",
    r"{N} left\.": "{0} se n'è andato.",
}
NAME = r"([A-Z][a-z]+(?: and [A-Z][a-z]+)?)"


def dropping_tags(segment):
    """A translator that drops every tag: tagged segments come back as plain Italian."""
    plain = {re.sub(r"</?[a-z]>", "", en): re.sub(r"</?[a-z]>", "", it) for en, it in FAMILY_IT.items()}
    plain["John"] = "John"
    untagged = re.sub(r"</?[a-z]>", "", segment)
    if untagged in plain:
        return plain[untagged]
    for pattern, italian in PLACEHOLDER_IT.items():
        m = re.fullmatch(pattern.replace("{N}", NAME), segment)
        if m:
            return italian.format(*m.groups())
    raise AssertionError(f"unscripted segment {segment!r}")


def test_an_utterance_whose_tags_placed_nothing_goes_down_the_papers_path(joint_beta3):
    rows = joint_beta3(FAMILY)
    out, stats, _backend = joint(rows, dropping_tags)
    first = out[0]
    assert first.method == "placeholders" and first.audit[0].failure == "tags_unsound"
    # only the mentions the paper's filters keep are carried; the others keep their tag reason
    assert [m.span_source for m in first.mentions] == [None, "placeholder", "placeholder", "placeholder"]
    assert [m.reason for m in first.mentions] == ["tag_missing", None, None, None]  # the outer one is nested
    assert first.text.startswith("La madre di John")
    assert out[2].text == "Ho conosciuto il suo figlio."  # the paper's way: δ's kinship rule takes "il" off
    assert mention_words(out[2]) == [None, None, "suo"]
    # an utterance whose mentions the paper's filters all refuse ("He left." is too short for β1) keeps the
    # tagged translation's Italian, its mentions dropped with their tag reason
    assert out[3].method == "joint" and out[3].text == "Lui se n'è andato."
    assert [m.reason for m in out[3].mentions] == ["tag_missing"]
    assert stats["methods"] == {"joint": 1, "placeholders": 3}
    assert stats["tags"]["fallback_utterances"] == 3
    assert stats["placeholder_fallback"]["input"]["utterances"] == 3


def test_the_tiny_ctranslate2_model_keeps_no_tag_and_every_utterance_is_accounted_for(joint_beta3, tiny_marian_dir):
    from coref_transfer.translate.mt.ct2 import CTranslate2Backend

    rows = joint_beta3(FAMILY)
    backend = CTranslate2Backend(tiny_marian_dir, max_decoding_length=24, beam_size=2)
    cfg = validate_config({"method": "joint", "translate": {"max_attempts": 1}})
    inventory = Inventory.load(REPO / "resources" / "placeholders")
    out, stats = run_joint(rows, TranslationService(backend, progress=False), inventory, cfg, italian_parser())
    check_accounting(stats, "translate")
    assert len(out) == stats["input"]["utterances"] == 4
    assert stats["span_sources"]["tags"] == 0  # noise keeps no tag pair around words
    assert stats["tags"]["fallback_utterances"] >= 3


def test_an_empty_translation_drops_the_utterance_with_its_reason(joint_beta3):
    rows = joint_beta3(FAMILY)
    out, stats, _ = joint(rows, lambda s: "" if s.startswith("<a>He</a> left") else FAMILY_IT[s])
    assert out[3].reason == "empty_translation" and out[3].mentions[0].reason == "empty_translation"
    assert stats["dropped"]["utterances"]["empty_translation"] == 1


# -- refine on the joint method's Italian -------------------------------------------------------------------


def _utterance(text: str, method: str):
    from coref_transfer.lang.it.tokenize import tokenize
    from coref_transfer.records import TranslatedUtterance

    return TranslatedUtterance(
        partition="test", doc_id="d", part=0, sentence=0, speaker="-", source_tokens=["x"], source_text="x",
        replaced="x", translation=text, text=text, tokens=tokenize(text), attempts=1, audit=[], dropped_at=None,
        reason=None, mentions=[], method=method,
    )  # fmt: skip


def test_refine_runs_the_joint_rules_on_the_translators_italian_and_keeps_its_text_where_none_fired():
    from coref_transfer.refine.stage import run_delta

    config = validate_config({})
    texts = ["Miei Signori, vi ringrazio.", "TELEFONO: (202) 225-5185"]
    joint_out, joint_stats = run_delta(
        [_utterance(t, "joint") for t in texts], italian_parser(), config, progress=False
    )
    paper_out, paper_stats = run_delta(
        [_utterance(t, "placeholders") for t in texts], italian_parser(), config, progress=False
    )
    # the paper's rules read "Signori" as feminine and make "Mie Signori"; the joint method's list has no such rule
    assert [u.text for u in joint_out] == texts and not any(u.changes for u in joint_out)
    assert paper_out[0].text != texts[0] and paper_stats["rules"]["possessive_agreement"]["applied"] == 1
    assert (
        joint_stats["methods"] == {"placeholders": 0, "joint": 2}
        and "possessive_agreement" not in joint_stats["joint_rules"]
    )
    # where no rule fired the translator's text stays as written; the detokeniser would space the hyphen
    assert paper_out[1].text != texts[1]
