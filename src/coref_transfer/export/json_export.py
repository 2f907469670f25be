"""JSON export with change tracking: one JSON file per split, and its reader.

One JSON document per split (not JSON Lines: the file is read whole, by
people and by `read`, and a single document carries its version once):

    {"format": "coref-transfer-delta", "schema_version": "3", "split": "train",
     "utterances": [UTTERANCE, ...]}

1. `utterances` are in document, part, sentence order (`rows.group_rows`).
2. An UTTERANCE has the δ field names (`coref_transfer.schema.DELTA`):
   `partition`, `doc_id`, `part`, `sentence` (the ids), `speaker`,
   `text_before` / `tokens_before` (the Italian before refinement, γ's),
   `text` / `tokens` (after refinement), `upos`, `xpos` (one per token),
   `mentions`, `changes`, plus `readability_before` and `readability`.
3. A mention has both spans: `start`/`end` index `tokens`, `start_before`/
   `end_before` index `tokens_before` (0-based, end inclusive), its chain
   `cluster_id` (per part) and its classes `type`, `gender`, `number` with
   their `*_source`, its chain's CorefUD entity type `etype` (version 3;
   `coref_transfer.entity_types`), its English pronoun `role`, and `zero`:
   null, or for the mention of a subject pronoun refine deleted (it lies on
   the verb), that pronoun's `form`, `lemma`, `xpos`, `feats` and `deprel`
   (version 2).
   Every δ mention is kept, repeats included, but for those no format
   writes (`rows.exported_mentions`: a second chain's mention on a span),
   so the four formats hold the same mentions.
4. A change is `{"rule", "index", "before", "after"}`: the rule, the token
   index at the time of the edit, the token before and after (`after` is ""
   for a deletion), in the order applied.
5. `readability*` is `{"flesch_vacca": x, "gulpease": y}` for `text_before`
   and `text`: numbers, or null where a score is undefined (JSON has no NaN).
   The scores come from a callable, by default `coref_transfer.readability`
   (imported only when needed).
6. Keys sorted, 2-space indent, UTF-8 (`coref_transfer.io.write_json`), so
   equal inputs give byte-identical files.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.export.rows import DocumentPart, exported_mentions
from coref_transfer.io import write_json
from coref_transfer.records import RefinedUtterance

SCHEMA_VERSION = "3"
FORMAT = "coref-transfer-delta"
EXTENSION = "json"

READABILITY_FIELDS = ("flesch_vacca", "gulpease")
Scores = Mapping[str, Any]
Readability = Callable[[str], Scores]
"""Text -> {"flesch_vacca": float | None, "gulpease": float | None}."""

ROW_FIELDS = (
    "partition", "doc_id", "part", "sentence", "speaker",
    "text_before", "text", "tokens_before", "tokens", "upos", "xpos", "mentions", "changes",
)  # fmt: skip
UTTERANCE_FIELDS = frozenset(ROW_FIELDS) | {"readability_before", "readability"}


def default_readability() -> Readability:
    """Both scores from `coref_transfer.readability`, imported now.

    Raises:
        ConfigError: the module (or one of its functions) is missing.
    """
    try:
        from coref_transfer.readability import flesch_vacca, gulpease
    except ImportError as exc:
        raise ConfigError(
            f"the JSON export needs coref_transfer.readability (flesch_vacca, gulpease) for its"
            f" readability scores ({exc}); install the complete package, or pass readability=null_readability"
            " to write null scores"
        ) from exc

    def score(text: str) -> dict[str, Any]:
        return {"flesch_vacca": flesch_vacca(text), "gulpease": gulpease(text)}

    return score


def null_readability(text: str) -> dict[str, None]:
    """No scores (null): for exports made without the readability module."""
    return dict.fromkeys(READABILITY_FIELDS)


def _scores(value: Scores) -> dict[str, float | None]:
    """Rule 5: the two fields, numbers as float, undefined (None, NaN, inf) as None."""
    out: dict[str, float | None] = {}
    for name in READABILITY_FIELDS:
        x = value.get(name)
        out[name] = float(x) if x is not None and math.isfinite(x) else None
    return out


def record(row: RefinedUtterance, readability: Readability) -> dict[str, Any]:
    """One δ row as a JSON utterance (rules 2-5)."""
    fields = row.to_row()
    out: dict[str, Any] = {name: fields[name] for name in ROW_FIELDS}
    out["mentions"] = [m.to_row() for m in exported_mentions(row)[0]]
    out["readability_before"] = _scores(readability(row.text_before))
    out["readability"] = _scores(readability(row.text))
    return out


def document(split: str, parts: Sequence[DocumentPart], readability: Readability | None = None) -> dict[str, Any]:
    """The JSON document of one split; `readability` defaults to `default_readability()`."""
    score = readability if readability is not None else default_readability()
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "split": split,
        "utterances": [record(row, score) for part in parts for row in part.rows],
    }


def write(path: str | Path, split: str, parts: Sequence[DocumentPart], readability: Readability | None = None) -> None:
    """Write one split's JSON file atomically (rule 6)."""
    write_json(path, document(split, parts, readability))


def read(path: str | Path) -> list[dict[str, Any]]:
    """The utterances of a JSON export, checked against the rules.

    Raises:
        InputFormatError: not JSON, another format or version, or an
            utterance without the expected fields.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputFormatError(path, exc.lineno, f"not valid JSON ({exc.msg})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputFormatError(path, None, f"not a '{FORMAT}' JSON export (its 'format' key differs)")
    if data.get("schema_version") != SCHEMA_VERSION:
        raise InputFormatError(
            path, None, f"schema_version {data.get('schema_version')!r}, this reader reads {SCHEMA_VERSION!r}"
        )
    utterances = data.get("utterances")
    if not isinstance(utterances, list):
        raise InputFormatError(path, None, "'utterances' is missing or not a list")
    for i, utt in enumerate(utterances):
        if not isinstance(utt, dict) or set(utt) != UTTERANCE_FIELDS:
            found = sorted(utt) if isinstance(utt, dict) else type(utt).__name__
            raise InputFormatError(path, None, f"utterance {i}: fields {found}, expected {sorted(UTTERANCE_FIELDS)}")
    return utterances
