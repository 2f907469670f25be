"""Contracted verbs written in full, decided from the gold tags.

Why: the translate stage puts a name where a pronoun stood, and a contraction
left after a name reads as something else. "He's what she was" sent as
"Lamberto's what Ciro was" is read by a translator as "di Lamberto" (a
possessive), "They're" after "Gino and Marco" attaches to the last name. So
the verb is written in full after a placeholder: "Lamberto is what Ciro was".

| clitic | tag | full form |
|---|---|---|
| 's | VBZ | "has" before a participle that is "been", "got", "gotten" or "had", or that is followed by an object (a determiner, possessive, noun, pronoun, number or adjective: "he's made a mistake") and is not a verb whose passive takes a complement ("it's called a bar", "he's considered a genius"); else "is" ("it's done", "she's leaving", "he's here") |
| 's | POS | none: the possessive clitic stays ("Gino's car") |
| 'd | VBD | "had" |
| 'd | MD (or anything else) | "would" |
| 'll | | "will" |
| 've | | "have" |
| 're | | "are" |
| 'm | | "am" |

Adverbs and "not" between the clitic and the participle are skipped ("he's
already gone", "it's not been easy"). Limits: a participle with no object
is read as passive or adjectival ("he's gone" becomes "he is gone", which
a translator renders as "è andato", right for "gone" and wrong for a
perfect such as "she's finished" meaning "has finished"); the tags, not the
meaning, decide.
"""

from __future__ import annotations

from collections.abc import Sequence

FULL_FORMS = {"'re": "are", "'ve": "have", "'ll": "will", "'m": "am"}
"""Clitics with one full form whatever their tag."""
HAS_PARTICIPLES = frozenset(("been", "got", "gotten", "had"))
"""Participles after which 's is "has" whatever follows."""
_SKIPPED = frozenset(("RB", "RBR", "RBS"))
"""Tags between the clitic and the participle that do not change the reading."""
PREDICATIVE_PASSIVES = frozenset(
    """called named considered known deemed elected appointed seen thought said believed expected supposed
    used labeled labelled termed dubbed regarded described titled nicknamed""".split()
)
"""Participles whose passive takes a noun-phrase complement: "'s" before them stays "is"."""
_OBJECT_START = frozenset(("DT", "PDT", "PRP", "PRP$", "NN", "NNS", "NNP", "NNPS", "CD", "JJ", "JJR", "JJS"))
"""Tags that open an object after a participle: "he's made [a mistake]"."""


def normalise(token: str) -> str:
    """The clitic in lower case with the ASCII apostrophe: "’S" → "'s"."""
    return token.replace("’", "'").lower()


def is_contraction(token: str, tag: str) -> bool:
    """Whether `token` is a contracted verb (not the possessive 's)."""
    clitic = normalise(token)
    return tag != "POS" and (clitic in FULL_FORMS or clitic in ("'s", "'d"))


def full_form(tokens: Sequence[str], pos: Sequence[str], i: int) -> str | None:
    """The full verb for the contracted token `i` ("'s" → "is"/"has", "'d" → "would"/"had"), else None.

    Args:
        tokens, pos: the utterance's PTB tokens and tags.
        i: the index of the clitic.
    """
    clitic, tag = normalise(tokens[i]), pos[i]
    if not is_contraction(tokens[i], tag):
        return None
    if clitic in FULL_FORMS:
        return FULL_FORMS[clitic]
    if clitic == "'d":
        return "had" if tag == "VBD" else "would"
    j = i + 1
    while j < len(tokens) and (pos[j] in _SKIPPED or normalise(tokens[j]) in ("not", "n't")):
        j += 1
    if j < len(tokens) and pos[j] == "VBN":
        if tokens[j].lower() in HAS_PARTICIPLES:
            return "has"
        if j + 1 < len(tokens) and pos[j + 1] in _OBJECT_START and tokens[j].lower() not in PREDICATIVE_PASSIVES:
            return "has"
    return "is"
