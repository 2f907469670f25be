"""UD-style dependency trees from English Penn Treebank constituency trees (the embedded sample as CorefUD).

The sample (`resources/sample`) is authored as PTB trees; writing it as
CorefUD (`corefud.writer`) needs a basic UD tree for each sentence. The
conversion is small and meant for tidy, hand-written trees, not for the
whole of OntoNotes:

1. **Heads** are the project's head rules (`lang.en.head_rules.head_child_index`,
   Collins as revised by Stanford, with the possessive clitic never a head),
   with UD's content-head choices on top: in a PP the object is the head and
   the preposition its `case` (`mark` before a clause); in an SBAR the clause
   is the head and the complementizer its `mark`; in a VP an auxiliary
   (a verb, modal or *to* followed by a VP) hangs off the VP's head as
   `aux` (`aux:pass` for *be*/*get* before a past participle; *to* is
   `mark`), and *be* before a predicate NP, ADJP, PP or ADVP is the
   predicate's `cop` (unless the clause's subject is *there*: then *be*
   heads, and its NP is the `nsubj`).
2. **Every other child's head word** is attached to the constituent's head
   word, with the relation of `_relation` (the table below); what it does
   not know is `dep`. `convert` returns the heads and the relations; the
   caller counts the `dep`s.

| child (in parent) | relation |
|---|---|
| punctuation tag | `punct` |
| CC, CONJP | `cc` (on the next conjunct) ; a conjunct after a coordinator or comma, in a coordination | `conj` |
| NP before the VP of a clause (S, SQ, SINV after its verb) | `nsubj` (`nsubj:pass` when its head has an `aux:pass`); EX: `expl` |
| NP in VP | `obj`; the first of two NPs `iobj`; a -self after another NP `obl:npmod` ("sells the tickets [himself]") |
| a verbless S in VP ("call [it] [their best novel]") | opened: its NP the verb's `obj`, its predicate `xcomp` |
| NP before the subject NP of a clause ("[Today] Roberto sells") | `obl:tmod`; a pronoun ("[I] - I have") `reparandum` of the subject |
| PP in VP, clause, ADJP or ADVP | `obl` ; PP in NP | `nmod` ; NP before the preposition of a PP ("[hours] after") | `obl:npmod` |
| NP with POS, PRP$, WP$ (in NP) | `nmod:poss`; POS | `case` |
| DT, PDT, WDT | `det` ; JJ*, ADJP, VBN/VBG in NP | `amod` ; NN*, NML before the head | `compound` ; CD, QP | `nummod` |
| RB*, ADVP, WHADVP | `advmod` ; PRT, RP | `compound:prt` ; INTJ, UH | `discourse` |
| NP after a noun and a comma | `appos` ; other NP in NP | `nmod` |
| SBAR with a WH word, in NP | `acl:relcl` ; SBAR, VP, S in NP | `acl` |
| S without a subject, in VP | `xcomp` ; S or SBAR (*that*, *whether*, a WH word, none) in VP | `ccomp` ; other SBAR | `advcl` |
| ADJP in VP (not a predicate of *be*) | `xcomp` |
| WHNP (relative or question word) | `nsubj` when the clause has no subject, else `obj` |
| S or PRN beside S (no coordinator; *so* and *yet* between clauses are `cc`) | `parataxis` |
| a name or pronoun NP in FRAG, INTJ ("Thanks , Giulia") | `vocative` (the first other child heads) |
| a verb before the VP of SQ, SINV ("will ye go", "is it time") | `aux`, `cop` (the VP or predicate heads) |
| the head of TOP | root (head -1) |

Known departures from real UD: names are head-final `compound`s
("Jeffrey [Beall]", where UD has `flat` on the first word) so that the
mention roots stay those of the head rules; no `nmod:tmod`,
`obl:agent`, `csubj`; an expletive *it* is a plain `nsubj`; a copula
before a clause (`the point is that ...`) keeps *be* as the head.
"""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.lang.en.head_rules import head_child_index, phrase_category
from coref_transfer.lang.en.pronouns import SELF_WORDS
from coref_transfer.tree import Tree

PUNCT_TAGS = frozenset({",", ".", ":", "``", "''", "-LRB-", "-RRB-", "HYPH", "NFP", "$", "#"})
_PUNCT = PUNCT_TAGS - {"$", "#"}
_BE = frozenset({"be", "is", "am", "are", "was", "were", "been", "being", "'s", "'re", "'m"})
_GET = frozenset({"get", "gets", "got", "gotten", "getting"})
_VERB_TAGS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD", "TO"})
_CLAUSES = frozenset({"S", "SQ", "SINV", "SBARQ"})
_PREDICATES = frozenset({"NP", "ADJP", "PP", "ADVP", "JJ", "JJR", "JJS"})
_COORD = frozenset({"CC", "CONJP"})
_NOMINAL = frozenset({"NP", "NML", "NX", "NN", "NNS", "NNP", "NNPS", "PRP", "CD"})
_WH = frozenset({"WHNP", "WHADVP", "WHPP", "WHADJP"})
_COMPLEMENTIZERS = frozenset({"that", "whether"})
_CLAUSE_COORDINATORS = frozenset({"so", "yet"})

UPOS = {
    "CC": "CCONJ", "CD": "NUM", "DT": "DET", "EX": "PRON", "FW": "X", "IN": "ADP", "JJ": "ADJ", "JJR": "ADJ",
    "JJS": "ADJ", "LS": "X", "MD": "AUX", "NN": "NOUN", "NNS": "NOUN", "NNP": "PROPN", "NNPS": "PROPN",
    "PDT": "DET", "POS": "PART", "PRP": "PRON", "PRP$": "PRON", "RB": "ADV", "RBR": "ADV", "RBS": "ADV",
    "RP": "ADP", "SYM": "SYM", "TO": "PART", "UH": "INTJ", "VB": "VERB", "VBD": "VERB", "VBG": "VERB",
    "VBN": "VERB", "VBP": "VERB", "VBZ": "VERB", "WDT": "PRON", "WP": "PRON", "WP$": "PRON", "WRB": "ADV",
    "$": "SYM", "#": "SYM", "HYPH": "PUNCT", "NFP": "PUNCT", "ADD": "X", "XX": "X", "AFX": "X",
}  # fmt: skip
"""PTB tag -> UPOS (punctuation tags are PUNCT; a verb that is an `aux` or `cop` is AUX: `upos`)."""


def upos(tag: str, deprel: str) -> str:
    """The UPOS of a word with PTB tag `tag` and relation `deprel`."""
    if tag in _PUNCT:
        return "PUNCT"
    if deprel.split(":")[0] in ("aux", "cop") and tag != "TO":
        return "AUX"
    return UPOS.get(tag, "X")


def convert(tree: Tree, tokens: Sequence[str], pos: Sequence[str]) -> tuple[list[int], list[str]]:
    """The UD heads (0-based, -1 for the root) and relations of the sentence whose gold tree is `tree`."""
    n = len(tokens)
    heads = [-1] * n
    rels = ["dep"] * n
    _Converter(tokens, pos, heads, rels).visit(tree)
    for i, rel in enumerate(rels):
        if rel == "nsubj" and heads[i] >= 0 and any(rels[j] == "aux:pass" and heads[j] == heads[i] for j in range(n)):
            rels[i] = "nsubj:pass"
    root = [i for i in range(n) if heads[i] < 0]
    for i in root:
        rels[i] = "root"
    for i in root[1:]:  # a forest (cannot happen from one tree, kept as a guard)
        heads[i], rels[i] = root[0], "parataxis"
    return heads, rels


class _Converter:
    def __init__(self, tokens: Sequence[str], pos: Sequence[str], heads: list[int], rels: list[str]) -> None:
        self.tokens, self.pos, self.heads, self.rels = tokens, pos, heads, rels
        self._small: set[int] = set()

    def visit(self, node: Tree) -> int:
        """Attach the words below `node`; return its head word."""
        if node.is_preterminal:
            assert node.index is not None
            return node.index
        cat = phrase_category(node.label)
        kids, small = self._small_clauses(cat, node.children)
        words = [self.visit(c) for c in kids]
        cats = [phrase_category(c.label) for c in kids]
        self._small = small
        if cat in _CLAUSES:  # "..., so I am scared": *so*, *yet* between clauses coordinate them
            cats = ["CC" if c == "IN" and self._word(w) in _CLAUSE_COORDINATORS else c for c, w in zip(cats, words)]
        h = self._head(cat, kids, cats, words)
        conjuncts = self._conjuncts(cats, h)
        for j, child in enumerate(kids):
            if j == h:
                continue
            w = words[j]
            rel = self._relation(cat, cats, j, h, words, conjuncts)
            if rel == "reparandum":
                repair = next(k for k in range(j + 1, h) if cats[k] == "NP")
                self.heads[w], self.rels[w] = words[repair], rel
                continue
            if rel == "cc" or (rel == "punct" and conjuncts and any(k > j for k in conjuncts)):
                nxt = next((k for k in sorted(conjuncts) if k > j), None)
                if nxt is not None:
                    self.heads[w], self.rels[w] = words[nxt], rel
                    continue
            self.heads[w], self.rels[w] = words[h], rel
        return words[h]

    def _small_clauses(self, cat: str, kids: list[Tree]) -> tuple[list[Tree], set[int]]:
        """A VP's children with each verbless clause ("call [it their best novel]") opened up, and the
        indexes of those clauses' predicates: the subject is the verb's `obj`, the predicate its `xcomp`."""
        if cat != "VP":
            return kids, set()
        out: list[Tree] = []
        small: set[int] = set()
        for child in kids:
            inner = [phrase_category(g.label) for g in child.children]
            core = [c for c in inner if c not in _PUNCT]
            if phrase_category(child.label) == "S" and "VP" not in inner and len(core) >= 2 and core[0] == "NP":
                subject = inner.index("NP")
                small.update(len(out) + k for k in range(subject + 1, len(inner)) if inner[k] not in _PUNCT)
                out.extend(child.children)
            else:
                out.append(child)
        return out, small

    # ---- heads ----

    def _head(self, cat: str, kids: Sequence[Tree], cats: list[str], words: list[int]) -> int:
        if len(kids) == 1:
            return 0
        h = head_child_index(cat, kids)
        if cat == "WHNP" and cats[h] == "WP$":  # "whose wife": the noun heads, *whose* is its nmod:poss
            h = max((j for j in range(len(kids)) if cats[j] in _NOMINAL), default=h)
        if cat in ("FRAG", "INTJ") and self.pos[words[h]] in ("NNP", "NNPS"):  # "Thanks , [Giulia]": a vocative
            h = next((j for j in range(len(kids)) if cats[j] not in _PUNCT), h)
        if cat == "PP" or cat == "WHPP":
            obj = next((j for j in range(h + 1, len(kids)) if cats[j] not in _PUNCT), None)
            if obj is not None and cats[h] in ("IN", "TO", "VBG", "VBN", "RP"):
                return obj
        if cat == "SBAR":
            clause = next((j for j in range(len(kids)) if cats[j] in _CLAUSES), None)
            if clause is not None:
                return clause
        if cat in ("VP", "SQ", "SINV") and cats[h] in _VERB_TAGS:  # "will [ye] also go": the VP heads
            vp = next((j for j in range(h + 1, len(kids)) if cats[j] == "VP"), None)
            if vp is not None:
                return vp
            if self._word(words[h]) in _BE and not self._there_subject(kids[h]):
                after = range(h + 2 if cat != "VP" else h + 1, len(kids))  # SQ: "Is [it] time": after the subject
                pred = next((j for j in after if cats[j] in _PREDICATES), None)
                if pred is not None:
                    return pred
        return h

    def _word(self, i: int) -> str:
        return self.tokens[i].lower()

    def _there_subject(self, verb: Tree) -> bool:
        """Whether the clause of the VP whose verb is `verb` has *there* as subject (existential *be*)."""
        i = verb.start - 1
        while i >= 0 and self.pos[i] in _PUNCT or self.pos[i] in ("RB", "MD"):
            i -= 1
        return i >= 0 and self.pos[i] == "EX"

    # ---- relations ----

    def _conjuncts(self, cats: list[str], h: int) -> list[int]:
        """The conjuncts other than the head of a coordination (children after a CC, or comma-listed ones)."""
        if not any(c in _COORD for c in cats[h + 1 :]):
            return []
        base = cats[h]
        out = []
        for j in range(h + 1, len(cats)):
            if cats[j] in _COORD or cats[j] in _PUNCT:
                continue
            if cats[j - 1] in _COORD or cats[j - 1] in (",", ":") or (base in _NOMINAL and cats[j] in _NOMINAL):
                out.append(j)
        return out

    def _relation(self, cat: str, cats: list[str], j: int, h: int, words: list[int], conjuncts: list[int]) -> str:
        c = cats[j]
        w = words[j]
        tag = self.pos[w]
        if c in _PUNCT:
            return "punct"
        if c in _COORD:
            return "cc"
        if j in conjuncts:
            return "conj"
        if c == "POS":
            return "case"
        if cat in ("PP", "WHPP") and j < h:
            if c in ("IN", "TO", "VBG", "VBN", "RP", "PP"):
                return "mark" if cats[h] in _CLAUSES or cats[h] == "SBAR" else "case"
            return "obl:npmod"  # "[hours] after a heavy storm"
        if cat == "SBAR" and j < h:
            if c in _WH:
                return self._wh_relation(c, words[h])
            return "mark"
        if c in ("EX",) or (c == "NP" and self.pos[w] == "EX"):
            return "expl"
        if cat in _CLAUSES or cat == "SBARQ":
            return self._clause_relation(cat, cats, j, h, w, words[h])
        if cat == "VP":
            return self._vp_relation(cats, j, h, words, w, tag)
        if cat in ("NP", "NML", "NX", "WHNP", "QP", "ADJP", "ADVP", "NAC"):
            return self._np_relation(cat, cats, j, h, w, tag)
        if cat in ("FRAG", "INTJ") and c == "NP" and self.pos[w] in ("NNP", "NNPS", "PRP"):
            return "vocative"
        if cat == "PRN":
            return "parataxis" if c in _CLAUSES else "dep"
        if c in ("ADVP", "RB", "RBR", "RBS", "WHADVP"):
            return "advmod"
        if c in ("INTJ", "UH"):
            return "discourse"
        if c == "PP":
            return "obl"
        return "dep"

    def _wh_relation(self, c: str, clause_head: int) -> str:
        if c in ("WHADVP",):
            return "advmod"
        if c in ("WHPP",):
            return "obl"
        subject = any(
            self.heads[k] == clause_head and self.rels[k] in ("nsubj", "expl") for k in range(len(self.heads))
        )
        return "obj" if subject else "nsubj"

    def _clause_relation(self, cat: str, cats: list[str], j: int, h: int, w: int, head_word: int) -> str:
        c = cats[j]
        if c == "NP":
            if j < h and any(cats[k] == "NP" for k in range(j + 1, h)):
                if self.pos[w] == "PRP":
                    return "reparandum"  # "[I] - I have never framed it": on the repeated pronoun (`visit`)
                return "obl:tmod"  # "[Today] Roberto sells ...": the NP next to the predicate is the subject
            if j < h or cat in ("SQ", "SINV"):
                return "nsubj"
            return "obl"
        if c in ("ADVP", "RB", "WHADVP"):
            return "advmod"
        if c in ("PP",):
            return "obl"
        if c == "SBAR":
            return "advcl"
        if c in _CLAUSES or c == "PRN":
            return "parataxis" if cat != "SBARQ" else "dep"
        if c in ("INTJ", "UH"):
            return "discourse"
        if c in _VERB_TAGS:
            return self._aux(w, head_word)
        if c == "VP":
            return "advcl"
        if c in _WH:  # a question word before the clause's verb ("[what] did she say")
            return "advmod" if c == "WHADVP" else "obj"
        return "dep"

    def _aux(self, w: int, head_word: int) -> str:
        if self.pos[w] == "TO":
            return "mark"
        if self._word(w) in _BE and self.pos[head_word] not in _VERB_TAGS:
            return "cop"
        passive = self.pos[head_word] == "VBN" and (self._word(w) in _BE or self._word(w) in _GET)
        return "aux:pass" if passive else "aux"

    def _vp_relation(self, cats: list[str], j: int, h: int, words: list[int], w: int, tag: str) -> str:
        c = cats[j]
        head_word = words[h]
        if c in _VERB_TAGS and j < h:
            if c != "TO" and self._word(w) in _BE and cats[h] != "VP":
                return "cop"
            return self._aux(w, head_word)
        if j in self._small:
            return "xcomp"
        if c == "NP":
            if self._word(w) in SELF_WORDS and any(cats[k] == "NP" for k in range(h + 1, j)):
                return "obl:npmod"  # "sells the tickets [himself]"
            nps = [
                k
                for k in range(len(cats))
                if cats[k] == "NP"
                and k > h
                and k not in self._small
                and not (
                    self._word(words[k]) in SELF_WORDS
                    and k != min(k2 for k2 in range(h + 1, len(cats)) if cats[k2] == "NP")
                )
            ]
            if j < h:
                return "nsubj"
            if self._word(head_word) in _BE and self._there_before(head_word):
                return "nsubj"
            if len(nps) >= 2 and j == nps[0]:
                return "iobj"
            return "obj"
        if c == "PP":
            return "obl"
        if c in ("ADVP", "RB", "RBR", "RBS", "WHADVP"):
            return "advmod"
        if c in ("PRT", "RP"):
            return "compound:prt"
        if c in ("S",):
            return "xcomp" if not self._has_subject(words[j]) else "ccomp"
        if c == "SBAR":
            mark = [
                k
                for k in range(len(self.heads))
                if self.heads[k] == w and self.rels[k] in ("mark", "nsubj", "obj", "advmod") and k < w
            ]
            first = min(mark) if mark else None
            if first is None or self._word(first) in _COMPLEMENTIZERS or self.pos[first].startswith("W"):
                return "ccomp"
            return "advcl"
        if c in ("ADJP", "JJ", "JJR", "JJS"):
            return "xcomp"
        if c in ("INTJ", "UH"):
            return "discourse"
        if c == "VP":
            return "conj" if any(cats[k] in _COORD for k in range(len(cats))) else "advcl"
        if c in _CLAUSES:
            return "ccomp"
        return "dep"

    def _there_before(self, verb: int) -> bool:
        return any(self.heads[k] == verb and self.pos[k] == "EX" for k in range(verb)) or (
            verb > 0 and self.pos[verb - 1] == "EX"
        )

    def _has_subject(self, clause_head: int) -> bool:
        return any(
            self.heads[k] == clause_head and self.rels[k].startswith(("nsubj", "expl")) for k in range(len(self.heads))
        )

    def _np_relation(self, cat: str, cats: list[str], j: int, h: int, w: int, tag: str) -> str:
        c = cats[j]
        if c in ("DT", "PDT", "WDT"):
            return "det"
        if c in ("PRP$", "WP$"):
            return "nmod:poss"
        if c in ("NP", "NML", "WHNP") and j < h:
            if self._possessor(w):
                return "nmod:poss"
            return "compound" if c == "NML" else ("compound" if self.pos[w].startswith("NN") else "nmod")
        if c in ("NN", "NNS", "NNP", "NNPS", "FW") and j < h:
            return "compound"
        if c in ("JJ", "JJR", "JJS", "ADJP", "VBN", "VBG"):
            return "amod"
        if c in ("CD", "QP"):
            return "nummod"
        if c in ("RB", "RBR", "RBS", "ADVP", "WHADVP"):
            return "advmod"
        if c in ("PP", "WHPP"):
            return "obl" if cat in ("ADJP", "ADVP") else "nmod"
        if c == "SBAR":
            first = [k for k in range(len(self.heads)) if self.heads[k] == w and k < w]
            if first and self.pos[min(first)].startswith("W"):
                return "acl:relcl"
            return "acl"
        if c in ("VP", "S", "RRC"):
            return "acl"
        if c in ("NP", "NML"):
            return "appos" if j > h and cats[j - 1] in (",", ":", "-LRB-") else "nmod"
        if c == "POS":
            return "case"
        if c in ("IN", "TO"):
            return "case"
        return "dep"

    def _possessor(self, w: int) -> bool:
        return any(self.heads[k] == w and self.pos[k] == "POS" for k in range(len(self.heads)))
