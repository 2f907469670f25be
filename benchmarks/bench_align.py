"""Benchmark of word alignment's cost at OntoNotes scale: what detag-and-project adds to the translate stage.

The embedded sample's utterances, selected for the joint method, are
replicated (each copy a document of its own) to at least `--pairs` (default
50,000) English–Italian pairs, the Italian from the sample's translation
memory, tags removed. Measured in this one run, as CPU seconds (this process
and its children):

- `stage`: the joint method's own work on those utterances with the memory
  backend and every tag kept (reading, projecting, the classes' parse): no
  decoding, no alignment;
- `align`: fast_align trained on every pair (one thread, as the stage runs
  it) and aligning every pair, what the stage adds when a translator drops
  every tag;
- `decode`: the tiny CTranslate2 model of the tests decoding every segment
  (CPU, one thread, beam 2, 32 tokens): a floor for a real model, whose
  decoding is the bulk of the stage on a CPU.

The ratios `align / stage` and `align / (stage + decode)` are printed; a
real model (opus-mt, NLLB-200) decodes far more slowly than the tiny one, so
the second ratio is an upper bound for a CPU run. Run:
`PYTHONPATH=src python benchmarks/bench_align.py [--pairs N] [--json]`.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import resource
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the tiny model builder lives with the tests


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=50_000, help="pairs to replicate the sample to")
    parser.add_argument("--no-decode", action="store_true", help="skip the tiny model's decoding")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    from bench_methods import selected

    from coref_transfer.lang.it.nouns import NounLexicon
    from coref_transfer.parsing.backends import SpacyParser
    from coref_transfer.translate.align.fast_align import FastAlign
    from coref_transfer.translate.joint import joint_segments, run_joint
    from coref_transfer.translate.mt.memory import TranslationMemory
    from coref_transfer.translate.mt.service import TranslationService
    from coref_transfer.translate.placeholders.inventory import Inventory
    from coref_transfer.translate.projection import project

    rows, config = selected([REPO / "resources" / "sample"], "joint")
    copies = -(-args.pairs // len(rows))
    replicated = [replace(u, doc_id=f"{u.doc_id}#{k}") for k in range(copies) for u in rows]
    memory = TranslationMemory(REPO / config["translate"]["memory"])
    italian = SpacyParser(REPO / "resources" / "models" / "it_ud_coref_transfer")
    lexicon = NounLexicon.load(REPO / config["parser"]["lexicon"])
    inventory = Inventory.load(REPO / config["translate"]["placeholders"])
    figures: dict[str, float] = {}

    start = cpu()
    run_joint(replicated, TranslationService(memory, progress=False), inventory, config, italian, lexicon)
    figures["stage"] = cpu() - start

    segments = joint_segments(replicated)
    outputs = memory.translate([s.text for s in segments])
    pairs = []
    for seg, output in zip(segments, outputs):
        plain = re.sub(r"</?[a-z]>", "", output)
        pairs.append((seg.utterance.tokens, project(plain, seg.source or _empty(), {}).tokens))
    aligner = FastAlign()
    start, wall = cpu(), time.perf_counter()
    aligner.fit(pairs)
    aligner.align(pairs)
    figures["align"] = cpu() - start
    figures["align_wall"] = time.perf_counter() - wall

    if not args.no_decode:
        from tiny_models import build_tiny_marian

        from coref_transfer.translate.mt.ct2 import CTranslate2Backend

        with tempfile.TemporaryDirectory() as tmp:
            backend = CTranslate2Backend(build_tiny_marian(Path(tmp) / "tiny"), max_decoding_length=32, beam_size=2)
            start = cpu()
            backend.translate([s.text for s in segments])
            figures["decode"] = cpu() - start

    ratios = {"align / stage": figures["align"] / figures["stage"]}
    if "decode" in figures:
        ratios["align / (stage + decode)"] = figures["align"] / (figures["stage"] + figures["decode"])
    if args.json:
        print(json.dumps({"pairs": len(pairs), "cpu_seconds": figures, "ratios": ratios}, indent=2))
        return
    print(f"{len(pairs):,} pairs ({copies} copies of the sample's {len(rows)} utterances), CPU seconds:")
    for key, value in figures.items():
        print(f"  {key:<12}{value:>10.1f}")
    for key, value in ratios.items():
        print(f"  {key:<26}{value:>8.2f}")


def _empty():
    from coref_transfer.translate.marked import MarkedSource

    return MarkedSource("", ())


if __name__ == "__main__":
    main()
