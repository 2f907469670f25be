"""Benchmark of the CTranslate2 backend on the tiny random Marian model (CPU, one thread).

Builds the tiny model of `tests/tiny_models.py` offline and generates N
distinct English sentences (default 2,000), then measures in this one run:

- `raw-ct2`:       tokenizer + one `ctranslate2.Translator.translate_batch` call
                   over every sentence + detokenizer, the same options as the
                   backend: the floor for (a);
- `service`:       our `TranslationService` (no cache) over `CTranslate2Backend`;
                   (a) is its time over `raw-ct2`;
- `ct2-greedy`, `ct2-greedy-f32`, `hf-greedy`: greedy decoding (beam 1) of the
                   same sentences by the backend (int8, then float32) and by
                   transformers `generate` (float32, batches of 64 sorted by
                   length); (b) is the `hf-greedy` time over each, and the
                   share of sentences where both float32 systems give the
                   same output checks that they do the same computation;
- `cache-fill`:    the service writing a fresh `TranslationCache`;
- `cache-rerun`:   (c) the same sentences again through a new service and a
                   new cache instance that reloads the shards from disk: no
                   segment reaches the model;
- `sample-gamma`, `sample-gamma-cached`: stage γ on the embedded sample's β3
                   utterances with this backend, filling a fresh cache, then
                   (c) a fully cached re-run of it (noise output loses the
                   placeholders, so every utterance takes all its attempts:
                   the re-run replays all of them from the cache).

- segments:        the segments stage γ sends to translation on the embedded
                   sample with its translation memory (or on a select folder
                   and memory of your own: `--selection`, `--memory`), per
                   way of finding the mentions' Italian: `alone` (the
                   paper's: each mention's text alone, with step 2 of the
                   classes and without it, where select's classes stand and
                   the count must not grow) and `sentence` (the default: one
                   marked sentence per utterance with a mention to read, and
                   the mentions whose tags did not survive alone); reported:
                   the marked sentences per utterance, and `sentence` minus
                   `alone` per utterance, requested and sent to the backend
                   after deduplication (`--segments` runs only this part).

A random model never emits `</s>`, so every output runs to
`max_decoding_length` (32 here) in every system: the decoding work is equal,
which is what a speed comparison needs, but real outputs are shorter. The
figures are the best of `--repeat` runs; compare ratios across machines.
Run: `PYTHONPATH=src python benchmarks/bench_translate.py` (`--sentences N`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the tiny model builder lives with the tests

MAX_DECODING_LENGTH = 32
# fmt: off
NAMES = ["Gabriella", "Serena", "Marco", "Luca", "Giulia", "Anna", "Paolo", "the mayor", "the doctor", "my sister",
         "the new teacher", "our neighbour", "the minister", "a young journalist", "the committee"]
# fmt: on
VERBS = ["met", "called", "visited", "thanked", "warned", "followed", "helped", "interviewed", "ignored", "praised"]
# fmt: off
OBJECTS = ["her brother", "the students", "the police officers", "his old friend", "the workers of the factory",
           "the president of the company", "two tourists from Milan", "the children", "the lawyer", "Marco"]
# fmt: on
# fmt: off
TAILS = ["", " at the station", " after dinner", " in Florence last summer", " because the report was late",
         " before the meeting started", " near the harbour on Monday morning", " twice", " in the museum"]
# fmt: on


def sentences(count: int, seed: int = 0) -> list[str]:
    """`count` distinct English sentences of 4 to 20 words."""
    every = [f"{n[0].upper()}{n[1:]} {v} {o}{t}." for n, v, o, t in itertools.product(NAMES, VERBS, OBJECTS, TAILS)]
    if count > len(every):
        sys.exit(f"at most {len(every)} distinct sentences")
    return random.Random(seed).sample(every, count)


def sample_beta3() -> tuple[list, object, dict]:
    """The embedded sample's β3 utterances (records), the shipped placeholders and the default config."""
    from coref_transfer.config import validate_config
    from coref_transfer.conll.reader import iter_conll
    from coref_transfer.records import SelectedUtterance
    from coref_transfer.select.pipeline import select_part
    from coref_transfer.select.tables import SelectionColumns
    from coref_transfer.translate.placeholders.inventory import Inventory

    config = validate_config({})
    columns = SelectionColumns()
    for part in iter_conll([REPO / "resources" / "sample"]):
        columns.add(select_part(part, config))
    utterances = [SelectedUtterance.from_row(r) for r in columns.tables("sample")["beta3"].to_pylist()]
    return utterances, Inventory.load(REPO / "resources" / "placeholders"), config


def italian_parser():
    """The project's Italian parser (step 2 of the classes reads the mentions' Italian with it)."""
    from coref_transfer.parsing.backends import SpacyParser

    return SpacyParser(REPO / "resources" / "models" / "it_ud_coref_transfer")


def sample_segments(selection: Path | None = None, memory: Path | None = None) -> dict[str, dict[str, float]]:
    """Segments stage γ sends, per way of finding the mentions' Italian (and without step 2 of the classes).

    Args:
        selection: a select folder (its beta3.parquet); None: the embedded sample.
        memory: the translation memory to answer from (misses are answered, not fatal); None: the sample's.
    """
    from coref_transfer.config import validate_config
    from coref_transfer.lang.it.nouns import NounLexicon
    from coref_transfer.records import read_records
    from coref_transfer.translate.mt.memory import TranslationMemory
    from coref_transfer.translate.mt.service import TranslationService
    from coref_transfer.translate.run import MissCollector
    from coref_transfer.translate.stage import run_gamma

    rows, inventory, _ = sample_beta3()
    if selection is not None:
        rows = read_records(selection / "beta3.parquet", "beta3")
    italian = italian_parser()
    out = {}
    for label, overrides in (
        ("alone, select's classes", {"italian_classes": False, "mention_context": "alone"}),
        ("alone", {"italian_classes": True, "mention_context": "alone"}),
        ("sentence", {"italian_classes": True, "mention_context": "sentence"}),
    ):
        config = validate_config({"translate": overrides})
        lexicon = NounLexicon.load(REPO / config["parser"]["lexicon"])
        backend = MissCollector(TranslationMemory(memory or REPO / config["translate"]["memory"]))
        service = TranslationService(backend, progress=False)
        _, stats = run_gamma(rows, service, inventory, config, italian, lexicon)
        sources = stats["mention_sources"]
        out[label] = {
            "utterances": len(rows),
            "requested": service.stats.requested,
            "unique": service.stats.unique,
            "to the backend": service.stats.translated,
            "marked sentences": sources["marked_sentences"],
            "mentions alone": sources["alone"],
            "mentions from their sentence": sources["sentence"],
        }
    n = max(len(rows), 1)
    out["sentence"]["marked per utterance"] = round(out["sentence"]["marked sentences"] / n, 3)
    out["sentence"]["extra requested per utterance"] = round(
        (out["sentence"]["requested"] - out["alone"]["requested"]) / n, 3
    )
    out["sentence"]["extra to the backend per utterance"] = round(
        (out["sentence"]["to the backend"] - out["alone"]["to the backend"]) / n, 3
    )
    return out


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """Fastest wall time of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sentences", type=int, default=2000, help="number of sentences (default 2,000)")
    parser.add_argument("--repeat", type=int, default=3, help="best of K runs per measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--segments", action="store_true", help="only the segment counts")
    parser.add_argument("--selection", type=Path, help="--segments on this select folder instead of the sample")
    parser.add_argument("--memory", type=Path, help="--segments with this translation memory")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    segments = sample_segments(args.selection, args.memory)
    if args.segments:
        print(json.dumps(segments, indent=2) if args.json else _segments_table(segments))
        return

    import ctranslate2
    import torch
    from tiny_models import build_tiny_marian
    from transformers import MarianMTModel

    from coref_transfer.translate.mt.cache import TranslationCache
    from coref_transfer.translate.mt.ct2 import CTranslate2Backend
    from coref_transfer.translate.mt.service import TranslationService
    from coref_transfer.translate.stage import run_gamma

    torch.set_num_threads(1)  # the backend's default: one intra-op thread
    texts = sentences(args.sentences)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        model_dir = build_tiny_marian(Path(tmp) / "tiny")
        backend = CTranslate2Backend(model_dir, max_decoding_length=MAX_DECODING_LENGTH)  # beam 4, int8
        raw = ctranslate2.Translator(str(model_dir), device="cpu", compute_type=backend.compute_type, intra_threads=1)

        def raw_ct2() -> list[str]:
            tok = backend.tokenizer
            tokens = [tok.convert_ids_to_tokens(ids) for ids in tok(texts)["input_ids"]]
            results = raw.translate_batch(
                tokens,
                max_batch_size=backend.batch_tokens,
                batch_type="tokens",
                beam_size=backend.beam_size,
                max_decoding_length=backend.max_decoding_length,
                length_penalty=backend.length_penalty,
            )
            ids = [tok.convert_tokens_to_ids(r.hypotheses[0]) for r in results]
            return tok.batch_decode(ids, skip_special_tokens=True)

        figures["raw-ct2"] = best_of(args.repeat, raw_ct2)
        figures["service"] = best_of(args.repeat, lambda: TranslationService(backend, progress=False).translate(texts))

        greedy = {"max_decoding_length": MAX_DECODING_LENGTH, "beam_size": 1}
        ct2_int8 = CTranslate2Backend(model_dir, **greedy)
        ct2_f32 = CTranslate2Backend(model_dir, compute_type="float32", **greedy)
        figures["ct2-greedy"] = best_of(args.repeat, lambda: ct2_int8.translate(texts))
        figures["ct2-greedy-f32"] = best_of(args.repeat, lambda: ct2_f32.translate(texts))

        hf_model = MarianMTModel.from_pretrained(model_dir.parent / "hf").eval()
        tok = backend.tokenizer
        by_length = sorted(texts, key=len)

        def hf_greedy() -> list[str]:
            outputs = []
            with torch.inference_mode():
                for i in range(0, len(by_length), 64):
                    batch = tok(by_length[i : i + 64], return_tensors="pt", padding=True)
                    generated = hf_model.generate(
                        **batch,
                        num_beams=1,
                        do_sample=False,
                        max_new_tokens=MAX_DECODING_LENGTH,
                        min_new_tokens=1,
                    )
                    outputs += tok.batch_decode(generated, skip_special_tokens=True)
            return outputs

        figures["hf-greedy"] = best_of(args.repeat, hf_greedy)
        # The same computation? transformers forces </s> at the last step
        # (forced_eos_token_id), so its output is one token shorter: compare prefixes.
        ct2_out = dict(zip(texts, ct2_f32.translate(texts), strict=True))
        agree = sum(ct2_out[src].startswith(out.strip()) for src, out in zip(by_length, hf_greedy(), strict=True))

        def through_cache(folder: Path) -> TranslationService:
            with TranslationCache(folder) as cache:
                service = TranslationService(backend, cache, progress=False)
                service.translate(texts)
            return service

        folders = iter(Path(tmp) / f"cache{k}" for k in range(args.repeat))
        figures["cache-fill"] = best_of(args.repeat, lambda: through_cache(next(folders)))
        filled = Path(tmp) / "cache0"
        figures["cache-rerun"] = best_of(args.repeat, lambda: through_cache(filled))
        rerun = through_cache(filled)
        if rerun.stats.translated:
            sys.exit(f"cache re-run translated {rerun.stats.translated} segment(s); expected none")

        rows, inventory, config = sample_beta3()
        from coref_transfer.lang.it.nouns import NounLexicon

        italian, lexicon = italian_parser(), NounLexicon.load(REPO / config["parser"]["lexicon"])

        def sample_gamma(folder: Path) -> TranslationService:
            with TranslationCache(folder) as cache:
                service = TranslationService(backend, cache, progress=False)
                run_gamma(rows, service, inventory, config, italian, lexicon)
            return service

        start = time.perf_counter()
        sample_gamma(Path(tmp) / "sample-cache")
        figures["sample-gamma"] = time.perf_counter() - start
        figures["sample-gamma-cached"] = best_of(args.repeat, lambda: sample_gamma(Path(tmp) / "sample-cache"))
        if sample_gamma(Path(tmp) / "sample-cache").stats.translated:
            sys.exit("the cached re-run of the sample's γ translated segments; expected none")

    ratios = {
        "(a) service / raw-ct2": figures["service"] / figures["raw-ct2"],
        "(b) hf-greedy / ct2-greedy (int8)": figures["hf-greedy"] / figures["ct2-greedy"],
        "(b) hf-greedy / ct2-greedy-f32": figures["hf-greedy"] / figures["ct2-greedy-f32"],
        "(c) cache-rerun / service": figures["cache-rerun"] / figures["service"],
        "(c) sample γ cached re-run / first run": figures["sample-gamma-cached"] / figures["sample-gamma"],
        "hf-greedy outputs = ct2-greedy-f32 (prefix)": agree / len(texts),
    }
    if args.json:
        print(
            json.dumps({"sentences": len(texts), "seconds": figures, "ratios": ratios, "segments": segments}, indent=2)
        )
        return
    words = sum(len(t.split()) for t in texts)
    print(
        f"{len(texts):,} sentences ({words:,} words), tiny Marian, CPU, 1 thread, "
        f"max_decoding_length {MAX_DECODING_LENGTH}, best of {args.repeat}"
    )
    print(f"{'measurement':<16}{'decoding':>16}{'seconds':>10}{'segments/s':>13}")
    decoding = {
        "raw-ct2": "beam 4, int8",
        "service": "beam 4, int8",
        "ct2-greedy": "beam 1, int8",
        "ct2-greedy-f32": "beam 1, float32",
        "hf-greedy": "beam 1, float32",
        "cache-fill": "beam 4, int8",
        "cache-rerun": "(cache hits)",
    }
    for kind, seconds in figures.items():
        if kind.startswith("sample"):
            continue
        print(f"{kind:<16}{decoding[kind]:>16}{seconds:>10.3f}{len(texts) / seconds:>13,.0f}")
    print(
        f"sample γ ({len(rows)} utterances): first run {figures['sample-gamma']:.2f} s, "
        f"fully cached re-run {figures['sample-gamma-cached']:.2f} s"
    )
    for label, ratio in ratios.items():
        print(f"{label:<44}{ratio:>8.2f}")
    print(_segments_table(segments))


def _segments_table(segments: dict[str, dict[str, float]]) -> str:
    columns = (
        "requested",
        "unique",
        "to the backend",
        "marked sentences",
        "mentions alone",
        "mentions from their sentence",
    )
    lines = [
        "γ segments (translation memory):",
        "| mentions' Italian | " + " | ".join(columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for label, counts in segments.items():
        lines.append(f"| {label} | " + " | ".join(f"{counts[c]:,}" for c in columns) + " |")
    n, sentence = segments["sentence"]["utterances"], segments["sentence"]
    lines.append(
        f"\n{n:,} utterances. With `sentence`: {sentence['marked per utterance']:.3f} marked sentences per "
        f"utterance; against `alone` (the mention texts no longer sent): "
        f"{sentence['extra requested per utterance']:+.3f} segments requested and "
        f"{sentence['extra to the backend per utterance']:+.3f} sent to the backend per utterance"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
