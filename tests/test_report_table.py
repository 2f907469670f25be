"""The report's table writer (Markdown, LaTeX and CSV of one table), and what Tables 2 and 9 count in δ."""

from __future__ import annotations

from delta_rows import JOINT, TINY, group, mention

from coref_transfer.report.paper import table2, table9
from coref_transfer.report.table import Table, fmt
from coref_transfer.splits import split_of


def test_three_formats():
    table = Table("t", "Table X: a & b", ["class", "count", "%"], [["<20", 1200, 12.345], ["20-40", 3, None]], "note")
    assert table.markdown() == (
        "### Table X: a & b\n\n| class | count | % |\n|---|---|---|\n| <20 | 1,200 | 12.35 |\n| 20-40 | 3 | – |\n\nnote\n"
    )
    assert table.csv() == "class,count,%\n<20,1200,12.345\n20-40,3,\n"
    latex = table.latex()
    assert r"\caption{Table X: a \& b}" in latex and r"$<$20 & 1,200 & 12.35 \\" in latex and r"\% \\" in latex


def test_written_files(tmp_path):
    paths = Table("t2", "T", ["a"], [[1]]).write(tmp_path)
    assert [p.name for p in paths] == ["t2.md", "t2.tex", "t2.csv"]


def test_formats_and_splits():
    assert (fmt(None), fmt(3), fmt(1234567), fmt(0.5), fmt("x")) == ("–", "3", "1,234,567", "0.50", "x")
    assert [split_of(p) for p in ("train-nw-ledger", "development-bc-x", "test-a", "all", "nw-ledger")] == [
        "train",
        "development",
        "test",
        "all",
        "all",
    ]


def _delta(rows):
    return [row for parts in group(rows).values() for part in parts for row in part.rows]


def test_table2_counts_the_mentions_the_exports_write():
    """δ holds 15 mentions in `JOINT`, plus a repeat here: the repeat is written once, and two mentions on a
    span that holds another chain's are not written (`export.rows`), so Table 2 counts 13, as the manifest does."""
    repeat = dict(JOINT[0], mentions=[*JOINT[0]["mentions"], mention(2, 3, 3, "man", before=(4, 4))])
    delta = _delta([repeat, *JOINT[1:]])
    assert sum(len(r.mentions) for r in delta) == 16
    (result,) = [row for row in table2([], delta).rows if row[:2] == ["train", "result (Italian, δ)"]]
    assert result[2:] == [1, 1, 5, 25, 13, 6]  # documents, parts, utterances, tokens, mentions, clusters


def test_table9_leaves_out_zero_mentions_and_spans_in_two_chains():
    """The single-token mentions of `TINY` and `JOINT`'s train split as the exports write them: the zeros on
    "Ha" (AUX) and "hanno" (AUX) and the mentions on a span another chain keeps ("firmò", "Venderlo") are not
    counted, which would have made 4 more VERB and AUX mentions."""
    delta = _delta([*TINY[:4], *JOINT])
    table = table9(delta, [])
    assert {row[1]: row[2] for row in table.rows} == {"PROPN": 4, "VERB": 6, "PRON": 3}
    assert table.note.startswith("Single-token mentions: 13 in δ")
