"""The euphonic d of e/ed, a/ad, o/od, after every other edit (issue 14, item 6)."""

from __future__ import annotations

from coref_transfer.lang.it.euphony import (
    EUPHONIC,
    NOT_A_WORD,
    OTHER_VOWEL,
    PLAIN,
    SILENT_H,
    euphonic_form,
    next_word_class,
)
from coref_transfer.refine.base import Rule, Sentence

#: The words and the part of speech each must have: the conjunctions e/o, the preposition a.
WORDS = {"e": "CCONJ", "ed": "CCONJ", "o": "CCONJ", "od": "CCONJ", "a": "ADP", "ad": "ADP"}
#: What may stand before a capital letter that names a point or an item ("da A a B", "il punto A").
LABEL_BEFORE = frozenset(("ADP", "DET", "NOUN", "PROPN"))
#: Why a form was left as written, by the class of the next word.
KEPT = {
    NOT_A_WORD: "next token is not a word",
    OTHER_VOWEL: "before another vowel (both forms in use)",
    SILENT_H: "before h (both forms in use)",
}


class EuphonicD(Rule):
    """e/ed, a/ad, o/od take the form the next word asks for.

    Why: the d goes before the same vowel and never before a consonant
    (`coref_transfer.lang.it.euphony`). The words next to a conjunction
    change in this pipeline: a mention put back ("e [esso] parla"), a
    pronoun dropped ("ed [essa] non balla" → "ed non balla"), an article
    removed; MT also writes "ed" before names it does not know.

    Before/after: "e è già un bestseller" → "ed è già un bestseller"; "e
    essa" → "ed essa"; "a Anna" → "ad Anna"; "ed Mario Neri" → "e Mario
    Neri"; "ad Moretti" → "a Moretti"; "ad loro" → "a loro"; "od Mario" →
    "o Mario"; "E essa" → "Ed essa" (the capital stays).

    Candidates: e, ed, o, od tagged CCONJ and a, ad tagged ADP (not the
    verb "è", not a letter or a name "Ed"). Kept, with the reason counted:
    "before another vowel (both forms in use)" ("e i" and "ed i", "ad
    esempio"); "before h (both forms in use)": "e ha" stays plain (h
    counts as a consonant) and the traditional "ed hanno" is left as well;
    "o before o (od is rare today)" ("o otto"); "next token is not a word"
    (punctuation, a digit, a quote).

    It runs last, after every rule that inserts, deletes or rewrites a
    word, since each may change the word that follows a conjunction.

    A d is added before a capitalised word ("e Ewelina") only where the
    pipeline put that word there: a mention starts on it (γ put it back) or
    a rule changed it; a name the text already had next to a plain "e" is
    the writer's spelling ("e Ewelina" and "ed Ewelina" are both in use), so
    it is kept, counted as "name as written (both forms in use)".

    A capital letter after a preposition, an article or a noun is a label
    ("Da A a B", "il punto A"), not the preposition: counted as "a capital
    letter inside the sentence (a label)".

    Known failure modes: a conjunction or preposition the parser tagged
    otherwise is not seen; a foreign name is judged by its spelling ("e
    Ethan" becomes "ed Ethan", though it is said with /i/; "e Ian" stays).
    """

    name = "euphonic_d"
    needs = ("upos",)

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        for index, token in enumerate(tokens[:-1]):
            lower = token.text.lower()
            if WORDS.get(lower) != token.upos:
                continue
            if len(token.text) == 1 and token.text.isupper() and index > 0 and tokens[index - 1].upos in LABEL_BEFORE:
                # "Da A a B": a capital letter after a preposition or a noun is a label, not "a" (issue 38)
                self.skip("a capital letter inside the sentence (a label)")
                continue
            following = tokens[index + 1].text
            new = euphonic_form(token.text, following)
            if new is None:
                self.skip(KEPT.get(next_word_class(token.text, following), "o before o (od is rare today)"))
                continue
            if new == token.text:
                continue
            if new.lower() in EUPHONIC.values() and following[:1].isupper() and not self._put_back(sentence, index + 1):
                self.skip("name as written (both forms in use)")
                continue
            sentence.replace(self.name, index, new, lemma=PLAIN.get(new.lower(), new.lower()))
            self.applied += 1

    @staticmethod
    def _put_back(sentence: Sentence, index: int) -> bool:
        """Whether the word at `index` was placed by the pipeline: a mention starts on it or a rule changed it."""
        if any(m.span.start == index for m in sentence.mentions):
            return True
        word = sentence.tokens[index].text
        return any(change.after == word for change in sentence.changes)
