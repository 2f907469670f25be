"""The grammatical role of an English pronoun mention, read off the gold constituency tree.

Italian puts a pronoun back in a form that depends on its role: a subject
is dropped (pro-drop), a direct object becomes a clitic before the verb
("lo vende"), a reflexive object the reflexive clitic ("si è reinventata"),
an emphatic -self a "lui stesso" next to the subject, a pronoun after a
preposition stays tonic ("per lui"), a possessive agrees with its noun.
Select records the role of every pronoun mention (`ROLES`, the mention's
`role` column) so that translation and refinement know which form the
English meant.

How the tree decides (the mention's node is the highest node spanning
exactly the pronoun, usually `(NP (PRP it))`; function tags are ignored):

| role | where | example |
|---|---|---|
| `possessive` | PRP$, or hers/theirs/mine/ours/yours | "[their] father", "the credit is [hers]" |
| `subject` | NP child of a clause (S, SQ, SINV) | "[she] left", "said [he]" |
| `object` | NP child of VP; or subject of a clause that is a verb's complement when the form is objective ("let [him] go") | "sell [it]" |
| `oblique` | NP child of PP | "for [them]" |
| `reflexive` | -self right after its verb (not *be*), subject of the verb's complement clause, or after a preposition (other than *by*) | "reinvent [itself]", "felt [himself] move", "proud of [themselves]" |
| `emphatic` | -self after another complement of the verb or after *be*, in apposition, directly in the clause, or "by -self" | "sells the tickets [himself]", "he [himself]", "is [itself] evolving", "did it by [herself]" |
| `other` | anything else | "it is [him]", an apposition |

`self_referent` gives the phrase a -self must corefer with: the subject
of its clause (climbing through subjectless infinitives, "it had to
reinvent [itself]"; through a relative clause to the noun it modifies), or
the noun phrase an apposed -self follows ("the president [himself]").

Limits: the first of two objects ("gave [him] a book", an indirect
object) is `object` too; an NP adverbial ("[it] rained" aside) is read by
position only; without a tree every pronoun is `other`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from coref_transfer.lang.en.pronouns import OBJECTIVE_WORDS, SELF_WORDS
from coref_transfer.tree import Tree

ROLES = ("subject", "object", "reflexive", "emphatic", "oblique", "possessive", "other")
"""Every role, in the order stats.json lists them."""
SELF_ROLES = ("reflexive", "emphatic")
"""The roles a -self pronoun can be rendered in."""

_CLAUSES = frozenset(("S", "SQ", "SINV"))
_BE = frozenset(("be", "is", "are", "was", "were", "been", "being", "am", "'s", "'re", "'m"))
_POSSESSIVE_PRP = frozenset(("hers", "theirs", "mine", "ours", "yours"))


def is_pronoun(pos: Sequence[str], start: int, end: int) -> bool:
    """Whether the mention start..end is a one-token personal or possessive pronoun."""
    return start == end and pos[start] in ("PRP", "PRP$")


def pronoun_role(tokens: Sequence[str], pos: Sequence[str], tree: Tree | None, start: int, end: int) -> str | None:
    """The role (`ROLES`) of the pronoun mention start..end, or None when the mention is not a pronoun."""
    if not is_pronoun(pos, start, end):
        return None
    word = tokens[start].lower()
    if pos[start] == "PRP$" or word in _POSSESSIVE_PRP:
        return "possessive"
    path = _path(tree, start, end) if tree is not None else []
    if len(path) < 2:
        return "other"
    if word in SELF_WORDS:
        return _self_role(path)
    return _plain_role(path, word)


def self_referent(tree: Tree | None, start: int, end: int) -> list[tuple[int, int]]:
    """Spans (inclusive) of the phrase a -self at start..end must corefer with: [] when none is found.

    The phrase itself first, then its inner noun phrases (an apposed or
    modified subject, "Roberto, my father", "the man who ..."): a mention of
    the -self's chain on any of them makes the -self renderable.
    """
    path = _path(tree, start, end) if tree is not None else []
    if len(path) < 2:
        return []
    node, parent = path[-1], path[-2]
    if _cat(parent) == "NP":
        before = [c for c in parent.children if c.end < node.start and _cat(c) == "NP"]
        if before:
            return _spans(before[-1])
    for i in range(len(path) - 2, -1, -1):
        anc = path[i]
        if _cat(anc) not in _CLAUSES:
            continue
        subject = _subject(anc, node)
        if subject is not None:
            return _spans(subject)
        if i >= 2 and _cat(path[i - 1]) == "SBAR" and _cat(path[i - 2]) == "NP":
            np = path[i - 2]
            heads = [c for c in np.children if _cat(c) == "NP" and c.end < path[i - 1].start]
            wh = [c for c in path[i - 1].children if _cat(c) == "WHNP"]
            return [s for c in heads[-1:] + wh for s in _spans(c)]
    return []


def _spans(node: Tree) -> list[tuple[int, int]]:
    out = [(node.start, node.end)]
    if not node.is_preterminal:
        out += [(c.start, c.end) for c in node.children if _cat(c) == "NP"]
    return out


def _subject(clause: Tree, below: Tree) -> Tree | None:
    """The NP subject of a clause: its NP child before the VP (after the verb in SINV), not the node itself."""
    children = clause.children
    nps = [c for c in children if _cat(c) == "NP" and not (c.start <= below.start and below.end <= c.end)]
    if not nps:
        return None
    vp = next((c for c in children if _cat(c) == "VP"), None)
    if vp is None or _cat(clause) == "SINV":
        return nps[0]
    before = [c for c in nps if c.end < vp.start]
    return before[-1] if before else None


_ANNOTATION = re.compile(r"[-=]")


def _cat(node: Tree) -> str:
    """The bare category of a node (`NP-SBJ-1` is an NP; `-NONE-` stays itself)."""
    label = node.label
    return label if label.startswith("-") else (_ANNOTATION.split(label, maxsplit=1)[0] or label)


def _path(tree: Tree, start: int, end: int) -> list[Tree]:
    """Root-to-node path to the highest node spanning exactly start..end ([] when the span is not a node)."""
    path = [tree]
    node = tree
    while not (node.start == start and node.end == end):
        if node.is_preterminal:
            return []
        inner = next((c for c in node.children if c.start <= start and end <= c.end), None)
        if inner is None:
            return []
        node = inner
        path.append(node)
    return path


def _plain_role(path: list[Tree], word: str) -> str:
    parent = _cat(path[-2])
    if parent == "PP":
        return "oblique"
    if parent == "VP":
        return "object"
    if parent in _CLAUSES:
        grand = _cat(path[-3]) if len(path) >= 3 else ""
        if grand == "VP" and (word in OBJECTIVE_WORDS or _nonfinite(path[-2])):
            return "object"  # a verb's complement clause: "let [him] go", "wanted [it] to end"
        return "subject"
    return "other"


def _nonfinite(clause: Tree) -> bool:
    """Whether a clause's verb phrase is an infinitive or bare verb ("to end", "go")."""
    vp = next((c for c in clause.children if _cat(c) == "VP"), None)
    if vp is None:
        return True
    first = vp.children[0]
    return first.is_preterminal and first.label in ("TO", "VB", "VBG", "VBN")


def _self_role(path: list[Tree]) -> str:
    node, parent = path[-1], path[-2]
    cat = _cat(parent)
    if cat == "NP":
        before = any(_cat(c) == "NP" and c.end < node.start for c in parent.children)
        return "emphatic" if before else "other"
    if cat in _CLAUSES:
        grand = _cat(path[-3]) if len(path) >= 3 else ""
        return "reflexive" if grand == "VP" else "emphatic"  # "felt [himself] move" / "[they] themselves said"
    if cat == "ADVP":
        return "emphatic"
    if cat == "PP":
        prep = parent.children[0]
        if prep.is_preterminal and prep.word is not None and prep.word.lower() == "by":
            return "emphatic"  # "by herself": alone, "da sola"
        return "reflexive"
    if cat == "VP":
        verb = next((c for c in parent.children if c.is_preterminal and c.label.startswith(("VB", "MD"))), None)
        if verb is None or verb.end > node.start:
            return "other"
        if verb.word is not None and verb.word.lower() in _BE:
            return "emphatic"  # "the law is [itself] evolving"
        between = [c for c in parent.children if verb.end < c.start and c.end < node.start]
        if any(_cat(c) not in ("ADVP", "RB") for c in between):
            return "emphatic"  # after another complement: "sells the tickets [himself]"
        return "reflexive"
    return "other"
