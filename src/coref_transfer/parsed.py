"""The analysed Italian sentence every parser backend returns and every rule reads.

Shared knowledge below both `lang` (the rules' word lists and forms) and `parsing` (the backends that fill
it): a module of its own so that neither imports the other for it (issue 39).
"""

from __future__ import annotations

from dataclasses import dataclass, field

ANNOTATIONS = ("lemma", "upos", "xpos", "feats", "head", "deprel")
"""The annotations a parser can give a token (the `Token` fields besides `text`)."""


def parse_feats(text: str) -> dict[str, str]:
    """A UD FEATS string ("Gender=Fem|Number=Sing"; "_" or "" for none) as a dict."""
    return dict(f.split("=", 1) for f in text.split("|") if "=" in f) if text not in ("_", "") else {}


def feats_text(feats: dict[str, str]) -> str:
    """A feature dict as a UD FEATS string: names sorted case-insensitively, as UD requires
    ("Gender=Masc|Number=Sing|NumType=Ord"), "_" for none."""
    return "|".join(f"{k}={v}" for k, v in sorted(feats.items(), key=lambda kv: kv[0].lower())) or "_"


@dataclass
class Token:
    """One token with its UD annotation.

    `head` is the 0-based index of the governor in the sentence, -1 for the
    root; `feats` maps UD feature names to values (`{"Gender": "Fem"}`).
    """

    text: str
    lemma: str = ""
    upos: str = ""
    xpos: str = ""
    feats: dict[str, str] = field(default_factory=dict)
    head: int = -1
    deprel: str = ""

    def feat(self, name: str) -> str | None:
        return self.feats.get(name)


@dataclass
class ParsedSentence:
    """A parsed sentence: tokens in order (pre-tokenised input is kept as is)."""

    tokens: list[Token]
    annotations: frozenset[str] = frozenset(ANNOTATIONS)
    """The annotations the parser filled in; a rule that needs another is skipped (`Rule.needs`)."""

    def children(self, index: int) -> list[int]:
        """Indexes of the tokens whose head is `index`, left to right."""
        return [i for i, t in enumerate(self.tokens) if t.head == index]
