"""The noun dictionary and verb list fetched at setup (lang/it/dictionary.py, `coref-transfer parser dictionary`).

The conversion is tested on packages built here in the npm layout; the files
`make install` fetched (Morph-it! through npm) are read as the rules read them;
a download that cannot reach the registry fails with a message that says what
to do, and a tarball that is not the pinned one is refused.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import tarfile

import pytest

from coref_transfer.errors import InputFormatError
from coref_transfer.lang.it import dictionary
from coref_transfer.lang.it.dictionary import (
    DictionaryError,
    Verbs,
    build,
    check,
    infinitives,
    read_words,
    verbs_text,
)
from coref_transfer.lang.it.nouns import NounLexicon


def tarball(members: dict[str, object]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, content in members.items():
            data = json.dumps(content).encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


WORDS = {
    "intervista": {"G": "F", "P": "interviste"},
    "problema": {"G": "M", "P": "problemi"},
    "crisi": {"G": "F", "P": "crisi"},  # invariable: singular and plural
    "capitale": {"G": "M", "P": "capitali"},
    "la capitale": {"G": "F"},  # a key with a blank is kept as a form; no plural
    "fine": {"G": "M"},
    "#commento": {"G": "F"},  # a TSV row cannot start with '#'
    "senza": {"P": "senze"},  # no gender: not a noun entry
}


def test_build_gives_each_form_its_gender_and_number_and_a_dash_where_they_disagree(tmp_path):
    rows = {r.form: r for r in build(WORDS)}
    assert (rows["intervista"].gender, rows["intervista"].number) == ("fem", "sing")
    assert (rows["interviste"].gender, rows["interviste"].number) == ("fem", "plur")
    assert (rows["crisi"].gender, rows["crisi"].number) == ("fem", None)
    assert "#commento" not in rows and "senza" not in rows and "senze" not in rows
    path = tmp_path / "dict.tsv"
    path.write_text(dictionary.dictionary_text(list(rows.values())), encoding="utf-8")
    lexicon = NounLexicon.load(path)  # the noun lexicon's format
    assert lexicon.lookup("Problemi") == ("masc", "plur")
    assert "Morph-it!" in path.read_text(encoding="utf-8").splitlines()[2]


def test_read_words_takes_the_json_member_and_refuses_a_package_without_it():
    data = tarball({dictionary.MEMBER: WORDS})
    assert read_words(data)["problema"] == {"G": "M", "P": "problemi"}
    with pytest.raises(DictionaryError, match="words.json"):
        read_words(tarball({"package/other.json": {}}))


def test_check_refuses_bytes_that_are_not_the_pinned_package():
    data = b"not the package"
    assert check(data, hashlib.sha256(data).hexdigest()) == data
    with pytest.raises(DictionaryError, match="not the pinned package"):
        check(data)


def test_an_unreachable_registry_is_an_error_that_says_what_to_do():
    with pytest.raises(DictionaryError, match="setup step that needs the npm registry"):
        dictionary.download("http://127.0.0.1:9/italian-words-dict.tgz", timeout=5)


def test_the_verb_list_tells_the_conjugation_of_a_form_in_i(tmp_path):
    path = tmp_path / "verbs.txt"
    path.write_text(
        verbs_text(
            infinitives(
                {
                    "coprire": "coperto",
                    "conservare": "conservato",
                    "mangiare": "mangiato",
                    "cercare": "cercato",
                    "scegliere": "scelto",
                    "sentire": "sentito",
                    "sentare": "sentato",
                    "mal fare": "malfatto",
                }
            )
        ),
        encoding="utf-8",
    )
    verbs = Verbs.load(path)
    assert verbs.conjugation_of_i_form("Copri") == "ere/ire"
    assert verbs.conjugation_of_i_form("conservi") == "are"
    assert verbs.conjugation_of_i_form("mangi") == "are"
    assert verbs.conjugation_of_i_form("cerchi") == "are"
    assert verbs.conjugation_of_i_form("scegli") == "ere/ire"
    assert verbs.conjugation_of_i_form("senti") is None  # sentire and (here) sentare: both
    assert verbs.conjugation_of_i_form("pulisci") is None  # not listed
    # a 3rd person form of a listed verb, by its lemma or by its stem (issue 38: "il santo patrono")
    assert verbs.may_inflect("coprono", "coprere") and verbs.may_inflect("sentivano", None)
    assert verbs.may_inflect("mangia", "mangiare") and verbs.may_inflect("cercò", None)
    assert not verbs.may_inflect("patrono", "patrere") and not verbs.may_inflect("coperta", None)


def test_a_verb_list_with_a_bad_line_is_an_error_naming_file_and_line(tmp_path):
    path = tmp_path / "verbs.txt"
    path.write_text("# header\ncoprire\nConservare\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"verbs\.txt:3: 'Conservare' is not a lower-case infinitive"):
        Verbs.load(path)


def test_a_tarball_that_cannot_be_read_is_an_error(tmp_path):
    with pytest.raises(DictionaryError, match="cannot read"):
        dictionary.package(tmp_path / "missing.tgz", dictionary.URL, dictionary.SHA256)


def test_the_fetched_files_are_read_as_the_rules_read_them():
    nouns = dictionary.shipped_dictionary()
    assert nouns.lookup("intervista") == ("fem", "sing")
    assert nouns.lookup("giacca")[0] == "fem"
    assert nouns.lookup("girovita") == (None, None)  # not in Morph-it!: the project's list covers it
    verbs = dictionary.shipped_verbs()
    assert verbs.conjugation_of_i_form("chiudi") == "ere/ire" and verbs.conjugation_of_i_form("lavi") == "are"


def test_the_cli_refuses_a_wrong_tarball_and_writes_nothing(tmp_path):
    bad = tmp_path / "italian-words-dict-3.4.0.tgz"
    bad.write_bytes(tarball({dictionary.MEMBER: WORDS}))
    out = tmp_path / "out.tsv"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "coref_transfer",
            "parser",
            "dictionary",
            "--from",
            str(bad),
            "--out",
            str(out),
            "--verbs-out",
            str(tmp_path / "verbs.txt"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "not the pinned package" in done.stderr
    assert not out.exists()
