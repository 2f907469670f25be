"""What a placeholder may stand for, decided in selection from the English.

Stage γ replaces every kept mention by a name (or a pair of names). Some
mentions pass the root filter of β2 and still cannot be replaced without
breaking the English or changing its meaning. Two treatments:

- **kept as words** (`in_place_reason`): a mention inside a larger name or
  compound keeps its words in the English the model translates; γ finds the
  mention's own translation in the output (a mention not found there is
  dropped by γ with `words_not_found`). The β3 table records why in the
  mention's `in_place` column.
- **dropped** (`drop_reason`, reasons of β2): a quantifier, negative or
  reciprocal has no name that means the same; it is dropped with its reason
  and its words stay in the text.
- **-self pronouns** (`self_treatment`): no name can stand for them either
  ("Gino has proven Nazario ineffective"), but Italian renders them from
  their clause: a reflexive object becomes the reflexive clitic ("si è
  reinventata"), an emphatic one "lui stesso" / "di persona". So a -self
  whose chain holds the phrase it refers back to keeps its words (in_place
  `reflexive` or `emphatic`, by its English role, `lang.en.pronoun_role`) and
  γ finds its Italian form (`translate.self_forms`); any other -self is
  dropped with `self_other`. A -self left out of `select.keep_pronouns` is
  dropped by the root filter (`beta2_mentions.root_reason`, reason `reflexive`).

| reason | treatment | what | example (mention in brackets) | why no name |
|---|---|---|---|---|
| `inside_name` | kept as words | a modifier inside a larger name: the phrase goes on with a proper noun, or a named entity extends beyond the mention | "the [United States] Air Force", "[Disney] World", "the [Pittsburgh] Pirates" | "the Gino Air Force": the name is destroyed |
| `compound_modifier` | kept as words | a noun modifier of a following common noun in the same noun phrase | "the [U.S.] border", "[Internet] addiction", "the [Santorum] cocktail" | "the Gino border" is not English |
| `time` | kept as words (`lang.en.time_words.time_reason`) | a date or a time: the root under a DATE or TIME named entity, a CorefUD entity of type `time`, or a month or weekday name | "between June and [November]", "on [Sunday]", "[that year]" | "tra giugno e Pierpaolo": nothing of a name agrees with a date, and the translator builds the sentence around a person |
| `number` | kept as words | an amount: the root under a MONEY, PERCENT, QUANTITY, CARDINAL or ORDINAL named entity, or a CorefUD entity of type `number` | "[five dollars] was all he had" | a name makes an amount a person |
| `first_second_person` | kept as words (`lang.en.quantifiers.first_second_person`) | a group holding the speaker or the hearer: the pronoun after "of", or first | "[all of us here] must decide", "[both of you]", "[we Americans]" | a name is a third person: "Tutti noi qui devono" |
| `coordinated_possessive` | kept as words | a possessive pronoun right after "and", "or" or "nor" that follows another mention | "[Padalecki] and [his] partner won", "[the traveler] and [her] pack were gone" | "Gino and Carlo's partner" reads as the partner of both: the translator writes "il partner di Gino e Carlo", and "il partner di Padalecki e suo" follows (issue 38) |
| `negative` | dropped | a negative word before or at the root: no, none, nobody, nothing, neither, no one | "the bunch that [no one] picked" | "that Gino picked" flips the meaning |
| `quantifier` | dropped | a quantifier pronoun as root (everyone, someone, anything, all, each, some, …) or every/each/any/either before the root | "[everyone] agreed", "feed him [every day]" | a name makes it one definite person or thing |
| `reciprocal` | dropped | each other, one another | "they helped [each other]" | "they helped Gino" is another sentence |
| `reflexive` | kept as words | a -self object of its clause's verb, or after a preposition, referring to the clause subject | "the company had to reinvent [itself]", "proud of [themselves]" | "Gino has proven Nazario ineffective": Italian wants a pronoun form ("si è dimostrato") |
| `emphatic` | kept as words | a -self after another complement, apposed, or "by -self", referring to the subject (or the phrase it is apposed to) | "he sells the tickets [himself]" | Italian says "lui stesso", "di persona" |
| `self_other` | dropped | any other -self (its referent is not the clause subject, or its place is neither) | "it is [himself]" | no form to find |

Limits, and how the checks decide:
- The modifier checks use the gold constituency tree: the mention must be
  followed by a noun that sits in the same noun phrase (as a word of the
  phrase or inside an NML/NX/NAC node), not in a phrase of its own; so
  appositions ("[the TV series] Supernatural") and double objects
  ("gave [the dog] food") keep their placeholder. Without a tree, a mention
  followed by a noun counts as a modifier when its own last word is a noun.
- A CorefUD sentence has a UD dependency tree instead (`in_place_reason_dep`,
  `self_treatment_dep`): the mention modifies the next noun when its last
  word attached outside it (climbing from a conjunct to the first, "museum
  and [gallery] practice") is a premodifier (`compound`, `flat`, `amod`,
  `nummod`, `nmod:unmarked`) of a later noun reached from that next word
  through premodifiers only; or when the next word continues the mention
  (`flat`, `compound`, `fixed` on a word of the mention, "[Disney] World"),
  or is apposed to it with nothing between ("[his brother] Pierre Joseph",
  which the Penn Treebank mostly brackets as one NP, so that UD's
  "[the TV series] Supernatural" keeps its words too). On the OntoGUM/GUM
  train documents the two readings agree on 98.3% of the mentions followed
  by a noun (`scripts/dependency-agreement.py`).
- A possessor ("[Warhol 's] Polaroids") and a possessive pronoun ("[his]
  work") are not modifiers: γ handles them (`translate.replace`).
- A named entity extending beyond the mention counts only by words that are
  part of the name (not a determiner, a possessive clitic or punctuation):
  the named-entity column of some corpora is silver and its edges are loose.
- Quantifiers are read from the words before the root and the root itself,
  not from meaning: "all the answers", "both companies" and "some people"
  keep a placeholder (a pair of names keeps a definite plural; "all"
  and "both" are then lost, the agreement is not), while "all" alone as the
  root ("belongs to all") is dropped. Numerals were dropped by β2 already.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from coref_transfer.deptree import DepTree
from coref_transfer.lang.en.head_rules import phrase_category
from coref_transfer.lang.en.pronoun_role import SELF_ROLES, self_referent, self_referent_dep
from coref_transfer.lang.en.quantifiers import quantifier_kind
from coref_transfer.lang.en.tags import NOUN_TAGS, PROPER_TAGS
from coref_transfer.model import NamedEntity
from coref_transfer.records import SelectedMention
from coref_transfer.tree import Tree

IN_PLACE_REASONS = (
    "inside_name",
    "compound_modifier",
    "reflexive",
    "emphatic",
    "time",
    "number",
    "first_second_person",
    "coordinated_possessive",
)
"""Why a kept mention stays as words in the English (the `in_place` column of select's tables)."""
DROP_REASONS = ("negative", "quantifier", "reciprocal")
"""β2's reasons for dropping a mention no name can stand for (`reflexive` comes from the root filter)."""

_NOMINAL = frozenset(("NP", "NML", "NX", "NAC", "WHNP"))
"""Phrases a modifier and its noun share."""
_INNER_NOMINAL = frozenset(("NML", "NX", "NAC"))
"""Nodes inside a noun phrase that group words of one name or compound (not a phrase of their own)."""
_NOT_NAME_TAGS = frozenset(("DT", "POS", ",", ".", ":", "``", "''", "-LRB-", "-RRB-", "HYPH"))


def drop_reason(tokens: Sequence[str], pos: Sequence[str], start: int, end: int, root: int) -> str | None:
    """`negative`, `quantifier` or `reciprocal` when no name can stand for the mention `start..end`, else None.

    Args:
        tokens: the utterance's words; pos: their PTB tags.
        root: the mention's root (head) token, inside the span.
    """
    kind = quantifier_kind(tokens[start : end + 1], pos[start : end + 1], root - start)
    return kind if kind in DROP_REASONS else None


def self_treatment(
    mention: SelectedMention, mentions: Sequence[SelectedMention], tree: Tree | None
) -> tuple[str | None, str | None]:
    """(in_place reason, drop reason) of a -self pronoun mention whose `role` is set.

    A reflexive or emphatic -self keeps its words (`reflexive` / `emphatic`)
    when a mention of its own chain is the phrase it refers back to (the
    clause subject, or the noun phrase it is apposed to,
    `lang.en.pronoun_role.self_referent`): Italian renders it from that
    phrase ("si", "lui stesso"). Otherwise it is dropped with `self_other`.
    """
    return _self_treatment(mention, mentions, lambda: self_referent(tree, mention.span.start, mention.span.end))


def self_treatment_dep(
    mention: SelectedMention, mentions: Sequence[SelectedMention], deps: DepTree | None, pos: Sequence[str]
) -> tuple[str | None, str | None]:
    """`self_treatment` with the referent read off the dependency tree (`self_referent_dep`)."""
    span = mention.span
    return _self_treatment(mention, mentions, lambda: self_referent_dep(deps, pos, span.start, span.end))


def _self_treatment(
    mention: SelectedMention, mentions: Sequence[SelectedMention], referents: Callable[[], list[tuple[int, int]]]
) -> tuple[str | None, str | None]:
    if mention.role not in SELF_ROLES:
        return None, "self_other"
    chain = {(m.span.start, m.span.end) for m in mentions if m.cluster_id == mention.cluster_id and m is not mention}
    if any(span in chain for span in referents()):
        return mention.role, None
    return None, "self_other"


#: English possessive pronouns of the third person, the ones a placeholder stands for ("Gino's").
_POSSESSIVE_PRONOUNS = frozenset(("his", "her", "its", "their"))
#: Coordinators after which a placeholder possessive joins the name before it ("Gino and Carlo's partner").
_COORDINATORS = frozenset(("and", "or", "nor", "&"))


def coordinated_possessive(
    tokens: Sequence[str], pos: Sequence[str], start: int, end: int, mention_ends: Collection[int] = ()
) -> bool:
    """A possessive pronoun alone right after "and"/"or" that follows another mention ("[Padalecki] and [his]
    partner won"; `mention_ends`: the last tokens of the utterance's mentions): both placeholders would make
    "Gino and Carlo's partner", which reads (and translates) as the partner of both, so it keeps its word and
    γ finds its Italian possessive ("Padalecki e il suo partner"; issue 38). After a comma or a word that is
    no mention ("…, and its hotels are full") the placeholder reads as it should and is kept."""
    return (
        start == end
        and start > 1
        and pos[start] == "PRP$"
        and tokens[start].lower() in _POSSESSIVE_PRONOUNS
        and tokens[start - 1].lower() in _COORDINATORS
        and start - 2 in mention_ends
    )


def in_place_reason(
    pos: Sequence[str],
    start: int,
    end: int,
    tree: Callable[[], Tree | None],
    entities: Sequence[NamedEntity] = (),
) -> str | None:
    """`inside_name` or `compound_modifier` when the mention `start..end` must keep its words, else None.

    Args:
        pos: the utterance's PTB tags.
        tree: returns the utterance's gold tree (or None): called only when
            the tree is needed, since building it is the costly part.
        entities: the utterance's named entities.
    """

    def modifies() -> bool:
        root = tree()
        if root is None:
            return pos[end] in NOUN_TAGS
        return _same_noun_phrase(root, start, end, end + 1)

    return _in_place(pos, start, end, modifies, entities)


def in_place_reason_dep(
    pos: Sequence[str], start: int, end: int, deps: DepTree | None, entities: Sequence[NamedEntity] = ()
) -> str | None:
    """`in_place_reason` with the modifier check read off the dependency tree (`_same_noun_phrase_dep`)."""

    def modifies() -> bool:
        if deps is None:
            return pos[end] in NOUN_TAGS
        return _same_noun_phrase_dep(deps, start, end, end + 1)

    return _in_place(pos, start, end, modifies, entities)


def _in_place(
    pos: Sequence[str], start: int, end: int, modifies: Callable[[], bool], entities: Sequence[NamedEntity]
) -> str | None:
    if pos[end] in ("POS", "PRP$"):
        return None  # a possessor or a possessive: γ keeps the clitic
    for e in entities:
        if (
            e.span.start <= start
            and end < e.span.end
            and any(t not in _NOT_NAME_TAGS for t in pos[end + 1 : e.span.end + 1])
        ):
            return "inside_name"
    after = end + 1
    if after >= len(pos) or pos[after] not in NOUN_TAGS or not modifies():
        return None
    if pos[after] in PROPER_TAGS or (pos[end] in PROPER_TAGS and _name_goes_on(pos, after)):
        return "inside_name"
    return "compound_modifier"


def _name_goes_on(pos: Sequence[str], i: int) -> bool:
    """Whether the nouns from `i` on end in a proper noun before the phrase ends ("U.S. Census Bureau")."""
    while i < len(pos) and pos[i] in NOUN_TAGS:
        if pos[i] in PROPER_TAGS:
            return True
        i += 1
    return False


def _same_noun_phrase(tree: Tree, start: int, end: int, after: int) -> bool:
    """Whether token `after` is a word of the noun phrase that holds the span, not a phrase of its own."""
    node = _lowest_strict_cover(tree, start, end)
    if phrase_category(node.label) not in _NOMINAL:
        return False
    for child in node.children:
        if child.start <= after <= child.end:
            if child.is_preterminal:
                return True
            return phrase_category(child.label) in _INNER_NOMINAL
    return False


def _lowest_strict_cover(tree: Tree, start: int, end: int) -> Tree:
    """The lowest node whose tokens include start..end and at least one more."""
    node = tree
    while not node.is_preterminal:
        inner = next((c for c in node.children if c.start <= start and end <= c.end), None)
        if inner is None or (inner.start == start and inner.end == end):
            break
        node = inner
    return node


_PREMODIFIER_RELS = ("compound", "flat", "amod", "nummod", "nmod:unmarked", "nmod:npmod", "nmod:tmod")
"""Relations of a word inside the noun phrase of the noun it depends on, before that noun."""
_NAME_PART_RELS = ("flat", "compound", "fixed")
"""Relations of a word that goes on with the name or compound of the word it depends on."""


def _same_noun_phrase_dep(deps: DepTree, start: int, end: int, after: int) -> bool:
    """`_same_noun_phrase` on dependencies: the span premodifies a noun whose own words include word
    `after` ("the [U.S.] border", "museum and [gallery] practice"), or `after` continues a name or
    compound the span heads ("[Disney] World" with UD's head-first `flat`)."""
    if start <= deps.head(after) <= end and (deps.rel(after) in _NAME_PART_RELS or deps.rel(after) == "appos"):
        return True  # "[Disney] World"; "[his brother] Pierre", which the Penn Treebank brackets as one NP
    outside = [i for i in range(start, end + 1) if not start <= deps.head(i) <= end]
    if not outside:
        return False
    word = outside[-1]
    while deps.rel(word) == "conj" and deps.head(word) >= 0:
        word = deps.head(word)
    noun = deps.head(word)
    if noun <= end or deps.deprels[word] not in _PREMODIFIER_RELS and deps.rel(word) not in _PREMODIFIER_RELS:
        return False
    word = after
    while word != noun:
        if word < 0 or (deps.deprels[word] not in _PREMODIFIER_RELS and deps.rel(word) not in _PREMODIFIER_RELS):
            return False
        word = deps.head(word)
    return True
