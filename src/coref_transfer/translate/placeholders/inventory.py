"""Placeholder inventories: the tokens that stand in for mentions while the translate stage translates.

A placeholder must come out of the MT model unchanged and make the Italian
sentence agree with the entity it stands for; docs/placeholders.md gives
the design, the reasons for each list and the known failure modes.

Inventory folder format (`resources/placeholders/`), numbered rules:
1. Exactly four files, one per singular class: `person_masc_sing.txt`,
   `person_fem_sing.txt`, `thing_masc_sing.txt`, `thing_fem_sing.txt`. Any
   other entry (hidden ones, starting with `.`, excepted) is an error: the
   plural classes are built from pairs (rule 6), never listed.
2. UTF-8 text, one token a line. Blank lines are ignored; a line whose first
   non-blank character is `#` is a comment (kept, and written back first).
3. A token is one word of letters only (`str.isalpha`), starting with a
   capital letter: placeholders are proper names.
4. A token appears once in the whole folder (compared case-insensitively).
5. Each file holds at least `min_per_class` tokens (default 40).
6. Plural class (type, gender, plur): the coordinated pair "A and B" of two
   distinct tokens of (type, gender, sing); Italian accepts it as "A e B",
   "A ed B", or with a repeated simple preposition ("A e di B").
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from coref_transfer.class_values import Class
from coref_transfer.classes import CLASSES, SINGULAR_CLASSES, first_name_gender
from coref_transfer.errors import ConfigError, CorefTransferError, InputFormatError, MissingInputError
from coref_transfer.io import atomic_write_text

DEFAULT_MIN_PER_CLASS = 40

#: Italian conjunctions accepted between the two names of a plural placeholder
#: ("ed" is the euphonic form before a vowel; models also use it elsewhere).
PAIR_CONJUNCTIONS = ("e", "ed")
#: Simple prepositions Italian often repeats inside a coordination
#: ("to Marco and Paolo" -> "a Marco e a Paolo"); the outer one stays
#: outside the placeholder's span, so resolution drops the inner one.
REPEATED_PREPOSITIONS = ("di", "a", "ad", "da", "in", "con", "su", "per", "tra", "fra")
#: Changes whenever the way plural placeholders are built changes (part of the fingerprint).
PLURAL_DESIGN = "pairs:and->e|ed|e+preposition:v1"

_LETTER_RUN = re.compile(r"[^\W\d_]+")


class PlaceholderError(CorefTransferError):
    """A placeholder request the inventory cannot serve (unknown class or token)."""


def _class_problem(token: str, cls: Class) -> str | None:
    """A person name whose gender (by gender-guesser's lexicon) contradicts its class.

    Only persons are checked: thing tokens are names by design (see
    docs/placeholders.md) and their gender is the Italian noun's, not a
    person's.
    """
    if cls[0] != "person":
        return None
    gender = first_name_gender(token)
    if gender is not None and gender != cls[1]:
        return f"{token!r} is a {'feminine' if gender == 'fem' else 'masculine'} name, in the {cls[1]} person class"
    return None


class InventoryExhaustedError(PlaceholderError, LookupError):
    """Every placeholder of a class is excluded in this utterance.

    A `LookupError` too, so that γ's retry loop can count the utterance as
    `placeholders_exhausted` without knowing this module's classes.
    """

    def __init__(self, cls: Class, free: int, total: int, needed: int, file: str):
        self.cls, self.free, self.total, self.needed, self.file = cls, free, total, needed, file
        super().__init__(
            f"no placeholder left for class {'/'.join(cls)}: {free} of {total} tokens are free in this "
            f"utterance and one placeholder needs {needed}; add tokens to {file}"
        )

    def __reduce__(self):
        return (type(self), (self.cls, self.free, self.total, self.needed, self.file))


@dataclass(frozen=True)
class Placeholder:
    """What stands in for one mention: its English text and the Italian forms accepted back."""

    source: str
    """English text put in place of the mention ("Gabriella", "Marco and Paolo")."""
    targets: tuple[str, ...]
    """Italian surface forms accepted after translation, tokens separated by one space."""
    cls: Class
    tokens: tuple[str, ...]
    """The names it is made of (what the utterance must not contain and later draws must avoid)."""


def class_file(cls: Class) -> str:
    """File name of a singular class ("person_fem_sing.txt")."""
    return f"{cls[0]}_{cls[1]}_{cls[2]}.txt"


def _check_class(cls: Sequence[str]) -> Class:
    key = tuple(cls)
    if key not in CLASSES:
        valid = ", ".join("/".join(c) for c in CLASSES)
        raise PlaceholderError(f"unknown entity class {'/'.join(map(str, cls))}; valid classes: {valid}")
    return key  # type: ignore[return-value]


def singular_placeholder(token: str, cls: Class) -> Placeholder:
    """The placeholder of one token: it must come back exactly as written."""
    return Placeholder(source=token, targets=(token,), cls=cls, tokens=(token,))


def pair_placeholder(first: str, second: str, cls: Class) -> Placeholder:
    """The plural placeholder "first and second" and its accepted Italian forms.

    Why a pair: a single name cannot carry plural agreement, while Italian
    makes a coordinated subject plural, masculine unless every conjunct is
    feminine ("Giulia e Laura sono arrivate", "Paolo e Carlo sono arrivati").
    """
    targets = [f"{first} {conj} {second}" for conj in PAIR_CONJUNCTIONS]
    targets += [f"{first} e {prep} {second}" for prep in REPEATED_PREPOSITIONS]
    return Placeholder(source=f"{first} and {second}", targets=tuple(targets), cls=cls, tokens=(first, second))


def _excluded(exclude: Iterable[str]) -> set[str]:
    """Case-folded letter runs of the excluded strings.

    An utterance token such as "Verona-based" or "Paolo's" must keep "Verona"
    and "Paolo" out of the draw, since the model may split it on translation.
    """
    out: set[str] = set()
    for item in exclude:
        out.update(run.casefold() for run in _LETTER_RUN.findall(item))
    return out


def _token_problem(token: str) -> str | None:
    """Why a line cannot be a placeholder token (None: it can)."""
    if any(ch.isspace() for ch in token):
        return (
            f"{token!r} has a space: one token a line, a single word (plural placeholders are built from "
            "pairs of singular tokens, see docs/placeholders.md)"
        )
    if not token.isalpha():
        bad = "".join(sorted({ch for ch in token if not ch.isalpha()}))
        return f"{token!r} has non-letter characters {bad!r}: a placeholder must be letters only"
    if not token[0].isupper():
        return f"{token!r} must start with a capital letter: placeholders are proper names, which the model copies"
    return None


class Inventory:
    """The placeholder tokens of the four singular classes; plural classes are pairs of them."""

    def __init__(
        self,
        tokens: Mapping[Class, Sequence[str]],
        comments: Mapping[Class, Sequence[str]] | None = None,
        origin: str = "<memory>",
    ):
        """Args:
        tokens: the tokens of each singular class, in file order (draws depend on it).
        comments: comment lines of each class's file, written back by `write`.
        origin: where the inventory came from, for messages.
        """
        keys = {tuple(k) for k in tokens}
        if keys != set(SINGULAR_CLASSES):
            valid = ", ".join("/".join(c) for c in SINGULAR_CLASSES)
            raise PlaceholderError(f"an inventory needs tokens for exactly the singular classes {valid}")
        self._tokens: dict[Class, tuple[str, ...]] = {c: tuple(tokens[c]) for c in SINGULAR_CLASSES}
        self._comments: dict[Class, tuple[str, ...]] = {c: tuple((comments or {}).get(c, ())) for c in SINGULAR_CLASSES}
        self.origin = origin

    # -- reading ---------------------------------------------------------

    @classmethod
    def load(cls, folder: str | Path, min_per_class: int = DEFAULT_MIN_PER_CLASS) -> Inventory:
        """Read and validate an inventory folder (module docstring, rules 1-5).

        Raises:
            MissingInputError: the folder does not exist.
            InputFormatError: a missing or unknown file, a bad or duplicate
                token (naming file and line), or a class with too few tokens.
            ConfigError: `min_per_class` below 2 (a plural pair needs two tokens).
        """
        if min_per_class < 2:
            raise ConfigError(
                f"min_per_class must be at least 2 (a plural placeholder needs two tokens), got {min_per_class}"
            )
        folder = Path(folder)
        if not folder.is_dir():
            raise MissingInputError(
                f"{folder}: placeholder folder not found; it must hold {', '.join(map(class_file, SINGULAR_CLASSES))}"
            )
        expected = {class_file(c): c for c in SINGULAR_CLASSES}
        listing = ", ".join(expected)
        for entry in sorted(folder.iterdir()):
            if entry.name.startswith(".") or entry.name in expected:
                continue
            hint = (
                " (plural classes are built from pairs of singular tokens, not listed)"
                if entry.name.endswith("_plur.txt")
                else ""
            )
            problem = f"unknown file in the placeholder folder{hint}; expected only: {listing}"
            raise InputFormatError(entry, None, problem)
        tokens: dict[Class, list[str]] = {}
        comments: dict[Class, list[str]] = {}
        seen: dict[str, tuple[str, int]] = {}
        for c in SINGULAR_CLASSES:
            path = folder / class_file(c)
            if not path.is_file():
                raise InputFormatError(path, None, f"missing: every inventory needs {listing}")
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError as exc:
                raise InputFormatError(path, None, f"invalid UTF-8 ({exc.reason})") from exc
            tokens[c], comments[c] = [], []
            for lineno, raw in enumerate(text.splitlines(), start=1):
                line = raw.strip().lstrip("\ufeff")
                if not line:
                    continue
                if line.startswith("#"):
                    comments[c].append(line)
                    continue
                problem = _token_problem(line)
                if problem:
                    raise InputFormatError(path, lineno, problem)
                key = line.casefold()
                if key in seen:
                    other_file, other_line = seen[key]
                    where = f"line {other_line}" if other_file == path.name else f"{other_file}:{other_line}"
                    problem = f"duplicate token {line!r}, already at {where}: a token may stand for one class only"
                    raise InputFormatError(path, lineno, problem)
                seen[key] = (path.name, lineno)
                problem = _class_problem(line, c)
                if problem:
                    raise InputFormatError(path, lineno, problem)
                tokens[c].append(line)
            if len(tokens[c]) < min_per_class:
                raise InputFormatError(
                    path,
                    None,
                    f"{len(tokens[c])} token(s); class {'/'.join(c)} needs at least {min_per_class} "
                    "(add tokens, or lower min_per_class)",
                )
        return cls(tokens, comments, origin=str(folder))

    # -- looking -----------------------------------------------------------

    def tokens(self, cls: Sequence[str]) -> tuple[str, ...]:
        """The tokens placeholders of a class are made of (a plural class uses its singular pool)."""
        t, g, _ = _check_class(cls)
        return self._tokens[(t, g, "sing")]

    def comments(self, cls: Sequence[str]) -> tuple[str, ...]:
        """The comment lines of a singular class's file."""
        t, g, _ = _check_class(cls)
        return self._comments[(t, g, "sing")]

    def size(self, cls: Sequence[str]) -> int:
        """How many placeholders a class has: n tokens, or n(n-1) ordered pairs."""
        key = _check_class(cls)
        n = len(self.tokens(key))
        return n if key[2] == "sing" else n * (n - 1)

    @property
    def fingerprint(self) -> str:
        """SHA-256 of what determines a draw: the tokens of each class in file
        order and the plural design (comments and blank lines cannot change a draw)."""
        digest = hashlib.sha256(f"coref-transfer placeholders\n{PLURAL_DESIGN}\n".encode())
        for c in SINGULAR_CLASSES:
            digest.update(f"[{class_file(c)}]\n".encode())
            digest.update("".join(f"{t}\n" for t in self._tokens[c]).encode("utf-8"))
        return digest.hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Inventory):
            return NotImplemented
        return self._tokens == other._tokens and self._comments == other._comments

    def __repr__(self) -> str:
        sizes = ", ".join(f"{class_file(c)[:-4]}={len(self._tokens[c])}" for c in SINGULAR_CLASSES)
        return f"Inventory({self.origin!r}: {sizes})"

    # -- drawing -----------------------------------------------------------

    def draw(self, cls: Sequence[str], rng: random.Random, exclude: Iterable[str] = ()) -> Placeholder:
        """A placeholder of `cls`, uniformly among those none of whose tokens is excluded.

        Args:
            cls: (type, gender, number).
            rng: the only source of randomness: the same seeded generator and
                arguments give the same placeholder.
            exclude: tokens already used in this utterance or occurring in it
                (compared case-insensitively, by their letter runs).
        Raises:
            InventoryExhaustedError: fewer free tokens than the class needs.
        """
        key = _check_class(cls)
        pool = self.tokens(key)
        excluded = _excluded(exclude)
        free = [t for t in pool if t.casefold() not in excluded]
        needed = 1 if key[2] == "sing" else 2
        if len(free) < needed:
            raise InventoryExhaustedError(key, len(free), len(pool), needed, class_file((key[0], key[1], "sing")))
        first = rng.choice(free)
        if needed == 1:
            return singular_placeholder(first, key)
        # first uniform, then second uniform among the rest: uniform over ordered pairs
        second = rng.choice([t for t in free if t != first])
        return pair_placeholder(first, second, key)

    # -- changing and writing ----------------------------------------------

    def without(self, tokens: Iterable[str]) -> Inventory:
        """A copy without these tokens (the minimum per class is not enforced on copies).

        Raises:
            PlaceholderError: a token that is not in the inventory (a typo would
                otherwise remove nothing silently).
        """
        wanted = list(tokens)
        drop = {t.casefold() for t in wanted}
        known = {t.casefold() for pool in self._tokens.values() for t in pool}
        unknown = sorted({t for t in wanted if t.casefold() not in known})
        if unknown:
            raise PlaceholderError(f"not in the inventory {self.origin}: {', '.join(unknown)}")
        kept = {c: [t for t in pool if t.casefold() not in drop] for c, pool in self._tokens.items()}
        return Inventory(kept, self._comments, origin=f"{self.origin} without {len(drop)} token(s)")

    def file_text(self, cls: Sequence[str], notes: Sequence[str] = ()) -> str:
        """A singular class's file: its comments, then `notes` as comments, then the tokens."""
        key = _check_class(cls)
        if key[2] != "sing":
            raise PlaceholderError(f"plural class {'/'.join(key)} has no file: it is built from pairs")
        lines = list(self._comments[key]) + [f"# {n}" for n in notes] + list(self._tokens[key])
        return "".join(f"{line}\n" for line in lines)

    def write(self, folder: str | Path, notes: Mapping[Class, Sequence[str]] | None = None) -> list[Path]:
        """Write the four files (atomically, each on its own) into `folder`; returns their paths."""
        folder = Path(folder)
        paths = []
        for c in SINGULAR_CLASSES:
            path = folder / class_file(c)
            atomic_write_text(path, self.file_text(c, (notes or {}).get(c, ())))
            paths.append(path)
        return paths


# -- finding placeholders in a translation -------------------------------------


def find_placeholder(tokens: Sequence[str], placeholder: Placeholder) -> list[int]:
    """Start indexes where one of the placeholder's Italian forms occurs on token boundaries.

    `tokens` come from `coref_transfer.lang.it.tokenize`, the one Italian
    tokenizer (the check and the translate stage see the same boundaries).

    Matching is exact and case-sensitive, token by token, so "Gabriellas",
    "Marcolini" or "gabriella" do not count. The caller wants exactly one
    start; a stray single name of a pair does not count as an occurrence.
    """
    starts: set[int] = set()
    for target in placeholder.targets:
        parts = target.split()
        n = len(parts)
        for i in range(len(tokens) - n + 1):
            if tokens[i] == parts[0] and all(tokens[i + k] == parts[k] for k in range(1, n)):
                starts.add(i)
    return sorted(starts)
