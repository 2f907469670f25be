"""The English stages end to end: α → β1 → β2 → β3 and the entity classes.

Every utterance, gold mention and gold cluster read ends in exactly one
place: kept after β3, or dropped at one stage with one reason. `stats()`
counts both, and `coref_transfer.stats.check_accounting` proves input = kept + dropped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from coref_transfer.classes import MentionClass, entity_at, estimate_classes, etype_evidence, root_evidence
from coref_transfer.deptree import DepTree
from coref_transfer.entity_types import ETYPE_SOURCES, ETYPES, NAMED_ENTITY_ETYPES, chain_etype
from coref_transfer.lang.en.pronoun_role import ROLES, is_pronoun, pronoun_role, pronoun_role_dep
from coref_transfer.lang.en.pronouns import SELF_WORDS
from coref_transfer.lang.en.quantifiers import first_second_person
from coref_transfer.lang.en.time_words import time_reason
from coref_transfer.model import RELATIONS, NamedEntity, Part, Utterance
from coref_transfer.records import SelectedMention
from coref_transfer.select.alpha_nesting import alpha_reasons
from coref_transfer.select.beta1_utterances import utterance_reason
from coref_transfer.select.beta2_mentions import link_reason, mention_reason, widen_appositions
from coref_transfer.select.beta3_clusters import cluster_reason
from coref_transfer.select.heads import Head, find_head, find_head_dep, find_head_in_bits
from coref_transfer.select.stand_in import (
    IN_PLACE_REASONS,
    coordinated_possessive,
    in_place_reason,
    in_place_reason_dep,
    self_treatment,
    self_treatment_dep,
)
from coref_transfer.stats import (
    PAPER_REASONS,
    SELECT_CLUSTER_REASONS,
    SELECT_LABELS,
    SELECT_MENTION_REASONS,
    SELECT_RANK,
    SELECT_UTTERANCE_REASONS,
    check_accounting,
)
from coref_transfer.tree import Tree


def alive_after(mention: SelectedMention, label: str) -> bool:
    """Whether a mention survived the filter `label` (α, β1, β2 or β3)."""
    return mention.dropped_at is None or SELECT_RANK[mention.dropped_at] > SELECT_RANK[label]


@dataclass
class UtteranceFate:
    """One utterance read, with its β1 decision and its mentions' fates."""

    utterance: Utterance
    mentions: list[SelectedMention]
    dropped_at: str | None = None
    reason: str | None = None
    widened: int = 0
    """Anchors widened over their apposition (`beta2_mentions.widen_appositions`)."""


@dataclass
class ClusterFate:
    """One gold cluster (chain id inside a part) and its β3 decision and class."""

    doc_id: str
    part: int
    cluster_id: int
    mentions_read: int = 0
    mentions_kept: int = 0
    dropped_at: str | None = None
    reason: str | None = None
    cls: MentionClass | None = None
    """The class of a kept cluster, with its CorefUD entity type (`cls.etype`)."""
    etype_source: str | None = None
    """Why the cluster has its entity type (`entity_types.ETYPE_SOURCES`)."""
    labels: list[str | None] = field(default_factory=list)
    """The named-entity label over each kept mention's root (`classes.entity_at`), None where none."""


@dataclass
class PartResult:
    """The fates of one part's utterances, mentions and clusters."""

    part: Part
    utterances: list[UtteranceFate]
    clusters: list[ClusterFate]


METHODS = ("joint", "placeholders")
"""The values of the `method` key: how the mentions are carried into Italian (`docs/methods.md`)."""

JOINT_KEPT = frozenset(("nested",))
"""The α reasons the joint method does not drop for: a tag carries a mention inside another."""


def select_part(part: Part, config: Mapping[str, Any]) -> PartResult:
    """Run α, β1, β2, β3 and the class estimation on one document part.

    Args:
        part: a part as read from CoNLL-2012.
        config: the validated configuration (`method`, sections `select`, `classes`).
    """
    joint = config.get("method", "placeholders") == "joint"
    fates = [select_utterance(utt, config["select"], part.entity_types, joint) for utt in part.utterances]
    return PartResult(part, fates, select_clusters(part, fates, config))


def select_utterance(
    utt: Utterance, sel: Mapping[str, Any], entity_types: Mapping[int, str] | None = None, joint: bool = False
) -> UtteranceFate:
    """α, β1 and β2 on one utterance: the fate of it and of each of its mentions.

    With the joint method (`joint`) the filters that only protect the placeholder translation do not
    drop: nested mentions (α), long, short and verbless utterances (β1) and every root β2 would refuse
    stay, each with the reason the paper's filters give it in `paper_reason` (`docs/methods.md`);
    what no tag can carry still goes: crossing and duplicate mentions (α), predicative and appositive
    CorefUD links (β2).

    Args:
        entity_types: the CorefUD entity type of each chain (`Part.entity_types`; none for CoNLL-2012).
        joint: the joint method's filters (else the paper's).
    """
    spans, widened = widen_appositions(utt.mentions, utt.mention_links, utt.pos)  # CorefUD: OntoNotes' spans
    if widened:
        utt = replace(utt, mentions=spans)
    mentions = [SelectedMention(m.cluster_id, m.span) for m in utt.mentions]
    link_drops = [link_reason(link) for link in utt.mention_links]  # CorefUD: predicates and appositions
    for fate, reason in zip(mentions, alpha_reasons(utt.mentions, [r is not None for r in link_drops])):
        if reason and joint and reason in JOINT_KEPT:
            fate.paper_reason = reason
        elif reason:
            fate.dropped_at, fate.reason = "alpha", reason
    ufate = UtteranceFate(utt, mentions, widened=widened)
    reason = utterance_reason(utt.pos, sel)
    if reason and joint:
        for fate in mentions:
            if fate.dropped_at is None and fate.paper_reason is None:
                fate.paper_reason = reason
    elif reason:
        ufate.dropped_at, ufate.reason = "beta1", reason
        for fate in mentions:
            if fate.dropped_at is None:
                fate.dropped_at, fate.reason = "beta1", reason
        return ufate
    has_tree = utt.has_tree
    built: list[Tree | None] = []  # the whole tree, built only when a span needs it

    def tree() -> Tree | None:
        if not built:
            built.append(utt.tree())
        return built[0]

    # A CorefUD sentence has a dependency tree instead (`coref_transfer.deptree`): the same
    # decisions are read off it by the `*_dep` counterparts.
    deps = DepTree(utt.heads, utt.deprels) if utt.heads and not has_tree else None
    for k, fate in enumerate(mentions):
        if fate.dropped_at is not None:
            continue
        start, end = fate.span.start, fate.span.end
        if deps is not None:
            head = find_head_dep(deps, start, end, utt.pos)
            given = utt.mention_heads[k] if utt.mention_heads else None
            if given is not None and given != head.index:  # the corpus's own head comes first
                head = Head(given, head.coordinated, head.constituent)
        else:
            found = find_head_in_bits(utt.parse_bits, utt.pos, start, end) if has_tree else None
            head = found if found is not None else find_head(tree(), start, end, utt.pos)
        fate.root, fate.coordinated = head.index, head.coordinated
        link = link_drops[k] if link_drops else None
        reason = link or mention_reason(utt.tokens, utt.pos, start, end, head.index, sel)
        if is_pronoun(utt.pos, start, end):
            if deps is not None:
                fate.role = pronoun_role_dep(utt.tokens, utt.pos, deps, start, end)
            else:
                fate.role = pronoun_role(utt.tokens, utt.pos, tree(), start, end)
            if not reason and utt.tokens[start].lower() in SELF_WORDS:
                if deps is not None:
                    fate.in_place, reason = self_treatment_dep(fate, mentions, deps, utt.pos)
                else:
                    fate.in_place, reason = self_treatment(fate, mentions, tree())
        if reason and joint and not link:
            fate.paper_reason = fate.paper_reason or reason
            fate.in_place = None
        elif reason:
            fate.dropped_at, fate.reason = "beta2", reason
        elif fate.paper_reason:
            fate.in_place = None  # the paper drops it before β2: no placeholder ever stands for it
        elif not fate.in_place:
            if deps is not None:
                fate.in_place = in_place_reason_dep(utt.pos, start, end, deps, utt.entities)
            else:
                fate.in_place = in_place_reason(utt.pos, start, end, tree, utt.entities)
            if not fate.in_place and not is_pronoun(utt.pos, start, end):
                etype = (entity_types or {}).get(fate.cluster_id, "")
                fate.in_place = time_reason(utt.tokens, utt.pos, head.index, utt.entities, etype)
            if not fate.in_place and first_second_person(utt.tokens[start : end + 1]):
                fate.in_place = "first_second_person"
            if not fate.in_place and coordinated_possessive(
                utt.tokens, utt.pos, start, end, {m.span.end for m in utt.mentions}
            ):
                fate.in_place = "coordinated_possessive"
    return ufate


def select_clusters(part: Part, fates: list[UtteranceFate], config: Mapping[str, Any]) -> list[ClusterFate]:
    """β3 on the part's clusters, then the classes of the clusters kept and their CorefUD entity types
    (`entity_types.chain_etype`: from the class, the CorefUD input's `etype`, or the English names)."""
    sel, cls_cfg = config["select"], config["classes"]
    clusters: dict[int, ClusterFate] = {}
    members: dict[int, list[tuple[Utterance, SelectedMention]]] = {}
    for ufate in fates:
        for fate in ufate.mentions:
            cluster = clusters.setdefault(fate.cluster_id, ClusterFate(part.doc_id, part.part, fate.cluster_id))
            cluster.mentions_read += 1
            if fate.dropped_at is None:
                members.setdefault(fate.cluster_id, []).append((ufate.utterance, fate))
        for unplaced in ufate.utterance.unplaced:  # read, dropped at α: the chain counts them too
            cluster = clusters.setdefault(unplaced.cluster_id, ClusterFate(part.doc_id, part.part, unplaced.cluster_id))
            cluster.mentions_read += 1
    joint = config.get("method", "placeholders") == "joint"
    for cluster_id, cluster in clusters.items():
        alive = members.get(cluster_id, [])
        reason = cluster_reason([utt.pos[f.root] for utt, f in alive], sel, joint)  # type: ignore[index]
        if reason:
            cluster.dropped_at, cluster.reason = "beta3", reason
            for _, fate in alive:
                fate.dropped_at, fate.reason = "beta3", f"cluster_{reason}"
            continue
        cluster.mentions_kept = len(alive)
        etype = part.entity_types.get(cluster_id)  # CorefUD: the entity's type is the first evidence
        evidence = [
            etype_evidence(
                root_evidence(
                    utt.tokens,
                    utt.pos,
                    f.span,
                    f.root,
                    f.coordinated,  # type: ignore[arg-type]
                    utt.entities,
                    cls_cfg["first_name_lexicon"],
                ),
                etype,
            )
            for utt, f in alive
        ]
        cls, per_mention = estimate_classes(evidence, None, cls_cfg)
        cluster.labels = [_label(entity_at(utt.entities, f.root)) for utt, f in alive]  # type: ignore[arg-type]
        chosen, cluster.etype_source = chain_etype(cls.type, cluster.labels, etype)
        cluster.cls = replace(cls, etype=chosen)
        for (_, fate), mclass in zip(alive, per_mention):
            fate.cls = replace(mclass, etype=chosen)
    return [clusters[k] for k in sorted(clusters)]


def _label(entity: NamedEntity | None) -> str | None:
    return None if entity is None else entity.label


@dataclass
class Stats:
    """Counters of one select run; `as_dict()` is the stats.json shape."""

    counts: dict[str, Counter] = field(default_factory=lambda: {s: Counter() for s in ("input", *SELECT_LABELS)})
    dropped_utterances: Counter = field(default_factory=Counter)
    dropped_mentions: Counter = field(default_factory=Counter)
    dropped_clusters: Counter = field(default_factory=Counter)
    anomalies: Counter = field(default_factory=Counter)
    classes: Counter = field(default_factory=Counter)
    etypes: Counter = field(default_factory=Counter)
    """Kept clusters by CorefUD entity type (`entity_types.ETYPES`)."""
    etype_sources: Counter = field(default_factory=Counter)
    """Kept clusters by why they have their entity type (`entity_types.ETYPE_SOURCES`)."""
    in_place: Counter = field(default_factory=Counter)
    """Kept mentions that γ leaves as words, by reason (`select.stand_in`)."""
    roles: Counter = field(default_factory=Counter)
    """Kept pronoun mentions by English role (`lang.en.pronoun_role.ROLES`)."""
    paper_reasons: Counter = field(default_factory=Counter)
    """Kept mentions the paper's filters would have dropped, by their reason (the joint method only)."""
    documents: dict[str, set[str]] = field(default_factory=lambda: {s: set() for s in ("input", *SELECT_LABELS)})
    """Distinct document ids per stage (a document has one or more parts)."""

    def add(self, result: PartResult) -> None:
        """Count one part's results."""
        doc = result.part.doc_id
        self.documents["input"].add(doc)
        self.documents["alpha"].add(doc)
        if any(u.dropped_at is None for u in result.utterances):
            for stage in ("beta1", "beta2", "beta3"):
                self.documents[stage].add(doc)
        doc_seen = {stage: False for stage in ("input", *SELECT_LABELS)}
        for ufate in result.utterances:
            n_tokens = len(ufate.utterance.tokens)
            kept_stages = ("input", "alpha") if ufate.dropped_at else ("input", *SELECT_LABELS)
            for stage in kept_stages:
                self.counts[stage]["utterances"] += 1
                self.counts[stage]["tokens"] += n_tokens
                doc_seen[stage] = True
            for unplaced in ufate.utterance.unplaced:  # no span: dropped at α, with its reason
                self.counts["input"]["mentions"] += 1
                self.dropped_mentions[unplaced.reason] += 1
            for fate in ufate.mentions:
                self.counts["input"]["mentions"] += 1
                survived = SELECT_LABELS if fate.dropped_at is None else SELECT_LABELS[: SELECT_RANK[fate.dropped_at]]
                for stage in survived:
                    self.counts[stage]["mentions"] += 1
                if fate.reason:
                    self.dropped_mentions[fate.reason] += 1
                else:
                    if fate.paper_reason:
                        self.paper_reasons[fate.paper_reason] += 1
                    if fate.in_place:
                        self.in_place[fate.in_place] += 1
                    if fate.role:
                        self.roles[fate.role] += 1
            if ufate.reason:
                self.dropped_utterances[ufate.reason] += 1
            self.anomalies["span_in_two_chains"] += sum(f.reason == "duplicate_span" for f in ufate.mentions)
            self.anomalies["duplicate_mentions"] += sum(f.reason == "duplicate_mention" for f in ufate.mentions)
            self.anomalies["crossing_mentions"] += sum(f.reason == "crossing" for f in ufate.mentions)
            self.anomalies["appositions_widened"] += ufate.widened
        for stage, seen in doc_seen.items():
            self.counts[stage]["parts"] += seen
        for cluster in result.clusters:
            self.counts["input"]["clusters"] += 1
            self.anomalies["singleton_chains"] += cluster.mentions_read == 1
            if cluster.reason:
                self.dropped_clusters[cluster.reason] += 1
            else:
                self.counts["beta3"]["clusters"] += 1
                cls = cluster.cls
                self.classes[f"{cls.type}/{cls.gender}/{cls.number}"] += 1  # type: ignore[union-attr]
                self.etypes[cls.etype] += 1  # type: ignore[union-attr]
                self.etype_sources[cluster.etype_source] += 1
                self.anomalies["unmapped_entity_labels"] += sum(
                    label is not None and label not in NAMED_ENTITY_ETYPES for label in cluster.labels
                )
        for stage in ("alpha", "beta1", "beta2"):
            alive = {f.cluster_id for u in result.utterances for f in u.mentions if alive_after(f, stage)}
            self.counts[stage]["clusters"] += len(alive)
        self.anomalies["sentences_without_tree"] += sum(
            not u.utterance.has_tree and not u.utterance.heads for u in result.utterances
        )
        for relation in RELATIONS:
            self.anomalies[relation] += result.part.relations.get(relation, 0)

    def as_dict(self) -> dict[str, Any]:
        keys = ("documents", "parts", "utterances", "tokens", "mentions", "clusters")
        out: dict[str, Any] = {stage: {k: int(c[k]) for k in keys} for stage, c in self.counts.items()}
        for stage, ids in self.documents.items():
            out[stage]["documents"] = len(ids)
        all_mention_reasons = [r for stage in SELECT_LABELS for r in SELECT_MENTION_REASONS[stage]]
        out["dropped"] = {
            "utterances": {r: int(self.dropped_utterances[r]) for r in SELECT_UTTERANCE_REASONS},
            "mentions": {r: int(self.dropped_mentions[r]) for r in all_mention_reasons},
            "clusters": {r: int(self.dropped_clusters[r]) for r in SELECT_CLUSTER_REASONS},
        }
        out["anomalies"] = {
            k: int(self.anomalies[k])
            for k in (
                "span_in_two_chains",
                "duplicate_mentions",
                "crossing_mentions",
                "singleton_chains",
                "sentences_without_tree",
                "unmapped_entity_labels",
                "appositions_widened",
                *RELATIONS,
            )
        }
        out["classes"] = {k: int(v) for k, v in sorted(self.classes.items())}
        out["etypes"] = {t: int(self.etypes[t]) for t in ETYPES}
        out["etype_sources"] = {s: int(self.etype_sources[s]) for s in ETYPE_SOURCES}
        out["in_place"] = {r: int(self.in_place[r]) for r in IN_PLACE_REASONS}
        out["roles"] = {r: int(self.roles[r]) for r in ROLES}
        out["paper_reasons"] = {r: int(self.paper_reasons[r]) for r in PAPER_REASONS}
        return out


def compute_stats(results: Iterable[PartResult]) -> dict[str, Any]:
    """stats.json for some part results (see `Stats`), checked by `check_accounting`."""
    stats = Stats()
    for result in results:
        stats.add(result)
    out = stats.as_dict()
    check_accounting(out, "select")
    return out
