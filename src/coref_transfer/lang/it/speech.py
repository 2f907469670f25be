"""Italian verbs of saying, the one list pro-drop and the clitic rule share.

A pronoun right after a verb of saying that follows a quotation or a comma
is its inverted subject ("«Abbiamo vinto», ha detto lui"), which pro-drop
deletes; the clitic rule must then not read it as a direct object ("ha
detto lui" → "l'ha detto" would change who speaks).
"""

from __future__ import annotations

from coref_transfer.parsed import Token

#: Lemmas of the verbs of saying that introduce or follow a quotation.
# fmt: off
SPEECH_VERBS = frozenset(
    [
        "dire", "aggiungere", "affermare", "dichiarare", "spiegare", "rispondere", "commentare",
        "sottolineare", "precisare", "concludere", "osservare", "ricordare", "ammettere", "chiedere",
        "domandare", "scrivere", "raccontare", "annunciare", "replicare", "insistere", "continuare",
        "confermare", "assicurare", "avvertire", "comunicare", "riferire", "ribadire", "spiegare",
        "esclamare", "gridare", "urlare", "sussurrare", "promettere", "annotare", "scherzare",
    ]
)
# fmt: on
#: Forms read as well as lemmas: irregular participles and frequent forms, which the
#: project's parser lemmatises wrongly at times ("risposto" → "risporre").
# fmt: off
SPEECH_FORMS = frozenset(
    [
        "detto", "aggiunto", "risposto", "chiesto", "scritto", "ammesso", "concluso", "insistito",
        "rispose", "dice", "disse", "dicono", "dissero", "diceva", "dicevano", "dico",
    ]
)
# fmt: on


def is_speech_verb(token: Token) -> bool:
    """The token is a verb of saying, by its lemma or its form."""
    return token.lemma.lower() in SPEECH_VERBS or token.text.lower() in SPEECH_FORMS
