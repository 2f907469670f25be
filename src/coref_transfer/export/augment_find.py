"""Which names a document part has, for `export.augment`: rules 1, 2, 3 (where the names stand) and 5.

The person (or city) entities a part names (`find_entities`), the parts of each name (`name_parts`), every
place where a name's words stand as a name in the part and which entities are skipped and why (`plan_part`:
the `PartPlan` every copy of the part shares). The rules are in `export.augment`'s docstring; the new names
are drawn by `export.augment_draw` and written in by `export.augment_rewrite`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from coref_transfer.classes import first_name_gender
from coref_transfer.export.rows import DocumentPart, head_token
from coref_transfer.lang.it.address import KINSHIP_TITLES, TITLES
from coref_transfer.lang.it.detokenize import APOSTROPHES
from coref_transfer.lang.it.names import CITY_NAMES, COMPOUND_FIRST_NAMES, SURNAME_PARTICLES, listed_gender
from coref_transfer.lang.it.places import is_city
from coref_transfer.model import Span
from coref_transfer.records import RefinedMention, RefinedUtterance

SKIP_REASONS = ("plural", "gender_unclear", "gender_disagrees", "complex_name", "name_boundary", "no_name_left")
"""Why a named entity keeps its name (rule 5)."""
NAMING_RELATIONS = frozenset({"flat", "flat:name", "appos", "nmod"})
"""Rule 1: how a name that is not the mention's head hangs on it."""
FIRST, SURNAME, CITY = "first", "surname", "city"


@dataclass(frozen=True, order=True)
class Key:
    """One name to swap (rule 3): its kind (first, surname, city), words and, for a first name, gender."""

    kind: str
    words: tuple[str, ...]
    gender: str = ""


@dataclass(frozen=True)
class Place:
    """Where a name stands: row index in the part, first word, words (end exclusive)."""

    row: int
    start: int
    end: int


@dataclass
class Entity:
    """A named chain of a part and the names it was found with (rule 1)."""

    cluster_id: int
    kind: str
    keys: set[Key] = field(default_factory=set)
    places: set[Place] = field(default_factory=set)
    skip: str | None = None


def _name_like(word: str) -> bool:
    """A capitalised word of letters (an apostrophe or hyphen inside allowed): "Rossi", "O'Brien", not "J.", "Jr."."""
    letters = word.replace("-", "").replace("'", "").replace("’", "")
    return word[:1].isupper() and len(letters) > 1 and letters.isalpha()


def _naming_run(row: RefinedUtterance, span: Span) -> tuple[int, int] | None:
    """Rule 1: the PROPN run (start, end exclusive) that names the mention's entity, if any."""
    head = head_token(row, span)
    i = span.start
    while i <= span.end:
        if row.upos[i] != "PROPN":
            i += 1
            continue
        j = i
        while j <= span.end and row.upos[j] == "PROPN":
            j += 1
        names_it = i <= head < j or (
            row.heads[i] == head and row.deprels[i] in NAMING_RELATIONS
            and not any(row.heads[k] in range(i, j) and row.deprels[k] == "case" for k in range(len(row.tokens)))
        )  # fmt: skip
        if names_it:
            while j > i and not _name_like(row.tokens[j - 1]):
                j -= 1  # "Jr.", "III"
            return (i, j) if j > i else None
        i = j
    return None


def known_first_name(word: str) -> str | None:
    """The gender a word has as a first name (the lists first, then gender-guesser), None if not known as one."""
    return listed_gender(word) or first_name_gender(word)


NAME_LINKS = frozenset("de di da del della dei van von der den du des la le y bin ibn al el dos das do".split())
"""Lower-case words that link the parts of one name ("Ludwig van Beethoven", "Charles de Gaulle")."""
_ROMAN = re.compile(r"^[IVXLC]+$")


def _complex(row: RefinedUtterance, start: int, end: int) -> bool:
    """Rule 2's limit: a name augment does not take apart, linked by a lower-case particle ("van", "de") or
    with a regnal number ("Giovanni Paolo II", "Enrico VIII")."""
    tokens = row.tokens
    linked_before = start >= 2 and tokens[start - 1] in NAME_LINKS and tokens[start - 2][:1].isupper()
    linked_after = end + 1 < len(tokens) and tokens[end] in NAME_LINKS and tokens[end + 1][:1].isupper()
    linked_inside = any(t in NAME_LINKS for t in tokens[start:end])  # "van" tagged PROPN with the name
    regnal = any(_ROMAN.match(t) for t in tokens[start : end + 1])  # the number may be tagged NUM or ADJ
    return linked_before or linked_after or linked_inside or regnal


def name_parts(row: RefinedUtterance, start: int, end: int) -> list[tuple[str, int, int]] | None:
    """Rule 2: the (kind, start, end exclusive) of the first name and surname in the run start..end;
    None for a name it does not take apart (`_complex`)."""
    if _complex(row, start, end):
        return None
    title = row.tokens[start - 1].lower() if start > 0 else ""
    while start < end and row.tokens[start].lower() in TITLES | KINSHIP_TITLES:
        title = row.tokens[start].lower()  # "Nonna Anna", "Signora Rossi" tagged as one name
        start += 1
    words = row.tokens[start:end]
    if not words:
        return []
    if len(words) == 1:
        if not _name_like(words[0]):
            return []
        if title in KINSHIP_TITLES:
            return [(FIRST, start, end)]  # "zia Carla"
        if title in TITLES or known_first_name(words[0]) is None:
            return [(SURNAME, start, end)]  # "il signor Rossi", "Rossi ha detto"
        return [(FIRST, start, end)]
    particle = words[-2] in SURNAME_PARTICLES or words[-2].endswith(APOSTROPHES)  # "De Luca", "Dell' Utri"
    surname = 2 if particle else 1
    parts = [(SURNAME, end - surname, end)]
    rest = end - surname - start
    if title in TITLES and known_first_name(words[0]) is None:
        return [(SURNAME, start, end)]  # "la senatrice Alberti Casellati": a surname of two words
    if rest > 0 and _name_like(words[0]):
        first = 2 if rest >= 2 and " ".join(words[:2]) in COMPOUND_FIRST_NAMES else 1
        parts.insert(0, (FIRST, start, start + first))
    return parts


def find_entities(part: DocumentPart, types: Sequence[str]) -> list[Entity]:
    """Rules 1, 2 and 5's class checks: the part's named chains of the requested types, in chain order."""
    found: dict[int, Entity] = {}
    naming: dict[int, list[RefinedMention]] = {}
    for r, row in enumerate(part.rows):
        for m in row.mentions:
            if m.zero is not None:
                continue
            run = _naming_run(row, m.span)
            if run is None:
                continue
            start, end = run
            complex_name = False
            if m.cls.type == "person" and "person" in types:
                kind = "person"
                found_parts = name_parts(row, start, end)
                complex_name = found_parts is None
                parts = found_parts or []
            elif m.cls.type == "thing" and "place" in types and end - start == 1 and is_city(row.tokens[start]):
                kind = "place"
                parts = [(CITY, start, end)] if row.tokens[start] in CITY_NAMES else []
            else:
                continue
            entity = found.setdefault(m.cluster_id, Entity(m.cluster_id, kind))
            if complex_name:
                entity.skip = entity.skip or "complex_name"
            if entity.kind != kind:
                entity.skip = entity.skip or "gender_unclear"  # a chain named as a person and as a place
            naming.setdefault(m.cluster_id, []).append(m)
            for name_kind, s, e in parts:
                entity.keys.add(Key(name_kind, tuple(row.tokens[s:e])))
                entity.places.add(Place(r, s, e))
    out = []
    for cluster_id in sorted(found):
        entity = found[cluster_id]
        mentions = naming[cluster_id]
        if entity.kind == "person" and entity.skip is None:
            genders = {m.cls.gender for m in mentions}
            if any(m.cls.number == "plur" for m in mentions):
                entity.skip = "plural"
            elif len(genders) != 1 or next(iter(genders)) not in ("fem", "masc"):
                entity.skip = "gender_unclear"
            else:
                gender = next(iter(genders))
                keys = set()
                for key in entity.keys:
                    if key.kind == FIRST:
                        own = known_first_name(" ".join(key.words)) or known_first_name(key.words[0])
                        if own is not None and own != gender:
                            entity.skip = "gender_disagrees"
                        key = Key(FIRST, key.words, gender)
                    keys.add(key)
                entity.keys = keys
        if entity.keys or entity.skip:
            out.append(entity)
    return out


def _occurrences(part: DocumentPart, keys: Iterable[Key], known: set[Place]) -> dict[Key, set[Place]]:
    """Rule 3: every place of the part where a key's words stand as a proper noun (besides `known`)."""
    by_words: dict[tuple[str, ...], list[Key]] = {}
    for key in keys:
        by_words.setdefault(key.words, []).append(key)
    out: dict[Key, set[Place]] = {}
    taken = {(p.row, i) for p in known for i in range(p.start, p.end)}
    for words, same in sorted(by_words.items(), key=lambda kv: -len(kv[0])):
        if len(same) != 1:
            continue  # one first name of two genders: only its known places are swapped
        n = len(words)
        for r, row in enumerate(part.rows):
            for i in range(len(row.tokens) - n + 1):
                if (
                    tuple(row.tokens[i : i + n]) == words
                    and _stands_as_name(row, i)
                    and not any((r, k) in taken for k in range(i, i + n))
                ):
                    out.setdefault(same[0], set()).add(Place(r, i, i + n))
                    taken.update((r, k) for k in range(i, i + n))
    return out


NAME_TAGS = frozenset({"PROPN", "NOUN", "ADJ", "X", "INTJ"})
"""Rule 3: tags a parser gives a name it does not know ("Susan, che cosa vogliono?" is NOUN)."""


def _stands_as_name(row: RefinedUtterance, i: int) -> bool:
    """Rule 3: the name's words at `i` are the name: a proper noun, or a noun-like word inside a mention or
    not first in the sentence (a sentence-initial "Costa" may be the verb; the key's case must match)."""
    if row.upos[i] == "PROPN":
        return True
    if row.upos[i] not in NAME_TAGS:
        return False
    return i > 0 or any(m.span.start <= i <= m.span.end for m in row.mentions if m.zero is None)


def _crossed(part: DocumentPart, place: Place) -> bool:
    """Rule 5: a mention of the row starts or ends strictly inside the name's words."""
    row = part.rows[place.row]
    return any(
        place.start < m.span.start < place.end or place.start <= m.span.end < place.end - 1 for m in row.mentions
    )


@dataclass
class PartPlan:
    """What augmenting one part swaps: each key's places, the entities and why some were skipped."""

    places: dict[Key, set[Place]]
    entities: list[Entity]
    skipped: Counter[str]


def plan_part(part: DocumentPart, types: Sequence[str]) -> PartPlan:
    """Rules 1-3 and 5 for one part (the same for every copy)."""
    entities = find_entities(part, types)
    skipped: Counter[str] = Counter()
    places: dict[Key, set[Place]] = {}
    for entity in entities:
        if entity.skip is None:
            for key in entity.keys:
                places.setdefault(key, set())
            for place in entity.places:
                words = tuple(part.rows[place.row].tokens[place.start : place.end])
                for key in entity.keys:
                    if key.words == words:
                        places[key].add(place)
    known = {p for ps in places.values() for p in ps}
    for key, extra in _occurrences(part, places, known).items():
        places[key] |= extra
    crossed = {key for key, ps in places.items() if any(_crossed(part, p) for p in ps)}
    words_at: dict[tuple[int, int], set[Key]] = {}
    for key, ps in places.items():
        for p in ps:
            for i in range(p.start, p.end):
                words_at.setdefault((p.row, i), set()).add(key)
    crossed |= {key for keys in words_at.values() if len(keys) > 1 for key in keys}  # "Luca" in "De Luca"
    for entity in entities:
        if entity.skip is None and entity.keys and entity.keys <= crossed:
            entity.skip = "name_boundary"
    for key in crossed:
        del places[key]
    for entity in entities:
        if entity.skip is not None:
            skipped[entity.skip] += 1
    return PartPlan(places, entities, skipped)
