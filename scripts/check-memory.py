"""Check a stand-in translator's file against the misses file it translates (docs/real-english.md).

    python scripts/check-memory.py MISSES.tsv TRANSLATED.tsv

Every source line of MISSES must appear once in TRANSLATED as `English<TAB>Italian`, the English byte for
byte, the Italian not empty and without a tab; every tag of the English must occur once in the Italian,
nested as in the English (each letter inside the same letter, or none); every placeholder-free line is
taken as it is. Prints one line per problem and the count; exits 1 if there is any.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

TAG = re.compile(r"<(/?)([a-z])>")


def structure(text: str) -> tuple[dict[str, str | None], list[str]]:
    """(letter → the letter whose tags hold its own, or None; what is wrong with the tags)."""
    stack: list[str] = []
    parent: dict[str, str | None] = {}
    problems = []
    for m in TAG.finditer(text):
        closing, letter = m.group(1) == "/", m.group(2)
        if not closing:
            if letter in parent:
                problems.append(f"<{letter}> twice")
            parent[letter] = stack[-1] if stack else None
            stack.append(letter)
        elif stack and stack[-1] == letter:
            stack.pop()
        else:
            problems.append(f"</{letter}> closes out of order (crossing or unpaired)")
            if letter in stack:
                stack.remove(letter)
    if stack:
        problems.append("unclosed " + ",".join(stack))
    return parent, problems


def check(misses: Path, translated: Path) -> list[str]:
    sources = [line.split("\t")[0] for line in misses.read_text(encoding="utf-8").splitlines() if line.strip()]
    seen: dict[str, int] = {}
    problems = []
    for n, line in enumerate(translated.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not parts[1].strip():
            problems.append(f"line {n}: not English<TAB>Italian with a non-empty Italian")
            continue
        english, italian = parts
        if english in seen:
            problems.append(f"line {n}: source repeated (first at line {seen[english]})")
        seen[english] = n
        english_tags, _ = structure(english)
        italian_tags, wrong = structure(italian)
        problems += [f"line {n}: {w}: {italian}" for w in wrong]
        if set(english_tags) != set(italian_tags):
            problems.append(f"line {n}: tags differ: English {sorted(english_tags)} Italian {sorted(italian_tags)}")
        elif english_tags != italian_tags:
            problems.append(f"line {n}: nesting differs from the English: {italian}")
    problems += [f"missing: {s[:100]}" for s in sources if s not in seen]
    problems += [f"not in the misses file: {s[:100]}" for s in sorted(set(seen) - set(sources))]
    return problems


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(Path(sys.argv[1]), Path(sys.argv[2]))
    print("\n".join(problems + [f"{len(problems)} problems"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
