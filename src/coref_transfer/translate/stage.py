"""Stage γ over a table of β3 utterances, in the paper's order.

(a) Every noun mention's Italian is found: in its sentence, translated
with the mentions tagged (`translate.marked`: "<a>The foundation</a> was
created" → "<a>La fondazione</a> è stata creata"), or, the paper's way and
the fallback, its own text translated alone (`translate.mention_texts`);
(b) those Italian texts are parsed and (c) each cluster's
class is estimated again with their gender and number
(`translate.italian_evidence`, step 2 of the classes); pronoun mentions then
take their Italian form from the class, by table (`translate.pronouns`);
(d) each mention gives way to a placeholder drawn from its class and (e) the
replaced utterances are translated; (f) each mention's Italian from (a) is
put back where its placeholder landed (no mention is translated twice).

All utterances of a partition go through each attempt together, so the
model sees large batches: attempt 1 translates every replaced utterance;
those whose placeholders did not survive exactly once are replaced again
with fresh placeholders (never one already tried for that utterance) and
retranslated, up to `max_attempts`; what never passes is dropped with
`placeholder_lost`, not emitted half right.

Every utterance keeps an audit: per attempt, the English sent, the Italian
received, the placeholders used and why the attempt failed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as with_values
from typing import Any

from coref_transfer.classes import MentionClass
from coref_transfer.lang.en.bare_nouns import bare_kind
from coref_transfer.lang.en.detokenize import detokenize
from coref_transfer.lang.it.determiners import ACTIONS, SKIPS, Context, name_keeps_article
from coref_transfer.lang.it.noun_phrase import Lexicon
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.records import Attempt, SelectedUtterance, TranslatedMention, TranslatedUtterance
from coref_transfer.stats import TRANSLATE_MENTION_REASONS, TRANSLATE_UTTERANCE_REASONS
from coref_transfer.translate.align.base import Aligner
from coref_transfer.translate.italian_evidence import ClassUpdate, MentionKey, entity_label, italian_classes
from coref_transfer.translate.mention_texts import MentionTexts, alone_fallbacks, marked_sources, mention_texts
from coref_transfer.translate.mt.service import TranslationService
from coref_transfer.translate.placeholders.inventory import Inventory, Placeholder
from coref_transfer.translate.possessive import NounGender, PossessiveCounts, possessed_nouns
from coref_transfer.translate.pronouns import italian_pronoun
from coref_transfer.translate.replace import Slot, make_slots, replace, utterance_rng
from coref_transfer.translate.resolve import Resolved, resolve, survival
from coref_transfer.translate.self_forms import SELF_ROLES


@dataclass
class Work:
    """One utterance on its way through γ."""

    index: int
    """Position of the utterance in the partition's table."""
    utterance: SelectedUtterance
    slots: list[Slot]
    classes: list[MentionClass | None] = field(default_factory=list)
    """Each mention's class as placeholders are drawn (select's, or after step 2)."""
    audit: list[Attempt] = field(default_factory=list)
    placeholders: list[Placeholder | None] = field(default_factory=list)
    """Each slot's placeholder (None: the mention kept its words)."""
    source: str = ""
    translation: str = ""
    used: set[str] = field(default_factory=set)
    reason: str | None = None
    resolved: Resolved | None = None


def run_gamma(
    utterances: Sequence[SelectedUtterance],
    service: TranslationService,
    inventory: Inventory,
    config: Mapping[str, Any],
    parser: ParserBackend | None = None,
    lexicon: Lexicon | None = None,
    progress: bool = False,
    marked_service: TranslationService | None = None,
    aligner: Aligner | None = None,
) -> tuple[list[TranslatedUtterance], dict[str, Any]]:
    """Stage γ on the utterances select kept (the `beta3` table).

    Args:
        config: the validated configuration (the `translate`, `seed`,
            `classes` and `parser` sections).
        parser: the Italian parser, needed when `translate.italian_classes` is on.
        lexicon: the noun lexicon (`parser.lexicon`; None: none).
        marked_service: the service for the marked sentences (`translate.marked_model`; None: `service`).
        aligner: reads a mention whose tags were lost by word alignment (`translate.align`; None: alone).
    Returns:
        (the `gamma` table's records, stats).
    """
    translate_cfg, seed = config["translate"], config["seed"]
    work = [Work(i, u, make_slots(u), [m.cls for m in u.mentions]) for i, u in enumerate(utterances)]
    english, pronouns = mention_sources(work, translate_cfg["pronoun_table"])
    found = mention_texts(
        utterances,
        [w.slots for w in work],
        english,
        service,
        translate_cfg["mention_context"],
        marked_service,
        aligner,
        parser,
    )
    texts: dict[MentionKey, str] = dict(found.texts)
    update: ClassUpdate | None = None
    if translate_cfg["italian_classes"]:
        if parser is None:
            raise ValueError("translate.italian_classes needs the Italian parser")
        update = italian_classes(utterances, texts, parser, lexicon, config, progress)
        for w in work:
            w.classes = [update.classes[MentionKey(w.index, k)] for k in range(len(w.slots))]
            w.slots = [with_values(s, cls=_class_tuple(w.classes[s.index])) for s in w.slots]
    for key in pronouns:
        w = work[key.utterance]
        slot = w.slots[key.mention]
        start = slot.span.start
        texts[key] = italian_pronoun(w.utterance.tokens[start], w.utterance.pos[start], slot.cls)  # type: ignore[assignment]

    pending = list(work)
    attempts = Counter()
    for attempt in range(1, translate_cfg["max_attempts"] + 1):
        batch = []
        for w in pending:
            u = w.utterance
            rng = utterance_rng(seed, u.doc_id, u.part, u.sentence, attempt)
            try:
                w.source, w.placeholders = replace(u.tokens, u.pos, w.slots, inventory, rng, w.used)
            except LookupError:
                w.reason = "placeholders_exhausted"
                w.audit.append(Attempt(attempt, "", "", [], w.reason))
                continue
            for ph in w.placeholders:
                if ph is not None:
                    w.used.update(ph.tokens)
            batch.append(w)
        outputs = service.translate([w.source for w in batch]) if batch else []
        pending = []
        for w, translation in zip(batch, outputs):
            w.translation = translation
            failure, _ = survival(translation, w.placeholders)
            used = [ph.source for ph in w.placeholders if ph is not None]
            w.audit.append(Attempt(attempt, w.source, translation, used, failure))
            if failure:
                pending.append(w)
            else:
                attempts[attempt] += 1
        if not pending:
            break
    for w in pending:
        w.reason = "placeholder_lost"

    gender_of = NounGender(parser, lexicon)
    for w in work:
        if w.reason is None:
            italian = [texts[MentionKey(w.index, s.index)] for s in w.slots]
            possessed = possessed_nouns(w.utterance, w.slots)
            contexts = [_context(w, s, found, texts) for s in w.slots]
            w.resolved = resolve(w.translation, w.slots, w.placeholders, italian, possessed, gender_of, contexts)
    out = [_translated(w, texts, found) for w in work]
    stats = _stats(work, attempts)
    stats["mention_sources"] = found.counts()
    if update is not None:
        stats.update(update.counts)
    return out, stats


def _context(w: Work, slot: Slot, found: MentionTexts, texts_it: Mapping[MentionKey, str]) -> Context:
    """What `lang.it.determiners.fit` knows of one slot's mention (see `determiners.Context`)."""
    key = MentionKey(w.index, slot.index)
    tokens, pos = w.utterance.tokens, w.utterance.pos
    before = slot.span.start - 1
    placeholder = w.placeholders[slot.index] if w.placeholders else None
    label = entity_label(w.utterance, slot.index)
    return Context(
        source=found.sources.get(key, "table"),
        town=placeholder is not None and placeholder.cls[:2] == ("thing", "fem"),
        first_name=placeholder is not None and placeholder.cls[:2] != ("thing", "fem"),
        preposition_it=found.prepositions.get(key),
        preposition_fused=key in found.fused,
        person=label == "PERSON",
        organization=label == "ORG",
        name_article=name_keeps_article(slot.text, texts_it.get(key, "")),
        preposition_en=tokens[before].lower() if before >= 0 and pos[before] in ("IN", "TO") else None,
        bare=bare_kind(tokens, pos, slot.span.start, slot.span.end),
    )


def _class_tuple(cls: MentionClass) -> tuple[str, str, str]:
    return (cls.type, cls.gender, cls.number)


def mention_sources(work: Sequence[Work], pronoun_table: bool) -> tuple[dict[MentionKey, str], list[MentionKey]]:
    """Step (a)'s English: the text of every mention that is not a pronoun taken from the table.

    Returns:
        (English text per mention to translate, the pronoun mentions whose form
        the table gives once their class is final).
    """
    to_translate: dict[MentionKey, str] = {}
    pronouns: list[MentionKey] = []
    for w in work:
        tokens, pos = w.utterance.tokens, w.utterance.pos
        for slot in w.slots:
            key = MentionKey(w.index, slot.index)
            start = slot.span.start
            if (
                (pronoun_table or slot.in_place in SELF_ROLES)  # a -self is found by its forms, never translated alone
                and len(slot.span) == 1
                and pos[start] in ("PRP", "PRP$")
                and italian_pronoun(tokens[start], pos[start], slot.cls) is not None
            ):
                pronouns.append(key)
            else:
                to_translate[key] = slot.text
    return to_translate, pronouns


def mention_segments(utterances: Sequence[SelectedUtterance], config: Mapping[str, Any]) -> list[str]:
    """The segments step (a) sends first, in order (before any placeholder is drawn): the marked
    sentences (`translate.mention_context: sentence`; the fallbacks alone come after, once these are
    read: `mention_texts.alone_fallbacks`), or every mention's text alone (`alone`)."""
    work = [Work(i, u, make_slots(u)) for i, u in enumerate(utterances)]
    english, _ = mention_sources(work, config["translate"]["pronoun_table"])
    if config["translate"]["mention_context"] == "alone":
        return list(english.values())
    sources = marked_sources(utterances, [w.slots for w in work], list(english))
    return [m.text for m in sources.values()]


def _unplaced_reason(slot: Slot, resolved: Resolved | None) -> str:
    """Why a mention of an utterance that passed has no Italian span."""
    if resolved is not None and slot.index in resolved.unplaced:
        return resolved.unplaced[slot.index]  # a -self: self_form_missing / self_form_repeated
    return "words_not_found" if slot.kind == "in_place" else "span_misaligned"


def _placeholder_source(w: Work, index: int) -> str | None:
    ph = w.placeholders[index] if w.placeholders and not w.reason else None
    return ph.source if ph is not None else None


def fallback_segments(
    utterances: Sequence[SelectedUtterance],
    config: Mapping[str, Any],
    lookup: Mapping[str, str],
    aligner: Aligner | None = None,
    parser: ParserBackend | None = None,
) -> list[str]:
    """The mention texts `translate.mention_context: sentence` sends alone, given the marked sentences'
    translations in `lookup` (a memory: for `--export-misses`) and the aligner of the lost tags."""
    work = [Work(i, u, make_slots(u)) for i, u in enumerate(utterances)]
    english, _ = mention_sources(work, config["translate"]["pronoun_table"])
    return alone_fallbacks(utterances, [w.slots for w in work], english, lookup, aligner, parser)


def _translated(w: Work, texts: Mapping[MentionKey, str], found: MentionTexts) -> TranslatedUtterance:
    u = w.utterance
    resolved = w.resolved
    mentions = []
    for slot in w.slots:
        key = MentionKey(w.index, slot.index)
        m = u.mentions[slot.index]
        span = resolved.spans[slot.index] if resolved else None
        if w.reason:
            dropped, reason = "gamma", w.reason
        elif span is None:
            dropped, reason = "gamma", _unplaced_reason(slot, resolved)
        else:
            dropped, reason = None, None
        mentions.append(
            TranslatedMention(
                cluster_id=m.cluster_id,
                span=span,
                source_span=m.span,
                kind=slot.kind,
                text_en=slot.text,
                text_it=texts.get(key),
                placeholder=_placeholder_source(w, slot.index),
                cls=w.classes[slot.index],
                dropped_at=dropped,
                reason=reason,
                role=m.role,
                text_source=found.sources.get(key, "table" if key in texts else None),
                fallback=found.fallbacks.get(key),
                preposition_it=found.prepositions.get(key),
                span_source="placeholder" if span is not None and not w.reason else None,
            )
        )
    marked, marked_translation = found.marked.get(w.index, (None, None))
    return TranslatedUtterance(
        partition=u.partition,
        doc_id=u.doc_id,
        part=u.part,
        sentence=u.sentence,
        speaker=u.speaker,
        source_tokens=list(u.tokens),
        source_text=detokenize(u.tokens, u.pos),
        replaced=w.source,
        translation=w.translation,
        text=resolved.text if resolved else None,
        tokens=resolved.tokens if resolved else [],
        attempts=len(w.audit),
        audit=w.audit,
        dropped_at="gamma" if w.reason else None,
        reason=w.reason,
        mentions=mentions,
        marked=marked,
        marked_translation=marked_translation,
    )


def _stats(work: Sequence[Work], attempts: Counter) -> dict[str, Any]:
    """γ's share of stats.json: input (what β3 handed over) = kept + dropped."""
    dropped_utt = Counter(w.reason for w in work if w.reason)
    dropped_men: Counter = Counter()
    kept_mentions = 0
    possessives = PossessiveCounts()
    articles: Counter = Counter()
    clusters = set()
    tokens = 0
    for w in work:
        if w.reason:
            dropped_men[w.reason] += len(w.slots)
            continue
        tokens += len(w.resolved.tokens)  # type: ignore[union-attr]
        for placement in w.resolved.possessives:  # type: ignore[union-attr]
            possessives.add(placement)
        articles.update(w.resolved.articles)  # type: ignore[union-attr]
        for slot, span in zip(w.slots, w.resolved.spans):  # type: ignore[union-attr]
            if span is None:
                dropped_men[_unplaced_reason(slot, w.resolved)] += 1
            else:
                kept_mentions += 1
                u = w.utterance
                clusters.add((u.doc_id, u.part, u.mentions[slot.index].cluster_id))
    n_mentions = sum(len(w.slots) for w in work)
    return {
        "input": {"utterances": len(work), "mentions": n_mentions},
        "gamma": {
            "utterances": len(work) - sum(dropped_utt.values()),
            "tokens": tokens,
            "mentions": kept_mentions,
            "clusters": len(clusters),
        },
        "dropped": {
            "utterances": {r: dropped_utt[r] for r in TRANSLATE_UTTERANCE_REASONS},
            "mentions": {r: dropped_men[r] for r in TRANSLATE_MENTION_REASONS},
        },
        "attempts": {str(k): attempts[k] for k in sorted(attempts)},
        "possessives": possessives.block(),
        "articles": {k: articles[k] for k in (*ACTIONS, *SKIPS)},
    }
