"""Harm of the refinement rules on correct Italian: the gold text of UD Italian files, refined.

Every sentence of the files is given to the refine rules as the translate
stage would give it (its surface tokens: a multi-word token such as "della"
stays one token, as spaCy's Italian tokenizer keeps it), with no mentions,
through the configured parser. Gold text is correct Italian, so every change
a rule makes here is a candidate harm; the script counts the sentences
changed, the changes per rule and prints examples to read.

Develop on train and dev (`--split dev`), report on test (the default).

Run: PYTHONPATH=src python scripts/ud-harm.py --ud ../shared/data/ud [--split test] [--examples 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from coref_transfer.config import validate_config
from coref_transfer.parsing.train import DEFAULT_DEV, DEFAULT_TEST, DEFAULT_TRAIN, resolve
from coref_transfer.parsing.ud import read_sentences
from coref_transfer.refine.run import refine_texts

SPLITS = {"train": DEFAULT_TRAIN, "dev": DEFAULT_DEV, "test": DEFAULT_TEST}


def surface_tokens(block: list[str]) -> list[str]:
    """The surface tokens of a CoNLL-U sentence: a multi-word token's form instead of its words."""
    tokens: list[str] = []
    skip_to = 0
    for line in block:
        if line.startswith("#"):
            continue
        token_id, form = line.split("\t")[:2]
        if "-" in token_id:
            start, end = (int(x) for x in token_id.split("-"))
            tokens.append(form)
            skip_to = end
        elif "." in token_id or (token_id.isdigit() and int(token_id) <= skip_to):
            continue
        else:
            tokens.append(form)
    return tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ud", type=Path, required=True, help="folder of the UD_Italian-* treebanks")
    parser.add_argument("--split", choices=sorted(SPLITS), default="test")
    parser.add_argument("--examples", type=int, default=20, help="changed sentences to print")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args()
    config = validate_config({})
    sentences: list[str] = []
    skipped = 0
    for path in resolve(args.ud, SPLITS[args.split]):
        for block in read_sentences(path):
            tokens = surface_tokens(block)
            if any("[" in t or "]" in t for t in tokens):
                skipped += 1  # brackets mark mentions in refine-text's input
                continue
            sentences.append(" ".join(tokens))
    changed, rules, examples = 0, Counter(), []
    for line, result in zip(sentences, refine_texts(sentences, config)):
        if result["changes"]:
            changed += 1
            rules.update(c["rule"] for c in result["changes"])
            if len(examples) < args.examples:
                examples.append((line, " ".join(result["tokens"]), sorted({c["rule"] for c in result["changes"]})))
    figures = {"split": args.split, "sentences": len(sentences), "skipped_brackets": skipped,
               "changed": changed, "changes_per_rule": dict(sorted(rules.items()))}
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    share = 100 * changed / len(sentences) if sentences else 0.0
    print(f"UD {args.split}: {changed:,} of {len(sentences):,} gold sentences changed ({share:.1f}%); "
          f"{skipped} skipped (brackets)")
    for rule, n in sorted(rules.items()):
        print(f"  {rule}: {n}")
    for before, after, fired in examples:
        print(f"- {before}\n  → {after}  [{', '.join(fired)}]")


if __name__ == "__main__":
    sys.exit(main())
