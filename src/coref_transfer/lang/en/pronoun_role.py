"""The grammatical role of an English pronoun mention, read off the gold constituency tree or a UD dependency tree.

Italian puts a pronoun back in a form that depends on its role: a subject
is dropped (pro-drop), a direct object becomes a clitic before the verb
("lo vende"), a reflexive object the reflexive clitic ("si è reinventata"),
an emphatic -self a "lui stesso" next to the subject, a pronoun after a
preposition stays tonic ("per lui"), a possessive agrees with its noun.
Select records the role of every pronoun mention (`ROLES`, the mention's
`role` column) so that translation and refinement know which form the
English meant.

How the tree decides (the mention's node is the highest node spanning
exactly the pronoun, usually `(NP (PRP it))`; function tags are ignored),
and how a UD dependency tree decides the same (`pronoun_role_dep`, for
CorefUD input; the pronoun's relation to its head, or its dependents):

| role | where in the tree | where in the dependencies | example |
|---|---|---|---|
| `possessive` | PRP$, or hers/theirs/mine/ours/yours | the same (no tree needed) | "[their] father", "the credit is [hers]" |
| `subject` | NP child of a clause (S, SQ, SINV) | `nsubj` (`:pass`, `:outer`), `csubj`; `expl` unless after a verb other than *be*; a `reparandum` before its head (as the pronoun it repairs) | "[she] left", "said [he]", "[it] is clear that" |
| `object` | NP child of VP; or subject of a clause that is a verb's complement when the form is objective ("let [him] go") or the clause non-finite | `obj`, `iobj`, `expl` after a verb ("make [it] illegal to"); `nsubj` of an `xcomp`/`ccomp` after its verb, without a complementizer, in that case; a predicate after its `cop` ("that 's [it]") | "sell [it]" |
| `oblique` | NP child of PP | a `case` dependent (`obl`, `nmod`) | "for [them]" |
| `reflexive` | -self right after its verb (not *be*), subject of the verb's complement clause, or after a preposition (other than *by*) | `obj`/`iobj` etc. after its verb with nothing but adverbs between; `nsubj` of such a complement clause; a `case` dependent other than *by* | "reinvent [itself]", "felt [himself] move", "proud of [themselves]" |
| `emphatic` | -self after another complement of the verb or after *be*, in apposition, directly in the clause, or "by -self" | after another dependent of its verb, or after *be*; after a noun or pronoun it depends on (`appos`, `nmod:unmarked`); before its head; `nsubj` elsewhere; *by* | "sells the tickets [himself]", "he [himself]", "is [itself] evolving", "did it by [herself]" |
| `other` | anything else | anything else, and a pronoun heading a larger phrase (`conj`, `appos`, `acl`, `nmod`, `det`, ... dependents: "[she] , her mother and ...") | "it is [him]", an apposition |

(The tree makes "it is [him]" an `object`, an NP child of the VP; the
dependencies follow it, a predicate after its `cop`.)

`self_referent` gives the phrase a -self must corefer with: the subject
of its clause (climbing through subjectless infinitives, "it had to
reinvent [itself]"; through a relative clause to the noun it modifies), or
the noun phrase an apposed -self follows ("the president [himself]").
`self_referent_dep` reads the same off the dependencies: the noun an
apposed -self depends on, else the subject of the -self's head or of the
first word above it that has one (through `xcomp`, where the verb's object
comes first, "prompted [him] to provoke the duel himself", and conjuncts
and adverbial clauses); a relative pronoun subject of an `acl:relcl` stands
for the noun the clause modifies.

On the 177 OntoGUM/GUM train documents (the same texts with a gold
constituency and a gold UD tree) the two agree on 98.6% of the pronoun
mentions' roles (`scripts/dependency-agreement.py`): most differences are
spoken fragments the tree leaves out of any clause ("[I] guess").

Limits: the first of two objects ("gave [him] a book", an indirect
object) is `object` too; an NP adverbial ("[it] rained" aside) is read by
position only; without a tree every pronoun is `other`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from coref_transfer.deptree import DepTree
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


# ---- The same roles from a UD dependency tree (CorefUD input) ----

_SUBJECT_RELS = ("nsubj", "csubj")
_OBJECT_RELS = ("obj", "iobj")
_NOUN_PHRASE_RELS = ("conj", "appos", "acl", "nmod", "amod", "det", "nummod", "compound", "flat", "dep")
"""Dependents that make a pronoun the head of a larger noun phrase ("[she] , her mother and ...")."""
_NOMINAL_TAGS = frozenset(("NN", "NNS", "NNP", "NNPS", "PRP", "CD"))
_NONFINITE_TAGS = frozenset(("TO", "VB", "VBG", "VBN"))


def pronoun_role_dep(
    tokens: Sequence[str], pos: Sequence[str], deps: DepTree | None, start: int, end: int
) -> str | None:
    """`pronoun_role` read off a dependency tree (module docstring, last column of the table)."""
    if not is_pronoun(pos, start, end):
        return None
    word = tokens[start].lower()
    if pos[start] == "PRP$" or word in _POSSESSIVE_PRP:
        return "possessive"
    if deps is None:
        return "other"
    if word in SELF_WORDS:
        return _dep_self_role(tokens, pos, deps, start)
    return _dep_plain_role(tokens, pos, deps, start, word)


def _dep_plain_role(tokens: Sequence[str], pos: Sequence[str], deps: DepTree, i: int, word: str) -> str:
    if deps.children_with(i, *_NOUN_PHRASE_RELS):
        return "other"
    if deps.children_with(i, "case"):
        return "oblique"
    rel, h = deps.rel(i), deps.head(i)
    while rel == "reparandum" and h >= 0 and pos[h] == "PRP":  # "[I] — I shrunk it": as the repair
        rel, h = deps.rel(h), deps.head(h)
    if rel == "reparandum":
        rel = "nsubj" if i < h else "other"
    if rel == "expl":  # "[it] is clear that", "make [it] illegal to"
        rel = "obj" if h < i and pos[h].startswith("VB") and tokens[h].lower() not in _BE else "nsubj"
    if rel in _SUBJECT_RELS:
        if _complement_clause(pos, deps, h) and (word in OBJECTIVE_WORDS or _dep_nonfinite(pos, deps, h)):
            return "object"  # "let [him] go", "wanted [it] to end"
        return "subject"
    if rel in _OBJECT_RELS:
        return "object"
    cop = deps.children_with(i, "cop")
    if cop and cop[0] < i:  # "that 's [it]", but "is that [it]" has two subjects
        return "subject" if any(cop[0] < c < i for c in deps.children_with(i, "nsubj")) else "object"
    return "other"


def _complement_clause(pos: Sequence[str], deps: DepTree, clause: int) -> bool:
    """Whether `clause` is a verb's complement with no complementizer ("to" aside): an S right under a VP."""
    if clause < 0 or deps.rel(clause) not in ("xcomp", "ccomp") or clause < deps.head(clause):
        return False
    return not any(pos[c] != "TO" for c in deps.children_with(clause, "mark"))


def _dep_nonfinite(pos: Sequence[str], deps: DepTree, clause: int) -> bool:
    """Whether a clause's first verb is an infinitive or bare verb, or it has none ("to end", "go", "hard")."""
    verbs = [
        c for c in deps.children_with(clause, "aux", "cop", "mark") if pos[c] == "TO" or pos[c].startswith(("VB", "MD"))
    ]
    if pos[clause].startswith(("VB", "MD")):
        verbs.append(clause)
    if not verbs:
        return True
    return pos[min(verbs)] in _NONFINITE_TAGS


def _dep_self_role(tokens: Sequence[str], pos: Sequence[str], deps: DepTree, i: int) -> str:
    case = deps.children_with(i, "case")
    if case:
        return "emphatic" if tokens[case[0]].lower() == "by" else "reflexive"
    if deps.children_with(i, *_NOUN_PHRASE_RELS):
        return "other"
    h = deps.head(i)
    if h < 0:
        return "other"
    rel = deps.rel(i)
    if pos[h] in _NOMINAL_TAGS:
        return "emphatic" if h < i else "other"  # "the president [himself]"
    if rel in _SUBJECT_RELS or rel == "expl":
        return "reflexive" if _complement_clause(pos, deps, h) else "emphatic"
    if i < h:
        return "emphatic"  # "is [itself] evolving", "they [themselves] said"
    if tokens[h].lower() in _BE:
        return "emphatic"
    between = [
        c for c in deps.children(h) if h < c < i and deps.rel(c) not in ("advmod", "punct", "discourse", "compound")
    ]
    return "emphatic" if between else "reflexive"


def self_referent_dep(deps: DepTree | None, pos: Sequence[str], start: int, end: int) -> list[tuple[int, int]]:
    """`self_referent` read off a dependency tree: spans (inclusive) of the phrase a -self refers back to.

    An apposed -self (after a noun it depends on) refers to that noun's phrase,
    up to the -self. Otherwise the subject (`nsubj`, `csubj`, `expl`) of the
    -self's head, or of the first word above it that has one (climbing
    through `xcomp`, conjuncts, adverbial and other subjectless clauses);
    when that subject is the relative pronoun of a relative clause, the noun
    the clause modifies and the relative pronoun.
    """
    if deps is None:
        return []
    h = deps.head(start)
    if h < 0:
        return []
    if pos[h] in _NOMINAL_TAGS and h < start and not deps.children_with(start, "case"):
        return _dep_spans(deps, pos, h, start)
    clause, below, seen = h, start, set()
    while clause >= 0 and clause not in seen:
        seen.add(clause)
        subjects = [c for c in deps.children_with(clause, *_SUBJECT_RELS, "expl") if c != start]
        if deps.rel(below) == "xcomp" and below != start:  # "prompted [him] to provoke the duel himself"
            subjects = [c for c in deps.children_with(clause, *_OBJECT_RELS) if c != start] or subjects
        if subjects:
            subject = subjects[0]
            noun = deps.head(clause)
            if pos[subject] in ("WP", "WDT") and deps.deprels[clause] == "acl:relcl" and noun >= 0:
                return _dep_spans(deps, pos, noun, deps.extent(clause)[0]) + [(subject, subject)]
            return _dep_spans(deps, pos, subject)
        clause, below = deps.head(clause), clause
    return []


_HEAD_PART_RELS = ("flat", "compound", "fixed")
"""Right dependents that belong to a noun's own words ("Barack [Obama]" in UD's head-first `flat`)."""


def _dep_spans(deps: DepTree, pos: Sequence[str], head: int, stop: int | None = None) -> list[tuple[int, int]]:
    """The phrase of `head` (its subtree, cut before word `stop`), then its inner noun phrases: the head
    with its own words and what precedes it, and each apposition or conjunct."""
    first, last = deps.extent(head)
    if stop is not None:
        last = min(last, stop - 1)
    own = [head] + [deps.extent(c)[1] for c in deps.children_with(head, *_HEAD_PART_RELS) if c > head]
    phrases = [(first, last), (first, min(max(own), last))]
    phrases += [deps.extent(c) for c in deps.children_with(head, "appos", "conj") if c <= last]
    return list(dict.fromkeys(span for phrase in phrases for span in (phrase, _trim(deps, *phrase))))


def _trim(deps: DepTree, first: int, last: int) -> tuple[int, int]:
    """first..last without punctuation at its edges, nor a coordinator or preposition before it."""
    while first < last and deps.rel(first) in ("punct", "cc", "case", "mark"):
        first += 1
    while last > first and deps.rel(last) == "punct":
        last -= 1
    return first, last
