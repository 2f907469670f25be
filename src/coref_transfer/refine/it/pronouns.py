"""Personal pronoun rewrites (method.md, stage δ, rule 2), and the clause helpers pro-drop shares.

Four rules: a subject pronoun agrees in number with its finite verb
(`PronounNumberAgreement`), io/tu governed by a preposition take the tonic
form me/te (`PrepositionPronoun`), su/contro/senza/dopo… take "di" before a
tonic pronoun (`PrepositionDi`), and me/te as the subject right after
"che" take the subject form io/tu (`CheSubjectPronoun`). The helpers read
the UD tree: a clause's *verb group* is its head plus the head's aux,
aux:pass and cop children ("ha detto", "era una brava cuoca").
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import match_case
from coref_transfer.lang.it.morphology import finite_person_number, second_person_guess
from coref_transfer.lang.it.pronouns import (
    NOMINATIVE,
    OBLIQUE,
    PREPOSITIONS_WITH_DI,
    SUBJECT_PRONOUNS,
    TONIC_PRONOUNS,
    pronoun_with_number,
)
from coref_transfer.lang.it.reflexives import INTENSIFIERS
from coref_transfer.lang.it.word_classes import is_time_noun
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.refine.base import Rule, Sentence

SUBJECT_RELATIONS = frozenset({"nsubj", "nsubj:pass"})
#: Children of a predicate that belong to its verb group.
GROUP_RELATIONS = frozenset({"aux", "aux:pass", "cop"})


#: Clitics that can follow a clitic me/te ("che me ne vado", "che te lo dica").
CLITIC_FOLLOWERS = frozenset(["ne", "lo", "la", "li", "le", "l'", "ci", "vi", "si"])


def is_clitic(token: Token) -> bool:
    """A clitic pronoun (lo, gli, me in "me ne vado"): UD `Clitic=Yes`, or the Italian tag PC."""
    return token.feat("Clitic") == "Yes" or token.xpos == "PC"


def is_personal_pronoun(token: Token) -> bool:
    """A tonic personal pronoun: UPOS PRON, PronType=Prs, not clitic, possessive or reflexive.

    A subject pronoun form the parser mistook for a proper noun or noun
    ("Tu" as PROPN: the project's parser sees little 2nd person) counts too.
    """
    if token.feat("Poss") == "Yes" or token.feat("Reflex") == "Yes":
        return False
    if token.upos in ("PROPN", "NOUN") and token.text.lower() in SUBJECT_PRONOUNS:
        return True
    return token.upos == "PRON" and token.feat("PronType") == "Prs" and not is_clitic(token)


def is_subject(token: Token) -> bool:
    """The token is the subject (nsubj, nsubj:pass) of its head."""
    return token.deprel in SUBJECT_RELATIONS


#: Coordinating conjunctions that join two subjects ("lui e lei", "tu o tuo fratello").
JOINING = frozenset(["e", "ed", "o", "od", "né"])
NOMINAL = frozenset(["PRON", "PROPN", "NOUN"])


def _singular_verb_follows(tokens: list[Token], index: int) -> bool:
    """The first verb after the token (past clitics and "non") is a singular finite form."""
    for token in tokens[index + 1 :]:
        if token.text.lower() == "non" or is_clitic(token):
            continue
        if token.upos in ("VERB", "AUX"):
            number = finite_person_number(token.text)
            return (number[1] if number else token.feat("Number")) == "Sing" and (
                token.feat("VerbForm") == "Fin" or number is not None
            )
        return False
    return False


def is_coordinated(parsed: ParsedSentence, index: int) -> bool:
    """The token is a conjunct: it has a conj dependent, or is itself conj, or stands
    next to e/o and a nominal on the other side ("Lui e lei si sono sposati", with
    "Lui" misparsed as a root of its own)."""
    tokens = parsed.tokens
    if tokens[index].deprel == "conj":
        return True
    if any(tokens[c].deprel == "conj" for c in parsed.children(index)):
        return True
    before = (
        index >= 2
        and tokens[index - 1].text.lower() in JOINING
        and tokens[index - 2].upos in NOMINAL
        and not (
            _singular_verb_follows(tokens, index)  # "… alla nonna e lei ha custodito": a clause of its own
            and tokens[index - 2].upos != "PRON"
        )  # but "lui o lei voglia": two pronouns joined, a disjunction in the singular (issue 38, seventh set)
    )
    after = (
        index + 2 < len(tokens)
        and tokens[index + 1].text.lower() in JOINING
        and tokens[index + 2].upos in NOMINAL | {"DET"}
    )
    return before or after


def verb_group(parsed: ParsedSentence, head: int) -> list[int]:
    """The predicate `head` with its aux, aux:pass and cop children, left to right."""
    members = [c for c in parsed.children(head) if parsed.tokens[c].deprel in GROUP_RELATIONS]
    return sorted([head, *members])


def is_verbal(parsed: ParsedSentence, head: int) -> bool:
    """The predicate is a verb, or a nominal with a copula or auxiliary."""
    return parsed.tokens[head].upos in ("VERB", "AUX") or len(verb_group(parsed, head)) > 1


def first_verbal(parsed: ParsedSentence, head: int) -> int:
    """The first verbal token of the group: its leftmost auxiliary or copula, else the verb itself."""
    members = [c for c in verb_group(parsed, head) if c != head]
    return members[0] if members else head


def finite_verb(parsed: ParsedSentence, head: int) -> int | None:
    """The leftmost token of the verb group marked VerbForm=Fin (or a known finite form), or None."""
    for index in verb_group(parsed, head):
        token = parsed.tokens[index]
        if token.feat("VerbForm") == "Fin" or finite_person_number(token.text) is not None:
            return index
    return None


def verb_person_number(token: Token) -> tuple[str | None, str | None]:
    """Person and number of a finite verb: the form table first, then the parser's features."""
    known = finite_person_number(token.text)
    if known is not None:
        return str(known[0]), known[1]
    return token.feat("Person"), token.feat("Number")


def _predicate_gender(parsed: ParsedSentence, head: int, number: str) -> str | None:
    """The gender shown by a participle or adjective of the group agreeing in `number`, if any."""
    for index in verb_group(parsed, head):
        token = parsed.tokens[index]
        agrees = token.upos == "ADJ" or token.feat("VerbForm") == "Part"
        if agrees and token.feat("Number") == number and token.feat("Gender") in ("Masc", "Fem"):
            return token.feat("Gender")
    return None


#: Forms that are only ever subjects: after a preposition they become me/te.
NOMINATIVE_ONLY = frozenset(OBLIQUE)


def _nominative_after_verb(parsed: ParsedSentence, index: int) -> bool:
    """io/tu after their finite verb, which the parser took for an object or oblique ("Lo sapete solo tu").

    io and tu have no other use than the subject (an object or a preposition
    takes me/te), so the relation the parser gave them is not needed: the
    pronoun follows its head, a finite verb, with no preposition before it.
    """
    token = parsed.tokens[index]
    if token.text.lower() not in NOMINATIVE_ONLY or token.head < 0 or token.head > index:
        return False
    if index > 0 and parsed.tokens[index - 1].upos in ("ADP", "DET"):
        return False  # "di tu" is preposition_pronoun's; "il nostro io" is a noun
    if any(parsed.tokens[c].deprel == "case" for c in parsed.children(index)):
        return False
    return finite_verb(parsed, token.head) is not None


#: Focus adverbs that stand between a verb and its post-verbal subject ("Venite anche voi").
FOCUS_ADVERBS = frozenset(
    ["anche", "proprio", "pure", "solo", "soltanto", "nemmeno", "neanche", "neppure", "perfino", "persino"]
)
#: Clitics and "non" that stand between a subject pronoun and its verb ("voi lo sapevate").
PREVERBAL_WORDS = frozenset(
    ["non", "mi", "ti", "ci", "vi", "si", "lo", "la", "li", "le", "ne", "gli", "l'", "me", "te"]
)
#: Forms of essere before a post-verbal subject ("Sei stato proprio tu", "Siete voi"), and its participle.
ESSERE_FINITE = frozenset(["sono", "sei", "è", "siamo", "siete", "ero", "eri", "era", "eravamo", "eravate", "erano"])
ESSERE_PARTICIPLE = frozenset(["stato", "stata", "stati", "state"])


def _linear_verb(parsed: ParsedSentence, index: int) -> tuple[int, str] | None:
    """(person, number) of the finite verb next to a 1st/2nd person pronoun, read from the words, or None.

    For io/tu/noi/voi the parser could not attach to a finite verb (it sees little 2nd person:
    "Decidete" as PROPN, "sapevi" as ADJ, tu as flat:name). The verb is read off the table of
    common forms (`finite_person_number`) or, for the 2nd person, the verb endings
    (`second_person_guess`), at one of three places:

    - after the pronoun, past "non" and clitics: "Solo tu potete", "Nemmeno voi lo sapevi";
    - before it, at the start of the sentence or after punctuation, past focus adverbs: "Decidete tu
      dove andare", "Venite anche tu" (voi/noi there only after essere: "Vogliamo voi" is an object);
    - a cleft with essere: "Sei stato proprio voi a chiamare".
    """
    tokens = parsed.tokens
    form = tokens[index].text.lower()
    person = SUBJECT_PRONOUNS[form][0]
    if index > 0 and tokens[index - 1].upos == "ADP" and tokens[index - 1].text.lower() not in FOCUS_ADVERBS:
        return None  # "con voi": an oblique ("Perfino", tagged ADP, is a focus adverb)

    def reading(i: int) -> tuple[int, str] | None:
        word = tokens[i]
        known = finite_person_number(word.text)
        if known is not None:
            return known
        if person != 2 or word.upos in ("DET", "ADP", "PRON", "PUNCT", "NUM"):
            return None
        if any(tokens[c].upos == "DET" for c in parsed.children(i)) or (i > 0 and tokens[i - 1].upos == "DET"):
            return None
        guess = second_person_guess(word.text)
        return (2, guess) if guess is not None else None

    after = index + 1
    while after < len(tokens) and tokens[after].text.lower() in PREVERBAL_WORDS:
        after += 1
    if after < len(tokens):
        found = reading(after)
        if found is not None and found[0] == person:
            return found
    before = index - 1
    while before >= 0 and tokens[before].text.lower() in FOCUS_ADVERBS:
        before -= 1
    if before >= 0 and tokens[before].text.lower() in ESSERE_PARTICIPLE:
        before -= 1
        if before < 0 or tokens[before].text.lower() not in ESSERE_FINITE:
            return None
    if before < 0 or (before > 0 and tokens[before - 1].upos != "PUNCT"):
        return None
    if form not in NOMINATIVE_ONLY and tokens[before].text.lower() not in ESSERE_FINITE:
        return None  # "Vogliamo voi": a post-verbal noi/voi may be the object
    found = reading(before)
    return found if found is not None and found[0] == person else None


def _set_feats(token: Token, **values: str | None) -> None:
    """Keep the annotation in step with a rewritten form (None removes a feature)."""
    for name, value in values.items():
        if value is None:
            token.feats.pop(name, None)
        else:
            token.feats[name] = value


class PronounNumberAgreement(Rule):
    """A subject personal pronoun agrees in number with its finite verb.

    Why: a pronoun inserted for a mention is chosen from the English mention
    (or mistranslated, "you" → "tu"), while the verb the MT produced carries
    the number the context needs; the verb is the better witness. The
    person must already agree; only the number changes.

    Before/after: "Tu siete pronti" → "Voi siete pronti"; "Lui sono
    partiti" (sono: 3rd plural) → "Loro sono partiti"; "Loro è partita" →
    "Lei è partita" (loro → lui/lei takes the gender of a participle or
    adjective of the verb group).

    Candidates: subject pronouns, and io/tu after their finite verb whatever
    relation the parser gave them ("Lo sapete solo tu" → "… solo voi": io/tu
    are never objects). Another form after its verb is left, counted ("post-
    verbal: may be the object"): "Vogliono lui, non lei" is an object the
    parser may call the subject. io/tu/noi/voi the parser attached to no
    finite verb (it sees little 2nd person: "Decidete" as PROPN, "sapevi"
    as ADJ, tu as X) agree with the verb read off the words next to them
    (`_linear_verb`): "Solo tu potete" → "Solo voi potete", "Decidete tu"
    → "Decidete voi", "Nemmeno voi lo sapevi" → "Nemmeno tu lo sapevi",
    and the cleft "Sei stato proprio voi a chiamare" → "… proprio tu …"
    (after essere a noi/voi is the subject; after other verbs it stays).

    Skipped, with the reason counted: coordinated subjects ("Tu e io siamo":
    the plural verb is right; also a pronoun right after e/o/né that would
    become plural, "Lui e lei si sono sposati" with lui outside the parse's
    coordination), no finite verb, a verb without Number, a
    person mismatch ("Noi è": which one is wrong is unknown), loro → singular
    with no gender to go by, and a pronoun whose mention's class (translate's,
    from the English and its cluster) has the pronoun's own number: "quando
    loro vedranno esso" (esso = the museum), parsed with esso as a second
    subject of "vedranno", keeps "esso". Only the pronoun's own mention
    counts (`Sentence.mention_class`): in "[il libro che tu avete scritto]"
    the book's class says nothing of tu.

    Known failure modes: a verb tagged with the wrong number (sono 1sg/3pl)
    rewrites a right pronoun; a subject pronoun the parser attached to the
    wrong verb agrees with that verb.
    """

    name = "pronoun_number_agreement"
    needs = ("upos", "feats", "head", "deprel")

    def apply(self, sentence: Sentence) -> None:
        parsed = sentence.parsed
        for index, token in enumerate(sentence.tokens):
            form = token.text.lower()
            if form not in SUBJECT_PRONOUNS:
                continue
            if not (is_personal_pronoun(token) or (token.upos == "X" and form in NOMINATIVE_ONLY)):
                continue  # io/tu tagged X (Foreign) by a parser that sees little 2nd person: "Pagate tu"
            candidate = is_subject(token) or _nominative_after_verb(parsed, index)
            verb_index = finite_verb(parsed, token.head) if candidate and token.head >= 0 else None
            linear = None
            if verb_index is None and SUBJECT_PRONOUNS[form][0] in (1, 2) and token.deprel != "conj":
                linear = _linear_verb(parsed, index)
            if not candidate and linear is None:
                continue
            if is_coordinated(parsed, index):
                self.skip("coordinated subject")
                continue
            if verb_index is None and linear is None:
                self.skip("no finite verb")
                continue
            if verb_index is not None and index > verb_index and form not in NOMINATIVE_ONLY:
                # "Vogliono lui, non lei": a tonic form after the verb may be its object
                self.skip("post-verbal: may be the object")
                continue
            if linear is not None:
                verb_person, number = str(linear[0]), linear[1]
            else:
                verb_person, number = verb_person_number(sentence.tokens[verb_index])
            if number not in ("Sing", "Plur"):
                self.skip("verb number unknown")
                continue
            person, own_number, gender = SUBJECT_PRONOUNS[form]
            if verb_person is not None and verb_person != str(person):
                self.skip("person mismatch")
                continue
            if own_number == number:
                self.skip("agrees already")
                continue
            if number == "Plur" and index > 0 and sentence.tokens[index - 1].text.lower() in ("e", "ed", "o", "né"):
                # "Lui e lei si sono sposati" with lui outside the parse's coordination: the plural is theirs
                self.skip("coordinated subject")
                continue
            cls = sentence.mention_class(index)
            if cls is not None and cls.number != number.lower():
                # translate's class of the pronoun's mention (from the English, its cluster)
                # outweighs a verb the pronoun may not even be the subject of
                self.skip("the mention's class has the pronoun's number")
                continue
            if gender is None and form == "loro":
                gender = token.feat("Gender") or _predicate_gender(parsed, token.head, number)
            new = pronoun_with_number(form, number, gender)
            if new is None:
                self.skip("gender unknown (loro → lui/lei)")
                continue
            sentence.replace(self.name, index, match_case(token.text, new), lemma=new)
            _set_feats(token, Number=number, Gender=SUBJECT_PRONOUNS[new][2])
            self.applied += 1


class PrepositionPronoun(Rule):
    """io/tu governed by a preposition take the tonic form me/te.

    Why: Italian has no nominative after a preposition ("per me", "con
    te", "tra me e te"); MT and inserted mentions produce "per io". The
    preposition is found as a `case` dependent of the pronoun (or of the
    first conjunct it is coordinated with), or as an ADP right before it.

    Before/after: "Questo è per io" → "Questo è per me"; "tra io e tu" →
    "tra me e te".

    Skipped, with the reason counted: a pronoun that is the subject of its
    verb although an ADP stands before it ("Come tu sai", with come tagged
    ADP): a subject keeps the subject form. io/tu the parser did not tag
    PRON (X, PROPN, NOUN) count right after an ADP and with no determiner
    ("Fra tu e Giulia", tu as X → "Fra te e Giulia"; "il nostro io" stays).

    Known failure modes: comparisons with "come"/"quanto" followed by a
    verb ("bravo come io sono") if the parser takes io as an oblique; only
    io/tu are handled (the other persons have one tonic form).
    """

    name = "preposition_pronoun"
    needs = ("upos", "head", "deprel")

    def _governed(self, parsed: ParsedSentence, index: int) -> bool:
        tokens = parsed.tokens
        holders = [index]
        if tokens[index].deprel == "conj" and tokens[index].head >= 0:
            holders.append(tokens[index].head)
        if any(tokens[c].deprel == "case" for h in holders for c in parsed.children(h)):
            return True
        if coordinated_after_preposition(tokens, index):
            return True  # "tra tu e io", the second conjunct parsed as a subject: governed all the same
        return index > 0 and tokens[index - 1].upos == "ADP"

    @staticmethod
    def _mistagged(parsed: ParsedSentence, index: int) -> bool:
        """io/tu the parser did not tag PRON ("Fra tu e Giulia": tu as X, Foreign), right after an ADP.

        A determiner before it makes it a noun ("il nostro io"), left alone.
        """
        tokens = parsed.tokens
        if tokens[index].upos not in ("X", "PROPN", "NOUN") or index == 0 or tokens[index - 1].upos != "ADP":
            return False
        return not any(tokens[c].upos == "DET" for c in parsed.children(index))

    def apply(self, sentence: Sentence) -> None:
        for index, token in enumerate(sentence.tokens):
            form = token.text.lower()
            if form not in OBLIQUE or not self._governed(sentence.parsed, index):
                continue
            if token.upos != "PRON" and not self._mistagged(sentence.parsed, index):
                continue
            if is_subject(token) and not coordinated_after_preposition(sentence.tokens, index):
                self.skip("subject of its verb")
                continue
            new = OBLIQUE[form]
            sentence.replace(self.name, index, match_case(token.text, new), lemma=new)
            self.applied += 1


class PrepositionDi(Rule):
    """su, contro, senza, dopo, sopra, sotto, dietro, dentro, verso, presso take "di" before a tonic pronoun.

    Why: these prepositions govern a noun directly ("su questo tavolo",
    "contro il governo") but a personal pronoun through "di" ("su di lui",
    "contro di noi", "senza di te", "dopo di lei"); the bare form is
    substandard or archaic. An English "on it", "against him" comes back as
    "su esso", "contro lui": the pronoun mention is put back where the noun
    was (`coref_transfer.lang.it.pronouns.PREPOSITIONS_WITH_DI` lists the
    prepositions and why tra, per, con… are not among them).

    What changes: "di" (ADP, case of the pronoun) is inserted between the
    preposition and the pronoun; it does not join a mention on the pronoun
    ("su [esso]" → "su di [esso]"); a mention over the preposition and the
    pronoun grows by it.

    Before/after: "non c'era nessuno su esso" → "non c'era nessuno su di
    esso"; "contro lui" → "contro di lui"; "senza loro" → "senza di loro";
    "dopo lei" → "dopo di lei".

    Candidates: a tonic personal pronoun (me, te, lui, lei, esso, essa, noi,
    voi, loro, essi, esse, sé; UPOS PRON, not possessive) right after one
    of the prepositions. Kept, with the reason counted: "di already there"
    ("su di lui": seen as preposition, "di", pronoun); "not a preposition
    here": the word is not tagged ADP or is not the pronoun's `case`
    ("Dopo lui è partito" with "dopo" as an adverb, "sopra" as an adverb),
    unless the English says the pronoun is a preposition's object (role
    `oblique`: "subito dietro essa" → "dietro di essa", dietro tagged ADV);
    "followed by stesso" ("su sé stesso", "contro lui stesso": usual
    without "di"); "coordinated pronoun": the preposition is shared by a
    conjunct ("contro lui e lei": "di" would be needed before each, left
    alone); "senza lui e senza i bambini", where each conjunct has its own,
    gets it ("senza di lui e senza i bambini"). The preposition is the
    pronoun's `case` tagged ADP or ADV ("dentro sé", dentro as ADV →
    "dentro di sé"), or an ADP the parser hung elsewhere when the pronoun
    is no subject and no noun, adjective or verb follows ("camminavano
    dietro loro", dietro advmod of the verb → "dietro di loro"; "dietro
    loro richiesta", the possessive, stays).

    Known failure modes: an adverb the parser tagged ADP and attached to
    the pronoun gets a "di" ("Dopo lui partì" read as "after him");
    "verso" may be the verb ("io verso lui"), left alone only if tagged
    VERB.
    """

    name = "preposition_di"
    needs = ("upos", "feats", "head", "deprel")

    @staticmethod
    def _shares_preposition(parsed: ParsedSentence, index: int) -> bool:
        """A conjunct of the pronoun has no preposition of its own ("contro lui e lei"); "senza lui e
        senza i bambini" does not count: each conjunct has its own."""
        tokens = parsed.tokens
        return any(
            tokens[c].deprel == "conj" and not any(tokens[g].deprel == "case" for g in parsed.children(c))
            for c in parsed.children(index)
        )

    @staticmethod
    def _preposition(parsed: ParsedSentence, index: int) -> bool:
        """The word before the pronoun governs it: the ADP `case` of the pronoun; or its `case` whatever the
        tag ("dentro sé", dentro as ADV); or an ADP the parser hung on the verb ("camminavano dietro loro",
        dietro advmod, loro obj) when the pronoun is no subject and no possessive "loro" before a noun."""
        tokens = parsed.tokens
        before, pronoun = tokens[index - 1], tokens[index]
        if before.head == index and before.deprel == "case":
            return before.upos in ("ADP", "ADV")
        if before.upos != "ADP" or is_subject(pronoun):
            return False
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        return following is None or following.upos not in ("NOUN", "ADJ", "PROPN", "VERB", "AUX")

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        plan: list[Token] = []
        for index, token in enumerate(tokens):
            if index == 0 or token.upos != "PRON" or token.feat("Poss") == "Yes":
                continue
            if token.text.lower() not in TONIC_PRONOUNS:
                continue
            before = tokens[index - 1]
            if before.text.lower() not in PREPOSITIONS_WITH_DI:
                if before.text.lower() == "di" and index > 1 and tokens[index - 2].text.lower() in PREPOSITIONS_WITH_DI:
                    self.skip("di already there")
                continue
            if not self._preposition(sentence.parsed, index) and not (
                before.upos == "ADV" and sentence.mention_role(index) == "oblique"
            ):
                # (an English object of a preposition is one here too: "subito dietro essa", dietro tagged ADV and
                # hung on the verb; issue 38)
                self.skip("not a preposition here")
                continue
            if before.text.lower() in ADVERB_OR_PREPOSITION and (
                subject_of_next_verb(tokens, index)
                or (index > 1 and is_time_noun(tokens[index - 2].text))  # "qualche anno dopo lei e suo marito"
            ):
                # "Due anni dopo lui partì" (two years later he left): dopo is an adverb, lui the subject of
                # "partì"; "dopo di lui partì" would say "after him"
                self.skip("dopo/prima as an adverb: the pronoun is the next verb's subject")
                continue
            # "stesso" after the pronoun: "su sé stesso", "contro sé stessi" are right without "di"
            if index + 1 < len(tokens) and tokens[index + 1].text.lower() in INTENSIFIERS:
                self.skip("followed by stesso")
                continue
            if self._shares_preposition(sentence.parsed, index):
                self.skip("coordinated pronoun")
                continue
            plan.append(token)
        # Decided on the whole parse, then inserted: each insertion shifts the indexes.
        for pronoun in plan:
            index = next(i for i, t in enumerate(sentence.tokens) if t is pronoun)
            sentence.insert(self.name, index, Token("di", "di", "ADP", "E", {}, index + 1, "case"))
            self.applied += 1


def coordinated_after_preposition(tokens: list[Token], index: int) -> bool:
    """The pronoun is the second conjunct of a pronoun a preposition governs ("tra te e io", "con lui e me"), or
    of a short noun phrase after "tra"/"fra" ("tra la parete ed esso"), whatever relation the parser gave it:
    governed by that preposition, never a subject."""
    if index < 3 or tokens[index - 1].text.lower() not in ("e", "ed", "o", "od"):
        return False
    if tokens[index - 3].upos == "ADP" and tokens[index - 2].text.lower() in TONIC_PRONOUNS | OBLIQUE.keys():
        return True
    for k in range(index - 2, max(-1, index - 6), -1):  # a noun phrase of up to four words after the preposition
        if tokens[k].upos == "ADP":
            # only "tra X e Y", which always pairs its two: after another preposition the "e" may start a
            # clause ("con le bimbe in piscina e io mi sentivo", "di petto e lui ha calciato")
            return (
                tokens[k].text.lower() in ("tra", "fra")
                and k < index - 2
                and any(tokens[j].upos in ("NOUN", "PROPN") for j in range(k + 1, index - 1))
            )
        if tokens[k].upos not in ("DET", "NOUN", "PROPN", "ADJ", "NUM"):
            return False
    return False


#: Words after which "che" compares ("than", "but"): "altri che te", "più che me", "nient'altro che lui".
COMPARATIVES = frozenset(["altri", "altro", "altra", "altre", "più", "meno", "piuttosto", "nient'altro", "altrimenti"])

#: Words that are a preposition before a noun ("dopo la guerra") and an adverb of time after one ("due anni dopo").
ADVERB_OR_PREPOSITION = frozenset(["dopo", "prima", "poi"])


def agreeing_verb_after(tokens: list[Token], index: int) -> int | None:
    """The index of the finite verb right after a subject pronoun form ("non" may stand between) when it agrees
    with the pronoun in person and number, else None: "restaurato ed esso è di nuovo aperto", "… dopo lui
    partì", "… prima lei non aveva chiamato". That verb's subject, whatever the parse says."""
    word = tokens[index].text.lower()
    if word not in SUBJECT_PRONOUNS:
        return None
    j = index + 1
    if j < len(tokens) and tokens[j].text.lower() == "non":
        j += 1
    if j >= len(tokens) or tokens[j].upos not in ("VERB", "AUX"):
        return None
    if not (tokens[j].feat("VerbForm") == "Fin" or finite_person_number(tokens[j].text) is not None):
        return None
    person, number, _ = SUBJECT_PRONOUNS[word]
    return j if verb_person_number(tokens[j]) == (str(person), number) else None


def subject_of_next_verb(tokens: list[Token], index: int) -> bool:
    """The pronoun at `index` is the subject of the finite verb right after it (`agreeing_verb_after`)."""
    return agreeing_verb_after(tokens, index) is not None


def _finite_verb_follows(parsed: ParsedSentence, index: int) -> bool:
    """A singular finite verb right after the pronoun heads it ("che me trovi", parsed me as obl).

    A tonic me/te is never the object of the verb right after it (the
    object clitic is mi/ti), so "che me" + a finite verb reads as its subject.
    """
    if index + 1 >= len(parsed.tokens):
        return False
    verb = parsed.tokens[index + 1]
    if verb.upos not in ("VERB", "AUX") or parsed.tokens[index].head not in (index + 1, verb.head):
        return False
    _, number = verb_person_number(verb)
    return number == "Sing" and (verb.feat("VerbForm") == "Fin" or finite_person_number(verb.text) is not None)


class CheSubjectPronoun(Rule):
    """me/te as the subject right after "che" take the subject form io/tu.

    Why: a subject is nominative ("che io sia pronto"); "che me" comes from
    a mention inserted in its English object form ("that me…") or from MT
    copying the tonic form.

    Before/after: "Penso che me sia pronto" → "Penso che io sia pronto".

    Skipped, with the reason counted: a clitic me/te ("che me ne vado",
    "che te lo dico": right as it is), and a me/te that is not a subject
    ("non vedo altri che te"). A me/te the parser calls an object or
    oblique counts as the subject when a singular finite verb right after
    it is its head ("che me trovi": the object form would be "mi"), even
    when the parser calls it a clitic ("Spero che te stia meglio": a
    clitic te comes only before lo/la/ne…, before a verb it would be "ti").

    Known failure modes: relies on the parser calling the pronoun nsubj in
    an ungrammatical sentence; other complementisers ("perché me sia") are
    not looked at.
    """

    name = "che_subject_pronoun"
    needs = ("upos", "feats", "deprel")

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        for index, token in enumerate(tokens):
            form = token.text.lower()
            if token.upos != "PRON" or form not in NOMINATIVE or index == 0 or tokens[index - 1].text.lower() != "che":
                continue
            if index > 1 and tokens[index - 2].text.lower() in COMPARATIVES:
                self.skip("comparative che (than)")  # "non ha altri che te", "più alto che me"
                continue
            following = tokens[index + 1].text.lower() if index + 1 < len(tokens) else ""
            verb_follows = _finite_verb_follows(sentence.parsed, index)
            before_clitic = following in CLITIC_FOLLOWERS or following.startswith(("l'", "l’"))
            if before_clitic or (is_clitic(token) and not (is_subject(token) or verb_follows)):
                # "che me ne vado", "che te l'abbiano detto": one of a clitic cluster, whatever its tag
                self.skip("clitic (che me ne vado)")
                continue
            if not (is_subject(token) or verb_follows):
                self.skip("not a subject")
                continue
            new = NOMINATIVE[form]
            sentence.replace(self.name, index, match_case(token.text, new), lemma=new)
            self.applied += 1
