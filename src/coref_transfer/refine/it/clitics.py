"""A tonic direct-object pronoun after its verb becomes a clitic (issue 14, item 2)."""

from __future__ import annotations

from coref_transfer.lang.it.clitics import (
    DATIVE_VERBS,
    FOCUS_WORDS,
    OBJECT_CLITICS,
    TRUNCATED_IMPERATIVES,
    third_person_clitic,
)
from coref_transfer.lang.it.morphology import finite_person_number
from coref_transfer.lang.it.nouns import shipped_lexicon
from coref_transfer.lang.it.pronouns import THING_PRONOUNS
from coref_transfer.lang.it.reflexives import INTENSIFIERS
from coref_transfer.lang.it.speech import is_speech_verb
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.antecedents import antecedent_gender
from coref_transfer.refine.it.clitic_placement import Group, find_group, place, truncated_imperative, verb_like

#: Tonic forms whose clitic takes the gender of the Italian noun they refer back to (`antecedents`): things,
#: and "loro" (a person's gender in Italian may be the noun's: "le persone … le ha ringraziate").
AGREEING_FORMS = THING_PRONOUNS | {"loro"}
#: Coordinating conjunctions: "lui e sua moglie" is a coordinated object.
CONJUNCTIONS = frozenset(["e", "ed", "o", "od", "né", "oppure"])
#: What may follow a conjunction in a coordinated noun phrase.
NOMINAL = frozenset(["DET", "NOUN", "PROPN", "PRON", "NUM", "ADJ"])
#: First and second person tonic forms: rarely put back by translation, and after a verb in
#: Italian text mostly contrastive ("è lui che attraversa noi"); changed only on a mention.
FIRST_SECOND = frozenset(["me", "te", "noi", "voi"])
#: Tonic forms that are a focused subject after the verb when an object follows ("ha pagato lui la
#: cena"); esso/essa name things, rarely focused, and a noun after them is a predicative or a time
#: ("definiscono esso il loro miglior romanzo", "hanno visitato esso il primo giorno").
PERSON_SUBJECTS = frozenset(["lui", "lei"])
#: Person and number of the tonic forms whose subject reading the verb's ending can tell apart.
SUBJECT_PERSON = {"noi": (1, "Plur"), "voi": (2, "Plur"), "loro": (3, "Plur")}
#: Endings of finite verbs in those persons (present, imperfect, future, conditional, past, subjunctive).
PERSON_ENDINGS = {
    (1, "Plur"): ("iamo", "emmo", "ammo", "immo", "vamo", "remo"),
    (2, "Plur"): ("ate", "ete", "ite", "ste", "reste"),
    (3, "Plur"): ("ano", "ono", "anno", "ebbero", "vano", "arono", "erono", "irono", "ssero", "ero"),
}


class ObjectPronounClitic(Rule):
    """A tonic personal pronoun that is the direct object after its verb becomes a clitic.

    Why: Italian says a pronominal direct object with an unstressed clitic
    before the finite verb or attached to an infinitive, gerund or
    imperative; the translate stage puts an English object pronoun back in
    its tonic form after the verb ("ha fermato lui"), which reads as heavy
    focus or as an error. A past participle after *avere* agrees with a
    preceding lo/la/li/le.

    Before/after: "la città ha fermato lui" → "la città l'ha fermato";
    "Capisco loro" → "Li capisco"; "non capisco loro" → "non li capisco";
    "intende vendere esso" → "intende venderlo" (with a modal: "può
    fermarlo", attached to the infinitive); "ha custodito essa" → "l'ha
    custodita"; "ha ingaggiato loro" → "li ha ingaggiati"; "ha visto me" →
    "mi ha visto". lui/esso → lo, lei/essa → la, essi → li, esse → le; loro
    → le for a feminine plural class of its own mention, else li (with no
    class, li, counted as "(applied) loro with no entity class: li"). lo/la elide
    before a vowel or h, as the separate token "l'" (the tokenizer's
    "l'ha"). The mention on the pronoun moves onto the clitic token (or the
    verb+clitic token, "[venderlo]"). A clitic that becomes sentence-initial
    takes the capital ("L'hanno registrato").

    The small parser's deprel for these pronouns is unreliable (xcomp, nsubj,
    dep as often as obj), so the candidate is found by position: a tonic
    pronoun right after a verb (one adverb may stand between), checked
    against the cases where the tonic form is right. Kept, with the reason
    counted: "after a preposition" ("con lei"; indirect objects are left
    as they are: "a lui" → "gli" is safe only with a reliable dative parse,
    which the parser does not give, and "a lui" is grammatical); "focus"
    ("proprio lui", "anche lei", "solo loro"); "coordinated object" ("ho
    invitato lui e sua moglie"); "contrast" ("vedo lui, non lei"); "emphatic
    stesso"; "inverted subject (another direct object follows)" (lui/lei
    as a focused subject after the verb: "ha pagato lui la cena": the verb
    has its object); "inverted subject (contrast later in the clause)" ("ha
    pagato lui la cena, non suo fratello"); "after a verb of saying" (a quotative subject: "…, ha detto
    lui"); "loro may be dative" (after a verb that takes a dative, or before
    di/che or a noun phrase: "ho dato loro tutto"); "may be the subject"
    (noi/voi/loro after a verb of their own person: "decidono loro"); "the
    verb group already has a clitic" ("lo sa lui"); "not after a verb"
    (subjects, and a pronoun further from its verb); "participle with
    essere", "participle without auxiliary", "non-finite auxiliary",
    "after essere or avere as a main verb"; "after a causative (fare/lasciare
    + infinitive)" (the clitic would climb: "l'ha fatto riparare");
    "cannot attach" (an infinitive not in -re, a monosyllabic imperative);
    and where the pronoun's mention cannot move (`clitic_placement.place`,
    with nested mentions): "mention_boundary" (the pronoun opens or closes a
    longer mention: "Ho visto [lui, che era stanco]" would leave ", che era
    stanco"), "several_mentions" (one span in two chains on it),
    "target_is_mention" (the verb+clitic token is another cluster's mention:
    "può [fermare] [lui]").

    A sentence-opening verb the parser did not mark as an imperative is read
    as one when the sentence shows it (`clitic_placement.opening_imperative`:
    a final "!", or "e digli"): "Chiama lui subito e digli di venire" →
    "Chiamalo subito e digli di venire"; only on a mention of its own (an
    imperative with a tonic object in Italian text is contrastive: "Guarda lui!"),
    else "imperative not marked by the parser, no mention (contrastive in
    Italian text)".

    A pronoun inside no mention is left: the translator writes its own
    objects as clitics, and a tonic pronoun after a verb in Italian text is a
    choice, contrastive or a writer's style ("trasformando essa in un'opera
    d'arte", UD's gold text, issue 38), which a clitic cannot keep; skipped
    as "no mention (the translator's own pronoun)". Every pronoun the
    pipeline put back carries a mention.

    me/te/noi/voi are changed only when they carry a mention of their own
    (the translate stage's re-inserted pronoun; a mention around one,
    "[l'uomo che ha aiutato noi ieri]", is another entity's:
    `Sentence.own_mentions`): after a verb in Italian text they are
    mostly contrastive ("saranno loro a trovare noi"), which a clitic cannot
    say; skipped as "first or second person with no mention (contrastive in
    Italian text)". A pronoun followed by a finite verb is its subject
    ("tempo fa essi erano"): "subject of the next verb".

    The English pronoun's role (select's `role`, `Sentence.roles`), when
    known, decides first: an English subject is never made a clitic ("the
    English pronoun is the subject": "perché dovrebbe esistere essa",
    "cosa ha fatto lui ?" are pro-drop's); an English object is no subject
    of a "verb" the parser made of the next word ("hanno arrestato lei
    all'aeroporto"), no quotative subject after a verb of saying or seeing
    ("osservando esse andare" → "osservandole andare"), a candidate even
    where the parser read "loro" as a possessive, the object of "avuto"
    ("abbiamo avuto lui" → "l'abbiamo avuto"), and after a sentence-opening
    verb in -i it is the imperative's when the verb list
    (`lang.it.dictionary`, Morph-it!) makes the verb one in -ere/-ire
    ("Copri leggermente essi" → "Coprili leggermente"), and goes before the
    verb otherwise: "Conservi esso" → "Lo conservi" (the polite imperative of
    conservare; "Conservilo" is no word), and an unknown verb the same way,
    right for every reading. A contrast with "piuttosto che", "anziché",
    "invece" keeps the tonic form.

    A truncated imperative opening the sentence ("Di' di nuovo esso", the tokenizer's "Di ' …"; dì, fa',
    da', va', sta') takes the clitic with its consonant doubled, past one adverb or an adverbial
    phrase ("di nuovo", "per favore", "ad alta voce"): "Dillo di nuovo", "Fallo subito"; a person
    after di' or da' is a dative ("Di' a lei" → "Dille") and is left ("a person after di' or da' is
    a dative"). A form in -o the parser read as a participle with no auxiliary that is the first
    person present of a verb in -are of the verb list ("Io indosso spesso esse") is the finite verb
    when the English says object: "Io le indosso spesso".

    Known failure modes: a postverbal subject lui/lei/esso/essa of a
    transitive-looking verb ("ha vinto lui") becomes an object; a verb the
    parser tags as a noun and that the shape test misses is not seen; a
    pronoun further than one adverb from its verb is left.
    """

    name = "object_pronoun_clitic"
    needs = ("upos", "feats", "lemma")

    def apply(self, sentence: Sentence) -> None:
        candidates = [
            t
            for i, t in enumerate(sentence.tokens)
            if t.text.lower() in OBJECT_CLITICS and (t.deprel != "det:poss" or sentence.mention_role(i) == "object")
        ]  # "ho già chiamato loro due volte": loro read as a possessive, the English says object
        self.attempt_each(sentence, candidates, self._try)

    def _try(self, sentence: Sentence, index: int) -> str | None:
        tokens = sentence.tokens
        word = tokens[index].text.lower()
        previous = tokens[index - 1] if index else None
        following = tokens[index + 1].text.lower() if index + 1 < len(tokens) else ""
        after = tokens[index + 2] if index + 2 < len(tokens) else None
        nxt = tokens[index + 1] if index + 1 < len(tokens) else None
        if not any(m.span.start <= index <= m.span.end for m in sentence.mentions):
            return "no mention (the translator's own pronoun)"
        if sentence.mention_role(index) == "subject":
            # "perché dovrebbe esistere essa", "cosa ha fatto lui?": the English says it is the subject,
            # put after the verb by the translator; pro-drop decides, a clitic would make it an object
            return "the English pronoun is the subject"
        if (
            previous is not None
            and previous.upos == "ADP"
            and not (index == 1 and verb_like(tokens, 0))
            and truncated_imperative(tokens, index) is None  # "Fa ' esso", the apostrophe read as ADP
        ):
            return "after a preposition"
        group = find_group(sentence, index)
        if isinstance(group, str):
            return group
        if previous is not None and previous.text.lower() in FOCUS_WORDS:
            return "focus"
        if following in INTENSIFIERS:
            return "emphatic stesso"
        if following in CONJUNCTIONS and after is not None and after.upos in NOMINAL:
            return "coordinated object"
        if following in ("non", "ma", "piuttosto", "anziché", "invece") or (
            following == "," and after is not None and after.text.lower() == "non"
        ):
            return "contrast"  # "hanno scelto te piuttosto che me": a clitic cannot carry the contrast
        if self._later_contrast(tokens, index):
            return "inverted subject (contrast later in the clause)"
        english_object = sentence.mention_role(index) == "object"
        if nxt is not None and nxt.upos in ("VERB", "AUX") and nxt.feat("VerbForm") == "Fin" and not english_object:
            return "subject of the next verb"  # not when the English says object ("lei all'aeroporto", misread)
        if word in FIRST_SECOND and not sentence.own_mentions(index):
            return "first or second person with no mention (contrastive in Italian text)"
        if (
            word in PERSON_SUBJECTS
            and nxt is not None
            and (nxt.upos in ("NOUN", "PROPN") or (nxt.upos == "DET" and nxt.feat("PronType") == "Art"))
        ):
            return "inverted subject (another direct object follows)"
        if group.inferred and not sentence.own_mentions(index):
            return "imperative not marked by the parser, no mention (contrastive in Italian text)"
        verb = tokens[group.verb]
        if (
            (group.apostrophe is not None or verb.text.lower() == "dì")
            and TRUNCATED_IMPERATIVES.get(verb.text.lower().rstrip("'’")) in DATIVE_VERBS
            and word not in THING_PRONOUNS
        ):
            return "a person after di' or da' is a dative"  # "Di' a lei che arrivo": "Dille", not "Dilla"
        if is_speech_verb(verb) and sentence.mention_role(index) != "object":
            return "after a verb of saying"  # a quotative subject ("…, ha detto lui"), unless the English says object
        if word == "loro" and (
            verb.lemma in DATIVE_VERBS
            or verb.text.lower() in DATIVE_VERBS
            or following in ("di", "che")
            or (nxt is not None and nxt.upos in NOMINAL - {"ADJ"} and following not in ("sé", "se"))
        ):
            return "loro may be dative"
        if word in SUBJECT_PERSON and self._agrees(sentence, group, SUBJECT_PERSON[word]):
            return "may be the subject"
        form = OBJECT_CLITICS[word]
        antecedent = antecedent_gender(sentence, index, shipped_lexicon()) if word in AGREEING_FORMS else None
        if form is None:
            cls = sentence.mention_class(index)
            gender = antecedent or (cls.gender if cls is not None else "masc")
            if cls is None and antecedent is None:
                self.skip("(applied) loro with no entity class: li")
            clitic, number = third_person_clitic(gender, "plur"), "plur"
        else:
            clitic, gender, number = form
        if antecedent is not None and antecedent != gender:
            # "[Il battello] … hanno riparato [essa]": the clitic and the participle agree with "battello"
            self.skip("(applied) gender of the antecedent noun in the sentence")
            clitic, gender = third_person_clitic(antecedent, number), antecedent
        agreement = (gender, number) if gender is not None else None
        return place(sentence, self.name, group, clitic, [index], participle=agreement)

    @staticmethod
    def _later_contrast(tokens: list, index: int) -> bool:
        """ ", non <noun phrase>" later in the pronoun's clause ("ha pagato lui la cena, non suo fratello")."""
        for k in range(index + 1, len(tokens) - 2):
            if tokens[k].text in (".", ";", ":", "!", "?"):
                return False
            if tokens[k].text == "," and tokens[k + 1].text.lower() == "non":
                return tokens[k + 2].upos in NOMINAL
        return False

    @staticmethod
    def _agrees(sentence: Sentence, group: Group, person_number: tuple[int, str]) -> bool:
        """Whether the finite verb (or auxiliary) has the pronoun's person and number."""
        if group.form not in ("finite", "compound"):
            return False
        token = sentence.tokens[group.start]
        known = finite_person_number(token.text)
        if known is not None:
            return known == person_number
        # the parser's Person/Number are often wrong ("Capisco" as 3rd plural): go by the ending
        return token.text.lower().endswith(PERSON_ENDINGS[person_number])
