"""Benchmark of the translate stage's two methods: segments sent per utterance, and CPU time.

For each method (`method: joint`, `placeholders`; `docs/methods.md`), the
English input is selected with that method's filters and the translate stage
runs on it, in this one process:

- with the translation memory (the embedded sample's, or `--memory`): the
  segments the stage requests, the distinct ones, and those sent to the
  backend, per utterance kept, and the stage's own CPU time (process time:
  tagging, reading, parsing the mentions' Italian, placeholders, resolution;
  no decoding). A segment the memory lacks is answered with its source
  (`translate.run.MissCollector`), so any input runs;
- with the tiny CTranslate2 model of `tests/tiny_models.py` (random weights,
  CPU, one thread, `max_decoding_length` 32): the CPU time of the whole stage
  with real decoding (each figure the least of `--repeat` runs). Its noise keeps no tag, so every joint utterance with a
  mention goes through word alignment, which places little on noise, and then down the placeholder path: the joint
  method's worst case, a translator that drops every tag.

The paper's method sends up to three rounds (each utterance with a mention
to read tagged, the mentions whose tags were lost alone, every utterance with
its placeholders, retried); the joint method one segment per utterance.
Report ratios measured in one run; compare them across machines, not the
seconds.

Run: `PYTHONPATH=src python benchmarks/bench_methods.py` (the sample), or
`--input DIR --memory FILE` (e.g. the real-English loop's input and memory,
`docs/real-english.md`); `--json` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the tiny model builder lives with the tests

METHODS = ("placeholders", "joint")
MAX_DECODING_LENGTH = 32


def selected(paths: list[Path], method: str) -> tuple[list, dict[str, Any]]:
    """Select's kept utterances of `paths` (records) with `method`'s filters, and the validated config."""
    from coref_transfer.config import validate_config
    from coref_transfer.inputs import find_input_files, read_parts
    from coref_transfer.records import SelectedUtterance
    from coref_transfer.select.pipeline import select_part
    from coref_transfer.select.tables import SelectionColumns

    config = validate_config({"method": method})
    columns = SelectionColumns()
    for path in find_input_files(paths, "auto"):
        for part in read_parts(path, "auto"):
            columns.add(select_part(part, config))
    rows = [SelectedUtterance.from_row(r) for r in columns.tables("bench")["beta3"].to_pylist()]
    return rows, config


def run_stage(
    rows: list, config: dict[str, Any], backend, parser, lexicon, repeat: int = 1
) -> tuple[dict[str, Any], float]:
    """The translate stage of `config["method"]` on `rows` with `backend`, `repeat` times: (its stats with the
    service's, the least CPU seconds of the runs: the first pays for warming caches up)."""
    runs = [_run_stage(rows, config, backend, parser, lexicon) for _ in range(repeat)]
    return runs[-1][0], min(seconds for _, seconds in runs)


def _run_stage(rows: list, config: dict[str, Any], backend, parser, lexicon) -> tuple[dict[str, Any], float]:
    from coref_transfer.translate.joint import run_joint
    from coref_transfer.translate.mt.service import TranslationService
    from coref_transfer.translate.placeholders.inventory import Inventory
    from coref_transfer.translate.stage import run_gamma

    inventory = Inventory.load(REPO / config["translate"]["placeholders"])
    service = TranslationService(backend, progress=False)
    method = run_joint if config["method"] == "joint" else run_gamma
    start = time.process_time()
    _, stats = method(rows, service, inventory, config, parser, lexicon)
    seconds = time.process_time() - start
    stats["translation"] = {
        "requested": service.stats.requested,
        "unique": service.stats.unique,
        "translated": service.stats.translated,
    }
    return stats, seconds


def measure(paths: list[Path], memory: Path | None, tiny: bool, repeat: int = 3) -> dict[str, dict[str, Any]]:
    from coref_transfer.lang.it.nouns import NounLexicon
    from coref_transfer.parsing.backends import SpacyParser
    from coref_transfer.translate.mt.memory import TranslationMemory
    from coref_transfer.translate.run import MissCollector

    parser = SpacyParser(REPO / "resources" / "models" / "it_ud_coref_transfer")
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        ct2 = None
        if tiny:
            from tiny_models import build_tiny_marian

            from coref_transfer.translate.mt.ct2 import CTranslate2Backend

            ct2 = CTranslate2Backend(
                build_tiny_marian(Path(tmp) / "tiny"), max_decoding_length=MAX_DECODING_LENGTH, beam_size=2
            )
        for method in METHODS:
            rows, config = selected(paths, method)
            lexicon = NounLexicon.load(REPO / config["parser"]["lexicon"])
            backend = MissCollector(TranslationMemory(memory or REPO / config["translate"]["memory"]))
            stats, seconds = run_stage(rows, config, backend, parser, lexicon, repeat)
            n = max(stats["gamma"]["utterances"], 1)
            figures: dict[str, Any] = {
                "utterances kept": stats["gamma"]["utterances"],
                "mentions kept": stats["gamma"]["mentions"],
                "segments requested": stats["translation"]["requested"],
                "segments distinct": stats["translation"]["unique"],
                "segments to the backend": stats["translation"]["translated"],
                "requested per utterance": round(stats["translation"]["requested"] / n, 3),
                "to the backend per utterance": round(stats["translation"]["translated"] / n, 3),
                "memory misses answered": len(set(backend.misses)),
                "CPU s, memory": round(seconds, 3),
            }
            if ct2 is not None:
                stats, seconds = run_stage(rows, validate(method), ct2, parser, lexicon, repeat)
                figures["CPU s, tiny CTranslate2"] = round(seconds, 3)
                figures["segments to the tiny model"] = stats["translation"]["translated"]
            out[method] = figures
    joint, paper = out["joint"], out["placeholders"]
    out["ratios"] = {
        "joint / placeholders, requested per utterance": round(
            joint["requested per utterance"] / paper["requested per utterance"], 3
        ),
        "joint / placeholders, CPU per utterance, memory": round(
            (joint["CPU s, memory"] / max(joint["utterances kept"], 1))
            / (paper["CPU s, memory"] / max(paper["utterances kept"], 1)),
            3,
        ),
    }
    if tiny:
        out["ratios"]["joint / placeholders, CPU per utterance, tiny CTranslate2"] = round(
            (joint["CPU s, tiny CTranslate2"] / max(joint["utterances kept"], 1))
            / (paper["CPU s, tiny CTranslate2"] / max(paper["utterances kept"], 1)),
            3,
        )
    return out


def validate(method: str) -> dict[str, Any]:
    """The default configuration with `method`, one attempt per utterance (noise never passes)."""
    from coref_transfer.config import validate_config

    return validate_config({"method": method, "translate": {"max_attempts": 1}})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--input", type=Path, action="append", help="English input (default: the embedded sample)")
    parser.add_argument("--memory", type=Path, help="translation memory (default: the sample's)")
    parser.add_argument("--no-tiny", action="store_true", help="skip the tiny CTranslate2 model's run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the least CPU time counts")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    paths = args.input or [REPO / "resources" / "sample"]
    figures = measure(paths, args.memory, not args.no_tiny, args.repeat)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    rows = [k for k in figures["joint"]]
    print(f"| figure | {' | '.join(METHODS)} |")
    print("|---|" + "---|" * len(METHODS))
    for key in rows:
        print(f"| {key} | " + " | ".join(f"{figures[m][key]:,}" for m in METHODS) + " |")
    print()
    for label, ratio in figures["ratios"].items():
        print(f"{label}: {ratio:.3f}")


if __name__ == "__main__":
    main()
