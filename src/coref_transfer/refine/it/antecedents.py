"""The Italian noun a pronoun refers back to inside its sentence, whose gender the pronoun agrees in (issue 38).

Italian agreement is grammatical: "[Il battello] perdeva acqua, così i
meccanici hanno riparato [essa]" refers to a masculine noun, so the clitic
and the participle are "l'hanno riparato", whatever gender English gave the
ship ("she") and the pronoun form the translator or the class put there.
The translate stage gives each pronoun mention the gender of its nearest
Italian antecedent across the document (`classes.antecedent_agreement`);
inside one sentence the rules can read the antecedent's own words, which is
the better evidence where the two differ (a translator's "essa", a class
from another sentence's noun).

The antecedent is the nearest mention of the pronoun's cluster that ends
before it in the sentence and is headed by a noun or a name whose gender
shows: its determiner ("il", "la", "quelle", not "l'"), else, for a common
noun, its own form in the noun lexicon or a suffix that says it
(`noun_forms.noun_form_evidence`, its `STRONG_SOURCES` only). A name with no
determiner, a noun of both genders ("l'insegnante") and a mention with no
cluster say nothing (None).
"""

from __future__ import annotations

from coref_transfer.class_values import UD_GENDER
from coref_transfer.lang.it.noun_forms import STRONG_SOURCES, noun_form_evidence
from coref_transfer.lang.it.noun_phrase import determiner_features
from coref_transfer.lang.it.nouns import NounLexicon
from coref_transfer.model import span_root
from coref_transfer.refine.base import Sentence


def antecedent_gender(sentence: Sentence, index: int, lexicon: NounLexicon | None) -> str | None:
    """ "masc" or "fem": the gender of the Italian noun the pronoun on token `index` refers back to in the
    sentence (module docstring), None where there is none or it does not show."""
    own = sentence.own_mentions(index)
    if len(own) != 1:
        return None
    cluster = sentence.mentions[own[0]].cluster_id
    tokens = sentence.tokens
    heads = [t.head for t in tokens]
    for other in sorted(sentence.mentions, key=lambda m: m.span.start, reverse=True):
        if other.cluster_id != cluster or other.span.end >= index:
            continue
        root = span_root(heads, other.span.start, other.span.end)
        noun = tokens[root]
        if noun.upos not in ("NOUN", "PROPN"):
            continue
        for i in range(root - 1, other.span.start - 1, -1):
            said = determiner_features(tokens[i].text) if tokens[i].head == root else None
            if said is not None:
                if said[0] is not None:
                    return said[0]
                break
        if noun.upos == "NOUN":
            form = noun_form_evidence(noun.text, noun.lemma, lexicon)
            if form.gender is not None and form.gender_source in STRONG_SOURCES:
                return UD_GENDER.get(form.gender, form.gender)
    return None
