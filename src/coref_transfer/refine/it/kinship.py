"""No article before a singular kinship noun with a possessive (issue 14, item 4)."""

from __future__ import annotations

from coref_transfer.lang.it.articles import article_kind, match_case, split_articulated
from coref_transfer.lang.it.kinship import kinship_kind
from coref_transfer.lang.it.morphology import possessive, possessor
from coref_transfer.lang.it.reflexives import INTENSIFIERS
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.refine.base import Rule, Sentence

#: Dependents that make a noun *modified*: the article then stays ("la sua sorella maggiore").
MODIFIERS = frozenset({"amod", "nmod", "nummod", "acl", "acl:relcl"})
#: Article forms of the plural, alone or inside an articulated preposition (dei, agli, sulle).
PLURAL_ARTICLES = frozenset({"i", "gli", "le"})


def _is_possessive(token: Token) -> bool:
    return token.deprel == "det:poss" or (token.upos == "DET" and token.feat("Poss") == "Yes")


def _article(token: Token) -> tuple[str, str] | None:
    """(preposition or "", article) of a definite article or an articulated preposition, else None."""
    if token.upos == "DET" and article_kind(token.text) == "definite":
        return "", token.text.lower().replace("’", "'")
    parts = split_articulated(token.text)
    if token.upos == "ADP" and parts is not None:
        return parts
    return None


def _place_adjunct(parsed: ParsedSentence, child: int) -> bool:
    """A place name with "a" or "in" ("dal suo zio a Rimini"): where, an adjunct of the verb the parser hung
    on the noun, not a modifier that picks one uncle out."""
    tokens = parsed.tokens
    if tokens[child].deprel != "nmod" or tokens[child].upos != "PROPN":
        return False
    cases = [tokens[c].text.lower() for c in parsed.children(child) if tokens[c].deprel == "case"]
    return cases in (["a"], ["in"])


class KinshipArticle(Rule):
    """A singular kinship noun with a possessive (not *loro*) takes no article.

    Why: Italian says "mio padre", "sua sorella", "con sua moglie" — the
    possessive alone determines a singular noun of close family relation;
    the article is kept only in the plural, with *loro*, with a modifier and
    with affectionate forms (`coref_transfer.lang.it.kinship` lists the
    nouns and the reasons). Stage γ puts the possessive back with the
    article of an ordinary noun ("la sua madre"), and MT copies the English
    "his brother" pattern with the article.

    What changes: a definite article right before the possessive is
    deleted, and its capital passes to the possessive; an articulated
    preposition becomes the simple one ("della" → "di", "alla" → "a",
    "nella" → "in", "dal" → "da", "sulla" → "su"). A mention over the
    noun phrase shrinks to it without the article.

    Before/after: "il suo fratello" → "suo fratello"; "La sua madre" → "Sua
    madre"; "della sua figlia" → "di sua figlia"; "con la sua moglie" →
    "con sua moglie"; "alla sua sorella" → "a sua sorella".

    Candidates: a possessive (det:poss, or DET with Poss=Yes) whose head is
    one of the nouns the kinship lists know, with a definite article or
    articulated preposition right before it attached to the same noun (or
    to the possessive: the parser hangs "del" on "suo" in "la casa del suo
    nonno"). Kept, with the reason counted: "indefinite article" ("un suo
    fratello" is right as it is); "article not attached to the noun" (the
    parse puts it in another phrase); "plural" ("i suoi
    fratelli"); "partner noun" ("il suo fidanzato"); "affectionate form"
    ("la sua mamma"); "loro" ("il loro padre"); "not a personal
    possessive" ("il proprio padre"); "stesso" ("il suo stesso fratello");
    "modified noun (before it)" ("la sua cara madre"); "modified noun
    (REL)" for a dependent of relation REL: amod ("la sua sorella
    maggiore", "il suo fratello più piccolo"), nmod, nummod, acl, acl:relcl
    ("la sua sorella che vive a Roma"). A name right after the noun (a
    PROPN nmod without a preposition, "sua sorella Elena"), a place name
    with "a" or "in" ("dal suo zio a Rimini" → "da suo zio a Rimini": where,
    an adjunct the parser hung on the noun) or an apposition between commas
    does not count as a modifier. An adjective right after the noun (or
    "più"/"meno" + adjective) keeps the article whatever the parser hung it
    on: "modified noun (adjective after it)" ("La sua sorella maggiore
    insegna …", maggiore attached to the verb).

    Known failure modes: a modifier the parser attached elsewhere is not
    seen (the article goes although it should stay); a following
    prepositional phrase the parser hung on the noun keeps the article
    ("con il suo fratello di domenica"); a restrictive relative clause and
    a non-restrictive one are treated alike (both keep it).
    """

    name = "kinship_article"
    needs = ("upos", "feats", "head", "deprel")

    def _keep_reason(self, parsed: ParsedSentence, article: int, poss: int, noun: int, kind: str) -> str | None:
        tokens = parsed.tokens
        if kind == "plural":
            return "plural"
        if kind == "partner":
            return "partner noun"
        if kind == "affectionate":
            return "affectionate form"
        owner = possessor(tokens[poss].text)
        if owner is None:
            return "not a personal possessive"
        if owner == (3, "Plur"):
            return "loro"
        singular = {possessive(*owner, gender, "Sing") for gender in ("Masc", "Fem")}
        parts = _article(tokens[article])
        if tokens[poss].text.lower() not in singular or (parts is not None and parts[1] in PLURAL_ARTICLES):
            return "plural"
        between = range(poss + 1, noun)
        if any(tokens[i].text.lower() in INTENSIFIERS for i in between):
            return "stesso"
        if noun != poss + 1:
            return "modified noun (before it)"
        for child in parsed.children(noun):
            dep = tokens[child]
            if dep.text.lower() in INTENSIFIERS:
                return "stesso"
            if dep.deprel not in MODIFIERS:
                continue
            name_after = (
                dep.deprel == "nmod"
                and dep.upos == "PROPN"
                and not any(tokens[c].deprel == "case" for c in parsed.children(child))
            )
            if not (name_after or _place_adjunct(parsed, child)):
                return f"modified noun ({dep.deprel})"
        after = noun + 1
        if after < len(tokens) and tokens[after].text.lower() in ("più", "meno"):
            after += 1
        if after < len(tokens) and tokens[after].upos == "ADJ":
            return "modified noun (adjective after it)"  # "la sua sorella maggiore", the ADJ hung elsewhere
        return None

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        plan: list[tuple[Token, Token]] = []  # (article, possessive)
        for index, token in enumerate(tokens):
            if not _is_possessive(token) or token.head <= index:
                continue
            kind = kinship_kind(tokens[token.head].text)
            if kind is None or index == 0:
                continue
            before = tokens[index - 1]
            if before.upos == "DET" and article_kind(before.text) == "indefinite":
                self.skip("indefinite article")
                continue
            if _article(before) is None:
                continue  # no article: "sua madre" is already right
            if before.head not in (token.head, index):  # the parser sometimes hangs "del" on the possessive
                self.skip("article not attached to the noun")
                continue
            reason = self._keep_reason(sentence.parsed, index - 1, index, token.head, kind)
            if reason is not None:
                self.skip(reason)
                continue
            plan.append((before, token))
        # Decided on the whole parse, then edited: a deletion shifts the indexes.
        for article, poss in plan:
            self._drop(sentence, article, poss)

    def _drop(self, sentence: Sentence, article: Token, poss: Token) -> None:
        index = next(i for i, t in enumerate(sentence.tokens) if t is article)
        preposition, _ = _article(article)  # type: ignore[misc]
        if preposition:
            sentence.replace(self.name, index, match_case(article.text, preposition), lemma=preposition)
            for feat in ("Definite", "Gender", "Number", "PronType"):
                article.feats.pop(feat, None)
            if article.xpos == "E_RD":
                article.xpos = "E"
        else:
            sentence.delete(self.name, index, move_to=index + 1)
            if article.text[:1].isupper() and poss.text[:1].islower():
                sentence.replace(self.name, index, poss.text[:1].upper() + poss.text[1:])
        self.applied += 1
