"""Synthetic Italian training sentences with gold UD analyses, for the constructions the rules read.

Why: the refinement rules lean on the parser exactly where the UD training
data is thin (see the UD README in the shared data, pitfalls 2-3): subjects
(nsubj LAS-F about 65-70 on the test files), 2nd person ("Tu sei ..." tags
"sei" as the number six), sentence-initial possessives and demonstratives
("Mia madre ...", "Quelle ragazze ..."), and clitics. This module writes
sentences for these constructions from templates and small vocabularies
written here, each with its UD analysis in CoNLL-U, following the
conventions of UD Italian ISDT (the treebank reported on): Tanl XPOS tags
(S, V, VA, VM, RD, RI, AP, DD, PE, PC, BN, B, E, SP, A, FS, FF), ISDT's
features and lemmas, modals as `aux` of the infinitive, the copula as `cop`
of its predicate, the passive as `aux` + `aux:pass` with `nsubj:pass` and
`obl:agent`, clitics as `obj`/`iobj` (`expl` for the clitic of a pronominal
verb: "si alza"), and enclitics and articulated prepositions as multi-word
tokens ("vederlo" = "veder" + "lo", "dalla" = "da" + "la") which
`coref_transfer.parsing.ud` merges as spaCy's tokenizer keeps them.

What it covers: explicit subjects (pronouns io ... loro, names, noun phrases
with an article, a possessive or a demonstrative; coordinated subjects),
before the verb and after it ("Arriva mia madre.", "Lavoro io.",
"Dove lavora tua sorella?"), with avere/essere auxiliaries and participle
agreement, passives, essere + predicate adjective or noun; 1st/2nd person
with and without a subject pronoun, questions, imperatives (2nd singular and
plural); possessives (bare before a singular kinship noun, "Mia madre";
with the article elsewhere, "La loro casa", "I miei fratelli") and
demonstratives (quel/quello/quell'/quei/quegli/quella/quelle, questo/...)
at the start of the sentence and elsewhere; proclitics lo/la/li/le/gli/le/
mi/ti/ci/vi/si before finite verbs and auxiliaries, enclitics on
infinitives (after a modal or "per"), gerunds and imperatives, and clitic
climbing ("lo vuole vedere"). Articles, demonstratives and possessives come
from `coref_transfer.lang.it` (one copy of those tables).

Limits: present and present-perfect indicative only (no past, future,
subjunctive or conditional); no elided clitics (l'ha visto), no clitic
clusters (glielo, me lo), no negative imperative, no relative or
subordinate clauses beyond gerunds and "per" + infinitive; the vocabulary is
small (about 40 nouns, 35 verbs, 20 adjectives), so the sentences teach
structure, not words; sentences are short and plain, unlike news or
parliamentary text, which is why they are mixed into the treebanks rather
than used alone. Semantics is constrained by noun classes (people read
books, books do not read) but not beyond that.

Layout: the vocabulary is `parsing.synthetic_vocabulary`, the templates
(`Generator`) `parsing.synthetic_templates`, a sentence and its CoNLL-U block
`parsing.synthetic_sentence`; this module draws distinct sentences
(`generate`) and writes them (`to_conllu`, `write_conllu`).
"""

from __future__ import annotations

from pathlib import Path

from coref_transfer.parsing.synthetic_sentence import Sentence
from coref_transfer.parsing.synthetic_templates import Generator


def generate(n: int = 1200, seed: int = 13) -> list[Sentence]:
    """`n` distinct synthetic sentences (by text), the same for the same seed."""
    gen = Generator(seed)
    seen: set[str] = set()
    out: list[Sentence] = []
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 50 * n:
            raise RuntimeError(f"only {len(out)} distinct sentences after {tries} tries")
        s = gen.sentence()
        text = s.text()
        if text not in seen:
            seen.add(text)
            out.append(s)
    return out


def to_conllu(sentences: list[Sentence], prefix: str = "synthetic") -> str:
    """CoNLL-U text of the sentences (one block each, blank-line separated)."""
    return "\n\n".join(s.conllu(f"{prefix}-{i + 1}") for i, s in enumerate(sentences)) + "\n\n"


def write_conllu(path: str | Path, n: int = 1200, seed: int = 13) -> Path:
    """Generate `n` sentences with `seed` and write them as a CoNLL-U file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_conllu(generate(n, seed)), encoding="utf-8")
    return path
