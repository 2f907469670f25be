"""Possessive adjective agreement, with the article before it (method.md, stage δ, rule 3)."""

from __future__ import annotations

from coref_transfer.lang.it.articles import (
    article_kind,
    articulated,
    definite_article,
    indefinite_article,
    match_case,
    split_articulated,
)
from coref_transfer.lang.it.morphology import possessive, possessor
from coref_transfer.parsing.model import Token
from coref_transfer.refine.base import Rule, Sentence

NOUNS = frozenset({"NOUN", "PROPN"})


def _is_possessive(token: Token) -> bool:
    """A possessive determiner: det:poss, or a determiner marked Poss=Yes whatever its relation.

    The relation is not required: the project's parser sometimes attaches a
    disagreeing possessive ("Mia padre") as amod, the very case to repair.
    """
    return token.deprel == "det:poss" or (token.upos == "DET" and token.feat("Poss") == "Yes")


class PossessiveAgreement(Rule):
    """A possessive adjective (det:poss) agrees in gender and number with its noun, and so does its article.

    Why: stage γ inserts possessives in the masculine singular of the
    possessed noun ("suo", "loro") and MT guesses the gender from English;
    Italian possessives agree with the thing possessed, not the possessor.
    The article (or articulated preposition) right before the possessive
    was chosen for the old form and must follow: a mention put back often
    brings its own. It is never elided there, a possessive starts with a
    consonant ("la sua auto", not "l'sua auto"); an elided one is written
    in full. The possessor (person and number) is kept: suo stays 3rd
    singular, loro is invariant (only its article changes).

    Before/after: "Mia padre" → "Mio padre"; "la suo bicicletta" → "la sua
    bicicletta"; "Il mio amica" → "La mia amica"; "il suo auto" → "la sua
    auto"; "del suo carriera" → "della sua carriera"; "il loro madre" →
    "la loro madre".

    Skipped, with the reason counted: "head is not a noun", "noun gender or
    number unknown", "not a personal possessive" (proprio, altrui) and
    "agrees already". An indefinite article with a plural noun is left as
    it is (no singular article fits).

    Known failure modes: articles are not added or removed (kinship nouns
    take none in the singular: "la mia madre" stays); a possessive the
    parser attached to the wrong noun agrees with that noun; a mistagged
    noun gender spreads to possessive and article.
    """

    name = "possessive_agreement"
    needs = ("upos", "feats", "head", "deprel")

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        for index, token in enumerate(tokens):
            if not _is_possessive(token):
                continue
            if token.head < 0 or tokens[token.head].upos not in NOUNS:
                self.skip("head is not a noun")
                continue
            noun = tokens[token.head]
            gender, number = noun.feat("Gender"), noun.feat("Number")
            if gender not in ("Masc", "Fem") or number not in ("Sing", "Plur"):
                self.skip("noun gender or number unknown")
                continue
            owner = possessor(token.text)
            if owner is None:
                self.skip("not a personal possessive")
                continue
            form = possessive(owner[0], owner[1], gender, number)
            changed = token.text.lower() != form
            sentence.replace(self.name, index, match_case(token.text, form), lemma=possessive(*owner, "Masc", "Sing"))
            token.feats.update(Gender=gender, Number=number)
            if index > 0 and self._fix_article(sentence, index - 1, token.head, gender, number, form):
                changed = True
            if changed:
                self.applied += 1
            else:
                self.skip("agrees already")

    def _fix_article(self, sentence: Sentence, index: int, noun: int, gender: str, number: str, poss: str) -> bool:
        """Make the article (or articulated preposition) at `index` agree; True if it changed."""
        token = sentence.tokens[index]
        if token.head != noun:
            return False
        kind = article_kind(token.text)
        parts = split_articulated(token.text)
        lemma: str | None
        if kind == "definite" and token.upos == "DET":
            new, lemma = definite_article(gender, number, poss), "il"
        elif kind == "indefinite" and token.upos == "DET":
            if number != "Sing":
                return False
            new, lemma = indefinite_article(gender, poss), "uno"
        elif token.upos == "ADP" and parts is not None:
            new = articulated(parts[0], definite_article(gender, number, poss)) or token.text
            lemma = None
        else:
            return False
        if token.text.lower().replace("’", "'") == new:
            return False
        sentence.replace(self.name, index, match_case(token.text, new), lemma=lemma)
        token.feats.update(Gender=gender, Number=number)
        return True
