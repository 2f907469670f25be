"""Universal Dependencies CoNLL-U files → spaCy training data.

Three things are done to the treebanks before spaCy's converter sees them
(the UD README in the shared data explains why each matters):

1. Multi-word tokens are merged (`della` stays one token, tagged ADP with the
   article's Gender/Number), which is how spaCy's Italian tokenizer — and so
   stage γ — splits text.
2. `sono` annotated 1st person singular while its subject is plural (a known
   VIT habit) gets the subject's number and 3rd person; with no subject to
   tell, its Person and Number are removed rather than learned wrong.
3. Case noise: a seeded share of sentences get their first word lower-cased
   or capitalised, so that a rule's trigger ("Mia padre") is tagged the same
   wherever it stands.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path

from coref_transfer.parsed import feats_text, parse_feats
from coref_transfer.ud_files import read_sentences


def fix_sono(block: list[str]) -> tuple[list[str], int]:
    """Rule 2 of the module docstring; returns the block and how many tokens changed."""
    rows = {}
    for i, line in enumerate(block):
        cols = line.split("\t")
        if not line.startswith("#") and cols[0].isdigit():
            rows[cols[0]] = (i, cols)
    changed = 0
    for token_id, (i, cols) in rows.items():
        feats = parse_feats(cols[5])
        if cols[1].lower() != "sono" or feats.get("Person") != "1":
            continue
        subjects = [c for _, c in rows.values() if c[6] == token_id and c[7].startswith("nsubj")]
        numbers = {parse_feats(c[5]).get("Number") for c in subjects}
        if "Plur" in numbers:
            feats.update(Person="3", Number="Plur")
        elif any(c[1].lower() == "io" for c in subjects):
            continue
        else:
            feats.pop("Person", None)
            feats.pop("Number", None)
        cols[5] = feats_text(feats)
        block[i] = "\t".join(cols)
        changed += 1
    return block, changed


def case_noise(block: list[str], rng: random.Random, share: float) -> list[str]:
    """Rule 3: maybe re-case the first word of the sentence (and its multi-word token)."""
    if rng.random() >= share:
        return block
    upper = rng.random() < 0.5
    for i, line in enumerate(block):
        if line.startswith("#"):
            continue
        cols = line.split("\t")
        form = cols[1]
        cols[1] = form[:1].upper() + form[1:] if upper else form[:1].lower() + form[1:]
        block[i] = "\t".join(cols)
        if "-" not in cols[0]:
            break
        # a multi-word token line: re-case its first word too, then stop
    return block


def prepare_conllu(paths: Sequence[Path], seed: int, noise: float, fix: bool = True) -> tuple[str, dict[str, int]]:
    """Concatenated, fixed CoNLL-U text of several files, and what was changed.

    `fix` False skips rule 2 (for data whose "sono" features are right, like
    the synthetic sentences of `coref_transfer.parsing.synthetic`).
    """
    rng = random.Random(seed)
    out: list[str] = []
    counts = {"sentences": 0, "sono_fixed": 0}
    for path in paths:
        for block in read_sentences(Path(path)):
            if fix:
                block, changed = fix_sono(block)
                counts["sono_fixed"] += changed
            if noise:
                block = case_noise(block, rng, noise)
            out.append("\n".join(block))
            counts["sentences"] += 1
    return "\n\n".join(out) + "\n\n", counts


def to_docbin(paths: Iterable[Path], out: Path, seed: int = 0, noise: float = 0.0, fix: bool = True) -> dict[str, int]:
    """Write a spaCy DocBin of the sentences of `paths` (multi-word tokens merged; `fix`: see prepare_conllu)."""
    from spacy.tokens import DocBin
    from spacy.training.converters import conllu_to_docs

    text, counts = prepare_conllu(list(paths), seed, noise, fix)
    docs = list(conllu_to_docs(text, n_sents=10, merge_subtokens=True, no_print=True))
    out.parent.mkdir(parents=True, exist_ok=True)
    DocBin(docs=docs, store_user_data=False).to_disk(out)
    counts["docs"] = len(docs)
    return counts
