"""The report's table writer: Markdown, LaTeX and CSV of one table."""

from __future__ import annotations

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
