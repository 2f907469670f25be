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

The code, by concept: `export.augment_find` finds the names of a part and
where they stand (rules 1-3 and 5, `plan_part`), `export.augment_draw`
draws the new names (rule 4, `choose_names`), `export.augment_rewrite`
writes them into the part (rules 3's speakers, 6 and 7, `rename`); this
module makes the copies of a split and writes them (`augment_parts`,
`augment`), and its names are the ones to import.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.config import load_config, stage_config
from coref_transfer.errors import ConfigError
from coref_transfer.export.augment_draw import ONSET_WORDS, choose_names
from coref_transfer.export.augment_find import (
    CITY,
    FIRST,
    NAME_LINKS,
    NAME_TAGS,
    NAMING_RELATIONS,
    SKIP_REASONS,
    SURNAME,
    Entity,
    Key,
    PartPlan,
    Place,
    find_entities,
    known_first_name,
    name_parts,
    plan_part,
)
from coref_transfer.export.augment_rewrite import Copy, rename
from coref_transfer.export.export import resolve_formats, write_dataset
from coref_transfer.export.rows import DocumentPart, count, group_rows, load_delta
from coref_transfer.lang.it.names import CITY_NAMES

__all__ = [
    "CITY", "CITY_NAMES", "FIRST", "FORMAT_NAMES", "NAME_LINKS", "NAME_TAGS", "NAMING_RELATIONS", "ONSET_WORDS",
    "SKIP_REASONS", "SURNAME", "TYPES", "Copy", "Entity", "Key", "PartPlan", "Place", "augment", "augment_parts",
    "check_settings", "choose_names", "copy_part", "find_entities", "known_first_name", "name_parts", "plan_part",
    "rename", "report_line",
]  # fmt: skip

log = logging.getLogger(__name__)

TYPES = ("person", "place")
"""Entity types `augment` can rename (rule 1)."""
FORMAT_NAMES = ("conll2012", "corefud", "jsonlines")
"""The formats a copy is written in: the JSON export's before/after record has no sense for a copy."""


def copy_part(part: DocumentPart, plan: PartPlan, copy: int, seed: int) -> Copy | None:
    """Copy `copy` (1-based) of a part with new names (rules 3-7); None when no name could be swapped."""
    rng = random.Random(f"{seed}:{part.key}:{copy}")
    return rename(part, plan, choose_names(part, plan, rng), f"_aug{copy}")


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
        "dropped_mentions": count(out)["dropped_mentions"],  # what the formats leave out (rows.DROP_REASONS)
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
