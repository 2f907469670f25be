"""`augment`: more training documents from the same dataset, in which people (and optionally cities) have other names.

Each copy of a document part gives every person entity that is named in it
another first name of the same gender and another surname, the same ones in
every mention of the part, so a model trained on the copies cannot learn
names instead of coreference (as in the related work's consistent
named-entity substitution). The copies are written in the dataset's formats
(`coref_transfer.export.export.FORMATS`: jsonlines with heads, CorefUD,
CoNLL-2012) from δ rows, so their trees, heads, classes and zero mentions
are the dataset's own.

Rules, per document part (the unit of chain ids):

1. **Entities.** A chain is a person entity when every mention that names
   it has class type `person` (`types` may add `place`: a `thing` chain
   named by a city of `lang.it.names.CITY_NAMES`' kind, one word of
   `places.CITIES`). A mention names its entity with its run of PROPN words
   that holds the mention's head, or that hangs on the head as `flat`,
   `flat:name`, `appos` or `nmod` without a preposition ("il signor
   Rossi", "sua sorella Elena", not "la sorella di Marco"). Trailing words
   that are not name-like ("Jr.") are not part of the name, nor leading
   titles the parser took for names ("Nonna Anna", "Signora Rossi").
2. **Parts of a name.** The surname is the run's last word, or its last two
   when the first of them is a particle (`De Luca`, `SURNAME_PARTICLES`)
   or ends in an apostrophe (`Dell' Utri`); the first name
   is the word before the rest (two words when they are a
   compound first name of the lists: `Maria Grazia`); words between them
   (initials, middle names) stay. A single word is a surname after a title
   ("il signor Rossi", `lang.it.address.TITLES`) or when it is not known as
   a first name (the lists, gender-guesser's lexicon); else, and always
   after a kinship title ("zia Carla"), a first name. After a title, words
   whose first is not known as a first name are one surname ("la senatrice
   Alberti Casellati").
3. **Consistency.** A first name is swapped by (words, gender), a surname by
   its words, in every place of the part where those words stand as a
   name, inside a mention of the entity or not ("la sorella di Marco"):
   tagged PROPN, or a noun-like tag the parser gives an unknown name
   (`NAME_TAGS`) inside a mention or after the sentence's first word; and
   in the speaker names (`Host_Giulia_Ferri`): the part reads
   as one story about other people. Two people who share a surname keep
   sharing one.
4. **The new names** come from `lang.it.names` (written for the project),
   drawn per part and copy with a generator seeded by (seed, document key,
   copy): the same seed gives byte-identical files, and a part's copies do
   not depend on the other parts. A name is never one whose words appear
   in the part (its tokens or speakers) or one already given in the copy.
   Where the word before the name takes its form from the name's sound,
   the new name keeps that word right (`_fits`): a vowel after an elided
   word ("l'Elena" → "l'Emma"), no vowel that would change e/ed, a/ad
   ("ad Anna" → "ad Alice", "a Henry" → "a Marco", never "a Alice"), the
   same onset class after an article, an articulated preposition or
   quel/san/buon... (`ONSET_WORDS`); elsewhere any name of the list will do
   ("Helen" → "Chiara").
5. **Skipped, with a named reason** (`SKIP_REASONS`, counted per entity): a
   plural entity (`plural`: "i Rossi" names a family, not a person); no
   single gender among the naming mentions (`gender_unclear`); a first name
   whose own gender (the lists, gender-guesser) is not the entity's
   (`gender_disagrees`: agreement in the text follows the entity, a new name
   must too); a name it does not take apart, linked by a lower-case
   particle ("Ludwig van Beethoven") or with a regnal number ("Giovanni
   Paolo II") (`complex_name`); a mention boundary inside a name, or two names on one word
   ("Luca" named alone and inside "De Luca"), for every name of the entity
   (`name_boundary`; its other names are swapped); no name
   of the lists left (`no_name_left`). A part without a swappable entity is
   not copied (a copy would repeat it word for word) and is counted.
6. **Offsets.** A name of another length shifts every later word, mention
   and head: mentions keep their words; the first words of a name keep
   their annotation (the new words get the lemma of their form), a word
   added attaches as `flat:name` where UD Italian puts it (the name's first
   word); the dependents of a word removed go to the name's first word.
   The text keeps its spacing (`rows.space_after`).
7. A copy's document id is the original's with `_aug<K>` (K = 1..copies),
   so copies and originals can train together (their `doc_key`s differ)
   and the genre (the key's first two letters) is the original's.
"""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from coref_transfer.classes import first_name_gender
from coref_transfer.config import load_config, stage_config
from coref_transfer.errors import ConfigError
from coref_transfer.export.export import resolve_formats, write_dataset
from coref_transfer.export.rows import DocumentPart, group_rows, head_token, load_delta, space_after
from coref_transfer.lang.it.address import KINSHIP_TITLES, TITLES
from coref_transfer.lang.it.articles import article_kind, onset, plain_form, split_articulated, starts_with_vowel
from coref_transfer.lang.it.detokenize import APOSTROPHES, detokenize
from coref_transfer.lang.it.euphony import EUPHONIC, PLAIN, euphonic_form
from coref_transfer.lang.it.names import (
    CITY_NAMES,
    COMPOUND_FIRST_NAMES,
    SURNAME_PARTICLES,
    SURNAMES,
    first_names,
    listed_gender,
)
from coref_transfer.lang.it.places import is_city
from coref_transfer.model import Span
from coref_transfer.records import RefinedMention, RefinedUtterance

log = logging.getLogger(__name__)

TYPES = ("person", "place")
"""Entity types `augment` can rename (rule 1)."""
SKIP_REASONS = ("plural", "gender_unclear", "gender_disagrees", "complex_name", "name_boundary", "no_name_left")
"""Why a named entity keeps its name (rule 5)."""
FORMAT_NAMES = ("conll2012", "corefud", "jsonlines")
"""The formats a copy is written in: the JSON export's before/after record has no sense for a copy."""
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


ONSET_WORDS = frozenset(
    "quel quello quella quei quegli bel bello bei begli san santo santa buon buono gran grande nessun nessuno"
    " alcun alcuno ciascun ciascuno".split()
)
"""Words besides articles, articulated prepositions, e/a/o and elided words whose form depends on how the
next word starts (quel/quello/quell', san/santo/sant')."""


def _fits(before: str, old: str, new: str) -> bool:
    """Rule 4: `before`, the word in front of a name, stays right when the name `old` becomes `new`.

    An elided word ("l'", "d'", "dell'") wants a vowel; e/ed, a/ad, o/od must not want another form before
    the new name (`euphony.euphonic_form`: "a Marco" → "a Alice" would want "ad"); an article, an articulated
    preposition or a word of `ONSET_WORDS` wants the same onset class (`articles.onset`: consonant, vowel,
    s impura). Any other word takes any name.
    """
    word = plain_form(before)
    if before.endswith(APOSTROPHES):
        return starts_with_vowel(new)
    if word in EUPHONIC or word in PLAIN or word == "o":
        return euphonic_form(before, new) in (None, before)
    if word in ONSET_WORDS or article_kind(before) is not None or split_articulated(before) is not None:
        return onset(new) == onset(old)
    return True


def _candidates(key: Key) -> tuple[str, ...]:
    if key.kind == FIRST:
        return first_names(key.gender)
    return SURNAMES if key.kind == SURNAME else CITY_NAMES


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
                if tuple(row.tokens[i : i + n]) == words and _stands_as_name(row, i) and not any(
                    (r, k) in taken for k in range(i, i + n)
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


def choose_names(part: DocumentPart, plan: PartPlan, rng: random.Random) -> dict[Key, tuple[str, ...]]:
    """Rule 4: a new name for each key, in the order the keys first appear; a key with none left is absent."""
    present = {w for row in part.rows for w in row.tokens}
    present |= {w for row in part.rows for w in row.speaker.replace("_", " ").split()}
    chosen: dict[Key, tuple[str, ...]] = {}
    order = sorted(plan.places, key=lambda k: (min((p.row, p.start) for p in plan.places[k]), k))
    for key in order:
        used = set(chosen.values())
        before = {part.rows[p.row].tokens[p.start - 1] for p in plan.places[key] if p.start > 0}
        pool = [
            tuple(name.split())
            for name in _candidates(key)
            if all(_fits(word, key.words[0], name) for word in before) and not set(name.split()) & present
            and tuple(name.split()) not in used
        ]  # fmt: skip
        if pool:
            chosen[key] = rng.choice(pool)
    return chosen


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    words: tuple[str, ...]


def _rebuild(row: RefinedUtterance, edits: Sequence[_Edit]) -> RefinedUtterance:
    """Rule 6: the row with the edits' words in place of theirs, offsets, heads and text carried over."""
    n = len(row.tokens)
    new_index: list[int | None] = [None] * n
    tokens: list[str] = []
    lemmas, upos, xpos, feats, deprels = [], [], [], [], []
    old_heads: list[int | tuple[str, int]] = []  # an old index, or ("new", index) for an added word's head
    spaced_old = space_after(row.tokens, row.text)
    spaced: list[bool] = []
    by_start = {e.start: e for e in edits}
    i = 0
    while i < n:
        edit = by_start.get(i)
        if edit is None:
            new_index[i] = len(tokens)
            tokens.append(row.tokens[i])
            lemmas.append(row.lemmas[i])
            upos.append(row.upos[i])
            xpos.append(row.xpos[i])
            feats.append(row.feats[i])
            deprels.append(row.deprels[i])
            old_heads.append(row.heads[i])
            spaced.append(spaced_old[i] if spaced_old else True)
            i += 1
            continue
        first = len(tokens)
        anchor_old = edit.start
        flat_first = row.deprels[edit.start].startswith("flat")
        for k, word in enumerate(edit.words):
            old = edit.start + k if edit.start + k < edit.end else None
            if old is not None:
                new_index[old] = len(tokens)
                source = old
                deprels.append(row.deprels[old])
                old_heads.append(row.heads[old])
            else:
                source = edit.start
                deprels.append("flat:name")
                old_heads.append(row.heads[anchor_old] if flat_first else ("new", first))
            tokens.append(word)
            lemmas.append(word)
            upos.append("PROPN")
            xpos.append(row.xpos[source])
            feats.append(row.feats[source])
            spaced.append(True)
        if spaced_old:
            spaced[-1] = spaced_old[edit.end - 1]
        for old in range(edit.start + len(edit.words), edit.end):
            new_index[old] = None  # removed; its dependents go to the name's first word
        i = edit.end
    removed_to = {old: new_index[e.start] for e in edits for old in range(e.start + len(e.words), e.end)}
    heads: list[int] = []
    for h in old_heads:
        if isinstance(h, tuple):
            heads.append(h[1])
        elif h < 0:
            heads.append(-1)
        else:
            target = new_index[h]
            heads.append(target if target is not None else removed_to[h])  # type: ignore[arg-type]
    ends = {e.end - 1: e for e in edits}
    mentions = []
    for m in row.mentions:
        start = new_index[m.span.start]
        last = m.span.end
        edit = ends.get(last)
        end = new_index[edit.start] + len(edit.words) - 1 if edit is not None else new_index[last]  # type: ignore[operator]
        assert start is not None and end is not None, "rule 5 keeps mention boundaries out of names"
        mentions.append(replace(m, span=Span(start, end)))
    if spaced_old is not None:
        text = "".join(t + (" " if s else "") for t, s in zip(tokens, spaced))
        text = text if spaced_old[-1] else text.rstrip(" ")
    else:
        text = detokenize(tokens)
    return replace(
        row, tokens=tokens, lemmas=lemmas, upos=upos, xpos=xpos, feats=feats, heads=heads, deprels=deprels,
        text=text, mentions=mentions,
    )  # fmt: skip


def _speaker(speaker: str, names: Mapping[tuple[str, ...], tuple[str, ...]]) -> str:
    """Rule 3: the speaker with the swapped names in it (`Host_Giulia_Ferri` → `Host_Emma_Conti`)."""
    pieces = speaker.split("_")
    out: list[str] = []
    i = 0
    while i < len(pieces):
        for words in sorted(names, key=len, reverse=True):
            if tuple(pieces[i : i + len(words)]) == words:
                out.extend(names[words])
                i += len(words)
                break
        else:
            out.append(pieces[i])
            i += 1
    return "_".join(out)


@dataclass
class Copy:
    """One augmented part and what changed in it."""

    part: DocumentPart
    mentions_changed: int
    entities_changed: int
    words_outside_mentions: int
    speakers_changed: int
    skipped: Counter[str]


def copy_part(part: DocumentPart, plan: PartPlan, copy: int, seed: int) -> Copy | None:
    """Copy `copy` (1-based) of a part with new names (rules 3-7); None when no name could be swapped."""
    rng = random.Random(f"{seed}:{part.key}:{copy}")
    return rename(part, plan, choose_names(part, plan, rng), f"_aug{copy}")


def rename(part: DocumentPart, plan: PartPlan, names: Mapping[Key, tuple[str, ...]], suffix: str) -> Copy | None:
    """The part with each key of `names` replaced by its words wherever the plan places it (rules 3, 5-7),
    its document id ending in `suffix`; None when `names` is empty."""
    skipped = Counter(plan.skipped)
    changed_entities = 0
    for entity in plan.entities:
        if entity.skip is None:
            if any(key in names for key in entity.keys):
                changed_entities += 1
            else:
                skipped["no_name_left"] += 1
    if not names:
        return None
    edits: dict[int, list[_Edit]] = {}
    for key, new in names.items():
        for place in plan.places[key]:
            edits.setdefault(place.row, []).append(_Edit(place.start, place.end, new))
    rows, mentions_changed, outside = [], 0, 0
    for r, row in enumerate(part.rows):
        row_edits = sorted(edits.get(r, []), key=lambda e: e.start)
        covered = [(e.start, e.end) for e in row_edits]
        mentions_changed += sum(
            1 for m in row.mentions if any(s <= m.span.end and m.span.start < e for s, e in covered)
        )
        inside = {i for m in row.mentions for i in range(m.span.start, m.span.end + 1)}
        outside += sum(1 for s, e in covered if not set(range(s, e)) & inside)
        rows.append(_rebuild(row, row_edits) if row_edits else row)
    by_words = {key.words: new for key, new in names.items() if key.kind != FIRST or _unique_first(names, key)}
    speakers = 0
    final = []
    for row in rows:
        speaker = _speaker(row.speaker, by_words)
        speakers += speaker != row.speaker
        final.append(replace(row, speaker=speaker, doc_id=row.doc_id + suffix))
    new_part = DocumentPart(part.doc_id + suffix, part.part, tuple(final))
    return Copy(new_part, mentions_changed, changed_entities, outside, speakers, skipped)


def _unique_first(names: Mapping[Key, Any], key: Key) -> bool:
    return sum(1 for k in names if k.kind == FIRST and k.words == key.words) == 1


def _chosen_documents(parts: Sequence[DocumentPart], share: float, seed: int) -> set[str]:
    """The documents to augment: each drawn with probability `share` (seeded by document, so stable)."""
    return {p.doc_id for p in parts if share >= 1.0 or random.Random(f"{seed}:share:{p.doc_id}").random() < share}


def augment_parts(
    parts: Sequence[DocumentPart], copies: int, seed: int, types: Sequence[str] = ("person",), share: float = 1.0
) -> tuple[list[DocumentPart], dict[str, Any]]:
    """The augmented copies of `parts` (copy by copy, each in the parts' order) and their counts.

    Raises:
        ConfigError: copies below 1, share outside (0, 1], or an unknown type.
    """
    check_settings(copies, share, types)
    chosen = _chosen_documents(parts, share, seed)
    out: list[DocumentPart] = []
    totals: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    plans = {p.key: plan_part(p, types) for p in parts if p.doc_id in chosen}
    documents: set[str] = set()
    for copy in range(1, copies + 1):
        for part in parts:
            if part.doc_id not in chosen:
                totals["parts_not_drawn"] += copy == 1
                continue
            result = copy_part(part, plans[part.key], copy, seed)
            if copy == 1:
                skipped.update(result.skipped if result else plans[part.key].skipped)
            if result is None:
                totals["parts_without_names"] += copy == 1
                continue
            out.append(result.part)
            documents.add(part.doc_id)
            totals["parts"] += 1
            totals["mentions_changed"] += result.mentions_changed
            totals["entities_changed"] += result.entities_changed
            totals["names_outside_mentions"] += result.words_outside_mentions
            totals["speakers_changed"] += result.speakers_changed
    counts = {
        "source_parts": len(parts),
        "source_documents": len({p.doc_id for p in parts}),
        "copies": copies,
        "parts_not_drawn": totals["parts_not_drawn"],
        "parts_without_names": totals["parts_without_names"],
        "parts": totals["parts"],
        "documents": len(documents),
        "mentions_changed": totals["mentions_changed"],
        "entities_changed": totals["entities_changed"],
        "names_outside_mentions": totals["names_outside_mentions"],
        "speakers_changed": totals["speakers_changed"],
        "entities_skipped": {reason: skipped[reason] for reason in SKIP_REASONS},
    }
    return out, counts


def check_settings(copies: int, share: float, types: Sequence[str]) -> None:
    """Raises ConfigError naming the setting that is out of range."""
    if copies < 1:
        raise ConfigError(f"augment: copies is {copies}, expected 1 or more")
    if not 0.0 < share <= 1.0:
        raise ConfigError(f"augment: share is {share}, expected a number in (0, 1]")
    unknown = [t for t in types if t not in TYPES]
    if unknown or not types:
        raise ConfigError(f"augment: types {list(types)}; valid types: {', '.join(TYPES)} (at least one)")


def report_line(split: str, counts: Mapping[str, Any]) -> str:
    """The one-line summary the command logs (item 4 of the issue): documents, mentions and entities changed."""
    skipped = counts["entities_skipped"]
    why = ", ".join(f"{reason} {n}" for reason, n in skipped.items() if n) or "none"
    return (
        f"augment {split}: {counts['copies']} copies of {counts['source_parts']} parts wrote {counts['parts']} parts"
        f" ({counts['documents']} of {counts['source_documents']} documents); {counts['mentions_changed']} mentions and"
        f" {counts['entities_changed']} entities changed; {counts['parts_without_names']} parts with no name to swap;"
        f" entities skipped per copy: {why}"
    )


def augment(
    delta_table_path: str | Path,
    out_dir: str | Path,
    *,
    copies: int,
    seed: int,
    types: Sequence[str] = ("person",),
    share: float = 1.0,
    split: str = "train",
    formats: Sequence[str] = FORMAT_NAMES,
    export_settings: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Write the augmented copies of one split of a δ table to `out_dir/{split}.{extension}` and a manifest.

    Args:
        delta_table_path: a δ table (`refine`'s `delta.parquet`): it has the classes and the parse the
            copies need (a jsonlines export has neither).
        out_dir: the output folder, replaced as a whole when every file is written.
        copies, seed, types, share: see `augment_parts` (the config's `augment` section and `seed`).
        split: the split whose parts are copied (train, development, test).
        formats: names from `FORMAT_NAMES`.
        export_settings: the config's `export` section (None: its defaults; where CorefUD puts zero mentions).

    Returns:
        The counts of `augment_parts`, with `split` and the files written.

    Raises:
        ConfigError: a bad setting, a format without sense for a copy, or a split not in the table.
        InputFormatError: the table or one of its rows is malformed.
    """
    check_settings(copies, share, types)
    bad = [f for f in formats if f not in FORMAT_NAMES]
    if bad:
        raise ConfigError(
            f"augment writes {', '.join(FORMAT_NAMES)}, not {', '.join(bad)}: the JSON export records refine's"
            " edits, which a copy with new names does not have"
        )
    chosen = resolve_formats(formats)
    sections = stage_config(load_config(None, {"export": dict(export_settings or {})}), "export")
    splits = group_rows(load_delta(delta_table_path), str(delta_table_path))
    if split not in splits:
        raise ConfigError(f"{delta_table_path} has no {split!r} rows (its splits: {', '.join(splits) or 'none'})")
    parts, counts = augment_parts(splits[split], copies, seed, types, share)
    log.info("%s", report_line(split, counts))
    settings = {"copies": copies, "seed": seed, "types": list(types), "share": share, "split": split}
    manifest_config = {"augment": settings, "formats": [f.name for f in chosen], **sections}
    files = write_dataset(out_dir, {split: parts}, chosen, None, sections["export"], "augment", manifest_config,
                          [delta_table_path], augment=counts)  # fmt: skip
    return {"split": split, **counts, "files": files}
