"""Which noun an English possessive determiner belongs to, read from the gold constituency tree.

"his version of the song": the determiner "his" sits in the base noun phrase
"his version", whose head is its last noun, "version" (the Penn Treebank's
head rule for a base NP); "of the song" is a prepositional phrase attached
to that noun phrase, one *modifier* after the head. Italian puts the
possessive between the head's article and the head ("la sua versione della
canzone"), while a translation of "X's version of the song" writes "di X"
after the whole chain ("la versione della canzone di X"): the number of
modifiers tells how far to the left of "di X" the head's article stands.

`possessed_noun` climbs from the base NP through `(NP (NP …) (PP …) …)`
while the prepositional phrases follow it, counting every PP in them ("of the
song of the year": two). A relative clause, an apposition or anything else
after the PPs ends the chain (Italian puts "di X" before them).

Limits: a coordinated head ("his mother and father") is ambiguous (two
nouns take the possessive); a base NP without a noun after the determiner
("his own", "his 2") has no head; a sentence without a tree has no answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coref_transfer.lang.en.tags import NOUN_TAGS
from coref_transfer.tree import Tree, TreeBuilder

#: Phrases whose prepositional phrases belong to a clause, not to the noun chain.
_CLAUSAL = frozenset(("S", "SBAR", "SBARQ", "SINV", "SQ", "VP", "RRC"))
#: Children of a base NP whose words belong to the head's phrase (compounds, adjectives, quantities).
_INSIDE = frozenset(("NML", "NX", "ADJP", "QP", "NP"))


@dataclass(frozen=True)
class Possessed:
    """The noun a possessive belongs to, or why it is not known."""

    head: int | None
    """Token index of the possessed noun (None: not found or ambiguous)."""
    modifiers: int = 0
    """Prepositional phrases between the head and the end of its noun phrase's chain."""
    reason: str | None = None
    """`no_tree`, `head_not_found` or `head_ambiguous` when `head` is None."""


def possessed_noun(tokens: Sequence[str], pos: Sequence[str], parse_bits: Sequence[str], index: int) -> Possessed:
    """The noun the possessive at `index` (PRP$) determines, with the modifiers after it.

    Args:
        tokens, pos, parse_bits: the sentence's PTB tokens, tags and CoNLL parse bits.
        index: the possessive determiner's token index.
    """
    if not parse_bits or parse_bits[0] == "-":
        return Possessed(None, reason="no_tree")
    builder = TreeBuilder()
    for bit, tag, word in zip(parse_bits, pos, tokens):
        builder.add(bit, tag, word)
    path = _path_to(builder.finish(), index)
    if path is None or len(path) < 2:
        return Possessed(None, reason="head_not_found")
    base = path[-2]
    nouns, coordinated = _head_candidates(base, index)
    if coordinated:
        return Possessed(None, reason="head_ambiguous")
    if not nouns:
        return Possessed(None, reason="head_not_found")
    modifiers = 0
    node = base
    for parent in reversed(path[:-2]):
        if parent.label != "NP" or parent.children[0] is not node:
            break
        following = parent.children[1:]
        pps = 0
        for child in following:
            if child.label != "PP":
                break
            pps += _count_pps(child)
        modifiers += pps
        if pps == 0 or len(following) != sum(1 for c in following if c.label == "PP"):
            break  # the chain ends here (a clause, an apposition, a comma…)
        node = parent
    return Possessed(nouns[-1], modifiers)


def _path_to(root: Tree, index: int) -> list[Tree] | None:
    """The nodes from the root down to the preterminal of token `index`."""
    path = [root]
    node = root
    while not node.is_preterminal:
        for child in node.children:
            if child.start <= index <= child.end:
                node = child
                path.append(node)
                break
        else:
            return None
    return path if node.index == index else None


def _head_candidates(base: Tree, index: int) -> tuple[list[int], bool]:
    """The nouns after the determiner in its base NP (up to a possessive 's), and whether a CC joins two."""
    nouns: list[int] = []
    coordinated = False
    for child in base.children:
        if child.end <= index:
            continue
        if child.is_preterminal:
            if child.label == "POS":
                break
            if child.label == "CC" and nouns:
                coordinated = True
            if child.label in NOUN_TAGS:
                nouns.append(child.index)  # type: ignore[arg-type]
        elif child.label in _INSIDE:
            if any(p.label == "CC" for p in child.preterminals()) and child.label == "NP":
                coordinated = True
            nouns.extend(p.index for p in child.preterminals() if p.label in NOUN_TAGS)  # type: ignore[misc]
    if coordinated and len(nouns) < 2:
        coordinated = False
    return nouns, coordinated


def _count_pps(node: Tree) -> int:
    """Prepositional phrases in `node` and below it, not inside a clause."""
    if node.is_preterminal or node.label in _CLAUSAL:
        return 0
    return (node.label == "PP") + sum(_count_pps(c) for c in node.children)
