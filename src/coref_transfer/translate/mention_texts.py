"""Step (a) of γ: the Italian of every mention that is not a pronoun, from its sentence or alone.

Two ways, chosen by `translate.mention_context`:

- `sentence` (decided, the default): each utterance with a mention to read
  is sent once more, untouched but for a tag pair around each such mention
  (`translate.marked`), and each mention's Italian — its sense, its article,
  the preposition before it — is read between its tags. A mention whose
  tags did not survive falls back to its text translated alone, with the
  reason counted; the fallbacks are sent in a second batch.
- `alone` (the paper's way): each mention's text is translated alone.

The marked sentences may go to another model than everything else (a
tag-keeping model such as LabelPigeon): the caller passes that service.

Counted in `stats.json` (`mention_sources`): the mentions whose Italian came
from their sentence, from their text alone, and why each fallback fell
back; the marked sentences sent; the unknown tags seen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from coref_transfer.lang.en.tags import PROPER_TAGS
from coref_transfer.lang.it.tokenize import tokens_with_offsets
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.records import SelectedUtterance
from coref_transfer.stats import ALIGN_REASONS
from coref_transfer.translate.align.base import Aligner
from coref_transfer.translate.align.project import links_with_names, parts_of_speech, project_span
from coref_transfer.translate.italian_evidence import MentionKey
from coref_transfer.translate.marked import (
    FALLBACK_REASONS,
    MarkedSource,
    Reading,
    mark,
    plain_text,
    read,
    read_range,
)
from coref_transfer.translate.projection import tagged_mentions
from coref_transfer.translate.replace import Slot

CONTEXTS = ("sentence", "alone")
"""The values of `translate.mention_context`."""


class Translator(Protocol):
    """What step (a) needs of a translation service."""

    def translate(self, segments: Sequence[str]) -> list[str]: ...


@dataclass
class MentionTexts:
    """The Italian of each mention to translate, and where it came from."""

    texts: dict[MentionKey, str] = field(default_factory=dict)
    sources: dict[MentionKey, str] = field(default_factory=dict)
    """`sentence` (between its tags), `alignment` (its tags lost, its span found by word alignment) or `alone`."""
    fallbacks: dict[MentionKey, str] = field(default_factory=dict)
    """Why a mention of the `sentence` way came from its text alone (`marked.FALLBACK_REASONS`)."""
    prepositions: dict[MentionKey, str] = field(default_factory=dict)
    """The simple preposition the marked translation put before the mention, where it put one."""
    fused: set[MentionKey] = field(default_factory=set)
    """The mentions whose article came fused with that preposition ("nel <a>Massachusetts</a>")."""
    refused: dict[MentionKey, str] = field(default_factory=dict)
    """Why word alignment gave a mention whose tags were lost no span (`stats.ALIGN_REASONS`)."""
    marked: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Per utterance (its index): the marked sentence sent and the translation received."""
    unknown_tags: int = 0

    def counts(self) -> dict[str, Any]:
        """The `mention_sources` block of stats.json (numbers only: merges add them up)."""
        sources = Counter(self.sources.values())
        fallbacks = Counter(self.fallbacks.values())
        refused = Counter(self.refused.values())
        return {
            "mentions": len(self.texts),
            "sentence": sources["sentence"],
            "alignment": sources["alignment"],
            "alone": sources["alone"],
            "fallbacks": {r: fallbacks[r] for r in FALLBACK_REASONS},
            "alignment_refused": {r: refused[r] for r in ALIGN_REASONS},
            "marked_sentences": len(self.marked),
            "unknown_tags": self.unknown_tags,
        }


def tag_spans(slots: Sequence[Slot], keys: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The English tokens to tag for each slot index of `keys` (a possessor's clitic stays outside)."""
    out = {}
    for slot in slots:
        if slot.index in keys:
            end = slot.span.end - 1 if slot.kind == "possessor" else slot.span.end
            out[slot.index] = (slot.span.start, end)
    return out


def marked_sources(
    utterances: Sequence[SelectedUtterance], slots: Sequence[Sequence[Slot]], wanted: Sequence[MentionKey]
) -> dict[int, MarkedSource]:
    """The marked sentence of every utterance with a mention of `wanted` (by utterance index)."""
    by_utterance: dict[int, list[int]] = {}
    for key in wanted:
        by_utterance.setdefault(key.utterance, []).append(key.mention)
    out = {}
    for index, mentions in sorted(by_utterance.items()):
        u = utterances[index]
        source = mark(u.tokens, u.pos, tag_spans(slots[index], mentions))
        if source is not None:
            out[index] = source
    return out


def mention_texts(
    utterances: Sequence[SelectedUtterance],
    slots: Sequence[Sequence[Slot]],
    english: Mapping[MentionKey, str],
    service: Translator,
    context: str,
    marked_service: Translator | None = None,
    aligner: Aligner | None = None,
    parser: ParserBackend | None = None,
) -> MentionTexts:
    """Step (a): each mention's Italian, from its sentence (with the fallback) or alone.

    Args:
        utterances, slots: the partition's utterances and their slots (by utterance index).
        english: the English text of each mention to translate (`stage.mention_sources`).
        service: the translation service; `marked_service` the one for the
            marked sentences (None: `service`).
        context: `sentence` or `alone` (`translate.mention_context`).
        aligner: reads a mention whose tags were lost from its span by word alignment (`translate.align`;
            None: it goes alone).
    Raises:
        ValueError: an unknown context.
    """
    if context not in CONTEXTS:
        raise ValueError(f"unknown translate.mention_context {context!r}: one of {', '.join(CONTEXTS)}")
    result = MentionTexts()
    alone = list(english)
    if context == "sentence":
        sources = marked_sources(utterances, slots, alone)
        order = list(sources)
        outputs = (marked_service or service).translate([sources[i].text for i in order]) if order else []
        translations = dict(zip(order, outputs))
        result.marked = {i: (sources[i].text, translations[i]) for i in order}
        readings, result.unknown_tags = _readings(utterances, slots, sources, translations)
        aligned, result.refused = aligned_readings(utterances, slots, sources, translations, readings, aligner, parser)
        readings.update(aligned)
        alone = []
        for key in english:
            reading = readings.get(key, Reading(None, "no_sentence"))
            if reading.text is not None:
                result.texts[key] = reading.text
                result.sources[key] = "alignment" if key in aligned else "sentence"
                if reading.preposition:
                    result.prepositions[key] = reading.preposition
                if reading.fused:
                    result.fused.add(key)
            else:
                result.fallbacks[key] = reading.reason
                alone.append(key)
    outputs = service.translate([english[k] for k in alone]) if alone else []
    for key, text in zip(alone, outputs):
        result.texts[key] = strip_final_period(text, english[key])
        result.sources[key] = "alone"
    result.texts = {k: result.texts[k] for k in english}  # the order of `english`
    return result


def alone_fallbacks(
    utterances: Sequence[SelectedUtterance],
    slots: Sequence[Sequence[Slot]],
    english: Mapping[MentionKey, str],
    lookup: Mapping[str, str],
    aligner: Aligner | None = None,
    parser: ParserBackend | None = None,
) -> list[str]:
    """The mention texts the `sentence` way will send alone, given the translations in `lookup`.

    For `--export-misses`: which fallbacks a memory must hold is known only
    once it holds the marked sentences.
    """
    sources = marked_sources(utterances, slots, list(english))
    held = {i: lookup[m.text.strip()] for i, m in sources.items() if m.text.strip() in lookup}
    readings, _ = _readings(utterances, slots, sources, held)
    readings.update(aligned_readings(utterances, slots, sources, held, readings, aligner, parser)[0])
    return [english[k] for k in english if readings.get(k, Reading(None, "no_sentence")).text is None]


def aligned_readings(
    utterances: Sequence[SelectedUtterance],
    slots: Sequence[Sequence[Slot]],
    sources: Mapping[int, MarkedSource],
    translations: Mapping[int, str],
    readings: Mapping[MentionKey, Reading],
    aligner: Aligner | None,
    parser: ParserBackend | None = None,
) -> tuple[dict[MentionKey, Reading], dict[MentionKey, str]]:
    """The mentions whose tags were lost, read from their span by word alignment (detag-and-project): the
    aligner learns from every marked sentence and its translation, tags removed, and each such mention's
    Italian is read from its projected span as between tags (`marked.read_range`: its article, the
    preposition before it). Only where a tag was lost: a translator that keeps them costs nothing here.
    Returns those readings, and why alignment gave the others no span (`stats.ALIGN_REASONS`)."""
    lost = [k for k, r in readings.items() if r.text is None and k.utterance in translations]
    if aligner is None or not lost:
        return {}, {}
    plains = {i: tokens_with_offsets(plain_text(t)) for i, t in translations.items()}
    pairs = [(utterances[i].tokens, [w for w, _ in plains[i]]) for i in translations if plains[i]]
    aligner.fit(pairs)
    wanted = sorted({k.utterance for k in lost if plains[k.utterance]})
    links = dict(zip(wanted, aligner.align([(utterances[i].tokens, [w for w, _ in plains[i]]) for i in wanted])))
    tagged = parts_of_speech(parser, [[w for w, _ in plains[i]] for i in wanted])
    upos = dict(zip(wanted, tagged)) if tagged is not None else {}
    out: dict[MentionKey, Reading] = {}
    refused: dict[MentionKey, str] = {}
    for key in lost:
        if key.utterance not in links:
            continue
        u, words = utterances[key.utterance], plains[key.utterance]
        target = [w for w, _ in words]
        slot = next(s for s in slots[key.utterance] if s.index == key.mention)
        english = tag_spans(slots[key.utterance], [key.mention])[key.mention]
        mention = tagged_mentions(u, [slot])[slot.index]
        span, reason = project_span(
            u.tokens, target, links_with_names(u.tokens, target, links[key.utterance]), english,
            u.mentions[key.mention].root, mention, {}, upos.get(key.utterance), exclusive=True,
        )  # fmt: skip
        if span is None:
            refused[key] = reason  # type: ignore[assignment]
            continue
        plain = plain_text(translations[key.utterance])
        start, end = words[span.start][1], words[span.end][1] + len(words[span.end][0])
        reading = read_range(plain, start, end, slot.text.split(), _proper_words(u, slot), slot.text[:1].islower())
        if reading.text is not None:
            out[key] = reading
    return out, refused


def _readings(
    utterances: Sequence[SelectedUtterance],
    slots: Sequence[Sequence[Slot]],
    sources: Mapping[int, MarkedSource],
    translations: Mapping[int, str],
) -> tuple[dict[MentionKey, Reading], int]:
    """`marked.read` on every translated marked sentence, with what it needs of the English mentions:
    (each tagged mention's reading, the unknown tags seen)."""
    readings: dict[MentionKey, Reading] = {}
    unknown = 0
    for index, translation in translations.items():
        u, source = utterances[index], sources[index]
        by_slot = {s.index: s for s in slots[index]}
        words = {k: by_slot[k].text.split() for k in (*source.slots, *source.untagged)}
        proper = {k: _proper_words(u, by_slot[k]) for k in source.slots}
        lower = {k: by_slot[k].text[:1].islower() for k in source.slots}
        names = {k for k in source.slots if by_slot[k].kind != "in_place" and _root_is_proper(u, by_slot[k])}
        found, extra = read(translation, source, words, proper, lower, names)
        readings.update({MentionKey(index, k): r for k, r in found.items()})
        unknown += extra
    return readings, unknown


def _root_is_proper(u: SelectedUtterance, slot: Slot) -> bool:
    """Whether the mention's English root is a proper noun (a name, whose Italian is a name too)."""
    root = u.mentions[slot.index].root
    return root is not None and u.pos[root] in PROPER_TAGS


def _proper_words(u: SelectedUtterance, slot: Slot) -> list[str]:
    """The mention's English proper nouns (a tag moved off a name leaves the name outside)."""
    return [
        u.tokens[i]
        for i in range(slot.span.start, slot.span.end + 1)
        if u.pos[i] in PROPER_TAGS and len(u.tokens[i]) > 2 and u.tokens[i][:1].isupper()
    ]


def strip_final_period(italian: str, english: str) -> str:
    """MT models like to end a phrase with a full stop that the English had not."""
    italian = italian.strip()
    if italian.endswith(".") and not english.rstrip().endswith("."):
        italian = italian[:-1].rstrip()
    return italian
