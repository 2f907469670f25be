"""Stage β2: keep mentions whose root lets us estimate gender and number.

A mention is kept when it holds no verb (multi-token mentions with a verb
have unreliable heads and translate badly) and its root rt(m) is a
3rd-person personal or possessive pronoun, a determiner, a noun or a proper
noun. Every other root is dropped with a reason that says what it was.
A kept root is not enough: quantifiers, negatives, reciprocals and
reflexives are dropped too, since no name can stand for them in stage γ
(`select.stand_in`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coref_transfer.lang.en.pronouns import REFLEXIVE_WORDS
from coref_transfer.select.stand_in import drop_reason

WH_TAGS = frozenset(("WP", "WP$", "WDT", "WRB"))


def root_reason(word: str, tag: str, config: Mapping[str, Any]) -> str | None:
    """None if a root with this word and PTB tag is kept, else the reason."""
    lower = word.lower()
    if tag == "PRP" and lower in config["keep_pronouns"]:
        return None
    if tag == "PRP$" and lower in config["keep_possessives"]:
        return None
    if tag in config["keep_root_tags"]:
        return None
    if tag == "PRP" and lower in REFLEXIVE_WORDS:
        return "reflexive"
    if tag in ("PRP", "PRP$"):
        return "first_second_person" if lower in config["first_second_person"] else "other_pronoun"
    if tag == "CD":
        return "numeral"
    if tag in config["verb_tags"] or tag.startswith("VB"):
        return "verb_root"
    if tag in WH_TAGS:
        return "wh_word"
    return "other_root"


def mention_reason(
    words: Sequence[str], pos: Sequence[str], start: int, end: int, root: int, config: Mapping[str, Any]
) -> str | None:
    """None if β2 keeps the mention [start, end] (inclusive) with this root."""
    if end > start and any(pos[i] in config["verb_tags"] for i in range(start, end + 1)):
        return "contains_verb"
    return root_reason(words[root], pos[root], config) or drop_reason(words, pos, start, end, root)
