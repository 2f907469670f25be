"""English quantifiers, negatives, reciprocals and reflexives: phrases a name cannot stand for (`select.stand_in`)."""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.lang.en.pronouns import REFLEXIVE_WORDS

NEGATIVE_WORDS = frozenset(("no", "none", "nobody", "nothing", "neither", "nor", "noone", "nowhere"))
"""Negative quantifiers, as a word of a phrase ("no one" is "no" + "one")."""
QUANTIFIER_DETERMINERS = frozenset(("every", "each", "any", "either"))
"""Universal, distributive and free-choice determiners (tags DT/PDT)."""
QUANTIFIER_PRONOUNS = frozenset((
    "everyone", "everybody", "everything", "someone", "somebody", "something",
    "anyone", "anybody", "anything", "each", "any", "either",
))  # fmt: skip
"""Quantifier pronouns, as the root of a phrase ("each of them" is one at a time: no name is each)."""
BARE_QUANTIFIERS = frozenset(("all", "some", "many", "few", "several", "most"))
"""Quantifiers that count only as a phrase of one word ("belongs to all"); "all of the farmers" and
"some of the workers" are a definite or specific group, which a pair of names can stand for, and
"both" is exactly a pair."""
RECIPROCALS = frozenset((("each", "other"), ("one", "another")))
"""Reciprocal pronouns, as word pairs."""


def quantifier_kind(words: Sequence[str], tags: Sequence[str], root: int) -> str | None:
    """`reciprocal`, `negative`, `quantifier` or `reflexive` for a noun phrase no name can stand for, else None.

    Only the words before the root and the root itself count, so a
    quantifier inside a modifier after the root ("the posts at each end")
    does not; "all" and "some" count alone only ("belongs to all", not "all
    the answers" or "some of the workers", which a pair of names can stand for).

    Args:
        words: the phrase's words; tags: their PTB tags.
        root: index of the phrase's root (head) in `words`.
    """
    lower = [w.lower() for w in words]
    for a, b in RECIPROCALS:
        if any(lower[i] == a and lower[i + 1] == b for i in range(len(lower) - 1)):
            return "reciprocal"
    upto_root = lower[: root + 1]
    if any(w in NEGATIVE_WORDS for w in upto_root):
        return "negative"
    if (
        upto_root[-1] in QUANTIFIER_PRONOUNS
        or (len(lower) == 1 and lower[0] in BARE_QUANTIFIERS)
        or any(w in QUANTIFIER_DETERMINERS and t in ("DT", "PDT") for w, t in zip(upto_root[:-1], tags[:root]))
    ):
        return "quantifier"
    if upto_root[-1] in REFLEXIVE_WORDS and tags[root] == "PRP":
        return "reflexive"
    return None


#: First- and second-person plural pronouns a phrase may be built on ("all of us", "you guys").
PERSON_PLURALS = frozenset(("we", "us", "you", "y'all", "ye"))
#: Words that may follow the pronoun in "X of us …" ("all of us here", "the three of us together").
_AFTER_PERSON = frozenset(("here", "there", "now", "together", "too", "all", "both", "alone", "again"))


def first_second_person(words: Sequence[str]) -> bool:
    """Whether a phrase of more than one word is a group that holds its speaker or its hearer: "all of us
    (here)", "both of you", "the three of us", "we Americans", "you guys", "us all".

    A placeholder name is a third person: "All of us here must decide" becomes "Gino and Marco must
    decide", the translator writes "devono", and "Tutti noi qui devono" is wrong Italian (it is
    "dobbiamo"). So such a phrase keeps its words (`select.stand_in`, in_place `first_second_person`)
    and the translator agrees the verb with it. Read from the words only: the pronoun right after "of"
    with at most the adverbs of `_AFTER_PERSON` after it, or the phrase's first word; "people like you"
    and "our house" (a possessive) are third persons and do not count.
    """
    lower = [w.lower() for w in words]
    if len(lower) < 2:
        return False
    if lower[0] in PERSON_PLURALS:
        return True
    for i in range(1, len(lower)):
        if lower[i] in PERSON_PLURALS and lower[i - 1] == "of" and all(w in _AFTER_PERSON for w in lower[i + 1 :]):
            return True
    return False
