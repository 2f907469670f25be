"""The translate preflight (`translate --dry-run`) on hand-written utterances: segments and flags."""

from __future__ import annotations

from coref_transfer.config import validate_config
from coref_transfer.records import SelectedUtterance
from coref_transfer.select.pipeline import select_part
from coref_transfer.select.tables import SelectionColumns
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.preflight import preflight, segments_tsv

from conftest import REPO

DOC = """
%part 0
(TOP (S (`` ") (NP=PERSON#1 (NNP Laura)) (VP (VBD called) (NP#2 (DT the) (NN company)) (NP (NNP Monday))) (. .)))
(TOP (S (NP#1 (PRP She)) (VP (VBD thanked) (NP#2 (PRP it)) (PP (IN for) (NP (DT the) (NN help)))) (. .)))
"""


def test_the_preflight_lists_each_segment_once_with_its_flags(make_parts):
    config = validate_config({})
    columns = SelectionColumns()
    for part in make_parts(DOC):
        columns.add(select_part(part, config))
    rows = [SelectedUtterance.from_row(r) for r in columns.tables("test")["beta3"].to_pylist()]
    segments, summary = preflight(rows, Inventory.load(REPO / "resources" / "placeholders"), config)
    mentions = [s.text for s in segments if s.kind == "mention"]
    assert mentions == ["Laura", "the company"]  # the pronouns come from the table, not the model
    first, second = [s for s in segments if s.kind == "utterance"]
    assert first.text.startswith('"') and first.text.endswith(" Monday.")
    # an opening quote another sentence closes; a placeholder right before the name "Monday"
    assert first.flags == ("unbalanced_quote", "placeholder_before_name")
    assert second.flags == () and second.placeholders == 2
    assert summary["flags"]["utterance"]["placeholder_before_name"] == 1
    assert summary["mentions"] == {"placeholder": 4, "pronoun_table": 2}
    assert summary["detokenisation_defects"] == 0
    lines = segments_tsv(segments).splitlines()
    assert lines[0] == "kind\tdoc_id\tpart\tsentence\tflags\tsegment"
    assert lines[3].split("\t")[4] == "unbalanced_quote,placeholder_before_name"
