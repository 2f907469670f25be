"""`augment`'s renaming on real Italian: UD gold sentences with person names, renamed, checked and shown.

The dataset's Italian is machine-translated; the UD treebanks' gold text is
real, correct Italian with real names in it ("il presidente Carlo Azeglio
Ciampi", "a Romano Prodi", "d'Alema"). UD has no coreference, so each run of
proper nouns that `augment` would read as a person's name is one mention of
its own chain, a person whose gender is its first name's (gender-guesser, the
project's lists; runs of two words or more, since a single first-name-like
word is often a place here: "America", "Francia"; none after an article:
"gli Stati Uniti") or its title's ("signora"); other runs are left alone,
as augment leaves things alone. Each sentence is one document part, renamed as
augment renames a part (`augment.plan_part`, `augment.copy_part`).

The checks read the result with the project's own Italian rules, which do not
know how the names were chosen:

- euphony: before e/ed, a/ad, o/od the word is what `lang.it.euphony`
  says it must be before the new name (or one of two usual forms);
- elision: a word ending in an apostrophe stands before a name that starts
  with a vowel (`articles.starts_with_vowel`);
- article: where il/lo/la/l'/un/uno/una/un' before the old name is the form
  `articles.definite_article`/`indefinite_article` gives it, it is the form
  they give the new name;
- tree: one root, heads inside the sentence, no cycle; the mention covers
  the new name's words, its head is the name's first word.

Usage: python scripts/augment-ud.py [--ud ../shared/data/ud] [--split train|dev|test] [--examples 40] [--seed 13]
(develop on train and dev; report on test).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "src"))

from coref_transfer.classes import MentionClass
from coref_transfer.export import augment
from coref_transfer.export.rows import DocumentPart, head_token
from coref_transfer.lang.it import articles, euphony
from coref_transfer.model import Span, span_root
from coref_transfer.records import RefinedMention, RefinedUtterance
from coref_transfer.refine.harm import split_files
from coref_transfer.ud_files import sentence_blocks

TITLE_GENDER = {"signor": "masc", "signore": "masc", "signora": "fem", "signorina": "fem", "dottoressa": "fem",
                "professoressa": "fem", "senatrice": "fem", "direttrice": "fem"}  # fmt: skip


def words(block: list[str]) -> list[list[str]]:
    """The syntactic words of a CoNLL-U sentence block (no multiword ranges, no empty nodes)."""
    out = []
    for line in block:
        if line.startswith("#"):
            continue
        cols = line.split("\t")
        if cols[0].isdigit():
            out.append(cols)
    return out


def person_mentions(row: RefinedUtterance) -> list[RefinedMention]:
    """One person mention per proper-noun run augment reads as a person's name (see the module docstring)."""
    mentions: list[RefinedMention] = []
    i, n, cluster = 0, len(row.tokens), 1
    while i < n:
        if row.upos[i] != "PROPN":
            i += 1
            continue
        j = i
        while j < n and row.upos[j] == "PROPN":
            j += 1
        parts = augment.name_parts(row, i, j) or []
        gender = None
        for kind, s, e in parts:
            if kind == augment.FIRST:
                gender = augment.known_first_name(" ".join(row.tokens[s:e])) or augment.known_first_name(row.tokens[s])
        if i > 0 and articles.article_kind(row.tokens[i - 1]):
            gender = None  # "gli Stati Uniti", "la Callas": a person's name rarely takes an article
        if gender is not None and j - i < 2:
            gender = None  # a single first-name-like word is too often a place or a thing here ("America")
        if gender is None and parts and i > 0:
            gender = TITLE_GENDER.get(row.tokens[i - 1].lower())
        if gender in ("fem", "masc"):
            cls = MentionClass("person", gender, "sing", ("ud", "ud", "ud"))
            mentions.append(RefinedMention(cluster, Span(i, j - 1), Span(i, j - 1), cls))
            cluster += 1
        i = j
    return mentions


def rows_of(path: Path):
    for line, block in sentence_blocks(path):
        cols = words(block)
        if not cols:
            continue
        row = RefinedUtterance(
            partition="train-ud-gold", doc_id=f"ud/gold/00/{path.stem}_{line:07d}", part=0, sentence=0, speaker="-",
            text_before="", tokens_before=[c[1] for c in cols], text=" ".join(c[1] for c in cols),
            tokens=[c[1] for c in cols], lemmas=[c[2] for c in cols], upos=[c[3] for c in cols],
            xpos=[c[4] if c[4] != "_" else "" for c in cols], feats=[c[5] for c in cols],
            heads=[int(c[6]) - 1 for c in cols], deprels=[c[7] for c in cols],
        )  # fmt: skip
        row.mentions = person_mentions(row)
        if row.mentions:
            yield f"{path.name}:{line}", row


def tree_ok(row: RefinedUtterance) -> bool:
    n = len(row.heads)
    if sum(h == -1 for h in row.heads) != 1 or not all(-1 <= h < n for h in row.heads):
        return False
    for i in range(n):
        seen, h = set(), i
        while h != -1:
            if h in seen:
                return False
            seen.add(h)
            h = row.heads[h]
    return True


def context_problems(old: RefinedUtterance, new: RefinedUtterance, span: Span, before: str, gender: str) -> list[str]:
    """What the Italian rules say about the word before a renamed mention's new first word."""
    problems = []
    name = new.tokens[span.start]
    if span.start == 0:
        return problems
    lower = articles.plain_form(before)
    if lower in euphony.EUPHONIC or lower in euphony.PLAIN or lower == "o":
        wanted = euphony.euphonic_form(before, name)
        if wanted is not None and wanted != before:
            problems.append(f"euphony: {before} {name} (wants {wanted})")
    if before.endswith(("'", "’")) and not articles.starts_with_vowel(name):
        problems.append(f"elision: {before}{name}")
    kind = articles.article_kind(before)
    if kind is not None:  # the article the rules give the name, where they gave the old name this one

        def form(word: str) -> str:
            if kind == "definite":
                return articles.definite_article(gender, "sing", word)
            return articles.indefinite_article(gender, word)

        if form(old.tokens[span.start]) == lower and form(name) != lower:
            problems.append(f"article: {before} {name} (wants {form(name)})")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ud", default=str(REPO.parent / "shared" / "data" / "ud"))
    parser.add_argument("--split", default="dev", choices=("train", "dev", "test"))
    parser.add_argument("--examples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    problems: list[str] = []
    shown: list[str] = []
    for path in split_files(args.ud, args.split):
        for where, row in rows_of(path):
            counts["sentences_with_a_name"] += 1
            counts["person_mentions"] += len(row.mentions)
            part = DocumentPart(row.doc_id, 0, (row,))
            plan = augment.plan_part(part, ("person",))
            counts.update(f"skipped_{reason}" for reason in plan.skipped.elements())
            copy = augment.copy_part(part, plan, 1, args.seed)
            if copy is None:
                counts["sentences_unchanged"] += 1
                continue
            new = copy.part.rows[0]
            counts["sentences_renamed"] += 1
            counts["entities_renamed"] += copy.entities_changed
            bad = [] if tree_ok(new) else ["tree"]
            for m_old, m_new in zip(row.mentions, new.mentions):
                if m_old.span == m_new.span and row.tokens == new.tokens:
                    continue
                before = new.tokens[m_new.span.start - 1] if m_new.span.start else ""
                bad += context_problems(row, new, m_new.span, before, m_new.cls.gender)
                root = span_root(new.heads, m_new.span.start, m_new.span.end)
                if root is None or head_token(new, m_new.span) != root:
                    bad.append("mention head")
            for problem in bad:
                counts[f"problem_{problem.split(':')[0]}"] += 1
                problems.append(f"{where}: {problem}: {' '.join(new.tokens)}")
            shown.append(f"{where}\n  - {' '.join(row.tokens)}\n  + {' '.join(new.tokens)}")
    print(f"# augment on UD {args.split} (seed {args.seed})")
    for key in sorted(counts):
        print(f"{key}\t{counts[key]}")
    print(f"\n# problems ({len(problems)})")
    print("\n".join(problems) or "none")
    rng = random.Random(args.seed)
    print(f"\n# {min(args.examples, len(shown))} renamed sentences, drawn at random")
    print("\n".join(rng.sample(shown, min(args.examples, len(shown)))))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
