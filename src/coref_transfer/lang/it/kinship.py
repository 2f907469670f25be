"""Kinship nouns that take no article after a possessive, and the ones that keep it.

Italian drops the definite article before a *singular, unmodified* noun of
close family relationship preceded by a possessive adjective other than
*loro*: "mio padre", "sua madre", "tuo fratello", "nostra zia", "di sua
figlia", "con sua moglie", as the standard grammars teach. The
article comes back in the plural ("i suoi fratelli"), with *loro* ("il loro
padre"), with a modifier ("la sua sorella maggiore", "il suo caro zio") and
with affectionate or altered forms ("la mia mamma", "il suo papà", "la sua
sorellina").

`KINSHIP_NOUNS` (singular forms only; a plural form is not a candidate):
the core terms, for which the article-less form is the only standard one
after mio/tuo/suo/nostro/vostro: padre, madre, fratello, sorella, figlio,
figlia, marito, moglie, zio, zia, nonno, nonna, cugino, cugina, nipote,
suocero, suocera, genero, nuora, cognato, cognata.

Left out on purpose (the article is usual or at least as common, so
removing it could make correct Italian worse):

- `PARTNER_NOUNS`: fidanzato/a, compagno/a, ragazzo/a, sposo/a, consorte,
  partner: not kinship; "il suo fidanzato" is the norm.
- `AFFECTIONATE_FORMS`: mamma, papà, babbo and diminutives or augmentatives
  of the kinship nouns (sorellina, fratellino, nonnina, figlioletto,
  fratellone...): they keep the article ("la sua mamma").
- Compounds and step-relations (bisnonno, prozio, patrigno, matrigna,
  figliastro, fratellastro, gemello...): usage varies ("il mio
  patrigno"); they are simply not in the list.

The rule counts a skip when it meets a word of the two lists above, so the
report shows how often the article was kept for that reason.
"""

from __future__ import annotations

from coref_transfer.lang.it.articles import plain_form

KINSHIP_NOUNS = frozenset(
    [
        "padre",
        "madre",
        "fratello",
        "sorella",
        "figlio",
        "figlia",
        "marito",
        "moglie",
        "zio",
        "zia",
        "nonno",
        "nonna",
        "cugino",
        "cugina",
        "nipote",
        "suocero",
        "suocera",
        "genero",
        "nuora",
        "cognato",
        "cognata",
    ]
)
"""Singular kinship nouns that lose the article after a possessive other than loro."""

PARTNER_NOUNS = frozenset(
    ["fidanzato", "fidanzata", "compagno", "compagna", "ragazzo", "ragazza", "sposo", "sposa", "consorte", "partner"]
)
"""Partners, not kinship: they keep the article ("il suo fidanzato")."""

AFFECTIONATE_FORMS = frozenset(
    [
        "mamma",
        "mammina",
        "papà",
        "papa'",
        "babbo",
        "babbino",
        "sorellina",
        "sorellona",
        "fratellino",
        "fratellone",
        "figliolo",
        "figliola",
        "figlioletto",
        "figlioletta",
        "nonnino",
        "nonnina",
        "zietto",
        "zietta",
        "cuginetto",
        "cuginetta",
        "nipotino",
        "nipotina",
        "maritino",
        "mogliettina",
    ]
)
"""Affectionate and altered forms: they keep the article ("la sua mamma", "la sua sorellina")."""

KINSHIP_PLURALS = frozenset(
    [
        "padri",
        "madri",
        "fratelli",
        "sorelle",
        "figli",
        "figlie",
        "mariti",
        "mogli",
        "zii",
        "zie",
        "nonni",
        "nonne",
        "cugini",
        "cugine",
        "nipoti",
        "suoceri",
        "suocere",
        "generi",
        "nuore",
        "cognati",
        "cognate",
    ]
)
"""The plurals of `KINSHIP_NOUNS`: they keep the article ("i suoi fratelli")."""


def kinship_kind(word: str) -> str | None:
    """What `word` is for the article rule: "kinship", "plural", "partner", "affectionate" or None.

    "Madre" → "kinship", "fratelli" → "plural", "fidanzata" → "partner",
    "mamma" → "affectionate", "amico" → None.
    """
    w = plain_form(word)
    if w in KINSHIP_NOUNS:
        return "kinship"
    if w in KINSHIP_PLURALS:
        return "plural"
    if w in PARTNER_NOUNS:
        return "partner"
    if w in AFFECTIONATE_FORMS:
        return "affectionate"
    return None


#: Kinship nouns in -e whose gender the ending does not show; nipote is either.
_GENDER_IN_E = {"padre": "Masc", "madre": "Fem", "moglie": "Fem", "padri": "Masc", "madri": "Fem", "mogli": "Fem"}


def kinship_features(word: str) -> tuple[str | None, str] | None:
    """(gender, number) of a kinship noun of the lists, UD values; None for any other word.

    The singulars (`KINSHIP_NOUNS`) and plurals (`KINSHIP_PLURALS`) give the
    number; the gender is the ending's (-o/-i masculine, -a/-e feminine in
    these lists: "zio", "zie"), or `_GENDER_IN_E` for padre, madre, moglie;
    nipote, nipoti: None (either gender). "zia" → ("Fem", "Sing"),
    "fratelli" → ("Masc", "Plur"), "nipote" → (None, "Sing").
    """
    w = plain_form(word)
    if w in KINSHIP_NOUNS:
        number = "Sing"
        gender = {"o": "Masc", "a": "Fem"}.get(w[-1:])
    elif w in KINSHIP_PLURALS:
        number = "Plur"
        gender = {"i": "Masc", "e": "Fem"}.get(w[-1:])
    else:
        return None
    if w in _GENDER_IN_E:
        gender = _GENDER_IN_E[w]
    elif w.startswith("nipot"):
        gender = None
    return gender, number
