"""No article on a person addressed directly (issue 14, item 5)."""

from __future__ import annotations

from coref_transfer.lang.it.address import is_greeting, is_kinship_title, is_title
from coref_transfer.lang.it.articles import article_kind, split_articulated
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.pronouns import finite_verb

#: Punctuation that can open an address: the segment starts the sentence or follows one of these.
OPENERS = frozenset({",", ".", "!", "?", "…", "...", ":", ";", "«", "“", '"'})
#: Punctuation that can close an address (or the sentence's end).
CLOSERS = frozenset({",", ".", "!", "?", "…", "...", "»", "”", '"'})
SENTENCE_END = frozenset({".", "!", "?", "…", "..."})
#: Relations of a noun phrase that is an argument or adjunct of a verb: not an address.
ARGUMENTS = frozenset({"nsubj", "nsubj:pass", "obj", "iobj", "obl", "obl:agent", "csubj", "expl"})


def _is_name(token: Token) -> bool:
    """A word of a name after the title (capitalised: "Conti", "De Luca"), or a second title ("signor presidente")."""
    return (token.text[:1].isupper() and token.text[:1].isalpha()) or is_title(token.text)


#: 3rd person object clitics: with one, a phrase before the comma is a dislocated topic, not an address.
THIRD_PERSON_CLITICS = frozenset({"lo", "la", "li", "le", "l'", "gli", "ne", "glielo", "gliela", "glieli", "gliele"})


def _finite(token: Token) -> bool:
    return token.upos in ("VERB", "AUX") and token.feat("VerbForm") not in ("Inf", "Part", "Ger")


def _grazie_a(tokens: list[Token], index: int) -> bool:
    """ "grazie a …", "grazie al …" is the preposition "thanks to", not thanks to the listener."""
    if index + 1 >= len(tokens):
        return False
    following = tokens[index + 1].text.lower()
    parts = split_articulated(following)
    return following in ("a", "ad") or (parts is not None and parts[0] == "a")


class VocativeArticle(Rule):
    """A person addressed directly — title + name — takes no article.

    Why: Italian addresses a person with the bare title and name ("Grazie,
    signor Conti"; "Buonasera, signora Rossi, come sta?"); the article
    belongs to talking *about* the person ("il signor Conti ha chiamato").
    An English "Thank you, Mr Conti." comes back from translation as
    "Grazie, il signor Conti.": the mention is put back in the form of a
    third-person noun phrase. `coref_transfer.lang.it.address` lists the
    titles and greetings.

    What changes: the definite article is deleted, its capital passes to
    the title; a mention over the noun phrase shrinks to it without the
    article.

    Before/after: "Grazie , il signor Conti ." → "Grazie , signor Conti .";
    "Buonasera , la signora Rossi , come sta ?" → "Buonasera , signora
    Rossi , come sta ?"; "La signora Rossi , grazie per essere qui ." →
    "Signora Rossi , grazie per essere qui .".

    Candidates: a definite article (DET) right before a title followed by
    a name (capitalised words; a second title counts: "il signor
    presidente"); the titles include the kinship nouns put before a first
    name ("Ciao , la zia Carla !" → "Ciao , zia Carla !"). Conservative,
    since the same words are an ordinary noun phrase everywhere else. Kept,
    with the reason counted (first matching test):

    - "no name after the title": "il dottore" alone, except a title (not a
      kinship noun) set off by punctuation right after a greeting or thanks
      ("Grazie , il presidente , e buon lavoro ." → "Grazie , presidente ,
      …");
    - "not set off by punctuation": the segment article + title + name must
      start the sentence or follow a comma (or other punctuation) and end
      at a comma or the sentence's end ("Grazie, il signor Conti ha
      chiamato": a subject; "Ho incontrato il signor Conti, che …": an
      object);
    - "verb in the segment": the parser tagged a word of it as a verb;
    - then a greeting or thanks before the opening comma is enough: set off
      by commas or closing the sentence, the phrase cannot be a subject or
      object ("Buongiorno, il dottor Rossi, si accomodi pure", which the
      parser reads as the subject of "si accomodi"); the greeting may have
      a complement without a finite verb ("Benvenuto in studio , il
      senatore Marini ." → "senatore Marini"; not "grazie a", thanks to);
    - so is a short question (at most 4 words from the sentence's start to
      the comma, one finite verb in the 2nd or 3rd person singular with no
      other subject and no 3rd person clitic) that the name closes: "Come
      sta , il signor Rossi ?" → "Come sta , signor Rossi ?";
    - and, for a phrase that starts the sentence and that the parser makes
      a subject (or vocative), a 2nd person or imperative verb first after
      the comma, with no 3rd person object clitic before it ("La signora
      Bianchi , si accomodi pure ." → "Signora Bianchi , …": a noun phrase
      is not the subject of a 2nd person; "Il signor Rossi , lo conosci ?"
      is a dislocated object and stays);
    - "parsed as an argument": the title is nsubj/obj/obl/... (`ARGUMENTS`)
      of a predicate with a finite verb ("Il signor Conti, sindaco di Bari,
      ha inaugurato …"), not an address (the subject of a bare infinitive
      or participle, as the parser reads "Il professor Galli, grazie per
      essere venuto", cannot be);
    - "no vocative cue": neither of these: after the closing comma come a
      greeting or thanks (not "grazie a", "thanks to") or a clause whose
      first finite verb is in the 2nd person or the imperative; the parser
      calls the title `vocative` and no finite 3rd-person verb follows (the
      parser also
      gives `vocative` to a subject cut off by a comma: "Il signor Conti,
      grazie al suo aiuto, ha vinto"). So "Il signor Conti, sindaco di
      Bari, ha detto …" (an apposition) stays.

    Known failure modes: an address with the formal *Lei* and no greeting
    is left with its article when the parser tags the verb as 3rd person
    ("Il signor Conti, venga pure": the 3rd person does not tell an address
    from a subject); a right-dislocated subject in a short question ("Dove
    abita, il signor Rossi?", asking about him) is taken as an address; a list of names
    after a greeting ("Grazie, il signor Conti e la signora Rossi") is
    kept (the closing punctuation does not follow the first name).
    """

    name = "vocative_article"
    needs = ("upos", "feats", "head", "deprel")

    def _left_cue(self, tokens: list[Token], article: int) -> bool:
        """The words between the previous boundary and the comma before the article are a greeting."""
        if article == 0 or tokens[article - 1].text != ",":
            return False
        j = article - 2
        while j >= 0 and tokens[j].text not in OPENERS:
            j -= 1
        segment = tokens[j + 1 : article - 1]
        if is_greeting([t.text for t in segment]):
            return True
        # a greeting with its complement: "Benvenuto in studio", "Grazie per essere venuto" (not "grazie a")
        return (
            bool(segment)
            and is_greeting([segment[0].text])
            and not _grazie_a(tokens, j + 1)
            and not any(_finite(t) for t in segment)
        )

    @staticmethod
    def _addressed_verb(tokens: list[Token], end: int) -> int | None:
        """After the closing comma, the first finite verb when it is 2nd person or imperative ("si accomodi",
        "venite") and no 3rd person clitic comes before it ("Il signor Rossi, lo conosci?" is a topic)."""
        if end >= len(tokens) or tokens[end].text != ",":
            return None
        for i in range(end + 1, len(tokens)):
            token = tokens[i]
            if token.text in SENTENCE_END or token.text == ",":
                return None
            if token.text.lower().replace("’", "'") in THIRD_PERSON_CLITICS:
                return None
            if _finite(token):
                return i if token.feat("Person") == "2" or token.feat("Mood") == "Imp" else None
        return None

    @staticmethod
    def _question_cue(tokens: list[Token], article: int, title: int, end: int) -> bool:
        """ "Come sta, il signor Rossi?": a short question (≤ 4 words before the comma, from the sentence's start)
        whose finite verb, 2nd or 3rd person singular, has no other subject, with the name closing it."""
        if end != len(tokens) - 1 or tokens[end].text != "?" or article < 2 or tokens[article - 1].text != ",":
            return False
        left = tokens[: article - 1]
        if len(left) > 4 or any(t.text in OPENERS for t in left):
            return False
        verbs = [i for i, t in enumerate(left) if _finite(t)]
        if len(verbs) != 1:
            return False
        verb = left[verbs[0]]
        if verb.feat("Person") not in ("2", "3") or verb.feat("Number") != "Sing":
            return False
        if any(t.text.lower().replace("’", "'") in THIRD_PERSON_CLITICS for t in left):
            return False
        return not any(
            t.head == verbs[0] and t.deprel in ("nsubj", "nsubj:pass") and i != title for i, t in enumerate(tokens)
        )

    def _right_cue(self, tokens: list[Token], end: int) -> bool:
        """After the closing comma: a greeting (not "grazie a"), or a clause with a 2nd-person or imperative verb."""
        if end >= len(tokens) or tokens[end].text != ",":
            return False
        first = end + 1
        if first < len(tokens) and is_greeting([tokens[first].text]) and not _grazie_a(tokens, first):
            return True
        for token in tokens[first:]:
            if token.text in SENTENCE_END:
                return False
            if token.upos in ("VERB", "AUX") and token.feat("VerbForm") not in ("Inf", "Part", "Ger"):
                return token.feat("Person") == "2" or token.feat("Mood") == "Imp"
        return False

    def _vocative_label(self, tokens: list[Token], title: int, end: int) -> bool:
        """The parser calls the title `vocative`, and no finite 3rd-person verb follows that it could be the subject of.

        The project's parser gives `vocative` to a sentence-initial subject
        cut off by a comma ("Il signor Conti, grazie al suo aiuto, ha
        vinto"): a later 3rd-person verb makes the label untrustworthy.
        """
        if tokens[title].deprel != "vocative":
            return False
        return not any(
            t.upos in ("VERB", "AUX") and t.feat("VerbForm") == "Fin" and t.feat("Person") == "3" for t in tokens[end:]
        )

    def _keep_reason(self, parsed: ParsedSentence, article: int) -> str | None:
        tokens = parsed.tokens
        title = article + 1
        end = title + 1
        while end < len(tokens) and _is_name(tokens[end]):
            end += 1
        opened = article == 0 or tokens[article - 1].text in OPENERS
        closed = end == len(tokens) or tokens[end].text in CLOSERS
        left_cue = self._left_cue(tokens, article)
        if end == title + 1 and not (left_cue and closed and not is_kinship_title(tokens[title].text)):
            return "no name after the title"  # a title alone only after a greeting: "Grazie, presidente, e …"
        if not (opened and closed):
            return "not set off by punctuation"
        if any(tokens[i].upos in ("VERB", "AUX") for i in range(article, end)):
            return "verb in the segment"
        if left_cue:
            return None  # "Buongiorno, il dottor Rossi, si accomodi": commas cut it off from any verb
        if self._question_cue(tokens, article, title, end):
            return None  # "Come sta, il signor Rossi?"
        head = tokens[title].head
        addressed = self._addressed_verb(tokens, end)
        if addressed is not None and article == 0 and tokens[title].deprel in ("nsubj", "vocative"):
            return None  # "La signora Bianchi, si accomodi pure": a noun phrase is no subject of a 2nd person
        if tokens[title].deprel in ARGUMENTS and head >= 0 and finite_verb(parsed, head) is not None:
            return "parsed as an argument"
        if not (self._right_cue(tokens, end) or self._vocative_label(tokens, title, end)):
            return "no vocative cue"
        return None

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        plan: list[Token] = []
        for index, token in enumerate(tokens[:-1]):
            if token.upos != "DET" or article_kind(token.text) != "definite" or not is_title(tokens[index + 1].text):
                continue
            reason = self._keep_reason(sentence.parsed, index)
            if reason is not None:
                self.skip(reason)
                continue
            plan.append(token)
        for article in plan:
            index = next(i for i, t in enumerate(sentence.tokens) if t is article)
            title = sentence.tokens[index + 1]
            sentence.delete(self.name, index, move_to=index + 1)
            if article.text[:1].isupper() and title.text[:1].islower():
                sentence.replace(self.name, index, title.text[:1].upper() + title.text[1:])
            self.applied += 1
