"""Entity classes: class(id) = (type, gender, number) of each kept cluster.

Method.md's order, per mention and attribute: (1) the mention's own English
root, (2) the Italian translation of the mention (`italian` evidence passed
in by the translate stage, before the placeholders are drawn; select passes
none), (3) a weighted vote over the cluster's mentions in which pronoun
evidence outweighs noun evidence, (4) the configured fallback (masculine
singular) where the vote ties or nothing is known.

For a noun mention, the Italian gender and number come before the English
root's: the placeholder stands in the Italian sentence, whose agreement
follows the Italian noun ("the resignation", singular, is "le dimissioni",
plural; "the victim" is "la vittima", feminine, whoever the victim is). A
pronoun mention keeps its English values (its Italian form is chosen from
the class, not the other way round). Each value records its source:
`english`, `italian`, `cluster` or `fallback`.

Root evidence:
- personal/possessive pronouns: the paper's Table 6 (`lang.en.pronouns.PRONOUN_CLASSES`);
- nouns: number from the PTB tag (NNS/NNPS plural), coordination (X and Y)
  is plural, feminine only if every member is (`coordination_gender`); a
  root inside a PERSON entity (`entity_at`) is a person, inside another
  entity type a thing; PERSON gender from a gendered title (Mr., Mrs., Queen, ...;
  the `TITLES` table) or else the first-name lexicon of `gender-guesser`, asked
  only about the entity's first given name (`person_name_gender`); common person nouns ("mother", "mayor") from
  the shipped `data/en_person_nouns.tsv`;
- determiners: nothing (cluster vote only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from coref_transfer.class_values import GENDERS, NUMBERS, TYPES, Class
from coref_transfer.lang.en.pronouns import PRONOUN_CLASSES
from coref_transfer.lang.en.tags import NOUN_TAGS, PLURAL_TAGS
from coref_transfer.model import NamedEntity, Span

ATTRIBUTES = ("type", "gender", "number")
#: The eight entity classes, in the order every listing uses.
CLASSES: tuple[Class, ...] = tuple((t, g, n) for t in TYPES for g in GENDERS for n in NUMBERS)
SINGULAR_CLASSES: tuple[Class, ...] = tuple(c for c in CLASSES if c[2] == "sing")

#: Words that stand before a PERSON name as a title -> the gender they give it (None: no gender).
#: One table, so that "is it a title?" (`TITLE_WORDS`) and "what gender?" (`TITLE_GENDER`) never
#: disagree. A title is never looked up in the first-name lexicon (gender-guesser answers for
#: "Judge", "General", "Major" as if they were first names), and a single name after a title is a
#: surname ("Judge Smith", "Mrs. Rossi"), so it is not looked up either. Keys are lower case, with
#: and without the abbreviation's period.
# fmt: off
TITLES: dict[str, str | None] = {
    # Forms of address that say the sex of the person addressed (English, and the French, German,
    # Italian and Spanish ones that English text keeps as they are).
    **dict.fromkeys((
        "mr", "mr.", "mister", "master", "sir", "messrs", "messrs.", "monsieur", "herr",
        "signor", "signore", "sig.", "don", "señor", "senor",
    ), "masc"),
    **dict.fromkeys((
        "mrs", "mrs.", "ms", "ms.", "miss", "madam", "madame", "mme", "mme.", "mlle", "mlle.",
        "frau", "fräulein", "signora", "sig.ra", "signorina", "donna", "doña", "señora", "senora",
    ), "fem"),
    # Nobility and monarchy: each rank has a masculine and a feminine word.
    **dict.fromkeys((
        "lord", "king", "prince", "duke", "count", "earl", "baron", "marquis", "marquess", "viscount",
        "emperor", "tsar", "czar", "sultan", "sheikh", "emir", "pharaoh",
    ), "masc"),
    **dict.fromkeys((
        "lady", "dame", "queen", "princess", "duchess", "countess", "baroness", "marchioness",
        "viscountess", "empress", "tsarina", "czarina",
    ), "fem"),
    # Religious and family titles, as titles before a name ("Father Brown", "Sister Mary",
    # "Uncle Sam", "Aunt Polly"), and the offices that only men hold (pope, cardinal).
    **dict.fromkeys(("father", "fr.", "brother", "br.", "uncle", "pope", "cardinal"), "masc"),
    **dict.fromkeys(("mother", "sister", "aunt", "auntie"), "fem"),
    # Office words with a gendered form ("Congresswoman Waters"); "chairman" and "alderman" are
    # also said of women, so they are below with the ungendered ones.
    **dict.fromkeys(("congressman", "councilman"), "masc"),
    **dict.fromkeys(("congresswoman", "councilwoman", "alderwoman", "chairwoman"), "fem"),
    # Offices, ranks and professions held by men and women: a title (so not a first name, and what
    # follows alone is a surname) that says nothing about gender.
    **dict.fromkeys((
        "president", "pres.", "vice", "senator", "sen.", "sen", "representative", "rep.", "rep",
        "congressperson", "governor", "gov.", "gov", "mayor", "premier", "prime", "minister",
        "secretary", "chancellor", "ambassador", "speaker", "leader", "councillor", "councilor",
        "commissioner", "judge", "justice", "attorney", "general", "gen.", "gen", "colonel", "col.",
        "col", "captain", "capt.", "capt", "cpt.", "lieutenant", "lt.", "lt", "sergeant", "sgt.",
        "sgt", "corporal", "cpl.", "private", "pvt.", "major", "maj.", "admiral", "adm.",
        "commander", "cmdr.", "commodore", "marshal", "officer", "detective", "det.", "inspector",
        "agent", "chief", "sheriff", "chairman", "alderman", "deputy", "constable", "bishop",
        "archbishop", "reverend", "rev.", "rev", "pastor", "rabbi", "imam", "deacon", "dr.", "dr",
        "doctor", "prof.", "prof", "professor", "dean", "coach", "mx", "mx.", "dott.", "dott", "avv.",
        # Saints, also at the start of surnames and names: "Santa Anna" is a man, "Santa" a
        # female name for gender-guesser, so it is never asked about.
        "saint", "st.", "st", "san", "santo", "santa", "são",
    ), None),
    # Not here on purpose: "sr."/"sr" (Senior, Señor or Sister), "m." (Monsieur or an initial).
}
# fmt: on
#: Titles that give a PERSON name its gender before the first-name lexicon.
TITLE_GENDER: dict[str, str] = {word: gender for word, gender in TITLES.items() if gender}
#: Every title, gendered or not: never a first name.
TITLE_WORDS = frozenset(TITLES)
#: Function words that PTB sometimes tags NNP inside a name ("The/NNP Rock"): never a first name.
# fmt: off
NAME_FUNCTION_WORDS = frozenset((
    "the", "a", "an", "this", "that", "these", "those", "of", "and", "or", "&", "in", "on", "at",
    "to", "for", "by", "with", "from", "my", "your", "his", "her", "its", "our", "their", "dear",
))
# fmt: on

#: Where a class value came from, in the order of precedence for a noun's gender and number.
SOURCES = ("italian", "antecedent", "english", "cluster", "fallback")


@dataclass(frozen=True)
class Evidence:
    """What one source says about a mention's class; None = unknown."""

    type: str | None = None
    gender: str | None = None
    number: str | None = None
    kind: str = "none"
    """`pronoun`, `noun` or `none`: selects the vote weight."""
    guessed: frozenset[str] = frozenset()
    """Attributes whose value is a guess the cluster may overrule: a gender from
    the first-name lexicon ("Andrea" is a woman's name in English, a man's in
    Italian), which yields to a decided cluster vote (where "she" outweighs it)."""

    def get(self, attribute: str) -> str | None:
        return getattr(self, attribute)


@dataclass(frozen=True)
class MentionClass:
    """A mention's estimated class and where each value came from."""

    type: str
    gender: str
    number: str
    sources: tuple[str, str, str]
    """Per attribute: `italian`, `antecedent`, `english`, `cluster` or `fallback` (`SOURCES`)."""
    etype: str | None = None
    """The chain's CorefUD entity type (`entity_types.chain_etype`), set by select on every mention of
    the chain and carried as it is to the exports; None before select decides it. Not an attribute of
    the estimate: the classes above never read it."""


@lru_cache(maxsize=1)
def person_nouns() -> dict[str, str | None]:
    """The shipped lexicon of person nouns: word -> implied gender or None."""
    text = resources.files("coref_transfer").joinpath("data/en_person_nouns.tsv").read_text(encoding="utf-8")
    out: dict[str, str | None] = {}
    for line in text.splitlines()[1:]:
        if not line or line.startswith(("#", "word\t")):
            continue
        word, gender = line.split("\t")
        out[word] = None if gender == "-" else gender
    return out


@lru_cache(maxsize=1)
def _name_detector() -> Any:
    import gender_guesser.detector as gender_detector

    return gender_detector.Detector(case_sensitive=False)


def first_name_gender(name: str, country: str | None = None, strict: bool = False) -> str | None:
    """Gender of a first name by gender-guesser's lexicon (None if unknown or androgynous).

    `country` asks about the name's use there (gender-guesser's country names: "italy" makes
    Andrea and Nicola male); `strict` takes only "male"/"female", not "mostly_…".
    """
    answer = _name_detector().get_gender(name, country) if country else _name_detector().get_gender(name)
    if answer in ("male",) or (answer == "mostly_male" and not strict):
        return "masc"
    if answer in ("female",) or (answer == "mostly_female" and not strict):
        return "fem"
    return None


def _title_run_start(tokens: Sequence[str], lo: int, stop: int) -> int:
    """Start of the run of title words that ends just before `stop` (no earlier than `lo`)."""
    i = stop
    while i > lo and tokens[i - 1].lower() in TITLE_WORDS:
        i -= 1
    return i


def _looks_like_first_name(token: str) -> bool:
    """A capitalised word of two letters or more: not an initial ("J."), not a number or symbol."""
    letters = token.replace("-", "").replace("'", "")
    return token[:1].isupper() and len(letters) > 1 and letters.isalpha()


def person_name_gender(
    tokens: Sequence[str],
    use_lexicon: bool,
    pos: Sequence[str] | None = None,
    before: Sequence[str] = (),
) -> str | None:
    """Gender of a PERSON name: a gendered title first, then the first given name.

    Args:
        tokens: the name, i.e. the PERSON entity's tokens (inside the mention).
        use_lexicon: whether the first-name lexicon may be asked at all.
        pos: the PTB tags of `tokens`; without them the lexicon is never asked
            (only an NNP may be a given name).
        before: the mention's tokens before the entity ("the", "Mr."): only the
            titles right before the name count, and never through the lexicon.

    Only the entity's first given name is looked up: the first capitalised NNP
    after any leading titles, determiners and modifiers ("President Maria
    Rossi" asks about "Maria", "John Maria Smith" about "John"). A name of a
    single NNP after a title is a surname ("Judge Smith") and is not asked
    about; a single NNP alone ("Maria said") may be a given name and is.
    """
    gender: str | None = None
    titled = False
    for word in before[_title_run_start(before, 0, len(before)) :]:
        titled = True
        gender = TITLE_GENDER.get(word.lower(), gender)  # the nearest to the name decides
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word in TITLE_WORDS:
            titled = True
            gender = TITLE_GENDER.get(word, gender)
        elif pos is not None and pos[i] == "NNP" and word not in NAME_FUNCTION_WORDS:
            break  # the first name-like token
        i += 1
    if gender or not use_lexicon or pos is None:
        return gender
    names = 0
    while i + names < len(tokens) and pos[i + names] == "NNP":
        names += 1
    if names == 0 or (titled and names == 1) or not _looks_like_first_name(tokens[i]):
        return None
    return first_name_gender(tokens[i])


def entity_at(entities: Sequence[NamedEntity], root: int) -> NamedEntity | None:
    """The named entity a mention's root lies in (the first, in the input's order), if any.

    The one match of names to mentions: a mention is a PERSON, an ORG, ... when its root (head
    word) is inside that entity, whatever else the mention holds ("[the [IBM] board]" is not ORG,
    its root "board" is outside; "[IBM 's chairman]" neither).
    """
    return next((e for e in entities if e.span.start <= root <= e.span.end), None)


def root_evidence(
    tokens: Sequence[str],
    pos: Sequence[str],
    span: Span,
    root: int,
    coordinated: bool,
    entities: Sequence[NamedEntity],
    use_name_lexicon: bool = True,
) -> Evidence:
    """Step 1: what the mention's own root tells about its class."""
    word, tag = tokens[root].lower(), pos[root]
    if tag in ("PRP", "PRP$") and word in PRONOUN_CLASSES:
        type_, gender, number = PRONOUN_CLASSES[word]
        return Evidence(type_, gender, number, "pronoun")
    if tag not in NOUN_TAGS:
        return Evidence()
    number = "plur" if coordinated or tag in PLURAL_TAGS else "sing"
    entity = entity_at(entities, root)
    if coordinated:
        if entity is not None:
            type_: str | None = "person" if entity.label == "PERSON" else "thing"
        else:
            type_ = "person" if word in person_nouns() else None
        return Evidence(type_, coordination_gender(tokens, pos, span, entities, use_name_lexicon), number, "noun")
    if entity is not None and entity.label == "PERSON":
        start, end = max(entity.span.start, span.start), min(entity.span.end, span.end)
        # A title just before the entity ("Mr. Rossi" with only "Rossi" tagged) counts too, but the
        # words before the entity never go to the first-name lexicon ("The" is a female name there).
        before = tokens[span.start : entity.span.start] if entity.span.start > span.start else []
        gender = person_name_gender(tokens[start : end + 1], use_name_lexicon, pos[start : end + 1], before)
        titled = person_name_gender(tokens[start : end + 1], False, pos[start : end + 1], before)
        guessed = frozenset(("gender",)) if gender is not None and titled is None else frozenset()
        return Evidence("person", gender, number, "noun", guessed)
    if entity is not None:
        return Evidence("thing", None, number, "noun")
    nouns = person_nouns()
    if word in nouns:
        return Evidence("person", None if coordinated else nouns[word], number, "noun")
    if tag in ("NNP", "NNPS") and not coordinated:
        gender = person_name_gender([tokens[root]], False, [tag])  # a bare title ("the Queen")
        if gender:
            return Evidence("person", gender, number, "noun")
    return Evidence(None, None, number, "noun")


def coordination_gender(
    tokens: Sequence[str], pos: Sequence[str], span: Span, entities: Sequence[NamedEntity], use_name_lexicon: bool
) -> str | None:
    """Gender of a coordination of persons, as Italian agreement needs it.

    Italian plural agreement is feminine only when every member is feminine
    ("Maria e Laura sono arrivate") and masculine as soon as one is masculine
    ("Maria e Paolo sono arrivati"). The members are the PERSON entities and
    the gendered person nouns inside the span; if any member's gender is
    unknown and none is masculine, the gender is left to the cluster vote.
    """
    genders: list[str | None] = []
    titles_used: set[int] = set()
    for e in entities:
        if e.label == "PERSON" and span.start <= e.span.start and e.span.end <= span.end:
            # One entity may hold several members ("Maria and John"): one name per member.
            cuts = [i for i in range(e.span.start, e.span.end + 1) if pos[i] == "CC" or tokens[i] == ","]
            for start, end in zip([e.span.start] + [c + 1 for c in cuts], [*cuts, e.span.end + 1]):
                if start >= end:
                    continue
                run = _title_run_start(tokens, span.start, start)
                before = tokens[run:start]
                genders.append(person_name_gender(tokens[start:end], use_name_lexicon, pos[start:end], before))
            titles_used.update(range(_title_run_start(tokens, span.start, e.span.start), e.span.end + 1))
    # A gendered title that is a member by itself: "Mr." in "Mr. and Mrs. Smith".
    for i in range(span.start, span.end + 1):
        if i not in titles_used and pos[i] == "NNP" and tokens[i].lower() in TITLE_GENDER:
            genders.append(TITLE_GENDER[tokens[i].lower()])
    nouns = person_nouns()
    for i in range(span.start, span.end + 1):
        if pos[i] in ("NN", "NNS") and tokens[i].lower() in nouns:
            genders.append(nouns[tokens[i].lower()])
    if "masc" in genders:
        return "masc"
    if genders and all(g == "fem" for g in genders):
        return "fem"
    return None


def cluster_vote(
    evidence: Sequence[Evidence], weights: Mapping[str, float], fallback: Mapping[str, str]
) -> dict[str, tuple[str, str]]:
    """Step 3: per attribute, the weighted majority over the cluster.

    Returns attribute -> (value, source) with source `cluster`, or `fallback`
    when no mention says anything or the top values tie.
    """
    out: dict[str, tuple[str, str]] = {}
    for attribute in ATTRIBUTES:
        totals: dict[str, float] = {}
        for ev in evidence:
            value = ev.get(attribute)
            if value is not None:
                totals[value] = totals.get(value, 0.0) + weights.get(ev.kind, 0.0)
        if not totals:
            out[attribute] = (fallback[attribute], "fallback")
            continue
        best = max(totals.values())
        winners = sorted(v for v, w in totals.items() if w == best)
        if len(winners) == 1:
            out[attribute] = (winners[0], "cluster")
        else:
            out[attribute] = (fallback[attribute] if fallback[attribute] in winners else winners[0], "fallback")
    return out


def etype_evidence(ev: Evidence, etype: str | None) -> Evidence:
    """A mention's root evidence with the type its CorefUD entity type gives, which comes first.

    CorefUD's `person` is our `person`; every other entity type (place,
    organization, animal, object, abstract, ...) is a `thing`. Without one
    (CoNLL-2012 input, or an entity with no type) the evidence is as it was.
    """
    if not etype:
        return ev
    return replace(ev, type="person" if etype == "person" else "thing")


def estimate_classes(
    own: Sequence[Evidence],
    italian: Sequence[Evidence | None] | None,
    config: Mapping[str, Any],
) -> tuple[MentionClass, list[MentionClass]]:
    """Class of a cluster and of each of its mentions (steps 1 to 4).

    Args:
        own: English root evidence per mention (step 1).
        italian: evidence from each mention's Italian translation (step 2), or
            None (select, before translation). Its gender and number come
            before the English ones unless the mention is a pronoun (module
            docstring); its type only fills an unknown English type.
        config: the `classes` section of the configuration.
    Returns:
        (cluster class, per-mention classes in the order of `own`).
    """
    weights = {"pronoun": config["pronoun_weight"], "noun": config["noun_weight"], "none": 0.0}
    italian = italian or [None] * len(own)
    combined = []
    for ev, it in zip(own, italian):
        values: dict[str, str | None] = {}
        sources: list[str] = []
        for attribute in ATTRIBUTES:
            english, translated = ev.get(attribute), None if it is None else it.get(attribute)
            italian_first = attribute != "type" and ev.kind != "pronoun"
            if translated is not None and (italian_first or english is None):
                values[attribute], source = translated, "italian"
            else:
                values[attribute], source = english, "english"
            sources.append(source)
        kind = ev.kind if ev.kind != "none" or it is None else it.kind
        guessed = frozenset(a for a, source in zip(ATTRIBUTES, sources) if source == "english" and a in ev.guessed)
        combined.append((Evidence(values["type"], values["gender"], values["number"], kind, guessed), tuple(sources)))
    vote = cluster_vote([ev for ev, _ in combined], weights, config["fallback"])
    cluster = MentionClass(*(vote[a][0] for a in ATTRIBUTES), tuple(vote[a][1] for a in ATTRIBUTES))  # type: ignore[arg-type]
    mentions = []
    for ev, sources in combined:
        values_out, where = [], []
        for attribute, source in zip(ATTRIBUTES, sources):
            value = ev.get(attribute)
            overruled = attribute in ev.guessed and vote[attribute][1] == "cluster" and vote[attribute][0] != value
            if value is None or overruled:
                value, source = vote[attribute]
            values_out.append(value)
            where.append(source)
        mentions.append(MentionClass(values_out[0], values_out[1], values_out[2], tuple(where)))  # type: ignore[arg-type]
    return cluster, antecedent_agreement(own, mentions)


def antecedent_agreement(own: Sequence[Evidence], mentions: Sequence[MentionClass]) -> list[MentionClass]:
    """Pronoun mentions take the gender of their antecedent's Italian noun, not the referent's.

    Italian agreement is grammatical: a storm English calls "she" is "il tornado", and what refers
    back to it is "esso", "lo", "è forte"; "they" for "the people" is "le persone", and "sono
    stanche". So a pronoun mention (in `own`, in document order) takes the gender of the nearest
    mention before it (else after it) whose gender came from its Italian (`italian`), with the
    source `antecedent` (even where the value was the same: the predicate rules trust it):
    - a thing: always;
    - a person: only when the English pronoun gives no gender (they, them, their) and the numbers
      match: "he" for "la persona" or "la vittima" stays masculine, as Italian does with a pronoun
      referring to a man.
    The number stays the English pronoun's: the nearest antecedent's Italian number is often not
    the pronoun's ("Drop one to two seeds into each container. Cover them" : "ogni contenitore",
    singular, and "them", the seeds). Mentions whose values came from their own words (every noun)
    and pronouns with no Italian antecedent are unchanged. Select passes no Italian evidence.
    """
    nouns = [k for k, (ev, m) in enumerate(zip(own, mentions)) if ev.kind != "pronoun" and m.sources[1] == "italian"]
    if not nouns:
        return list(mentions)
    out = list(mentions)
    for k, (ev, m) in enumerate(zip(own, mentions)):
        if ev.kind != "pronoun":
            continue
        before = [j for j in nouns if j < k]
        a = mentions[before[-1] if before else next(j for j in nouns if j > k)]
        sources = m.sources
        if (m.type == "thing" and a.type == "thing") or (
            m.type == "person" and ev.gender is None and a.number == m.number
        ):
            out[k] = replace(m, gender=a.gender, sources=(sources[0], "antecedent", sources[2]))
    return out
