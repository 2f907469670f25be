"""The raters' kit folder: sample, pages, `sample.json` and a README, complete or not at all."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError
from coref_transfer.io import atomic_write_text, staged_directory, write_json
from coref_transfer.manifest import build_manifest, seal
from coref_transfer.readability import CLASSES as READABILITY_CLASSES
from coref_transfer.report.humaneval.page import SHORTCUTS, _check_raters, page_name, ratings_name, write_pages
from coref_transfer.report.humaneval.sample import SAMPLE_SCHEMA_VERSION, class_counts, kit_id, stratified_sample

# The package's logger, as before the split, so the lines in the humaneval log keep their name.
log = logging.getLogger(__package__)


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
- List the CSV files in the config's report.ratings and run the workflow
  again: Table 17 gets the agreement (observed agreement = share of unanimous
  items, pairwise agreement, Fleiss' kappa; per class and overall). In
  Python: coref_transfer.report.humaneval.ratings.read_ratings, then
  coref_transfer.report.humaneval.agreement.agreement.
"""
