"""Italian forms of the English -self pronouns: reflexive and emphatic.

English uses one form ("himself") for two things Italian says differently:

- a **reflexive** object is the reflexive clitic ("si è reinventata", "mi
  difendo", attached: "proteggersi", "difendendosi"), or after a preposition
  the tonic "sé" with "stesso" ("è orgogliosa di sé stessa"; also written
  "se stesso");
- an **emphatic** -self is "lui stesso / lei stessa / loro stessi" next to
  the subject, or an adverbial: "di persona", "personalmente", "in prima
  persona", "in persona", "da solo" (for "by himself"), "con le proprie mani"
  ("they bake every loaf themselves" → "con le loro mani").

The forms are lower-case token sequences, as the Italian tokenizer splits them
(`coref_transfer.lang.it.tokenize`).
"""

from __future__ import annotations

from coref_transfer.lang.it.clitics import REFLEXIVE_CLITICS as REFLEXIVE_CLITIC_BY_PERSON

#: "stesso" by gender and number (lower case, as `classes` spells them).
STESSO_FORMS = {
    "stesso": ("masc", "sing"),
    "stessa": ("fem", "sing"),
    "stessi": ("masc", "plur"),
    "stesse": ("fem", "plur"),
}
_STESSO = tuple(STESSO_FORMS)
_MEDESIMO = ("medesimo", "medesima", "medesimi", "medesime")
#: The intensifiers after a pronoun or noun ("lui stesso", "sé medesima", "lo stesso giorno").
INTENSIFIERS = frozenset(_STESSO + _MEDESIMO)

REFLEXIVE_CLITICS = frozenset(REFLEXIVE_CLITIC_BY_PERSON.values())
"""Reflexive clitics before the verb ("si è protetta")."""
REFLEXIVE_PHRASES: frozenset[tuple[str, ...]] = frozenset(
    [(tonic, s) for tonic in ("sé", "se", "me", "te") for s in _STESSO + _MEDESIMO]
    + [(tonic, s) for tonic in ("noi", "voi") for s in ("stessi", "stesse")]
    + [("sé",)]
)
"""Tonic reflexive forms after a preposition or as a stressed object ("sé stessa", "me stesso", "sé")."""
ATTACHED_ENDINGS = ("rsi", "rmi", "rti", "rci", "rvi", "ndosi", "ndomi", "ndoti", "ndoci", "ndovi")
"""Endings of an infinitive or gerund with the reflexive clitic attached ("proteggersi", "difendendosi")."""

EMPHATIC_PHRASES: frozenset[tuple[str, ...]] = frozenset(
    [(p, s) for p in ("lui", "esso", "egli", "io", "tu") for s in ("stesso",)]
    + [(p, "stessa") for p in ("lei", "essa", "ella", "io", "tu")]
    + [(p, s) for p in ("loro", "noi", "voi") for s in ("stessi", "stesse")]
    + [("essi", "stessi"), ("esse", "stesse")]
    + [(s,) for s in _STESSO]
    + [("di", "persona"), ("in", "persona"), ("in", "prima", "persona"), ("personalmente",)]
    + [("da", s) for s in ("solo", "sola", "soli", "sole")]
    + [("con", "le", poss, "mani") for poss in ("proprie", "sue", "loro")]
)
"""Emphatic renderings of a -self: "lui stesso", "stessa" alone, "di persona", "da solo", ..."""


CLITIC_BY_ENGLISH = {
    "himself": "si",
    "herself": "si",
    "itself": "si",
    "themselves": "si",
    "oneself": "si",
    "myself": "mi",
    "yourself": "ti",
    "ourselves": "ci",
    "yourselves": "vi",
}
"""The reflexive clitic of each English -self (its person)."""
TONIC_BY_CLITIC = {"si": ("sé", "se"), "mi": ("me",), "ti": ("te",), "ci": ("noi",), "vi": ("voi",)}
"""The tonic forms that go with each reflexive clitic ("sé stesso" with si)."""


def is_attached_reflexive(word: str, clitic: str | None = None) -> bool:
    """Whether a token is a verb with the reflexive clitic (`clitic`, or any) attached ("reinventarsi", "difendendosi")."""
    lower = word.lower()
    endings = ATTACHED_ENDINGS if clitic is None else tuple(e for e in ATTACHED_ENDINGS if e.endswith(clitic))
    return len(lower) > 5 and lower.endswith(endings)
