#!/usr/bin/env python3
"""Compare two results folders file by file, across the renaming of the stages' folders.

    python scripts/compare-results.py OLD_RESULTS NEW_RESULTS

OLD_RESULTS may use the folder names before the stages got one name each
(gamma/, delta/, paper/, humaneval/: docs/migration.md) or the new ones;
every output file of select, translate, refine, export and report is
compared byte for byte, except manifest.json (it records the git revision,
the config and the input paths, which differ by design). Prints each file
that differs or is missing, a count, and the per-rule totals of the
workflow's benchmark files (results/benchmarks/RULE/*.tsv: wall and CPU
seconds) of both folders. Exit status 1 if a file differs or is missing.

Uses only the standard library, so any Python runs it.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

#: new folder -> the names it had before (the first that exists is used)
FOLDERS = {
    "select": ("select",),
    "translate": ("translate", "gamma"),
    "refine": ("refine", "delta"),
    "export": ("export",),
    "report/paper": ("report/paper", "paper"),
    "report/humaneval": ("report/humaneval", "humaneval"),
}
SKIP = {"manifest.json", ".snakemake_timestamp"}


def files(folder: Path) -> set[Path]:
    """Output files under `folder`, relative to it (hidden staging and damaged folders left out)."""
    if not folder.is_dir():
        return set()
    return {
        p.relative_to(folder)
        for p in folder.rglob("*")
        if p.is_file() and p.name not in SKIP and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    }


def benchmarks(results: Path) -> dict[str, tuple[int, float, float]]:
    """Per benchmark folder: jobs, total wall seconds, total CPU seconds."""
    out = {}
    root = results / "benchmarks"
    for folder in sorted(p for p in root.glob("*") if p.is_dir()):
        jobs = wall = cpu = 0.0
        for tsv in folder.glob("*.tsv"):
            with tsv.open(newline="") as handle:
                rows = list(csv.DictReader(handle, delimiter="\t"))
            if rows:
                jobs += 1
                wall += float(rows[0]["s"])
                cpu += float(rows[0]["cpu_time"])
        out[folder.name] = (int(jobs), wall, cpu)
    return out


def main(old: Path, new: Path) -> int:
    same = differ = missing = 0
    for now, before in FOLDERS.items():
        old_folder = next((old / name for name in before if (old / name).is_dir()), old / before[0])
        new_folder = new / now
        old_files, new_files = files(old_folder), files(new_folder)
        for rel in sorted(old_files | new_files):
            if rel not in new_files or rel not in old_files:
                print(f"missing in {'new' if rel not in new_files else 'old'}: {now}/{rel}")
                missing += 1
            elif (old_folder / rel).read_bytes() == (new_folder / rel).read_bytes():
                same += 1
            else:
                print(f"differs: {old_folder.relative_to(old)}/{rel} vs {now}/{rel}")
                differ += 1
    print(f"{same} identical, {differ} differ, {missing} missing (manifest.json not compared)")
    old_bench, new_bench = benchmarks(old), benchmarks(new)
    for rule in sorted(set(old_bench) | set(new_bench)):
        cells = []
        for label, bench in (("old", old_bench), ("new", new_bench)):
            jobs, wall, cpu = bench.get(rule, (0, 0.0, 0.0))
            cells.append(f"{label} {jobs} jobs, wall {wall:.2f} s, cpu {cpu:.2f} s")
        print(f"benchmarks/{rule}: " + "; ".join(cells))
    return 1 if differ or missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
