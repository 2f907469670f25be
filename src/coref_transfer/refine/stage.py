"""Stage δ: parse γ's Italian utterances, apply the refinement rules, re-estimate classes.

Every kept γ utterance is parsed from its own tokens (so mention spans
survive), refined by the configured rules in order (each change logged:
rule, token index, before, after), and detokenised. Step 2 of the entity
classes happens here: a mention's gender or number that its English root
could not tell (vote or fallback) is taken from the morphology of its
Italian root, and the cluster vote is redone (`selection.classes`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from copy import deepcopy
from typing import Any

from coref_transfer.classes import ATTRIBUTES, Evidence, estimate_classes
from coref_transfer.lang.it.detokenize import detokenize
from coref_transfer.refine.base import Mention, Rule, Sentence
from coref_transfer.refine.parsing.backends import ParserBackend
from coref_transfer.refine.parsing.model import ParsedSentence
from coref_transfer.refine.registry import build_rules, refine

GENDERS = {"Masc": "masc", "Fem": "fem"}
NUMBERS = {"Sing": "sing", "Plur": "plur"}


def bracketed(tokens: Sequence[str], mentions: Sequence[Mention]) -> str:
    """Tokens joined by single spaces, each mention in square brackets."""
    opens: Counter = Counter(m.start for m in mentions)
    closes: Counter = Counter(m.end for m in mentions)
    return " ".join("[" * opens[i] + tok + "]" * closes[i] for i, tok in enumerate(tokens))


def root_index(parsed: ParsedSentence, start: int, end: int) -> int:
    """The span's root: its token whose head lies outside the span (the first such)."""
    for i in range(start, end + 1):
        head = parsed.tokens[i].head
        if not start <= head <= end:
            return i
    return start


def italian_evidence(parsed: ParsedSentence, start: int, end: int) -> Evidence:
    """Gender and number of the mention's Italian root (step 2 of the classes)."""
    token = parsed.tokens[root_index(parsed, start, end)]
    kind = "pronoun" if token.upos in ("PRON", "DET") else "noun" if token.upos in ("NOUN", "PROPN") else "none"
    return Evidence(None, GENDERS.get(token.feats.get("Gender", "")), NUMBERS.get(token.feats.get("Number", "")), kind)


def reestimate(rows: list[dict[str, Any]], parsed: Sequence[ParsedSentence], config: Mapping[str, Any]) -> None:
    """Redo the classes of every cluster with the Italian evidence of its mentions (in place)."""
    members: dict[tuple, list[tuple[dict, ParsedSentence]]] = defaultdict(list)
    for row, sent in zip(rows, parsed):
        for m in row["mentions"]:
            members[(row["doc_id"], row["part"], m["cluster_id"])].append((m, sent))
    for items in members.values():
        own = []
        italian = []
        for m, sent in items:
            values = {a: m[a] if m[f"{a}_source"] == "root" else None for a in ATTRIBUTES}
            own.append(Evidence(values["type"], values["gender"], values["number"], "noun"))
            italian.append(italian_evidence(sent, m["start_before"], m["end_before"]))
        _, classes = estimate_classes(own, italian, config["classes"])
        for (m, _), cls in zip(items, classes):
            for attribute, value, source in zip(ATTRIBUTES, (cls.type, cls.gender, cls.number), cls.sources):
                m[attribute], m[f"{attribute}_source"] = value, source


def run_delta(
    rows: Sequence[Mapping[str, Any]], parser: ParserBackend, config: Mapping[str, Any], progress: bool = True
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Stage δ on γ rows; returns (rows of the `delta` table, stats)."""
    rules = build_rules(config["refine"]["rules"])
    kept = [r for r in rows if r["dropped_at"] is None]
    parsed = list(parser.parse([r["tokens"] for r in kept], config["refine"]["parser"]["batch_size"], progress))
    out: list[dict[str, Any]] = []
    for row, sent in zip(kept, parsed):
        out.append(_refine_row(row, sent, rules))
    if config["refine"]["italian_classes"]:
        reestimate(out, parsed, config)
    return out, _stats(rows, out, rules)


def _refine_row(row: Mapping[str, Any], parsed: ParsedSentence, rules: Sequence[Rule]) -> dict[str, Any]:
    before = [t.text for t in parsed.tokens]
    live = [m for m in row["mentions"] if m["dropped_at"] is None]
    # The rules edit a copy: the parse of γ's tokens is kept for the class evidence.
    sentence = Sentence(deepcopy(parsed), [Mention(m["start"], m["end"], m["cluster_id"]) for m in live])
    refine(sentence, rules)
    tokens = sentence.words()
    return {
        "partition": row["partition"],
        "doc_id": row["doc_id"],
        "part": row["part"],
        "sentence": row["sentence"],
        "speaker": row["speaker"],
        "text_before": row["text"],
        "tokens_before": before,
        "text": detokenize(tokens),
        "tokens": tokens,
        "lemmas": [t.lemma for t in sentence.tokens],
        "upos": [t.upos for t in sentence.tokens],
        "xpos": [t.xpos for t in sentence.tokens],
        "feats": ["|".join(f"{k}={v}" for k, v in sorted(t.feats.items())) or "_" for t in sentence.tokens],
        "heads": [t.head for t in sentence.tokens],
        "deprels": [t.deprel for t in sentence.tokens],
        "mentions": [
            {
                "cluster_id": m["cluster_id"],
                "start": new.start,
                "end": new.end,
                "start_before": m["start"],
                "end_before": m["end"],
                **{k: m[k] for k in ("type", "gender", "number", "type_source", "gender_source", "number_source")},
            }
            for m, new in zip(live, sentence.mentions)
        ],
        "changes": [{"rule": c.rule, "index": c.index, "before": c.before, "after": c.after} for c in sentence.changes],
    }


def _stats(rows: Sequence[Mapping[str, Any]], out: Sequence[Mapping[str, Any]], rules: Sequence[Rule]) -> dict[str, Any]:
    """δ's share of stats.json: what γ kept = what δ outputs (δ drops nothing)."""
    return {
        "input": {"utterances": sum(r["dropped_at"] is None for r in rows)},
        "delta": {
            "utterances": len(out),
            "tokens": sum(len(r["tokens"]) for r in out),
            "mentions": sum(len(r["mentions"]) for r in out),
            "refined_utterances": sum(bool(r["changes"]) for r in out),
            "changes": sum(len(r["changes"]) for r in out),
        },
        "rules": {rule.name: {"applied": rule.applied, "skipped": dict(sorted(rule.skipped.items()))} for rule in rules},
    }
