"""Predicate agreement under essere, and a finite verb's number (method.md, stage δ; issue 15).

Why: stage γ translates with placeholder names of the mention's class, and
MT picks gender and number from English, which shows neither on adjectives
and participles. When the noun put back differs from the placeholder's
class, or MT guessed, the predicate disagrees with its subject: "la stazione
era piccolissimo", "la chiusura è stato duro", "Bologna è sempre stato
generoso", "le dimissioni ha sorpreso tutti". Italian makes a predicate
adjective or participle under *essere* (copula, passive, *essere* auxiliary)
agree in gender and number with the subject, and the finite verb agree in
number (and person) with it.
"""

from __future__ import annotations

from coref_transfer.classes import first_name_gender
from coref_transfer.lang.it.adjectives import (
    adjective_forms,
    agreeing_form,
    features_of,
    is_present_participle,
    participle_forms,
)
from coref_transfer.lang.it.articles import match_case, plain_form, split_articulated, ud_gender, ud_number
from coref_transfer.lang.it.dictionary import shipped_dictionary, shipped_verbs
from coref_transfer.lang.it.morphology import third_person_number
from coref_transfer.lang.it.noun_forms import ending_disputes, noun_form_evidence, shape_agrees
from coref_transfer.lang.it.noun_phrase import determiner_features
from coref_transfer.lang.it.nouns import NounLexicon, shipped_lexicon
from coref_transfer.lang.it.places import is_city
from coref_transfer.lang.it.pronouns import SUBJECT_PRONOUNS
from coref_transfer.lang.it.word_classes import COPULAR_VERBS, INTERROGATIVES, TIME_NOUNS
from coref_transfer.parsed import Token
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.antecedents import antecedent_gender

SUBJECTS = ("nsubj", "nsubj:pass")
ESSERE_DEPRELS = ("cop", "aux", "aux:pass")
ESSERE_PARTICIPLES = frozenset(("stato", "stata", "stati", "state"))
#: Feminine nouns that name a person of either gender: a predicate noun, never an adjective to agree
#: ("il ragazzo è stato vittima", "è una persona", "fa da guida").
# fmt: off
EPICENE_NOUNS = frozenset(("vittima", "persona", "guida", "spia", "sentinella", "guardia", "recluta", "comparsa",
                           "vedetta", "matricola", "star", "celebrità", "personalità", "canaglia", "carogna"))
# fmt: on
#: Subject pronouns of the 3rd person (lang.it.pronouns): gender and number by their form ("loro": number only).
PRONOUNS: dict[str, tuple[str | None, str]] = {
    form: (gender, number) for form, (person, number, gender) in SUBJECT_PRONOUNS.items() if person == 3
}
#: Quantity nouns: with "di" + a plural ("la maggior parte degli studenti", "un gruppo di ragazzi", "una
#: decina di persone") the verb may agree with either, so the rule never decides. Collectives that
#: are not quantities ("la squadra", "la gente", "il governo") agree in the singular and are not listed.
COLLECTIVES = frozenset(
    "parte maggioranza minoranza metà gruppo numero serie quantità insieme massa moltitudine totalità "
    "resto decina dozzina ventina trentina quarantina cinquantina centinaio migliaio milione miliardo "
    "coppia paio percentuale quota fetta schiera mucchio sacco marea infinità".split()
)
#: Auxiliaries after which a participle agrees with the subject: essere, and venire of the passive.
AGREEING_AUXILIARIES = ("essere", "venire")
#: Floating quantifiers after the verb, which the parser may take for a second subject.
FLOATING = frozenset(("tutti", "tutte", "entrambi", "entrambe", "ambedue"))
#: At most this many words (the subject's own modifiers) between the subject and its verb group.
MAX_BETWEEN = 4
#: Degree adverbs: a word they modify is an adjective, whatever its tag ("era molto caldo", caldo NOUN).
# fmt: off
DEGREE_ADVERBS = frozenset(("molto", "così", "troppo", "poco", "tanto", "più", "meno", "assai", "piuttosto",
                            "abbastanza", "alquanto", "parecchio", "sempre"))
# fmt: on
#: Nouns the parser takes for subjects where they are adverbials ("ancora una volta", "ogni volta").
ADVERBIAL_NOUNS = frozenset(("volta",))


def _opens_with_articulated(word: str) -> bool:
    """A word glued to an elided articulated preposition ("all'ultimo", "dell'anno"), as the tokenizer leaves it."""
    head, apostrophe, rest = word.replace("’", "'").partition("'")
    return bool(apostrophe and rest) and split_articulated(head.lower() + "'") is not None


def _masculine_plural_ending(word: str) -> bool:
    """A plural in -i, the masculine ending; not -si ("le crisi", "le analisi": feminine and invariable)."""
    w = word.lower()
    return len(w) > 3 and w.endswith("i") and not w.endswith("si") and w.isalpha()


def _list_before(tokens: list[Token], comma: int) -> bool:
    """Whether the words before `comma`, back to the sentence's start or a clause boundary (";", ":", a
    subordinator), are noun phrases with no verb among them: "Lei, sua madre, e la sorella …" is a list that
    ends in the subject, while in "Il sindaco è arrivato, e il suo vice ha detto" the "e" joins clauses."""
    nominal = False
    for token in reversed(tokens[:comma]):
        if token.text in (";", ":") or token.upos == "SCONJ":
            break
        if token.upos in ("VERB", "AUX"):
            return False
        nominal = nominal or token.upos in ("NOUN", "PROPN", "PRON")
    return nominal


def _ud(gender: str | None) -> str | None:
    return ud_gender(gender) if gender else None


def _article_value(tokens: list[Token], name: int) -> tuple[str, str] | None:
    """(gender, number) a definite article of the name at `name` shows ("il Giappone", "gli Stati Uniti"),
    or None: no article, or one that does not say both ("l'Iran")."""
    for i in range(name - 1, -1, -1):
        if tokens[i].head == name and tokens[i].deprel == "det":
            said = determiner_features(tokens[i].text)
            if said is not None and said[0] is not None and said[1] is not None:
                return ud_gender(said[0]), ud_number(said[1])
            return None
    return None


class PredicateAgreement(Rule):
    """A predicate under essere agrees with its subject in gender and number; a finite verb, in number.

    Before/after: "La stazione era piccolissimo" → "era piccolissima"; "La
    chiusura è stato duro" → "è stata dura"; "La legge è stato approvato" →
    "è stata approvata"; "Le dimissioni ha sorpreso tutti" → "hanno
    sorpreso"; "Le case era vecchie" → "erano vecchie"; "[Lucia] si è
    alzato" (class person/fem/sing) → "si è alzata".

    Candidates: each clause head with exactly one `nsubj`/`nsubj:pass`
    (floating "tutti" and a time noun after the verb do not count). Under
    `cop`/`aux`/`aux:pass` of essere (or the passive venire) the head, its
    coordinated adjectives and the participle auxiliaries ("stato" in "è
    stato approvato") agree in gender and number; the clause's finite verb
    agrees in number. The predicative adjective (xcomp) of a copular verb
    (`COPULAR_VERBS`: "è diventata critica") agrees too. Changes are all or
    nothing: if the predicate cannot agree, neither its auxiliaries nor the
    finite verb change.

    The subject must be placed where the parse can be trusted: before its
    verb group with only its own modifiers between, at most `MAX_BETWEEN`
    words ("la stazione del paese era"), with a determiner if a common noun, without a preposition
    of its own, not after another verb that could take it as object, not
    after a conjunction that follows a noun phrase (a coordination the
    parser missed: "la Polizia e tutto il personale"), not "sia … che".
    Its gender and number must be certain, per attribute:
    - a noun: its determiner (article, demonstrative, possessive) and its
      form (`lang.it.noun_forms`: the noun lexicon, suffixes, loanwords
      masculine, "la mano") must not disagree, and one of them must say it;
      the parser's feature alone counts only where the noun's ending shows
      it (-a feminine, -o masculine); a quantity noun (`COLLECTIVES`: "la
      maggior parte degli studenti sono/è") is skipped, either agreement
      being grammatical; a collective that is not a quantity ("la squadra",
      "la gente") agrees in the singular;
    - a 3rd person pronoun by its form (lei, essi, …; "loro" has no gender);
      "Lei" capitalised may be the polite form, whose gender is the
      addressee's: only the entity class of its mention decides it;
    - a name: a city of `lang.it.places` is feminine singular; any other
      name, and a pronoun whose form does not show it, take the entity
      class of the mention it heads (translate's class, not a fallback
      value), if known; else a name gender-guesser knows as (mostly) male
      or female in Italy ("Maria", "Andrea") is that, singular.

    Skipped, counted by reason: "no subject" (pro-drop), "impersonal si",
    "two subjects", "coordinated subject" (a conj on the subject, "sia … che",
    a conjunction right after a noun phrase, or a list of noun phrases before
    it with no verb: "Lei, sua madre, e la sorella minore sbarcavano"; issue
    38), "postverbal subject", "subject not next to its verb", "subject may be another verb's object",
    "the pronoun's number is not its entity's" ("Solo loro conosceva", the
    mention's class singular: the pronoun is the error),
    "subject gender disputed (determiner against the noun's ending)" ("Il
    mio amica": `noun_forms.ending_disputes`), "subject gender disputed
    (determiner against the parser and the ending)" ("Quelle antichi
    manoscritti": a masculine plural in -i the parser reads masculine),
    "subject with a preposition", "subject without determiner", "subject on
    an auxiliary", "verb in the 1st or 2nd person" (a noun taken for the
    subject of "siamo andati"), "interrogative subject" ("Quali paesi ha visitato …?":
    a fronted interrogative is as often the object), "altro che: a fixed
    phrase", "adverbial noun", "collective subject", "subject not a
    noun", "subject gender unknown" / "subject number unknown" (missing or
    conflicting evidence), "polite Lei", "1st or 2nd person subject" (the
    finite verb), "nominal predicate" (a predicate noun with a determiner:
    "il problema sono i soldi", where the copula may agree with it),
    "predicate read as a finite verb", "predicate is a noun" (`EPICENE_NOUNS`:
    "è stato vittima"), "form unknown" (an adjective whose inflection class
    the form, lemma and parser do not settle, an invariable one), "verb form
    unknown" (a finite verb outside the tables and regular patterns of
    `morphology.third_person_number`), "agrees already".

    Known failure modes: postverbal subjects are never used ("sono arrivate
    le ragazze" is left), so are subjects the parser does not find; only
    essere, venire and the copular verbs agree a predicate; participles
    agreeing with a preceding clitic object under avere ("le ho viste") are
    not checked; an attributive adjective ("l'azienda così diviso") is not a
    predicate and is left; a predicate the parser reads as a finite verb or
    a noun is left; the finite verb's person follows its subject only in the
    3rd person. On the UD train and dev gold text it changes 2 of 4,498
    sentences, both errors of the original ("I continui attacchi … rende",
    "la scelta … è significativo").
    """

    name = "predicate_agreement"
    needs = ("upos", "feats", "head", "deprel", "lemma")

    def __init__(self, lexicon: NounLexicon | None = None, dictionary: NounLexicon | None = None) -> None:
        super().__init__()
        self.lexicon = lexicon if lexicon is not None else shipped_lexicon()
        self.dictionary = dictionary if dictionary is not None else shipped_dictionary()
        """The noun dictionary: settles only a dispute the text leaves open (`noun_forms.ending_disputes`)."""

    # --- the subject ------------------------------------------------------------

    def _noun_value(self, tokens: list[Token], noun: int) -> tuple[str | None, str | None, str | None]:
        """(gender, number, skip reason) of a subject noun from its determiner and form."""
        token = tokens[noun]
        determiner: tuple[str | None, str | None] = (None, None)
        for i in range(noun - 1, -1, -1):
            if tokens[i].head == noun and tokens[i].deprel in ("det", "det:poss"):
                said = determiner_features(tokens[i].text)
                if said is not None:
                    gender, number = said
                    determiner = (ud_gender(gender) if gender else None, ud_number(number))
                    break
        form = noun_form_evidence(token.text, token.lemma, self.lexicon, self.dictionary)
        values: list[str | None] = []
        for k, (attribute, formed) in enumerate((("gender", form.gender), ("number", form.number))):
            said = determiner[k]
            if formed is not None and said is not None and formed != said:
                return None, None, f"subject {attribute} unknown"
            if (
                attribute == "gender"
                and formed is None
                and ending_disputes(token.text, token.feat("Gender"), said, self.dictionary)
            ):
                return None, None, "subject gender disputed (determiner against the noun's ending)"  # "Il mio amica"
            if (
                attribute == "gender"
                and formed is None
                and said == "Fem"
                and token.feat("Gender") == "Masc"
                and _masculine_plural_ending(token.text)
            ):
                # "Quelle antichi manoscritti sono conservati": the parser and the ending -i (masculine
                # plurals) read the noun against its feminine determiner; the predicate follows neither
                return None, None, "subject gender disputed (determiner against the parser and the ending)"
            value = formed or said
            if value is None and attribute == "gender":
                parsed = token.feat("Gender")
                value = parsed if shape_agrees(token.text, "Gender", parsed) else None
            if value is None and attribute == "number" and form.shows_number:
                parsed = token.feat("Number")
                value = parsed if shape_agrees(token.text, "Number", parsed) else None
            if value is None:
                return None, None, f"subject {attribute} unknown"
            values.append(value)
        return values[0], values[1], None

    @staticmethod
    def _class_value(sentence: Sentence, index: int) -> tuple[str | None, str | None]:
        """(gender, number) of the entity class of the mention token `index` heads, if known.

        Only a mention it heads: a subject inside a longer mention ("[la città dove Andrea è nato]") is not
        that mention's entity, and its class would make a right predicate wrong ("nato" → "nata").
        """
        known = sentence.headed_class(index)
        if known is None:
            return None, None
        gender = ud_gender(known.gender) if known.sources[1] != "fallback" else None
        number = ud_number(known.number) if known.sources[2] != "fallback" else None
        return gender, number  # a fallback value (a tie, nothing known) is no evidence

    def _subject_value(self, sentence: Sentence, subject: int) -> tuple[str | None, str | None, str | None]:
        """(gender, number, skip reason) of the subject at `subject`; gender None with no reason for a
        subject whose gender does not matter (a 1st/2nd person pronoun with no class)."""
        tokens = sentence.tokens
        token = tokens[subject]
        plain = plain_form(token.text)
        if token.upos == "PRON":
            if token.text == "Lei":  # polite or "she": the mention's class, else unknown
                gender, number = self._class_value(sentence, subject)
                return (gender, number, None) if gender and number else (None, None, "polite Lei")
            if plain in PRONOUNS:
                gender, number = PRONOUNS[plain]
                known = self._class_value(sentence, subject)
                if known[1] is not None and number is not None and known[1] != number:
                    # "Solo loro conosceva" with a singular entity: the pronoun is the error (pronoun number
                    # agreement's to fix), not the verb
                    return None, None, "the pronoun's number is not its entity's"
                if gender is None:
                    # "loro": the Italian noun it refers back to in the sentence ("le persone … loro erano
                    # stanche"), else its entity's class
                    gender = _ud(antecedent_gender(sentence, subject, self.lexicon)) or known[0]
                return gender, number, None if gender else "subject gender unknown"
            return None, None, "subject not a noun"
        if token.upos == "PROPN":
            if is_city(token.text) and not any(t.head == subject and t.deprel == "det" for t in tokens):
                return "Fem", "Sing", None
            article = _article_value(tokens, subject)
            if article is not None:
                # "Il Giappone è diventato": the name's own article says its grammatical gender and number,
                # whatever the entity's class ("she" for a country in English) says
                return *article, None
            gender, number = self._class_value(sentence, subject)
            if gender is None and not any(t.head == subject and t.deprel in ("det", "conj") for t in tokens):
                named = first_name_gender(token.text, "italy")  # "Maria", "Andrea" (male in Italy)
                gender, number = (ud_gender(named), number or "Sing") if named else (None, number)
            if gender is None or number is None:
                return None, None, "subject gender unknown"
            return gender, number, None
        if token.upos != "NOUN":
            return None, None, "subject not a noun"
        if token.lemma in COLLECTIVES or plain in COLLECTIVES:
            return None, None, "collective subject"
        return self._noun_value(tokens, subject)

    def _subject(self, tokens: list[Token], clause: int) -> int | str:
        """The one subject of the clause headed at `clause`, or why there is none to agree with."""
        subjects = [
            i
            for i, t in enumerate(tokens)
            if t.head == clause
            and t.deprel in SUBJECTS
            and not (i > clause and (plain_form(t.text) in FLOATING or t.lemma in TIME_NOUNS))
        ]
        # after the verb, "tutti" ("sono stati promossi tutti") and a time ("è durato tre giorni") are no subjects
        if not subjects:
            if any(t.head == clause and plain_form(t.text) == "si" for t in tokens):
                return "impersonal si"
            return "no subject"
        if len(subjects) > 1:
            return "two subjects"
        subject = subjects[0]
        if tokens[clause].deprel in ESSERE_DEPRELS:
            return "subject on an auxiliary"  # "Il governo sono io" with governo hung on "sono": a misparse
        if tokens[subject].lemma in ADVERBIAL_NOUNS:
            return "adverbial noun"  # "ancora una volta stanno …": "una volta" is not the subject
        if any(t.head == subject and t.deprel == "conj" for t in tokens):
            return "coordinated subject"
        if any(t.head == subject and (t.upos == "ADP" or _opens_with_articulated(t.text)) for t in tokens) or (
            subject > 0 and tokens[subject - 1].upos == "ADP"
        ):
            # ("all'ultimo momento hanno disdetto": "all'" glued to its adjective makes a time adverbial)
            return "subject with a preposition"  # "di cui alla presente licenza", "Contro di lei non c'erano"
        if subject > clause:
            return "postverbal subject"
        if tokens[subject].upos == "NOUN" and not any(
            t.head == subject and t.deprel in ("det", "det:poss", "det:predet") for t in tokens
        ):
            return "subject without determiner"  # "cosa ci fosse scritto": interrogative, headline, list
        left = self._left_context(tokens, self._phrase_start(tokens, subject))
        if left is not None:
            return left
        if any(
            t.head == subject
            and t.feat("PronType") in ("Int", "Int,Rel")
            or (t.head == subject and plain_form(t.text) in INTERROGATIVES)
            for t in tokens
        ):
            return "interrogative subject"  # "Quali paesi ha visitato …?", "Che cosa fanno …?": often the object
        between = range(subject + 1, self._verb_group_start(tokens, clause))
        if len(between) > MAX_BETWEEN:
            return "subject not next to its verb"
        if any(
            tokens[i].upos in ("VERB", "AUX", "PRON", "PUNCT", "SCONJ", "CCONJ")
            or tokens[i].deprel in ("conj", "cc")
            or not self._inside(tokens, i, subject)
            for i in between
        ):
            return "subject not next to its verb"  # only its own modifiers ("la stazione del paese") between
        return subject

    @staticmethod
    def _inside(tokens: list[Token], index: int, subject: int) -> bool:
        """Whether token `index` depends, directly or not, on the subject."""
        seen = set()
        while index >= 0 and index not in seen:
            if index == subject:
                return True
            seen.add(index)
            index = tokens[index].head
        return False

    @staticmethod
    def _left_context(tokens: list[Token], start: int) -> str | None:
        """Why the words before the subject's phrase make it doubtful, back to the clause boundary; None if not.

        A conjunction right after a noun phrase makes it one of two ("la Polizia e tutto il personale",
        a conj the parser missed; after a verb or a comma it joins clauses); a verb there may have it as
        its object ("creare e gestire … le campagne è semplice")."""
        for i in range(start - 1, -1, -1):
            token = tokens[i]
            if token.upos in ("PUNCT", "SCONJ") or token.feat("PronType") == "Rel":
                if plain_form(token.text) == "che" and any(
                    plain_form(t.text) in ("sia", "tanto") for t in tokens[max(0, i - 6) : i]
                ):
                    return "coordinated subject"  # "sia il secondo che il terzo problema"
                return None
            if plain_form(token.text) in ("sia", "né") or (
                token.upos == "CCONJ"
                and i == start - 1
                and i > 0
                and tokens[i - 1].upos in ("NOUN", "PROPN", "ADJ", "PRON", "NUM")
            ):
                return "coordinated subject"  # "la Polizia penitenziaria e tutto il personale": a conj missed
            if token.upos == "CCONJ":
                if i == start - 1 and i > 0 and tokens[i - 1].text == "," and _list_before(tokens, i - 1):
                    # "Lei, sua madre, e la sorella minore sbarcavano": a list of noun phrases, no verb before
                    # the comma (issue 38)
                    return "coordinated subject"
                return None  # ", e il suo sindaco ha detto": clauses joined
            if token.upos in ("VERB", "AUX"):
                return "subject may be another verb's object"
        return None

    @staticmethod
    def _phrase_start(tokens: list[Token], subject: int) -> int:
        """The first token of the subject's own words before it (its determiners and adjectives)."""
        start = subject
        while (
            start > 0
            and tokens[start - 1].head == subject
            and tokens[start - 1].deprel in ("det", "det:poss", "det:predet", "amod", "nummod")
        ):
            start -= 1
        return start

    @staticmethod
    def _verb_group_start(tokens: list[Token], clause: int) -> int:
        """The first token of the clause head's verb group: its auxiliaries and copula (whatever their tag:
        "è sempre stato generoso", stato tagged NOUN), adverbs, clitics and negation."""
        start = clause
        while start > 0:
            before = tokens[start - 1]
            if (
                before.head == clause
                and before.deprel in ("aux", "aux:pass", "cop")
                or before.upos == "ADV"
                or (before.upos == "PRON" and before.feat("Clitic") == "Yes")
            ):
                start -= 1
            else:
                break
        return start

    # --- the rule -----------------------------------------------------------

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        heads = sorted({t.head for t in tokens if t.deprel in SUBJECTS and t.head >= 0})
        for clause in heads:
            found = self._subject(tokens, clause)
            if isinstance(found, str):
                self.skip(found)
                continue
            gender, number, reason = self._subject_value(sentence, found)
            if reason is not None:
                self.skip(reason)
                continue
            assert number is not None
            if (
                plain_form(tokens[clause].text) in ("altro", "altra", "altri", "altre")
                and clause + 1 < len(tokens)
                and plain_form(tokens[clause + 1].text) == "che"
            ):
                self.skip("altro che: a fixed phrase")  # "non è altro che …" (nothing but), invariable
                continue
            person3 = tokens[found].upos != "PRON" or plain_form(tokens[found].text) in PRONOUNS
            if (
                person3
                and any(
                    t.head == clause and t.feat("VerbForm") == "Fin" and t.feat("Person") in ("1", "2")
                    for t in (*tokens[:clause], tokens[clause])
                )
                and tokens[found].upos != "PRON"
            ):
                self.skip("verb in the 1st or 2nd person")  # "Il weekend scorso siamo andati": not its subject
                continue
            changed, reasons = False, []
            auxiliaries = [
                i
                for i, t in enumerate(tokens)
                if t.head == clause
                and t.deprel in ESSERE_DEPRELS
                and t.lemma in AGREEING_AUXILIARIES
                and found < i < clause
            ]  # "è … che le megalopoli …"
            graded = (
                tokens[clause].upos == "NOUN"
                and any(
                    t.head == clause and t.deprel == "advmod" and plain_form(t.text) in DEGREE_ADVERBS for t in tokens
                )
                and not any(t.head == clause and t.deprel.startswith("det") for t in tokens)
            )  # "era molto caldo"
            if auxiliaries and tokens[clause].feat("VerbForm") == "Fin":
                self.skip("predicate read as a finite verb")  # "è stata riaperta" with riaperta a present
                continue
            if auxiliaries:
                conjuncts = [
                    i
                    for i, t in enumerate(tokens)
                    if t.head == clause
                    and t.deprel == "conj"
                    and (t.upos == "ADJ" or t.feat("VerbForm") == "Part")
                    and i > clause
                    and not any(d.head == i and d.deprel in ESSERE_DEPRELS + SUBJECTS + ("obj", "mark") for d in tokens)
                ]  # "stanco e affamato", not "… e hanno raggiunto"
                planned: dict[int, str] = {}
                participles = [
                    i
                    for i in auxiliaries
                    if tokens[i].feat("VerbForm") == "Part" or plain_form(tokens[i].text) in ESSERE_PARTICIPLES
                ]
                for index in [clause, *conjuncts, *participles]:
                    outcome = self._agreeing(tokens[index], gender, number, adjective=graded and index == clause)
                    if isinstance(outcome, tuple):
                        planned[index] = outcome[0]
                    elif index == clause and not (
                        outcome == "agrees already"
                        or (
                            outcome == "predicate not an adjective or participle"
                            and tokens[clause].upos in ("NOUN", "PROPN", "PRON", "NUM")
                        )
                    ):  # a nominal predicate ("è stata un gioiello"): its participle still agrees
                        reasons.append(outcome)
                        planned = {}
                        break  # the predicate cannot agree: its auxiliaries are left too, all or nothing
                for index, new in planned.items():
                    self._replace(sentence, index, new, gender, number)
                    changed = True
            if tokens[clause].lemma in COPULAR_VERBS and not reasons:
                for index in [
                    i
                    for i, t in enumerate(tokens)
                    if t.head == clause and t.deprel == "xcomp" and t.upos == "ADJ" and i > clause
                ]:
                    outcome = self._agreeing(tokens[index], gender, number)
                    if isinstance(outcome, tuple):
                        self._replace(sentence, index, outcome[0], gender, number)
                        changed = True
            if reasons and auxiliaries:
                self.skip(reasons[0])  # the predicate cannot agree: the finite verb is left too, all or nothing
                continue
            determined = any(t.head == clause and t.deprel.startswith("det") for t in tokens)
            nominal = tokens[clause].upos in ("PROPN", "PRON", "NUM") or (
                tokens[clause].upos == "NOUN" and not graded and (determined or tokens[clause].feat("Number") != number)
            )
            if nominal:
                reasons.append("nominal predicate")  # "il problema sono i soldi": the copula may agree with it
            elif not person3:
                reasons.append("1st or 2nd person subject")
            else:
                outcome = self._finite(sentence, clause, number)
                changed = changed or outcome is None
                if outcome is not None:
                    reasons.append(outcome)
            if changed:
                self.applied += 1
            else:
                self.skip(next((r for r in reasons if r != "agrees already"), "agrees already"))

    def _replace(self, sentence: Sentence, index: int, new: str, gender: str | None, number: str) -> None:
        token = sentence.tokens[index]
        sentence.replace(self.name, index, match_case(token.text, new))
        if gender is not None:
            token.feats["Gender"] = gender
        token.feats["Number"] = number

    def _agreeing(self, token: Token, gender: str | None, number: str, adjective: bool = False) -> tuple[str] | str:
        """(the agreeing form,) of the adjective or participle `token` if it must change, else why not.
        `adjective`: the caller knows it is an adjective whatever its tag (a degree adverb modifies it)."""
        if plain_form(token.text) in EPICENE_NOUNS:
            return "predicate is a noun"  # "è stato vittima", vittima tagged ADJ
        past_participle = (
            token.feat("VerbForm") == "Part"
            and token.feat("Tense") != "Pres"
            and not (
                is_present_participle(token.text, token.lemma)  # "preoccupanti" tagged a past participle
            )
            or (
                token.lemma == "essere" and plain_form(token.text) in ESSERE_PARTICIPLES  # "stato" tagged NOUN
            )
        )
        if past_participle:
            forms = participle_forms(token.text, token.lemma)
            if forms is None:
                return "form unknown"
            typed: dict[tuple[str | None, str], str] = dict(forms)
        elif token.upos == "ADJ" or token.feat("VerbForm") == "Part" or adjective:  # present participle: -e adjective
            found = adjective_forms(token.text, token.lemma)
            if found is None:
                return "form unknown"
            if plain_form(token.text).endswith("e") and number == "Sing" and (None, "Sing") not in found:
                # "compartecipe": a two-form singular, or a feminine plural? Only a plural subject tells
                return "form unknown"
            typed = found
        else:
            return "predicate not an adjective or participle"
        reading = features_of(typed, token.text)
        if reading is None:
            return "form unknown"
        parsed_number, parsed_gender = token.feat("Number"), token.feat("Gender")
        if adjective and token.upos != "ADJ":
            parsed_number = parsed_gender = None  # a noun's features, not the adjective's
        if (parsed_number and parsed_number != reading[1]) or (
            reading[0] and parsed_gender and parsed_gender != reading[0]
        ):
            return "form unknown"  # "compartecipe" read as a feminine plural of "compartecipo": the parser disagrees
        if gender is None and (None, number) not in typed:
            return "subject gender unknown"
        new = agreeing_form(typed, gender, number)
        if new is None:
            return "form unknown"
        if plain_form(token.text) == new:
            return "agrees already"
        return (new,)

    def _finite(self, sentence: Sentence, clause: int, number: str) -> str | None:
        """Make the clause's finite verb (its finite auxiliary, or itself) agree in number; None if changed."""
        tokens = sentence.tokens
        finite = [
            i
            for i, t in enumerate(tokens)
            if t.head == clause and t.deprel in ESSERE_DEPRELS + ("aux",) and t.feat("VerbForm") == "Fin"
        ]
        if not finite and tokens[clause].feat("VerbForm") == "Fin" and tokens[clause].upos in ("VERB", "AUX"):
            finite = [clause]
        subject = next(i for i, t in enumerate(tokens) if t.head == clause and t.deprel in SUBJECTS)
        finite = [i for i in finite if i > subject]
        if len(finite) != 1:
            return "agrees already" if not finite else "verb form unknown"
        index = finite[0]
        token = tokens[index]
        if token.feat("Person") not in (None, "3"):
            return "1st or 2nd person subject"
        if not shipped_verbs().may_inflect(token.text, token.lemma):
            # "il santo patrono", patrono read as a 3rd plural of "patrere": a verb the dictionary does not
            # know is a noun the parser mistook, whose "singular" would be no word ("patre"; issue 38)
            return "verb unknown to the dictionary"
        known = third_person_number(token.text, token.lemma)
        if known is None:
            return "verb form unknown"
        current, other = known
        if current == number:
            return "agrees already"
        sentence.replace(self.name, index, match_case(token.text, other))
        token.feats["Number"] = number
        return None
