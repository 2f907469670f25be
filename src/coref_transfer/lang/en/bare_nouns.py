"""English noun phrases with no article where Italian writes one, told from the words and their tags.

Two kinds (`bare_kind`), which `lang.it.determiners.fit` gives the definite
article when the mention's Italian comes from its text translated alone (a
sentence-level model translates "Students" as "Studenti", bare as the
English, and the sentence around the placeholder does not say more):

- `generic_subject`: a plural common noun with no determiner, possessive
  or number, as the subject before its finite verb, opening its clause:
  "[Students] protested", "but [hurricanes] form over warm water". Italian
  subjects of this kind take the article ("Gli studenti protestarono"). A
  phrase of more than three words, or one with a conjunction, is not one
  ("Teachers and parents"): gold Italian writes coordinated subjects bare
  often enough ("Enti e privati hanno il diritto"); nor is a mass noun
  ("Water boils"): gold Italian writes abstract ones bare ("Quindi felicità
  è …"). `lang.it.determiners` skips more on the Italian side.
- `role_name`: a party of a case named by its role, capitalised, with no
  determiner, as court documents write it ("[Appellant] argues", "the
  brief of [Respondent]"): Italian writes the role with the article
  ("l'appellante", "del resistente").

The tags are Penn Treebank's (CoNLL-2012's, and CorefUD's XPOS for English).
"""

from __future__ import annotations

from collections.abc import Sequence

ROLE_NOUNS = frozenset(
    {"Appellant", "Appellants", "Appellee", "Appellees", "Respondent", "Respondents", "Petitioner", "Petitioners",
     "Plaintiff", "Plaintiffs", "Defendant", "Defendants", "Claimant", "Claimants", "Applicant", "Applicants",
     "Complainant", "Complainants"}
)  # fmt: skip
"""Parties a court document names by their role, like a name."""
_DETERMINING = frozenset({"DT", "PDT", "PRP$", "POS", "CD", "WP$", "WDT", "PRP", "EX"})
"""Tags of words that make a noun phrase determined, or not a common noun phrase."""
_FINITE = frozenset({"VBP", "VBD", "VBZ", "MD"})
_CLAUSE_OPENERS_TAGS = frozenset({",", ":", "CC", "``", "-LRB-", "WRB"})
_SUBORDINATORS = frozenset(
    {"because", "since", "although", "though", "while", "whereas", "if", "when", "whenever", "as", "once", "unless",
     "until", "before", "after", "that"}
)  # fmt: skip
MAX_WORDS = 3
"""The longest generic subject looked at."""


def bare_kind(tokens: Sequence[str], pos: Sequence[str], start: int, end: int) -> str | None:
    """`generic_subject`, `role_name` or None for the mention start..end (inclusive); see the module docstring."""
    words = range(start, end + 1)
    if start == end and tokens[start] in ROLE_NOUNS:
        before = pos[start - 1] if start > 0 else ""
        return None if before in _DETERMINING or before in ("JJ", "NNP") else "role_name"
    if any(pos[i] in _DETERMINING or pos[i] in ("NNP", "NNPS", "CC") for i in words) or len(words) > MAX_WORDS:
        return None
    if pos[end] != "NNS" or not all(pos[i].startswith(("NN", "JJ")) for i in words):
        return None
    opens = start == 0 or pos[start - 1] in _CLAUSE_OPENERS_TAGS
    opens = opens or pos[start - 1] == "IN" and tokens[start - 1].lower() in _SUBORDINATORS
    verb_next = end + 1 < len(pos) and pos[end + 1] in _FINITE
    return "generic_subject" if opens and verb_next else None
