"""Benchmark of the coreference trainer: training throughput (documents per second) and peak memory.

By default it builds the tiny random encoder of `tests/tiny_encoder.py`
offline and trains on the sample's training split
(`results/export/train.jsonlines`, 21 document parts of 50-190 words) with
the tests' small settings, first on the CPU (float32) and then, when torch
sees a GPU, on CUDA (bf16 autocast). Each measurement is the real training
loop (`coref.trainer.train_run`, one document per optimizer step, the
step's forward, backward and AdamW update); the first `--warmup` steps are
left out of the rate, the final dev evaluation is not timed. Words per
second is documents per second times the mean document length.

Memory: on the CPU the peak resident set size of this process during
training (Linux `VmHWM`, reset before each run) next to the resident size
before it (Python, torch, the model); on CUDA `torch.cuda.max_memory_allocated`.

`--encoder NAME_OR_DIR` measures a real encoder instead (the config's
defaults: 512-subword windows); on a GPU machine that is the figure to
plan a full training with. Run:
`PYTHONPATH=src python benchmarks/bench_train.py [--steps 100] [--json]`.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the tiny encoder builder lives with the tests

# fmt: off
TINY = {"window_size": 64, "window_overlap": 16, "coarse_k": 20, "hidden_size": 128, "span_hidden_size": 64,
        "dropout": 0.0, "encoder_lr": 1e-3, "lr": 2e-3, "warmup_ratio": 0.0}
# fmt: on
"""The tests' settings for the tiny encoder (tests/test_coref_model.py)."""


def _status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _reset_peak_rss() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")  # Linux: resets VmHWM to the current RSS
        return True
    except OSError:
        return False


def measure(device: str, encoder: str, docs: list, steps: int, warmup: int, overrides: dict) -> dict:
    """Train `steps` optimizer steps on `device`; returns the rate and the memory figures."""
    import torch

    from coref_transfer.train.config import config_from_dict
    from coref_transfer.train.trainer import train_run

    config = config_from_dict(
        {
            **overrides,
            "encoder": encoder,
            "device": device,
            "max_steps": steps,
            "max_epochs": 10_000,
            "eval_every": steps + 1,
            "patience": 0,
            "log_every": 10**9,
        }
    )
    marks: dict[int, float] = {}
    baseline: dict[str, float] = {}

    def on_step(step: int) -> None:
        if device == "cuda":
            torch.cuda.synchronize()
        marks[step] = time.perf_counter()
        if step == 1:
            baseline["rss_mb"] = _status_kb("VmRSS") / 1024

    if device == "cuda":
        torch.cuda.reset_peak_memory_stats()
    reset = _reset_peak_rss()
    with tempfile.TemporaryDirectory() as tmp:
        train_run(config, docs, docs[:1], Path(tmp) / "run", on_step=on_step)
    timed = steps - 1 - warmup  # from the end of step `warmup` to the end of step `steps - 1`
    seconds = marks[steps - 1] - marks[warmup]
    out = {
        "device": device,
        "steps_timed": timed,
        "seconds": round(seconds, 3),
        "documents_per_second": round(timed * config.accumulation_steps / seconds, 2),
        "words_per_second": round(sum(len(d.words) for d in docs) / len(docs) * timed / seconds, 1),
        "rss_after_first_step_mb": round(baseline.get("rss_mb", 0.0), 1),
        "peak_rss_mb": round(_status_kb("VmHWM") / 1024, 1) if reset else None,
    }
    if device == "cuda":
        out["gpu"] = torch.cuda.get_device_name()
        out["peak_gpu_allocated_mb"] = round(torch.cuda.max_memory_allocated() / 2**20, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--encoder", help="A real encoder (name or folder) instead of the tiny one.")
    parser.add_argument("--data", type=Path, default=REPO / "results" / "export" / "train.jsonlines")
    parser.add_argument("--steps", type=int, default=100, help="Optimizer steps per device (one document each).")
    parser.add_argument("--warmup", type=int, default=10, help="Steps left out of the rate.")
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = parser.parse_args()
    if args.steps <= args.warmup + 1:
        parser.error("--steps must exceed --warmup + 1")
    logging.basicConfig(level=logging.ERROR)

    import torch

    from coref_transfer.train.data import read_documents

    if not args.data.exists():
        sys.exit(f"{args.data} is missing: build it with `snakemake --cores 2`")
    docs = read_documents(args.data)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.encoder:
            encoder, overrides = args.encoder, {}
        else:
            from tiny_encoder import build_tiny_encoder

            encoder, overrides = str(build_tiny_encoder(Path(tmp) / "tiny")), TINY
        devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
        for device in devices:
            results.append(measure(device, encoder, docs, args.steps, args.warmup, overrides))
    report = {
        "encoder": args.encoder or "tiny (tests/tiny_encoder.py)",
        "documents": len(docs),
        "mean_words": round(sum(len(d.words) for d in docs) / len(docs), 1),
        "torch": torch.__version__,
        "cpu_threads": torch.get_num_threads(),
        "results": results,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"encoder: {report['encoder']}; {report['documents']} documents of {report['mean_words']} words on "
        f"average; torch {report['torch']}, {report['cpu_threads']} CPU threads"
    )
    if not torch.cuda.is_available():
        print("no CUDA GPU: CPU figures only")
    for r in results:
        line = (
            f"{r['device']:>5}: {r['documents_per_second']:8.2f} documents/s, {r['words_per_second']:9.1f} words/s "
            f"({r['steps_timed']} steps in {r['seconds']} s); RSS {r['rss_after_first_step_mb']} MB after the "
            f"first step, peak {r['peak_rss_mb']} MB"
        )
        if r["device"] == "cuda":
            line += f"; GPU {r['gpu']}: peak allocated {r['peak_gpu_allocated_mb']} MB"
        print(line)


if __name__ == "__main__":
    main()
