"""The official UD validator on CorefUD files, its errors counted by level, class and kind.

    python scripts/ud-validate.py results/export/*.conllu
    python scripts/ud-validate.py --level 2 --level 5 --json counts.json FILES...

Runs `udvalidate --lang it --coref --max-err 0` (udtools, installed by the
test extra) on the files read as one corpus, once per level, and prints a
Markdown table per level: each kind of error (`[L3 SYNTAX
too-many-subjects]`), its class (FORMAT, MORPHO, SYNTAX, ...) and its share
of the level's errors, then the warnings. The validator figures of
docs/outputs.md come from here. Exits 0 whatever the validator finds (the tests assert the
targets); 2 when the validator cannot run.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

INCIDENT = re.compile(r"\[L(\d) ([A-Z]+) ([A-Za-z0-9:-]+)\]")


def validator() -> list[str]:
    script = Path(sys.executable).with_name("udvalidate")
    if script.exists():
        return [str(script)]
    found = shutil.which("udvalidate")
    if found is None:
        raise SystemExit("udvalidate not found: install the test extra (`make install`, package udtools)")
    return [found]


def validate(paths: list[str], level: int, lang: str = "it") -> Counter[tuple[int, str, str]]:
    """(level, class, kind) -> how many incidents the validator printed at `level`."""
    done = subprocess.run(
        [*validator(), "--lang", lang, "--level", str(level), "--coref", "--max-err", "0", *paths],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    counts: Counter[tuple[int, str, str]] = Counter()
    for line in done.stderr.splitlines():
        if line.startswith("["):
            match = INCIDENT.search(line)
            if match:
                counts[(int(match.group(1)), match.group(2), match.group(3))] += 1
    if done.returncode not in (0, 1) or ("PASSED" not in done.stderr and "FAILED" not in done.stderr):
        sys.stderr.write(done.stderr[-2000:])
        raise SystemExit(2)
    return counts


def table(counts: Counter[tuple[int, str, str]]) -> str:
    errors = {k: v for k, v in counts.items() if k[1] != "WARNING"}
    total = sum(errors.values())
    lines = ["| level | class | kind | errors | share |", "|---|---|---|---|---|"]
    for (lvl, cls, kind), n in sorted(errors.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| {lvl} | {cls} | `{kind}` | {n} | {n / total:.1%} |")
    by_class = Counter()
    for (_, cls, _), n in errors.items():
        by_class[cls] += n
    lines.append(f"| | | **all** ({', '.join(f'{c} {n}' for c, n in sorted(by_class.items())) or 'none'}) "
                 f"| **{total}** | |")  # fmt: skip
    warnings = {k: v for k, v in counts.items() if k[1] == "WARNING"}
    if warnings:
        lines.append("")
        lines.append("Warnings: " + ", ".join(f"`{k[2]}` {n}" for k, n in sorted(warnings.items())))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--level", type=int, action="append", help="validation level(s); default 2 and 5")
    parser.add_argument("--lang", default="it")
    parser.add_argument("--json", help="also write the counts here")
    args = parser.parse_args()
    out = {}
    for level in args.level or [2, 5]:
        counts = validate(args.files, level, args.lang)
        errors = sum(n for k, n in counts.items() if k[1] != "WARNING")
        print(f"## udvalidate --lang {args.lang} --level {level} --coref: {errors} error(s)\n")
        print(table(counts) + "\n")
        out[str(level)] = {f"L{lvl} {cls} {kind}": n for (lvl, cls, kind), n in sorted(counts.items())}
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
