#!/usr/bin/env python3
"""What select did with the predicative and appositive mentions of a CorefUD corpus (issue 30, item 5).

    coref-transfer select ../shared/data/gum/train --input-format corefud --out /tmp/gum-select
    PYTHONPATH=src python scripts/corefud-links.py /tmp/gum-select ../shared/data/gum/train \\
        [--ontogum ../shared/data/ontogum/train] [--json]

Reads the corpus again (`corefud.reader`: each mention's `link`), pairs its
mentions with select's `utterances` table (the fate of every mention read,
in the reader's order) and prints, per link type that β2 drops
(`model.LINK_REASONS`): how many were read, where each went (stage and
reason), and how many reach translation: those in select's `beta3` table,
which translate reads, still kept. The last must be 0. It also prints β2's
drops per reason from select's `stats.json`, and how many appositions β2
dropped right after a kept mention of their chain (their anchor, whose
placeholder then stands beside the apposition's words).

With `--ontogum` (the same documents re-annotated to the OntoNotes
guidelines, CoNLL-2012) it says, for each such mention, whether OntoGUM has a
mention of the same span, a wider mention holding it (an apposition inside
"NP , apposition"), or none, and for predicates whether they follow a copula
or "as" (the figures of `select.beta2_mentions`' limits).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from coref_transfer.conll.reader import read_conll
from coref_transfer.corefud.reader import iter_corefud
from coref_transfer.model import LINK_REASONS, Utterance
from coref_transfer.records import SelectedMention, read_records
from coref_transfer.select.beta2_mentions import widen_appositions


def predicate_kind(utt: Utterance, start: int, end: int) -> str:
    """`copula` if the mention's root has a `cop` child, `as` if a case marker "as", else `other`."""
    root = next(i for i in range(start, end + 1) if not start <= utt.heads[i] <= end)
    children = [i for i, h in enumerate(utt.heads) if h == root]
    if any(utt.deprels[i] == "cop" for i in children):
        return "copula"
    if any(utt.deprels[i] in ("case", "mark") and utt.tokens[i].lower() == "as" for i in children):
        return "as"
    return "other"


def anchor_before(utt: Utterance, apposition: SelectedMention, other: SelectedMention) -> bool:
    """Whether `other` is a kept mention of the apposition's chain right before it (punctuation between)."""
    return (
        other is not apposition
        and other.dropped_at is None
        and other.cluster_id == apposition.cluster_id
        and other.span.end < apposition.span.start
        and all(not tag[0].isalpha() for tag in utt.pos[other.span.end + 1 : apposition.span.start])
    )


def measure(select_dir: Path, corpus: list[Path], ontogum: Path | None = None) -> dict[str, Any]:
    utterances = read_records(select_dir / "utterances.parquet", "utterances")
    fates = {(u.doc_id, u.part, u.sentence): u.mentions for u in utterances}
    kept = {
        (u.doc_id, u.part, u.sentence, m.cluster_id, m.span)
        for u in read_records(select_dir / "beta3.parquet", "beta3")
        for m in u.mentions
        if m.dropped_at is None
    }
    out: dict[str, Any] = {link: {"read": 0, "fate": Counter(), "reach_translation": 0} for link in LINK_REASONS}
    out["appos"]["anchor_kept_before"] = 0
    onto: dict[str, Counter] = {link: Counter() for link in LINK_REASONS}
    for part in iter_corefud(corpus):
        onto_utts = None
        if ontogum is not None:
            (onto_part,) = read_conll(ontogum / f"{part.doc_id}.gold_conll")
            onto_utts = onto_part.utterances
        for utt in part.utterances:
            mentions = fates[(part.doc_id, part.part, utt.index)]
            widened, _ = widen_appositions(utt.mentions, utt.mention_links, utt.pos)  # select's spans
            assert [(m.cluster_id, m.span) for m in mentions] == [(m.cluster_id, m.span) for m in widened]
            for mention, fate, link in zip(utt.mentions, mentions, utt.mention_links):
                if link not in LINK_REASONS:
                    continue
                counts = out[link]
                counts["read"] += 1
                counts["fate"][f"{fate.dropped_at}:{fate.reason}" if fate.dropped_at else "kept"] += 1
                key = (part.doc_id, part.part, utt.index, mention.cluster_id, mention.span)
                counts["reach_translation"] += key in kept
                if link == "appos" and fate.dropped_at == "beta2":
                    counts["anchor_kept_before"] += any(anchor_before(utt, fate, other) for other in mentions)
                if onto_utts is not None:
                    spans = [m.span for m in onto_utts[utt.index].mentions]
                    where = (
                        "same_span"
                        if mention.span in spans
                        else "inside_wider"
                        if any(s.contains(mention.span) for s in spans)
                        else "absent"
                    )
                    kind = f"{predicate_kind(utt, mention.span.start, mention.span.end)}:" if link == "pred" else ""
                    onto[link][kind + where] += 1
    result: dict[str, Any] = {
        link: {**counts, "fate": dict(sorted(counts["fate"].items()))} for link, counts in out.items()
    }
    stats = json.loads((select_dir / "stats.json").read_text(encoding="utf-8"))
    result["stats_beta2"] = {reason: stats["dropped"]["mentions"].get(reason, 0) for reason in LINK_REASONS.values()}
    if ontogum is not None:
        result["ontogum"] = {link: dict(sorted(c.items())) for link, c in onto.items()}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("select_dir", type=Path, help="select's output folder, run on the corpus")
    parser.add_argument("corpus", type=Path, nargs="+", help="the CorefUD files or folders select read")
    parser.add_argument("--ontogum", type=Path, help="OntoGUM's *.gold_conll folder (the same documents)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    result = measure(args.select_dir, args.corpus, args.ontogum)
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    for link, reason in LINK_REASONS.items():
        counts = result[link]
        print(f"{link} ({reason}): {counts['read']:,} read, {counts['reach_translation']:,} reach translation")
        if "anchor_kept_before" in counts:
            print(f"  (dropped at β2 with their anchor kept right before them: {counts['anchor_kept_before']:,})")
        for fate, n in counts["fate"].items():
            print(f"  {fate}: {n:,}")
    print(
        "select stats.json, dropped at β2: "
        + ", ".join(f"{reason} {n:,}" for reason, n in result["stats_beta2"].items())
    )
    for link, counts in result.get("ontogum", {}).items():
        print(f"OntoGUM on GUM's {link}: " + ", ".join(f"{k} {n:,}" for k, n in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
