"""The sentence templates of the synthetic Italian training data (`parsing.synthetic`): `Generator`.

One `random.Random` drives every choice, so a seed fixes the output. The
builders of noun phrases (with an article, a possessive or a demonstrative,
after a preposition), subjects before and after the verb, clitics, obliques,
adverbs and punctuation serve the templates: simple clauses, inverted
subjects, the present perfect, passives, essere + predicate, imperatives,
modal + infinitive, and gerunds or "per" + infinitive with an enclitic. The
words come from `parsing.synthetic_vocabulary` and `coref_transfer.lang.it`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from coref_transfer.lang.it.articles import articulated, definite_article, indefinite_article
from coref_transfer.lang.it.morphology import demonstrative, possessive
from coref_transfer.parsing.synthetic_sentence import Sentence
from coref_transfer.parsing.synthetic_vocabulary import (
    ADVERBS,
    AFTER_OBJECT,
    ANIMATE,
    AVERE,
    DATIVE_CLITICS,
    ENDINGS,
    ESSERE,
    MODALS,
    MOVING,
    NAMES,
    NOUNS,
    NUMBERS,
    OBJECT_CLITICS,
    PEOPLE,
    PERSON_ADJECTIVES,
    PERSONAL_CLITICS,
    PRONOUNS,
    REFLEXIVE,
    THING_ADJECTIVES,
    THINGS,
    TONIC,
    VERBS,
    Verb,
)


def _capitalise(sent: Sentence) -> None:
    first = sent.words[0]
    first.form = first.form[:1].upper() + first.form[1:]
    if 0 in sent.mwts:
        sent.mwts[0] = sent.mwts[0][:1].upper() + sent.mwts[0][1:]


def _slot(person: int, number: str) -> int:
    return person - 1 + (0 if number == "Sing" else 3)


def _finite(person: int, number: str, mood: str = "Ind") -> dict[str, str]:
    return {"Mood": mood, "Number": number, "Person": str(person), "Tense": "Pres", "VerbForm": "Fin"}


@dataclass
class Subject:
    index: int | None  # None: dropped (pro-drop)
    person: int
    number: str
    gender: str


class Generator:
    """The templates; one `random.Random` drives every choice, so a seed fixes the output."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # -- noun phrases -------------------------------------------------------

    def noun_phrase(
        self,
        s: Sentence,
        classes: tuple[str, ...],
        kind: str | None = None,
        number: str | None = None,
        case: str | None = None,
        noun: tuple[str, str, str, str] | None = None,
    ) -> tuple[int, str, str]:
        """Add a noun phrase (optionally after a preposition `case`); returns (head index, gender, number)."""
        lemma, plural, gender, cls = noun or self.rng.choice([n for n in NOUNS if n[3] in classes])
        kin = cls == "kin"
        number = "Sing" if not plural else number or self.rng.choice(NUMBERS)
        form = lemma if number == "Sing" else plural
        kind = kind or self.rng.choice(["def", "def", "indef", "poss", "poss", "dem"])
        if not plural:  # "mia madre", "la loro madre"; not "quel padre"
            kind = "poss"
        if kind == "indef" and number == "Plur":
            kind = "def"
        dets: list[tuple[str, str, str, str, dict[str, str], str]] = []  # form, lemma, upos, xpos, feats, deprel
        gn = {"Gender": gender, "Number": number}
        if kind == "poss":
            person, owner = self.rng.choice(
                [(1, "Sing"), (2, "Sing"), (3, "Sing"), (1, "Plur"), (2, "Plur"), (3, "Plur")]
            )
            poss = possessive(person, owner, gender, number)
            poss_lemma = possessive(person, owner, "Masc", "Sing")
            poss_feats = (
                {"Poss": "Yes", "PronType": "Prs"} if poss == "loro" else {**gn, "Poss": "Yes", "PronType": "Prs"}
            )
            bare = kin and number == "Sing" and poss != "loro"
            if not bare:
                art = definite_article(gender, number, poss)
                dets.append((art, "il", "DET", "RD", {"Definite": "Def", **gn, "PronType": "Art"}, "det"))
            dets.append((poss, poss_lemma, "DET", "AP", poss_feats, "det:poss"))
        elif kind == "dem":
            which = self.rng.choice(["questo", "quello"])
            dem = demonstrative(which, gender, number, form)
            feats = {"Number": number, "PronType": "Dem"} if dem.endswith("'") else {**gn, "PronType": "Dem"}
            dets.append((dem, which, "DET", "DD", feats, "det"))
        elif kind == "indef":
            art = indefinite_article(gender, form)
            dets.append((art, "uno", "DET", "RI", {"Definite": "Ind", **gn, "PronType": "Art"}, "det"))
        else:
            art = definite_article(gender, number, form)
            feats = (
                {"Definite": "Def", "Number": number, "PronType": "Art"}
                if art.endswith("'")
                else {"Definite": "Def", **gn, "PronType": "Art"}
            )
            dets.append((art, "il", "DET", "RD", feats, "det"))
        idx: list[int] = []
        if case is not None:
            fused = articulated(case, dets[0][0]) if dets and dets[0][3] == "RD" else None
            i = s.add(case, case, "ADP", "E")
            idx.append(i)
            if fused:
                s.mwts[i] = fused
        for d_form, d_lemma, upos, xpos, feats, _ in dets:
            idx.append(s.add(d_form, d_lemma, upos, xpos, feats, space_after=not d_form.endswith("'")))
        head = s.add(form, lemma, "NOUN", "S", gn)
        pos = 0
        if case is not None:
            s.attach(idx[0], head, "case")
            pos = 1
        for (_, _, _, _, _, deprel), i in zip(dets, idx[pos:]):
            s.attach(i, head, deprel)
        return head, gender, number

    def subject(
        self, s: Sentence, *, pronoun_ok: bool = True, drop_ok: bool = True, classes: tuple[str, ...] = ANIMATE
    ) -> Subject:
        """A subject before the verb: a pronoun, a name, a noun phrase, two coordinated ones, or none."""
        roll = self.rng.random()
        if pronoun_ok and roll < 0.35:
            form, person, number, gender = self.rng.choice(PRONOUNS)
            gender = gender or self.rng.choice(["Masc", "Fem"])
            if drop_ok and person != 3 and self.rng.random() < 0.35:
                return Subject(None, person, number, gender)
            feats = {"Number": number, "Person": str(person), "PronType": "Prs"}
            if form in ("lui", "lei"):
                feats["Gender"] = gender
            i = s.add(form, form, "PRON", "PE", feats)
            return Subject(i, person, number, gender)
        if roll < 0.5 and "kin" in classes:
            name, gender = self.rng.choice(NAMES)
            return Subject(s.add(name, name, "PROPN", "SP"), 3, "Sing", gender)
        if roll < 0.57 and "kin" in classes:
            first, g1, _n1 = self.noun_phrase(s, classes)
            cc = s.add("e", "e", "CCONJ", "CC")
            second, g2, _n2 = self.noun_phrase(s, classes)
            s.attach(cc, second, "cc")
            s.attach(second, first, "conj")
            return Subject(first, 3, "Plur", "Fem" if g1 == g2 == "Fem" else "Masc")
        kind = self.rng.choice(["poss", "poss", "dem", "dem", "def", "indef"])
        head, gender, number = self.noun_phrase(s, classes, kind=kind)
        return Subject(head, 3, number, gender)

    def post_subject(self, s: Sentence, pronoun_ok: bool = True, things: bool = False) -> Subject:
        """A subject after the verb: a noun phrase, a name, or a stressed pronoun ("Lavoro io").

        `things`: a noun phrase of a thing ("È arrivata la lettera").
        """
        if things:
            head, gender, number = self.noun_phrase(s, ("text", "object"), kind=self.rng.choice(["def", "poss", "dem"]))
            return Subject(head, 3, number, gender)
        roll = self.rng.random()
        if pronoun_ok and roll < 0.25:
            form, person, number, gender = self.rng.choice(PRONOUNS)
            gender = gender or self.rng.choice(["Masc", "Fem"])
            feats = {"Number": number, "Person": str(person), "PronType": "Prs"}
            if form in ("lui", "lei"):
                feats["Gender"] = gender
            return Subject(s.add(form, form, "PRON", "PE", feats), person, number, gender)
        if roll < 0.4:
            name, gender = self.rng.choice(NAMES)
            return Subject(s.add(name, name, "PROPN", "SP"), 3, "Sing", gender)
        head, gender, number = self.noun_phrase(s, ANIMATE, kind=self.rng.choice(["poss", "poss", "def", "dem"]))
        return Subject(head, 3, number, gender)

    # -- pieces -------------------------------------------------------------

    def clitic(self, s: Sentence, form: str, person: int, number: str | None, gender: str | None) -> int:
        feats = {"Clitic": "Yes", "Person": str(person), "PronType": "Prs"}
        if number and form != "si":
            feats["Number"] = number
        if gender and person == 3 and form != "si":
            feats["Gender"] = gender
        return s.add(form, form, "PRON", "PC", feats)

    def object_clitic(self, verb: Verb, subj: Subject) -> tuple[str, int, str | None, str | None, str]:
        """(form, person, number, gender, deprel) of a clitic object or indirect object of `verb`."""
        if verb.dative:
            if self.rng.random() < 0.5:
                gender = self.rng.choice(["Masc", "Fem"])
                return DATIVE_CLITICS[gender], 3, "Sing", gender, "iobj"
            person, number = self._other_person(subj)
            return PERSONAL_CLITICS[(person, number)], person, number, None, "iobj"
        if set(verb.objects) & set(PEOPLE) and self.rng.random() < 0.35:
            person, number = self._other_person(subj)
            return PERSONAL_CLITICS[(person, number)], person, number, None, "obj"
        gender, number = self.rng.choice(list(OBJECT_CLITICS))
        return OBJECT_CLITICS[(gender, number)], 3, number, gender, "obj"

    def _other_person(self, subj: Subject) -> tuple[int, str]:
        """A 1st/2nd person other than the subject's (no "io mi vedo" with obj: that is reflexive)."""
        options = [k for k in PERSONAL_CLITICS if k != (subj.person, subj.number)]
        return self.rng.choice(options)

    def oblique(self, s: Sentence, head: int, subj: Subject) -> None:
        """con/per/senza + a stressed pronoun or a person: "con lui", "per noi", "senza mia sorella" (obl)."""
        prep = self.rng.choice(["con", "per", "senza"])
        if prep != "senza" and self.rng.random() < 0.5:  # "senza di me", not "senza me": no pronoun after senza
            form, person, number, gender = self.rng.choice(
                [p for p in TONIC if (p[1], p[2]) != (subj.person, subj.number)]
            )
            case = s.add(prep, prep, "ADP", "E")
            feats = {"Number": number, "Person": str(person), "PronType": "Prs"}
            if gender:
                feats["Gender"] = gender
            noun = s.add(form, form, "PRON", "PE", feats)  # lemma me/te as ISDT has them
            s.attach(case, noun, "case")
        else:
            noun, _, _ = self.noun_phrase(s, ANIMATE, kind=self.rng.choice(["poss", "def", "dem"]), case=prep)
        s.attach(noun, head, "obl")

    def punct(self, s: Sentence, head: int, mark: str = ".") -> None:
        s.words[-1].space_after = False
        i = s.add(mark, mark, "PUNCT", "FS", space_after=False)
        s.attach(i, head, "punct")

    def adverb(self, s: Sentence, head: int, choices: list[str] | None = None) -> None:
        word = self.rng.choice(choices or ADVERBS)
        s.attach(s.add(word, word, "ADV", "B"), head, "advmod")

    def negation(self, s: Sentence) -> int:
        return s.add("non", "non", "ADV", "BN", {"PronType": "Neg"})

    # -- templates ----------------------------------------------------------

    def simple(self) -> Sentence:
        """Subject (or pro-drop) + [non] + [clitic] + finite verb + [object] + [adverb] . / ?"""
        s = Sentence()
        verb = self.rng.choice(VERBS)
        subj = self.subject(s)
        neg = self.negation(s) if self.rng.random() < 0.2 else None
        cl = None
        obj_np = False
        if verb.pronominal:
            cl = (REFLEXIVE[(subj.person, subj.number)], subj.person, subj.number, None, "expl")
        elif (verb.objects or verb.dative) and self.rng.random() < 0.45:
            cl = self.object_clitic(verb, subj)
        elif verb.objects:
            obj_np = True
        cl_i = self.clitic(s, *cl[:4]) if cl else None
        v = s.add(
            verb.present[_slot(subj.person, subj.number)], verb.lemma, "VERB", "V", _finite(subj.person, subj.number)
        )
        if obj_np:
            o, _, _ = self.noun_phrase(s, verb.objects)
            s.attach(o, v, "obj")
        if self.rng.random() < 0.25 and (cl is None or cl[1] == 3):  # not "ti risponde per te"
            self.oblique(s, v, subj)
        elif self.rng.random() < 0.35:
            self.adverb(s, v, AFTER_OBJECT if obj_np else ADVERBS)
        for i, rel in ((subj.index, "nsubj"), (neg, "advmod"), (cl_i, cl[4] if cl else "")):
            if i is not None:
                s.attach(i, v, rel)
        self.punct(s, v, "?" if subj.person == 2 and self.rng.random() < 0.4 else ".")
        return s

    def inverted(self) -> Sentence:
        """Verb + subject: "Arriva mia madre.", "Dove lavora tua sorella?", "Lavoro io."."""
        s = Sentence()
        verb = self.rng.choice([v for v in VERBS if not v.objects and not v.pronominal])
        wh = self.rng.random() < 0.35
        front = None
        if wh:
            word = self.rng.choice(["dove", "quando"])
            front = s.add(word, word, "ADV", "B")
        elif self.rng.random() < 0.3:
            word = self.rng.choice(["oggi", "domani", "adesso", "poi"])
            front = s.add(word, word, "ADV", "B")
        v = s.add("", verb.lemma, "VERB", "V")
        things = verb.lemma in MOVING and self.rng.random() < 0.3
        subj = self.post_subject(s, things=things)
        s.words[v].form = verb.present[_slot(subj.person, subj.number)]
        s.words[v].feats = _finite(subj.person, subj.number)
        s.attach(subj.index, v, "nsubj")
        if front is not None:
            s.attach(front, v, "advmod")
        if not things and self.rng.random() < 0.25:
            self.oblique(s, v, subj)
        self.punct(s, v, "?" if wh else ".")
        return s

    def perfect(self) -> Sentence:
        """Present perfect: "Mia sorella ha letto il libro.", "Le ragazze sono partite.", "Li ha letti Sara."."""
        s = Sentence()
        verb = self.rng.choice(VERBS)
        post = not verb.pronominal and self.rng.random() < (0.3 if not verb.objects else 0.15)
        subj = Subject(None, 3, "Sing", "Masc") if post else self.subject(s)
        neg = self.negation(s) if self.rng.random() < 0.15 else None
        cl = None
        if verb.pronominal:
            cl = (REFLEXIVE[(subj.person, subj.number)], subj.person, subj.number, None, "expl")
        elif verb.objects and (post or self.rng.random() < 0.4):  # "Lo ha visto mia madre": never V S O
            cl = self.object_clitic(verb, subj)
            if cl[0] == "la":  # "la ha vista" is stilted next to "l'ha vista"; keep to the unelided clitics
                cl = ("lo", 3, "Sing", "Masc", "obj")
        elif verb.dative and self.rng.random() < 0.4:
            cl = self.object_clitic(verb, subj)
        cl_i = self.clitic(s, *cl[:4]) if cl else None
        aux_i = s.add("", verb.aux, "AUX", "VA")
        part = s.add("", verb.lemma, "VERB", "V")
        if post:  # "Mi ha telefonato io" is wrong: with a clitic the late subject is 3rd person
            subj = self.post_subject(
                s, pronoun_ok=cl is None, things=cl is None and verb.lemma in MOVING and self.rng.random() < 0.4
            )
        table = ESSERE if verb.aux == "essere" else AVERE
        s.words[aux_i].form = table[_slot(subj.person, subj.number)]
        s.words[aux_i].feats = _finite(subj.person, subj.number)
        if verb.aux == "essere":
            agree = (subj.gender, subj.number)
        elif cl and cl[4] == "obj" and cl[2] is not None and cl[1] == 3:
            agree = (cl[3], cl[2])
        else:
            agree = ("Masc", "Sing")
        s.words[part].form = verb.participle + ENDINGS[agree]
        s.words[part].feats = {"Gender": agree[0], "Number": agree[1], "Tense": "Past", "VerbForm": "Part"}
        if verb.objects and cl is None:
            o, _, _ = self.noun_phrase(s, verb.objects)
            s.attach(o, part, "obj")
        if self.rng.random() < 0.2:
            self.adverb(s, part, ["oggi", "ieri", "stamattina"])
        for i, rel in ((subj.index, "nsubj"), (neg, "advmod"), (cl_i, cl[4] if cl else ""), (aux_i, "aux")):
            if i is not None:
                s.attach(i, part, rel)
        self.punct(s, part, "?" if subj.person == 2 and self.rng.random() < 0.4 else ".")
        return s

    def passive(self) -> Sentence:
        """ "La lettera è stata scritta da mio fratello.": nsubj:pass, aux, aux:pass, obl:agent."""
        s = Sentence()
        verb = self.rng.choice([v for v in VERBS if v.objects])
        classes = verb.objects
        if self.rng.random() < 0.3 and set(classes) & set(PEOPLE):
            subj = self.subject(s, classes=tuple(c for c in classes if c in PEOPLE))
        else:
            head, gender, number = self.noun_phrase(s, classes, kind=self.rng.choice(["def", "poss", "dem"]))
            subj = Subject(head, 3, number, gender)
        aux_i = s.add(ESSERE[_slot(subj.person, subj.number)], "essere", "AUX", "VA", _finite(subj.person, subj.number))
        gn = {"Gender": subj.gender, "Number": subj.number}
        ending = ENDINGS[(subj.gender, subj.number)]
        stato = s.add("stat" + ending, "essere", "AUX", "VA", {**gn, "Tense": "Past", "VerbForm": "Part"})
        part = s.add(verb.participle + ending, verb.lemma, "VERB", "V", {**gn, "Tense": "Past", "VerbForm": "Part"})
        if self.rng.random() < 0.6:
            if self.rng.random() < 0.4:
                da = s.add("da", "da", "ADP", "E")
                name, _ = self.rng.choice(NAMES)
                agent = s.add(name, name, "PROPN", "SP")
                s.attach(da, agent, "case")
            else:
                agent, _, _ = self.noun_phrase(s, ANIMATE, kind=self.rng.choice(["def", "poss", "dem"]), case="da")
            s.attach(agent, part, "obl:agent")
        if subj.index is not None:
            s.attach(subj.index, part, "nsubj:pass")
        s.attach(aux_i, part, "aux")
        s.attach(stato, part, "aux:pass")
        self.punct(s, part)
        return s

    def copula(self) -> Sentence:
        """essere + adjective or noun: "Mia madre è stanca.", "Tu sei molto gentile?", "Lui è mio fratello."."""
        s = Sentence()
        nominal = self.rng.random() < 0.2
        things = not nominal and self.rng.random() < 0.25
        if things:
            head, gender, number = self.noun_phrase(s, THINGS, kind=self.rng.choice(["def", "poss", "dem"]))
            subj = Subject(head, 3, number, gender)
        else:
            subj = self.subject(s)
        neg = self.negation(s) if self.rng.random() < 0.15 else None
        cop = s.add(ESSERE[_slot(subj.person, subj.number)], "essere", "AUX", "V", _finite(subj.person, subj.number))
        if nominal:
            noun = self.rng.choice(
                [n for n in NOUNS if n[3] in ANIMATE and n[2] == subj.gender and (n[1] or subj.number == "Sing")]
            )
            pred, _, _ = self.noun_phrase(
                s, ANIMATE, kind=self.rng.choice(["poss", "poss", "indef", "def"]), number=subj.number, noun=noun
            )
        else:
            molto = s.add("molto", "molto", "ADV", "B") if self.rng.random() < 0.25 else None
            forms = self.rng.choice(THING_ADJECTIVES if things else PERSON_ADJECTIVES)
            key = (subj.gender, subj.number)
            form = forms[["Masc", "Fem"].index(key[0]) + (0 if key[1] == "Sing" else 2)]
            feats = {"Number": subj.number} if forms[0] == forms[1] else {"Gender": subj.gender, "Number": subj.number}
            pred = s.add(form, forms[0], "ADJ", "A", feats)
            if molto is not None:
                s.attach(molto, pred, "advmod")
        for i, rel in ((subj.index, "nsubj"), (neg, "advmod"), (cop, "cop")):
            if i is not None:
                s.attach(i, pred, rel)
        self.punct(s, pred, "?" if subj.person == 2 and self.rng.random() < 0.4 else ".")
        return s

    def imperative(self) -> Sentence:
        """ "Guarda il cane!", "Chiamala domani.", "Aiutateci!", "Alzati!" (2nd singular and plural)."""
        s = Sentence()
        verb = self.rng.choice(
            [
                v
                for v in VERBS
                if v.lemma not in ("conoscere", "capire")
                and (v.objects or v.dative or v.pronominal or v.lemma in ("lavorare", "partire"))
            ]
        )
        number = self.rng.choice(NUMBERS)
        base = verb.imperative if number == "Sing" else verb.present[4]
        feats = _finite(2, number, "Imp")
        subj = Subject(None, 2, number, "Masc")
        cl = None
        if verb.pronominal:
            cl = (REFLEXIVE[(2, number)], 2, number, None, "expl")
        elif (verb.objects or verb.dative) and self.rng.random() < 0.6:
            cl = self.object_clitic(verb, subj)
            if cl[1] == 2:  # "guardati" would be reflexive: use 1st person instead
                cl = (PERSONAL_CLITICS[(1, cl[2])], 1, cl[2], None, cl[4])
        v = s.add(base, verb.lemma, "VERB", "V", feats)
        if cl:
            c = self.clitic(s, *cl[:4])
            s.mwts[v] = base + cl[0]
            s.attach(c, v, cl[4])
        elif verb.objects:
            o, _, _ = self.noun_phrase(s, verb.objects, kind=self.rng.choice(["def", "poss", "dem"]))
            s.attach(o, v, "obj")
        if self.rng.random() < 0.4:
            self.adverb(s, v, ["subito", "adesso", "domani", "qui"])
        self.punct(s, v, self.rng.choice([".", "!"]))
        return s

    def modal(self) -> Sentence:
        """Modal + infinitive: "Mia madre vuole vederlo.", "Lo devi aiutare?", "Posso alzarmi?"."""
        s = Sentence()
        verb = self.rng.choice([v for v in VERBS if v.objects or v.dative or v.pronominal])
        modal_lemma = self.rng.choice(list(MODALS))
        subj = self.subject(s)
        neg = self.negation(s) if self.rng.random() < 0.15 else None
        if verb.pronominal:
            cl = (REFLEXIVE[(subj.person, subj.number)], subj.person, subj.number, None, "expl")
        else:
            cl = self.object_clitic(verb, subj)
        climb = self.rng.random() < 0.35
        cl_i = self.clitic(s, *cl[:4]) if climb else None
        m = s.add(
            MODALS[modal_lemma][_slot(subj.person, subj.number)],
            modal_lemma,
            "AUX",
            "VM",
            _finite(subj.person, subj.number),
        )
        if climb:
            inf = s.add(verb.lemma, verb.lemma, "VERB", "V", {"VerbForm": "Inf"})
        else:
            inf = s.add(verb.infinitive_stem, verb.lemma, "VERB", "V", {"VerbForm": "Inf"})
            cl_i = self.clitic(s, *cl[:4])
            s.mwts[inf] = verb.infinitive_stem + cl[0]
        if self.rng.random() < 0.3:
            self.adverb(s, inf, ["domani", "subito", "adesso", "oggi"])
        for i, rel in ((subj.index, "nsubj"), (neg, "advmod"), (cl_i, cl[4]), (m, "aux")):
            if i is not None:
                s.attach(i, inf, rel)
        self.punct(s, inf, "?" if subj.person == 2 and self.rng.random() < 0.5 else ".")
        return s

    def adverbial(self) -> Sentence:
        """Gerund or "per" + infinitive with an enclitic: "Marco parla guardandola.", "Telefono per salutarti."."""
        s = Sentence()
        main = self.rng.choice(
            [v for v in VERBS if not v.objects and not v.pronominal and v.lemma not in ("dormire", "cantare")]
        )
        subj = self.subject(s)
        v = s.add(
            main.present[_slot(subj.person, subj.number)], main.lemma, "VERB", "V", _finite(subj.person, subj.number)
        )
        if subj.index is not None:
            s.attach(subj.index, v, "nsubj")
        dep = self.rng.choice([x for x in VERBS if x.objects])
        cl = self.object_clitic(dep, subj)
        if self.rng.random() < 0.5:
            ger = s.add(dep.gerund, dep.lemma, "VERB", "V", {"VerbForm": "Ger"})
            c = self.clitic(s, *cl[:4])
            s.mwts[ger] = dep.gerund + cl[0]
            head = ger
        else:
            per = s.add("per", "per", "ADP", "E")
            head = s.add(dep.infinitive_stem, dep.lemma, "VERB", "V", {"VerbForm": "Inf"})
            c = self.clitic(s, *cl[:4])
            s.mwts[head] = dep.infinitive_stem + cl[0]
            s.attach(per, head, "mark")
        s.attach(c, head, cl[4])
        s.attach(head, v, "advcl")
        self.punct(s, v)
        return s

    TEMPLATES = (
        ("simple", 30),
        ("inverted", 8),
        ("perfect", 16),
        ("passive", 6),
        ("copula", 16),
        ("imperative", 10),
        ("modal", 9),
        ("adverbial", 5),
    )

    def sentence(self) -> Sentence:
        names, weights = zip(*self.TEMPLATES)
        s: Sentence = getattr(self, self.rng.choices(names, weights)[0])()
        _capitalise(s)
        return s
