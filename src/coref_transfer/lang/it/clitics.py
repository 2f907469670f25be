"""Italian unstressed (clitic) pronouns: forms, elision, attachment, and the words around them.

Italian puts a pronominal direct object before the finite verb as a clitic
("lo vedo", "l'ha fermato", "li capisco") or attaches it to an infinitive,
gerund or imperative ("venderlo", "vedendola", "prendili"); a reflexive
object is the clitic mi/ti/si/ci/vi, and a compound tense of the reflexive
verb takes *essere* ("si è reinventata"). A past participle after *avere*
agrees with a preceding lo/la/li/le ("l'ho letta", "li ha arrestati").
The tonic forms ("ha fermato lui") are translationese. This module holds
the forms; `refine.it.clitic_placement` places them.
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import plain_form

#: Tonic pronoun → (clitic, gender, number) of the direct-object clitic that
#: replaces it; None for "loro", whose gender the mention's class gives.
OBJECT_CLITICS: dict[str, tuple[str, str | None, str] | None] = {
    "lui": ("lo", "masc", "sing"),
    "esso": ("lo", "masc", "sing"),
    "lei": ("la", "fem", "sing"),
    "essa": ("la", "fem", "sing"),
    "essi": ("li", "masc", "plur"),
    "esse": ("le", "fem", "plur"),
    "loro": None,
    "me": ("mi", None, "sing"),
    "te": ("ti", None, "sing"),
    "noi": ("ci", None, "plur"),
    "voi": ("vi", None, "plur"),
}

#: Third-person direct-object clitics by (gender, number).
THIRD_PERSON = {
    ("masc", "sing"): "lo",
    ("fem", "sing"): "la",
    ("masc", "plur"): "li",
    ("fem", "plur"): "le",
}
#: Every unstressed object or reflexive form: a verb group that already has one has its object.
# fmt: off
CLITIC_FORMS = frozenset(["mi", "ti", "si", "ci", "vi", "lo", "la", "li", "le", "l'", "gli", "ne", "glielo",
                          "gliela", "glieli", "gliele", "me", "te", "se", "ce", "ve", "m'", "t'", "s'", "c'", "v'"])
# fmt: on

#: Reflexive clitics by the subject's (person, number), UD values.
REFLEXIVE_CLITICS = {
    (1, "Sing"): "mi",
    (2, "Sing"): "ti",
    (3, "Sing"): "si",
    (1, "Plur"): "ci",
    (2, "Plur"): "vi",
    (3, "Plur"): "si",
}

#: Words that put focus on the pronoun after them ("proprio lui", "anche lei", "solo loro"):
#: a clitic cannot be focused, so the tonic form is right there.
# fmt: off
FOCUS_WORDS = frozenset([
    "proprio", "anche", "solo", "soltanto", "solamente", "pure", "neanche", "nemmeno", "neppure",
    "persino", "perfino", "almeno", "soprattutto", "specialmente", "esattamente", "addirittura",
    "unicamente", "sempre", "ancora",
    "più", "meno",  # a comparison: "ha sempre amato più lui che me"
])
# fmt: on

#: Verbs that take a dative: "loro" right after one is an indirect object ("ha dato loro tutto",
#: "ha permesso loro di restare"), which the clitic rule does not touch.
# fmt: off
DATIVE_VERBS = frozenset([
    "dare", "dire", "chiedere", "offrire", "mostrare", "spiegare", "inviare", "mandare", "scrivere",
    "insegnare", "permettere", "consentire", "raccontare", "promettere", "regalare", "portare",
    "consigliare", "ordinare", "proporre", "concedere", "garantire", "fornire", "restituire",
    "rispondere", "telefonare", "piacere", "sembrare", "parlare", "assegnare", "affidare",
    "prestare", "assicurare", "augurare", "impedire", "vietare", "suggerire",
    # verbs whose experiencer is a dative ("non importa loro", "manca loro il tempo")
    "importare", "interessare", "mancare", "servire", "bastare", "parere", "spettare", "toccare",
    "convenire", "dispiacere", "succedere", "capitare", "accadere", "occorrere",
    "dato", "dà", "danno", "diede", "diedero", "detto", "disse", "dice",
])
# fmt: on

#: Finite and non-finite forms of *avere* → the same form of *essere* (a reflexive verb's
#: compound tenses take *essere*: "ha reinventato" → "si è reinventata").
# fmt: off
AVERE_TO_ESSERE = {
    "ho": "sono", "hai": "sei", "ha": "è", "abbiamo": "siamo", "avete": "siete", "hanno": "sono",
    "avevo": "ero", "avevi": "eri", "aveva": "era", "avevamo": "eravamo", "avevate": "eravate",
    "avevano": "erano", "ebbi": "fui", "avesti": "fosti", "ebbe": "fu", "avemmo": "fummo",
    "aveste": "foste", "ebbero": "furono", "avrò": "sarò", "avrai": "sarai", "avrà": "sarà",
    "avremo": "saremo", "avrete": "sarete", "avranno": "saranno", "avrei": "sarei",
    "avresti": "saresti", "avrebbe": "sarebbe", "avremmo": "saremmo", "avreste": "sareste",
    "avrebbero": "sarebbero", "abbia": "sia", "abbiano": "siano", "abbiate": "siate",
    "avessi": "fossi", "avesse": "fosse", "avessimo": "fossimo", "avessero": "fossero",
    "avere": "essere", "avendo": "essendo", "aver": "esser",
}
# fmt: on
#: Forms of *avere* that can be a perfect auxiliary.
AVERE_FORMS = frozenset(AVERE_TO_ESSERE)
#: Forms of *essere* as an auxiliary (passive or unaccusative compound tenses).
ESSERE_FORMS = frozenset(set(AVERE_TO_ESSERE.values()) | {"stato", "stata", "stati", "state", "è", "e'"})
#: Causative verbs: with fare/lasciare + infinitive the clitic climbs to the causative
#: ("l'ha fatto riparare", not "ha fatto ripararlo"), left alone by the rules.
CAUSATIVES = frozenset(["fare", "lasciare"])
CAUSATIVE_FORMS = ("fa", "fà", "fann", "facc", "fac", "fec", "far", "fatt", "lasc")

_VOWELS = "aeiouàèéìíòóùAEIOUÀÈÉÌÍÒÓÙ"
#: The truncated 2nd person imperatives of dire, dare, fare, andare and stare ("di'", "dì", "fa'"), as
#: written without the apostrophe the tokenizer splits off → their infinitive. With a clitic attached
#: the clitic's consonant doubles: "dillo", "dalle", "fallo", "stalle vicino".
TRUNCATED_IMPERATIVES = {"di": "dire", "dì": "dire", "da": "dare", "fa": "fare", "va": "andare", "sta": "stare"}


def third_person_clitic(gender: str, number: str) -> str:
    """lo, la, li or le for the project's gender ("masc"/"fem") and number ("sing"/"plur")."""
    return THIRD_PERSON[(gender, number)]


def elided(clitic: str, next_word: str) -> str:
    """lo/la → l' before a vowel or h ("l'ha", "l'ho", "l'adoro"); other clitics as they are."""
    if clitic.lower() in ("lo", "la") and next_word[:1] and (next_word[0] in _VOWELS or next_word[0] in "hH"):
        return clitic[0] + "'"
    return clitic


def is_infinitive(word: str) -> bool:
    """An infinitive by its ending (-are, -ere, -ire, -rre), the parser's VerbForm aside."""
    w = plain_form(word)
    return len(w) > 4 and w.endswith(("are", "ere", "ire", "rre"))


def is_gerund(word: str) -> bool:
    w = plain_form(word)
    return len(w) > 5 and w.endswith(("ando", "endo"))


#: Clitics that attach to an infinitive or a gerund, and the first ones of a cluster ("vendermelo", "darglielo").
ENCLITICS = ("lo", "la", "li", "le", "ne", "gli", "mi", "ti", "ci", "vi", "si")
_CLUSTER_FIRSTS = ("me", "te", "ce", "ve", "se", "glie")


def has_enclitic(word: str) -> bool:
    """An infinitive or a gerund with a clitic attached: "vederlo", "vendermelo", "porla", "mangiandola",
    "darglielo"; not "cavallo", "tavola", "sole" (no verb before the clitic)."""
    w = plain_form(word)
    for clitic in ENCLITICS:
        if not w.endswith(clitic) or len(w) <= len(clitic) + 3:
            continue
        base = w[: -len(clitic)]
        for first in _CLUSTER_FIRSTS:
            if base.endswith(first) and len(base) > len(first) + 3:
                base = base[: -len(first)]
                break
        if is_gerund(base) or (base.endswith("r") and (is_infinitive(base + "e") or base.endswith("rr"))):
            return True
    return False


def attach(verb: str, clitic: str, form: str) -> str | None:
    """The verb with the clitic attached: "vendere"+"lo" → "venderlo", "porre" → "porlo",
    "vedendo"+"la" → "vedendola", "chiama"+"lo" → "chiamalo".

    `form` is "infinitive", "gerund" or "imperative". Returns None where the
    attachment is not a plain concatenation: an infinitive not in -re, a
    word that already ends in a clitic. A truncated imperative (`TRUNCATED_IMPERATIVES`: "di'", "fa'",
    written with or without its apostrophe) doubles the clitic's consonant: "dillo", "falle".
    """
    if form == "infinitive":
        if not verb.endswith("re") or not is_infinitive(verb):
            return None
        stem = verb[:-2] if verb.endswith("rre") else verb[:-1]
        return stem + clitic
    if form == "gerund":
        return verb + clitic if is_gerund(verb) else None
    if form == "imperative":
        short = verb.rstrip("'’")
        if short.lower() in TRUNCATED_IMPERATIVES:
            # "di'" + "lo" → "dillo", "fa'" + "le" → "falle": the clitic's consonant doubles ("digli" keeps gl)
            stem = short.replace("ì", "i").replace("Ì", "I")
            return stem + (clitic if clitic.startswith("gl") else clitic[0] + clitic)
        if len(verb) < 4 or not verb[-1:] in _VOWELS or "'" in verb:
            return None
        return verb + clitic
    return None


def agreeing_participle(participle: str, gender: str, number: str) -> str | None:
    """A past participle in -o agreeing with gender/number ("letto" → "letta", "lette", "letti").

    None if the word does not end in a participle vowel (-o, -a, -i, -e).
    """
    if len(participle) < 4 or participle[-1] not in "oaie":
        return None
    ending = {("masc", "sing"): "o", ("fem", "sing"): "a", ("masc", "plur"): "i", ("fem", "plur"): "e"}
    return participle[:-1] + ending[(gender, number)]


def is_participle(word: str) -> bool:
    """A past participle by its ending (-ato, -uto, -ito and their agreeing forms, or irregular -tto/-so/-sto/-lto)."""
    w = plain_form(word)
    return len(w) > 3 and (w[:-1].endswith(("at", "ut", "it", "tt", "st", "s", "rt", "nt", "lt")) and w[-1] in "oaie")
