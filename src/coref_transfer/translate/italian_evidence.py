"""Step 2 of the entity classes, in the paper's order: the Italian of each mention, before the placeholders.

The translate stage translates every noun mention alone first; this module
parses those Italian texts with the configured parser, reads the gender and
number each one agrees in (`lang.it.noun_phrase`: determiner, the noun's
morphology, the noun lexicon, the conventions for names), and estimates the
classes of every cluster again with that evidence (`classes.estimate_classes`,
the one implementation select uses too). The placeholders are then drawn from
these classes, so that "the foundation" → "la fondazione" stands as a
feminine name and the Italian around it agrees as the noun does.

Pronoun mentions bring no Italian evidence: their Italian form is chosen by
the class (`translate.pronouns`), after this step. The chain's CorefUD
entity type (`MentionClass.etype`) is select's, kept as it is.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from coref_transfer.classes import ATTRIBUTES, Evidence, MentionClass, entity_at, estimate_classes, root_evidence
from coref_transfer.lang.it.noun_phrase import Lexicon, PhraseFeatures, analyse
from coref_transfer.lang.it.tokenize import tokenize
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.records import SelectedUtterance


@dataclass(frozen=True)
class MentionKey:
    """One mention of a partition: its utterance's position in the table and its index there."""

    utterance: int
    mention: int


@dataclass
class ClassUpdate:
    """The classes after step 2, per mention, and what the step saw."""

    classes: dict[MentionKey, MentionClass]
    features: dict[MentionKey, PhraseFeatures]
    counts: dict[str, Any] = field(default_factory=dict)


def english_evidence(utterance: SelectedUtterance, index: int, use_name_lexicon: bool) -> Evidence:
    """Step 1 for one of select's kept mentions (the same function select used)."""
    m = utterance.mentions[index]
    return root_evidence(
        utterance.tokens,
        utterance.pos,
        m.span,
        m.root,
        bool(m.coordinated),  # type: ignore[arg-type]
        utterance.entities,
        use_name_lexicon,
    )


def entity_label(utterance: SelectedUtterance, index: int) -> str | None:
    """The named-entity label over the mention's English root, if any."""
    root = utterance.mentions[index].root
    if root is None:
        return None
    entity = entity_at(utterance.entities, root)
    return None if entity is None else entity.label


def _english_proper(utterance: SelectedUtterance, index: int) -> bool:
    root = utterance.mentions[index].root
    return root is not None and utterance.pos[root] in ("NNP", "NNPS")


def italian_classes(
    utterances: Sequence[SelectedUtterance],
    texts: Mapping[MentionKey, str],
    parser: ParserBackend,
    lexicon: Lexicon | None,
    config: Mapping[str, Any],
    progress: bool = False,
) -> ClassUpdate:
    """The class of every mention with the evidence of its Italian translation.

    Args:
        utterances: select's kept utterances of one partition (whole documents).
        texts: the Italian text of each noun mention translated alone
            (pronoun mentions are absent: they bring no Italian evidence).
        parser: the configured Italian parser (`parsing.backends`).
        lexicon: the noun lexicon (None: none configured).
        config: the validated configuration (`classes`, `parser`).
    """
    keys = sorted(texts, key=lambda k: (k.utterance, k.mention))
    phrases = [tuple(tokenize(texts[k])) for k in keys]
    to_parse = [i for i, tokens in enumerate(phrases) if tokens]
    distinct = list(dict.fromkeys(phrases[i] for i in to_parse))  # "la città" ten times is parsed once
    by_phrase = dict(zip(distinct, parser.parse([list(p) for p in distinct], config["parser"]["batch_size"], progress)))
    parsed = [by_phrase[phrases[i]] for i in to_parse]
    labels = [entity_label(utterances[keys[i].utterance], keys[i].mention) for i in to_parse]
    proper = [_english_proper(utterances[keys[i].utterance], keys[i].mention) for i in to_parse]
    features: dict[MentionKey, PhraseFeatures] = {}
    for i, feats in zip(to_parse, analyse(parsed, lexicon, labels, proper)):
        features[keys[i]] = feats

    cls_cfg = config["classes"]
    clusters: dict[tuple[str, int, int], list[MentionKey]] = defaultdict(list)
    for u_index, u in enumerate(utterances):
        for m_index, m in enumerate(u.mentions):
            clusters[(u.doc_id, u.part, m.cluster_id)].append(MentionKey(u_index, m_index))
    classes: dict[MentionKey, MentionClass] = {}
    changed: Counter = Counter()
    cluster_classes: Counter = Counter()
    for members in clusters.values():
        own = [english_evidence(utterances[k.utterance], k.mention, cls_cfg["first_name_lexicon"]) for k in members]
        italian = [_evidence(features.get(k)) for k in members]
        cluster, per_mention = estimate_classes(own, italian, cls_cfg)
        cluster_classes[f"{cluster.type}/{cluster.gender}/{cluster.number}"] += 1
        for key, mclass in zip(members, per_mention):
            before = utterances[key.utterance].mentions[key.mention].cls
            classes[key] = replace(mclass, etype=None if before is None else before.etype)  # select's, kept
            for attribute in ATTRIBUTES:
                if before is not None and getattr(before, attribute) != getattr(mclass, attribute):
                    changed[attribute] += 1
    return ClassUpdate(classes, features, _counts(classes, features, texts, changed, cluster_classes))


def _evidence(features: PhraseFeatures | None) -> Evidence | None:
    if features is None or features.head is None:
        return None
    return Evidence(None, features.gender, features.number, "noun")


def _counts(
    classes: Mapping[MentionKey, MentionClass],
    features: Mapping[MentionKey, PhraseFeatures],
    texts: Mapping[MentionKey, str],
    changed: Counter,
    cluster_classes: Counter,
) -> dict[str, Any]:
    """Stats: the clusters by class (as select counts them), where each mention's values came from,
    what the Italian analysis saw, and how many values differ from select's."""
    sources = {a: Counter() for a in ATTRIBUTES}
    for mclass in classes.values():
        for attribute, source in zip(ATTRIBUTES, mclass.sources):
            sources[attribute][source] += 1
    analysis: Counter = Counter()
    for key in texts:
        f = features.get(key)
        if f is None or f.head is None:
            analysis["unanalysed"] += 1
        else:
            analysis[f"gender_{f.gender_source or 'unknown'}"] += 1
            analysis[f"number_{f.number_source or 'unknown'}"] += 1
    return {
        "classes": dict(sorted(cluster_classes.items())),
        "class_sources": {a: dict(sorted(sources[a].items())) for a in ATTRIBUTES},
        "italian_analysis": {"mentions": len(texts), **{k: analysis[k] for k in sorted(analysis) if analysis[k]}},
        "class_changes": {a: changed[a] for a in ATTRIBUTES},
    }
