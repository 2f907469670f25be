"""Entity classes: class(id) = (type, gender, number) of each kept cluster.

Method.md's order, per mention and attribute: (1) the mention's own English
root, (2) the Italian translation of the mention (`italian` evidence passed
in by the translate stage, before the placeholders are drawn; select passes
none), (3) a weighted vote over the cluster's mentions in which pronoun
evidence outweighs noun evidence, (4) the configured fallback (masculine
singular) where the vote ties or nothing is known.

For a noun mention, the Italian gender and number come before the English
root's: the placeholder stands in the Italian sentence, whose agreement
follows the Italian noun ("the resignation", singular, is "le dimissioni",
plural; "the victim" is "la vittima", feminine, whoever the victim is). A
pronoun mention keeps its English values (its Italian form is chosen from
the class, not the other way round). Each value records its source:
`english`, `italian`, `cluster` or `fallback`.

Root evidence:
- personal/possessive pronouns: the paper's Table 6 (`lang.en.pronouns.PRONOUN_CLASSES`);
- nouns: number from the PTB tag (NNS/NNPS plural), coordination (X and Y)
  is plural, feminine only if every member is (`coordination_gender`); a root inside a PERSON entity is a person, inside another entity
  type a thing; PERSON gender from a title (Mr., Mrs., ...) or the first-name
  lexicon of `gender-guesser`; common person nouns ("mother", "mayor") from
  the shipped `data/en_person_nouns.tsv`;
- determiners: nothing (cluster vote only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from coref_transfer.lang.en.pronouns import PRONOUN_CLASSES
from coref_transfer.model import NamedEntity, Span

ATTRIBUTES = ("type", "gender", "number")
TYPES = ("person", "thing")
GENDERS = ("masc", "fem")
NUMBERS = ("sing", "plur")
Class = tuple[str, str, str]
"""An entity class: (type, gender, number)."""
#: The eight entity classes, in the order every listing uses.
CLASSES: tuple[Class, ...] = tuple((t, g, n) for t in TYPES for g in GENDERS for n in NUMBERS)
SINGULAR_CLASSES: tuple[Class, ...] = tuple(c for c in CLASSES if c[2] == "sing")

#: Titles that give a PERSON name its gender before the first-name lexicon.
TITLE_GENDER = {
    **dict.fromkeys(("mr.", "mr", "mister", "sir", "lord", "signor", "sig."), "masc"),
    **dict.fromkeys(("mrs.", "mrs", "ms.", "ms", "miss", "madam", "madame", "lady", "dame", "signora", "sig.ra"), "fem"),
}
TITLE_WORDS = frozenset(TITLE_GENDER) | frozenset(("dr.", "dr", "prof.", "president", "senator", "judge"))

#: Where a class value came from, in the order of precedence for a noun's gender and number.
SOURCES = ("italian", "english", "cluster", "fallback")

NOUN_TAGS = frozenset(("NN", "NNS", "NNP", "NNPS"))
PLURAL_TAGS = frozenset(("NNS", "NNPS"))


@dataclass(frozen=True)
class Evidence:
    """What one source says about a mention's class; None = unknown."""

    type: str | None = None
    gender: str | None = None
    number: str | None = None
    kind: str = "none"
    """`pronoun`, `noun` or `none`: selects the vote weight."""

    def get(self, attribute: str) -> str | None:
        return getattr(self, attribute)


@dataclass(frozen=True)
class MentionClass:
    """A mention's estimated class and where each value came from."""

    type: str
    gender: str
    number: str
    sources: tuple[str, str, str]
    """Per attribute: `english`, `italian`, `cluster` or `fallback` (`SOURCES`)."""


@lru_cache(maxsize=1)
def person_nouns() -> dict[str, str | None]:
    """The shipped lexicon of person nouns: word -> implied gender or None."""
    text = resources.files("coref_transfer").joinpath("data/en_person_nouns.tsv").read_text(encoding="utf-8")
    out: dict[str, str | None] = {}
    for line in text.splitlines()[1:]:
        if not line or line.startswith("#") or line.startswith("word\t"):
            continue
        word, gender = line.split("\t")
        out[word] = None if gender == "-" else gender
    return out


@lru_cache(maxsize=1)
def _name_detector() -> Any:
    import gender_guesser.detector as gender_detector

    return gender_detector.Detector(case_sensitive=False)


def first_name_gender(name: str) -> str | None:
    """Gender of a first name by gender-guesser's lexicon (None if unknown or androgynous)."""
    answer = _name_detector().get_gender(name)
    if answer in ("male", "mostly_male"):
        return "masc"
    if answer in ("female", "mostly_female"):
        return "fem"
    return None


def person_name_gender(tokens: Sequence[str], use_lexicon: bool) -> str | None:
    """Gender of a PERSON name: a title first, then the first name."""
    for token in tokens:
        gender = TITLE_GENDER.get(token.lower())
        if gender:
            return gender
    if not use_lexicon:
        return None
    for token in tokens:
        if token.lower() in TITLE_WORDS or not token[:1].isupper():
            continue
        return first_name_gender(token)
    return None


def root_evidence(
    tokens: Sequence[str],
    pos: Sequence[str],
    span: Span,
    root: int,
    coordinated: bool,
    entities: Sequence[NamedEntity],
    use_name_lexicon: bool = True,
) -> Evidence:
    """Step 1: what the mention's own root tells about its class."""
    word, tag = tokens[root].lower(), pos[root]
    if tag in ("PRP", "PRP$") and word in PRONOUN_CLASSES:
        type_, gender, number = PRONOUN_CLASSES[word]
        return Evidence(type_, gender, number, "pronoun")
    if tag not in NOUN_TAGS:
        return Evidence()
    number = "plur" if coordinated or tag in PLURAL_TAGS else "sing"
    entity = next((e for e in entities if e.span.start <= root <= e.span.end), None)
    if coordinated:
        if entity is not None:
            type_: str | None = "person" if entity.label == "PERSON" else "thing"
        else:
            type_ = "person" if word in person_nouns() else None
        return Evidence(type_, coordination_gender(tokens, pos, span, entities, use_name_lexicon), number, "noun")
    if entity is not None and entity.label == "PERSON":
        name = tokens[max(entity.span.start, span.start) : min(entity.span.end, span.end) + 1]
        # A title just before the entity ("Mr. Rossi" with only "Rossi" tagged) counts too.
        before = tokens[span.start : entity.span.start] if entity.span.start > span.start else []
        return Evidence("person", person_name_gender([*before, *name], use_name_lexicon), number, "noun")
    if entity is not None:
        return Evidence("thing", None, number, "noun")
    nouns = person_nouns()
    if word in nouns:
        return Evidence("person", None if coordinated else nouns[word], number, "noun")
    if tag in ("NNP", "NNPS") and not coordinated:
        gender = person_name_gender([tokens[root]], False)  # a bare title-marked name
        if gender:
            return Evidence("person", gender, number, "noun")
    return Evidence(None, None, number, "noun")


def coordination_gender(
    tokens: Sequence[str], pos: Sequence[str], span: Span, entities: Sequence[NamedEntity], use_name_lexicon: bool
) -> str | None:
    """Gender of a coordination of persons, as Italian agreement needs it.

    Italian plural agreement is feminine only when every member is feminine
    ("Maria e Laura sono arrivate") and masculine as soon as one is masculine
    ("Maria e Paolo sono arrivati"). The members are the PERSON entities and
    the gendered person nouns inside the span; if any member's gender is
    unknown and none is masculine, the gender is left to the cluster vote.
    """
    genders: list[str | None] = []
    for e in entities:
        if e.label == "PERSON" and span.start <= e.span.start and e.span.end <= span.end:
            genders.append(person_name_gender(tokens[e.span.start : e.span.end + 1], use_name_lexicon))
    nouns = person_nouns()
    for i in range(span.start, span.end + 1):
        if pos[i] in ("NN", "NNS") and tokens[i].lower() in nouns:
            genders.append(nouns[tokens[i].lower()])
    if "masc" in genders:
        return "masc"
    if genders and all(g == "fem" for g in genders):
        return "fem"
    return None


def cluster_vote(
    evidence: Sequence[Evidence], weights: Mapping[str, float], fallback: Mapping[str, str]
) -> dict[str, tuple[str, str]]:
    """Step 3: per attribute, the weighted majority over the cluster.

    Returns attribute -> (value, source) with source `cluster`, or `fallback`
    when no mention says anything or the top values tie.
    """
    out: dict[str, tuple[str, str]] = {}
    for attribute in ATTRIBUTES:
        totals: dict[str, float] = {}
        for ev in evidence:
            value = ev.get(attribute)
            if value is not None:
                totals[value] = totals.get(value, 0.0) + weights.get(ev.kind, 0.0)
        if not totals:
            out[attribute] = (fallback[attribute], "fallback")
            continue
        best = max(totals.values())
        winners = sorted(v for v, w in totals.items() if w == best)
        if len(winners) == 1:
            out[attribute] = (winners[0], "cluster")
        else:
            out[attribute] = (fallback[attribute] if fallback[attribute] in winners else winners[0], "fallback")
    return out


def estimate_classes(
    own: Sequence[Evidence],
    italian: Sequence[Evidence | None] | None,
    config: Mapping[str, Any],
) -> tuple[MentionClass, list[MentionClass]]:
    """Class of a cluster and of each of its mentions (steps 1 to 4).

    Args:
        own: English root evidence per mention (step 1).
        italian: evidence from each mention's Italian translation (step 2), or
            None (select, before translation). Its gender and number come
            before the English ones unless the mention is a pronoun (module
            docstring); its type only fills an unknown English type.
        config: the `classes` section of the configuration.
    Returns:
        (cluster class, per-mention classes in the order of `own`).
    """
    weights = {"pronoun": config["pronoun_weight"], "noun": config["noun_weight"], "none": 0.0}
    italian = italian or [None] * len(own)
    combined = []
    for ev, it in zip(own, italian):
        values: dict[str, str | None] = {}
        sources: list[str] = []
        for attribute in ATTRIBUTES:
            english, translated = ev.get(attribute), None if it is None else it.get(attribute)
            italian_first = attribute != "type" and ev.kind != "pronoun"
            if translated is not None and (italian_first or english is None):
                values[attribute], source = translated, "italian"
            else:
                values[attribute], source = english, "english"
            sources.append(source)
        kind = ev.kind if ev.kind != "none" or it is None else it.kind
        combined.append((Evidence(values["type"], values["gender"], values["number"], kind), tuple(sources)))
    vote = cluster_vote([ev for ev, _ in combined], weights, config["fallback"])
    cluster = MentionClass(*(vote[a][0] for a in ATTRIBUTES), tuple(vote[a][1] for a in ATTRIBUTES))  # type: ignore[arg-type]
    mentions = []
    for ev, sources in combined:
        values_out, where = [], []
        for attribute, source in zip(ATTRIBUTES, sources):
            value = ev.get(attribute)
            if value is None:
                value, source = vote[attribute]
            values_out.append(value)
            where.append(source)
        mentions.append(MentionClass(values_out[0], values_out[1], values_out[2], tuple(where)))  # type: ignore[arg-type]
    return cluster, mentions
