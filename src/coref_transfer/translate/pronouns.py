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

PERSONAL = {
    ("person", "masc", "sing"): "lui",
    ("person", "fem", "sing"): "lei",
    ("thing", "masc", "sing"): "esso",
    ("thing", "fem", "sing"): "essa",
    ("person", "masc", "plur"): "loro",
    ("person", "fem", "plur"): "loro",
    ("thing", "masc", "plur"): "essi",
    ("thing", "fem", "plur"): "esse",
}
REFLEXIVE = {
    ("masc", "sing"): "sé stesso",
    ("fem", "sing"): "sé stessa",
    ("masc", "plur"): "sé stessi",
    ("fem", "plur"): "sé stesse",
}
PERSONAL_WORDS = frozenset("he him she her it they them".split())
REFLEXIVE_WORDS = frozenset("himself herself itself themselves".split())
POSSESSIVE_WORDS = frozenset("his her its their hers theirs".split())


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
        return REFLEXIVE[(gender, number)]
    if lower in PERSONAL_WORDS:
        return PERSONAL[(type_, gender, number)]
    return None
