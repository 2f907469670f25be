"""Hand-parsed Italian sentences for the refinement rules' tests: one line per token, a rule run on them, what
came out. A helper module, not a test module: `test_refine_rules`, `test_refine_articles` and
`test_refine_possessives` import it.
"""

from __future__ import annotations

import textwrap

from coref_transfer.model import Mention, Span
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.refine.base import Rule, Sentence


def parse(block: str) -> ParsedSentence:
    """A sentence from lines "form lemma UPOS feats head deprel".

    `feats` is UD's "A=B|C=D" or "_"; `head` is 1-based as in CoNLL-U, 0 for
    the root (the model's -1).
    """
    tokens = []
    for line in textwrap.dedent(block).strip().splitlines():
        form, lemma, upos, feats, head, deprel = line.split()
        parsed_feats = {} if feats == "_" else dict(f.split("=", 1) for f in feats.split("|"))
        tokens.append(Token(form, lemma, upos, "", parsed_feats, int(head) - 1, deprel))
    return ParsedSentence(tokens)


def sentence(block: str, *mentions: tuple[int, int, int]) -> Sentence:
    """A Sentence with mentions given as (start, end, cluster): 0-based, end inclusive."""
    return Sentence(parse(block), [Mention(c, Span(s, e)) for s, e, c in mentions])


def run(rule: Rule, sent: Sentence) -> Sentence:
    rule.apply(sent)
    return sent


def spans(sent: Sentence) -> list[tuple[int, int]]:
    return [(x.span.start, x.span.end) for x in sent.mentions]


def text(sent: Sentence) -> str:
    return " ".join(sent.words())
