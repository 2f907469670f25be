"""Benchmark of the two input readers on the same documents: CoNLL-2012 against CorefUD (issue 17, item 6).

GUM's train documents exist in both forms: `../shared/data/ontogum/train`
(CoNLL-2012, OntoGUM) and `../shared/data/gum/train` (CorefUD CoNLL-U), the
same 177 documents, sentences and words (`tests/test_corefud_reader.py`
checks it). Each measurement runs in a fresh process and reads every file,
one at a time, as select does:

- `conll`:   `conll.reader.read_conll` over the CoNLL-2012 files;
- `corefud`: `corefud.reader.read_corefud` over the CoNLL-U files;
- `udapi`:   udapi's `Document.load_conllu` and `doc.coref_entities` over the
             CoNLL-U files, the reading the CorefUD reader does not build on
             (see its module docstring): the loading alone, no conversion;
- `select-conll`, `select-corefud`: the whole select stage on each folder
             (`select.run.run_select`, one worker, tables, stats and manifest
             written to a temporary folder): the path issue 17 sets within 2×.
             GUM's CorefUD has every mention GUM annotates (49,649, singletons
             included), OntoGUM's CoNLL-2012 only those in chains (23,320), so
             select has twice the mentions to decide on the CorefUD side.

It prints seconds, words per second and each time as a ratio of the
CoNLL-2012 measurement of its kind (`conll`, `select-conll`).
Run: `python benchmarks/bench_readers.py` (`--repeat K` for the best of K;
`--conll DIR --corefud DIR` for other folders of the same documents).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
KINDS = ("conll", "corefud", "udapi", "select-conll", "select-corefud")


def measure(kind: str, folder: Path) -> dict[str, float]:
    """Run one measurement in this process: seconds and words read."""
    if kind.startswith("select-"):
        import logging
        import tempfile

        from coref_transfer.config import validate_config
        from coref_transfer.select.run import run_select

        logging.disable(logging.INFO)
        fmt = "conll2012" if kind == "select-conll" else "corefud"
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            stats = run_select([folder], Path(tmp) / "out", validate_config({}), progress=False, fmt=fmt)
            seconds = time.perf_counter() - start
        return {
            "seconds": seconds,
            "words": stats["input"]["tokens"],
            "files": stats["input"]["documents"],
            "mentions": stats["input"]["mentions"],
        }
    if kind == "conll":
        from coref_transfer.conll.reader import find_conll_files, read_conll

        files, read = find_conll_files([folder]), read_conll
    elif kind == "corefud":
        from coref_transfer.corefud.reader import find_corefud_files, read_corefud

        files, read = find_corefud_files([folder]), read_corefud
    elif kind == "udapi":
        import logging

        from udapi.core.document import Document

        from coref_transfer.corefud.reader import find_corefud_files

        logging.disable(logging.WARNING)
        files = find_corefud_files([folder])

        def read(path):  # the words as the readers count them, and the entities loaded
            doc = Document()
            doc.load_conllu(str(path))
            doc.coref_entities  # noqa: B018 (loads the coreference layer)
            return [sum(len(tree.descendants) for tree in doc.trees)]
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    words = 0
    start = time.perf_counter()
    for path in files:
        for part in read(path):
            words += part if isinstance(part, int) else sum(len(u.tokens) for u in part.utterances)
    return {"seconds": time.perf_counter() - start, "words": words, "files": len(files)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--conll", type=Path, default=SHARED / "ontogum" / "train", help="folder of *gold_conll files")
    parser.add_argument("--corefud", type=Path, default=SHARED / "gum" / "train", help="folder of *.conllu files")
    parser.add_argument("--repeat", type=int, default=3, help="best of K runs per measurement (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.folder)))
        return
    missing = [str(f) for f in (args.conll, args.corefud) if not f.is_dir()]
    if missing:  # the GUM data are not shipped (their licences): nothing to compare
        print(f"bench_readers: skipped, no folder {' or '.join(missing)} (give --conll DIR --corefud DIR)")
        return
    figures = {}
    for kind in KINDS:
        folder = args.conll if kind.endswith("conll") else args.corefud
        runs = []
        for _ in range(args.repeat):
            proc = subprocess.run(
                [sys.executable, __file__, "--measure", kind, "--folder", str(folder)],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            runs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        figures[kind] = min(runs, key=lambda r: r["seconds"])
    if figures["conll"]["words"] != figures["corefud"]["words"]:
        print(
            f"warning: the two folders differ in size ({figures['conll']['words']:,} and {figures['corefud']['words']:,} words)"
        )
    for kind, fig in figures.items():
        fig["words_per_second"] = fig["words"] / fig["seconds"]
        base = figures["select-conll" if kind.startswith("select-") else "conll"]
        fig["x_conll"] = fig["seconds"] / base["seconds"]
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{'measurement':<16}{'files':>7}{'words':>10}{'seconds':>10}{'words/s':>12}{'x conll':>9}")
    for kind, fig in figures.items():
        print(
            f"{kind:<16}{fig['files']:>7}{fig['words']:>10,}{fig['seconds']:>10.2f}"
            f"{fig['words_per_second']:>12,.0f}{fig['x_conll']:>9.2f}"
        )
    print("(x conll: the readers against `conll`, the select runs against `select-conll`)")


if __name__ == "__main__":
    main()
