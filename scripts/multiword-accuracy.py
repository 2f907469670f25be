"""How well `lang.it.multiword.split` gives back UD Italian's multiword tokens.

    python scripts/multiword-accuracy.py --ud ../shared/data/ud --split test
    python scripts/multiword-accuracy.py --ud ../shared/data/ud --split train --split dev --relations

Each gold multiword token of the UD Italian files of the split ("della" =
di + la, "parlarci" = parlar + ci) is merged as our parser's training data
merges it (`parsing.ud`, through spaCy's converter: lemmas joined by a
space, XPOS by "_", the UPOS, relation and head of the word whose head lies
outside the token, the features of all the words), then split again, and
the words compared with the gold ones field by field: form, lemma, UPOS,
XPOS, features, relation, and the head inside the token. The figures of
docs/outputs.md come from here (develop on train and dev, report on test).
`--relations` prints the relation of every enclitic after a verb, the
counts behind `multiword.CLITIC_RELATIONS`.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

from coref_transfer.lang.it.multiword import NOMINAL, TOKEN, split
from coref_transfer.parsed import parse_feats
from coref_transfer.ud_files import sentence_blocks

FIELDS = ("form", "lemma", "upos", "xpos", "feats", "deprel", "head")


def gold_tokens(path: Path):
    """(form, [word columns]) of each multiword token of a CoNLL-U file."""
    for _, block in sentence_blocks(path):
        lines = [line.split("\t") for line in block if not line.startswith("#")]
        for i, cols in enumerate(lines):
            if "-" in cols[0]:
                first, last = map(int, cols[0].split("-"))
                words = [c for c in lines[i + 1 :] if c[0].isdigit() and first <= int(c[0]) <= last]
                yield cols[1], words, (first, last)


def merge(words: list[list[str]], span: tuple[int, int]):
    """The token as our parser sees it (see the module docstring)."""
    outside = [w for w in words if not span[0] <= int(w[6]) <= span[1]] or words[:1]
    feats: dict[str, str] = {}
    for w in words:
        for k, v in parse_feats(w[5]).items():
            feats.setdefault(k, v)
    return (" ".join(w[2] for w in words), outside[0][3], "_".join(w[4] for w in words), feats, outside[0][7])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ud", default="../shared/data/ud")
    parser.add_argument("--split", action="append", help="test, dev or train (repeatable); default test")
    parser.add_argument("--relations", action="store_true")
    args = parser.parse_args()
    splits = args.split or ["test"]
    paths = sorted(p for s in splits for p in Path(args.ud).glob(f"*/*-ud-{s}.conllu"))
    if not paths:
        print(f"no UD Italian files for {splits} under {args.ud}", file=sys.stderr)
        return 2
    right: Counter[str] = Counter()
    words_seen: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    relations: dict[str, Counter[str]] = defaultdict(Counter)
    misses: Counter[str] = Counter()
    for path in paths:
        for form, gold, span in gold_tokens(path):
            kind = "contraction" if gold[0][3] == "ADP" else "clitics" if gold[0][3] in ("VERB", "AUX") else "other"
            if kind == "clitics":
                for w in gold[1:]:
                    relations[w[1].lower()][w[7]] += 1
            lemma, upos, xpos, feats, deprel = merge(gold, span)
            done = split(form, lemma, upos, xpos, feats, deprel)
            tokens[kind] += 1
            if len(done.words) != len(gold):
                tokens[f"{kind}_not_split"] += 1
                misses[f"{form} ({lemma}, {xpos}): {done.reason or 'other words'}"] += 1
                continue
            whole = True
            for i, (ours, g) in enumerate(zip(done.words, gold)):
                internal = int(g[6]) - span[0] if span[0] <= int(g[6]) <= span[1] else None
                if ours.head == TOKEN:
                    head_ok = internal is None and g[7] == deprel
                elif ours.head == NOMINAL:
                    head_ok = internal is None and g[6] == gold[0][6]
                else:
                    head_ok = internal == ours.head
                checks = {
                    "form": ours.form == g[1], "lemma": ours.lemma == g[2], "upos": ours.upos == g[3],
                    "xpos": ours.xpos == g[4], "feats": ours.feats == parse_feats(g[5]),
                    "deprel": ours.deprel == g[7], "head": head_ok,
                }  # fmt: skip
                for field, ok in checks.items():
                    words_seen[f"{kind}:{field}"] += 1
                    right[f"{kind}:{field}"] += ok
                whole = whole and all(checks.values())
            tokens[f"{kind}_all_right"] += whole
    print(f"UD Italian {', '.join(splits)}: {len(paths)} files")
    print("| kind | tokens | split into the gold number of words | every field of every word right |")
    print("|---|---|---|---|")
    for kind in ("contraction", "clitics", "other"):
        n = tokens[kind]
        if n:
            split_ok = n - tokens[f"{kind}_not_split"]
            print(f"| {kind} | {n} | {split_ok} ({split_ok / n:.1%}) | {tokens[f'{kind}_all_right']} "
                  f"({tokens[f'{kind}_all_right'] / n:.1%}) |")  # fmt: skip
    print("\n| kind | " + " | ".join(FIELDS) + " |")
    print("|---|" + "---|" * len(FIELDS))
    for kind in ("contraction", "clitics"):
        if words_seen[f"{kind}:form"]:
            cells = [f"{right[f'{kind}:{f}'] / words_seen[f'{kind}:{f}']:.1%}" for f in FIELDS]
            print(f"| {kind} | " + " | ".join(cells) + " |")
    if misses:
        print("\nleft whole (most frequent):", "; ".join(f"{k} ×{v}" for k, v in misses.most_common(8)))
    if args.relations:
        print("\nrelation of each enclitic after a verb:")
        for form, counts in sorted(relations.items()):
            print(f"  {form}: " + ", ".join(f"{r} {n}" for r, n in counts.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
