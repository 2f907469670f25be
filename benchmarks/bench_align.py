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
  decoding is the bulk of the stage on a CPU;
- `decode_opus_mt`: a random model of opus-mt-en-it's dimensions (6 layers
  each side, 512 dimensions, 80,035 pieces; no model can be downloaded here)
  decoding a sample of the segments (`--decode-sample`, default 1,000) the
  way the workflow's defaults do (CPU, int8, beam 4, one thread), scaled to
  every segment. A random model's output has no natural length, so each
  segment is decoded to exactly as many pieces as its translation in the
  memory has words and marks (a real SentencePiece model splits rare words
  further: real outputs are longer, decoding dearer), its source made of as
  many pieces as the tagged English has.

The ratios `align / stage`, `align / (stage + decode)` and
`align / (stage + decode_opus_mt)` are printed; the last is the stage as a
CPU run with opus-mt's size would spend it (an upper bound: see above). Run:
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
    parser.add_argument("--no-decode", action="store_true", help="skip the models' decoding")
    parser.add_argument("--decode-sample", type=int, default=1000, help="segments opus-mt's size decodes")
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
    sampled = 0  # segments opus-mt's size decoded

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
        from tiny_models import OPUS_MT_SIZE, build_tiny_marian

        from coref_transfer.translate.mt.ct2 import CTranslate2Backend

        with tempfile.TemporaryDirectory() as tmp:
            backend = CTranslate2Backend(build_tiny_marian(Path(tmp) / "tiny"), max_decoding_length=32, beam_size=2)
            start = cpu()
            backend.translate([s.text for s in segments])
            figures["decode"] = cpu() - start
            sample = segments[:: max(1, len(segments) // args.decode_sample)][: args.decode_sample]
            sampled = len(sample)
            model = build_tiny_marian(Path(tmp) / "opus", size=OPUS_MT_SIZE)
            seconds = decode_forced(model, [s.text for s in sample], memory.translate([s.text for s in sample]))
            figures["decode_opus_mt"] = seconds * len(segments) / len(sample)

    ratios = {"align / stage": figures["align"] / figures["stage"]}
    for decode in ("decode", "decode_opus_mt"):
        if decode in figures:
            ratios[f"align / (stage + {decode})"] = figures["align"] / (figures["stage"] + figures[decode])
    if args.json:
        print(
            json.dumps(
                {"pairs": len(pairs), "cpu_seconds": figures, "ratios": ratios, "decode_sample": sampled}, indent=2
            )
        )
        return
    print(f"{len(pairs):,} pairs ({copies} copies of the sample's {len(rows)} utterances), CPU seconds:")
    for key, value in figures.items():
        print(f"  {key:<16}{value:>10.1f}")
    for key, value in ratios.items():
        print(f"  {key:<34}{value:>8.2%}")
    if "decode_opus_mt" in figures:
        print(f"  (opus-mt's size: {sampled:,} segments decoded, scaled to {len(segments):,})")


def decode_forced(model_dir: Path, sources: list[str], targets: list[str]) -> float:
    """CPU seconds for `model_dir` to decode each source to exactly its target's length in words and marks
    (CPU, int8, beam 4, one thread, batches of 32 segments of one length, as the backend batches)."""
    import ctranslate2

    translator = ctranslate2.Translator(str(model_dir), device="cpu", compute_type="int8", intra_threads=1)
    ordinary = [p for p in _pieces(model_dir) if not p.startswith("<")][:500]
    by_length: dict[int, list[list[str]]] = {}
    for source, target in zip(sources, targets):
        tokens = [ordinary[k % len(ordinary)] for k in range(len(_WORD.findall(source)))]
        by_length.setdefault(max(1, len(_WORD.findall(target))), []).append(tokens)
    start = cpu()
    for length, batch in sorted(by_length.items()):
        for k in range(0, len(batch), 32):
            translator.translate_batch(
                batch[k : k + 32], beam_size=4, min_decoding_length=length, max_decoding_length=length
            )
    return cpu() - start


_WORD = re.compile(r"\w+|[^\w\s]")


def _pieces(model_dir: Path) -> list[str]:
    """The model's vocabulary, from the converted folder."""
    for name in ("shared_vocabulary.json", "source_vocabulary.json"):
        if (model_dir / name).exists():
            return json.loads((model_dir / name).read_text(encoding="utf-8"))
    for name in ("shared_vocabulary.txt", "source_vocabulary.txt"):
        if (model_dir / name).exists():
            return (model_dir / name).read_text(encoding="utf-8").splitlines()
    raise FileNotFoundError(f"{model_dir}: no vocabulary file")


def _empty():
    from coref_transfer.translate.marked import MarkedSource

    return MarkedSource("", ())


if __name__ == "__main__":
    main()
