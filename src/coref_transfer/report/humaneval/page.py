"""The rating pages: one self-contained HTML page per rater, from the template `page.html`.

Each page has inline CSS and JavaScript, needs no network and works from
`file://`. Decisions, fixed here:
- Order: each rater sees the items in their own seeded order (derived from
  the kit id and the rater's name), so fatigue and order effects do not line
  up across raters and the classes are not shown in blocks. The readability
  class is not shown.
- Progress (answers and position) lives in the browser's localStorage under
  keys that start with `coref-transfer-humaneval:<kit id>:<rater>/`, so a
  reload or a new day starts where the rater stopped, and two kits or two
  raters never mix. One key per answer (`…/a/<item>/<question>`, "1" or "0")
  and one for the position (`…/pos`), each written only when it changes: a
  page whose copy of the storage is stale (a reload that raced its own last
  writes, a second tab on the kit) writes only the answers given on it and
  never an older state over the others' (issue 39); the other tabs' answers
  reach an open page as `storage` events. The single-key state of earlier
  versions (`…:<rater>`, JSON) is still read.
- Export writes `ratings-<rater>.csv` with the header
  `item_id,rater,grammatical,acceptable`, one row for *every* item of the
  kit in sample order, `1`/`0` for yes/no and an empty cell for a question
  not answered yet. The file is thus a full record of the rater's state;
  `read_ratings` rejects empty cells, naming each unfinished item.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError
from coref_transfer.io import atomic_write_text
from coref_transfer.report.humaneval.sample import _check_sample, kit_id

STORAGE_PREFIX = "coref-transfer-humaneval"

# Rater names end up in file names and in the localStorage key: keep them plain.
_RATER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")

# The keys the page listens to, as (keys, action) for the on-page legend and the README.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("g", "grammatical: yes"),
    ("h", "grammatical: no"),
    ("a", "acceptable: yes"),
    ("s", "acceptable: no"),
    ("n or →", "next item"),
    ("p or ←", "previous item"),
    ("u", "first item not yet complete"),
)


def write_pages(sample: Sequence[Mapping[str, Any]], raters: Sequence[str], out_dir: str | Path) -> list[Path]:
    """Write `rate-<rater>.html` for each rater into `out_dir`.

    Each page is self-contained (inline CSS and JavaScript, no network access)
    and works when opened from disk. It shows one utterance at a time with the
    two yes/no questions, keyboard shortcuts (SHORTCUTS), a progress counter,
    keeps answers and position in localStorage (keyed by kit id and rater) and
    exports `ratings-<rater>.csv`; see the module docstring for the decisions.

    Returns:
        The pages' paths, in the order of `raters`.

    Raises:
        ConfigError: no raters, a duplicate, or a name that is not plain
            letters, digits, "_" or "-".
        InputFormatError: a malformed sample.
    """
    raters = _check_raters(raters)
    sample = _check_sample(sample, "<sample>")
    if not sample:
        raise ConfigError("the sample is empty: there is nothing to rate")
    out_dir = Path(out_dir)
    kid = kit_id(sample)
    items = [{"id": item["id"], "text": item["text"]} for item in sample]
    paths = []
    for rater in raters:
        order = list(range(len(items)))
        random.Random(f"{kid}:{rater}").shuffle(order)
        data = {
            "kit_id": kid,
            "rater": rater,
            "storage_key": f"{STORAGE_PREFIX}:{kid}:{rater}",
            "items": items,
            "order": order,
        }
        path = out_dir / page_name(rater)
        atomic_write_text(path, _render_page(rater, data))
        paths.append(path)
    return paths


def page_name(rater: str) -> str:
    return f"rate-{rater}.html"


def ratings_name(rater: str) -> str:
    """The file name the page's export button gives: `ratings-<rater>.csv`."""
    return f"ratings-{rater}.csv"


def _script_json(data: Any) -> str:
    """JSON safe to place inside <script type="application/json">.

    `<`, `>` and `&` can only occur inside JSON strings, where their \\u escapes
    mean the same characters; with them escaped, no text can close the script
    element ("</script>") or open a comment ("<!--").
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for char, escape in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(char, escape)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _render_page(rater: str, data: dict) -> str:
    legend = "\n".join(
        f"<tr><td>{_keys_html(keys)}</td><td>{html.escape(action)}</td></tr>" for keys, action in SHORTCUTS
    )
    return (
        _template()
        .replace("@@RATER@@", html.escape(rater))
        .replace("@@FILENAME@@", html.escape(ratings_name(rater)))
        .replace("@@LEGEND@@", legend)
        .replace("@@DATA@@", _script_json(data))
    )


def _keys_html(keys: str) -> str:
    return " or ".join(f"<kbd>{html.escape(key)}</kbd>" for key in keys.split(" or "))


@lru_cache(maxsize=1)
def _template() -> str:
    """The page with @@RATER@@, @@FILENAME@@, @@LEGEND@@ and @@DATA@@ to fill: `page.html`, package data."""
    return resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")


def _check_raters(raters: Sequence[str]) -> list[str]:
    if isinstance(raters, str):
        raise ConfigError(f"raters must be a list of names, got the string {raters!r}")
    raters = list(raters)
    if not raters:
        raise ConfigError("no raters given")
    for rater in raters:
        if not isinstance(rater, str) or not _RATER_NAME.match(rater):
            raise ConfigError(
                f"rater name {rater!r} is not allowed: use 1-64 letters, digits, '_' or '-' "
                "(it becomes part of file names), starting with a letter or digit"
            )
    duplicates = sorted({r for r in raters if raters.count(r) > 1})
    if duplicates:
        raise ConfigError(f"duplicate rater names: {', '.join(duplicates)}")
    return raters
