"""The joint method of the translate stage: translation and projection in one segment.

The paper replaces each mention by a placeholder name so that a translator
that sees a mention alone can still make the sentence agree with it. A
translator that keeps tags makes the agreement itself, in context, and
keeps every mention's place, nested ones included; measured on held-out
real English by one fresh reader, the tagged translation is grammatical
where the placeholder translation, resolved and refined, is not
(`docs/methods.md`). So this method (`method: joint`):

1. **Sends every utterance once**: its English with each mention select
   kept in a tag pair (`marked.mark`, nested: "<a>the mother of
   <b>John</b></a>"; a possessor's clitic stays outside, "<a>John</a>'s"),
   or, without a mention, as it is; all in one batch, to the model of the
   tagged sentences (`translate.marked_model`) when one is configured, else
   to the translate model.
2. **Reads the translation** (`projection.project`): tags removed, it is
   the utterance's Italian; each sound tag pair's words are its mention's
   span (`span_source` `tags`); an unsound one gets its reason
   (`projection.UNSOUND_REASONS`).
3. **Falls back to the paper's placeholders** for an utterance whose tags
   placed none of its mentions while some of them are ones the paper's
   filters keep (`paper_reason` null): those go down the paper's path
   (`stage.run_gamma`, the same configuration), and the Italian is the
   placeholder translation with them put back (`span_source`
   `placeholder`). An utterance whose tags placed at least one mention keeps
   its translator-made Italian: one lost tag costs one mention, not the
   sentence's agreement and its other mentions. If the placeholder path
   fails too, the utterance keeps the tagged translation's Italian and its
   mentions are dropped with their tag reasons. Word alignment, between the
   tags and the placeholders, is issue 37's.
4. **Estimates the classes again** from the Italian spans
   (`italian_evidence.italian_classes`, as the paper's method does from the
   mentions' Italian), for the refinement rules and the CorefUD entity
   types; `translate.italian_classes: false` keeps select's.

No utterance is dropped: one whose translation is empty goes with
`empty_translation`, its mentions with it. Every mention ends with a span
or one reason; `stats.json` counts which method gave each utterance's
Italian (`methods`), where each span came from (`span_sources`) and why
tags gave none (`tags.unsound`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as with_values
from typing import Any

from coref_transfer.classes import MentionClass
from coref_transfer.lang.en.detokenize import detokenize
from coref_transfer.lang.it.noun_phrase import Lexicon
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.records import Attempt, SelectedUtterance, TranslatedMention, TranslatedUtterance
from coref_transfer.stats import ALIGN_REASONS, TRANSLATE_MENTION_REASONS, TRANSLATE_UTTERANCE_REASONS
from coref_transfer.translate.align.base import Aligner
from coref_transfer.translate.align.project import disputed, links_with_names, parts_of_speech, project_span
from coref_transfer.translate.alone_match import OUTCOMES, match_alone
from coref_transfer.translate.italian_evidence import MentionKey, italian_classes
from coref_transfer.translate.marked import MarkedSource, mark
from coref_transfer.translate.mention_texts import Translator, tag_spans
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.projection import UNSOUND_REASONS, Projection, TaggedMention, project, tagged_mentions
from coref_transfer.translate.replace import Slot, make_slots
from coref_transfer.translate.stage import run_gamma

SPAN_SOURCES = ("tags", "alignment", "alone_match", "placeholder")
"""Where a mention's Italian span came from (`TranslatedMention.span_source`)."""
METHOD_OF_TEXT = ("joint", "placeholders")
"""Which method gave an utterance's Italian (`TranslatedUtterance.method`)."""


@dataclass
class JointSegment:
    """One utterance as the joint method sends it."""

    index: int
    utterance: SelectedUtterance
    slots: list[Slot]
    text: str
    """The English sent: tagged, or as it is when no mention was tagged."""
    source: MarkedSource | None = None
    """The tags (None: the utterance has no mention)."""
    projection: Projection | None = None
    translation: str = ""
    tag_failures: dict[int, str] = field(default_factory=dict)
    """Why each unsound mention's tags gave no span (`projection.UNSOUND_REASONS`), whatever alignment did."""


def joint_segments(utterances: Sequence[SelectedUtterance]) -> list[JointSegment]:
    """Every utterance's segment, in order (one per utterance)."""
    out = []
    for index, u in enumerate(utterances):
        slots = make_slots(u)
        source = mark(u.tokens, u.pos, tag_spans(slots, [s.index for s in slots]))
        text = source.text if source is not None else detokenize(u.tokens, u.pos)
        out.append(JointSegment(index, u, slots, text, source))
    return out


def fallback_utterances(segments: Sequence[JointSegment]) -> list[int]:
    """The utterances (their indexes) that go down the paper's path once their translations are read:
    tags placed none of their mentions, and the paper's filters keep some of them."""
    out = []
    for seg in segments:
        p = seg.projection
        if p is None or not seg.slots or p.spans or not p.tokens:
            continue
        if any(m.paper_reason is None for m in seg.utterance.mentions):
            out.append(seg.index)
    return out


def paper_subset(u: SelectedUtterance) -> tuple[SelectedUtterance, list[int]]:
    """The utterance with only the mentions the paper's filters keep, and their indexes in `u`."""
    keep = [i for i, m in enumerate(u.mentions) if m.paper_reason is None]
    return with_values(u, mentions=[u.mentions[i] for i in keep]), keep


def run_joint(
    utterances: Sequence[SelectedUtterance],
    service: Translator,
    inventory: Inventory,
    config: Mapping[str, Any],
    parser: ParserBackend | None = None,
    lexicon: Lexicon | None = None,
    progress: bool = False,
    marked_service: Translator | None = None,
    aligner: Aligner | None = None,
) -> tuple[list[TranslatedUtterance], dict[str, Any]]:
    """The joint method on the utterances select kept (the `beta3` table); see the module docstring.

    Args: as `stage.run_gamma`'s, and
        aligner: projects the mentions whose tags were unsound (`translate.align`; None: no alignment).
    Returns:
        (the `gamma` table's records, in the order of `utterances`; stats).
    """
    segments = joint_segments(utterances)
    outputs = (marked_service or service).translate([s.text for s in segments]) if segments else []
    alignment = read_translations(segments, outputs, aligner, parser)
    if aligner is not None:
        alignment["alone_match"] = match_unplaced(segments, service)
    classes = _classes(segments, utterances, config, parser, lexicon, progress)

    fallback = fallback_utterances(segments)
    paper: dict[int, tuple[TranslatedUtterance, list[int]]] = {}
    paper_stats: dict[str, Any] = {}
    if fallback:
        subsets = [paper_subset(utterances[i]) for i in fallback]
        records, paper_stats = run_gamma(
            [s for s, _ in subsets], service, inventory, config, parser, lexicon, progress, marked_service, aligner
        )
        for i, record, (_, kept) in zip(fallback, records, subsets):
            if record.dropped_at is None:
                paper[i] = (record, kept)
    out = [_record(seg, classes, paper.get(seg.index)) for seg in segments]
    stats = _stats(out, segments, fallback, paper_stats)
    stats["alignment"] = alignment
    return out, stats


def read_translations(
    segments: Sequence[JointSegment],
    outputs: Sequence[str],
    aligner: Aligner | None,
    parser: ParserBackend | None = None,
) -> dict[str, Any]:
    """Steps 2 and 3's first fallback: each segment's translation read (`projection.project`), then the
    mentions whose tags were unsound projected by alignment (`align_unsound`, whose stats it returns)."""
    for seg, output in zip(segments, outputs):
        seg.translation = output
        source = seg.source if seg.source is not None else MarkedSource("", ())
        seg.projection = project(output, source, tagged_mentions(seg.utterance, seg.slots))
        seg.tag_failures = dict(seg.projection.failures)
    return align_unsound(segments, aligner, parser)


def align_unsound(
    segments: Sequence[JointSegment], aligner: Aligner | None, parser: ParserBackend | None = None
) -> dict[str, Any]:
    """Step 3's first fallback: the mentions whose tags were unsound, projected by word alignment
    (`translate.align`). The aligner learns from every utterance of the partition and its translation,
    and only where some tag was unsound: a translator that keeps every tag costs nothing here. Once it has
    learnt, it also checks the tags that looked sound: a pair holding words the alignment links only to
    English words outside its mention (`align.project.disputed`: a translator that moves tags moves them
    past other words) is unsound too (`tag_disputed`), and its mention is projected like the others.

    Returns:
        the `alignment` block of stats.json: the pairs the aligner learnt from, its seconds, the mentions
        tried and projected, the tags it disputed, and why the others were not (`stats.ALIGN_REASONS`).
    """
    tagged = [s for s in segments if s.projection is not None and s.projection.tokens and s.source is not None]
    needs = [s for s in tagged if s.projection.failures]  # type: ignore[union-attr]
    unsound: Counter = Counter()
    block: dict[str, Any] = {"pairs": 0, "parallel_pairs": 0, "seconds": 0.0, "utterances": len(needs)}
    block.update({"mentions": 0, "projected": 0, "disputed": 0})
    if aligner is None or not needs:
        block["unsound"] = {r: 0 for r in ALIGN_REASONS}
        return block
    pairs = [(s.utterance.tokens, s.projection.tokens) for s in segments if s.projection and s.projection.tokens]
    block.update(aligner.fit(pairs))
    aligned = aligner.align([(s.utterance.tokens, s.projection.tokens) for s in tagged])  # type: ignore[union-attr]
    all_links = []
    for seg, links in zip(tagged, aligned):
        p, u = seg.projection, seg.utterance
        assert p is not None
        links = links_with_names(u.tokens, p.tokens, links)
        all_links.append(links)
        english = tag_spans(seg.slots, [s.index for s in seg.slots])
        for slot, span in list(p.spans.items()):
            if disputed(links, english[slot], span):
                del p.spans[slot]
                p.failures[slot] = seg.tag_failures[slot] = "tag_disputed"
                block["disputed"] += 1
    upos = _parts_of_speech(tagged, parser)  # once the disputes are known: their mentions are projected too
    for k, (seg, links) in enumerate(zip(tagged, all_links)):
        p, u = seg.projection, seg.utterance
        assert p is not None
        if not p.failures:
            continue
        english = tag_spans(seg.slots, [s.index for s in seg.slots])
        mentions = tagged_mentions(u, seg.slots)
        placed = {english[slot]: span for slot, span in p.spans.items()}
        for slot in sorted(p.failures, key=lambda k: (english[k][0], -english[k][1])):
            block["mentions"] += 1
            root = u.mentions[slot].root
            span, reason = project_span(u.tokens, p.tokens, links, english[slot], root, mentions[slot], placed, upos[k])
            if span is None:
                p.failures[slot] = reason  # type: ignore[assignment]
                unsound[reason] += 1
                continue
            del p.failures[slot]
            p.spans[slot] = placed[english[slot]] = span
            p.sources[slot] = "alignment"
            block["projected"] += 1
    block["utterances"] = sum(bool(s.tag_failures) for s in tagged)
    block["unsound"] = {r: unsound[r] for r in ALIGN_REASONS}
    return block


def match_unplaced(segments: Sequence[JointSegment], service: Translator) -> dict[str, int]:
    """Step 3's second fallback: each mention with a noun that neither its tags nor alignment placed, its
    English translated alone and looked for in the utterance's Italian (`translate.alone_match`); only in
    utterances whose tags placed some mention or alignment did, so that the paper's fallback (step 3)
    is left the utterances it is for. Returns the `alone_match` block of stats.json: the mentions looked
    for, and what came of them (`alone_match.OUTCOMES`)."""
    wanted: list[tuple[JointSegment, dict[int, TaggedMention], list[int]]] = []
    for seg in segments:
        p = seg.projection
        if p is None or not p.tokens or not p.failures or not p.spans:
            continue
        mentions = tagged_mentions(seg.utterance, seg.slots)
        slots = [slot for slot in sorted(p.failures) if mentions[slot].nominal]
        if slots:
            wanted.append((seg, mentions, slots))
    block = {"mentions": sum(len(slots) for *_, slots in wanted), **{o: 0 for o in OUTCOMES}}
    if not wanted:
        return block
    texts = sorted({s.text for seg, _, slots in wanted for s in seg.slots if s.index in slots})
    alone = dict(zip(texts, service.translate(texts)))
    for seg, mentions, slots in wanted:
        p = seg.projection
        assert p is not None
        english = tag_spans(seg.slots, [s.index for s in seg.slots])
        text = {s.index: s.text for s in seg.slots}
        for slot in slots:
            placed = {english[k]: span for k, span in p.spans.items()}
            span, outcome = match_alone(p.tokens, alone[text[slot]], english[slot], mentions[slot], placed)
            block[outcome] += 1
            if span is not None:
                del p.failures[slot]
                p.spans[slot] = span
                p.sources[slot] = "alone_match"
    return block


def _parts_of_speech(
    segments: Sequence[JointSegment], parser: ParserBackend | None
) -> list[list[tuple[str, str]] | None]:
    """Each segment's Italian words' parts of speech (`align.project.parts_of_speech`), for the edges of the
    spans alignment projects; None where no tag of the segment was unsound (nothing to project there)."""
    wanted = [k for k, s in enumerate(segments) if s.projection is not None and s.tag_failures]
    out: list[list[tuple[str, str]] | None] = [None] * len(segments)
    parsed = parts_of_speech(parser, [segments[k].projection.tokens for k in wanted])  # type: ignore[union-attr]
    for k, words in zip(wanted, parsed or []):
        out[k] = words
    return out


def _classes(
    segments: Sequence[JointSegment],
    utterances: Sequence[SelectedUtterance],
    config: Mapping[str, Any],
    parser: ParserBackend | None,
    lexicon: Lexicon | None,
    progress: bool,
) -> dict[MentionKey, MentionClass]:
    """Each mention's class: select's, or estimated again with its Italian span (`translate.italian_classes`)."""
    select_classes = {MentionKey(seg.index, k): m.cls for seg in segments for k, m in enumerate(seg.utterance.mentions)}
    if not config["translate"]["italian_classes"]:
        return select_classes  # type: ignore[return-value]
    if parser is None:
        raise ValueError("translate.italian_classes needs the Italian parser")
    texts: dict[MentionKey, str] = {}
    for seg in segments:
        p = seg.projection
        for slot in seg.slots:
            span = p.spans.get(slot.index) if p is not None else None
            pronoun = slot.kind == "possessive" or (
                slot.span.start == slot.span.end and seg.utterance.pos[slot.span.start] in ("PRP", "PRP$")
            )
            if span is not None and not pronoun:
                texts[MentionKey(seg.index, slot.index)] = p.span_text(span)  # type: ignore[union-attr]
    return italian_classes(utterances, texts, parser, lexicon, config, progress).classes


def _record(
    seg: JointSegment,
    classes: Mapping[MentionKey, MentionClass],
    paper: tuple[TranslatedUtterance, list[int]] | None,
) -> TranslatedUtterance:
    """The `gamma` row of one utterance: the joint reading, or the paper's path's for a fallback."""
    u, p = seg.utterance, seg.projection
    assert p is not None
    joint_attempt = Attempt(1, seg.text, seg.translation, [], None)
    empty = not p.tokens
    placed_by_paper = {}
    if paper is not None:
        record, kept = paper
        placed_by_paper = {index: m for index, m in zip(kept, record.mentions)}
        joint_attempt = Attempt(1, seg.text, seg.translation, [], "tags_unsound")
    mentions = []
    for slot in seg.slots:
        m = u.mentions[slot.index]
        key = MentionKey(seg.index, slot.index)
        if slot.index in placed_by_paper:
            mentions.append(placed_by_paper[slot.index])
            continue
        span = None if paper is not None or empty else p.spans.get(slot.index)
        reason = None
        if span is None:
            reason = "empty_translation" if empty else p.failures.get(slot.index, "tags_unsound")
        mentions.append(
            TranslatedMention(
                cluster_id=m.cluster_id,
                span=span,
                source_span=m.span,
                kind=slot.kind,
                text_en=slot.text,
                text_it=p.span_text(span) if span is not None else None,
                placeholder=None,
                cls=classes.get(key, m.cls),
                dropped_at="gamma" if span is None else None,
                reason=reason,
                role=m.role,
                text_source="sentence" if span is not None else None,
                span_source=p.sources.get(slot.index, "tags") if span is not None else None,
            )
        )
    common = {
        "partition": u.partition,
        "doc_id": u.doc_id,
        "part": u.part,
        "sentence": u.sentence,
        "speaker": u.speaker,
        "source_tokens": list(u.tokens),
        "source_text": detokenize(u.tokens, u.pos),
        "mentions": mentions,
    }
    if paper is not None:
        record = paper[0]
        audit = [joint_attempt] + [with_values(a, attempt=a.attempt + 1) for a in record.audit]
        return TranslatedUtterance(
            **common,
            replaced=record.replaced,
            translation=record.translation,
            text=record.text,
            tokens=record.tokens,
            attempts=len(audit),
            audit=audit,
            dropped_at=None,
            reason=None,
            marked=record.marked,
            marked_translation=record.marked_translation,
            method="placeholders",
        )
    return TranslatedUtterance(
        **common,
        replaced=seg.text,
        translation=seg.translation,
        text=None if empty else p.text,
        tokens=list(p.tokens),
        attempts=1,
        audit=[joint_attempt],
        dropped_at="gamma" if empty else None,
        reason="empty_translation" if empty else None,
        method="joint",
    )


def _stats(
    records: Sequence[TranslatedUtterance],
    segments: Sequence[JointSegment],
    fallback: Sequence[int],
    paper_stats: Mapping[str, Any],
) -> dict[str, Any]:
    """γ's share of stats.json for the joint method: input (what β3 handed over) = kept + dropped."""
    dropped_utt: Counter = Counter(r.reason for r in records if r.reason)
    dropped_men: Counter = Counter()
    methods: Counter = Counter()
    span_sources: Counter = Counter()
    unsound: Counter = Counter()
    clusters = set()
    tokens = kept = 0
    for r in records:
        if r.dropped_at is None:
            methods[r.method] += 1
            tokens += len(r.tokens)
        for m in r.mentions:
            if m.span is None:
                dropped_men[m.reason] += 1
            else:
                kept += 1
                span_sources[m.span_source] += 1
                clusters.add((r.doc_id, r.part, m.cluster_id))
    for seg in segments:
        unsound.update(seg.tag_failures.values())
    unknown = sum(seg.projection.unknown_tags for seg in segments if seg.projection is not None)
    tagged = sum(seg.source is not None for seg in segments)
    return {
        "input": {"utterances": len(records), "mentions": sum(len(r.mentions) for r in records)},
        "gamma": {
            "utterances": len(records) - sum(dropped_utt.values()),
            "tokens": tokens,
            "mentions": kept,
            "clusters": len(clusters),
        },
        "dropped": {
            "utterances": {r: dropped_utt[r] for r in TRANSLATE_UTTERANCE_REASONS},
            "mentions": {r: dropped_men[r] for r in TRANSLATE_MENTION_REASONS},
        },
        "methods": {m: methods[m] for m in METHOD_OF_TEXT},
        "span_sources": {s: span_sources[s] for s in SPAN_SOURCES},
        "tags": {
            "segments": len(segments),
            "tagged_segments": tagged,
            "mentions_tagged": sum(len(seg.source.slots) for seg in segments if seg.source is not None),
            "unsound": {r: unsound[r] for r in UNSOUND_REASONS},
            "unknown_tags": unknown,
            "fallback_utterances": len(fallback),
        },
        "placeholder_fallback": dict(paper_stats),
    }
