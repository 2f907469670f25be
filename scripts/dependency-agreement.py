#!/usr/bin/env python3
"""How often the English syntax read off UD dependency trees agrees with the constituency version.

    PYTHONPATH=src python scripts/dependency-agreement.py \\
        [--ontogum ../shared/data/ontogum/train] [--gum ../shared/data/gum/train] [--examples 3] [--json]

OntoGUM (CoNLL-2012, gold constituency trees) and GUM (CorefUD, gold UD
trees) hold the same documents. Sentences are paired by document and
position and kept when their words are the same (`-LRB-` read as `(`); the
mentions measured are those of either corpus that lie inside one paired
sentence (OntoGUM's chains, GUM's contiguous mentions). For each, the
constituency functions (on OntoGUM's tree and tags) and their dependency
counterparts (on GUM's tree and tags) are compared:

- the root (`select.heads.find_head` / `find_head_dep`) on every mention,
  `coordinated` on those whose roots agree, and β2's decision from each root
  (`select.beta2_mentions.mention_reason`, default configuration);
- the role (`lang.en.pronoun_role.pronoun_role` / `pronoun_role_dep`) on every
  pronoun mention, by constituency role;
- the -self treatment (`select.stand_in.self_treatment` / `self_treatment_dep`)
  on every -self pronoun mention, with the chains of the corpus it comes from;
- the modifier check (`select.stand_in.in_place_reason` / `in_place_reason_dep`)
  on every mention followed by a noun;
- the possessed noun (`lang.en.possessed.possessed_noun` / `possessed_noun_dep`:
  head, modifiers after it, or why none) of every possessive determiner (PRP$),
  mention or not.

Prints the agreement figures and, for each kind of disagreement, a few
examples (the mention in brackets). `--json` prints the figures only.
`tests/test_dependency_syntax.py` asserts floors under them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from udapi.core.document import Document

from coref_transfer.config import validate_config
from coref_transfer.conll.reader import read_conll
from coref_transfer.deptree import DepTree
from coref_transfer.lang.en.possessed import Possessed, possessed_noun, possessed_noun_dep
from coref_transfer.lang.en.pronoun_role import is_pronoun, pronoun_role, pronoun_role_dep
from coref_transfer.lang.en.pronouns import SELF_WORDS
from coref_transfer.model import Span, Utterance
from coref_transfer.records import SelectedMention
from coref_transfer.select.beta2_mentions import mention_reason
from coref_transfer.select.heads import find_head, find_head_dep
from coref_transfer.select.stand_in import in_place_reason, in_place_reason_dep, self_treatment, self_treatment_dep
from coref_transfer.tree import Tree

REPO = Path(__file__).resolve().parent.parent
SELECT = validate_config({})["select"]
BRACKETS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}


@dataclass
class Sentence:
    """One sentence of both corpora: OntoGUM's utterance (tree) and GUM's words (dependencies)."""

    doc: str
    utt: Utterance
    tree: Tree
    pos: list[str]
    """GUM's XPOS (what a CorefUD reader gives the dependency side)."""
    deps: DepTree
    mentions: dict[Span, dict[str, int]] = field(default_factory=dict)
    """Each mention span -> {corpus: cluster id} for the corpora that have it."""


def paired_sentences(ontogum: Path, gum: Path) -> Iterator[Sentence]:
    """Every sentence of both corpora whose words agree, with the mentions of both."""
    for path in sorted(ontogum.glob("*gold_conll")):
        other = gum / path.name.replace(".gold_conll", ".conllu")
        if not other.exists():
            continue
        utts = [u for part in read_conll(path) for u in part.utterances]
        doc = Document()
        doc.load_conllu(str(other))
        trees = list(doc.trees)
        if len(trees) != len(utts):
            continue
        gum_mentions: dict[str, list] = defaultdict(list)
        for m in doc.coref_mentions:
            words = m.words
            if any(w.is_empty() for w in words) or len({w.root for w in words}) != 1:
                continue
            ords = [w.ord for w in words]
            if ords != list(range(ords[0], ords[0] + len(ords))):
                continue
            gum_mentions[words[0].root.address()].append((Span(ords[0] - 1, ords[-1] - 1), m.entity.eid))
        for utt, root in zip(utts, trees):
            words = root.descendants
            if [BRACKETS.get(t, t) for t in utt.tokens] != [w.form for w in words] or not utt.has_tree:
                continue
            deps = DepTree([w.parent.ord - 1 for w in words], [w.deprel for w in words])
            s = Sentence(path.stem.replace(".gold_conll", ""), utt, utt.tree(), [w.xpos for w in words], deps)
            for m in utt.mentions:
                s.mentions.setdefault(m.span, {})["ontogum"] = m.cluster_id
            eids: dict[str, int] = {}
            for span, eid in gum_mentions.get(root.address(), []):
                s.mentions.setdefault(span, {})["gum"] = eids.setdefault(eid, len(eids))
            yield s


def shown(tokens: list[str], start: int, end: int, mark: int | None = None) -> str:
    """The sentence with the span in brackets (and word `mark` in braces)."""
    out = []
    for i, t in enumerate(tokens):
        t = BRACKETS.get(t, t)
        if i == mark:
            t = "{" + t + "}"
        if i == start:
            t = "[" + t
        if i == end:
            t += "]"
        out.append(t)
    return " ".join(out)


def root_kind(s: Sentence, start: int, end: int, c: int, d: int) -> str:
    """Why the tree's head `c` and the dependency root `d` of a span differ, in a few words."""
    deps, pos = s.deps, s.pos
    if sum(not start <= h <= end for h in deps.heads[start : end + 1]) > 1:
        return "the span is not a subtree: its first word hanging outside it is taken"
    if pos[d] == "CD" and pos[c] == "NNP":
        return "a date: UD heads it on the day's number, the tree on the month"
    chain = [c, *deps.ancestors(c)]
    if d in chain and all(deps.rel(w) == "flat" for w in chain[: chain.index(d)]):
        return "a name: UD heads it on its first word (flat), the tree on its last"
    if s.utt.pos[c] in ("TO", "MD", "IN", "WDT", "WP", "WRB") and d in chain:
        return f"UD heads the phrase on its content word, the tree on {s.utt.pos[c]}"
    if deps.head(c) == d:
        return f"the tree's head is a {deps.deprels[c]} of the dependency root"
    if deps.head(d) == c:
        return f"the dependency root is a {deps.deprels[d]} of the tree's head"
    if d in chain:
        return "the tree's head is deeper below the dependency root"
    return "the two roots are farther apart"


@dataclass
class Tally:
    """Agreement counts, by a key, with examples of each disagreement."""

    total: Counter = field(default_factory=Counter)
    agree: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, key: str, same: bool, kind: str = "", example: str = "") -> None:
        self.total[key] += 1
        self.agree[key] += same
        if not same:
            self.kinds[kind] += 1
            self.examples[kind].append(example)

    def figures(self) -> dict[str, dict[str, float]]:
        keys = sorted(self.total, key=lambda k: -self.total[k])
        out = {k: {"n": self.total[k], "agree": self.agree[k]} for k in keys}
        n, a = sum(self.total.values()), sum(self.agree.values())
        out["all"] = {"n": n, "agree": a}
        for v in out.values():
            v["share"] = round(100 * v["agree"] / v["n"], 2) if v["n"] else 100.0
        return out


def measure(sentences: Iterator[Sentence]) -> dict[str, Tally]:
    """The four comparisons of the module docstring over the paired sentences."""
    tallies = {name: Tally() for name in ("root", "coordinated", "beta2", "role", "self", "modifier", "possessed")}
    for s in sentences:
        utt, tokens, tree = s.utt, s.utt.tokens, s.tree
        selected = {
            corpus: [SelectedMention(ids[corpus], span) for span, ids in s.mentions.items() if corpus in ids]
            for corpus in ("ontogum", "gum")
        }
        for span, ids in sorted(s.mentions.items()):
            start, end = span.start, span.end
            c_head = find_head(s.tree, start, end, utt.pos)
            d_head = find_head_dep(s.deps, start, end, s.pos)
            where = f"{s.doc}: " + shown(tokens, start, end, d_head.index)
            same = c_head.index == d_head.index
            tallies["root"].add(
                "single word" if start == end else "several words",
                same,
                "" if same else root_kind(s, start, end, c_head.index, d_head.index),
                f"{where}  tree: {tokens[c_head.index]}",
            )
            if same:
                tallies["coordinated"].add(
                    str(c_head.coordinated),
                    c_head.coordinated == d_head.coordinated,
                    f"tree {c_head.coordinated}, dependencies {d_head.coordinated}",
                    where,
                )
            c_drop = mention_reason(tokens, utt.pos, start, end, c_head.index, SELECT)
            d_drop = mention_reason(tokens, s.pos, start, end, d_head.index, SELECT)
            tallies["beta2"].add(
                str(c_drop),
                c_drop == d_drop,
                f"{c_drop} (tree) vs {d_drop} (dependencies)",
                f"{where}  tree: {tokens[c_head.index]}",
            )
            if is_pronoun(utt.pos, start, end) and is_pronoun(s.pos, start, end):
                c_role = pronoun_role(tokens, utt.pos, s.tree, start, end)
                d_role = pronoun_role_dep(tokens, s.pos, s.deps, start, end)
                tallies["role"].add(
                    c_role,
                    c_role == d_role,
                    f"{c_role} (tree) vs {d_role} ({s.deps.deprels[start]})",
                    where,  # type: ignore[arg-type]
                )
                if tokens[start].lower() in SELF_WORDS:
                    for corpus in ids:
                        me = next(m for m in selected[corpus] if m.span == span)
                        me.role = c_role
                        c_out = self_treatment(me, selected[corpus], s.tree)
                        me.role = d_role
                        d_out = self_treatment_dep(me, selected[corpus], s.deps, s.pos)
                        tallies["self"].add(
                            c_role,
                            c_out == d_out,  # type: ignore[arg-type]
                            f"{c_role} {c_out[0] or c_out[1]} (tree) vs {d_role} {d_out[0] or d_out[1]}",
                            f"{where}  ({corpus})",
                        )
            if end + 1 < len(tokens) and utt.pos[end + 1].startswith("NN"):
                c_in = in_place_reason(utt.pos, start, end, lambda tree=tree: tree, utt.entities)
                d_in = in_place_reason_dep(s.pos, start, end, s.deps, utt.entities)
                tallies["modifier"].add(
                    str(c_in), c_in == d_in, f"{c_in} (tree) vs {d_in} ({s.deps.deprels[d_head.index]})", where
                )
        for k in (k for k, tag in enumerate(utt.pos) if tag == "PRP$"):
            c_pos = possessed_noun(tokens, utt.pos, utt.parse_bits, k)
            d_pos = possessed_noun_dep(tokens, s.pos, s.deps.heads, s.deps.deprels, k)
            tallies["possessed"].add(
                possessed_key(c_pos),
                c_pos == d_pos,
                possessed_kind(c_pos, d_pos),
                f"{s.doc}: {shown(tokens, k, k)}  tree: {said(tokens, c_pos)}  dependencies: {said(tokens, d_pos)}",
            )
    return tallies


def possessed_key(p: Possessed) -> str:
    """The tree's answer for a possessive, as a key of the `possessed` comparison."""
    return p.reason or ("no modifier" if p.modifiers == 0 else "modifiers")


def said(tokens: list[str], p: Possessed) -> str:
    return p.reason or f"{tokens[p.head]}+{p.modifiers}"  # type: ignore[index]


def possessed_kind(c: Possessed, d: Possessed) -> str:
    """How the tree's and the dependencies' possessed nouns differ, in a few words."""
    if c.head is not None and d.head is not None and c.head != d.head:
        return "another head word (tree: last noun of the base NP; dependencies: the nmod:poss head)"
    if c.head != d.head:
        return f"{c.reason or 'found'} (tree) vs {d.reason or 'found'} (dependencies)"
    return f"modifiers: {'more' if d.modifiers > c.modifiers else 'fewer'} in the dependencies"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ontogum", type=Path, default=REPO.parent / "shared" / "data" / "ontogum" / "train")
    parser.add_argument("--gum", type=Path, default=REPO.parent / "shared" / "data" / "gum" / "train")
    parser.add_argument("--examples", type=int, default=3, help="examples shown per kind of disagreement")
    parser.add_argument("--kinds", type=int, default=8, help="kinds of disagreement shown per comparison")
    parser.add_argument("--json", action="store_true", help="print the figures only, as JSON")
    args = parser.parse_args(argv)
    tallies = measure(paired_sentences(args.ontogum, args.gum))
    figures = {name: t.figures() for name, t in tallies.items()}
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for name, tally in tallies.items():
        print(f"== {name}")
        for key, v in figures[name].items():
            print(f"  {key:<14} {v['agree']:>6} / {v['n']:<6} {v['share']:6.2f}%")
        for kind, n in tally.kinds.most_common(args.kinds):
            print(f"  -- {n:>4}  {kind}")
            for ex in tally.examples[kind][: args.examples]:
                print(f"         {ex[:220]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
