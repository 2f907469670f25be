"""The translate preflight (`translate --dry-run`) on hand-written utterances: segments and flags."""

from __future__ import annotations

from conftest import REPO

from coref_transfer.config import validate_config
from coref_transfer.records import SelectedUtterance
from coref_transfer.select.pipeline import select_part
from coref_transfer.select.tables import SelectionColumns
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.preflight import preflight, segments_tsv

DOC = """
%part 0
(TOP (S (`` ") (NP=PERSON#1 (NNP Laura)) (VP (VBD called) (NP#2 (DT the) (NN company)) (NP (NNP Monday))) (. .)))
(TOP (S (NP#1 (PRP She)) (VP (VBD thanked) (NP#2 (PRP it)) (PP (IN for) (NP (DT the) (NN help)))) (. .)))
"""


def selected(make_parts, text, config):
    columns = SelectionColumns()
    for part in make_parts(text):
        columns.add(select_part(part, config))
    return [SelectedUtterance.from_row(r) for r in columns.tables("test")["beta3"].to_pylist()]


def test_the_preflight_sends_each_utterance_once_marked_then_with_its_placeholders(make_parts):
    config = validate_config({"method": "placeholders"})  # translate.mention_context: sentence
    rows = selected(make_parts, DOC, config)
    segments, summary = preflight(rows, Inventory.load(REPO / "resources" / "placeholders"), config)
    assert [s.kind for s in segments] == ["marked", "utterance", "utterance"]
    # the mentions to read are tagged in their sentence; the pronouns come from the table, not the model
    assert segments[0].text == '"<a>Laura</a> called <b>the company</b> Monday.'
    assert segments[0].flags == ("unbalanced_quote",)
    assert summary["segments"]["marked"] == {"segments": 1, "unique": 1, "with_placeholders": 0, "flagged": 1}
    assert summary["segments"]["mention"]["segments"] == 0
    assert summary["mentions"] == {"in_sentence": 2, "alone_no_tag_left": 0, "placeholder": 4, "pronoun_table": 2}


def test_the_preflight_lists_each_segment_once_with_its_flags(make_parts):
    config = validate_config({"method": "placeholders", "translate": {"mention_context": "alone"}})
    rows = selected(make_parts, DOC, config)
    segments, summary = preflight(rows, Inventory.load(REPO / "resources" / "placeholders"), config)
    mentions = [s.text for s in segments if s.kind == "mention"]
    assert mentions == ["Laura", "the company"]  # the pronouns come from the table, not the model
    first, second = [s for s in segments if s.kind == "utterance"]
    assert first.text.startswith('"') and first.text.endswith(" Monday.")
    # an opening quote another sentence closes; a placeholder right before the name "Monday"
    assert first.flags == ("unbalanced_quote", "placeholder_before_name")
    assert second.flags == () and second.placeholders == 2
    assert summary["flags"]["utterance"]["placeholder_before_name"] == 1
    assert summary["mentions"] == {"alone": 2, "placeholder": 4, "pronoun_table": 2}
    assert summary["detokenisation_defects"] == 0
    lines = segments_tsv(segments).splitlines()
    assert lines[0] == "kind\tdoc_id\tpart\tsentence\tflags\tsegment"
    assert lines[3].split("\t")[4] == "unbalanced_quote,placeholder_before_name"


TIMES = """
%part 0
(TOP (S (NP=PERSON#1 (PRP He)) (VP (VBZ 's) (NP (WP what)) (SBAR (S (NP#2 (PRP she)) (VP (VBD was))))) (. .)))
(TOP (S (NP=PERSON#1 (NNP Marco)) (VP (VBD met) (NP=PERSON#2 (NNP Anna)) (PP (IN between) (NP (NP=DATE#3 (NNP June)) (CC and) (NP=DATE#4 (NNP November))))) (. .)))
(TOP (S (NP#3 (NNP June)) (VP (VBD was) (ADJP (RB very) (JJ hot)) (ADVP (RB here))) (. .)))
(TOP (S (NP#4 (NNP November)) (VP (VBD was) (ADJP (RB very) (JJ cold)) (ADVP (RB here))) (. .)))
"""


def test_dates_keep_their_words_and_a_contraction_after_a_name_is_written_in_full(make_parts):
    config = validate_config({"method": "placeholders"})
    rows = selected(make_parts, TIMES, config)
    segments, summary = preflight(rows, Inventory.load(REPO / "resources" / "placeholders"), config)
    utterances = [s for s in segments if s.kind == "utterance"]
    assert " is what " in utterances[0].text and "'s" not in utterances[0].text  # not "Lamberto's what Ciro was"
    assert "between June and November" in utterances[1].text  # dates are not people
    assert summary["mentions"]["kept_as_words_time"] == 4
    assert summary["flags"]["utterance"]["name_for_time"] == 0
    assert summary["flags"]["utterance"]["contraction_after_placeholder"] == 0


def test_the_time_and_contraction_flags_fire_on_what_slips_through(make_parts):
    from dataclasses import replace

    from coref_transfer.translate.preflight import _slot_flags
    from coref_transfer.translate.replace import make_slots

    config = validate_config({"method": "placeholders"})
    rows = selected(make_parts, TIMES, config)
    first, second = rows[0], rows[1]
    # a date that select did not keep as words (an older select table) gets a name: flagged
    dated = replace(second, mentions=[replace(m, in_place=None) for m in second.mentions])
    slots = make_slots(dated)
    assert "name_for_time" in _slot_flags(dated, slots, ["Gino", "Ciro", "Bari", "Modena"], "x")

    class Name:
        source = "Lamberto"

    slots = make_slots(first)
    sent = "Lamberto's what Ciro was."  # the contraction left after the name
    assert "contraction_after_placeholder" in _slot_flags(first, slots, [Name(), None], sent)
