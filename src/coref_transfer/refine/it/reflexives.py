"""English -self pronouns put back as "sé stesso": reflexive clitic or emphatic (issue 14, item 3)."""

from __future__ import annotations

from coref_transfer.class_values import UD_GENDER, UD_NUMBER
from coref_transfer.lang.it.clitics import AVERE_TO_ESSERE, FOCUS_WORDS, REFLEXIVE_CLITICS
from coref_transfer.lang.it.morphology import finite_person_number
from coref_transfer.lang.it.noun_phrase import determiner_features
from coref_transfer.lang.it.reflexives import STESSO_FORMS
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.clitic_placement import Group, find_group, place

#: The tonic forms before stesso/stessa/… and the person they give (sé: third).
REFLEXIVE_TONIC = {"sé": 3, "se": 3, "me": 1, "te": 2, "noi": 1, "voi": 2}
#: The emphatic pronoun that replaces "sé" by (type, gender, number); me/te become io/tu.
EMPHATIC = {
    ("person", "masc", "sing"): "lui",
    ("person", "fem", "sing"): "lei",
    ("person", "masc", "plur"): "loro",
    ("person", "fem", "plur"): "loro",
    ("thing", "masc", "sing"): "esso",
    ("thing", "fem", "sing"): "essa",
    ("thing", "masc", "plur"): "essi",
    ("thing", "fem", "plur"): "esse",
}
#: Parts of speech that may end the phrase an emphatic "sé stesso" closes ("vende i biglietti sé stesso .").
CLAUSE_END = frozenset(["PUNCT", "CCONJ", "SCONJ", "ADP"])
#: What an emphatic pronoun may follow: the object or adverb that ends the verb phrase.
PHRASE_END = frozenset(["NOUN", "PROPN", "PRON", "ADV", "NUM", "ADJ"])


def subject_features(sentence: Sentence, index: int) -> tuple[str | None, str | None] | None:
    """(gender, number) of the clause's subject noun before token `index`, None if there is none.

    The subject is the nearest noun or pronoun before the verb the parser calls
    nsubj (after the verb it is mostly the object, mis-parsed); its determiner tells gender and number first ("La sindaca": the
    parser's Masc on "sindaca" is a guess), then the noun's own features. A
    name with no determiner says nothing (its features are guesses): None.
    """
    tokens = sentence.tokens
    seen_verb = False
    for i in range(index - 1, -1, -1):
        token = tokens[i]
        if token.text in (".", ";", ":", "!", "?"):
            return None
        seen_verb = seen_verb or token.upos in ("VERB", "AUX")
        if not seen_verb or token.deprel not in ("nsubj", "nsubj:pass") or token.upos not in ("NOUN", "PROPN", "PRON"):
            continue
        for k in range(i - 1, -1, -1):  # the nearest determiner before the head
            features = determiner_features(tokens[k].text)
            if features is not None:
                gender, number = features
                return gender, number
            if tokens[k].upos in ("ADP", "VERB", "NOUN", "PROPN", "PUNCT"):
                break
        if token.upos == "PROPN":
            return None
        return UD_GENDER.get(token.feats.get("Gender", "")), UD_NUMBER.get(token.feats.get("Number", ""))
    return None


def _agree(known: tuple[str | None, str | None], wanted: tuple[str, str]) -> bool:
    """Whether the known gender and number (None: unknown) agree with the wanted ones."""
    return all(k is None or k == w for k, w in zip(known, wanted))


class Reflexive(Rule):
    """ "sé stesso" as a verb's object becomes the reflexive clitic; an emphatic one "lui stesso".

    Why: the translate stage gives an English -self pronoun the tonic form
    "sé stesso/stessa/stessi/stesse" ("me stesso", "te stessa", …), the
    form Italian uses after a preposition ("parla di sé stesso"). As the
    direct object of its verb Italian uses the reflexive verb: the clitic
    mi/ti/si/ci/vi by the subject's person, attached to an infinitive or
    gerund, before a finite verb; a compound tense takes *essere* and its
    participle agrees with the subject. An emphatic -self ("he sells the
    tickets himself") is "lui stesso / lei stessa / loro stessi" in Italian.

    Before/after: "ha dovuto reinventare sé stesso" → "ha dovuto
    reinventarsi"; "deve proteggere sé stessa" → "deve proteggersi";
    "l'azienda ha reinventato sé stessa" → "l'azienda si è reinventata"
    (avere → essere: ha → è, hanno → sono, aveva → era, …,
    `lang.it.clitics.AVERE_TO_ESSERE`); "ho visto me stesso" → "mi sono
    visto"; emphatic "vende i biglietti sé stesso" → "vende i biglietti lui
    stesso" (a thing: "esso stesso"), and "li ha allenati sé stesso" (the
    verb already has its object clitic) → "li ha allenati lui stesso".
    The mention follows the token that carries it (the clitic, the
    verb+clitic token, or the emphatic phrase). Subject person and number
    come from the pronoun (sé: third) and stesso's ending, which the
    translate stage chose from the mention's class; gender from stesso.

    Only a "sé stesso" that is a mention itself ("[sé stesso]" or "[sé]";
    a longer mention around it, "[l'uomo che ha reinventato sé stesso]",
    is another entity's) is changed: the form the translate stage put
    back for an English -self mention. An Italian writer's "se stesso"
    after a verb is a deliberate emphatic reflexive
    ("Balzac scoprì se stesso", "ritrae sé stesso": "si ritrae" would mean
    "withdraws"), right as it is ("not a mention (emphatic reflexive of
    Italian text)").

    Kept, with the reason counted: "after a preposition" ("parla di sé
    stesso" is right); "focus" ("soltanto se stessi"); "coordination" ("sé stesso e la famiglia");
    "subject unclear" (the finite verb's person or number is not the
    pronoun's: "ho protetto sé stesso"); "emphatic with no entity class:
    the subject does not agree with stesso"; "emphatic position unclear" (not after
    the verb phrase's last word, nor before the end of the clause);
    "participle with essere" and the other verb-group reasons of
    `clitic_placement.find_group`; "cannot attach"; and, with nested
    mentions, "mention_boundary", "several_mentions" and
    "target_is_mention" where the mention cannot move
    (`clitic_placement.place`).

    Known failure modes: an emphatic -self right after an intransitive verb
    ("ha lavorato sé stesso") is taken for an object; a subject of another
    person than the pronoun's is not checked on an infinitive with no
    finite verb before it.
    """

    name = "reflexive"
    needs = ("upos", "feats", "lemma")

    def apply(self, sentence: Sentence) -> None:
        candidates = [
            t
            for k, t in enumerate(sentence.tokens[:-1])
            if t.text.lower() in REFLEXIVE_TONIC and sentence.tokens[k + 1].text.lower() in STESSO_FORMS
        ]
        self.attempt_each(sentence, candidates, self._try)

    def _try(self, sentence: Sentence, index: int) -> str | None:
        tokens = sentence.tokens
        word = tokens[index].text.lower()
        gender, number = STESSO_FORMS[tokens[index + 1].text.lower()]
        person = REFLEXIVE_TONIC[word]
        previous = tokens[index - 1] if index else None
        after = tokens[index + 2] if index + 2 < len(tokens) else None
        if previous is not None and previous.upos == "ADP":
            return "after a preposition"
        if not (sentence.own_mentions(index) or sentence.own_mentions(index, index + 1)):
            return "not a mention (emphatic reflexive of Italian text)"
        if previous is not None and previous.text.lower() in FOCUS_WORDS:
            return "focus"
        if (previous is not None and previous.upos == "CCONJ") or (
            after is not None
            and after.text.lower() in ("e", "ed", "o", "né")
            and index + 3 < len(tokens)
            and tokens[index + 3].upos in ("DET", "NOUN", "PROPN", "PRON")
        ):
            return "coordination"
        group = find_group(sentence, index)
        if group == "the verb group already has a clitic" or group == "not after a verb":
            return self._emphatic(sentence, index, word, gender, number)
        if isinstance(group, str):
            return group
        ud_number = "Sing" if number == "sing" else "Plur"
        finite = self._finite(sentence, group)
        if finite is not None and finite != (person, ud_number):
            return "subject unclear"
        clitic = REFLEXIVE_CLITICS[(person, ud_number)]
        subject = subject_features(sentence, index) if person == 3 else None
        if subject is not None and subject[0] is not None and subject[0] != gender and subject[1] in (None, number):
            gender = subject[0]  # "[Il paese] ha reinventato sé stessa": the participle agrees with "paese"
        aux = None
        if group.form == "compound":
            aux = AVERE_TO_ESSERE.get(tokens[group.aux].text.lower())
            if aux is None:
                return "unknown auxiliary"
        return place(
            sentence, self.name, group, clitic, [index, index + 1], participle=(gender, number), aux=aux, deprel="expl"
        )

    @staticmethod
    def _finite(sentence: Sentence, group: Group) -> tuple[int, str] | None:
        """(person, number) of the group's finite verb or auxiliary when known from its form."""
        tokens = sentence.tokens
        index = group.start
        if group.form in ("infinitive", "gerund"):
            index = group.verb - 1
            while index >= 0 and tokens[index].upos == "AUX" and finite_person_number(tokens[index].text) is None:
                index -= 1
            if index < 0 or tokens[index].upos != "AUX":
                return None
        return finite_person_number(tokens[index].text)

    def _emphatic(self, sentence: Sentence, index: int, word: str, gender: str, number: str) -> str | None:
        """'sé stesso' away from object position → 'lui stesso' (by the mention's class), in place."""
        tokens = sentence.tokens
        previous = tokens[index - 1] if index else None
        after = tokens[index + 2] if index + 2 < len(tokens) else None
        if (
            previous is None
            or previous.upos not in PHRASE_END | {"VERB"}
            or (after is not None and after.upos not in CLAUSE_END)
        ):
            return "emphatic position unclear"
        if word in ("me", "te"):
            new = {"me": "io", "te": "tu"}[word]
        elif word in ("noi", "voi"):
            return "emphatic noi/voi stessi is already right"
        else:
            cls = sentence.mention_class(index, index + 1) or sentence.mention_class(index)
            if cls is not None:
                new = EMPHATIC[(cls.type, gender, number)]
            else:
                subject = subject_features(sentence, index)
                if subject is not None and not _agree(subject, (gender, number)):
                    return "emphatic with no entity class: the subject does not agree with stesso"
                new = EMPHATIC[("person", gender, number)]
                self.skip("(applied) emphatic with no entity class: lui/lei/loro by stesso and the subject")
        sentence.replace(self.name, index, new, lemma=new)
        return None
