"""Stage δ: parse translate's Italian utterances and apply the refinement rules.

Every kept utterance is parsed from its own tokens (so mention spans
survive), refined by the configured rules in order (each change logged:
rule, token index, before, after), and detokenised. The entity classes are
translate's, unchanged: step 2 (the Italian evidence) runs there, before the
placeholders are drawn, so that each placeholder agrees as its Italian noun.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from coref_transfer.audit import agreement_stats
from coref_transfer.lang.it.detokenize import detokenize
from coref_transfer.model import Mention
from coref_transfer.parsed import ParsedSentence, feats_text
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.records import RefinedMention, RefinedUtterance, TranslatedUtterance
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.registry import build_rules, refine


def bracketed(tokens: Sequence[str], mentions: Sequence[Mention]) -> str:
    """Tokens joined by single spaces, each mention in square brackets."""
    opens: Counter = Counter(m.span.start for m in mentions)
    closes: Counter = Counter(m.span.end for m in mentions)
    return " ".join("[" * opens[i] + tok + "]" * closes[i] for i, tok in enumerate(tokens))


RULE_LISTS = {"placeholders": "rules", "joint": "joint_rules"}
"""Which list of `refine` rules runs on an utterance, by the method that gave its Italian
(`TranslatedUtterance.method`): the paper's rules repair what putting mentions back into a placeholder
translation breaks; a translator that kept the tags made the agreement itself, and the rules measured
to change its correct Italian into wrong Italian are not run on it (`docs/methods.md`)."""


def run_delta(
    utterances: Sequence[TranslatedUtterance], parser: ParserBackend, config: Mapping[str, Any], progress: bool = True
) -> tuple[list[RefinedUtterance], dict[str, Any]]:
    """Stage δ on the `gamma` table's records; returns (the `delta` table's records, stats)."""
    rules = {method: build_rules(config["refine"][key]) for method, key in RULE_LISTS.items()}
    kept = [u for u in utterances if u.dropped_at is None]
    parsed = list(parser.parse([u.tokens for u in kept], config["parser"]["batch_size"], progress))
    out = [_refined(utterance, sent, rules[utterance.method]) for utterance, sent in zip(kept, parsed)]
    return out, _stats(utterances, out, rules)


def _refined(utterance: TranslatedUtterance, parsed: ParsedSentence, rules: Sequence[Rule]) -> RefinedUtterance:
    live = [m for m in utterance.mentions if m.dropped_at is None]
    tokens_before = [t.text for t in parsed.tokens]  # the rules edit the parse in place
    sentence = Sentence(
        parsed,
        [Mention(m.cluster_id, m.span) for m in live],
        classes=[m.cls for m in live],  # type: ignore[arg-type]
        roles=[m.role for m in live],
    )
    refine(sentence, rules)
    tokens = sentence.words()
    # The joint method's Italian is the translator's own text: what no rule changed keeps it as written
    # (the detokeniser cannot know every spacing the translator chose: "Dillard’s", "225-5185").
    unchanged = utterance.method == "joint" and not sentence.changes
    return RefinedUtterance(
        partition=utterance.partition,
        doc_id=utterance.doc_id,
        part=utterance.part,
        sentence=utterance.sentence,
        speaker=utterance.speaker,
        text_before=utterance.text,  # type: ignore[arg-type]
        tokens_before=tokens_before,
        text=utterance.text if unchanged else detokenize(tokens),  # type: ignore[arg-type]
        tokens=tokens,
        lemmas=[t.lemma for t in sentence.tokens],
        upos=[t.upos for t in sentence.tokens],
        xpos=[t.xpos for t in sentence.tokens],
        feats=[feats_text(t.feats) for t in sentence.tokens],
        heads=[t.head for t in sentence.tokens],
        deprels=[t.deprel for t in sentence.tokens],
        mentions=[
            RefinedMention(m.cluster_id, new.span, m.span, m.cls, m.role, sentence.zeros.get(k))  # type: ignore[arg-type]
            for k, (m, new) in enumerate(zip(live, sentence.mentions))
        ],
        changes=sentence.changes,
    )


def _stats(
    utterances: Sequence[TranslatedUtterance], out: Sequence[RefinedUtterance], rules: Mapping[str, Sequence[Rule]]
) -> dict[str, Any]:
    """δ's share of stats.json: what γ kept = what δ outputs (δ drops nothing); per rule list (`rules` on the
    placeholder method's utterances, `joint_rules` on the joint method's), what each rule did."""
    methods = Counter(u.method for u in utterances if u.dropped_at is None)
    return {
        "input": {"utterances": sum(u.dropped_at is None for u in utterances)},
        "delta": {
            "utterances": len(out),
            "tokens": sum(len(u.tokens) for u in out),
            "mentions": sum(len(u.mentions) for u in out),
            "refined_utterances": sum(bool(u.changes) for u in out),
            "changes": sum(len(u.changes) for u in out),
        },
        "methods": {method: methods[method] for method in RULE_LISTS},
        **{
            key: {
                rule.name: {
                    "applied": rule.applied,
                    "skipped": dict(sorted(rule.skipped.items())),
                    **rule.extra_counts(),
                }
                for rule in rules[method]
            }
            for method, key in RULE_LISTS.items()
        },
        "agreement": agreement_stats(out),
    }
