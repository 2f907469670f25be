"""The human-evaluation kit: sample utterances, rating pages, rating import, agreement.

The paper (section 5, Table 17) has three native speakers judge 200 utterances
per readability class for grammaticality and acceptability, both binary, and
reports agreement per class. This module builds that kit and scores it:

1. `stratified_sample` draws up to `per_class` utterances from each readability
   class (`<20`, `20-40`, `40-60`, `60-80`, `>80`), seeded and independent of
   the input order.
2. `write_pages` writes one self-contained HTML page per rater (inline CSS and
   JavaScript, no network, works from `file://`). Decisions, fixed here:
   - Order: each rater sees the items in their own seeded order (derived from
     the kit id and the rater's name), so fatigue and order effects do not line
     up across raters and the classes are not shown in blocks. The readability
     class is not shown.
   - Progress (answers and position) lives in the browser's localStorage under
     `coref-transfer-humaneval:<kit id>:<rater>`, so a reload or a new day
     starts where the rater stopped, and two kits or two raters never mix.
   - Export writes `ratings-<rater>.csv` with the header
     `item_id,rater,grammatical,acceptable`, one row for *every* item of the
     kit in sample order, `1`/`0` for yes/no and an empty cell for a question
     not answered yet. The file is thus a full record of the rater's state;
     `read_ratings` rejects empty cells, naming each unfinished item.
3. `read_ratings` imports the raters' CSV files and fails on the first problem
   with the file and line: unknown rater, item not in the sample, duplicate
   (item, rater), a value other than 1/0, empty cells, items a rater did not
   rate at all.
4. `agreement` reports, per class and pooled over all items, for each question:
   - observed agreement, the paper's measure as we read it: the share of items
     on which *all* raters give the same answer (unanimity);
   - pairwise agreement, the alternative definition: the mean over items of the
     share of rater pairs that agree (Fleiss' P-bar; with three raters an item
     scores 1 when unanimous and 1/3 otherwise, so it is always at least the
     unanimity share);
   - Fleiss' kappa (Fleiss 1971, "Measuring nominal scale agreement among many
     raters", Psychological Bulletin 76(5)), undefined (None) when every rating
     falls in one category.

`build_kit` ties 1 and 2 together for the command line: pages, `sample.json`
and a `README.txt` for the raters, in one folder that appears complete or not
at all.
"""

from __future__ import annotations

import csv
import hashlib
import html
import json
import logging
import random
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError, InputFormatError, MissingInputError
from coref_transfer.readability import CLASSES as READABILITY_CLASSES
from coref_transfer.io import atomic_write_text, staged_directory, write_json
from coref_transfer.manifest import build_manifest, seal

log = logging.getLogger(__name__)

QUESTIONS: tuple[str, ...] = ("grammatical", "acceptable")
CSV_HEADER: tuple[str, ...] = ("item_id", "rater", "grammatical", "acceptable")
SAMPLE_SCHEMA_VERSION = 1
AGREEMENT_SCHEMA_VERSION = 1
STORAGE_PREFIX = "coref-transfer-humaneval"

# Rater names end up in file names and in the localStorage key: keep them plain.
_RATER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
# Item ids end up in CSV cells; quoting handles commas and quotes, but a line
# break or another control character in an id is almost surely a bug upstream.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

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


# --------------------------------------------------------------------------- sampling


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
            log.warning("readability class %s has %d utterances, fewer than the %d asked for", label, len(pool), per_class)
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
        raise InputFormatError(path, None, f"expected a sample with schema_version {SAMPLE_SCHEMA_VERSION}, found {found!r}")
    items = data.get("items")
    if not isinstance(items, list):
        raise InputFormatError(path, None, "no 'items' list")
    return _check_sample(items, str(path))


# --------------------------------------------------------------------------- pages


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
        data = {"kit_id": kid, "rater": rater, "storage_key": f"{STORAGE_PREFIX}:{kid}:{rater}", "items": items, "order": order}
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
        _PAGE.replace("@@RATER@@", html.escape(rater))
        .replace("@@FILENAME@@", html.escape(ratings_name(rater)))
        .replace("@@LEGEND@@", legend)
        .replace("@@DATA@@", _script_json(data))
    )


def _keys_html(keys: str) -> str:
    return " or ".join(f"<kbd>{html.escape(key)}</kbd>" for key in keys.split(" or "))


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Human evaluation: @@RATER@@</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 52rem; margin: 1.5rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.3rem; margin-bottom: .3rem; }
h2 { font-size: 1rem; }
#progress-line { display: flex; gap: 1rem; align-items: center; }
progress { flex: 1; height: .8rem; }
.meta { color: #555; font-size: .9rem; }
#text { font-size: 1.35rem; line-height: 1.5; border-left: 4px solid #4a6fa5; background: #f4f6fa;
        margin: 1rem 0; padding: 1rem 1.2rem; white-space: pre-wrap; min-height: 3rem; }
fieldset { border: 1px solid #ccc; border-radius: 6px; margin: .8rem 0; padding: .6rem 1rem; }
legend { font-weight: 600; }
button { font-size: 1rem; padding: .4rem .9rem; margin-right: .4rem; border: 1px solid #888; border-radius: 5px;
         background: #fff; cursor: pointer; }
button[aria-pressed="true"] { background: #2e6b3a; border-color: #2e6b3a; color: #fff; }
button[aria-pressed="true"].no { background: #9b2c2c; border-color: #9b2c2c; }
button:disabled { opacity: .45; cursor: default; }
kbd { font-family: ui-monospace, monospace; border: 1px solid #aaa; border-radius: 3px; padding: 0 .3rem;
      background: #eee; color: #222; font-size: .85em; }
nav, #export-line { margin: 1rem 0; }
#status { margin-left: .6rem; }
#status.warn { color: #9b2c2c; font-weight: 600; }
table { border-collapse: collapse; }
td { padding: .15rem .8rem .15rem 0; }
</style>
</head>
<body>
<h1>Human evaluation &mdash; rater <span id="rater">@@RATER@@</span></h1>
<div id="progress-line"><span id="progress" aria-live="polite"></span><progress id="bar" value="0" max="1"></progress></div>
<p class="meta">Item <span id="position"></span> &middot; id <code id="item-id"></code></p>
<blockquote id="text" lang="it"></blockquote>
<fieldset>
<legend>Is the utterance grammatical? (grammaticale?)</legend>
<button type="button" id="g-yes" data-q="0" data-v="1" aria-pressed="false">Yes <kbd>g</kbd></button>
<button type="button" id="g-no" class="no" data-q="0" data-v="0" aria-pressed="false">No <kbd>h</kbd></button>
</fieldset>
<fieldset>
<legend>Is the utterance acceptable? (accettabile?)</legend>
<button type="button" id="a-yes" data-q="1" data-v="1" aria-pressed="false">Yes <kbd>a</kbd></button>
<button type="button" id="a-no" class="no" data-q="1" data-v="0" aria-pressed="false">No <kbd>s</kbd></button>
</fieldset>
<nav>
<button type="button" id="prev">&larr; Previous <kbd>p</kbd></button>
<button type="button" id="next">Next <kbd>n</kbd> &rarr;</button>
<button type="button" id="first-open">First incomplete <kbd>u</kbd></button>
</nav>
<div id="export-line">
<button type="button" id="export">Export CSV</button>
<span id="status" role="status"></span>
</div>
<p class="meta">Export saves <code>@@FILENAME@@</code> with every item (empty cells for questions not yet answered).
Answers are kept in this browser on this computer: use the same browser every time and do not clear its site data
before you have exported and sent the file.</p>
<h2>Keyboard shortcuts</h2>
<table id="shortcuts">
@@LEGEND@@
</table>
<script type="application/json" id="kit-data">@@DATA@@</script>
<script>
(function () {
  "use strict";
  var kit = JSON.parse(document.getElementById("kit-data").textContent);
  var items = kit.items;   // sample order: [{id, text}]
  var order = kit.order;   // this rater's display order: indices into items
  var state = { pos: 0, answers: [] };   // answers[i] = [grammatical, acceptable], each 1, 0 or null
  var storage = null;
  var statusEl = document.getElementById("status");

  function $(id) { return document.getElementById(id); }
  function setStatus(text, warn) { statusEl.textContent = text; statusEl.className = warn ? "warn" : ""; }
  function isAnswer(v) { return v === 0 || v === 1 || v === null; }

  try {
    storage = window.localStorage;
    storage.getItem(kit.storage_key);
  } catch (e) {
    storage = null;
  }

  function load() {
    if (!storage) {
      setStatus("This browser does not let the page save progress: export before closing it.", true);
      return;
    }
    var raw = storage.getItem(kit.storage_key);
    if (raw === null) { return; }
    try {
      var saved = JSON.parse(raw);
      if (saved && Array.isArray(saved.answers)) {
        for (var i = 0; i < items.length && i < saved.answers.length; i++) {
          var a = saved.answers[i];
          if (Array.isArray(a) && a.length === 2 && isAnswer(a[0]) && isAnswer(a[1])) { state.answers[i] = [a[0], a[1]]; }
        }
      }
      if (saved && typeof saved.pos === "number" && saved.pos >= 0 && saved.pos < order.length) {
        state.pos = Math.floor(saved.pos);
      }
    } catch (e) {
      setStatus("Saved progress could not be read and was ignored.", true);
    }
  }

  function save() {
    if (!storage) { return; }
    var answers = [];
    for (var i = 0; i < items.length; i++) { answers.push(state.answers[i] || null); }
    try {
      storage.setItem(kit.storage_key, JSON.stringify({ pos: state.pos, answers: answers }));
    } catch (e) {
      setStatus("Progress could not be saved (" + e.name + "): export now.", true);
    }
  }

  function complete(i) {
    var a = state.answers[i];
    return !!a && a[0] !== null && a[1] !== null;
  }

  function countComplete() {
    var n = 0;
    for (var i = 0; i < items.length; i++) { if (complete(i)) { n++; } }
    return n;
  }

  function setPressed(id, on) { $(id).setAttribute("aria-pressed", on ? "true" : "false"); }

  function render() {
    var idx = order[state.pos];
    var a = state.answers[idx] || [null, null];
    $("text").textContent = items[idx].text;
    $("item-id").textContent = items[idx].id;
    $("position").textContent = (state.pos + 1) + " of " + order.length;
    setPressed("g-yes", a[0] === 1);
    setPressed("g-no", a[0] === 0);
    setPressed("a-yes", a[1] === 1);
    setPressed("a-no", a[1] === 0);
    var done = countComplete();
    $("progress").textContent = "Complete: " + done + " of " + items.length;
    $("bar").max = items.length;
    $("bar").value = done;
    $("prev").disabled = state.pos === 0;
    $("next").disabled = state.pos === order.length - 1;
  }

  function answer(q, v) {
    var idx = order[state.pos];
    var a = (state.answers[idx] || [null, null]).slice();
    a[q] = v;
    state.answers[idx] = a;
    save();
    render();
  }

  function move(step) {
    var pos = state.pos + step;
    if (pos < 0 || pos >= order.length) { return; }
    state.pos = pos;
    save();
    render();
  }

  function firstIncomplete() {
    for (var p = 0; p < order.length; p++) {
      if (!complete(order[p])) { state.pos = p; save(); render(); return; }
    }
    setStatus("Every item is complete: export the CSV.", false);
  }

  function csvField(value) {
    var s = String(value);
    return /[",\\r\\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }

  function cell(v) { return v === null ? "" : String(v); }

  function exportCsv() {
    var lines = ["item_id,rater,grammatical,acceptable"];
    var open = 0;
    for (var i = 0; i < items.length; i++) {
      var a = state.answers[i] || [null, null];
      if (!complete(i)) { open++; }
      lines.push([csvField(items[i].id), csvField(kit.rater), cell(a[0]), cell(a[1])].join(","));
    }
    var blob = new Blob([lines.join("\\n") + "\\n"], { type: "text/csv;charset=utf-8" });
    var url = URL.createObjectURL(blob);
    var link = document.createElement("a");
    link.href = url;
    link.download = "ratings-" + kit.rater + ".csv";
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
    if (open) {
      setStatus("Exported; " + open + " item(s) are not complete yet and will be rejected by the analysis.", true);
    } else {
      setStatus("Exported all " + items.length + " items.", false);
    }
  }

  var buttons = document.querySelectorAll("button[data-q]");
  for (var b = 0; b < buttons.length; b++) {
    buttons[b].addEventListener("click", function (ev) {
      answer(Number(ev.currentTarget.getAttribute("data-q")), Number(ev.currentTarget.getAttribute("data-v")));
    });
  }
  $("prev").addEventListener("click", function () { move(-1); });
  $("next").addEventListener("click", function () { move(1); });
  $("first-open").addEventListener("click", firstIncomplete);
  $("export").addEventListener("click", exportCsv);

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.isComposing) { return; }
    switch (ev.key) {
      case "g": case "G": answer(0, 1); break;
      case "h": case "H": answer(0, 0); break;
      case "a": case "A": answer(1, 1); break;
      case "s": case "S": answer(1, 0); break;
      case "n": case "N": case "ArrowRight": move(1); break;
      case "p": case "P": case "ArrowLeft": move(-1); break;
      case "u": case "U": firstIncomplete(); break;
      default: return;
    }
    ev.preventDefault();
  });

  load();
  render();
  document.body.setAttribute("data-ready", "true");
})();
</script>
</body>
</html>
"""


# --------------------------------------------------------------------------- the kit


@dataclass(frozen=True)
class Kit:
    """What `build_kit` wrote."""

    out_dir: Path
    kit_id: str
    pages: list[Path]
    sample_path: Path
    readme_path: Path
    counts: dict[str, dict[str, int]] = field(default_factory=dict)


def build_kit(
    sample_source_rows: Iterable[Mapping[str, Any]],
    out_dir: str | Path,
    raters: Sequence[str],
    per_class: int,
    seed: int,
    inputs: Sequence[str | Path] = (),
) -> Kit:
    """Sample utterances and write the raters' kit into `out_dir`.

    Writes `rate-<rater>.html` per rater, `sample.json` (schema_version, kit
    id, seed, per_class, raters, per-class counts and the items; `load_sample`
    reads it back), `README.txt` (instructions for the raters) and
    `manifest.json` (`coref_transfer.manifest`). `out_dir` is replaced as a
    whole, only when everything was written.

    Args:
        sample_source_rows: candidate utterances, as for `stratified_sample`.
        out_dir: the kit folder.
        raters: rater names (letters, digits, "_" and "-").
        per_class: utterances per readability class (the paper: 200).
        seed: the random seed.
        inputs: the files the candidates came from (their SHA-256 go in the manifest).

    Raises:
        ConfigError, InputFormatError: as `stratified_sample` and `write_pages`.
    """
    raters = _check_raters(raters)
    sample = stratified_sample(sample_source_rows, per_class, seed)
    if not sample:
        raise ConfigError("no utterances to sample: the source rows are empty")
    out_dir = Path(out_dir)
    kid = kit_id(sample)
    counts = class_counts(sample)
    with staged_directory(out_dir) as tmp:
        pages = write_pages(sample, raters, tmp)
        write_json(
            tmp / "sample.json",
            {
                "schema_version": SAMPLE_SCHEMA_VERSION,
                "kit_id": kid,
                "seed": seed,
                "per_class": per_class,
                "raters": list(raters),
                "classes": counts,
                "items": sample,
            },
        )
        atomic_write_text(tmp / "README.txt", _readme(kid, raters, counts, len(sample)))
        used = {"raters": list(raters), "per_class": per_class, "seed": seed}
        seal(tmp, build_manifest("humaneval", used, inputs, kit_id=kid))
    log.info("human-evaluation kit %s: %d utterances, %d raters, in %s", kid, len(sample), len(raters), out_dir)
    return Kit(
        out_dir=out_dir,
        kit_id=kid,
        pages=[out_dir / page.name for page in pages],
        sample_path=out_dir / "sample.json",
        readme_path=out_dir / "README.txt",
        counts=counts,
    )


def _readme(kid: str, raters: Sequence[str], counts: Mapping[str, Mapping[str, int]], n_items: int) -> str:
    width = max(len(keys) for keys, _ in SHORTCUTS)
    shortcuts = "\n".join(f"  {keys.ljust(width)}  {action}" for keys, action in SHORTCUTS)
    pages = "\n".join(f"  {page_name(r)}  ->  {ratings_name(r)}" for r in raters)
    classes = "\n".join(
        f"  {label:6} {counts[label]['sampled']:5} of {counts[label]['available']}" for label in READABILITY_CLASSES
    )
    title = f"Human evaluation kit {kid}"
    return f"""{title}
{"=" * len(title)}

For the raters
--------------
1. Open your own page (double-click it; a current Chrome, Chromium or Firefox;
   the page is tested with Chromium) and keep this folder where it is. Each
   page is complete in itself: it needs no internet connection.
{pages}
2. The page shows {n_items} Italian utterances, one at a time, in an order of
   its own. For each, answer both questions:
   - Grammatical: is the utterance well formed Italian (agreement, articles,
     clitics, verb forms, word order)?
   - Acceptable: would a native speaker say or write it this way, with a clear
     meaning, even if not perfectly elegant?
3. Keyboard shortcuts (the buttons do the same):
{shortcuts}
4. Your answers and position are saved in the browser as you go: you can close
   the page and come back later, in the same browser on the same computer.
   Do not clear the browser's site data before you have sent your file.
5. When the counter says every item is complete, press "Export CSV" and send
   the downloaded file (named as above) to the coordinator.

For the coordinator
-------------------
- The CSV has the header item_id,rater,grammatical,acceptable, one row per
  item, 1 = yes, 0 = no, an empty cell for a question not answered yet (the
  import rejects such files, naming the unfinished items).
- sample.json holds the items and their readability classes (not shown to the
  raters). Utterances sampled per class (sampled of available):
{classes}
- Import with coref_transfer.report.humaneval.read_ratings and score with
  agreement (observed agreement = share of unanimous items, pairwise
  agreement, Fleiss' kappa; per class and overall).
"""


# --------------------------------------------------------------------------- ratings


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


def read_ratings(
    paths: Iterable[str | Path], sample: Sequence[Mapping[str, Any]], raters: Sequence[str]
) -> Ratings:
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
            others = f" (rows for this rater also in {', '.join(files_of[rater][1:])})" if len(files_of[rater]) > 1 else ""
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
                    raise InputFormatError(path, line, f"item {item_id!r} is not in the sample (a file from another kit?)")
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


# --------------------------------------------------------------------------- agreement


def observed_agreement(table: Sequence[Sequence[int]]) -> Fraction:
    """The share of items on which every rater chose the same category.

    Args:
        table: one row per item, one count per category (how many raters chose it).
    """
    n = _check_table(table)
    return Fraction(sum(1 for row in table if max(row) == n), len(table))


def pairwise_agreement(table: Sequence[Sequence[int]]) -> Fraction:
    """Fleiss' P-bar: the mean over items of the share of agreeing rater pairs."""
    n = _check_table(table)
    return sum((Fraction(sum(c * c for c in row) - n, n * (n - 1)) for row in table), Fraction(0)) / len(table)


def fleiss_kappa(table: Sequence[Sequence[int]]) -> Fraction | None:
    """Fleiss' kappa (Fleiss 1971) of an items x categories count table.

    kappa = (P_bar - P_e) / (1 - P_e), with P_bar the pairwise agreement and
    P_e = sum_j p_j^2, p_j the share of all ratings in category j.

    Returns:
        The exact kappa, or None when it is undefined (P_e = 1: every rating
        falls in one category, so there is no chance agreement to correct for).
    """
    n = _check_table(table)
    total = len(table) * n
    p_e = sum(Fraction(sum(row[j] for row in table), total) ** 2 for j in range(len(table[0])))
    if p_e == 1:
        return None
    return (pairwise_agreement(table) - p_e) / (1 - p_e)


def _check_table(table: Sequence[Sequence[int]]) -> int:
    """The number of raters per item; every item must have the same, at least 2."""
    if not table:
        raise ValueError("agreement of no items is undefined")
    n = sum(table[0])
    if n < 2 or any(sum(row) != n or len(row) != len(table[0]) for row in table):
        raise ValueError("every item needs the same number (at least 2) of ratings over the same categories")
    return n


def agreement(ratings: Ratings, sample: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Agreement per readability class and overall, for both questions.

    "overall" pools all items (it is not a mean of the classes). For each
    (class or overall, question) the result holds the counts ("items",
    "ratings", "yes", "no", "unanimous") and "observed_agreement"
    (unanimous / items, the measure we take the paper to report),
    "pairwise_agreement" (Fleiss' P-bar, the alternative reading) and
    "fleiss_kappa", as floats; each is None where undefined (no items, or for
    kappa every rating in one category). The exact fractions come from
    `observed_agreement`, `pairwise_agreement` and `fleiss_kappa`.

    Raises:
        ValueError: fewer than two raters, or ratings and sample that do not
            hold the same items (use the sample given to `read_ratings`).
    """
    if len(ratings.raters) < 2:
        raise ValueError(f"agreement needs at least two raters, got {list(ratings.raters)}")
    sample = _check_sample(sample, "<sample>")
    if set(ratings.item_ids) != {item["id"] for item in sample}:
        raise ValueError("the ratings and the sample hold different items: pass the sample given to read_ratings")
    groups: dict[str, list[str]] = {label: [] for label in READABILITY_CLASSES}
    for item in sample:
        groups[item["class"]].append(item["id"])
    result: dict[str, Any] = {
        "schema_version": AGREEMENT_SCHEMA_VERSION,
        "raters": list(ratings.raters),
        "definitions": {
            "observed_agreement": "share of items on which all raters give the same answer",
            "pairwise_agreement": "mean over items of the share of rater pairs that agree (Fleiss' P-bar)",
            "fleiss_kappa": "(P_bar - P_e) / (1 - P_e), Fleiss (1971); null when every rating is the same",
        },
        "classes": {label: _group_stats(ratings, ids) for label, ids in groups.items()},
        "overall": _group_stats(ratings, [item["id"] for item in sample]),
    }
    return result


def _group_stats(ratings: Ratings, item_ids: Sequence[str]) -> dict[str, Any]:
    stats: dict[str, Any] = {"items": len(item_ids)}
    n = len(ratings.raters)
    for question in QUESTIONS:
        table = []
        for item_id in item_ids:
            yes = sum(ratings.answers(item_id, question))
            table.append([yes, n - yes])  # [n_items, 2 categories: yes, no]
        yes_total = sum(row[0] for row in table)
        entry: dict[str, Any] = {
            "items": len(table),
            "ratings": len(table) * n,
            "yes": yes_total,
            "no": len(table) * n - yes_total,
            "unanimous": sum(1 for row in table if max(row) == n),
            "observed_agreement": None,
            "pairwise_agreement": None,
            "fleiss_kappa": None,
        }
        if table:
            kappa = fleiss_kappa(table)
            entry["observed_agreement"] = float(observed_agreement(table))
            entry["pairwise_agreement"] = float(pairwise_agreement(table))
            entry["fleiss_kappa"] = None if kappa is None else float(kappa)
        stats[question] = entry
    return stats


# --------------------------------------------------------------------------- checks


def _question_index(question: str) -> int:
    if question not in QUESTIONS:
        raise ValueError(f"unknown question {question!r}; expected one of {', '.join(QUESTIONS)}")
    return QUESTIONS.index(question)


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
            source, row, f"unknown readability class {item['class']!r}; expected one of {', '.join(READABILITY_CLASSES)}"
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
