"""An Italian noun lexicon (form → gender, number) built from UD training files.

Why: the translate stage reads the gender and number of a mention's Italian
translation from its article and the parser's morphology ("la fondazione" →
fem sing). A bare noun ("fondazioni", a headline, a list) has no article and
the parser often gives it no Gender/Number; the lexicon is the back-off.

How it is built (`build_lexicon`): every token with UPOS NOUN of the CoNLL-U
files is counted by its lower-cased (NFC) form. Multi-word token lines
(``1-2``) and empty nodes (``1.1``) are skipped; only syntactic words count.
Each *annotated* occurrence (one with a Gender or a Number feature) votes,
per attribute, for its value (Masc/Fem, Sing/Plur) or, if it lacks that
feature, for "unmarked". A form keeps a value only when that value has at
least `MIN_SHARE` of the form's votes and at least `MIN_COUNT` of them;
otherwise the attribute is ambiguous (``-``). Occurrences with neither
feature (foreign words, abbreviations, gaps in VIT) do not vote.

Counting the unmarked occurrences is a choice: UD Italian leaves Number off
nouns invariable in number in every treebank here but MarkIT ("società",
"crisi", "re": MarkIT annotates them by context, Sing or Plur), and Gender
off common-gender nouns ("insegnante", "presidente"). Counting only the
marked values would turn "società" (54 Sing, 1 Plur in MarkIT, 53 unmarked
elsewhere) into a singular noun; with the unmarked votes it is ``-``, as an
invariable noun should be. The cost: a treebank's stray unmarked tokens can
hide a real value (VIT leaves Number off 20 of 82 "punto", so its number is
``-``). (`build_lexicon(..., count_unmarked=False)` gives
the other reading; `scripts/lexicon-accuracy.py --literal` measures both.)

NOUN only, not PROPN: proper nouns carry no Gender/Number in these treebanks
(4 of about 3,500 training PROPN tokens do), the gender of a name is its
referent's, not its form's, and lower-casing would merge names with common
nouns ("Rosa" and "rosa").

Format (`write_lexicon`, `NounLexicon.load`): UTF-8 TSV, ``#`` comment lines
first (what the file is, the source files without their folders above the
treebank, the licence), then the header ``form gender number count`` and one
row per form sorted by form: gender ``masc``/``fem``/``-``, number
``sing``/``plur``/``-`` (the project's class values, `class_values.GENDERS` and
`class_values.NUMBERS`), count = NOUN tokens of the form. The same inputs give
the same bytes. `load_lexicon(path)` reads a file once per process;
`NounLexicon.lookup` lower-cases the word and gives None for an unknown or
ambiguous value.

Limits: only forms seen in about 4,400 training sentences are known: on the
held-out UD test files 84% of the NOUN tokens have a known form and 73% get
a gender, right 99.8% of the time where the gold has one
(`scripts/lexicon-accuracy.py`); a form is one spelling, so an unseen plural
of a known singular is unknown; homographs of different gender ("il
capitale"/"la capitale", "il fine"/"la fine") come out ambiguous or as their
majority sense; gender of person nouns in -a/-e (collega, insegnante) is the
referent's and comes out ``-``.
"""

from __future__ import annotations

import logging
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from coref_transfer.class_values import GENDERS, NUMBERS
from coref_transfer.errors import InputFormatError
from coref_transfer.io import atomic_write_text, read_text
from coref_transfer.ud_files import word_columns

log = logging.getLogger(__name__)

#: A value is kept only if it has at least this share of the form's votes ...
MIN_SHARE = Fraction(9, 10)
#: ... and at least this many of them.
MIN_COUNT = 2
#: The UPOS counted (see the module docstring for why not PROPN).
UPOS = "NOUN"
#: Written for an ambiguous (or unknown) gender or number.
AMBIGUOUS = "-"
HEADER = ("form", "gender", "number", "count")
UNMARKED = "unmarked"
#: The shipped lexicon (config `parser.lexicon`).
DEFAULT_PATH = "resources/lexicon/it_nouns.tsv"
BUILD_HINT = "build it with `coref-transfer parser lexicon --ud DIR --out FILE` (or `snakemake lexicon`)"

LICENCE_NOTE = """\
This noun lexicon was built by coref-transfer (`coref-transfer parser lexicon`)
from the training files of Universal Dependencies Italian treebanks (the files
the project's parser is trained on; no test file): ParTUT (CC BY-NC-SA 4.0),
VIT and ISDT (CC BY-NC-SA 3.0), MarkIT (CC BY 4.0) and ParlaMint
(CC BY-SA 4.0). Data derived from them inherits the most restrictive of these
licences: CC BY-NC-SA 4.0 (https://creativecommons.org/licenses/by-nc-sa/4.0/).
The treebanks themselves are not distributed with coref-transfer.
"""


@dataclass(frozen=True)
class NounRow:
    """One form of the lexicon; None = ambiguous."""

    form: str
    gender: str | None
    number: str | None
    count: int


def normalize(form: str) -> str:
    """The lexicon's key of a word: NFC, lower case."""
    return unicodedata.normalize("NFC", form).lower()


def _feats(path: Path, lineno: int, text: str) -> dict[str, str]:
    if text == "_":
        return {}
    feats = {}
    for item in text.split("|"):
        name, eq, value = item.partition("=")
        if not eq or not name or not value:
            raise InputFormatError(path, lineno, f"bad FEATS item {item!r} (Name=Value expected)")
        feats[name] = value
    return feats


def _decide(votes: Counter[str], values: Sequence[str]) -> str | None:
    total = sum(votes.values())
    for value in values:
        if votes[value] >= MIN_COUNT and votes[value] >= MIN_SHARE * total:
            return value
    return None


def iter_nouns(path: str | Path) -> Iterator[tuple[str, dict[str, str]]]:
    """(normalised form, FEATS) of each NOUN word of a CoNLL-U file.

    Forms that a TSV row cannot hold (empty, starting with ``#``, with
    surrounding blanks) are left out.

    Raises:
        MissingInputError: the file does not exist.
        InputFormatError: a malformed line (the file and line are named).
    """
    path = Path(path)
    for lineno, cols in word_columns(path):
        if cols[3] != UPOS:
            continue
        form = normalize(cols[1])
        if not form or form.startswith("#") or form != form.strip():
            log.debug("%s:%d: form %r left out (not writable in the TSV)", path, lineno, cols[1])
            continue
        yield form, _feats(path, lineno, cols[5])


def build_lexicon(paths: Iterable[str | Path], *, count_unmarked: bool = True) -> list[NounRow]:
    """Rows of the lexicon of the NOUN tokens of CoNLL-U files, sorted by form.

    Raises:
        MissingInputError: a file does not exist.
        InputFormatError: a malformed line (the file and line are named).
    """
    counts: Counter[str] = Counter()
    genders: dict[str, Counter[str]] = {}
    numbers: dict[str, Counter[str]] = {}
    for path in paths:
        for form, feats in iter_nouns(path):
            counts[form] += 1
            gender = feats.get("Gender", "").lower()
            number = feats.get("Number", "").lower()
            gender = gender if gender in GENDERS else None
            number = number if number in NUMBERS else None
            if gender is None and number is None:
                continue  # not annotated: no vote
            if gender or count_unmarked:
                genders.setdefault(form, Counter())[gender or UNMARKED] += 1
            if number or count_unmarked:
                numbers.setdefault(form, Counter())[number or UNMARKED] += 1
    return [
        NounRow(form, _decide(genders.get(form, Counter()), GENDERS), _decide(numbers.get(form, Counter()), NUMBERS), n)
        for form, n in sorted(counts.items())
    ]


def source_name(path: str | Path) -> str:
    """How a source file is named in the header: treebank folder/file, and its UD commit if known."""
    path = Path(path)
    name = f"{path.parent.name}/{path.name}" if path.parent.name else path.name
    commit = path.parent / "COMMIT"
    if commit.is_file():
        words = commit.read_text(encoding="utf-8").split()
        if words:
            name += f" (commit {words[0]})"
    return name


def lexicon_text(rows: Sequence[NounRow], sources: Sequence[str | Path], *, licence: str) -> str:
    """The TSV text of `rows` (see the module docstring)."""
    lines = [
        "# Italian noun lexicon of coref-transfer (coref_transfer.lang.it.nouns): lower-cased",
        "# UD NOUN forms with the gender and number their annotated occurrences agree on",
        f"# (at least {MIN_SHARE * 100}% of them and at least {MIN_COUNT}); '{AMBIGUOUS}' = ambiguous, invariable or too rare.",
        "# Built from:",
        *(f"#   {source_name(p)}" for p in sources),
        *(f"# {line}".rstrip() for line in licence.strip().splitlines()),
        "\t".join(HEADER),
    ]
    for row in sorted(rows, key=lambda r: r.form):
        lines.append(f"{row.form}\t{row.gender or AMBIGUOUS}\t{row.number or AMBIGUOUS}\t{row.count}")
    return "\n".join(lines) + "\n"


def write_lexicon(path: str | Path, rows: Sequence[NounRow], sources: Sequence[str | Path], *, licence: str) -> None:
    """Write the lexicon TSV atomically; the same rows and sources give the same bytes."""
    atomic_write_text(path, lexicon_text(rows, sources, licence=licence))


def summarize(rows: Sequence[NounRow]) -> dict[str, int]:
    """Counts the CLI prints: forms, with a gender/number, ambiguous, seen once."""
    return {
        "forms": len(rows),
        "with_gender": sum(r.gender is not None for r in rows),
        "with_number": sum(r.number is not None for r in rows),
        "ambiguous_gender": sum(r.gender is None and r.count >= MIN_COUNT for r in rows),
        "ambiguous_number": sum(r.number is None and r.count >= MIN_COUNT for r in rows),
        "seen_once": sum(r.count < MIN_COUNT for r in rows),
    }


class NounLexicon:
    """A loaded lexicon: `lookup(form)` → (gender or None, number or None)."""

    def __init__(self, entries: dict[str, tuple[str | None, str | None]], path: str = ""):
        self.entries = entries
        self.path = path

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, form: str) -> bool:
        return normalize(form) in self.entries

    def lookup(self, form: str) -> tuple[str | None, str | None]:
        """Gender ("masc"/"fem") and number ("sing"/"plur") of a noun form, None where unknown or ambiguous."""
        return self.entries.get(normalize(form), (None, None))

    @classmethod
    def load(cls, path: str | Path) -> NounLexicon:
        """Read a lexicon TSV.

        Raises:
            MissingInputError: no such file (the message says how to build it).
            InputFormatError: a malformed line (the file and line are named).
        """
        text = read_text(path, f"noun lexicon not found; {BUILD_HINT}")
        entries: dict[str, tuple[str | None, str | None]] = {}
        header_seen = False
        for lineno, line in enumerate(text.splitlines(), start=1):
            if line.startswith("#") or not line.strip():
                continue
            cols = line.split("\t")
            if not header_seen:
                if tuple(cols) != HEADER:
                    raise InputFormatError(path, lineno, f"expected the header {chr(9).join(HEADER)!r}, found {line!r}")
                header_seen = True
                continue
            if len(cols) != len(HEADER):
                raise InputFormatError(
                    path, lineno, f"a row needs {len(HEADER)} tab-separated columns, found {len(cols)}"
                )
            form, gender, number, count = cols
            if not form or form != normalize(form):
                raise InputFormatError(path, lineno, f"form {form!r} is not lower-cased NFC")
            if gender != AMBIGUOUS and gender not in GENDERS:
                raise InputFormatError(
                    path, lineno, f"gender {gender!r} is not one of {', '.join(GENDERS)}, {AMBIGUOUS}"
                )
            if number != AMBIGUOUS and number not in NUMBERS:
                raise InputFormatError(
                    path, lineno, f"number {number!r} is not one of {', '.join(NUMBERS)}, {AMBIGUOUS}"
                )
            if not count.isdigit() or int(count) < 1:
                raise InputFormatError(path, lineno, f"count {count!r} is not a positive integer")
            if form in entries:
                raise InputFormatError(path, lineno, f"form {form!r} appears twice")
            entries[form] = (None if gender == AMBIGUOUS else gender, None if number == AMBIGUOUS else number)
        if not header_seen:
            raise InputFormatError(path, None, f"no header line {chr(9).join(HEADER)!r}")
        return cls(entries, str(path))


@lru_cache(maxsize=8)
def _cached(path: str) -> NounLexicon:
    return NounLexicon.load(path)


def load_lexicon(path: str | Path) -> NounLexicon:
    """`NounLexicon.load`, once per file (by resolved path) and process."""
    return _cached(str(Path(path).resolve()))


def shipped_lexicon() -> NounLexicon:
    """The lexicon shipped with the project (`DEFAULT_PATH` in the source checkout).

    For code that needs noun genders without a configuration (the refinement
    rules). The file is part of the repository; a checkout without it is
    broken, and the rules would silently work with less evidence, so its
    absence is an error naming the path and how to rebuild it.

    Raises:
        FileNotFoundError: the file is missing.
    """
    from coref_transfer import resources

    path = resources.path(DEFAULT_PATH)
    if not path.is_file():
        raise FileNotFoundError(
            f"the shipped noun lexicon {path} is missing; restore it from git or rebuild it with "
            "`coref-transfer parser lexicon --ud DIR --out resources/lexicon/it_nouns.tsv`"
        )
    return load_lexicon(path)
