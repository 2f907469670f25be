"""The agreement audit: does the Italian agree with its nouns, or with their placeholders?

Why. Translate (γ) swaps each mention for a placeholder name of the
mention's entity class (type, gender, number), translates, and puts the
mention back. The MT model makes the rest of the sentence agree with the
placeholder; if the placeholder's gender or number is not that of the
Italian noun it stands for, the Italian agrees with the wrong word once the
noun is back ("La fondazione è stato creato"). This module measures how
often that happens, from refine's (δ) output alone, on every run.

What is measured (pure functions, records in, counts out; no I/O):

1. **Placeholder agreement** (`placeholder_agreement`). For each mention
   whose Italian root (`coref_transfer.model.span_root` over its span) is a
   NOUN, the mention's class gender and number (the class its placeholder
   was drawn from) against the root's UD `Gender` and `Number`. A
   coordinated mention (the root has a `conj` dependent inside the span,
   "il fratello e la sorella") is plural, masculine if any conjunct is
   masculine, feminine if every conjunct is, unknown otherwise (as
   `coref_transfer.classes.coordination_gender`). Counted: noun-rooted
   mentions, compared and matching per feature, both known and both
   matching (the headline share), and unknown (a feature missing).
2. **Subject–predicate clashes under essere** (`predicate_clashes`). For
   each predicate p that is an ADJ, or a VERB/AUX participle
   (VerbForm=Part), with a `cop`, `aux` or `aux:pass` dependent of lemma
   `essere` (a participle under avere does not agree with its subject, so
   is left out) and an `nsubj`/`nsubj:pass` dependent s: a clash when s and
   p both have Number and differ, or both have Gender and differ. The
   participle auxiliaries of essere under p ("stata" in "è stata creata")
   agree with the subject too and are checked the same way. A coordinated
   subject (s has `conj` dependents) is plural, gendered as above. Subject
   pronouns count. A predicate with two subject dependents is a misparse
   ("un imprenditore la cui moglie è nata" with both nouns as subjects of
   "nata") and is skipped. Counted: utterances with at least one clash out of all
   utterances; `clash_examples` gives the first clashes in table order.

Limits. Everything rests on the Italian parse: a wrong tag, head or
feature makes a false clash or hides a real one, and the parser's features
are themselves a guess from the word form (on the placeholder-shaped
sentence the parser may side with the agreement it sees). Nouns without
gender or number features (many proper nouns, invariable nouns such as
"le crisi" when untagged) are counted as unknown, not compared. Only
essere agreement is checked: passives with venire, participles agreeing
with a preceding clitic object, and agreement of articles, determiners and
attributive adjectives inside the mention are not. A mismatch in (1) is not
always an error in the sentence (the MT may have made the sentence agree
with the noun anyway); (2) sees only the errors the sentence shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from coref_transfer.class_values import UD_GENDER, UD_NUMBER
from coref_transfer.lang.en.pronoun_role import SELF_ROLES
from coref_transfer.model import span_root
from coref_transfer.parsed import parse_feats
from coref_transfer.records import RefinedUtterance

PREDICATE_DEPRELS = frozenset(("cop", "aux", "aux:pass"))
SUBJECT_DEPRELS = frozenset(("nsubj", "nsubj:pass"))

# fmt: off
PLACEHOLDER_KEYS = ("noun_rooted", "gender_compared", "gender_matches", "number_compared", "number_matches",
                    "both_known", "both_match", "unknown")
# fmt: on
"""The counts of `placeholder_agreement`, in the order stats.json and the report list them."""
PREDICATE_KEYS = ("utterances", "with_clash", "pairs", "clashes")
"""The counts of `predicate_counts`, in that order."""


@dataclass(frozen=True)
class Agreement:
    """Gender and number as the class values ("masc"/"fem", "sing"/"plur"); None where unknown."""

    gender: str | None
    number: str | None

    def describe(self) -> str:
        return " ".join(v or "?" for v in (self.gender, self.number))


def _token_agreement(feats: str) -> Agreement:
    values = parse_feats(feats)
    return Agreement(UD_GENDER.get(values.get("Gender", "")), UD_NUMBER.get(values.get("Number", "")))


def _conjuncts(heads: Sequence[int], deprels: Sequence[str], head: int, inside: range | None = None) -> list[int]:
    """`head` and its conjuncts (`conj` dependents, transitively), optionally only those inside a span."""
    out, todo = [head], [head]
    while todo:
        current = todo.pop()
        for i, (h, rel) in enumerate(zip(heads, deprels)):
            if h == current and rel == "conj" and (inside is None or i in inside) and i not in out:
                out.append(i)
                todo.append(i)
    return sorted(out)


def _coordination(feats: Sequence[str], members: Sequence[int]) -> Agreement:
    """A coordination: plural; masculine if any member is, feminine if every member is, else unknown."""
    genders = [_token_agreement(feats[i]).gender for i in members]
    gender = "masc" if "masc" in genders else "fem" if all(g == "fem" for g in genders) else None
    return Agreement(gender, "plur")


def _agreement_of(utterance: RefinedUtterance, index: int, inside: range | None = None) -> tuple[Agreement, bool]:
    """What token `index` agrees as (its coordination if it heads one) and whether it is coordinated."""
    members = _conjuncts(utterance.heads, utterance.deprels, index, inside)
    if len(members) > 1:
        return _coordination(utterance.feats, members), True
    return _token_agreement(utterance.feats[index]), False


def placeholder_agreement(utterances: Iterable[RefinedUtterance]) -> dict[str, int]:
    """Measure 1 of the module docstring: `PLACEHOLDER_KEYS` counts over every mention."""
    counts = dict.fromkeys(PLACEHOLDER_KEYS, 0)
    for u in utterances:
        for m in u.mentions:
            if m.role in SELF_ROLES:
                continue  # a -self kept as words ("di persona", "in prima persona") had no placeholder
            root = span_root(u.heads, m.span.start, m.span.end)
            if root is None or u.upos[root] != "NOUN" or m.cls is None:
                continue
            noun, _ = _agreement_of(u, root, range(m.span.start, m.span.end + 1))
            counts["noun_rooted"] += 1
            if noun.gender is not None:
                counts["gender_compared"] += 1
                counts["gender_matches"] += noun.gender == m.cls.gender
            if noun.number is not None:
                counts["number_compared"] += 1
                counts["number_matches"] += noun.number == m.cls.number
            if noun.gender is not None and noun.number is not None:
                counts["both_known"] += 1
                counts["both_match"] += noun.gender == m.cls.gender and noun.number == m.cls.number
            else:
                counts["unknown"] += 1
    return counts


@dataclass(frozen=True)
class Clash:
    """A subject and a predicate under essere that disagree, and where."""

    doc_id: str
    part: int
    sentence: int
    text: str
    subject: str
    """The subject's word (its conjuncts joined by " + " when coordinated)."""
    predicate: str
    subject_agreement: Agreement
    predicate_agreement: Agreement
    features: tuple[str, ...]
    """Which differ: "gender", "number" or both."""

    @property
    def utterance_id(self) -> str:
        return f"{self.doc_id}#{self.part}#{self.sentence}"


def _essere_predicates(u: RefinedUtterance) -> list[tuple[int, list[int]]]:
    """Each predicate under essere and its agreeing tokens (itself, then its participle auxiliaries of essere)."""
    dependents: dict[int, list[int]] = {}
    for i, h in enumerate(u.heads):
        dependents.setdefault(h, []).append(i)
    out = []
    for p, upos in enumerate(u.upos):
        participle = parse_feats(u.feats[p]).get("VerbForm") == "Part"
        if not (upos == "ADJ" or (upos in ("VERB", "AUX") and participle)):
            continue
        essere = [d for d in dependents.get(p, []) if u.deprels[d] in PREDICATE_DEPRELS and u.lemmas[d] == "essere"]
        if essere:
            out.append((p, [p, *(d for d in essere if parse_feats(u.feats[d]).get("VerbForm") == "Part")]))
    return out


def predicate_clashes(u: RefinedUtterance) -> tuple[int, list[Clash]]:
    """Measure 2 of the module docstring on one utterance: (subject–predicate pairs checked, clashes)."""
    checked, clashes = 0, []
    for p, agreeing in _essere_predicates(u):
        subjects = [i for i, h in enumerate(u.heads) if h == p and u.deprels[i] in SUBJECT_DEPRELS]
        if len(subjects) != 1:  # none, or a misparse (a clause has one subject; a coordination hangs from it)
            continue
        subject, coordinated = _agreement_of(u, subjects[0])
        members = _conjuncts(u.heads, u.deprels, subjects[0]) if coordinated else subjects
        for token in agreeing:
            checked += 1
            pred = _token_agreement(u.feats[token])
            pairs = (("gender", subject.gender, pred.gender), ("number", subject.number, pred.number))
            differ = tuple(name for name, a, b in pairs if a is not None and b is not None and a != b)
            if differ:
                clashes.append(
                    Clash(
                        u.doc_id,
                        u.part,
                        u.sentence,
                        u.text,
                        " + ".join(u.tokens[i] for i in members),
                        u.tokens[token],
                        subject,
                        pred,
                        differ,
                    )
                )
    return checked, clashes


def predicate_counts(utterances: Iterable[RefinedUtterance]) -> dict[str, int]:
    """`PREDICATE_KEYS` counts: utterances, those with at least one clash, subject–agreeing token pairs checked
    (a predicate and each participle auxiliary of essere under it is one pair with the subject), clashes."""
    counts = dict.fromkeys(PREDICATE_KEYS, 0)
    for u in utterances:
        checked, clashes = predicate_clashes(u)
        counts["utterances"] += 1
        counts["with_clash"] += bool(clashes)
        counts["pairs"] += checked
        counts["clashes"] += len(clashes)
    return counts


def clash_examples(utterances: Iterable[RefinedUtterance], limit: int = 10) -> list[Clash]:
    """The first `limit` clashes in the order of the utterances (deterministic)."""
    out: list[Clash] = []
    for u in utterances:
        if len(out) >= limit:
            break
        out += predicate_clashes(u)[1]
    return out[:limit]


def agreement_stats(utterances: Sequence[RefinedUtterance]) -> dict[str, dict[str, int]]:
    """stats.json's `agreement` block: integer counts only, so that merged partitions sum (`stats.sum_stats`)."""
    return {"placeholders": placeholder_agreement(utterances), "predicates": predicate_counts(utterances)}


def audit_rows(block: Mapping[str, Mapping[str, int]]) -> list[tuple[str, int, int]]:
    """An `agreement` block as (measure, count, out of) rows, as the stats summary and the report show them."""
    p, s = block["placeholders"], block["predicates"]
    return [
        ("placeholder gender = noun's gender", p["gender_matches"], p["gender_compared"]),
        ("placeholder number = noun's number", p["number_matches"], p["number_compared"]),
        ("placeholder gender and number = noun's (both known)", p["both_match"], p["both_known"]),
        ("noun-rooted mentions with gender or number unknown", p["unknown"], p["noun_rooted"]),
        ("utterances with a subject–predicate clash under essere", s["with_clash"], s["utterances"]),
        ("subject–predicate pairs under essere that clash", s["clashes"], s["pairs"]),
    ]
