"""Italian multiword tokens: one written token that UD Italian analyses as two or three syntactic words.

δ keeps every written token whole, as spaCy's Italian tokenizer and stage γ
split text, and our parser is trained that way (`parsing.ud` merges UD's
multiword tokens, so "della" is one ADP with lemma "di il", XPOS "E_RD" and
the article's features, and "parlarci" one VERB with lemma "parlare ci",
XPOS "V_PC" and the clitic's features). UD Italian writes both kinds as a
multiword token (`4-5 della`, then the words `di` and `la`), and its
validator rejects the merged word (a lemma with a space, an ADP with
Definite, a VERB with Clitic). `split` undoes the merge:

1. *Articulated prepositions* (del, dell', nella, sugli, col, pel): the
   preposition (ADP, XPOS E, no features, the token's own relation, `case`
   when the parser gave the fused article's `det`) and the definite article
   (DET, XPOS RD, lemma "il", `Definite=Def|PronType=Art` with the token's
   Gender and Number, relation `det`) on the nominal the preposition marks
   (`NOMINAL`). The form and both words come from the written form
   (`articles.split_articulated`; con and per fuse in col, coi, cogli, pel,
   pei, which UD Italian also splits), so a token the parser tagged DET or
   NOUN is split the same way when its lemma says preposition + article.
2. *A verb with enclitic pronouns* (parlarci, darglielo, osservandole,
   prendili): the verb keeps the token's relation, and each clitic is a
   PRON (XPOS PC) child of it with the features of `CLITIC_FEATURES` and the
   relation of `CLITIC_RELATIONS`. The clitics are peeled off the end of the
   written form, one per lemma piece after the first, each in the family of
   its lemma piece (mi/me, gli/glie, lo/la/li/le, ...): "darmelo" = dar + me +
   lo. The verb's features lose the clitic's (Clitic, PronType, and on an
   infinitive or gerund Person, Number and Gender); a verb written
   "preparar" with no VerbForm is an infinitive (`VerbForm=Inf`). The XPOS
   must agree (V_PC, VA_PC, VM_PC_PC: one piece per lemma piece), else the
   merged lemma is the parser's error, not a clitic: "orsi" (bears) read as
   "ore si", "servi" as "sere vi". Such a token is left whole (`Split.words`
   empty, `Split.reason` says why) for the caller to count.

Limits: the relation of a clitic is not in δ (the parser gave the token
one relation, the verb's); `CLITIC_RELATIONS` is the most frequent
relation of that enclitic in the UD Italian train and development files
we have (si → expl, lo → obj, gli → iobj), so a "ci" that is an object
("vederci") is written `expl`. `scripts/multiword-accuracy.py` measures the
split on the UD Italian test files: each gold multiword token merged as
`parsing.ud` merges it, split again, and compared word by word.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from coref_transfer.lang.it.articles import ARTICLE_ENDINGS, match_case, plain_form, split_articulated

NOMINAL = -2
"""`Word.head` of an articulated preposition's article: the nominal its preposition marks (the
preposition's head, above any `fixed` chain), which only the sentence knows."""
TOKEN = -1
"""`Word.head` of the word that keeps the token's own head and relation."""

#: Prepositions that fuse with the article only in a few written forms (col, coi, cogli, pel, pei),
#: which `articles.articulated` does not write but a translation may hold; their stems.
RARE_FUSING = {"con": "co", "per": "pe"}

#: Enclitic pronouns by family: a lemma piece's family gives the forms its clitic may be written in
#: ("me" before lo/la/li/le/ne, "glie" fused with them; UD lemmatises li/le/la as "lo" in some treebanks).
CLITIC_FAMILIES: tuple[tuple[str, ...], ...] = (
    ("mi", "me"), ("ti", "te"), ("si", "se"), ("ci", "ce"), ("vi", "ve"), ("glie", "gli"),
    ("lo", "la", "li", "le"), ("ne",),
)  # fmt: skip

_P3 = "Person=3|PronType=Prs"
#: UD Italian features of each enclitic, as the Italian treebanks write them (a clitic's own gender is not
#: written where it has none: mi, ti, ci, vi, si, ne).
CLITIC_FEATURES: dict[str, str] = {
    "mi": "Clitic=Yes|Number=Sing|Person=1|PronType=Prs",
    "ti": "Clitic=Yes|Number=Sing|Person=2|PronType=Prs",
    "si": f"Clitic=Yes|{_P3}",
    "ci": "Clitic=Yes|Number=Plur|Person=1|PronType=Prs",
    "vi": "Clitic=Yes|Number=Plur|Person=2|PronType=Prs",
    "lo": f"Clitic=Yes|Gender=Masc|Number=Sing|{_P3}",
    "la": f"Clitic=Yes|Gender=Fem|Number=Sing|{_P3}",
    "li": f"Clitic=Yes|Gender=Masc|Number=Plur|{_P3}",
    "le": f"Clitic=Yes|Gender=Fem|Number=Plur|{_P3}",
    "gli": f"Clitic=Yes|Gender=Masc|Number=Sing|{_P3}",
    "ne": "Clitic=Yes|PronType=Prs",
}
for _plain, _before in (("mi", "me"), ("ti", "te"), ("si", "se"), ("ci", "ce"), ("vi", "ve"), ("gli", "glie")):
    CLITIC_FEATURES[_before] = CLITIC_FEATURES[_plain]

#: Relation of each enclitic: its most frequent one after a verb in the UD Italian train and dev files
#: (counted with `scripts/multiword-accuracy.py --relations`); "ne" ties iobj with nmod, which a verb
#: cannot take.
CLITIC_RELATIONS: dict[str, str] = {
    "mi": "expl", "me": "expl", "ti": "obj", "te": "obj", "si": "expl", "se": "expl", "ci": "expl",
    "ce": "expl", "vi": "iobj", "ve": "iobj", "lo": "obj", "la": "obj", "li": "obj", "le": "obj",
    "gli": "iobj", "glie": "iobj", "ne": "iobj",
}  # fmt: skip

#: Features a clitic lends the merged word, which the verb alone does not have.
_CLITIC_ONLY = ("Clitic", "PronType", "Reflex", "Case")
#: Features a non-finite verb (infinitive, gerund) does not have: the merged word got them from its clitic.
_PERSONAL = ("Person", "Number", "Gender")
#: Features of the article in a merged articulated preposition.
_ARTICLE = ("Gender", "Number")


@dataclass(frozen=True)
class Word:
    """One syntactic word of a split token. `head` is `TOKEN` (the token's own head and relation: one word
    per token), `NOMINAL` (see there) or the index of another word of the same token."""

    form: str
    lemma: str
    upos: str
    xpos: str
    feats: dict[str, str]
    deprel: str
    head: int


@dataclass(frozen=True)
class Split:
    """What `split` made of a token: its `words` (empty: keep the token whole) and, for a merged lemma
    left whole, why (`reason`)."""

    words: tuple[Word, ...] = ()
    kind: str = ""
    """"contraction" or "clitics" when split."""
    reason: str = ""
    """Why a merged lemma was left whole: `tags_disagree` (the XPOS has fewer pieces than the lemma),
    `not_a_clitic` (the written form does not end in the lemma's clitics), `unknown_merge` (neither kind)."""


def _articulated_parts(form: str) -> tuple[str, str] | None:
    """ "Della" → ("di", "la"), "coi" → ("con", "i"); None if the form is not an articulated preposition."""
    parts = split_articulated(form)
    if parts is not None:
        return parts
    plain = plain_form(form)
    for prep, stem in RARE_FUSING.items():
        for article, ending in ARTICLE_ENDINGS.items():
            if plain == stem + ending:
                return prep, article
    return None


def _contraction(form: str, feats: Mapping[str, str], deprel: str) -> Split | None:
    parts = _articulated_parts(form)
    if parts is None:
        return None
    prep, article = parts
    article_feats = {"Definite": "Def", "PronType": "Art"}
    article_feats.update({k: v for k, v in feats.items() if k in _ARTICLE})
    written = article.upper() if form.isupper() and len(form) > 1 else article
    if form.endswith("’"):
        written = written.replace("'", "’")
    words = (
        Word(match_case(form, prep), prep, "ADP", "E", {}, "case" if deprel == "det" else deprel, TOKEN),
        Word(written, "il", "DET", "RD", article_feats, "det", NOMINAL),
    )
    return Split(words, "contraction")


def _family(lemma: str) -> tuple[str, ...] | None:
    plain = lemma.lower()
    return next((f for f in CLITIC_FAMILIES if plain in f), None)


def _clitics(form: str, lemmas: list[str], upos: str, tags: list[str], feats: Mapping[str, str],
             deprel: str) -> Split:  # fmt: skip
    if len(lemmas) > 1 and len(tags) > 1 and len(tags) != len(lemmas) or len(lemmas) > 1 and len(tags) == 1:
        return Split(reason="tags_disagree")
    pieces = len(lemmas) if len(lemmas) > 1 else len(tags)
    wanted = [_family(lemma) for lemma in lemmas[1:]] if len(lemmas) > 1 else [None] * (pieces - 1)
    rest = form
    clitics: list[str] = []
    for family in reversed(wanted):
        forms = family if family is not None else tuple(CLITIC_FEATURES)
        found = next((f for f in sorted(forms, key=len, reverse=True) if plain_form(rest).endswith(f)), None)
        if found is None or len(rest) - len(found) < 2:
            return Split(reason="not_a_clitic")
        clitics.insert(0, rest[len(rest) - len(found) :])
        rest = rest[: len(rest) - len(found)]
    verb_feats = {k: v for k, v in feats.items() if k not in _CLITIC_ONLY}
    if plain_form(rest).endswith("r") and "VerbForm" not in verb_feats:
        verb_feats = {"VerbForm": "Inf"}
    if verb_feats.get("VerbForm") in ("Inf", "Ger"):
        verb_feats = {k: v for k, v in verb_feats.items() if k not in _PERSONAL}
    verb_upos = upos if upos in ("VERB", "AUX") else "VERB"
    if verb_upos != upos:
        # the parser's UPOS (NOUN, ADJ) disagrees with its XPOS and lemma, which both say verb + clitic:
        # its features are a noun's, so only what the written verb shows is kept
        verb_feats = {"VerbForm": "Inf"} if plain_form(rest).endswith("r") else {}
    verb_tag = tags[0] if len(tags) == pieces else "V"
    verb_lemma = lemmas[0] if len(lemmas) == pieces else "_"  # a lemma not merged is the parser's guess
    words = [Word(rest, verb_lemma, verb_upos, verb_tag, verb_feats, deprel, TOKEN)]
    for i, written in enumerate(clitics, start=1):
        plain = plain_form(written)
        lemma = lemmas[i] if len(lemmas) == pieces else plain
        tag = tags[i] if len(tags) == pieces else "PC"
        words.append(Word(written, lemma, "PRON", tag, _feats(CLITIC_FEATURES[plain]), CLITIC_RELATIONS[plain], 0))
    return Split(tuple(words), "clitics")


def _feats(text: str) -> dict[str, str]:
    return dict(item.split("=", 1) for item in text.split("|"))


def split(form: str, lemma: str, upos: str, xpos: str, feats: Mapping[str, str], deprel: str) -> Split:
    """The syntactic words of a token the parser merged; rules 1-2.

    The evidence of a merge is a lemma in pieces ("di il", "parlare ci") or
    an XPOS in pieces ("E_RD", "V_PC"), or, for an articulated preposition,
    an ADP with the article's `Definite`. A token without any gives
    `Split()` (nothing to split); a merge that is neither kind, or whose
    clitics the form does not show, gives no words and the reason.
    """
    lemmas = lemma.split()
    tags = xpos.split("_") if xpos else []
    merged = len(lemmas) > 1 or len(tags) > 1
    if not merged and not (upos == "ADP" and "Definite" in feats):
        return Split()
    if not (tags and tags[0].startswith("V")):
        done = _contraction(form, feats, deprel)
        if done is not None:
            return done
    if not merged:
        return Split()
    if len(lemmas) > 1 and any(_family(piece) is None for piece in lemmas[1:]):
        return Split(reason="unknown_merge")
    return _clitics(form, lemmas, upos, tags, feats, deprel)
