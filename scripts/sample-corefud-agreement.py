#!/usr/bin/env python
"""β3 of the embedded sample read as CoNLL-2012 and as CorefUD (issue 17, item 5): where do they differ, and why?

Writes `resources/sample` as CorefUD with the project's writer
(`corefud.writer.write_tree`, dependency trees converted from the gold PTB
trees by `lang.en.dependencies`), runs select on both inputs and compares
`beta3.parquet`: the utterances kept, and for each mention (matched by
document, part, sentence and span, and by its chain's set of spans) what β3
says of it (`FIELDS`). Every difference gets a kind (`kind_of`).

With `--ontogum DIR --gum DIR` it measures the conversion itself instead, on
the texts that have both a gold constituency tree (OntoGUM) and a gold UD
tree (GUM), paired as `scripts/dependency-agreement.py` pairs them: the
converted trees' heads and relations against GUM's (UAS, LAS on the
universal relation), the mention roots against the head rules on the same
tree, and the pronoun roles (`pronoun_role_dep` on the converted tree
against `pronoun_role` on the tree).

Usage: PYTHONPATH=src python scripts/sample-corefud-agreement.py [--json] [--ontogum DIR --gum DIR]
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from coref_transfer.config import validate_config
from coref_transfer.corefud.writer import write_tree
from coref_transfer.select.run import run_select

REPO = Path(__file__).resolve().parent.parent
FIELDS = ("root", "coordinated", "dropped_at", "reason", "in_place", "role", "type", "gender", "number")


def _mentions(path: Path) -> tuple[dict[tuple, dict[str, Any]], dict[tuple, Any]]:
    """β3's mentions keyed by (doc, part, sentence, start, end, chain's spans), and its utterances' fates."""
    rows = pq.read_table(path / "beta3.parquet").to_pylist()
    chains: dict[tuple, set] = {}
    for r in rows:
        for m in r["mentions"]:
            chains.setdefault((r["doc_id"], r["part"], m["cluster_id"]), set()).add(
                (r["sentence"], m["start"], m["end"])
            )
    out, utterances = {}, {}
    for r in rows:
        utterances[(r["doc_id"], r["part"], r["sentence"])] = r["dropped_at"]
        for m in r["mentions"]:
            chain = frozenset(chains[(r["doc_id"], r["part"], m["cluster_id"])])
            out[(r["doc_id"], r["part"], r["sentence"], m["start"], m["end"], chain)] = {
                **m,
                "tokens": r["tokens"],
                "pos": r["pos"],
            }
    return out, utterances


def kind_of(field: str, a: dict[str, Any], b: dict[str, Any]) -> str:
    """The kind of a difference in `field` between the CoNLL-2012 mention `a` and the CorefUD one `b`."""
    if field == "root":
        return "root: " + ("span is not a constituent" if a["start"] != a["end"] else "other")
    return f"{field}: {a[field]} -> {b[field]}"


def compare(conll: Path, corefud: Path) -> dict[str, Any]:
    a, ua = _mentions(conll)
    b, ub = _mentions(corefud)
    differences = []
    for key in sorted(set(a) | set(b), key=str):
        if key not in a or key not in b:
            differences.append({"key": str(key[:5]), "field": "presence", "kind": "mention in one input only"})
            continue
        for field in FIELDS:
            if a[key][field] != b[key][field]:
                m = a[key]
                differences.append({
                    "key": f"{key[0]} s{key[2]} [{' '.join(m['tokens'][key[3]:key[4] + 1])}]",
                    "field": field, "conll2012": a[key][field], "corefud": b[key][field],
                    "kind": kind_of(field, a[key], b[key]),
                })  # fmt: skip
    differing = {d["key"] for d in differences}
    chains_a = {(k[0], k[1], k[5]) for k in a}
    chains_b = {(k[0], k[1], k[5]) for k in b}
    chain_differs = {
        (k[0], k[1], k[5]) for k in a if f"{k[0]} s{k[2]} [{' '.join(a[k]['tokens'][k[3] : k[4] + 1])}]" in differing
    }
    return {
        "utterances": len(ua),
        "utterances_agree": sum(1 for k in ua if ub.get(k, "missing") == ua[k]) if set(ua) == set(ub) else 0,
        "mentions": len(a),
        "mentions_agree": len(a) - len({d["key"] for d in differences}),
        "chains": len(chains_a),
        "chains_agree": len(chains_a & chains_b) - len(chain_differs),
        "kinds": dict(Counter(d["kind"] for d in differences).most_common()),
        "differences": differences,
    }


def run(work: Path, method: str = "placeholders") -> dict[str, Any]:
    """Write the sample as CorefUD under `work`, select both inputs with `method`'s filters, compare."""
    config = validate_config({"method": method})
    write_tree(REPO / "resources" / "sample", work / "corefud")
    run_select([REPO / "resources" / "sample"], work / "select-conll2012", config, progress=False, fmt="conll2012")
    run_select([work / "corefud"], work / "select-corefud", config, progress=False, fmt="corefud")
    return compare(work / "select-conll2012", work / "select-corefud")


def conversion(ontogum: Path, gum: Path) -> dict[str, Any]:
    """The conversion against gold UD, and the decisions it gives against the tree's (module docstring)."""
    import importlib.util

    from coref_transfer.deptree import DepTree
    from coref_transfer.lang.en.dependencies import convert
    from coref_transfer.lang.en.pronoun_role import is_pronoun, pronoun_role, pronoun_role_dep
    from coref_transfer.select.heads import find_head, find_head_dep

    spec = importlib.util.spec_from_file_location("dependency_agreement", REPO / "scripts" / "dependency-agreement.py")
    assert spec is not None and spec.loader is not None
    pairing = importlib.util.module_from_spec(spec)
    sys.modules["dependency_agreement"] = pairing  # dataclasses look their module up
    spec.loader.exec_module(pairing)
    words = attached = labelled = 0
    roots: Counter[bool] = Counter()
    roles: Counter[bool] = Counter()
    role_kinds: Counter[str] = Counter()
    for s in pairing.paired_sentences(ontogum, gum):
        u = s.utt
        heads, rels = convert(s.tree, u.tokens, u.pos)
        mine = DepTree(heads, rels)
        for i, h in enumerate(heads):
            words += 1
            attached += h == s.deps.heads[i]
            labelled += h == s.deps.heads[i] and mine.rel(i) == s.deps.rel(i)
        for span in s.mentions:
            a, b = span.start, span.end
            roots[find_head_dep(mine, a, b, u.pos).index == find_head(s.tree, a, b, u.pos).index] += 1
            if is_pronoun(u.pos, a, b):
                tree_role, dep_role = (
                    pronoun_role(u.tokens, u.pos, s.tree, a, b),
                    pronoun_role_dep(u.tokens, u.pos, mine, a, b),
                )
                roles[tree_role == dep_role] += 1
                if tree_role != dep_role:
                    role_kinds[f"{tree_role} -> {dep_role}"] += 1
    return {
        "words": words, "uas": attached / words, "las": labelled / words,
        "mentions": roots.total(), "roots_agree": roots[True],
        "pronouns": roles.total(), "roles_agree": roles[True], "role_kinds": dict(role_kinds.most_common()),
    }  # fmt: skip


def main() -> None:
    if "--ontogum" in sys.argv:
        args = sys.argv[1:]
        result = conversion(Path(args[args.index("--ontogum") + 1]), Path(args[args.index("--gum") + 1]))
        if "--json" in args:
            print(json.dumps(result, indent=1))
            return
        print(f"words: {result['words']}, UAS {result['uas']:.1%}, LAS {result['las']:.1%} (universal relations)")
        print(f"mention roots as the head rules': {result['roots_agree']} of {result['mentions']}")
        print(f"pronoun roles as the tree's: {result['roles_agree']} of {result['pronouns']}")
        for kind, n in result["role_kinds"].items():
            print(f"  {n:4d}  {kind}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        result = run(Path(tmp))
    if "--json" in sys.argv:
        print(json.dumps(result, indent=1, default=str))
        return
    for name in ("utterances", "mentions", "chains"):
        print(f"{name}: {result[name + '_agree']} of {result[name]} agree")
    for kind, n in result["kinds"].items():
        print(f"  {n:4d}  {kind}")
    for d in result["differences"]:
        print(f"    {d['kind']}: {d['key']}: {d.get('conll2012')!r} -> {d.get('corefud')!r}")


if __name__ == "__main__":
    main()
