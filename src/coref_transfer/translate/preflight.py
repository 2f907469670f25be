"""Preflight: every segment the translate stage would send, flagged, before any model runs.

`coref-transfer preflight` reads a select folder (`beta3.parquet`) and writes
what γ would send to the translator. With the joint method (`method: joint`,
`translate.joint`) that is one segment per utterance, every mention tagged
(kind `joint`; the utterances whose tags come back unsound go down the
placeholder path, which no preflight can know). With the placeholder method,
first step (a)'s segments — each
utterance with its mentions tagged (`translate.mention_context: sentence`;
the mentions whose tags do not survive are sent alone later, which no
preflight can know) or each mention's text alone (`alone`); the pronouns the
table gives are not sent —, then each utterance with its placeholders
(attempt 1). No model and no parser are needed: the
placeholders are drawn from select's classes, so after step 2 of the classes
(`translate.italian_evidence`) a name may differ, never where it stands or
what the rest of the segment says. A user reads the summary before spending
GPU hours; the flags say what to look at:

| flag | segments | what | example |
|---|---|---|---|
| `split_contraction`, `spaced_quote`, `misattached_quote`, `spaced_punctuation`, `spaced_bracket`, `ptb_symbol` | all | a detokenisation defect (`lang.en.detokenize.detokenization_defects`) | `Elisa has n’t`, `" Can I help you?"` |
| `unbalanced_quote` | all | an odd number of `"`, or unequal “ and ” (real text: a quotation that runs over several sentences) | `"And now you're different.` |
| `placeholder_before_name` | utterances | a placeholder directly followed by a proper noun, which it may be part of | `the Gino Air Force` |
| `name_for_quantifier` | utterances | a name stands for a quantifier, negative, reciprocal or reflexive (`lang.en.quantifiers`) | `the bunch that Gino picked` |
| `name_for_time` | utterances | a name stands for a date, a time or an amount (a DATE, TIME, MONEY… named entity, a month or weekday; select keeps these as words, so this counts what slips through) | `between June and Pierpaolo` |
| `contraction_after_placeholder` | utterances | a contracted verb left after a placeholder (`lang.en.contractions` writes it in full), which a translator reads as a possessive | `Lamberto's what Ciro was` |
| `too_many_tags` | marked, joint | more mentions than tag letters (26): the rest go alone (joint: get no span) | |
| `long_segment` | all | more than `LONG_SEGMENT_WORDS` words | |

Outputs: `segments.tsv` (kind, document, part, sentence, flags, segment;
one row per segment in the order γ sends them), `preflight.json` (counts),
`preflight.md` (the summary, with examples of each flag) and `manifest.json`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from coref_transfer.lang.en.contractions import is_contraction
from coref_transfer.lang.en.detokenize import DEFECT_NAMES, detokenization_defects
from coref_transfer.lang.en.quantifiers import quantifier_kind
from coref_transfer.lang.en.tags import PROPER_TAGS
from coref_transfer.lang.en.time_words import time_reason
from coref_transfer.records import SelectedUtterance
from coref_transfer.translate.joint import joint_segments
from coref_transfer.translate.mention_texts import marked_sources
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.replace import Slot, make_slots, replace, utterance_rng
from coref_transfer.translate.stage import Work, mention_sources

LONG_SEGMENT_WORDS = 60
"""Segments longer than this are flagged (β1 caps utterances at `select.max_tokens` tokens; mention texts are free)."""
DEFECT_FLAGS = DEFECT_NAMES
FLAGS = (
    *DEFECT_FLAGS,
    "unbalanced_quote",
    "placeholder_before_name",
    "name_for_quantifier",
    "name_for_time",
    "contraction_after_placeholder",
    "too_many_tags",
    "long_segment",
)
"""Every flag, in the order reports list them."""
EXAMPLES = 5
"""Examples of each flag in `preflight.md`."""
KINDS = ("joint", "marked", "mention", "utterance")
"""The kinds of segment (`Segment.kind`), in the order reports list them."""


@dataclass(frozen=True)
class Segment:
    """One segment γ would send."""

    kind: str
    """`joint` (the joint method: the utterance with every mention tagged), `marked` (step (a), the
    utterance with its mentions tagged), `mention` (step (a), a mention's text alone) or `utterance` (with
    its placeholders)."""
    doc_id: str
    part: int
    sentence: int
    text: str
    flags: tuple[str, ...]
    placeholders: int = 0


def preflight(
    utterances: Sequence[SelectedUtterance], inventory: Inventory, config: Mapping[str, Any]
) -> tuple[list[Segment], dict[str, Any]]:
    """The segments γ would send for select's kept utterances, flagged, and the counts.

    Args:
        config: the validated configuration (`translate` and `seed`).
    """
    if config["method"] == "joint":
        return _joint(utterances)
    work = [Work(i, u, make_slots(u)) for i, u in enumerate(utterances)]
    texts, pronouns = mention_sources(work, config["translate"]["pronoun_table"])
    treatment: Counter = Counter()
    if config["translate"]["mention_context"] == "sentence":
        sources = marked_sources(utterances, [w.slots for w in work], list(texts))
        segments = []
        for index, source in sources.items():
            u = utterances[index]
            flags = _text_flags(source.text) + (["too_many_tags"] if source.untagged else [])
            segments.append(Segment("marked", u.doc_id, u.part, u.sentence, source.text, tuple(flags)))
            treatment["in_sentence"] += len(source.slots)
            treatment["alone_no_tag_left"] += len(source.untagged)
    else:
        segments = [
            Segment(
                "mention",
                work[key.utterance].utterance.doc_id,
                work[key.utterance].utterance.part,
                work[key.utterance].utterance.sentence,
                text,
                tuple(_text_flags(text)),
            )
            for key, text in texts.items()
        ]
        treatment["alone"] += len(texts)
    for w in work:
        u = w.utterance
        rng = utterance_rng(config["seed"], u.doc_id, u.part, u.sentence, 1)
        text, placeholders = replace(u.tokens, u.pos, w.slots, inventory, rng, set())
        flags = _text_flags(text) + _slot_flags(u, w.slots, placeholders, text)
        n = sum(ph is not None for ph in placeholders)
        segments.append(Segment("utterance", u.doc_id, u.part, u.sentence, text, tuple(flags), n))
        for slot in w.slots:
            if slot.kind == "in_place":
                treatment[f"kept_as_words_{slot.in_place}"] += 1
            else:
                treatment["placeholder"] += 1
    treatment["pronoun_table"] = len(pronouns)
    return segments, _summary(segments, treatment)


def _joint(utterances: Sequence[SelectedUtterance]) -> tuple[list[Segment], dict[str, Any]]:
    """The joint method's segments (`translate.joint.joint_segments`), flagged, and the counts."""
    segments = []
    treatment: Counter = Counter()
    for seg in joint_segments(utterances):
        u = seg.utterance
        untagged = seg.source.untagged if seg.source is not None else ()
        flags = _text_flags(seg.text) + (["too_many_tags"] if untagged else [])
        segments.append(Segment("joint", u.doc_id, u.part, u.sentence, seg.text, tuple(flags)))
        treatment["tagged"] += len(seg.source.slots) if seg.source is not None else 0
        treatment["no_tag_left"] += len(untagged)
    return segments, _summary(segments, treatment)


def _text_flags(text: str) -> list[str]:
    flags = detokenization_defects(text)
    if text.count('"') % 2 or text.count("“") != text.count("”"):
        flags.append("unbalanced_quote")
    if len(text.split()) > LONG_SEGMENT_WORDS:
        flags.append("long_segment")
    return flags


def _slot_flags(u: SelectedUtterance, slots: Sequence[Slot], placeholders: Sequence[object], sent: str) -> list[str]:
    """Flags of the placeholders' places, from the English tokens and tags and the segment `sent`."""
    flags: set[str] = set()
    covered = {i for s in slots for i in range(s.span.start, s.span.end + 1)}
    for slot, ph in zip(slots, placeholders):
        if ph is None:
            continue
        after = slot.span.end + 1
        before_name = after < len(u.pos) and u.pos[after] in PROPER_TAGS and after not in covered
        if before_name and slot.kind == "plain":  # "Gino's New Culture": the clitic parts them
            flags.add("placeholder_before_name")
        m = u.mentions[slot.index]
        start, end = slot.span.start, slot.span.end
        if m.root is not None and quantifier_kind(u.tokens[start : end + 1], u.pos[start : end + 1], m.root - start):
            flags.add("name_for_quantifier")
        if m.root is not None and time_reason(u.tokens, u.pos, m.root, u.entities):
            flags.add("name_for_time")
        if (
            slot.kind == "plain"
            and after < len(u.tokens)
            and is_contraction(u.tokens[after], u.pos[after])
            and re.search(re.escape(ph.source) + r"['’](?:s|d|ll|re|ve|m)\b", sent)  # type: ignore[attr-defined]
        ):
            flags.add("contraction_after_placeholder")
    return [f for f in FLAGS if f in flags]


def _summary(segments: Sequence[Segment], treatment: Counter) -> dict[str, Any]:
    out: dict[str, Any] = {"segments": {}, "flags": {}, "mentions": dict(sorted(treatment.items()))}
    for kind in KINDS:
        mine = [s for s in segments if s.kind == kind]
        out["segments"][kind] = {
            "segments": len(mine),
            "unique": len({s.text for s in mine}),
            "with_placeholders": sum(s.placeholders > 0 for s in mine),
            "flagged": sum(bool(s.flags) for s in mine),
        }
        out["flags"][kind] = {f: sum(f in s.flags for s in mine) for f in FLAGS}
    out["segments"]["all"] = {
        k: sum(v[k] for v in out["segments"].values()) for k in ("segments", "with_placeholders", "flagged")
    }
    out["segments"]["all"]["unique"] = len({s.text for s in segments})
    out["detokenisation_defects"] = sum(any(f in DEFECT_FLAGS for f in s.flags) for s in segments)
    return out


def segments_tsv(segments: Sequence[Segment]) -> str:
    """`segments.tsv`: a header, then kind, document, part, sentence, flags (comma-separated), segment.

    Written without quoting, so that a segment reads as it is sent: its
    tokens hold no whitespace, so no field holds a tab or a newline.
    """
    lines = ["kind\tdoc_id\tpart\tsentence\tflags\tsegment"]
    for s in segments:
        fields = (s.kind, s.doc_id, str(s.part), str(s.sentence), ",".join(s.flags), s.text)
        if any("\t" in f or "\n" in f for f in fields):
            raise ValueError(f"a tab or newline in a segment of {s.doc_id} sentence {s.sentence}: {s.text!r}")
        lines.append("\t".join(fields))
    return "\n".join(lines) + "\n"


def summary_markdown(segments: Sequence[Segment], summary: Mapping[str, Any]) -> str:
    """`preflight.md`: the counts, then up to `EXAMPLES` segments of each flag."""
    seg = summary["segments"]
    lines = [
        "# Preflight: what the translate stage would send",
        "",
        "| segments | sent | distinct | with placeholders | flagged |",
        "|---|---|---|---|---|",
    ]
    for kind, label in (
        ("joint", "utterances, every mention tagged (joint)"),
        ("marked", "marked sentences (step a)"),
        ("mention", "mention texts alone (step a)"),
        ("utterance", "utterances"),
        ("all", "all"),
    ):
        c = seg[kind]
        lines.append(
            f"| {label} | {c['segments']:,} | {c['unique']:,} | {c['with_placeholders']:,} | {c['flagged']:,} |"
        )
    lines += ["", f"Segments with a detokenisation defect: {summary['detokenisation_defects']:,}.", ""]
    lines += ["| mentions | count |", "|---|---|"]
    lines += [f"| {k} | {v:,} |" for k, v in summary["mentions"].items()]
    lines += ["", "| flag | joint | marked sentences | mention texts | utterances |", "|---|---|---|---|---|"]
    for flag in FLAGS:
        f = summary["flags"]
        lines.append("| " + " | ".join([flag, *(f"{f[kind][flag]:,}" for kind in KINDS)]) + " |")
    for flag in FLAGS:
        hits = [s for s in segments if flag in s.flags][:EXAMPLES]
        if hits:
            lines += ["", f"## {flag}", ""]
            lines += [f"- `{s.doc_id}` part {s.part}, sentence {s.sentence}: {s.text}" for s in hits]
    return "\n".join(lines) + "\n"
