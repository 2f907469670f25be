"""English third-person pronouns: the class each one implies (the paper's Table 6) and their kinds."""

from __future__ import annotations

#: The paper's Table 6: pronoun -> (type, gender, number); None = from the cluster.
PRONOUN_CLASSES: dict[str, tuple[str | None, str | None, str | None]] = {
    **dict.fromkeys(("he", "him", "his", "himself"), ("person", "masc", "sing")),
    **dict.fromkeys(("she", "her", "hers", "herself"), ("person", "fem", "sing")),
    **dict.fromkeys(("it", "its", "itself"), ("thing", None, "sing")),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), (None, None, "plur")),
}

PERSONAL_WORDS = frozenset(["he", "him", "she", "her", "it", "they", "them"])
"""Subject and object forms."""
REFLEXIVE_WORDS = frozenset(["himself", "herself", "itself", "themselves"])
POSSESSIVE_WORDS = frozenset(["his", "her", "its", "their", "hers", "theirs"])
"""Possessive determiners and pronouns ("her" is also an object form: the tag tells)."""
SELF_WORDS = REFLEXIVE_WORDS | frozenset(["myself", "yourself", "ourselves", "yourselves", "oneself"])
"""Every -self pronoun, reflexive or emphatic by its place in the clause (`lang.en.pronoun_role`)."""
FIRST_SECOND_WORDS = frozenset(["i", "me", "my", "mine", "we", "us", "our", "ours", "you", "your", "yours", "y'all"])
"""First- and second-person pronouns, which `PRONOUN_CLASSES` leaves out."""
OBJECTIVE_WORDS = frozenset(["him", "them", "me", "us", "whom"])
"""Object forms that are never subjects ("her" and "it" are both)."""
