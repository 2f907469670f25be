"""The refinement rules by name, their default order, and applying them to a sentence.

Rules are listed here explicitly, not registered by importing their
modules, so the set of valid names is visible in one place and matches the
`refine.rules` enum of the config schema.

Default order, and why:

1. `che_subject_pronoun` and `preposition_pronoun` first: they turn a
   pronoun into the right case, so that the subject forms the later rules
   look for exist ("che me siamo" → "che io siamo"). `preposition_di`
   right after `preposition_pronoun`, on the tonic form it made ("su io"
   → "su me" → "su di me").
   `object_pronoun_clitic` and `reflexive` next: they read the tonic
   forms the case rules settled and the parse as the parser gave it (the
   rules after them see "l'ha fermato", "si è reinventata"); the clitic
   rule before the reflexive one, so that "ha allenato loro sé stesso"
   has its object clitic ("li ha allenati") and the -self pronoun is read
   as emphatic ("li ha allenati lui stesso"). Both before pro-drop, which
   must see the subject pronoun before the clitic ("come lui la vedeva")
   and whose deletion of a quotative subject ("…, ha detto esso") the
   clitic rule leaves to it.
2. `pronoun_number_agreement` next, on those subject forms ("che io
   siamo" → "che noi siamo"), and before pro-drop, which keeps some
   pronouns (coordinated, focused, post-verbal, ambiguous subjunctive)
   that must then be right, and whose ambiguity tests read the pronoun's
   person and number.
3. `possessive_agreement` before `kinship_article` and
   `demonstrative_agreement`: the kinship rule reads the possessive's
   number and person ("il suoi madre" must first become "la sua madre",
   then "sua madre"); a demonstrative takes the form the next word
   requires, and that word may be the possessive ("quella sua auto").
4. `demonstrative_agreement` before `demonstrative_pronoun` (they share no
   candidate; the adjectives are settled first so the pronoun rule sees
   the final forms around it).
5. `predicate_agreement` after the determiner rules (the subject's
   article or possessive is settled first: "Il suo amministratrice delegata
   è stato chiaro" → "La sua amministratrice delegata" → "è stata chiara")
   and before pro-drop, which deletes the subject pronouns it reads ("lei
   è stato chiaro" → "è stata chiara").
6. `vocative_article` anywhere before `euphonic_d` (it shares no
   candidate with the other rules); before pro-drop, so that it reads the
   parse as the parser gave it, like the rules above.
7. `subject_pronoun_deletion` next to last: it deletes tokens and moves
   mentions, and re-attaches the pronoun's dependents; the rules before it
   read the parse as the parser gave it.
8. `euphonic_d` last: e/ed, a/ad, o/od follow the *next* word, and every
   insertion, deletion and rewrite before it may change that word ("ed
   [essa] non balla" → "ed non balla" → "e non balla"; "e [esso]" put back
   by translation; "e ho adorato esso" → "e l'ho adorato": no "ed" before
   the clitic).
"""

from __future__ import annotations

from collections.abc import Sequence

from coref_transfer.errors import ConfigError
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.clitics import ObjectPronounClitic
from coref_transfer.refine.it.demonstratives import DemonstrativeAgreement, DemonstrativePronoun
from coref_transfer.refine.it.euphony import EuphonicD
from coref_transfer.refine.it.kinship import KinshipArticle
from coref_transfer.refine.it.possessives import PossessiveAgreement
from coref_transfer.refine.it.predicates import PredicateAgreement
from coref_transfer.refine.it.prodrop import SubjectPronounDeletion
from coref_transfer.refine.it.pronouns import (
    CheSubjectPronoun,
    PrepositionDi,
    PrepositionPronoun,
    PronounNumberAgreement,
)
from coref_transfer.refine.it.reflexives import Reflexive
from coref_transfer.refine.it.vocatives import VocativeArticle

RULES: dict[str, type[Rule]] = {
    "subject_pronoun_deletion": SubjectPronounDeletion,
    "pronoun_number_agreement": PronounNumberAgreement,
    "preposition_pronoun": PrepositionPronoun,
    "preposition_di": PrepositionDi,
    "che_subject_pronoun": CheSubjectPronoun,
    "object_pronoun_clitic": ObjectPronounClitic,
    "reflexive": Reflexive,
    "possessive_agreement": PossessiveAgreement,
    "kinship_article": KinshipArticle,
    "demonstrative_agreement": DemonstrativeAgreement,
    "demonstrative_pronoun": DemonstrativePronoun,
    "predicate_agreement": PredicateAgreement,
    "vocative_article": VocativeArticle,
    "euphonic_d": EuphonicD,
}

DEFAULT_ORDER: tuple[str, ...] = (
    "che_subject_pronoun",
    "preposition_pronoun",
    "preposition_di",
    "object_pronoun_clitic",
    "reflexive",
    "pronoun_number_agreement",
    "possessive_agreement",
    "kinship_article",
    "demonstrative_agreement",
    "demonstrative_pronoun",
    "predicate_agreement",
    "vocative_article",
    "subject_pronoun_deletion",
    "euphonic_d",
)


def build_rules(names: Sequence[str]) -> list[Rule]:
    """Fresh instances of the named rules, in the order given.

    Raises:
        ConfigError: a name is not a rule (the message lists the valid
            ones), or a rule is named twice.
    """
    rules: list[Rule] = []
    seen: set[str] = set()
    for name in names:
        if name not in RULES:
            valid = ", ".join(sorted(RULES))
            raise ConfigError(f"refine.rules: unknown rule {name!r}; valid rules are: {valid}")
        if name in seen:
            raise ConfigError(f"refine.rules: rule {name!r} is listed twice; list each rule once")
        seen.add(name)
        rules.append(RULES[name]())
    return rules


def refine(sentence: Sentence, rules: Sequence[Rule]) -> Sentence:
    """Apply `rules` to `sentence` in order (each logs its changes on the sentence); returns it.

    A rule that needs an annotation the sentence's parser did not fill is
    skipped, counted with the reason "missing annotation: ..." (`Rule.needs`).
    """
    for rule in rules:
        missing = [a for a in rule.needs if a not in sentence.parsed.annotations]
        if missing:
            rule.skip(f"missing annotation: {', '.join(missing)}")
            continue
        rule.apply(sentence)
    return sentence
