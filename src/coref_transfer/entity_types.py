"""CorefUD entity types (`etype`) of the chains: the one table from English named entities, and the rule.

Select decides one CorefUD entity type per kept chain (`chain_etype`); it
rides on the chain's classes (`classes.MentionClass.etype`, the tables'
`etype` column) through translate and refine to the CorefUD export, which
writes it as the entity's ETYPE. The class's `type` (person or thing) is
decided before and is never changed by this: it drives the placeholders.

The evidence, first that applies:

1. A chain whose class is `person` is `person` (source `person_class`).
2. A chain the CorefUD input typed: its `etype` (`Part.entity_types`),
   lower-cased (source `corefud`); a value not in `ETYPES` is `other`
   (`corefud_unknown`).
3. Otherwise the English named entities of its kept mentions: the label of
   the entity over each mention's root (`classes.entity_at`, the match the
   classes use for PERSON names), through `NAMED_ENTITY_ETYPES`; the type
   most mentions give wins (`named_entity`); mentions with no entity do
   not vote; a tie between types is `other` (`named_entity_tie`).
4. Nothing said: `other` (`none`).

A `thing` chain that rule 2 or 3 would make `person` (the input or the
names say person, the class vote said thing, e.g. "the Americans ... it",
NORP on a noun root) is `other` (`person_not_class`): the Italian has a
thing's placeholder there, so the export does not call it a person.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

ETYPES = (
    "person", "place", "organization", "animal", "plant", "object", "substance", "time", "number", "abstract",
    "event", "other",
)  # fmt: skip
"""CorefUD 1.x entity types, in the order CorefUD lists them and stats.json counts them."""

NAMED_ENTITY_ETYPES = {
    "PERSON": "person",
    "NORP": "person",  # nationalities, religious and political groups: groups of people ("the Americans")
    "FAC": "place",  # buildings, airports, highways, bridges
    "ORG": "organization",
    "GPE": "place",
    "LOC": "place",
    "PRODUCT": "object",  # vehicles, foods, devices
    "EVENT": "event",
    "WORK_OF_ART": "object",  # titles of books, songs, paintings
    "LAW": "abstract",  # named documents made into laws
    "LANGUAGE": "abstract",
    "DATE": "time",
    "TIME": "time",
    "PERCENT": "number",
    "MONEY": "number",
    "QUANTITY": "number",
    "ORDINAL": "number",
    "CARDINAL": "number",
}
"""The 18 OntoNotes named-entity labels as CorefUD entity types: the one table (rule 3, and
`corefud.writer`'s types of the sample written as CorefUD)."""

ETYPE_SOURCES = (
    "person_class", "corefud", "corefud_unknown", "named_entity", "named_entity_tie", "person_not_class", "none",
)  # fmt: skip
"""Why a chain has its entity type (module docstring), in the order stats.json counts them."""


def chain_etype(class_type: str, labels: Iterable[str | None], corefud: str | None = None) -> tuple[str, str]:
    """A chain's CorefUD entity type and its source (`ETYPE_SOURCES`), by the module's rules.

    Args:
        class_type: the chain's class type (`class_values.TYPES`: person or thing).
        labels: the named-entity label over each kept mention's root (None: no entity there).
        corefud: the chain's `etype` in a CorefUD input (None or "": none).
    """
    if class_type == "person":
        return "person", "person_class"
    if corefud:
        etype = corefud.lower()
        if etype not in ETYPES:
            return "other", "corefud_unknown"
        return (etype, "corefud") if etype != "person" else ("other", "person_not_class")
    votes = Counter(NAMED_ENTITY_ETYPES[label] for label in labels if label in NAMED_ENTITY_ETYPES)
    if not votes:
        return "other", "none"
    ranked = votes.most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return "other", "named_entity_tie"
    etype = ranked[0][0]
    return (etype, "named_entity") if etype != "person" else ("other", "person_not_class")
