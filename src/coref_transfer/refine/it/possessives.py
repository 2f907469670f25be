"""Possessive adjective agreement, with the article before it (method.md, stage δ, rule 3)."""

from __future__ import annotations

from coref_transfer.class_values import UD_GENDER, UD_NUMBER
from coref_transfer.lang.it.articles import (
    article_kind,
    articulated,
    definite_article,
    indefinite_article,
    match_case,
    split_articulated,
)
from coref_transfer.lang.it.dictionary import shipped_dictionary
from coref_transfer.lang.it.kinship import kinship_features
from coref_transfer.lang.it.morphology import possessive, possessor
from coref_transfer.lang.it.noun_forms import ending_disputes, is_invariable_shape, noun_form_evidence, shape_agrees
from coref_transfer.lang.it.noun_phrase import determiner_features
from coref_transfer.lang.it.nouns import NounLexicon, shipped_lexicon
from coref_transfer.lang.it.pronouns import SUBJECT_PRONOUNS
from coref_transfer.lang.it.reflexives import STESSO_FORMS
from coref_transfer.lang.it.word_classes import TUTTO
from coref_transfer.parsed import Token
from coref_transfer.refine.base import Rule, Sentence

NOUNS = frozenset({"NOUN", "PROPN"})
#: Parts of speech the parser gives a noun it has misread ("partito" VERB, "porte" ADJ, "editor" PRON),
#: accepted as the noun when a possessive is its det:poss and comes before it.
MISREAD_NOUNS = frozenset({"ADJ", "VERB", "AUX", "PRON", "X"})
SUBJECTS = ("nsubj", "nsubj:pass")
#: What may stand between a possessive and its noun ("il suo stesso partito", "i suoi due figli", "la sua
#: cara e vecchia madre"); anything else (a preposition, punctuation, a verb) means the noun is not its.
BETWEEN = frozenset({"ADJ", "ADV", "NUM", "CCONJ", "DET"})
_TO_UD_GENDER = {v: k for k, v in UD_GENDER.items()}
_TO_UD_NUMBER = {v: k for k, v in UD_NUMBER.items()}


def _is_possessive(token: Token) -> bool:
    """A possessive determiner: det:poss, or a determiner marked Poss=Yes whatever its relation.

    The relation is not required: the project's parser sometimes attaches a
    disagreeing possessive ("Mia padre") as amod, the very case to repair.
    """
    return token.deprel == "det:poss" or (token.upos in ("DET", "PRON") and token.feat("Poss") == "Yes")


def _predicative_form(tokens: list[Token], index: int) -> bool:
    """A possessive form the parser took for a noun or adjective, with a copula of its own ("sarà anche
    vostro", vostro NOUN root): a predicative possessive all the same."""
    token = tokens[index]
    return (
        token.upos in ("NOUN", "ADJ", "PROPN")
        and possessor(token.text) is not None
        and token.text.lower() != "loro"
        and any(t.head == index and t.deprel == "cop" for t in tokens)
    )


def _misread_possessive(tokens: list[Token], index: int) -> bool:
    """A possessive form the parser took for a name, noun or verb ("Sua" PROPN in "Sua fratello fa …").

    Taken as a possessive only when a NOUN (or a kinship noun by form) follows it and the two are linked
    (one is the other's head); "loro" is left out (also a pronoun).
    """
    token = tokens[index]
    if (
        token.upos not in ("PROPN", "NOUN", "ADJ", "VERB", "X")
        or possessor(token.text) is None
        or token.text.lower() == "loro"
    ):
        return False
    if index + 1 >= len(tokens):
        return False
    following = tokens[index + 1]
    if following.upos != "NOUN" and kinship_features(following.text.lower()) is None:
        return False  # "Mia nonno", nonno tagged ADJ or VERB: a kinship noun all the same
    return token.head == index + 1 or following.head == index


def _article_value(token: Token) -> tuple[str | None, str | None]:
    """(gender, number) an article or articulated preposition says, UD values (None where it says nothing)."""
    parts = split_articulated(token.text)
    if token.upos == "ADP" and parts is not None:
        word = parts[1]
    elif token.upos == "DET" and article_kind(token.text) is not None:
        word = token.text
    else:
        return None, None
    features = determiner_features(word)
    if features is None:
        return None, None
    gender, number = features
    return _TO_UD_GENDER.get(gender) if gender else None, _TO_UD_NUMBER.get(number)


def _plural_in_e(noun: Token) -> bool:
    """A plural noun in -e, the parser agreeing ("scarpe"): masculine plurals end in -i, so it is feminine.

    Not a short word ("re") nor one with an accent; loanwords in -e ("i file") come with a masculine article,
    and the caller asks only when the article is "le"."""
    word = noun.text.lower()
    return noun.feat("Number") == "Plur" and len(word) > 3 and word.endswith("e") and word.isalpha()


#: 3rd person subject pronouns whose form shows gender and number.
GENDERED_SUBJECTS = frozenset(f for f, (person, _, gender) in SUBJECT_PRONOUNS.items() if person == 3 and gender)


class PossessiveAgreement(Rule):
    """A possessive adjective agrees in gender and number with its noun, and so does the article before it.

    Why: stage γ inserts possessives in the masculine singular of the
    possessed noun ("suo", "loro") and MT guesses the gender from English;
    Italian possessives agree with the thing possessed, not the possessor.
    The article (or articulated preposition) right before the possessive
    was chosen for the old form and must follow, and it must suit the word
    right after it, the possessive (a consonant: "il suo stesso partito",
    not "lo suo"; "la sua auto", not "l'sua auto"). The possessor (person
    and number) is kept: suo stays 3rd singular, loro is invariant (only
    its article changes). A predicative possessive ("la recensione è stata
    sua") agrees with the subject of its clause.

    Before/after: "Mia padre" → "Mio padre"; "compreso lo suo stesso
    partito" → "compreso il suo stesso partito"; "gli suo editor" → "i suoi
    editor"; "con i loro mani" → "con le loro mani"; "Il suo amministratrice
    delegata" → "La sua amministratrice delegata"; "le suo porte" → "le sue
    porte"; "il suo biciclette" → "le sue biciclette"; "i suoi doti" → "le
    sue doti"; "del suo carriera" → "della sua carriera"; "l'idea … era suo"
    → "era sua"; "la ricetta sia tua, ma Laura dice che è suo" → "è sua".

    Evidence for the noun's gender and number, per attribute, in this order
    (the determiners already there may be the error, and the parser copies
    them onto the noun, so neither decides alone):

    1. the noun's form (`lang.it.noun_forms`): the noun lexicon
       (`lang.it.nouns`; the rule loads the shipped
       resources/lexicon/it_nouns.tsv itself, through
       `nouns.shipped_lexicon`, not the configured one), derivational
       suffixes (-zione, -trice, -ette, …), the singular of a plural form
       in the lexicon ("porte" ← porta). It overrules the parser and the
       article: "i loro mani" → "le loro mani"; but a singular the form
       shows against a plural article is not forced ("i suoi cinema", "i
       suoi video": the lexicon saw them only in the singular, and many
       nouns are invariable).
    2. the parser's gender, when the noun's ending shows it (-a Fem, -o
       Masc; not -ista, -ma, -eta, -ota, … where -a is masculine or either:
       "il loro pilota" stays): "il suo ragazza", ragazza tagged Fem → "la
       sua ragazza".
    3. the parser's feature when the article before the possessive says
       the same ("gli suo editor": editor Masc Plur, gli Masc Plur); if
       they differ, the rule skips ("il tuo menù", menù tagged Fem Plur).
       When the parser gives no value, the article's is taken if the
       possessive does not say otherwise ("il suo analisi" → "la sua
       analisi": analisi Fem from the lexicon, singular from "il"; "la suo
       menù" is skipped).
       The number is never taken from the ending against the article
       (invariable nouns: i suoi video, il suo taxi). With no article, the
       parser's feature when the ending shows it (-o/-a Sing, -i Plur, not
       for an invariable form) or when it is what the possessive already
       says (nothing changes).

    The noun is the possessive's head when it comes after it, with only
    adjectives, adverbs, numerals, determiners or a conjunction between
    them ("il suo stesso partito"); a preposition or anything else between
    means the possessive stands alone, as a pronoun, and it is left:
    "elliptic possessive" ("I miei genitori vivono in campagna, i suoi in
    città", which the parser hangs on "città"). A possessive right after
    a common noun ("a casa sua", "colpa mia", "Dio mio") agrees with that
    noun, even when the parser hangs it on the word after it ("A casa suo
    nessuno guarda …" → "A casa sua"), unless that word is a noun the
    parser made its head ("a casa sua madre cucina": sua madre). A det:poss
    head the parser tagged ADJ, VERB, AUX, PRON or X ("partito", "porte",
    "editor") counts as the noun, except an adjective the parser hung on a
    noun after it, whose noun is the head ("della nostra comune passione":
    "comune" is also a masculine noun; issue 38); a possessive form the parser tagged as
    a name, noun or verb ("Sua" PROPN in "Sua fratello fa il pompiere",
    "Tuo" VERB in "Tuo sorella"), linked to the NOUN (or kinship noun by
    form: "Mia nonno", nonno tagged ADJ) right after it, is taken as that
    noun's possessive; a NOUN right after the possessive that the parser
    hung on it ("sulla sua tablet", tablet a compound) is its noun. An
    invariable form whose gender its form shows ("tablet", "computer")
    takes its number from the article, never from the parser. A possessive form tagged as a noun or
    adjective with a copula of its own ("sarà anche vostro") is
    predicative; a subject the parser hung on the copula's participle
    ("la responsabilità … non è stata suo") is its subject. A
    predicative possessive is one with a copula among its dependents (even
    if the parser also hangs it on a later noun: "L'idea del festival era
    suo fin dall'inizio" → "era sua"), one hung on a preceding "essere" the
    parser made the head ("il quadro … è sua" → "è suo"), or one hung on
    a predicative "tutto" with the copula ("I quadri in salotto sono tutti
    suo" → "tutti suoi"); its subject is the nsubj (a NOUN, not
    coordinated; its gender and number by the same evidence, its own
    article standing in for the article). A pro-dropped subject is taken
    only from a parallel predicative possessive earlier in the sentence
    with a noun subject ("la ricetta sia tua, ma … è suo"); otherwise
    "subject not expressed" ("La madre di Paolo dice che è suo" stays). A
    3rd person subject pronoun whose form shows gender and number (esso,
    essa, essi, esse, lui, lei) stands for its noun: "dice che essa è suo"
    (essa = la ricetta) → "è sua".

    A possessive right after a form of "tutto" with no noun after it agrees
    as "tutto" does ("una stanza tutta suo" → "tutta sua"). When the article
    and the possessive agree with each other and only the parser, with an
    -a ending, reads the noun as feminine (`noun_forms.ending_disputes`:
    "Il suo girovita"), the rule skips: "article and possessive agree, only
    the parser and the ending disagree" (the noun's form evidence settles it
    when it has any: "Il suo amica" → "La sua amica", amica ← amico).

    Kinship nouns the lexicon does not know take their number (and the
    gender of -o/-a) from the kinship lists ("Tuo zia ha chiamato" → "Tua
    zia", through `noun_forms`).

    Skipped, with the reason counted: "head is not a noun", "no noun after
    the possessive", "elliptic possessive", "not a personal possessive" (proprio, altrui), "noun
    gender unknown" / "noun number unknown" (no evidence), "sources
    disagree" (the parser and the article differ and the form does not
    tell, as "il tuo menù", tagged Fem Plur: menù is invariable and the
    rule does not turn it into "le tue menù"), "subject not expressed",
    "subject not a noun", "coordinated subject", "foreign noun" (tagged
    Foreign=Yes, with a flat:foreign part or a foreign-shaped word hung on
    it: "la sua work station", "alla sua baby sitter", whose gender is not
    its first word's), and "agrees already". An
    indefinite article with a plural noun is left as it is.

    Known failure modes: articles are not added or removed (kinship nouns
    take none in the singular: kinship_article does that); a possessive the
    parser attached to the wrong noun agrees with that noun; the lexicon's
    homographs ("il fine"/"la fine") and rare forms; common-gender nouns
    (collega, insegnante) follow the parser and the article only. A
    feminine plural read from the parser's lemma in -a is the weakest form
    evidence, and the noun dictionary vetoes it ("il suo cane", "cane"
    lemmatised "cana"; `noun_forms.noun_form_evidence`). A noun
    the lexicon does not know, whose parser gender contradicts the article,
    is skipped even when the article is right ("il suo cose"), except a
    plural in -e after "le": masculine plurals end in -i ("le suo scarpe",
    scarpe tagged Masc Plur → "le sue scarpe"). On correct Italian
    (`coref-transfer refine-eval --harm`, UD train and dev) the rule changes nothing.
    """

    name = "possessive_agreement"
    needs = ("upos", "feats", "head", "deprel")

    def __init__(self, lexicon: NounLexicon | None = None, dictionary: NounLexicon | None = None) -> None:
        super().__init__()
        self.lexicon = lexicon if lexicon is not None else shipped_lexicon()
        self.dictionary = dictionary if dictionary is not None else shipped_dictionary()
        """The noun dictionary: settles only a dispute the text leaves open (`noun_forms.ending_disputes`)."""
        self.moved_before_noun = 0
        self.own_moved = 0

    # --- evidence -----------------------------------------------------------

    def _decide(
        self,
        noun: Token,
        article: tuple[str | None, str | None],
        own: tuple[str | None, str | None],
        placed: bool = False,
    ) -> tuple[str | None, str | None, str | None]:
        """(gender, number, skip reason) of `noun`; `article` and `own` are what the determiners before it say.

        `placed`: the possessive carries a mention of its own, so the pipeline put it there (translate
        writes it in the masculine singular where it could not tell the noun's gender): its form is no
        evidence, and the translator's article outweighs a parser whose gender the noun's ending does not
        show ("la suo lente", lente tagged Masc → "la sua lente")."""
        form = noun_form_evidence(noun.text, noun.lemma, self.lexicon, self.dictionary)
        values: list[str | None] = []
        for k, (attribute, formed) in enumerate((("Gender", form.gender), ("Number", form.number))):
            parsed = noun.feat(attribute)
            parsed = parsed if parsed in (("Masc", "Fem") if attribute == "Gender" else ("Sing", "Plur")) else None
            if (
                attribute == "Number"
                and not form.shows_number
                and formed is None
                and article[k] is not None
                and form.gender is not None
            ):
                # an invariable noun whose gender its form shows ("tablet", a loanword): the article gives the
                # number; not where only the article and the parser say the gender ("la suo menù", menù Fem Plur)
                values.append(article[k])
                continue
            if formed is not None:
                if formed == "Sing" and article[k] == "Plur":
                    return None, None, "sources disagree"  # "i suoi cinema": seen only in the singular, invariable
                values.append(formed)
                continue
            if parsed is None:
                if article[k] is None:
                    return None, None, f"noun {attribute.lower()} unknown"
                if own[k] is not None and own[k] != article[k]:
                    return None, None, "sources disagree"  # "la suo menù": the article or the possessive is wrong
                values.append(article[k])  # the form and the parser say nothing: the article ("il suo analisi")
                continue
            if attribute == "Gender" and shape_agrees(noun.text, attribute, parsed):
                if article[k] == own[k] and ending_disputes(noun.text, parsed, article[k], self.dictionary):
                    # "Il suo girovita": the article and the possessive agree with each other, and only the
                    # parser, with the ending, says otherwise: not enough to rewrite both
                    return None, None, "article and possessive agree, only the parser and the ending disagree"
                values.append(parsed)
            elif article[k] is not None:
                if attribute == "Gender" and article == ("Fem", "Plur") and _plural_in_e(noun):
                    values.append("Fem")  # "le suo scarpe", scarpe tagged Masc: a plural in -e is feminine
                    continue
                if attribute == "Gender" and placed and own[k] != article[k]:
                    values.append(article[k])  # "la suo lente": our masculine default against the article
                    continue
                if article[k] != parsed:
                    return None, None, "sources disagree"
                values.append(parsed)
            elif own[k] is not None and own[k] != parsed:
                if not (form.shows_number and shape_agrees(noun.text, attribute, parsed)):
                    return None, None, "sources disagree"
                values.append(parsed)  # no article; the ending shows the number the parser says (-o/-a, -i)
            else:
                values.append(parsed)  # only the parser, and it says what is written: nothing changes
        return values[0], values[1], None

    # --- the rule -----------------------------------------------------------

    def _before_its_noun(self, sentence: Sentence) -> None:
        """A possessive the pipeline put back (a mention on it) after a noun phrase that opens with a definite
        article goes to right after that article: "uno dei racconti più riusciti [suo]" → "uno dei [suo]
        racconti più riusciti", "l' ultimo saggio [suo]" → "l' [suo] ultimo saggio" (issue 38, kind 2: the
        translator restructured the phrase around "di X"); the agreement below then makes "suoi", "il".

        Only where the possessive ends the phrase (no noun or adjective after it), the words between the
        noun and it are adjectives, participles and adverbs (at least one, or an adjective before the noun:
        "i fatti suoi", "la casa sua" are Italian as they stand), and the article is definite (or fused with a preposition):
        "a casa sua", "per conto suo" (no article), "è suo" (a predicate) and any possessive of the
        translator's own text (no mention) stay. Counted as `moved_before_noun`."""
        tokens = sentence.tokens
        for index in range(len(tokens) - 1, 0, -1):
            token = tokens[index]
            if possessor(token.text) is None or not sentence.own_mentions(index):
                continue
            if index + 1 < len(tokens) and tokens[index + 1].upos in NOUNS | {"ADJ"}:
                continue  # before its noun already
            noun = index - 1
            while noun >= 0 and (
                (tokens[noun].upos in ("ADJ", "ADV") and tokens[noun].text.lower() != "non")
                or (tokens[noun].upos == "VERB" and tokens[noun].feat("VerbForm") == "Part")  # "più venduti"
            ):
                noun -= 1
            if noun < 1 or tokens[noun].upos != "NOUN":
                continue
            article = noun - 1
            while article >= 0 and tokens[article].upos == "ADJ":
                article -= 1
            opener = tokens[article].text if article >= 0 else ""
            if article_kind(opener) != "definite" and split_articulated(opener) is None:
                continue
            if noun == index - 1 and article == noun - 1:
                continue  # "si fa i fatti suoi", "la casa sua": article, noun, possessive is Italian as it is
            noun_token = tokens[noun]
            new = sentence.move(self.name, index, article + 1)
            moved = sentence.tokens[new]
            moved.head, moved.deprel = sentence.position(noun_token), "det:poss"
            self.moved_before_noun += 1

    def extra_counts(self) -> dict[str, int]:
        return {"moved_before_noun": self.moved_before_noun, "own_moved": self.own_moved}

    def apply(self, sentence: Sentence) -> None:
        self._before_its_noun(sentence)
        tokens = sentence.tokens
        for index, token in enumerate(tokens):
            misread = _misread_possessive(tokens, index)
            if not (_is_possessive(token) or misread or _predicative_form(tokens, index)):
                continue
            owner = possessor(token.text)
            if owner is None:
                self.skip("not a personal possessive")
                continue
            article_index = self._article_index(tokens, index)
            article = _article_value(tokens[article_index]) if article_index is not None else (None, None)
            own = self._own_value(token.text)
            if misread:
                gender, number, reason = self._decide(tokens[index + 1], article, own)
            elif (
                index > 0
                and tokens[index - 1].text.lower() in TUTTO
                and (index + 1 >= len(tokens) or tokens[index + 1].upos not in NOUNS | {"ADJ"})
            ):
                # "una stanza tutta suo": the possessive agrees as "tutto" does, with the noun before both
                gender, number = TUTTO[tokens[index - 1].text.lower()]
                reason = None
            elif self._is_post_nominal(tokens, index):  # "a casa sua": the noun before it
                noun = index - 1
                gender, number, reason = self._decide(tokens[noun], self._determiner_of(tokens, noun), (None, None))
            elif self._is_predicative(tokens, index):
                found = self._subject(tokens, index)
                if isinstance(found, str):
                    self.skip(found)
                    continue
                if tokens[found].upos == "PRON":
                    _, number, gender = SUBJECT_PRONOUNS[tokens[found].text.lower()]
                    reason = None
                else:
                    gender, number, reason = self._decide(
                        tokens[found], self._determiner_of(tokens, found), (None, None)
                    )
            else:
                head = token.head
                following = tokens[index + 1] if index + 1 < len(tokens) else None
                if following is not None and following.upos == "NOUN" and following.head == index:
                    head = index + 1  # "sulla sua tablet", tablet hung on the possessive (compound, flat)
                if head < 0 or head <= index:
                    self.skip("no noun after the possessive")
                    continue
                adjective = tokens[head]
                if (
                    adjective.upos == "ADJ"
                    and adjective.deprel == "amod"
                    and adjective.head > head
                    and tokens[adjective.head].upos in NOUNS
                    and all(tokens[i].upos in BETWEEN for i in range(head + 1, adjective.head))
                ):
                    # "della nostra comune passione", the possessive hung on the adjective (also a noun,
                    # "il comune"), which the parser hung on the noun: that noun is the head (issue 38)
                    head = adjective.head
                if any(tokens[i].upos not in BETWEEN for i in range(index + 1, head)):
                    self.skip("elliptic possessive")  # "i suoi in città": its head is past a preposition
                    continue
                allowed = NOUNS | MISREAD_NOUNS if token.deprel == "det:poss" else NOUNS
                if tokens[head].upos not in allowed:
                    self.skip("head is not a noun")
                    continue
                if (
                    tokens[head].feat("Foreign") == "Yes"
                    or any(t.head == head and t.deprel == "flat:foreign" for t in tokens)
                    or self._foreign_compound(tokens, head)
                ):
                    self.skip("foreign noun")
                    continue
                placed = bool(sentence.own_mentions(index))
                gender, number, reason = self._decide(tokens[head], article, own, placed)
            if reason is not None:
                self.skip(reason)
                continue
            assert gender is not None and number is not None
            form = possessive(owner[0], owner[1], gender, number)
            changed = token.text.lower() != form
            sentence.replace(self.name, index, match_case(token.text, form), lemma=possessive(*owner, "Masc", "Sing"))
            token.feats.update(Gender=gender, Number=number)
            if article_index is not None and self._fix_article(sentence, article_index, gender, number, form):
                changed = True
            if changed:
                self.applied += 1
            else:
                self.skip("agrees already")
        self._own_after_noun(sentence)

    def _own_after_noun(self, sentence: Sentence) -> None:
        """ "i suoi libri stesso" → "i suoi stessi libri" ("his own books"), after the agreement above.

        A form of "stesso" right after the word after a possessive, that does not agree with that
        possessive (or, for the invariable "loro", with the article before it), is the translator's "Gino
        stesso" left behind when "di Gino" became the possessive (issue 38, kind 4): "own" goes between the
        possessive and the noun, agreeing as the possessive does. Read from the words, not the parse (the
        parser hangs "promesse" on "stesso"). One that agrees stays: "le sue parole stesse" (his very
        words) is Italian. Counted as `own_moved`."""
        tokens = sentence.tokens
        for index in range(len(tokens) - 2):
            said = STESSO_FORMS.get(tokens[index + 2].text.lower())
            if said is None or possessor(tokens[index].text) is None or not tokens[index + 1].text.isalpha():
                continue
            features = determiner_features(tokens[index].text)
            if features is None or features[0] is None:  # "loro": the article before it
                features = determiner_features(tokens[index - 1].text) if index else None
            if features is None or features[0] is None or said == features:
                continue
            form = {v: k for k, v in STESSO_FORMS.items() if k.startswith("stess")}[features]
            sentence.replace(self.name, index + 2, form, lemma="stesso")
            sentence.move(self.name, index + 2, index + 1)
            self.own_moved += 1

    @staticmethod
    def _foreign_compound(tokens: list[Token], noun: int) -> bool:
        """A foreign-shaped word hung on the noun right after it ("baby sitter"): a compound loanword."""
        following = tokens[noun + 1] if noun + 1 < len(tokens) else None
        return (
            following is not None
            and following.head == noun
            and following.text.isalpha()
            and is_invariable_shape(following.text)
            and following.upos in ("NOUN", "PROPN", "X", "ADJ")
        )

    @staticmethod
    def _own_value(word: str) -> tuple[str | None, str | None]:
        """(gender, number) the possessive's own form says; (None, None) for invariant loro."""
        owner = possessor(word)
        if owner is None or owner == (3, "Plur"):
            return None, None
        plain = word.lower()
        for gender in ("Masc", "Fem"):
            for number in ("Sing", "Plur"):
                if possessive(*owner, gender, number) == plain:
                    return gender, number
        return None, None

    @staticmethod
    def _article_index(tokens: list[Token], index: int) -> int | None:
        """The article or articulated preposition right before token `index`, in its phrase; None if none."""
        if index == 0:
            return None
        before = tokens[index - 1]
        if before.head not in (index, tokens[index].head):
            return None
        if before.upos == "DET" and article_kind(before.text) is not None:
            return index - 1
        if before.upos == "ADP" and split_articulated(before.text) is not None:
            return index - 1
        return None

    @staticmethod
    def _determiner_of(tokens: list[Token], noun: int) -> tuple[str | None, str | None]:
        """What the article of a subject noun says (its det dependent before it), (None, None) if it has none."""
        for i in range(noun - 1, -1, -1):
            if tokens[i].head == noun and tokens[i].deprel == "det":
                value = _article_value(tokens[i])
                if value != (None, None):
                    return value
        return None, None

    @staticmethod
    def _is_post_nominal(tokens: list[Token], index: int) -> bool:
        """A possessive right after a common noun ("a casa sua", "colpa mia"), not taken by a noun after it.

        The parser may hang it on the word after it ("A casa sua nessuno …": det:poss of "nessuno"); it
        is that noun's only when the word after it is a noun the parser made its head ("a casa sua madre
        cucina": sua madre)."""
        if index == 0 or tokens[index - 1].upos != "NOUN":
            return False
        head = tokens[index].head
        if head == index - 1:
            return True
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        return not (following is not None and following.upos in NOUNS and head == index + 1)

    @staticmethod
    def _tutto_clause(tokens: list[Token], index: int) -> bool:
        """The possessive hangs on a predicative "tutto" with a copula ("sono tutti suoi": tutti root, suo dep)."""
        head = tokens[index].head
        return (
            0 <= head < index
            and tokens[head].lemma == "tutto"
            and tokens[index].deprel not in ("det", "det:poss", "amod")
            and any(t.head == head and t.deprel == "cop" for t in tokens)
        )

    @classmethod
    def _is_predicative(cls, tokens: list[Token], index: int) -> bool:
        """A possessive used as a predicate: a copula depends on it, or it hangs on a preceding "essere"
        the parser made the clause's head ("è sua" as root + dep), or on a predicative "tutto" ("sono
        tutti suoi"), and no noun follows it as its head."""
        token = tokens[index]
        if any(t.head == index and t.deprel == "cop" for t in tokens):
            return True  # even when the parser also hangs it on a later noun ("era suo fin dall'inizio")
        if token.deprel == "det:poss" and token.head > index:
            return False
        if cls._tutto_clause(tokens, index):
            return True
        head = tokens[token.head] if 0 <= token.head < index else None
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        return (
            head is not None
            and head.lemma == "essere"
            and token.deprel not in ("det", "det:poss", "amod")
            and (following is None or following.upos not in NOUNS)
        )

    @staticmethod
    def _clause_head(tokens: list[Token], index: int) -> int:
        """Where the subject of the predicative possessive at `index` hangs: on it, or on its "essere"."""
        if any(t.head == index and t.deprel == "cop" for t in tokens):
            return index
        return tokens[index].head  # its "essere", or its predicative "tutto"

    def _subject(self, tokens: list[Token], index: int) -> int | str:
        """The subject noun of the predicative possessive at `index`, or the reason to skip it."""
        clause = self._clause_head(tokens, index)
        copulas = {i for i, t in enumerate(tokens) if t.head == clause and t.deprel in ("cop", "aux")}
        subjects = [i for i, t in enumerate(tokens) if t.head == clause and t.deprel in SUBJECTS]
        if not subjects:  # "La responsabilità … non è stata suo": the parser hung the subject on "stata"
            subjects = [i for i, t in enumerate(tokens) if t.head in copulas and t.deprel in SUBJECTS and i < index]
        if not subjects:
            for earlier in range(index - 1, -1, -1):  # a parallel predicative possessive: "X sia tua, ma … è suo"
                if _is_possessive(tokens[earlier]) and self._is_predicative(tokens, earlier):
                    found = self._subject(tokens, earlier)
                    return found if isinstance(found, int) else "subject not expressed"
            return "subject not expressed"
        subject = subjects[0]
        if tokens[subject].upos == "PRON" and tokens[subject].text.lower() in GENDERED_SUBJECTS:
            return subject  # "che essa è suo" → "sua": the pronoun's form shows gender and number
        if tokens[subject].upos != "NOUN":
            return "subject not a noun"
        if any(t.head == subject and t.deprel == "conj" for t in tokens):
            return "coordinated subject"
        return subject

    def _fix_article(self, sentence: Sentence, index: int, gender: str, number: str, poss: str) -> bool:
        """Make the article (or articulated preposition) at `index` agree; True if it changed."""
        token = sentence.tokens[index]
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
