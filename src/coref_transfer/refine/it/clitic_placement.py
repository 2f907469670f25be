"""Where an Italian clitic goes, shared by `object_pronoun_clitic` and `reflexive`.

A tonic object after its verb ("ha fermato lui", "vendere esso", "ha
reinventato sé stessa") is replaced by a clitic placed the Italian way:

- before the finite verb or the finite auxiliary of a compound tense, after
  a negation ("non li capisco", "l'ha fermato", "li avrebbe tenuti");
- attached to an infinitive, gerund or imperative as one token ("venderlo",
  "vedendola"); with a modal + infinitive, attached to the infinitive
  ("può fermarlo", "ha dovuto reinventarsi").

`find_group` reads the verb group that ends right before the pronoun (one
adverb may stand between: "ha allenato personalmente loro"); `place` edits
the sentence through `Sentence` (logged, mentions and heads kept right):
the pronoun's tokens go, and a mention on them moves onto the clitic token
or the verb+clitic token. Where the mention cannot move (the pronoun is the
first or last token of a longer mention, or the verb+clitic token is
already another cluster's mention: `Sentence.removal_problem`), `place`
changes nothing and returns the reason, which the rule counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from coref_transfer.lang.it.clitics import (
    AVERE_FORMS,
    CAUSATIVE_FORMS,
    CAUSATIVES,
    CLITIC_FORMS,
    ESSERE_FORMS,
    TRUNCATED_IMPERATIVES,
    agreeing_participle,
    attach,
    elided,
    is_gerund,
    is_infinitive,
    is_participle,
)
from coref_transfer.lang.it.dictionary import shipped_verbs
from coref_transfer.lang.it.word_classes import COPULAR_STEMS, COPULAR_VERBS
from coref_transfer.parsed import Token
from coref_transfer.refine.base import Sentence

#: Tokens after which a word starts a sentence (its capital belongs to the sentence, not the word).
SENTENCE_OPENERS = frozenset([".", "!", "?", "«", '"', "“", "…"])
#: Adverbs that may stand inside a compound tense ("ha sempre pagato", "avrebbe già visto").
_INNER_ADVERBS = 2


#: Endings of finite verbs and infinitives, for a verb the parser tagged NOUN/ADJ.
VERB_ENDINGS = ("a", "ano", "ono", "isce", "iscono", "e", "are", "ere", "ire", "ero")


#: First person present forms the parser tags ADP at a sentence's start: as prepositions they
#: need "a" before a pronoun ("rispetto a loro"), so "Rispetto loro" is the verb ("I respect them").
VERB_PREPOSITIONS = frozenset(["rispetto", "riguardo"])


@dataclass
class Group:
    """The verb group before a pronoun.

    `verb`: the lexical verb right before the pronoun (or before the adverb
    between them); `start`: where a preposed clitic goes (the finite verb or
    the finite auxiliary); `form`: finite, compound (avere + participle),
    infinitive, gerund or imperative; `aux`: the auxiliary of a compound tense.
    """

    verb: int
    start: int
    form: str
    aux: int | None = None
    inferred: bool = False
    """An imperative found by `opening_imperative` (the parser did not mark it): weaker evidence."""
    apostrophe: int | None = None
    """The apostrophe token of a truncated imperative ("Di ' di nuovo esso"), which goes with the clitic
    attached ("Dillo di nuovo")."""


def verb_like(tokens: list[Token], index: int) -> bool:
    """A verb, or a verb the small parser tagged NOUN/ADJ ("seguirò", "rispetta").

    A NOUN/ADJ counts only when lower case, not after an article, a
    preposition or a number (a noun phrase), and with a verb's ending; one
    with an ending only verbs have (-ò, -rà, -ranno, -rono, -ssero, -vano)
    anywhere, and after "non"; a capitalised NOUN/ADJ/PROPN in -o opening the sentence
    ("Ammiro loro": first person present); a sentence-opening "Rispetto" or
    "Riguardo" tagged ADP right before a pronoun (`VERB_PREPOSITIONS`).
    """
    token = tokens[index]
    if token.upos == "VERB":
        return True
    if token.upos not in ("NOUN", "ADJ", "PROPN") and not (index == 0 and token.upos == "ADP"):
        return False
    if index == 0 and token.upos == "ADP":
        return token.text.lower() in VERB_PREPOSITIONS and len(tokens) > 1 and tokens[1].upos == "PRON"
    if index == 0 and token.text[:1].isupper() and token.text[1:].islower():
        return token.text.endswith(("isco", "o")) and not token.text.endswith(("zione", "mento"))  # "Capisco", "Ammiro"
    if token.upos == "PROPN" or not token.text.islower():
        return False
    if token.text.endswith(("ò", "rà", "ranno", "rono", "ssero", "vano")):
        return True
    previous = tokens[index - 1] if index else None
    if previous is not None and previous.text.lower() == "non":
        return True  # only a verb follows the negation
    if previous is not None and previous.upos not in ("NOUN", "PROPN", "PRON", "CCONJ"):
        return False
    return token.text.endswith(VERB_ENDINGS)


#: Enclitics that end an imperative with its clitic attached ("digli", "dimmi", "chiamala", "portalo").
_ENCLITICS = ("glielo", "gliela", "glieli", "gliele", "gli", "mi", "ti", "ci", "vi", "lo", "la", "li", "le", "ne")
#: Imperatives of dire/fare with the clitic attached (its consonant doubled): no other word has the form.
_SHORT_IMPERATIVES = frozenset(
    ["di" + c for c in ("mmi", "lle", "llo", "lla", "lli", "gli", "cci")] + ["fa" + c for c in ("mmi", "gli", "cci")]
)
#: Parts of speech a sentence-opening imperative cannot have (the parser tags it VERB, NOUN or PROPN).
_NOT_IMPERATIVE = frozenset(["AUX", "DET", "PRON", "ADP", "CCONJ", "SCONJ", "NUM", "PUNCT", "ADV", "INTJ"])


def _imperative_with_clitic(token: Token) -> bool:
    """A verb with an enclitic that is not an infinitive or gerund ("digli", "dimmi", not "dirgli")."""
    word = token.text.lower()
    if word in _SHORT_IMPERATIVES:  # tagged anything by the parser ("dille": ADJ, "digli": ADP)
        return True
    if token.upos in ("NOUN", "PROPN", "ADJ", "DET", "PRON"):  # "e figli", "e moglie"
        return False
    for clitic in _ENCLITICS:
        stem = word[: -len(clitic)]
        if word.endswith(clitic) and len(stem) >= 2 and stem[-1] in "aeiou":
            return not stem.endswith(("r", "ndo")) and not word.endswith(("ndogli", "rgli"))
    return False


def _opening_second_person(tokens: list[Token], verb: int, endings: tuple[str, ...]) -> bool:
    """The first word of the sentence, capitalised, with one of `endings`, no subject before it, not a form of
    essere/avere nor a word the parser is sure is no verb (`_NOT_IMPERATIVE`)."""
    if verb >= len(tokens):
        return False
    token = tokens[verb]
    word = token.text
    opening = verb == 0 or tokens[verb - 1].text in SENTENCE_OPENERS
    return (
        opening
        and token.upos not in _NOT_IMPERATIVE
        and word[:1].isupper()
        and word[1:].islower()
        and len(word) >= 4
        and word.endswith(endings)
        and word.lower() not in AVERE_FORMS | ESSERE_FORMS
    )


def opening_are_imperative(tokens: list[Token], verb: int) -> bool:
    """A sentence-opening verb in -a of a verb in -are of the verb list, whatever the parser's tag ("Sveglia essa
    battendo le mani", Sveglia as PROPN; "Appoggia essa in modo che …"; issue 38, sixth set). Read only where the
    English says the pronoun after it is an object: an English sentence that opens on its verb with an object is
    an instruction (a 3rd person would have its subject, a mention, before the verb), so the clitic attaches
    ("Svegliala", "Appoggiala")."""
    word = tokens[verb].text if verb < len(tokens) else ""
    return _opening_second_person(tokens, verb, ("a",)) and word[:-1].lower() + "are" in shipped_verbs().infinitives


def opening_imperative(tokens: list[Token], verb: int) -> bool:
    """A sentence-opening 2nd person verb the parser did not mark Mood=Imp read as an imperative.

    "Chiama lui subito e digli di venire": the first word, capitalised, in
    -a/-i/-e (chiama, prendi, chiamate), with no subject before it, and a
    sign of the imperative in the sentence: it ends in "!" or a coordinated
    verb after "e" or a comma is an imperative with its clitic attached
    ("e digli", "e dimmi"). Without such a sign "Chiama lui" may be a third
    person indicative with a dropped subject ("lo chiama"), and is not read
    as an imperative.
    """
    if not _opening_second_person(tokens, verb, ("a", "i", "ate", "ete", "ite")):
        return False
    if next((t.text for t in reversed(tokens) if t.text not in CLOSING_QUOTES), "") == "!":
        return True  # "Rendete esse orgogliose!”": the "!" before a closing quote
    return any(
        tokens[k - 1].text.lower() in ("e", ",") and _imperative_with_clitic(tokens[k])
        for k in range(verb + 2, len(tokens))
    )


#: Subordinators that open a clause before an imperative ("Quando hai …, affronta prima esso").
_CONDITION_OPENERS = frozenset(["se", "quando", "appena", "finché", "mentre", "dopo", "prima"])
#: Frequent 2nd singular presents, which the parser may not mark Person=2.
_SECOND_SINGULAR = frozenset(["hai", "sei", "vuoi", "puoi", "devi", "sai", "stai", "vai", "fai", "dai"])


def _inner_imperative_shape(token: Token) -> bool:
    """A lower-case 2nd singular imperative shape inside a sentence: -a (-are verbs) or -i, not essere/avere, not
    a part of speech no imperative has."""
    word = token.text
    return (
        token.upos not in _NOT_IMPERATIVE
        and word.islower()
        and len(word) >= 4
        and word.endswith(("a", "i"))
        and word not in AVERE_FORMS | ESSERE_FORMS
    )


def _sentence_start(tokens: list[Token], index: int) -> int:
    """The first token of the sentence holding `index` (after the last sentence-ending mark before it)."""
    return max((i + 1 for i in range(index) if tokens[i].text in SENTENCE_OPENERS), default=0)


def after_second_person_clause(tokens: list[Token], verb: int) -> bool:
    """A 2nd singular imperative in -a/-i right after a comma that closes a sentence-opening clause of
    condition or time whose verb is a 2nd singular ("Quando hai un progetto incombente …, affronta prima
    esso" → "affrontalo prima"; issue 38): the clause addresses "tu", so "affronta" is no 3rd person
    indicative, and the clitic attaches. Read only where the English says the pronoun is an object."""
    if verb < 3 or tokens[verb - 1].text != ",":
        return False
    start = _sentence_start(tokens, verb)
    if start >= verb - 2 or tokens[start].text.lower() not in _CONDITION_OPENERS:
        return False
    if not _inner_imperative_shape(tokens[verb]):
        return False
    return any(
        t.text.lower() in _SECOND_SINGULAR
        or (t.upos in ("VERB", "AUX") and t.feat("Person") == "2")
        or (t.upos == "VERB" and t.text.islower() and t.text.endswith("i") and not is_participle(t.text))
        for t in tokens[start + 1 : verb - 1]
    )  # "trovi", "vedi": a present in -i, the 2nd singular


def _adverb(token: Token) -> bool:
    """An adverb that may stand between a verb and its object: tagged ADV (not "non"), or a word in -mente
    whatever its tag ("asciuga accuratamente essi", accuratamente tagged NOUN)."""
    word = token.text.lower()
    if word == "non":
        return False
    return token.upos == "ADV" or (len(word) > 7 and word.endswith("mente") and word.isalpha())


def coordinated_imperative(tokens: list[Token], verb: int) -> bool:
    """A verb in -a/-i right after "e" in a sentence that opens with a 2nd person imperative-shaped verb and no
    subject ("Pulisci i contenitori e asciuga accuratamente essi" → "e asciugali accuratamente"; issue 38):
    instructions, the second verb an imperative like the first. Read only where the English says the pronoun is
    an object."""
    if verb < 3 or tokens[verb - 1].text.lower() not in ("e", "ed", "poi"):
        return False
    if not _inner_imperative_shape(tokens[verb]):
        return False
    start = _sentence_start(tokens, verb)
    return start < verb - 2 and _opening_second_person(tokens, start, ("a", "i"))


def _form(token: Token) -> str:
    verb_form = token.feat("VerbForm")
    if verb_form == "Inf" or (verb_form is None and is_infinitive(token.text)):
        return "infinitive"
    if verb_form == "Ger" or (verb_form == "Part" and is_gerund(token.text)):  # "Vedendo" tagged Part
        return "gerund"
    if verb_form == "Part" or (verb_form is None and token.upos == "VERB" and is_participle(token.text)):
        return "participle"
    if token.feat("Mood") == "Imp":
        return "imperative"
    return "finite"


#: Adverbial phrases that may stand between a truncated imperative and its object ("Di' di nuovo esso").
ADVERBIAL_PHRASES = (("di", "nuovo"), ("per", "favore"), ("ad", "alta", "voce"), ("a", "voce", "alta"), ("subito",))


def truncated_imperative(tokens: list[Token], pronoun: int) -> Group | None:
    """A sentence-opening truncated imperative before the pronoun ("Di ' esso", "Di ' di nuovo esso", "Dì
    subito essa"), as a group whose clitic attaches ("Dillo di nuovo"), else None.

    The tokenizer splits "Di'" into "Di" and "'"; the parser reads "Di" as a preposition or a noun. At
    the start of a sentence, a capitalised "Di", "Fa", "Da", "Va" or "Sta" followed by an apostrophe
    (or "Dì" written with its accent) is only the imperative. Between it and the pronoun: nothing, one
    adverb, or an adverbial phrase of `ADVERBIAL_PHRASES`.
    """
    for between in ((), *ADVERBIAL_PHRASES, None):
        start = pronoun - (1 if between is None else len(between))
        if between is None and not (start >= 1 and tokens[start].upos == "ADV"):
            continue
        if between is not None and [t.text.lower() for t in tokens[start:pronoun]] != list(between):
            continue
        apostrophe = start - 1 if start >= 1 and tokens[start - 1].text in ("'", "’") else None
        verb = start - 2 if apostrophe is not None else start - 1
        if verb < 0 or not (verb == 0 or tokens[verb - 1].text in SENTENCE_OPENERS):
            continue
        word = tokens[verb].text
        short = word.rstrip("'’")
        if not word[:1].isupper() or short.lower() not in TRUNCATED_IMPERATIVES:
            continue
        if apostrophe is None and short == word and word.lower() != "dì":
            continue  # "Di" alone is the preposition; "Da", "Fa", "Va", "Sta" may be indicatives
        return Group(verb, verb, "imperative", apostrophe=apostrophe)
    return None


#: Closing quotation marks and brackets that may follow a sentence's last punctuation.
CLOSING_QUOTES = frozenset(['"', "”", "»", "’", "'", ")"])


def verb_by_form(word: str) -> bool:
    """A form only a verb of the verb list has, whatever the parser's tag: a 3rd singular past in -ò ("elevò",
    elevare), a 2nd plural in -ate/-ete/-ite ("Rendete", rendere), a 1st singular present in -o
    (`first_singular_present`: "adoro"). Read only where the English says the next pronoun is an object."""
    w = word.lower()
    infinitives = shipped_verbs().infinitives
    if len(w) > 3 and w.endswith("ò") and w[:-1] + "are" in infinitives:
        return True
    for ending, infinitive in (("ate", "are"), ("ete", "ere"), ("ite", "ire")):
        if len(w) > 4 and w.endswith(ending) and w[: -len(ending)] + infinitive in infinitives:
            return True
    return first_singular_present(word)


def first_singular_present(word: str) -> bool:
    """A form in -o that the parser may read as a participle, and is a 1st person present of a verb in
    -are of the verb list: "indosso" (indossare), "rispetto". Not "-ato"/"-uto"/"-ito" (participles only)."""
    w = word.lower()
    return (
        len(w) > 4
        and w.endswith("o")
        and not w.endswith(("ato", "uto", "ito"))
        and w[:-1] + "are" in shipped_verbs().infinitives
    )


#: A verb's fixed complement of preposition and noun, after which an English object pronoun is the verb's
#: object ("portare a termine essa" → "portarla a termine", "mettere in pratica essi" → "metterli in pratica").
# fmt: off
FIXED_COMPLEMENTS = frozenset((
    ("a", "termine"), ("in", "pratica"), ("a", "punto"), ("in", "giro"), ("da", "parte"), ("in", "luce"),
    ("in", "atto"), ("a", "galla"), ("in", "salvo"), ("a", "posto"), ("in", "ordine"), ("in", "considerazione"),
    ("in", "conto"), ("in", "evidenza"), ("in", "discussione"), ("in", "dubbio"), ("in", "scena"),
))
# fmt: on


def find_group(sentence: Sentence, pronoun: int) -> Group | str:
    """The verb group ending right before token `pronoun`, or why there is none (a skip reason)."""
    tokens = sentence.tokens
    truncated = truncated_imperative(tokens, pronoun)
    if truncated is not None:
        return truncated
    english_object = sentence.mention_role(pronoun) == "object"
    end = pronoun - 1
    if english_object and end >= 2 and tuple(t.text.lower() for t in tokens[end - 1 : end + 1]) in FIXED_COMPLEMENTS:
        end -= 2  # "portare a termine essa" → "portarla a termine": the verb's fixed complement stays after it
    verb = end
    if verb >= 1 and _adverb(tokens[verb]) and verb_like(tokens, verb - 1):
        verb -= 1  # one adverb between: "ha allenato personalmente loro"
    opening = end
    if opening >= 1 and _adverb(tokens[opening]):
        opening -= 1  # "Copri leggermente essi": the adverb after the imperative
    if opening >= 0 and opening_imperative(tokens, opening):
        return Group(opening, opening, "imperative", inferred=True)
    if opening >= 0 and english_object and after_second_person_clause(tokens, opening):
        return Group(opening, opening, "imperative", inferred=True)
    if opening >= 0 and english_object and coordinated_imperative(tokens, opening):
        return Group(opening, opening, "imperative", inferred=True)
    if opening >= 0 and english_object and opening_are_imperative(tokens, opening):
        return Group(opening, opening, "imperative", inferred=True)
    if opening >= 0 and english_object and _opening_second_person(tokens, opening, ("i",)):
        # "Copri leggermente essi" (Cover them lightly): a sentence-opening verb in -i with an English object is
        # the imperative of a verb in -ere/-ire ("Coprili", "Chiudila") or the polite one of a verb in -are
        # ("Li conservi"); the verb list tells them apart, and where it cannot, the clitic goes before the
        # verb, right for every reading ("tu copri" too)
        if shipped_verbs().conjugation_of_i_form(tokens[opening].text) == "ere/ire":
            return Group(opening, opening, "imperative", inferred=True)
        return Group(opening, opening, "finite", inferred=True)
    participle_after_avere = (
        english_object
        and verb >= 1
        and tokens[verb - 1].text.lower() in AVERE_FORMS
        and tokens[verb].text.islower()
        and is_participle(tokens[verb].text)
    )  # "ha riassunto essa" (summarized it), riassunto tagged NOUN: with an English object, a participle (issue 38)
    if verb < 0 or not (
        verb_like(tokens, verb) or participle_after_avere or (english_object and verb_by_form(tokens[verb].text))
    ):
        return "not after a verb"
    token = tokens[verb]
    had = english_object and token.text.lower() in ("avuto", "avuta", "avuti", "avute")
    if (token.lemma in ("essere", "avere") or token.text.lower() in ESSERE_FORMS | AVERE_FORMS) and not had:
        # "è lui", "ha lui"; but "abbiamo avuto lui" with an English object is avere's compound tense with an
        # object like any other ("l'abbiamo avuto")
        return "after essere or avere as a main verb"
    if token.lemma in COPULAR_VERBS or token.text.lower().startswith(COPULAR_STEMS):
        return "after a copular verb (a predicate)"  # "non sembrava più lui", "è diventato lui il capo"
    form = "participle" if participle_after_avere else _form(token)
    start, aux = verb, None
    if form == "participle":
        a = verb - 1
        while a >= 0 and tokens[a].upos == "ADV" and tokens[a].text.lower() != "non" and verb - a <= _INNER_ADVERBS:
            a -= 1
        auxiliary = a >= 0 and tokens[a].text.lower() in AVERE_FORMS | ESSERE_FORMS
        if not auxiliary and english_object and first_singular_present(token.text):
            form = "finite"  # "Io indosso spesso esse", "indosso" read as a participle: "Le indosso spesso"
        elif not auxiliary:
            return "participle without auxiliary"
        elif tokens[a].text.lower() in ESSERE_FORMS:
            return "participle with essere"
        elif is_infinitive(tokens[a].text) or tokens[a].text.lower() in ("aver", "avendo"):
            return "non-finite auxiliary"
        else:
            form, start, aux = "compound", a, a
    if (
        form == "infinitive"
        and verb
        and (tokens[verb - 1].lemma in CAUSATIVES or tokens[verb - 1].text.lower().startswith(CAUSATIVE_FORMS))
        and tokens[verb - 1].upos in ("VERB", "AUX")
    ):
        return "after a causative (fare/lasciare + infinitive)"
    if form in ("finite", "compound") and start and tokens[start - 1].text.lower() in CLITIC_FORMS:
        return "the verb group already has a clitic"
    if form in ("infinitive", "gerund", "imperative") and verb and tokens[verb - 1].text.lower() in CLITIC_FORMS:
        return "the verb group already has a clitic"
    return Group(verb, start, form, aux)


def place(
    sentence: Sentence,
    rule: str,
    group: Group,
    clitic: str,
    remove: list[int],
    participle: tuple[str, str] | None = None,
    aux: str | None = None,
    deprel: str = "obj",
) -> str | None:
    """Put `clitic` in place of the tokens `remove` (the pronoun's, in order); None if done, else why not.

    `participle`: the (gender, number) the participle of a compound tense
    takes ("l'ha custodita"); `aux`: the new auxiliary ("si è reinventata").
    A mention on the removed tokens moves onto the clitic (or verb+clitic) token.
    Changes nothing, and returns the skip reason, if the verb cannot take the
    clitic attached or its participle cannot agree ("cannot attach"), or if
    the pronoun's mention cannot move (`Sentence.removal_problem`: the
    pronoun at the edge of a longer mention, several mentions on it, the
    verb+clitic token already another cluster's mention).
    """
    tokens = sentence.tokens
    attached = None
    if group.form in ("infinitive", "gerund", "imperative"):
        attached = attach(tokens[group.verb].text, clitic, group.form)
        if attached is None:
            return "cannot attach"
    new_participle = None
    if participle is not None and group.form == "compound":
        new_participle = agreeing_participle(tokens[group.verb].text, *participle)
        if new_participle is None:
            return "cannot attach"
    # the mention lands on the verb+clitic token, or on the new clitic token, which holds none
    problem = sentence.removal_problem(remove[0], remove[-1], group.verb if attached is not None else None)
    if problem is not None:
        return problem
    if new_participle is not None:
        sentence.replace(rule, group.verb, new_participle)
    if aux is not None and group.aux is not None:
        old = tokens[group.aux].text
        sentence.replace(rule, group.aux, aux[0].upper() + aux[1:] if old[:1].isupper() else aux, lemma="essere")
    if attached is not None:
        sentence.replace(rule, group.verb, attached)
        for index in sorted(remove, reverse=True):
            sentence.delete(rule, index, move_to=group.verb)
        if group.apostrophe is not None:
            sentence.delete(rule, group.apostrophe)  # before the pronoun: its index has not moved
        return None
    start = group.start
    first = tokens[start].text
    word = elided(clitic, first)
    if first[:1].isupper() and (start == 0 or tokens[start - 1].text in SENTENCE_OPENERS):
        word = word[0].upper() + word[1:]
        sentence.replace(rule, start, first[0].lower() + first[1:])
    sentence.insert(
        rule,
        start,
        Token(
            word,
            lemma=clitic,
            upos="PRON",
            feats={"Clitic": "Yes", "PronType": "Prs"},
            head=group.verb + 1,
            deprel=deprel,
        ),
    )
    for index in sorted(remove, reverse=True):
        sentence.delete(rule, index + 1, move_to=start)
    return None
