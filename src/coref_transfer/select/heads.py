"""Head tokens ("roots" rt(m)) of mention spans, from the gold constituency tree.

Stage β2 keeps or drops a mention by the POS tag of its root, and the entity
classes read type, gender and number off it, so the root is computed from the
gold OntoNotes parse with Collins-style head percolation (method.md, β2; the
rules are `lang.en.head_rules`). Three departures from the textbook head
finder serve coreference:

1. The possessive clitic (POS `'s`) is never a head: `Maria 's` is about Maria,
   and `Maria 's car` about the car. Collins makes `'s` the head of its NP.
2. A nominal coordination (`Anna and Paolo`, `both X and Y`, `either X or Y`)
   is headed by its first conjunct and flagged `coordinated`: it is evidence
   that the mention names a group. Collins' rules would pick the first conjunct
   too, but cannot say that they did.
3. A span that is not a constituent (OntoNotes has some) is headed through a
   virtual node made of the subtrees it covers.

A CorefUD sentence has a UD dependency tree instead (`find_head_dep`): the
root is the first word of the span whose head lies outside it
(`model.span_root`), which is already the content word UD makes the head
(`Maria 's`: `'s` is a `case` dependent of Maria); the span is `coordinated`
when that root and a `conj` dependent of it inside the span are both nominal
(a noun or a personal pronoun) and a coordinator (`cc`) of that conjunct is
inside the span too (point 2; `red and white wine` coordinates the
adjectives, not the root); `constituent` when the span is exactly the
root's subtree. On the 177 OntoGUM/GUM train documents (the same texts
with both gold trees, `scripts/dependency-agreement.py`) the two roots are
the same word for 94.7% of the mentions and β2 decides the same for 99.2%.
The roots differ by convention more than by error: UD heads a name on its
first word (`flat`: "[Jeffrey] Beall"), a date on the day ("[8] February
1700", a numeral that β2 drops where the tree's month is kept), a clause or
phrase on its content word (the tree on "to", a modal, "that", "which");
and a span that is not a subtree takes the first of its words attached
outside it.

Known limits: conjoined titles of one person (`the president and chief
executive`) and fixed pairs (`bread and butter`) look like coordinations of
two entities; asyndetic lists (`apples, pears, plums`) look like appositions
and are not flagged; `or`/`nor` coordinations are flagged like `and`, though
their agreement is often singular.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coref_transfer.deptree import DepTree
from coref_transfer.lang.en.head_rules import AVOID, COORDINATORS, head_child_index, phrase_category
from coref_transfer.model import span_root
from coref_transfer.tree import Tree

# Conjuncts are split off the first conjunct at these (`apples , pears and plums`).
_LIST_SEPARATORS = frozenset({",", ":"})
# Phrases whose coordination is plural evidence, and the children that make a
# coordinated part nominal (so that `red and white wine` is not a coordination).
_NOMINAL_PHRASES = frozenset({"NP", "NML", "NX"})
_NOMINAL_PARTS = frozenset({"NN", "NNS", "NNP", "NNPS", "NP", "NML", "NX", "NAC", "PRP"})
# A dependency root and its conjunct coordinate entities when both have one of these tags.
_NOMINAL_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "PRP"})
# The no-tree fallback prefers the last token with one of these tags.
_FALLBACK_HEAD_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "PRP", "CD"})


@dataclass(frozen=True)
class Head:
    """The head (root) of a mention span.

    `index` is the 0-based token index of the head in the sentence.
    `coordinated` says that the span is a coordination of two or more nominal
    conjuncts (`X and Y`), headed by the first: plural evidence for the entity
    classes. `constituent` says that the span matched a node of the tree
    exactly (a one-token span matches its preterminal); it is False for
    non-constituent spans and when there was no tree.
    """

    index: int
    coordinated: bool
    constituent: bool


def find_head(tree: Tree | None, start: int, end: int, pos: Sequence[str]) -> Head:
    """Find the head token of the span `start..end` of one sentence.

    Args:
        tree: the sentence's gold parse (its preterminals indexed 0..n-1), or
            None when the corpus has no parse for it.
        start: first token of the span, 0-based.
        end: last token of the span, 0-based, inclusive.
        pos: the sentence's PTB POS tags, one per token.

    Returns:
        The head; without a tree, a heuristic one (the last noun, pronoun or
        number of the span) with `constituent` False.

    Raises:
        ValueError: the span is empty or outside the sentence, or the tree does
            not cover exactly the `len(pos)` tokens of the sentence.
    """
    n = len(pos)
    if not 0 <= start <= end < n:
        raise ValueError(
            f"invalid mention span [{start}, {end}] in a sentence of {n} tokens: "
            f"expected 0 <= start <= end < {n} (0-based, end inclusive)"
        )
    if tree is None:
        return Head(_fallback_index(start, end, pos), coordinated=False, constituent=False)
    if tree.start != 0 or tree.end != n - 1:
        raise ValueError(
            f"the tree covers tokens {tree.start}..{tree.end} but the sentence has {n} POS "
            f"tags (tokens 0..{n - 1}); pass the tree and the tags of the same sentence"
        )
    if start == end:
        return Head(start, coordinated=False, constituent=True)
    cover = _lowest_cover(tree, start, end)
    if cover.start == start and cover.end == end:
        head, coordinated = _locate(cover)
        return Head(_index(head), coordinated=coordinated, constituent=True)
    # Not a constituent: head the span as if the parser had bracketed it, with
    # the label of the smallest constituent around it.
    virtual = Tree(cover.label, children=_subtrees_inside(cover, start, end))
    head, coordinated = _locate(virtual)
    return Head(_index(head), coordinated=coordinated, constituent=False)


def find_head_in_bits(bits: Sequence[str], pos: Sequence[str], start: int, end: int) -> Head | None:
    """The head of a constituent span, read from the CoNLL parse bits of the span alone.

    Building the whole sentence's tree for every mention dominated the English
    stages; a constituent's subtree is fully described by the parse bits of
    its own tokens, so only those are turned into nodes. Returns None when
    the span is not a constituent (the caller then builds the full tree and
    uses `find_head`). The bits must be valid (the reader checked them).
    """
    if start == end:
        return Head(start, coordinated=False, constituent=True)
    stack: list[Tree] = []
    for i in range(start, end + 1):
        bit = bits[i]
        star = bit.find("*")
        if star:
            for label in bit[1:star].split("("):
                node = Tree(label)
                if stack:
                    stack[-1].children.append(node)
                stack.append(node)
        leaf = Tree(pos[i], word="", index=i)
        if stack:
            stack[-1].children.append(leaf)
        for _ in range(len(bit) - star - 1):
            if not stack:
                break  # closes a constituent opened before the span
            node = stack.pop()
            node.close()
            if i == end and node.start == start:
                head, coordinated = _locate(node)
                return Head(_index(head), coordinated=coordinated, constituent=True)
    return None


def find_head_dep(deps: DepTree, start: int, end: int, pos: Sequence[str]) -> Head:
    """The head of the span `start..end` from the sentence's dependency tree (module docstring).

    Raises:
        ValueError: the span is empty or outside the sentence, the tree does not
            have `len(pos)` words, or every head of the span lies inside it (a cycle).
    """
    n = len(pos)
    if not 0 <= start <= end < n:
        raise ValueError(
            f"invalid mention span [{start}, {end}] in a sentence of {n} tokens: "
            f"expected 0 <= start <= end < {n} (0-based, end inclusive)"
        )
    if len(deps) != n:
        raise ValueError(f"the dependency tree has {len(deps)} words but the sentence has {n} POS tags")
    root = span_root(deps.heads, start, end)
    if root is None:
        raise ValueError(f"the heads of words {start}..{end} all lie inside the span: a cycle")
    first, last = deps.extent(root)
    coordinated = _dep_coordinated(deps, root, start, end, pos)
    return Head(root, coordinated=coordinated, constituent=(first, last) == (start, end))


def _dep_coordinated(deps: DepTree, root: int, start: int, end: int, pos: Sequence[str]) -> bool:
    """Whether `root` and a later nominal conjunct, with its `cc`, are inside start..end (point 2).

    The conjuncts are the root's `conj` dependents or, when the root is itself
    a `conj` of a word before the span ("Hein , [Reich , Marks and Thuma]"),
    its sisters.
    """
    if pos[root] not in _NOMINAL_TAGS:
        return False
    conjuncts = deps.children_with(root, "conj")
    if deps.rel(root) == "conj" and deps.head(root) >= 0:
        conjuncts = conjuncts + [c for c in deps.children_with(deps.head(root), "conj") if c > root]
    return any(
        start <= c <= end and pos[c] in _NOMINAL_TAGS and any(start <= k <= end for k in deps.children_with(c, "cc"))
        for c in conjuncts
    )


def constituent_head(node: Tree) -> Tree:
    """The head preterminal of `node` (a preterminal is its own head)."""
    return _locate(node)[0]


def _index(preterminal: Tree) -> int:
    # Preterminals built by Tree.from_string and TreeBuilder always carry one.
    if preterminal.index is None:
        raise ValueError(f"preterminal ({preterminal.label} {preterminal.word}) has no token index")
    return preterminal.index


def _locate(node: Tree) -> tuple[Tree, bool]:
    """The head preterminal of `node`, and whether a nominal coordination heads it.

    Coordination propagates up through the head child only between nominal
    phrases, so `(NP (NP Anna and Paolo) (PP from Rome))` is coordinated but
    `(NP (NP the mother) (PP of (NP Anna and Paolo)))` is not.
    """
    if node.is_preterminal:
        return node, False
    category = phrase_category(node.label)
    if category in _NOMINAL_PHRASES:
        first = _first_conjunct(node.children)
        if first is not None:
            sub = first[0] if len(first) == 1 else Tree(node.label, children=first)
            return _locate(sub)[0], True
    if len(node.children) == 1:
        child = node.children[0]
    else:
        child = node.children[head_child_index(category, node.children)]
    head, coordinated = _locate(child)
    nominal_chain = category in _NOMINAL_PHRASES and phrase_category(child.label) in _NOMINAL_PHRASES
    return head, coordinated and nominal_chain


def _first_conjunct(children: Sequence[Tree]) -> list[Tree] | None:
    """The first conjunct of a nominal coordination, or None if it is not one.

    The children are split at CC/CONJP, after skipping an initial `both`,
    `either` or `neither` tagged CC. It is a coordination when there are at
    least two parts and the first and the last contain a noun, pronoun or
    nominal phrase: `red and white wine` (first part `red`) is one wine. The
    first conjunct is the first comma-separated piece of the first part that
    contains a noun (`apples , pears and plums` -> `apples`).
    """
    categories = [phrase_category(child.label) for child in children]
    i = 0
    while i < len(children) and (categories[i] in COORDINATORS or categories[i] in AVOID):
        i += 1
    parts: list[list[int]] = [[]]
    for j in range(i, len(children)):
        if categories[j] in COORDINATORS:
            parts.append([])
        else:
            parts[-1].append(j)
    parts = [part for part in parts if any(categories[j] not in AVOID for j in part)]
    if len(parts) < 2:
        return None
    if not all(any(categories[j] in _NOMINAL_PARTS for j in part) for part in (parts[0], parts[-1])):
        return None
    pieces: list[list[int]] = [[]]
    for j in parts[0]:
        if categories[j] in _LIST_SEPARATORS:
            pieces.append([])
        else:
            pieces[-1].append(j)
    for piece in pieces:
        if any(categories[j] in _NOMINAL_PARTS for j in piece):
            return [children[j] for j in piece]
    return None  # unreachable: parts[0] has a nominal child, so some piece does


def _lowest_cover(tree: Tree, start: int, end: int) -> Tree:
    """The smallest node whose tokens include start..end."""
    node = tree
    while not node.is_preterminal:
        for child in node.children:
            if child.start <= start and end <= child.end:
                node = child
                break
        else:
            break
    return node


def _subtrees_inside(node: Tree, start: int, end: int) -> list[Tree]:
    """The maximal subtrees of `node` lying inside start..end, left to right.

    Children that straddle a boundary of the span are opened up, so their
    inside parts become siblings of the fully covered children.
    """
    out: list[Tree] = []
    for child in node.children:
        first, last = child.start, child.end
        if last < start or first > end:
            continue
        if start <= first and last <= end:
            out.append(child)
        else:
            out.extend(_subtrees_inside(child, start, end))
    return out


def _fallback_index(start: int, end: int, pos: Sequence[str]) -> int:
    """Head without a tree: English NPs are head-final, so take the last noun.

    The last noun, pronoun or number of the span; else its last token that is
    not punctuation (or POS); else its last token.
    """
    span = range(end, start - 1, -1)
    for i in span:
        if pos[i] in _FALLBACK_HEAD_TAGS:
            return i
    for i in span:
        if pos[i] not in AVOID:
            return i
    return end
