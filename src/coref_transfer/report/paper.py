"""The source paper's tables and figures, regenerated from the stage outputs.

Every number comes from a stage table or stats file of the run:
- Table 2 (counts per split, source and result): `select/utterances.parquet`, `refine/delta.parquet`;
- Table 9 (POS of single-token mentions): `refine/delta.parquet` (Italian UPOS) and `select/beta3.parquet` (PTB);
- Table 15 (impact of each refinement rule): `refine/delta.parquet` changes and `refine/stats.json`;
- Table 16 (readability classes, α vs δ): English Flesch on α, Flesch–Vacca and Gulpease on δ;
- Table 17 (annotator agreement per class): imported ratings of the human-evaluation kit;
- Table 18 (linguistic profile per readability class): the δ parse;
- the dropped-reasons table: `select/stats.json` and `translate/stats.json`;
- the agreement audit and its examples: `refine/delta.parquet` (`coref_transfer.audit`);
- Figures 2 and 8 (tokens and mentions per utterance): α and β3.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from statistics import mean
from typing import Any

from coref_transfer.audit import agreement_stats, audit_rows, clash_examples
from coref_transfer.export.rows import unique_mentions
from coref_transfer.io import atomic_write_text
from coref_transfer.lang.en.detokenize import detokenize
from coref_transfer.records import RefinedUtterance, SelectedUtterance, read_records
from coref_transfer.report.table import Table, pct
from coref_transfer.splits import SPLITS, split_of
from coref_transfer.stats import SELECT_MENTION_REASONS

PUNCT = frozenset(("PUNCT", "SYM"))


def _counts(rows: Sequence[SelectedUtterance | RefinedUtterance]) -> dict[str, int]:
    """Table 2's counts. δ mentions are counted as the exports write them (`export.rows.unique_mentions`:
    a chain's repeats on one span once, one chain per span), so the table and the dataset's manifest agree."""
    docs, parts, clusters = set(), set(), set()
    tokens = mentions = 0
    for r in rows:
        docs.add(r.doc_id)
        parts.add((r.doc_id, r.part))
        tokens += len(r.tokens)
        for m in unique_mentions(r)[0] if isinstance(r, RefinedUtterance) else r.mentions:
            mentions += 1
            clusters.add((r.doc_id, r.part, m.cluster_id))
    return {
        "documents": len(docs),
        "parts": len(parts),
        "utterances": len(rows),
        "tokens": tokens,
        "mentions": mentions,
        "clusters": len(clusters),
    }


def table2(source: Sequence[SelectedUtterance], delta: Sequence[RefinedUtterance]) -> Table:
    keys = ("documents", "parts", "utterances", "tokens", "mentions", "clusters")
    table = Table(
        "table2",
        "Table 2: documents, parts, utterances, tokens, mentions and clusters per split",
        ["split", "data", *keys],
    )
    for split in (*SPLITS, "all"):
        src = [r for r in source if split == "all" or split_of(r.partition) == split]
        res = [r for r in delta if split == "all" or split_of(r.partition) == split]
        if not src and not res:
            continue
        for label, rows in (("source (English)", src), ("result (Italian, δ)", res)):
            c = _counts(rows)
            table.rows.append([split, label, *(c[k] for k in keys)])
    table.note = "Source: every utterance and gold mention read; result: the utterances and mentions of stage δ."
    return table


def table9(delta: Sequence[RefinedUtterance], beta3: Sequence[SelectedUtterance], top: int = 10) -> Table:
    """Table 9. δ's single-token mentions as the exports write them (`export.rows.unique_mentions`), without
    the zero mentions: a deleted subject's mention lies on its verb, which would count a dropped pronoun as a
    VERB or AUX mention (and the English side, β3, has it as a PRP)."""
    italian = Counter(
        r.upos[m.span.start] for r in delta for m in unique_mentions(r, zeros=False)[0] if len(m.span) == 1
    )
    english = Counter(r.pos[m.span.start] for r in beta3 for m in r.mentions if len(m.span) == 1)
    n_it, n_en = sum(italian.values()), sum(english.values())
    table = Table(
        "table9",
        "Table 9: part of speech of single-token mentions",
        ["rank", "Italian UPOS (δ)", "count", "%", "English PTB (β3)", "count ", "% "],
    )
    it_items, en_items = italian.most_common(top), english.most_common(top)
    for i in range(max(len(it_items), len(en_items))):
        a = it_items[i] if i < len(it_items) else (None, None)
        b = en_items[i] if i < len(en_items) else (None, None)
        table.rows.append(
            [i + 1, a[0], a[1], pct(a[1], n_it) if a[1] else None, b[0], b[1], pct(b[1], n_en) if b[1] else None]
        )
    table.note = (
        f"Single-token mentions: {n_it:,} in δ (as the exports write them, without the zero mentions of dropped"
        f" subjects), {n_en:,} in β3."
    )
    return table


def table15(delta: Sequence[RefinedUtterance], stats: Mapping[str, Any]) -> Table:
    per_rule_utts: Counter = Counter()
    per_rule_changes: Counter = Counter()
    for r in delta:
        fired = {c.rule for c in r.changes}
        per_rule_utts.update(fired)
        per_rule_changes.update(c.rule for c in r.changes)
    n = len(delta)
    table = Table(
        "table15",
        "Table 15: impact of each refinement rule (δ)",
        ["rule", "applied", "skipped", "utterances changed", "% of utterances", "token edits"],
    )
    for rule, counts in stats.get("rules", {}).items():
        skipped = sum(counts["skipped"].values())
        table.rows.append(
            [rule, counts["applied"], skipped, per_rule_utts[rule], pct(per_rule_utts[rule], n), per_rule_changes[rule]]
        )
    refined = sum(bool(r.changes) for r in delta)
    table.rows.append(
        [
            "any rule",
            sum(c["applied"] for c in stats.get("rules", {}).values()),
            None,
            refined,
            pct(refined, n),
            sum(per_rule_changes.values()),
        ]
    )
    table.note = (
        "applied/skipped: the rules' own counts (a skip is a candidate left alone, with a reason in "
        "the refine stage's stats.json); token edits include the re-capitalisation after a deletion. "
        "The paper: about 64% of utterances refined."
    )
    return table


def readability_rows(
    alpha: Sequence[SelectedUtterance], delta: Sequence[RefinedUtterance]
) -> tuple[list[str], dict[str, list[float]]]:
    from coref_transfer.readability import CLASSES, flesch_en, flesch_vacca, gulpease

    scores = {
        "alpha_flesch": [flesch_en(detokenize(r.tokens)) for r in alpha],
        "delta_flesch_vacca": [flesch_vacca(r.text) for r in delta],
        "delta_gulpease": [gulpease(r.text) for r in delta],
    }
    return list(CLASSES), scores


def table16(alpha: Sequence[SelectedUtterance], delta: Sequence[RefinedUtterance]) -> Table:
    from coref_transfer.readability import readability_class

    classes, scores = readability_rows(alpha, delta)
    counted = {k: Counter(readability_class(s) for s in v) for k, v in scores.items()}
    table = Table(
        "table16",
        "Table 16: readability classes, English source (α) vs Italian result (δ)",
        ["class", "α Flesch", "α %", "δ Flesch–Vacca", "δ %", "δ Gulpease", "δ % "],
    )
    for cls in classes:
        row: list = [cls]
        for key in ("alpha_flesch", "delta_flesch_vacca", "delta_gulpease"):
            row += [counted[key][cls], pct(counted[key][cls], len(scores[key]))]
        table.rows.append(row)
    table.rows.append(
        [
            "mean score",
            round(mean(scores["alpha_flesch"]), 2) if scores["alpha_flesch"] else None,
            None,
            round(mean(scores["delta_flesch_vacca"]), 2) if delta else None,
            None,
            round(mean(scores["delta_gulpease"]), 2) if delta else None,
            None,
        ]
    )
    table.note = "Scores on detokenised text (coref_transfer.readability); classes <20, 20–40, 40–60, 60–80, >80."
    return table


def _depth(heads: Sequence[int], i: int) -> int:
    depth = 0
    seen = set()
    while heads[i] >= 0 and i not in seen:
        seen.add(i)
        i = heads[i]
        depth += 1
    return depth


def table18(delta: Sequence[RefinedUtterance]) -> Table:
    from coref_transfer.readability import CLASSES, flesch_vacca, readability_class

    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for r in delta:
        groups[readability_class(flesch_vacca(r.text))].append(r)
    table = Table(
        "table18",
        "Table 18: linguistic profile per readability class (δ, Flesch–Vacca)",
        [
            "class",
            "utterances",
            "words",
            "subordinating conj.",
            "coordinating conj.",
            "tree depth",
            "dependency length",
        ],
    )
    for cls in CLASSES:
        rows = groups.get(cls, [])
        if not rows:
            table.rows.append([cls, 0, None, None, None, None, None])
            continue
        words = [sum(u not in PUNCT for u in r.upos) for r in rows]
        sconj = [r.upos.count("SCONJ") for r in rows]
        cconj = [r.upos.count("CCONJ") for r in rows]
        depth = [max((_depth(r.heads, i) for i in range(len(r.heads))), default=0) for r in rows]
        dlen = [mean(abs(i - h) for i, h in enumerate(r.heads) if h >= 0) for r in rows if any(h >= 0 for h in r.heads)]
        table.rows.append(
            [cls, len(rows), mean(words), mean(sconj), mean(cconj), mean(depth), mean(dlen) if dlen else None]
        )
    table.note = (
        "Means per utterance: words (tokens that are not punctuation), SCONJ and CCONJ tokens, the depth "
        "of the dependency tree, and the mean distance between a token and its head."
    )
    return table


def dropped_table(select_stats: Mapping[str, Any], gamma_stats: Mapping[str, Any] | None) -> Table:
    table = Table("dropped", "What the filters removed and why", ["stage", "unit", "reason", "count"])
    stage_of = {r: s for s, reasons in SELECT_MENTION_REASONS.items() for r in reasons}
    for unit in ("utterances", "mentions", "clusters"):
        for reason, count in select_stats["dropped"][unit].items():
            stage = "beta1" if unit == "utterances" else "beta3" if unit == "clusters" else stage_of.get(reason, "")
            table.rows.append([stage, unit, reason, count])
    if gamma_stats:
        for unit in ("utterances", "mentions"):
            for reason, count in gamma_stats["dropped"][unit].items():
                table.rows.append(["gamma", unit, reason, count])
    return table


def agreement_audit_table(delta: Sequence[RefinedUtterance]) -> Table:
    table = Table(
        "agreement_audit",
        "Agreement audit: placeholders against their Italian nouns, subjects against their predicates (δ)",
        ["measure", "count", "out of", "%"],
    )
    for measure, count, total in audit_rows(agreement_stats(delta)):
        table.rows.append([measure, count, total, pct(count, total)])
    table.note = (
        "Placeholders: each mention whose Italian root is a NOUN, the class its placeholder was drawn "
        "from against the root's Gender and Number (a coordination is plural, feminine only if every "
        "conjunct is); the Italian agrees with the placeholder, so a mismatch risks a wrong agreement. "
        "Clashes: a subject (nsubj, nsubj:pass) and its adjective or participle predicate under essere "
        "(cop, aux, aux:pass) that differ in gender or number. From the δ parse "
        "(coref_transfer.audit); the same counts are in the refine stage's stats.json."
    )
    return table


def agreement_examples_table(delta: Sequence[RefinedUtterance], limit: int = 10) -> Table:
    table = Table(
        "agreement_examples",
        f"Agreement audit: the first {limit} subject–predicate clashes (δ)",
        ["utterance", "subject", "predicate", "subject features", "predicate features", "differ", "text"],
    )
    for c in clash_examples(delta, limit):
        table.rows.append(
            [
                c.utterance_id,
                c.subject,
                c.predicate,
                c.subject_agreement.describe(),
                c.predicate_agreement.describe(),
                ", ".join(c.features),
                c.text,
            ]
        )
    table.note = "In the order of the δ table; features as gender and number (? = the parser gave none)."
    return table


def table17(agreement: Mapping[str, Any] | None) -> Table:
    table = Table(
        "table17",
        "Table 17: annotator agreement per readability class",
        [
            "class",
            "items",
            "grammatical: observed",
            "grammatical: Fleiss' κ",
            "acceptable: observed",
            "acceptable: Fleiss' κ",
        ],
    )
    if not agreement:
        table.note = "No ratings imported yet: build the kit (`snakemake humaneval`), collect the raters' CSVs, set report.ratings."
        return table
    groups = [*agreement["classes"].items(), ("all", agreement["overall"])]
    for cls, values in groups:
        g, a = values["grammatical"], values["acceptable"]
        table.rows.append(
            [
                cls,
                values["items"],
                g["observed_agreement"],
                g["fleiss_kappa"],
                a["observed_agreement"],
                a["fleiss_kappa"],
            ]
        )
    table.note = "Observed agreement: share of items on which all raters agree; κ: Fleiss (1971). Paper: 0.78 and 0.73."
    return table


def figure(name: str, title: str, rows: Sequence[SelectedUtterance], folder: Path) -> list[Path]:
    """Histograms of tokens and mentions per utterance, as PNG and SVG (deterministic)."""
    from coref_transfer.figures import pyplot, save_figure

    plt = pyplot()
    tokens = [len(r.tokens) for r in rows]
    mentions = [len(r.mentions) for r in rows]
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.4))
    axes[0].hist(tokens, bins=range(max(tokens, default=1) + 2), color="#4477aa")
    axes[0].set(xlabel="tokens per utterance", ylabel="utterances")
    axes[1].hist(mentions, bins=range(max(mentions, default=1) + 2), color="#cc6677")
    axes[1].set(xlabel="mentions per utterance", ylabel="utterances")
    fig.suptitle(title)
    fig.tight_layout()
    return save_figure(fig, folder, name)


def build_report(
    select_dir: Path,
    translate_dir: Path | None,
    refine_dir: Path,
    out: Path,
    agreement: Mapping[str, Any] | None = None,
) -> list[Path]:
    """Every table and figure into `out`, plus `index.md` with all tables."""
    utterances = read_records(select_dir / "utterances.parquet", "utterances")
    beta3 = read_records(select_dir / "beta3.parquet", "beta3")
    delta = read_records(refine_dir / "delta.parquet", "delta")
    select_stats = json.loads((select_dir / "stats.json").read_text())
    gamma_stats = json.loads((translate_dir / "stats.json").read_text()) if translate_dir else None
    delta_stats = json.loads((refine_dir / "stats.json").read_text())
    tables = [
        table2(utterances, delta),
        table9(delta, beta3),
        table15(delta, delta_stats),
        table16(utterances, delta),
        table17(agreement),
        table18(delta),
        dropped_table(select_stats, gamma_stats),
        agreement_audit_table(delta),
        agreement_examples_table(delta),
    ]
    written: list[Path] = []
    for table in tables:
        written += table.write(out)
    written += figure("figure2", "Figure 2: tokens and mentions per utterance, source (α input)", utterances, out)
    written += figure("figure8", "Figure 8: tokens and mentions per utterance, β3", beta3, out)
    index = "# Tables and figures\n\n" + "\n".join(t.markdown() for t in tables)
    index += "\n![Figure 2](figure2.png)\n\n![Figure 8](figure8.png)\n"
    atomic_write_text(out / "index.md", index)
    written.append(out / "index.md")
    return written
