"""Stage accounting: what every `stats.json` holds, the one check of it, its sum and its summary.

Every stage accounts for every unit it received: kept, or dropped with one
named reason. Its `stats.json` has

- `input`: what the stage received (select: what it read);
- one count block per stage label of the paper, the last one being what the
  stage keeps (`KEPT_LABEL`): select writes `alpha`, `beta1`, `beta2`,
  `beta3`; translate `gamma`; refine `delta`;
- `dropped`: per unit, per reason, how many went (refine drops nothing);
- the stage's own extras (select `anomalies`, `classes`, `in_place`, `paper_reasons` (the joint
  method's kept mentions the paper's filters would drop, by reason), `roles`
  (kept pronoun mentions by English role, `lang.en.pronoun_role`), `etypes`
  and `etype_sources` (kept chains by CorefUD entity type and by why they have
  it, `entity_types`; `etype_markdown` adds each type's share), translate
  `classes`, `class_sources`, `italian_analysis`, `class_changes` (step 2 of
  the classes), `attempts`, `translation` and `possessives` (how each
  possessive pronoun was put back, `translate.possessive`), `mention_sources`
  (each mention's Italian from its sentence or alone, the fallbacks' reasons,
  `translate.mention_texts`) and `articles` (what resolution did to articles
  and prepositions, `lang.it.determiners`), refine `rules` and `agreement`, the
  agreement audit's counts of `coref_transfer.audit`).

`check_accounting` proves input = kept + dropped for the units a stage
accounts for (`ACCOUNTED_UNITS`); every stage runs it on its own stats and
`merge` on the summed ones. The reasons are defined here, once, in the order
stats.json lists them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from coref_transfer.audit import audit_rows
from coref_transfer.entity_types import ETYPE_SOURCES, ETYPES
from coref_transfer.errors import CorefTransferError
from coref_transfer.model import LINK_REASONS, UNPLACED_REASONS

STAGES = ("select", "translate", "refine")
"""The stages whose stats.json this module describes, in pipeline order."""

SELECT_LABELS = ("alpha", "beta1", "beta2", "beta3")
"""The paper's stage labels of the select stage's filters, in order."""
SELECT_RANK = {label: rank for rank, label in enumerate(SELECT_LABELS)}

KEPT_LABEL = {"select": "beta3", "translate": "gamma", "refine": "delta"}
"""The count block of what each stage keeps (the paper's label of its last step)."""

ACCOUNTED_UNITS = {
    "select": ("utterances", "mentions", "clusters"),
    "translate": ("utterances", "mentions"),
    "refine": ("utterances",),
}

SELECT_UTTERANCE_REASONS = ("no_verb", "too_short", "too_long")
# fmt: off
SELECT_MENTION_REASONS = {
    "alpha": ("nested", "crossing", "duplicate_span", "duplicate_mention", *UNPLACED_REASONS),
    "beta1": SELECT_UTTERANCE_REASONS,
    "beta2": (
        "contains_verb", "first_second_person", "other_pronoun", "numeral", "verb_root", "wh_word", "other_root",
        "negative", "quantifier", "reciprocal", "reflexive", "self_other", *LINK_REASONS.values(),
    ),
    "beta3": ("cluster_too_small", "cluster_no_noun"),
}
# fmt: on
"""Why select drops a mention, per paper label (a mention lost with its
utterance carries the utterance's reason; with its cluster, `cluster_` + the
cluster's). A CorefUD mention no span can hold (`model.UNPLACED_REASONS`:
discontinuous, or a zero on an empty node) is dropped at α with that reason; one
whose CorefUD link OntoNotes does not annotate (`model.LINK_REASONS`:
predicative, appositive) at β2."""
SELECT_CLUSTER_REASONS = ("too_small", "no_noun")
PAPER_REASONS = ("nested", *SELECT_UTTERANCE_REASONS, *SELECT_MENTION_REASONS["beta2"][: -len(LINK_REASONS)])
"""The paper's reasons the joint method keeps a mention despite (select's `paper_reasons`, `docs/methods.md`):
α's nesting, β1's utterance filter, β2's root filter and what no placeholder can stand for."""

# fmt: off
TAG_REASONS = (
    "tag_missing", "tag_unpaired", "tag_repeated", "tag_crossing", "tag_nesting",
    "tag_empty", "tag_no_word", "tag_too_long", "tag_moved", "tag_disputed", "too_many_mentions",
)
# fmt: on
"""Why the joint method's tags give a mention no span (`translate.marked.tag_ranges` finds the first
five, `translate.projection` the next four, word alignment `tag_disputed`; `docs/methods.md`)."""
ALIGN_REASONS = ("align_none", "align_head", "align_gap", "align_too_long", "align_crossing", "align_word_class")
"""Why word alignment gives a mention whose tags were unsound no span either (`translate.align.project`)."""
TRANSLATE_UTTERANCE_REASONS = ("placeholder_lost", "placeholders_exhausted", "empty_translation")
TRANSLATE_MENTION_REASONS = (
    "placeholder_lost",
    "placeholders_exhausted",
    "span_misaligned",
    "words_not_found",
    "self_form_missing",
    "self_form_repeated",
    *TAG_REASONS,
    *ALIGN_REASONS,
    "empty_translation",
)

UNITS = ("utterances", "mentions", "clusters")
"""What the stages account for, in the order summaries list them."""
COUNTS = ("documents", "parts", "utterances", "tokens", "mentions", "clusters", "refined_utterances", "changes")
"""The count keys of the blocks, in the order summaries list them."""


def stage_of(stats: Mapping[str, Any]) -> str:
    """Which stage wrote a stats.json: the one whose kept block it has.

    Raises:
        CorefTransferError: none or several stages match (not a stats.json of this project).
    """
    found = [stage for stage, label in KEPT_LABEL.items() if isinstance(stats, Mapping) and label in stats]
    if len(found) != 1 or "input" not in stats:
        raise CorefTransferError(
            "not a stats.json of select, translate or refine: expected 'input' and one of "
            + ", ".join(f"'{label}' ({stage})" for stage, label in KEPT_LABEL.items())
        )
    return found[0]


def check_accounting(stats: Mapping[str, Any], stage: str | None = None) -> None:
    """Input = kept + dropped for every unit `stage` accounts for (`stage_of` when None).

    Raises:
        CorefTransferError: if anything was lost (a bug, never bad input).
    """
    stage = stage or stage_of(stats)
    kept_label = KEPT_LABEL[stage]
    for unit in ACCOUNTED_UNITS[stage]:
        received = stats["input"][unit]
        kept = stats[kept_label][unit]
        gone = sum(stats.get("dropped", {}).get(unit, {}).values())
        if received != kept + gone:
            raise CorefTransferError(
                f"{stage} accounting error: {received} {unit} received, {kept} kept ({kept_label}) + {gone} dropped"
            )


def sum_stats(items: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Add stats dicts key by key (keys missing somewhere count as 0).

    Documents never span files or partitions, so per-file and per-partition
    stats add up to a run's stats.
    """
    out: dict[str, Any] = {}
    for item in items:
        for key, value in item.items():
            if isinstance(value, Mapping):
                out[key] = sum_stats([out.get(key, {}), value])
            else:
                out[key] = out.get(key, 0) + value
    if "classes" in out:
        out["classes"] = dict(sorted(out["classes"].items()))
    return out


def _count_table(stats: Mapping[str, Any], labels: Iterable[str]) -> list[str]:
    """One row per count block, one column per count key (`COUNTS` order; – where a block lacks it)."""
    labels = list(labels)
    present = {k for label in labels for k in stats[label]}
    keys = [k for k in COUNTS if k in present] + sorted(present - set(COUNTS))
    lines = ["| stage | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for label in labels:
        cells = [f"{stats[label][k]:,}" if k in stats[label] else "–" for k in keys]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def etype_markdown(stats: Mapping[str, Any]) -> list[str]:
    """Select's kept chains by CorefUD entity type, each type's share of the non-person chains, and
    the share of non-person chains typed other than `other`; then why each chain has its type."""
    etypes, sources = stats["etypes"], stats.get("etype_sources", {})
    things = sum(n for etype, n in etypes.items() if etype != "person")
    typed = things - etypes.get("other", 0)

    def share(n: int) -> str:
        return f"{100 * n / things:.1f}%" if things else "–"

    lines = ["| CorefUD entity type | chains | of the non-person chains |", "|---|---|---|"]
    for etype in _in_order(etypes, ETYPES):
        lines.append(f"| {etype} | {etypes[etype]:,} | {share(etypes[etype]) if etype != 'person' else '–'} |")
    lines.append(f"| non-person, typed other than `other` | {typed:,} of {things:,} | {share(typed)} |")
    if sources:
        lines += ["", "| entity type from | chains |", "|---|---|"]
        lines += [f"| {source} | {sources[source]:,} |" for source in _in_order(sources, ETYPE_SOURCES)]
    return lines


def _in_order(counts: Mapping[str, Any], order: Iterable[str]) -> list[str]:
    """The keys of `counts` in `order` (stats.json sorts them), any others after, sorted."""
    order = list(order)
    return [k for k in order if k in counts] + sorted(set(counts) - set(order))


def stats_markdown(stats: Mapping[str, Any]) -> str:
    """A stats.json of any stage as Markdown: counts per stage label, every drop reason, the stage's extras."""
    stage = stage_of(stats)
    labels = ("input", *SELECT_LABELS) if stage == "select" else ("input", KEPT_LABEL[stage])
    lines = _count_table(stats, labels)
    if stats.get("dropped"):
        lines += ["", "| dropped | reason | count |", "|---|---|---|"]
        for unit in (u for u in UNITS if u in stats["dropped"]):
            for reason, count in stats["dropped"][unit].items():
                lines.append(f"| {unit} | {reason} | {count:,} |")
    if stats.get("classes"):
        lines += ["", "| class (type/gender/number) | clusters |", "|---|---|"]
        lines += [f"| {name} | {count:,} |" for name, count in stats["classes"].items()]
    if stats.get("etypes"):
        lines += ["", *etype_markdown(stats)]
    if any(stats.get("paper_reasons", {}).values()):
        lines += ["", "| kept by the joint method, dropped by the paper's filters (reason) | mentions |", "|---|---|"]
        lines += [f"| {key} | {count:,} |" for key, count in stats["paper_reasons"].items() if count]
    if stats.get("in_place"):
        lines += ["", "| kept as words, no placeholder | mentions |", "|---|---|"]
        lines += [f"| {key} | {count:,} |" for key, count in stats["in_place"].items()]
    if stats.get("roles"):
        lines += ["", "| pronoun role in the English | kept mentions |", "|---|---|"]
        lines += [f"| {key} | {count:,} |" for key, count in stats["roles"].items()]
    if stats.get("class_sources"):
        lines += ["", "| class value from | type | gender | number |", "|---|---|---|---|"]
        sources = stats["class_sources"]
        for source in sorted({s for counts in sources.values() for s in counts}):
            cells = [f"{sources.get(a, {}).get(source, 0):,}" for a in ("type", "gender", "number")]
            lines.append(f"| {source} | " + " | ".join(cells) + " |")
    if stats.get("italian_analysis"):
        lines += ["", "| the mentions' Italian | mentions |", "|---|---|"]
        lines += [f"| {key} | {count:,} |" for key, count in stats["italian_analysis"].items()]
    if stats.get("class_changes"):
        lines += ["", "| changed from select's class | mentions |", "|---|---|"]
        lines += [f"| {key} | {count:,} |" for key, count in stats["class_changes"].items()]
    if stats.get("attempts"):
        lines += ["", "| attempt | utterances kept |", "|---|---|"]
        lines += [f"| {attempt} | {count:,} |" for attempt, count in stats["attempts"].items()]
    if stats.get("possessives"):
        block = stats["possessives"]
        lines += ["", "| possessive pronouns put back | count |", "|---|---|"]
        lines += [f"| {key} | {value:,} |" for key, value in block.items() if not isinstance(value, Mapping)]
        lines += [f"| fallback: {key} | {value:,} |" for key, value in block.get("fallback", {}).items()]
    if stats.get("mention_sources"):
        block = stats["mention_sources"]
        lines += ["", "| the mentions' Italian from | count |", "|---|---|"]
        lines += [f"| {key} | {value:,} |" for key, value in block.items() if not isinstance(value, Mapping)]
        lines += [f"| fallback: {key} | {value:,} |" for key, value in block.get("fallbacks", {}).items()]
        refused = block.get("alignment_refused", {}).items()
        lines += [f"| alignment refused: {key} | {value:,} |" for key, value in refused]
    if stats.get("articles"):
        lines += ["", "| articles and prepositions at resolution | mentions |", "|---|---|"]
        lines += [f"| {key} | {value:,} |" for key, value in stats["articles"].items()]
    if stats.get("translation"):
        lines += ["", "| translation | segments |", "|---|---|"]
        lines += [f"| {key} | {value:,} |" for key, value in stats["translation"].items()]
    for key, what in (("methods", "utterances' Italian from the method"), ("span_sources", "mention spans from")):
        if stats.get(key):
            lines += ["", f"| {what} | count |", "|---|---|"]
            lines += [f"| {name} | {value:,} |" for name, value in stats[key].items()]
    if stats.get("tags"):
        tags = stats["tags"]
        lines += ["", "| the joint method's tags | count |", "|---|---|"]
        lines += [f"| {key} | {value:,} |" for key, value in tags.items() if not isinstance(value, Mapping)]
        lines += [f"| unsound: {key} | {value:,} |" for key, value in tags.get("unsound", {}).items()]
    for key, which in (("rules", "rule"), ("joint_rules", "rule on the joint method's Italian")):
        if not stats.get(key):
            continue
        lines += ["", f"| {which} | applied | skipped (reason: count) |", "|---|---|---|"]
        for rule, counts in stats[key].items():
            skipped = ", ".join(f"{reason}: {n:,}" for reason, n in counts["skipped"].items()) or "–"
            lines.append(f"| {rule} | {counts['applied']:,} | {skipped} |")
    if stats.get("agreement"):
        lines += ["", "| agreement audit | count | out of | % |", "|---|---|---|---|"]
        for measure, count, total in audit_rows(stats["agreement"]):
            share = f"{100 * count / total:.1f}" if total else "–"
            lines.append(f"| {measure} | {count:,} | {total:,} | {share} |")
    return "\n".join(lines) + "\n"
