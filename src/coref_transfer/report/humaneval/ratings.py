"""Importing the raters' CSV files, checked against the sample.

`read_ratings` fails on the first problem with the file and line: unknown
rater, item not in the sample, duplicate (item, rater), a value other than
1/0, empty cells, items a rater did not rate at all.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.report.humaneval.page import _check_raters, ratings_name
from coref_transfer.report.humaneval.sample import _check_sample

QUESTIONS: tuple[str, ...] = ("grammatical", "acceptable")
CSV_HEADER: tuple[str, ...] = ("item_id", "rater", "grammatical", "acceptable")


@dataclass(frozen=True)
class Ratings:
    """Every rater's two binary answers for every item of a sample.

    `values[(item_id, rater)]` is `(grammatical, acceptable)`, each 1 (yes) or
    0 (no). `read_ratings` guarantees that every (item, rater) pair is present.
    """

    raters: tuple[str, ...]
    item_ids: tuple[str, ...]
    values: Mapping[tuple[str, str], tuple[int, int]]

    def answers(self, item_id: str, question: str) -> list[int]:
        """The raters' answers to one question on one item, in `raters` order."""
        q = _question_index(question)
        return [self.values[(item_id, rater)][q] for rater in self.raters]

    def rows(self) -> Iterator[dict[str, Any]]:
        """One dict per (item, rater), items in sample order, like the CSV rows."""
        for item_id in self.item_ids:
            for rater in self.raters:
                g, a = self.values[(item_id, rater)]
                yield {"item_id": item_id, "rater": rater, "grammatical": g, "acceptable": a}


def read_ratings(paths: Iterable[str | Path], sample: Sequence[Mapping[str, Any]], raters: Sequence[str]) -> Ratings:
    """Import the raters' exported CSV files, checking them against the sample.

    A file may hold one rater's rows (as the page exports them) or several
    raters'; blank lines are skipped and a UTF-8 byte-order mark is accepted.

    Raises:
        MissingInputError: a file does not exist, or a rater has no rows in any file.
        InputFormatError: naming the file and line: a wrong header, a row with
            the wrong number of fields, an unknown rater, an item not in the
            sample, a duplicate (item, rater), a value other than 1 or 0, empty
            cells (an unfinished item), or items a rater did not rate.
        ConfigError: bad rater names.
    """
    raters = _check_raters(raters)
    sample = _check_sample(sample, "<sample>")
    item_ids = [item["id"] for item in sample]
    known_items = set(item_ids)
    values: dict[tuple[str, str], tuple[int, int]] = {}
    seen_at: dict[tuple[str, str], tuple[str, int]] = {}
    files_of: dict[str, list[str]] = {rater: [] for rater in raters}
    paths = [Path(p) for p in paths]
    for path in paths:
        for line, item_id, rater, answers in _read_csv(path, known_items, raters):
            key = (item_id, rater)
            if key in seen_at:
                first_path, first_line = seen_at[key]
                where = f"line {first_line}" if first_path == str(path) else f"{first_path}:{first_line}"
                raise InputFormatError(
                    path, line, f"duplicate rating of item {item_id!r} by rater {rater!r} (first at {where})"
                )
            seen_at[key] = (str(path), line)
            values[key] = answers
            if str(path) not in files_of[rater]:
                files_of[rater].append(str(path))
    read = ", ".join(str(p) for p in paths) or "(no files)"
    for rater in raters:
        if not files_of[rater]:
            raise MissingInputError(
                f"no ratings from rater {rater!r} in the files read: {read}; expected their {ratings_name(rater)}"
            )
        missing = [item_id for item_id in item_ids if (item_id, rater) not in values]
        if missing:
            shown = ", ".join(repr(i) for i in missing[:5]) + (", ..." if len(missing) > 5 else "")
            others = (
                f" (rows for this rater also in {', '.join(files_of[rater][1:])})" if len(files_of[rater]) > 1 else ""
            )
            raise InputFormatError(
                files_of[rater][0],
                None,
                f"rater {rater!r} did not rate {len(missing)} of the {len(item_ids)} items of the sample: {shown}"
                f"{others}; every rater must rate every item (export again once the page shows all complete)",
            )
    return Ratings(raters=tuple(raters), item_ids=tuple(item_ids), values=values)


def _read_csv(
    path: Path, known_items: set[str], raters: Sequence[str]
) -> Iterator[tuple[int, str, str, tuple[int, int]]]:
    """Yield (line, item_id, rater, (grammatical, acceptable)) for each row of one file."""
    if not path.is_file():
        raise MissingInputError(f"{path}: ratings file not found")
    unfinished: list[tuple[int, str, str]] = []
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            if header is None:
                raise InputFormatError(path, None, f"empty file; expected the header {','.join(CSV_HEADER)}")
            if tuple(cell.strip() for cell in header) != CSV_HEADER:
                raise InputFormatError(
                    path, reader.line_num, f"header is {','.join(header)!r}; expected {','.join(CSV_HEADER)!r}"
                )
            for row in reader:
                line = reader.line_num
                if not row or row == [""]:
                    continue
                if len(row) != len(CSV_HEADER):
                    raise InputFormatError(
                        path, line, f"{len(row)} fields; expected {len(CSV_HEADER)} ({','.join(CSV_HEADER)})"
                    )
                item_id, rater, g_cell, a_cell = row
                if rater not in raters:
                    raise InputFormatError(
                        path, line, f"unknown rater {rater!r}; the raters are {', '.join(map(repr, raters))}"
                    )
                if item_id not in known_items:
                    raise InputFormatError(
                        path, line, f"item {item_id!r} is not in the sample (a file from another kit?)"
                    )
                answers = []
                for question, raw in zip(QUESTIONS, (g_cell, a_cell)):
                    value = raw.strip()
                    if value == "":
                        unfinished.append((line, item_id, question))
                        answers.append(-1)
                    elif value in ("0", "1"):
                        answers.append(int(value))
                    else:
                        raise InputFormatError(
                            path, line, f"{question} is {raw!r} for item {item_id!r}; expected 1 (yes) or 0 (no)"
                        )
                if -1 not in answers:
                    yield line, item_id, rater, (answers[0], answers[1])
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except csv.Error as exc:
        raise InputFormatError(path, None, f"not valid CSV ({exc})") from exc
    if unfinished:
        items = sorted({item_id for _, item_id, _ in unfinished})
        shown = ", ".join(repr(i) for i in items[:5]) + (", ..." if len(items) > 5 else "")
        first_line, first_item, first_question = unfinished[0]
        raise InputFormatError(
            path,
            first_line,
            f"empty {first_question} answer for item {first_item!r}: {len(items)} item(s) in this file are not "
            f"finished ({shown}); expected 1 or 0 in both answer columns (finish them on the page and export again)",
        )


def _question_index(question: str) -> int:
    if question not in QUESTIONS:
        raise ValueError(f"unknown question {question!r}; expected one of {', '.join(QUESTIONS)}")
    return QUESTIONS.index(question)
