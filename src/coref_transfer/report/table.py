"""A small table type written as Markdown, LaTeX and CSV.

Written here rather than with pandas: the three writers are a few lines
each, and pandas' `to_markdown`/`to_latex` would pull in pandas, tabulate
and jinja2 for that alone. Output is deterministic (fixed number formats).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from coref_transfer.io import atomic_write_text

Cell = str | int | float | None


def fmt(value: Cell) -> str:
    """Integers with thousands separators, floats with 2 decimals, None as an en dash."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


@dataclass
class Table:
    """A titled table with a header row, data rows and an optional note."""

    name: str
    title: str
    header: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    note: str = ""

    def markdown(self) -> str:
        lines = [f"### {self.title}", "", "| " + " | ".join(self.header) + " |", "|" + "---|" * len(self.header)]
        lines += ["| " + " | ".join(fmt(c) for c in row) + " |" for row in self.rows]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines) + "\n"

    def latex(self) -> str:
        def esc(text: str) -> str:
            for a, b in (
                ("\\", r"\textbackslash{}"),
                ("&", r"\&"),
                ("%", r"\%"),
                ("_", r"\_"),
                ("#", r"\#"),
                ("<", r"$<$"),
                (">", r"$>$"),
                ("–", "--"),
            ):
                text = text.replace(a, b)
            return text

        spec = "l" + "r" * (len(self.header) - 1)
        lines = [
            r"\begin{table}[t]",
            r"\centering",
            rf"\caption{{{esc(self.title)}}}",
            rf"\label{{tab:{self.name}}}",
            rf"\begin{{tabular}}{{{spec}}}",
            r"\hline",
            " & ".join(esc(h) for h in self.header) + r" \\",
            r"\hline",
        ]
        lines += [" & ".join(esc(fmt(c)) for c in row) + r" \\" for row in self.rows]
        lines += [r"\hline", r"\end{tabular}", r"\end{table}"]
        return "\n".join(lines) + "\n"

    def csv(self) -> str:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(self.header)
        writer.writerows([["" if c is None else c for c in row] for row in self.rows])
        return buffer.getvalue()

    def write(self, folder: str | Path) -> list[Path]:
        """Write `<name>.md`, `<name>.tex` and `<name>.csv` into `folder`."""
        folder = Path(folder)
        paths = []
        for ext, text in (("md", self.markdown()), ("tex", self.latex()), ("csv", self.csv())):
            path = folder / f"{self.name}.{ext}"
            atomic_write_text(path, text)
            paths.append(path)
        return paths


def pct(part: float, whole: float) -> float | None:
    return None if not whole else 100.0 * part / whole
