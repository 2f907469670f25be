"""Precision and recall of each refinement rule on a hand-written evaluation set.

The set (`tests/data/refine-eval/{dev,test}.jsonl`, written for the project)
gives per sentence the input (tokens with [mentions]), the expected refined
sentence, and the rules that should change it. A rule's precision is the
share of sentences it changed that it should have changed; its recall, the
share of sentences it should have changed that it did change. Sentence
accuracy is the share whose whole refined output (tokens and mention
brackets) equals the expected one. Rules are developed on `dev` only; the
figures reported are `test`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.classes import MentionClass
from coref_transfer.errors import InputFormatError
from coref_transfer.io import iter_json_lines
from coref_transfer.lang.en.pronoun_role import ROLES
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.refine.run import BracketError, ClassError, parse_bracketed, parse_class, refine_texts
from coref_transfer.rule_eval import precision_recall
from coref_transfer.rule_eval import report as rule_report


def read_set(path: str | Path) -> list[dict[str, Any]]:
    """Read an evaluation set (JSON Lines), checking each line's fields.

    An item may carry `classes`: the entity class of each mention of its
    input, in bracket order (sorted by start, longest first), each
    "type/gender/number" or null; read into `MentionClass`es (or None); and
    `clusters`: one integer per mention, equal for mentions of one entity
    (without it each mention is its own entity, as pro-drop's "subject
    switch" then reads it); and `roles`: each pronoun mention's role in the
    English (`lang.en.pronoun_role.ROLES`, null for other mentions), as
    select records it.

    Raises:
        InputFormatError: a field is missing, or `classes` is not a list
            with one valid entry per mention (file and line named).
    """
    items = []
    for lineno, item in iter_json_lines(path):
        missing = {"id", "input", "expected", "rules"} - set(item)
        if missing:
            raise InputFormatError(path, lineno, f"missing field(s): {', '.join(sorted(missing))}")
        if "classes" in item:
            item = {**item, "classes": _classes(path, lineno, item)}
        if "clusters" in item:
            _check_clusters(path, lineno, item)
        if "roles" in item:
            _check_roles(path, lineno, item)
        items.append(item)
    return items


def _mentions(path: str | Path, lineno: int, item: Mapping[str, Any]) -> int:
    """How many mentions the item's input brackets (an unreadable input is an error naming file and line)."""
    try:
        return len(parse_bracketed(item["input"])[1])
    except BracketError as exc:
        raise InputFormatError(path, lineno, str(exc)) from exc


def _check_per_mention(path: str | Path, lineno: int, item: Mapping[str, Any], key: str, valid: Any, want: str) -> None:
    """The item's `key` is a list of one `valid` entry per mention, in bracket order; else an error saying `want`."""
    raw, count = item[key], _mentions(path, lineno, item)
    if not isinstance(raw, list) or len(raw) != count or not all(valid(v) for v in raw):
        raise InputFormatError(path, lineno, f"{key}: give {want} per mention ({count} mentions)")


def _check_clusters(path: str | Path, lineno: int, item: Mapping[str, Any]) -> None:
    """The item's `clusters`: one integer per mention, in bracket order (equal numbers corefer)."""
    _check_per_mention(
        path, lineno, item, "clusters", lambda c: isinstance(c, int), "one integer, equal for coreferent mentions,"
    )


def _check_roles(path: str | Path, lineno: int, item: Mapping[str, Any]) -> None:
    """The item's `roles`: one English pronoun role (`ROLES`) or null per mention, in bracket order."""
    _check_per_mention(
        path, lineno, item, "roles", lambda r: r is None or r in ROLES, f"one of {', '.join(ROLES)} or null"
    )


def _classes(path: str | Path, lineno: int, item: Mapping[str, Any]) -> list[MentionClass | None]:
    """The item's `classes`, checked against its mentions and parsed."""
    raw, mentions = item["classes"], _mentions(path, lineno, item)
    if not isinstance(raw, list) or len(raw) != mentions:
        count = len(raw) if isinstance(raw, list) else "not a list of"
        raise InputFormatError(
            path, lineno, f"classes: {count} entries for {mentions} mentions; give one per mention (null if unknown)"
        )
    out: list[MentionClass | None] = []
    for value in raw:
        if value is None:
            out.append(None)
            continue
        if not isinstance(value, str):
            raise InputFormatError(path, lineno, f"classes: {value!r} is not a 'type/gender/number' string or null")
        try:
            out.append(parse_class(value))
        except ClassError as exc:
            raise InputFormatError(path, lineno, f"classes: {exc}") from exc
    return out


def evaluate(
    items: Sequence[Mapping[str, Any]], config: Mapping[str, Any], parser: ParserBackend | None = None
) -> dict[str, Any]:
    """Per-rule precision/recall and sentence accuracy, with the sentences that went wrong."""
    results = list(
        refine_texts(
            [it["input"] for it in items],
            config,
            parser,
            [it.get("classes") for it in items],
            [it.get("clusters") for it in items],
            [it.get("roles") for it in items],
        )
    )
    rules = list(config["refine"]["rules"])
    counts = {r: {"tp": 0, "fp": 0, "fn": 0} for r in rules}
    exact = 0
    errors = []
    for item, result in zip(items, results):
        fired = {c["rule"] for c in result["changes"]}
        expected = set(item["rules"])
        for rule in rules:
            if rule in fired and rule in expected:
                counts[rule]["tp"] += 1
            elif rule in fired:
                counts[rule]["fp"] += 1
            elif rule in expected:
                counts[rule]["fn"] += 1
        ok = " ".join(result["bracketed"].split()) == " ".join(item["expected"].split())
        exact += ok
        if not ok or fired != expected:
            errors.append(
                {
                    "id": item["id"],
                    "expected": item["expected"],
                    "got": result["bracketed"],
                    "rules_expected": sorted(expected),
                    "rules_fired": sorted(fired),
                }
            )
    return {
        "sentences": len(items),
        "exact": exact,
        "accuracy": exact / len(items) if items else None,
        "rules": precision_recall(counts),
        "errors": errors,
    }


def markdown(report: Mapping[str, Any]) -> str:
    """The report as a Markdown table."""
    return rule_report(
        "rule", report["rules"], report["exact"], report["sentences"], "Whole sentences right (tokens and mentions)"
    )
