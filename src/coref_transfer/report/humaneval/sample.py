"""The kit's sample: stratified sampling, its fingerprint, and reading `sample.json` back.

`stratified_sample` draws up to `per_class` utterances from each readability
class (`<20`, `20-40`, `40-60`, `60-80`, `>80`), seeded and independent of the
input order. `_check_sample` is the item check that the pages, the import and
the agreement share.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError, InputFormatError, MissingInputError
from coref_transfer.readability import CLASSES as READABILITY_CLASSES

# The package's logger, as before the split, so the lines in the humaneval log keep their name.
log = logging.getLogger(__package__)

SAMPLE_SCHEMA_VERSION = 1

# Item ids end up in CSV cells; quoting handles commas and quotes, but a line
# break or another control character in an id is almost surely a bug upstream.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def stratified_sample(
    items: Iterable[Mapping[str, Any]], per_class: int, seed: int, *, source: str = "<items>"
) -> list[dict]:
    """Draw up to `per_class` utterances from each readability class.

    Each class's candidates are sorted by id before a generator seeded with
    `seed` and the class label draws from them, so the result depends on the
    items, `per_class` and `seed` only (not on the input order), and changing
    one class's candidates leaves the other classes' draws alone.

    Args:
        items: dicts with "id" (str or int, unique), "text" (str) and "class"
            (one of READABILITY_CLASSES); other keys are ignored.
        per_class: how many to draw per class; a class with fewer takes all.
        seed: the random seed.
        source: names the items in error messages (for example the file read).

    Returns:
        Dicts with "id" (str), "text", "class" and "class_available" (how many
        candidates the class had), ordered by class as in READABILITY_CLASSES,
        each class in its seeded random order.

    Raises:
        ConfigError: `per_class` below 1 or `seed` not an integer.
        InputFormatError: a missing or malformed field, an unknown class or a
            duplicate id; the "line" is the 1-based position among `items`.
    """
    if isinstance(per_class, bool) or not isinstance(per_class, int) or per_class < 1:
        raise ConfigError(f"per_class must be an integer of at least 1, got {per_class!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"seed must be an integer, got {seed!r}")
    pools: dict[str, list[dict]] = {label: [] for label in READABILITY_CLASSES}
    first_row: dict[str, int] = {}
    for row, item in enumerate(items, start=1):
        clean = _check_item(item, source, row)
        if clean["id"] in first_row:
            raise InputFormatError(
                source, row, f"duplicate id {clean['id']!r} (first at row {first_row[clean['id']]}); ids must be unique"
            )
        first_row[clean["id"]] = row
        pools[clean["class"]].append(clean)
    sample: list[dict] = []
    for label in READABILITY_CLASSES:
        pool = sorted(pools[label], key=lambda it: it["id"])
        take = min(per_class, len(pool))
        if take < per_class:
            log.warning(
                "readability class %s has %d utterances, fewer than the %d asked for", label, len(pool), per_class
            )
        # random.sample returns its picks in random order: that is the within-class shuffle.
        for item in random.Random(f"{seed}:{label}").sample(pool, take):
            sample.append({**item, "class_available": len(pool)})
    return sample


def class_counts(sample: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """How many utterances each class had ("available") and gave ("sampled")."""
    counts = {label: {"available": 0, "sampled": 0} for label in READABILITY_CLASSES}
    for item in sample:
        counts[item["class"]]["sampled"] += 1
        counts[item["class"]]["available"] = item.get("class_available", counts[item["class"]]["sampled"])
    return counts


def kit_id(sample: Sequence[Mapping[str, Any]]) -> str:
    """A short fingerprint of the sample (ids, texts, classes and their order).

    It keys the pages' saved progress, so a rebuilt kit with other items never
    picks up answers given to an earlier one.
    """
    canonical = json.dumps(
        [[item["id"], item["text"], item["class"]] for item in sample], ensure_ascii=False, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def load_sample(path: str | Path) -> list[dict]:
    """Read the items of a kit's `sample.json` (as written by `build_kit`).

    Raises:
        MissingInputError: the file does not exist.
        InputFormatError: not JSON, another schema version, or bad items.
    """
    path = Path(path)
    if not path.is_file():
        raise MissingInputError(f"{path}: sample file not found (build_kit writes sample.json into the kit folder)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputFormatError(path, None, f"not a JSON file ({exc})") from exc
    if not isinstance(data, dict) or data.get("schema_version") != SAMPLE_SCHEMA_VERSION:
        found = data.get("schema_version") if isinstance(data, dict) else type(data).__name__
        raise InputFormatError(
            path, None, f"expected a sample with schema_version {SAMPLE_SCHEMA_VERSION}, found {found!r}"
        )
    items = data.get("items")
    if not isinstance(items, list):
        raise InputFormatError(path, None, "no 'items' list")
    return _check_sample(items, str(path))


def _check_item(item: Any, source: str, row: int) -> dict[str, str]:
    if not isinstance(item, Mapping):
        raise InputFormatError(source, row, f"expected an object with id, text and class, got {type(item).__name__}")
    for key in ("id", "text", "class"):
        if key not in item:
            raise InputFormatError(source, row, f"missing field {key!r}; each utterance needs id, text and class")
    raw_id = item["id"]
    if isinstance(raw_id, bool) or not isinstance(raw_id, (str, int)):
        raise InputFormatError(source, row, f"id must be a string or an integer, got {raw_id!r}")
    item_id = str(raw_id)
    if not item_id or _CONTROL.search(item_id):
        raise InputFormatError(source, row, f"id {item_id!r} is empty or holds a line break or control character")
    if not isinstance(item["text"], str) or not item["text"].strip():
        raise InputFormatError(source, row, f"text of {item_id!r} must be a non-empty string")
    if item["class"] not in READABILITY_CLASSES:
        raise InputFormatError(
            source,
            row,
            f"unknown readability class {item['class']!r}; expected one of {', '.join(READABILITY_CLASSES)}",
        )
    return {"id": item_id, "text": item["text"], "class": item["class"]}


def _check_sample(sample: Sequence[Mapping[str, Any]], source: str) -> list[dict]:
    """The sample's items, validated (ids unique), with their extra fields kept."""
    checked = []
    seen: set[str] = set()
    for row, item in enumerate(sample, start=1):
        clean = _check_item(item, source, row)
        if clean["id"] in seen:
            raise InputFormatError(source, row, f"duplicate id {clean['id']!r} in the sample")
        seen.add(clean["id"])
        checked.append({**item, **clean})
    return checked
