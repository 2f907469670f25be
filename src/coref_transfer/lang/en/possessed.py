"""Which noun an English possessive determiner belongs to, read from the gold tree.

Two readings of the same rules: `possessed_noun` on the constituency tree
(CoNLL-2012 input), `possessed_noun_dep` on the UD dependency tree (CorefUD
input); each rule below says how the dependencies express it.

"his version of the song": the determiner "his" sits in the base noun phrase
"his version", whose head is its last noun, "version" (the Penn Treebank's
head rule for a base NP); "of the song" is a prepositional phrase attached
to that noun phrase, one *modifier* after the head. Italian puts the
possessive between the head's article and the head ("la sua versione della
canzone"), while a translation of "X's version of the song" writes "di X"
after the whole chain ("la versione della canzone di X"): the number of
modifiers tells how far to the left of "di X" the head's article stands.
In the dependencies, the head is the word the determiner hangs on as
`nmod:poss` (the last word of a name it starts: `flat`), and a modifier is an
`nmod` of the head that follows it and has a `case` dependent (the
preposition).

`possessed_noun` climbs from the base NP through `(NP (NP …) (PP …) …)`
while the prepositional phrases follow it, counting every PP in them ("of the
song of the year": two). A relative clause, an apposition or anything else
after the PPs ends the chain (Italian puts "di X" before them).
In the dependencies, the head's dependents after it are read left to right:
each `nmod` with a `case` counts, with every `nmod`/`obl` with a `case`
below it, not inside a clause (`acl`, `advcl`, `ccomp`, `xcomp`, `csubj`,
`parataxis`), and so does an `acl` opened by a preposition (`mark` "in":
"its role in motivating…", a PP over a clause in the tree); a dependent
whose words begin with a comma, or anything else (`acl:relcl`, `appos`,
`conj`, …), ends the chain.

Limits: a coordinated head ("his mother and father") is ambiguous (two
nouns take the possessive); a base NP without a noun after the determiner
("his own", "his 2") has no head; a sentence without a tree has no answer.
In the dependencies, a head with a noun `conj` that has no determiner of
its own is coordinated, and a head that is not a noun (or does not follow
the determiner, or a determiner that is not `nmod:poss`) is not found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coref_transfer.deptree import DepTree
from coref_transfer.lang.en.tags import NOUN_TAGS
from coref_transfer.tree import Tree, TreeBuilder

#: Phrases whose prepositional phrases belong to a clause, not to the noun chain.
_CLAUSAL = frozenset(("S", "SBAR", "SBARQ", "SINV", "SQ", "VP", "RRC"))
#: Dependency relations that open a clause: the nominal modifiers below them belong to it, not to the chain.
_CLAUSAL_DEPS = frozenset(("acl", "advcl", "ccomp", "xcomp", "csubj", "parataxis"))
#: Subordinators tagged IN that open a clause, not a prepositional phrase.
# fmt: off
_COMPLEMENTIZERS = frozenset(
    ("that", "whether", "if", "because", "although", "though", "while", "once", "unless", "until", "since", "so",
     "whereas", "lest", "than", "as")
)
# fmt: on
#: Relations of a prepositional phrase's noun (with a `case` dependent) counted as modifiers below the first.
_PP_DEPS = frozenset(("nmod", "obl"))
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


def possessed_noun_dep(
    tokens: Sequence[str], pos: Sequence[str], heads: Sequence[int], deprels: Sequence[str], index: int
) -> Possessed:
    """`possessed_noun` on the dependency tree (the module docstring's rules, "in the dependencies").

    Args:
        tokens, pos: the sentence's tokens and PTB tags.
        heads, deprels: its UD tree (heads 0-based, -1 for the root).
        index: the possessive determiner's token index.
    """
    if not heads:
        return Possessed(None, reason="no_tree")
    tree = DepTree(heads, deprels)
    head = heads[index]
    if deprels[index] != "nmod:poss" or head <= index or pos[head] not in NOUN_TAGS:
        return Possessed(None, reason="head_not_found")
    for c in tree.children(head):
        if tree.rel(c) == "conj" and pos[c] in NOUN_TAGS and not tree.children_with(c, "det", "nmod:poss"):
            return Possessed(None, reason="head_ambiguous")
    last = head
    for c in tree.children_with(head, "flat"):
        if c > last and pos[c] in NOUN_TAGS:
            last = c
    modifiers = 0
    for c in tree.children(head):
        if c < head or c <= last and tree.rel(c) == "flat":
            continue
        if tree.rel(tree.extent(c)[0]) == "punct":
            break  # a comma before the phrase ends the chain
        if _is_clausal_pp(tree, tokens, pos, c):
            modifiers += 1
            continue
        if not _is_pp(tree, c, ("nmod",)):
            break
        modifiers += _count_pps_dep(tree, c)
    return Possessed(last, modifiers)


def _is_pp(tree: DepTree, i: int, rels: Sequence[str]) -> bool:
    """Word i is the noun of a prepositional phrase: a relation of `rels` (not `nmod:poss`) and a `case` dependent."""
    return tree.deprels[i] != "nmod:poss" and tree.rel(i) in rels and bool(tree.children_with(i, "case"))


def _is_clausal_pp(tree: DepTree, tokens: Sequence[str], pos: Sequence[str], i: int) -> bool:
    """Word i is a clause opened by a preposition ("its role in motivating…": `acl` with a `mark` "in")."""
    if tree.deprels[i] != "acl":
        return False
    marks = tree.children_with(i, "mark")
    return bool(marks) and pos[marks[0]] == "IN" and tokens[marks[0]].lower() not in _COMPLEMENTIZERS


def _count_pps_dep(tree: DepTree, i: int) -> int:
    """The prepositional phrase of word i and those below it, not inside a clause."""
    count, todo = 1, list(tree.children(i))
    while todo:
        j = todo.pop()
        if tree.rel(j) in _CLAUSAL_DEPS:
            continue
        count += _is_pp(tree, j, tuple(_PP_DEPS))
        todo.extend(tree.children(j))
    return count


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
