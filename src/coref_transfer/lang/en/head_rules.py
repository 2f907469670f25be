"""Head-percolation rules of English phrase structure: which child heads a Penn Treebank constituent.

The rules of Collins (1999) as revised by Stanford CoreNLP (the comment above
`_HEAD_RULES` lists the revisions), with one change of the project's: the
possessive clitic (POS `'s`) is never a head (`Maria 's` is about Maria,
`Maria 's car` about the car), so POS is left out of the NP rows and never
chosen by the default. They are knowledge of English, shared by the stage
that finds a mention's root (`select.heads`, which adds coordination and
non-constituent spans on top) and by the PTB-to-UD conversion
(`lang.en.dependencies`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from coref_transfer.tree import Tree

_Row = tuple[tuple[str, tuple[str, ...]], ...]


def _row(*steps: tuple[str, str]) -> _Row:
    """A head rule written as (direction, "space separated categories") steps."""
    return tuple((direction, tuple(categories.split())) for direction, categories in steps)


# Head rules of Collins (1999), "Head-Driven Statistical Models for Natural
# Language Parsing", PhD thesis, Appendix A (pp. 236-238), in the revision of
# Stanford CoreNLP's ModCollinsHeadFinder: Collins' rows and NP procedure, with
# punctuation avoided by the default, IN dropped from S (the verb heads the
# clause), CD preferred to RB in QP (`about 200` -> 200), PRP/DT/WDT added to
# NP, JJ/SYM/PP added to PP, and rows for TOP/ROOT, X, NML, JJP, META and
# EDITED. Our change: POS is removed from the NP rows and Stanford's POSSP row
# is left out (the module docstring).
#
# A row is a list of steps tried in order; a step is a direction and categories:
#   left / right        for each category in turn, the first child that has
#                       it, scanning children from the left / from the right;
#   leftdis / rightdis  the first child, scanning from the left / right, that
#                       has any of the categories.
# When no step matches, the head is the first child in the direction of the
# last step that is not punctuation or POS (the leftmost for unknown labels).
# Either way Collins' coordination fix follows (`_before_coordinator`).
_NP_ROW = _row(
    ("rightdis", "NN NNP NNPS NNS NML NX JJR"),
    ("left", "NP PRP"),
    ("rightdis", "$ ADJP JJP PRN FW"),
    ("right", "CD"),
    ("rightdis", "JJ JJS RB QP DT WDT RBR ADVP"),
)
_ROOT_ROW = _row(("left", "S SQ SINV SBAR FRAG"))
_HEAD_RULES: dict[str, _Row] = {
    "ADJP": _row(
        ("left", "$"),
        ("rightdis", "NNS NN JJ JJP JJR JJS QP VBN VBG"),
        ("left", "ADJP"),
        ("rightdis", "DT RB RBR CD IN VBD"),
        ("left", "ADVP NP"),
    ),
    "JJP": _row(("left", "NNS NN $ QP JJ VBN VBG ADJP JJP JJR NP JJS DT FW RBR RBS SBAR RB")),
    "ADVP": _row(
        ("left", "ADVP IN"),
        ("rightdis", "RB RBR RBS JJ JJR JJS"),
        ("rightdis", "RP DT NN CD NP VBN NNP CC FW NNS ADJP NML"),
    ),
    "CONJP": _row(("right", "CC RB IN")),
    "EDITED": _row(("left", "VP SQ S SINV SBAR NP ADJP PP ADVP INTJ WHNP NAC VBP JJ NN NNP")),
    "FRAG": _row(("right", "")),
    "INTJ": _row(("left", "")),
    "LST": _row(("right", "LS :")),
    "META": _row(("left", "")),
    "NAC": _row(
        ("rightdis", "NN NNS NNP NNPS"),
        ("left", "NML NP NAC EX $ CD QP PRP VBG JJ JJS JJR ADJP JJP FW"),
    ),
    "NML": _NP_ROW,
    "NP": _NP_ROW,
    "NX": _NP_ROW,
    "PP": _row(("right", "IN TO VBG VBN RP FW JJ SYM"), ("left", "PP")),
    "PRN": _row(("left", "VP NP PP SQ S SINV SBAR ADJP JJP ADVP INTJ WHNP NAC VBP JJ NN NNP")),
    "PRT": _row(("right", "RP")),
    "QP": _row(("left", "$ IN NNS NN JJ CD PDT DT RB NCD QP JJR JJS")),
    "ROOT": _ROOT_ROW,
    "RRC": _row(("left", "RRC"), ("right", "VP ADJP JJP NP PP ADVP")),
    "S": _row(("left", "TO VP S FRAG SBAR ADJP JJP UCP NP")),
    "SBAR": _row(("left", "WHNP WHPP WHADVP WHADJP IN DT S SQ SINV SBAR FRAG")),
    "SBARQ": _row(("left", "SQ S SINV SBARQ FRAG SBAR")),
    "SINV": _row(("left", "VBZ VBD VBP VB MD VBN VP S SINV ADJP JJP NP")),
    "SQ": _row(("left", "VBZ VBD VBP VB MD AUX AUXG VP SQ")),
    "TOP": _ROOT_ROW,
    "UCP": _row(("right", "")),
    "VP": _row(("left", "TO VBD VBN MD VBZ VB VBG VBP VP AUX AUXG ADJP JJP NN NNS JJ NP NNP")),
    "WHADJP": _row(("left", "WRB WHADVP RB JJ ADJP JJP JJR")),
    "WHADVP": _row(("right", "WRB WHADVP")),
    "WHNP": _row(("left", "WDT WP WP$ WHADJP WHPP WHNP")),
    "WHPP": _row(("right", "IN TO FW")),
    "X": _row(("right", "S VP ADJP JJP NP SBAR PP X")),
}
_UNKNOWN_ROW = _row(("left", ""))

# Never chosen by the default when anything else is there: the PTB punctuation
# tags (plus OntoNotes' HYPH and NFP), empty elements, and the possessive clitic.
AVOID = frozenset({",", ".", ":", "``", "''", "-LRB-", "-RRB-", "HYPH", "NFP", "-NONE-", "POS"})
COORDINATORS = frozenset({"CC", "CONJP"})

_ANNOTATION_RE = re.compile(r"[-=]")


def phrase_category(label: str) -> str:
    """The bare category of a label: `NP-SBJ-1` and `NP=2` are NPs.

    Labels that start with a dash (`-LRB-`, `-NONE-`) are categories themselves.
    """
    if label.startswith("-"):
        return label
    return _ANNOTATION_RE.split(label, maxsplit=1)[0] or label


def head_child_index(category: str, children: Sequence[Tree]) -> int:
    """Apply the head rule of `category` to the children (Collins' procedure): the index of the head child.

    Used by `select.heads` (mention roots) and `lang.en.dependencies`, which converts the sample's trees to UD
    with these same rules.
    """
    categories = [phrase_category(child.label) for child in children]
    row = _HEAD_RULES.get(category, _UNKNOWN_ROW)
    for direction, targets in row:
        found = _search(direction, targets, categories)
        if found is not None:
            return _before_coordinator(found, categories)
    direction = row[-1][0]
    for i in _scan(direction, len(categories)):
        if categories[i] not in AVOID:
            return _before_coordinator(i, categories)
    return 0 if direction.startswith("left") else len(categories) - 1


def _scan(direction: str, n: int) -> range:
    return range(n) if direction.startswith("left") else range(n - 1, -1, -1)


def _search(direction: str, targets: tuple[str, ...], categories: list[str]) -> int | None:
    order = _scan(direction, len(categories))
    if direction.endswith("dis"):
        for i in order:
            if categories[i] in targets:
                return i
        return None
    for target in targets:
        for i in order:
            if categories[i] == target:
                return i
    return None


def _before_coordinator(i: int, categories: list[str]) -> int:
    """Collins' coordination fix: in `X CC Y` the head is X, not Y.

    The rules often land on the last conjunct (rightmost noun, rightmost
    adjective); the head moves to the conjunct before the coordinator,
    skipping punctuation (`X , and Y`).
    """
    if i >= 2 and categories[i - 1] in COORDINATORS:
        j = i - 2
        while j >= 0 and categories[j] in AVOID:
            j -= 1
        if j >= 0:
            return j
    return i
