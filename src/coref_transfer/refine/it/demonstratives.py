"""Demonstratives: adjectives agree with their noun, pronouns become "ciò" (method.md, stage δ, rules 4 and 5).

A form of quello/questo is an *adjective* when it is the `det` of a noun at
most `WINDOW` tokens ahead, and a *pronoun* otherwise; the two rules split
the forms between them this way, so no token is a candidate of both.
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import match_case, split_articulated, starts_with_vowel, ud_gender, ud_number
from coref_transfer.lang.it.dictionary import shipped_dictionary
from coref_transfer.lang.it.morphology import demonstrative, demonstrative_features, finite_person_number
from coref_transfer.lang.it.noun_forms import STRONG_SOURCES, noun_form_evidence, shape_agrees
from coref_transfer.lang.it.nouns import NounLexicon, shipped_lexicon
from coref_transfer.lang.it.word_classes import TUTTO
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.pronouns import (
    finite_verb,
    is_personal_pronoun,
    is_subject,
    verb_group,
    verb_person_number,
)

#: How far ahead (in tokens) a demonstrative's noun may stand.
WINDOW = 4
NOUNS = frozenset({"NOUN", "PROPN"})
QUOTES = frozenset(['"', "'", "«", "»", "“", "”", "‘", "’"])


def _demonstrative(token: Token) -> tuple[str, str | None, str] | None:
    """(kind, gender, number) of a form of quello/questo tagged DET or PRON, else None."""
    if token.upos not in ("DET", "PRON"):
        return None
    return demonstrative_features(token.text)


def _noun_of(parsed: ParsedSentence, index: int, lexicon: NounLexicon | None = None) -> int | None:
    """The index of the noun the demonstrative at `index` is an adjective of, or None (a pronoun).

    The noun the demonstrative is the det of, 1..WINDOW tokens ahead. Also the very next word:

    - when the demonstrative is its det and the parser tagged it ADV, X or INTJ ("Quel studente",
      studente as ADV), or the noun lexicon knows it as a noun;
    - when the noun lexicon knows it in the demonstrative's own gender and number, it is not tagged
      VERB or ADJ ("quelli trasferiti" is elliptic) and is no finite verb of the table;
    - when the parser called it a VERB whose lemma is the form itself and no infinitive, it starts
      with a vowel (where only a noun could make "quello" wrong) and its ending shows the
      demonstrative's gender and number ("Quello albero", albero as a verb with lemma "albero"): a
      noun the parser mistook.
    """
    token = parsed.tokens[index]
    if token.deprel == "det" and index + 1 < len(parsed.tokens) and parsed.tokens[index + 1].upos == "NOUN":
        # Italian noun phrases are head-first: the noun right after the determiner is its noun
        # ("questo fine settimana", parsed with "settimana" as the head)
        return index + 1
    if token.deprel == "det" and 0 < token.head - index <= WINDOW and parsed.tokens[token.head].upos in NOUNS:
        return token.head
    if index + 1 >= len(parsed.tokens):
        return None
    following = parsed.tokens[index + 1]
    if token.deprel == "det" and token.head == index + 1 and following.upos in ("ADV", "X", "INTJ"):
        return index + 1
    features = demonstrative_features(token.text)
    lemma = (following.lemma or "").lower()
    if (
        features is not None
        and features[1] is not None
        and following.upos == "VERB"
        and lemma == following.text.lower()
        and not lemma.endswith(("re", "rsi"))
        and following.text[:1].islower()
        and starts_with_vowel(following.text)
        and shape_agrees(following.text, "Gender", features[1])
        and shape_agrees(following.text, "Number", features[2])
    ):
        return index + 1
    if lexicon is None:
        return None
    gender, number = lexicon.lookup(following.text)
    if gender is None or following.upos in ("AUX", "PRON", "DET", "ADP", "PUNCT", "ADJ", "VERB", "SCONJ", "CCONJ"):
        # "quelli trasferiti": a participle or adjective after a pronoun, an elliptic phrase; "Chiamo in causa
        # quello perché …": a conjunction the lexicon also knows as a noun ("il perché"; issue 38, seventh set)
        return None
    if following.head == index and following.deprel in ("amod", "acl"):
        return None  # "sono quelli comuni a tutti": the parser hangs the word on the pronoun, its adjective
    if finite_person_number(following.text):
        return None
    if token.deprel == "det" and token.head == index + 1:
        return index + 1
    if (
        features is not None
        and number is not None
        and (ud_gender(gender), ud_number(number)) == (features[1], features[2])
        and following.text[:1].islower()
    ):
        return index + 1
    return None


#: Parts of speech that end a noun phrase's run of nouns and adjectives after its first noun.
_PHRASE_ENDS = frozenset({"ADP", "PUNCT", "VERB", "AUX", "DET", "CCONJ", "SCONJ", "PRON", "ADV", "NUM"})


def _later_word_agrees(tokens: list[Token], noun_index: int, features: tuple[str, str | None, str]) -> bool:
    """A noun or adjective after the demonstrative's noun, in the same run of nouns and adjectives, has the
    demonstrative's gender and number as written: "Questa comune formica nera", "comune" read as the noun
    (il comune) while "formica" and "nera" agree with "Questa". Two readings, so the evidence is mixed."""
    for token in tokens[noun_index + 1 : noun_index + 3]:
        if token.upos in _PHRASE_ENDS or not token.text.isalpha():
            return False
        if (token.feat("Gender"), token.feat("Number")) == (features[1], features[2]):
            return True
    return False


def _adjective_as_written(noun: Token, features: tuple[str, str | None, str]) -> bool:
    """The word's ending shows no gender (-e, -i) and the parser gives it the demonstrative's gender and number.

    "sono quelle comuni a tutte le famiglie" (UD VIT): the lexicon knows "i
    comuni" (the towns), but here "comuni" is the adjective of an elided
    noun ("quelle [spese] comuni"). An -e/-i word is a noun or adjective of
    either gender, so outside mentions, where MT made the demonstrative agree
    with what it meant, the lexicon's noun reading is no evidence against it.
    """
    return noun.text.lower().endswith(("e", "i")) and (noun.feat("Gender"), noun.feat("Number")) == (
        features[1],
        features[2],
    )


def _adjectival(parsed: ParsedSentence, index: int, lexicon: NounLexicon | None = None) -> bool:
    """The demonstrative is an adjective of a noun (`_noun_of`)."""
    return _noun_of(parsed, index, lexicon) is not None


def _participle_as_noun(parsed: ParsedSentence, index: int) -> bool:
    """A bare masculine "noun" in -o right after a form of essere, which is its participle ("è successo").

    The parser calls "successo" in "Quella è successo" a predicate noun; a
    predicate noun with no determiner after "è" that does not even agree
    with a feminine subject is the participle of a compound tense.
    """
    tokens = parsed.tokens
    token = tokens[index]
    if index == 0 or token.feat("Gender") != "Masc" or not token.text.lower().endswith("o"):
        return False
    if any(tokens[c].deprel in ("det", "case", "det:poss") for c in parsed.children(index)):
        return False
    return tokens[index - 1].lemma == "essere" and tokens[index - 1].upos == "AUX"


def _object_of_verb_between(parsed: ParsedSentence, start: int, index: int) -> bool:
    """The noun at `index` is the object of a verb standing between it and `start` ("Le vendite sono
    calate, e questa preoccupa gli azionisti": the shareholders are what worries, not what "questa" is),
    and a clause with a finite verb comes before the demonstrative (the event it may stand for)."""
    token = parsed.tokens[index]
    if not any(t.feat("VerbForm") == "Fin" for t in parsed.tokens[:start]):
        return False  # "Questa stabilisce un termine": no event before it in the sentence, a thing is meant
    return token.deprel == "obj" and start < token.head < index and parsed.tokens[token.head].upos == "VERB"


class DemonstrativeAgreement(Rule):
    """A demonstrative adjective agrees with its noun and takes the form the next word requires.

    Why: MT picks the demonstrative's gender from English or from a
    placeholder, and a mention put back after it may change both the noun
    and the first letters that follow; Italian demonstratives agree in
    gender and number, and quello/questo change shape with the next word's
    onset (quel/quello/quell'/quei/quegli/quella/quelle; questo/questa/
    quest'/questi/queste). The elided form stays a separate token, as
    spaCy's Italian tokenizer splits it.

    Before/after: "Quella avviso è stato redatto" → "Quell' avviso è stato
    redatto" (tokens `Quell'` `avviso`); "quel studente" → "quello
    studente"; "questo casa" → "questa casa".

    Candidates: quello/questo forms that are `det` of a NOUN/PROPN at most
    4 tokens ahead, or `det` of the very next word the parser mistagged
    (ADV, X, INTJ: "Quel studente"), or a form right before a word the noun
    lexicon knows in the demonstrative's own gender and number (others are
    pronouns, see `DemonstrativePronoun`).

    The noun's gender and number come from its form first (noun lexicon,
    suffixes: `lang.it.noun_forms`), then from the parser; an invariable
    noun with no number ("crisi", "film") keeps the demonstrative's number
    ("Questo crisi" → "Questa crisi", "Quello film" → "Quel film"); a
    mistagged noun unknown to both keeps the demonstrative's gender and
    number, and only the shape changes ("Quel studente" → "Quello studente").

    The gender comes from the noun's form (lexicon, suffix), else the
    parser; the number changes only on the form's evidence ("quel
    sacerdote", which the parser reads as a feminine plural with the lemma
    "sacerdota", stays), and the noun right after the determiner is its
    noun ("questo fine settimana", with "settimana" parsed as the head).

    Outside mentions (MT makes its own determiners agree; a disagreement
    comes from a mention put back) the gender or number changes only on
    the noun's form (lexicon, suffix), not on the parser alone, whose
    misreadings would be the only witness ("questi precisi termini", the
    adjective tagged as a feminine noun): "outside mentions, only the parser
    disagrees". A phrase counts as a mention when its noun (or the
    demonstrative) heads one (`Sentence.headed_mentions`): a mention put
    back is headed by its noun, while a phrase deep inside a longer mention
    ("[il figlio di quel ragazzo]") was agreed by MT with the rest of it.
    The shape always follows the next word.

    Skipped, with the reason counted: "noun gender or number unknown or
    disputed",
    "agrees already", "elision optional": questo/questa/quella keep their
    full form before a vowel ("questo edificio", "questa informazione",
    "quella estate" are right; only masculine "quello" must become
    "quell'").

    Known failure modes: the form follows the *next* word, so a wrongly
    inflected adjective between them ("quella bello zio") steers it; a det
    attached to the wrong noun agrees with that noun; a noun of both
    genders the parser reads in the other one ("questo fine settimana" →
    "questa": the lexicon does not tell "il fine" from "la fine").
    """

    name = "demonstrative_agreement"
    needs = ("upos", "feats", "head", "deprel")

    def __init__(self, lexicon: NounLexicon | None = None, dictionary: NounLexicon | None = None) -> None:
        super().__init__()
        self.lexicon = lexicon if lexicon is not None else shipped_lexicon()
        self.dictionary = dictionary if dictionary is not None else shipped_dictionary()
        """The noun dictionary: vetoes a plural read from a look-alike singular (`noun_forms.noun_form_evidence`)."""

    def _noun_values(self, noun: Token, features: tuple[str, str | None, str]) -> tuple[str | None, str | None]:
        """Gender and number of the noun: its form (lexicon, suffixes), else the parser's features.

        An invariable noun whose number neither its form nor the parser gives ("crisi", "film") takes
        the demonstrative's own number: only the gender or the shape is wrong there.
        """
        form = noun_form_evidence(noun.text, noun.lemma, self.lexicon, self.dictionary)
        if noun.upos not in NOUNS:
            # a noun the parser mistagged (its features are a verb's or none): the demonstrative's
            # own values, and only the shape changes ("Quel studente" → "Quello studente"); its
            # form alone is no evidence against a word that may not be a noun ("questo accada")
            return features[1], features[2]
        # The gender: the noun's own form (lexicon, suffix), else the parser. The number changes
        # only on the form's evidence: a parser that reads "quel sacerdote" as feminine plural
        # (lemma "sacerdota") must not make it "quelle sacerdote".
        strong_gender = form.gender if form.gender_source in STRONG_SOURCES else None
        strong_number = form.number if form.number_source in STRONG_SOURCES else None
        parsed_gender = noun.feat("Gender") if noun.feat("Gender") in ("Masc", "Fem") else None
        parsed_number = noun.feat("Number") if noun.feat("Number") in ("Sing", "Plur") else None
        gender = strong_gender or parsed_gender
        if (
            strong_gender is None
            and gender == "Masc"
            and features[1] == "Fem"
            and noun.text.lower().endswith("e")
            and features[2] == "Plur"
        ):
            gender = "Fem"  # "quelle scarpe", scarpe tagged Masc: masculine plurals end in -i, not -e
        number = strong_number
        if number is None:
            if parsed_number not in (None, features[2]) and form.shows_number:
                return gender, None  # the parser alone against the demonstrative's number: disputed
            number = features[2]
        return gender, number

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        for index, token in enumerate(tokens):
            features = _demonstrative(token)
            noun_index = _noun_of(sentence.parsed, index, self.lexicon) if features is not None else None
            if noun_index is None:
                continue
            noun = tokens[noun_index]
            gender, number = self._noun_values(noun, features)
            if not (sentence.headed_mentions(index) or sentence.headed_mentions(noun_index)) and (gender, number) != (
                features[1],
                features[2],
            ):
                # Outside mentions only the noun's own form may change the gender or number: MT makes
                # its determiners agree, and the parser's misreadings ("questi precisi termini", the
                # adjective tagged as a feminine noun) must not be the only witness. The shape alone
                # ("quello momento" → "quel momento") always follows the next word.
                strong = noun_form_evidence(noun.text, noun.lemma, self.lexicon, self.dictionary)
                if _adjective_as_written(noun, features):
                    self.skip("outside mentions, an ending of both genders the parser reads as written")
                    continue
                if not (
                    noun.upos in NOUNS
                    and (strong.gender_source in STRONG_SOURCES or gender == features[1])
                    and (strong.number_source in STRONG_SOURCES or number == features[2])
                ):
                    self.skip("outside mentions, only the parser disagrees")
                    continue
            if gender is None or number is None:
                self.skip("noun gender or number unknown or disputed")
                continue
            if (gender, number) != (features[1], features[2]) and _later_word_agrees(tokens, noun_index, features):
                self.skip("a later word of the phrase agrees as written (the noun may be an adjective)")
                continue
            kind = features[0]
            form = demonstrative(kind, gender, number, tokens[index + 1].text)
            written = token.text.lower().replace("’", "'")
            if written == form:
                self.skip("agrees already")
                continue
            if (
                form.endswith("'")
                and written == demonstrative(kind, gender, number, None)
                and (kind == "questo" or gender == "Fem")
            ):
                self.skip("elision optional (questo edificio, quella estate)")
                continue
            sentence.replace(self.name, index, match_case(token.text, form), lemma=kind)
            token.feats.update(Gender=gender, Number=number)
            self.applied += 1


#: Masculine forms in -i that are also a singular person in formal Italian
#: ("in caso di accoglimento, questi viene considerato trasferito").
SINGULAR_PERSONS = frozenset(["questi", "quegli"])


#: Prepositions after which a feminine demonstrative pronoun names a referent, not a fact ("in quella").
PLACE_PREPOSITIONS = frozenset(("in", "con", "su", "tra", "fra"))


class DemonstrativePronoun(Rule):
    """A feminine singular demonstrative pronoun standing for a fact or event becomes the neuter "ciò".

    Why: English "that"/"this" referring to a proposition is translated
    with a gendered pronoun ("Quella è stato fatto"), whose gender comes
    from a guessed antecedent; Italian refers to propositions with the
    neuter, which the masculine also expresses. "ciò" is unambiguous.

    Before/after: "Quella è stato fatto" → "Ciò è stato fatto".

    Candidates: quello/questo forms with no noun they are `det` of within 4
    tokens. Kept, with the reason counted (first matching test):

    - "quello che: a relative clause follows" (quella che ho visto: a
      real referent, and "ciò che" would change the meaning);
    - "quello di: a modifier follows" (quella di Mario: Mario's one);
    - "a colon follows: it announces its referent" ("vorrei partire da
      questa: …", a proposal named next);
    - "elided form (not a pronoun)": quell'/quest' always precede a word;
    - "quello + adjective: an elliptic noun phrase": an adjective or
      participle follows or modifies it, or the parser made it the det of
      the next word ("preferisco quella blu", "quella più bella",
      "simile a quella terrestre"): the noun is understood, not a fact;
    - "a noun follows within 4 tokens": the parse missed the det relation,
      or a predicate noun follows ("Questa è una bella casa", "Questa è
      Maria"); the method's definition of a pronoun rules it out. The
      window stops at the end of the demonstrative's clause (a
      subordinator, punctuation other than quotes): "Quella è successo
      quando ero bambino" does not reach "bambino"; a bare masculine
      "noun" in -o right after essere is the participle ("è successo").
      An agreeing predicate noun further on counts too ("Questa non è la
      prima volta"); the object of a verb in between does not ("e questa
      preoccupa gli azionisti" → "e ciò preoccupa gli azionisti");
    - "plural (ciò is singular)": quelli/quelle/questi/queste refer to sets
      of things, and the verb agrees in the plural; a plural subject of a
      3rd singular verb ("Queste è successo") is the pronoun's error and
      becomes "ciò" (unless a plural or feminine predicate agrees; not
      questi/quegli, which are also a singular person: "questi viene
      considerato");
    - "masculine singular is already neuter": quello/questo express the
      neuter; rewriting them would only risk persons ("quello ha detto");
    - "an agreeing demonstrative follows": "Era quella quella in cui eri il
      capitano?", a predicate of its gender and number (issue 38);
    - "after a preposition: a referent": "Chi gioca in quella?" (in that
      one): after in, con, su, tra, fra it names a thing, a place or an
      event, which "in ciò" would make a fact (issue 38); not after di, a,
      da, per, where a fact is common ("Di ciò sono convinto", "A ciò si
      aggiunge");
    - "a feminine predicate agrees": a participle or adjective of its verb
      group is feminine singular ("Quella è stata fatta", "Questa è
      vera"): the feminine is meant, a real referent;
    - "refers to a person": its own mention (on it alone) shares its
      cluster with a mention in the sentence holding a name or a 3rd
      person pronoun;
    - "comparison (come questa): a referent, not a fact": after come or
      quanto ("Domande come questa trovano riscontri diversi");
    - "a feminine noun before it may be its antecedent": a feminine
      singular noun earlier in the sentence ("la giustizia … è proprio
      questa a deluderti", "ogni utilità che questa può dare").

    Known failure modes: a feminine pronoun for a person or thing with no
    agreeing predicate and no visible antecedent ("ho visto quella")
    becomes "ciò"; antecedents in earlier sentences are not seen.
    """

    name = "demonstrative_pronoun"
    needs = ("upos", "feats", "head", "deprel")

    def __init__(self, lexicon: NounLexicon | None = None) -> None:
        super().__init__()
        self.lexicon = lexicon if lexicon is not None else shipped_lexicon()

    def apply(self, sentence: Sentence) -> None:
        for index, token in enumerate(sentence.tokens):
            features = _demonstrative(token)
            if features is None or _adjectival(sentence.parsed, index, self.lexicon):
                continue
            reason = self._keep_reason(sentence, index, features)
            if reason is not None:
                self.skip(reason)
                continue
            sentence.replace(self.name, index, match_case(token.text, "ciò"), lemma="ciò")
            token.upos = "PRON"
            token.feats.pop("Gender", None)
            token.feats["Number"] = "Sing"
            self.applied += 1

    def _keep_reason(self, sentence: Sentence, index: int, features: tuple[str, str | None, str]) -> str | None:
        """Why the demonstrative at `index` stays, or None to make it "ciò"."""
        parsed = sentence.parsed
        tokens = parsed.tokens
        ahead = tokens[index + 1 : index + 1 + WINDOW]
        children = parsed.children(index)
        first = ahead[0].text.lower() if ahead else ""
        second = ahead[1].text.lower() if len(ahead) > 1 else ""
        relative = first in ("che", "cui") or (second == "cui" and ahead[0].upos == "ADP")
        if relative or any(tokens[c].deprel == "acl:relcl" for c in children):
            return "quello che: a relative clause follows"
        parts = split_articulated(first)
        if (
            first == "di"
            or (parts is not None and parts[0] == "di")
            or any(tokens[c].deprel == "nmod" for c in children)
        ):
            return "quello di: a modifier follows"
        if first == ":":
            return "a colon follows: it announces its referent"  # "vorrei partire da questa: …" (questa proposta)
        _, gender, number = features
        if gender is None:
            return "elided form (not a pronoun)"
        if index > 0 and tokens[index - 1].text.lower() in ("come", "quanto"):
            return "comparison (come questa): a referent, not a fact"
        if index > 0 and TUTTO.get(tokens[index - 1].text.lower(), ("",))[0] == "Fem":
            # a fact is "tutto questo"/"tutto ciò"; "tutta questa" agrees with a feminine noun, named or
            # coming after a pause ("c'è tutta questa, tipo, qualità")
            return "after tutta/tutte: it agrees with a feminine noun"
        if self._modified(parsed, index):
            return "quello + adjective: an elliptic noun phrase"
        if any(
            tokens[i].upos in NOUNS
            and not _participle_as_noun(parsed, i)
            and not _object_of_verb_between(parsed, index, i)
            for i in self._own_clause(parsed, index)
        ):
            return "a noun follows within 4 tokens"
        head = tokens[index].head
        if (
            is_subject(tokens[index])
            and head > index
            and tokens[head].upos in NOUNS
            and (tokens[head].feat("Gender"), tokens[head].feat("Number")) == (features[1], features[2])
        ):
            # "Questa non è la prima volta": an agreeing predicate noun further on ("Quelle è stato un
            # duro colpo" agrees with nothing: the pronoun is the error)
            return "a noun follows within 4 tokens"
        follower = _demonstrative(ahead[0]) if ahead else None
        if follower is not None and follower[1:] == (gender, number):
            # "Era quella quella in cui eri il capitano?": an agreeing demonstrative predicate (issue 38)
            return "an agreeing demonstrative follows"
        if index > 0 and tokens[index - 1].upos == "ADP" and tokens[index - 1].text.lower() in PLACE_PREPOSITIONS:
            # "Chi gioca in quella?" (in that one): after a preposition it names a thing, a place, an event;
            # "ciò" there would make it a fact (issue 38)
            return "after a preposition: a referent"
        if number == "Plur" and not self._singular_verb(parsed, index):
            return "plural (ciò is singular)"
        if gender != "Fem" and number != "Plur":
            return "masculine singular is already neuter"
        if is_subject(tokens[index]) and self._feminine_predicate(parsed, tokens[index].head):
            return "a feminine predicate agrees"
        if self._names_a_person(sentence, index):
            return "refers to a person"
        if any(t.upos == "NOUN" and t.feat("Gender") == "Fem" and t.feat("Number") == "Sing" for t in tokens[:index]):
            return "a feminine noun before it may be its antecedent"
        if 0 <= tokens[index].head < index and any(self._feminine_plural(t) for t in tokens[:index]):
            # "Fra le due proposte abbiamo scelto questa" (issue 38's blind set): after its verb it picks
            # one of a set named before; a fact after a plural comes first ("Le vendite sono calate, e ciò
            # preoccupa"). Position, not the relation: the parser calls that "questa" a subject too
            return "after its verb, a feminine plural before: one of that set"
        return None

    def _feminine_plural(self, token: Token) -> bool:
        """A noun that is feminine plural by its parse or by its form ("ricette", which a parser may read as
        masculine singular)."""
        if token.upos != "NOUN":
            return False
        if (token.feat("Gender"), token.feat("Number")) == ("Fem", "Plur"):
            return True
        form = noun_form_evidence(token.text, token.lemma, self.lexicon)
        return (
            form.gender_source in STRONG_SOURCES
            and form.number_source in STRONG_SOURCES
            and (form.gender, form.number) == ("Fem", "Plur")
        )

    @staticmethod
    def _modified(parsed: ParsedSentence, index: int) -> bool:
        """An adjective follows or modifies the demonstrative ("preferisco quella blu", "quella più bella")."""
        tokens = parsed.tokens
        if any(tokens[c].deprel == "amod" for c in parsed.children(index)):
            return True
        if tokens[index].deprel == "det" and tokens[index].head > index:
            return True  # "simile a quella terrestre", terrestre as NUM: the parser saw a phrase
        after = index + 1
        if after < len(tokens) and tokens[after].text.lower() in ("più", "meno"):
            after += 1
        return after < len(tokens) and (tokens[after].upos == "ADJ" or tokens[after].feat("VerbForm") == "Part")

    @staticmethod
    def _own_clause(parsed: ParsedSentence, index: int) -> list[int]:
        """Indexes of the (at most WINDOW) tokens after the demonstrative, up to the end of its clause.

        The window stops at a subordinator, a conjunction or punctuation: "Quella è successo quando
        ero bambino" does not reach "bambino", which belongs to the quando-clause.
        """
        out = []
        for i in range(index + 1, min(len(parsed.tokens), index + 1 + WINDOW)):
            t = parsed.tokens[i]
            if t.text in QUOTES:
                continue  # quella " fatidica " felicità: quotes stay inside the phrase
            if t.upos in ("SCONJ", "PUNCT") or t.text.lower() in ("che", "quando", "perché", "se"):
                break
            out.append(i)
        return out

    @staticmethod
    def _singular_verb(parsed: ParsedSentence, index: int) -> bool:
        """A plural subject whose finite verb is 3rd singular ("Queste è successo"): the plural is the error."""
        token = parsed.tokens[index]
        if not is_subject(token) or token.head < 0 or token.text.lower() in SINGULAR_PERSONS:
            return False
        verb = finite_verb(parsed, token.head)
        if verb is None or verb_person_number(parsed.tokens[verb]) != ("3", "Sing"):
            return False
        # a plural participle or adjective ("Quelle è state fatte") says the plural is meant
        return not any(
            (parsed.tokens[i].upos == "ADJ" or parsed.tokens[i].feat("VerbForm") == "Part")
            and parsed.tokens[i].feat("Number") == "Plur"
            for i in verb_group(parsed, token.head)
        )

    @staticmethod
    def _feminine_predicate(parsed: ParsedSentence, head: int) -> bool:
        said = demonstrative_features(parsed.tokens[head].text)
        if parsed.tokens[head].upos == "PRON" and said is not None and said[1:] == ("Fem", "Sing"):
            return True  # "questa è quella che preferisco": a feminine thing, set against another
        for i in verb_group(parsed, head):
            t = parsed.tokens[i]
            if (
                (t.upos == "ADJ" or t.feat("VerbForm") == "Part")
                and t.feat("Gender") == "Fem"
                and t.feat("Number") == "Sing"
            ):
                return True
        return False

    @staticmethod
    def _names_a_person(sentence: Sentence, index: int) -> bool:
        """The demonstrative's own mention (on it alone) shares its cluster with a mention holding a name or a
        3rd person pronoun; a mention around it ("[il padre di quella]") is another entity's, and says nothing."""
        own = sentence.own_mentions(index)
        clusters = {sentence.mentions[k].cluster_id for k in own}
        tokens = sentence.tokens
        for k, mention in enumerate(sentence.mentions):
            if mention.cluster_id not in clusters or k in own:
                continue
            span = tokens[mention.span.start : mention.span.end + 1]
            if any(t.upos == "PROPN" or (is_personal_pronoun(t) and t.feat("Person") == "3") for t in span):
                return True
        return False
