"""Checking a placeholder inventory against the configured MT model (`coref-transfer placeholders check`).

One English test sentence per singular token, translated in one batch: a
token survives when it comes back exactly once, unchanged, on the token
boundaries of the one Italian tokenizer (`coref_transfer.lang.it.tokenize`,
which the translate stage uses too), without the other gender's participle.
The surviving inventory is written in the inventory format
(`coref_transfer.translate.placeholders.inventory`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from coref_transfer.class_values import Class
from coref_transfer.classes import SINGULAR_CLASSES
from coref_transfer.lang.it.tokenize import tokenize
from coref_transfer.translate.mt.base import TranslationError
from coref_transfer.translate.placeholders.inventory import (
    DEFAULT_MIN_PER_CLASS,
    Inventory,
    PlaceholderError,
    find_placeholder,
    singular_placeholder,
)


@dataclass(frozen=True)
class Probe:
    """An English test sentence for one class, and the Italian word that shows its agreement."""

    template: str
    """English sentence with `{}` where the token goes."""
    agree: str
    """Italian participle agreeing with the class ("nata" for a feminine person)."""
    clash: str
    """The same participle in the other gender: seen without `agree`, the gender flipped."""


#: One sentence per singular class; a passive or unaccusative past keeps a
#: gendered participle in Italian ("è nata", "è stato fondato").
PROBES: dict[Class, Probe] = {
    ("person", "masc", "sing"): Probe("{} was born in a small town.", "nato", "nata"),
    ("person", "fem", "sing"): Probe("{} was born in a small town.", "nata", "nato"),
    ("thing", "masc", "sing"): Probe("{} was founded long ago.", "fondato", "fondata"),
    ("thing", "fem", "sing"): Probe("{} was founded long ago.", "fondata", "fondato"),
}


@dataclass(frozen=True)
class CheckedToken:
    """A token that failed the round trip, with the evidence."""

    token: str
    cls: Class
    source: str
    output: str
    problem: str


@dataclass
class CheckReport:
    """What a round trip through a model did to every singular token."""

    inventory: Inventory
    survivors: dict[Class, tuple[str, ...]]
    """Tokens that came back exactly once, unchanged, without a flipped gender, per singular class."""
    altered: list[CheckedToken] = field(default_factory=list)
    """Tokens missing, changed or repeated in the output."""
    misagreed: list[CheckedToken] = field(default_factory=list)
    """Tokens that came back but with the other gender's participle."""

    @property
    def surviving(self) -> Inventory:
        """The inventory without the altered and misagreed tokens."""
        return self.inventory.without(c.token for c in (*self.altered, *self.misagreed))

    def below_minimum(self, min_per_class: int = DEFAULT_MIN_PER_CLASS) -> list[Class]:
        """Singular classes left with fewer survivors than `Inventory.load` accepts."""
        return [c for c in SINGULAR_CLASSES if len(self.survivors[c]) < min_per_class]

    def write(self, folder: str | Path) -> list[Path]:
        """Write the surviving inventory (same format, a note per file on what was removed)."""
        notes: dict[Class, list[str]] = {}
        for c in SINGULAR_CLASSES:
            total = len(self.inventory.tokens(c))
            altered = [x.token for x in self.altered if x.cls == c]
            flipped = [x.token for x in self.misagreed if x.cls == c]
            note = f"round-trip check: kept {len(self.survivors[c])} of {total}"
            if altered:
                note += f"; altered by the model: {' '.join(altered)}"
            if flipped:
                note += f"; gender flipped: {' '.join(flipped)}"
            notes[c] = [note]
        return self.surviving.write(folder, notes)


def check_inventory(
    inventory: Inventory,
    translate: Callable[[list[str]], list[str]],
    probes: Mapping[Class, Probe] | None = None,
) -> CheckReport:
    """Translate one test sentence per singular token (one batch) and keep the tokens that survive.

    A token survives when it occurs exactly once, unchanged, on token
    boundaries of the output, and the output does not show the other
    gender's participle instead of its own (no participle: no evidence).

    Raises:
        TranslationError: `translate` returned a different number of outputs.
    """
    probes = dict(PROBES if probes is None else probes)
    missing = [c for c in SINGULAR_CLASSES if c not in probes]
    if missing:
        raise PlaceholderError(f"no probe sentence for class(es) {', '.join('/'.join(c) for c in missing)}")
    items = [(c, t, probes[c].template.format(t)) for c in SINGULAR_CLASSES for t in inventory.tokens(c)]
    sources = [s for _, _, s in items]
    outputs = list(translate(sources))
    if len(outputs) != len(sources):
        raise TranslationError(f"the translator returned {len(outputs)} outputs for {len(sources)} probe sentences")
    survivors: dict[Class, list[str]] = {c: [] for c in SINGULAR_CLASSES}
    altered: list[CheckedToken] = []
    misagreed: list[CheckedToken] = []
    for (c, token, source), output in zip(items, outputs):
        words = tokenize(output)
        found = len(find_placeholder(words, singular_placeholder(token, c)))
        if found != 1:
            problem = "missing or changed" if found == 0 else f"repeated {found} times"
            altered.append(CheckedToken(token, c, source, output, problem))
            continue
        lowered = {w.casefold() for w in words}
        probe = probes[c]
        if probe.clash in lowered and probe.agree not in lowered:
            misagreed.append(CheckedToken(token, c, source, output, f"found {probe.clash!r}, expected {probe.agree!r}"))
            continue
        survivors[c].append(token)
    return CheckReport(inventory, {c: tuple(v) for c, v in survivors.items()}, altered, misagreed)
