"""Italian forms for English pronoun mentions, chosen by table, not by MT.

A pronoun translated alone is a guess (MT has no context: "it" → "esso"?
"lo"? "ci"?), while the mention's class says exactly which Italian form
fits. Subject and object pronouns become tonic forms (lui, lei, esso, essa,
loro), which are grammatical in every position the placeholder held
("ha ringraziato lui"); stage δ deletes subject pronouns (pro-drop) and
makes possessives agree with their noun. Possessives are given in the
masculine singular of the possessed noun ("suo", "loro"); δ fixes agreement.
"""

from __future__ import annotations

from coref_transfer.lang.en.pronouns import PERSONAL_WORDS, POSSESSIVE_WORDS, REFLEXIVE_WORDS
from coref_transfer.lang.it.pronouns import PERSONAL_BY_CLASS, REFLEXIVE_BY_CLASS


def italian_pronoun(word: str, tag: str, cls: tuple[str, str, str]) -> str | None:
    """The Italian form of a one-token pronoun mention, or None if not a pronoun we map.

    Args:
        word: the English pronoun.
        tag: its PTB tag (PRP or PRP$).
        cls: the mention's (type, gender, number).
    """
    lower = word.lower()
    type_, gender, number = cls
    if tag == "PRP$" or lower in ("hers", "theirs"):
        if lower in POSSESSIVE_WORDS:
            return "loro" if number == "plur" else "suo"
        return None
    if lower in REFLEXIVE_WORDS:
        return REFLEXIVE_BY_CLASS[(gender, number)]
    if lower in PERSONAL_WORDS:
        return PERSONAL_BY_CLASS[(type_, gender, number)]
    return None
