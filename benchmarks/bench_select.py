"""Benchmark of the English stages: throughput and peak memory on ≥1M tokens.

Builds a large corpus by replicating the embedded sample (each copy with its
own document ids) and measures, each in a fresh process, on the same files:

- `lines`:  a plain line-by-line read (`for line in file`), the floor;
- `split`:  the same read splitting every token line into its columns, the
            least any CoNLL-2012 consumer does;
- `reader`: our validating reader (`read_conll`), building the data model;
- `select`: `coref-transfer select` end to end on one core: reader, α–β3,
            classes, and the Parquet tables, stats and manifest written;
- `select-2`: the same with `--workers 2` (the machine's two cores).

It prints seconds, tokens per second, peak resident memory and each time as a
ratio of the `lines` and `split` times measured in the same run (ratios are
what to compare across machines). Run: `python benchmarks/bench_select.py`
(`--tokens N` for another corpus size, `--repeat K` for the best of K).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "resources" / "sample"


def build_corpus(target_tokens: int, out: Path) -> tuple[int, int]:
    """Copy the sample's files with renamed document ids until `target_tokens`."""
    files = sorted(SAMPLE.rglob("*gold_conll"))
    if not files:
        sys.exit(f"no sample corpus under {SAMPLE}")
    texts = [(f.relative_to(SAMPLE), f.read_text(encoding="utf-8")) for f in files]
    per_copy = sum(1 for _, t in texts for line in t.splitlines() if line and not line.startswith("#"))
    copies = -(-target_tokens // per_copy)
    for k in range(copies):
        for rel, text in texts:
            doc_id = text.split("(", 1)[1].split(")", 1)[0]
            new_id = f"{doc_id}r{k:04d}"
            target = out / f"copy{k:04d}" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text.replace(doc_id, new_id), encoding="utf-8")
    return copies * per_copy, copies * len(files)


def measure(kind: str, corpus: Path) -> dict[str, float]:
    """Run one measurement in this process; returns seconds and peak RSS."""
    files = sorted(corpus.rglob("*gold_conll"))
    if kind.startswith("select"):
        from coref_transfer.config import validate_config
        from coref_transfer.select.run import run_select

        config = validate_config({})
    elif kind == "reader":
        from coref_transfer.conll.reader import read_conll
    start = time.perf_counter()
    if kind == "lines":
        for path in files:
            with open(path, encoding="utf-8") as handle:
                for _line in handle:
                    pass
    elif kind == "split":
        for path in files:
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    line.split()
    elif kind == "reader":
        for path in files:
            read_conll(path)
    elif kind in ("select", "select-2"):
        workers = 2 if kind == "select-2" else 1
        with tempfile.TemporaryDirectory() as tmp:
            run_select(files, Path(tmp) / "out", config, "bench", progress=False, workers=workers)
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    seconds = time.perf_counter() - start
    peak = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    )
    return {"seconds": seconds, "peak_rss_mb": peak / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tokens", type=int, default=1_000_000, help="corpus size in tokens (default 1M)")
    parser.add_argument("--repeat", type=int, default=1, help="best of K runs per measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--corpus", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.corpus)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp)
        tokens, n_files = build_corpus(args.tokens, corpus)
        figures = {}
        for kind in ("lines", "split", "reader", "select", "select-2"):
            runs = []
            for _ in range(args.repeat):
                proc = subprocess.run(
                    [sys.executable, __file__, "--measure", kind, "--corpus", str(corpus)],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                runs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
            figures[kind] = min(runs, key=lambda r: r["seconds"])
    base_lines, base_split = figures["lines"]["seconds"], figures["split"]["seconds"]
    for fig in figures.values():
        fig["tokens_per_second"] = tokens / fig["seconds"]
        fig["x_lines"] = fig["seconds"] / base_lines
        fig["x_split"] = fig["seconds"] / base_split
    if args.json:
        print(json.dumps({"tokens": tokens, "files": n_files, "figures": figures}, indent=2))
        return
    print(f"corpus: {tokens:,} tokens in {n_files:,} files (the sample replicated)")
    print(f"{'measurement':<12}{'seconds':>10}{'tokens/s':>14}{'peak RSS MB':>14}{'x lines':>10}{'x split':>10}")
    for kind, fig in figures.items():
        print(
            f"{kind:<12}{fig['seconds']:>10.2f}{fig['tokens_per_second']:>14,.0f}"
            f"{fig['peak_rss_mb']:>14.0f}{fig['x_lines']:>10.1f}{fig['x_split']:>10.1f}"
        )


if __name__ == "__main__":
    main()
