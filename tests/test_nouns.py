"""The Italian noun lexicon (coref_transfer.lang.it.nouns), its CLI and the shipped file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import REPO, SHARED_UD

from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.lang.it.nouns import (
    LICENCE_NOTE,
    MIN_COUNT,
    MIN_SHARE,
    NounLexicon,
    NounRow,
    build_lexicon,
    lexicon_text,
    load_lexicon,
    write_lexicon,
)
from coref_transfer.parsing.train import DEFAULT_TEST, DEFAULT_TRAIN

SHIPPED = REPO / "resources" / "lexicon" / "it_nouns.tsv"
ENV = {**os.environ, "PYTHONPATH": str(REPO / "src")}

FS, FP, MS, MP = (
    "Gender=Fem|Number=Sing",
    "Gender=Fem|Number=Plur",
    "Gender=Masc|Number=Sing",
    "Gender=Masc|Number=Plur",
)


def sentence(*words: tuple[str, str, str]) -> str:
    """A CoNLL-U sentence of (form, UPOS, FEATS) words, each attached to the root."""
    lines = ["# text = " + " ".join(w[0] for w in words)]
    for i, (form, upos, feats) in enumerate(words, start=1):
        lines.append("\t".join([str(i), form, form.lower(), upos, "_", feats, "0" if i == 1 else "1", "dep", "_", "_"]))
    return "\n".join(lines) + "\n\n"


def nouns(form: str, feats: str, n: int) -> str:
    """n one-word-plus-article sentences with a NOUN `form`."""
    return "".join(sentence(("una", "DET", "_"), (form, "NOUN", feats)) for _ in range(n))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def by_form(rows: list[NounRow]) -> dict[str, tuple[str | None, str | None]]:
    return {r.form: (r.gender, r.number) for r in rows}


def test_thresholds_are_the_documented_ones():
    assert (MIN_SHARE, MIN_COUNT) == (Fraction(9, 10), 2)


def test_a_value_needs_ninety_percent_and_two_occurrences(tmp_path):
    text = (
        nouns("lampada", FS, 9)
        + nouns("lampada", MS, 1)  # 9 of 10 fem: exactly 90%
        + nouns("armadio", MS, 8)
        + nouns("armadio", FS, 1)  # 8 of 9 masc: 88.9%
        + nouns("tavolo", MS, 2)  # two agree: kept
        + nouns("scaffale", MS, 1)  # seen once: too rare
        + nouns("cuscini", MP, 3)
    )
    rows = build_lexicon([write(tmp_path / "a.conllu", text)])
    got = by_form(rows)
    assert got["lampada"] == ("fem", "sing")
    assert got["armadio"] == (None, "sing")
    assert got["tavolo"] == ("masc", "sing")
    assert got["scaffale"] == (None, None)
    assert got["cuscini"] == ("masc", "plur")
    assert {r.form: r.count for r in rows} == {"armadio": 9, "cuscini": 3, "lampada": 10, "scaffale": 1, "tavolo": 2}
    assert [r.form for r in rows] == sorted(r.form for r in rows)


def test_invariable_and_common_gender_nouns_are_ambiguous(tmp_path):
    text = (
        nouns("virtù", FS, 2)
        + nouns("virtù", FP, 2)  # both numbers seen
        + nouns("bontà", "Gender=Fem", 3)  # Number left off, as most UD Italian treebanks do for invariables
        + nouns("qualità", FS, 2)
        + nouns("qualità", "Gender=Fem", 5)
        + nouns("cantante", "Number=Sing", 3)  # Gender left off: a common-gender noun
        + nouns("sigla", "_", 4)  # no annotation at all: no vote
    )
    path = write(tmp_path / "a.conllu", text)
    got = by_form(build_lexicon([path]))
    assert got["virtù"] == ("fem", None)
    assert got["bontà"] == ("fem", None)
    assert got["qualità"] == ("fem", None)
    assert got["cantante"] == (None, "sing")
    assert got["sigla"] == (None, None)
    # The literal reading (only marked values vote) makes "qualità" singular.
    literal = by_form(build_lexicon([path], count_unmarked=False))
    assert literal["qualità"] == ("fem", "sing")
    assert literal["virtù"] == ("fem", None)
    assert literal["cantante"] == (None, "sing")


def test_only_noun_words_count_lower_cased(tmp_path):
    text = (
        sentence(("Ponte", "NOUN", MS), ("ponte", "NOUN", MS), ("Giulia", "PROPN", FS), ("Giulia", "PROPN", FS))
        # a multi-word token line and an empty node, both dressed as nouns: skipped
        + f"1-2\tcasetta\t_\tNOUN\t_\t{FS}\t_\t_\t_\t_\n"
        + f"1\tcasa\tcasa\tNOUN\t_\t{FS}\t0\troot\t_\t_\n"
        + "2\tetta\tetta\tX\t_\t_\t1\tdep\t_\t_\n"
        + f"2.1\tgatto\tgatto\tNOUN\t_\t{MS}\t_\t_\t1:dep\t_\n\n"
    )
    got = by_form(build_lexicon([write(tmp_path / "a.conllu", text)]))
    assert got == {"ponte": ("masc", "sing"), "casa": (None, None)}


def test_rows_do_not_depend_on_the_order_of_the_files(tmp_path):
    a = write(tmp_path / "a.conllu", nouns("tazza", FS, 2) + nouns("piatto", MS, 1))
    b = write(tmp_path / "b.conllu", nouns("piatto", MS, 1) + nouns("bicchiere", MS, 3))
    assert build_lexicon([a, b]) == build_lexicon([b, a])
    assert by_form(build_lexicon([a, b]))["piatto"] == ("masc", "sing")


@pytest.mark.parametrize(
    "bad_line, problem",
    [
        ("2\tsedia\tsedia\tNOUN\t_\tGender=Fem\t1\tdep\t_", "10 tab-separated columns, found 9"),
        ("2\tsedia\tsedia\tNOUN\t_\tGenderFem\t1\tdep\t_\t_", "bad FEATS item 'GenderFem'"),
        ("x\tsedia\tsedia\tNOUN\t_\tGender=Fem\t1\tdep\t_\t_", "bad token ID 'x'"),
    ],
)
def test_a_malformed_line_is_named_with_its_file_and_line(tmp_path, bad_line, problem):
    text = nouns("tazza", FS, 1) + "# text = una sedia\n1\tuna\tuno\tDET\t_\t_\t0\troot\t_\t_\n" + bad_line + "\n\n"
    path = write(tmp_path / "bad.conllu", text)
    with pytest.raises(InputFormatError) as err:
        build_lexicon([path])
    assert err.value.path == str(path)
    assert err.value.line == 7
    assert problem in err.value.problem
    assert str(err.value).startswith(f"{path}:7: ")


def test_a_missing_conllu_file_is_a_missing_input(tmp_path):
    with pytest.raises(MissingInputError, match="not found"):
        build_lexicon([tmp_path / "absent.conllu"])


def test_write_load_lookup_round_trip(tmp_path):
    source = write(
        tmp_path / "UD_Italian-Test" / "it_test-ud-train.conllu",
        nouns("Tazza", FS, 2) + nouns("piatti", MP, 2) + nouns("virtù", FS, 1) + nouns("virtù", FP, 1),
    )
    write(tmp_path / "UD_Italian-Test" / "COMMIT", "0123abcd 2025-01-01\n")
    rows = build_lexicon([source])
    out = tmp_path / "lex" / "nouns.tsv"
    write_lexicon(out, rows, [source], licence="Licence: made up for a test.\nSecond line.")
    text = out.read_text(encoding="utf-8")
    assert "#   UD_Italian-Test/it_test-ud-train.conllu (commit 0123abcd)\n" in text
    assert str(tmp_path) not in text  # no absolute path in the header
    assert "# Licence: made up for a test.\n# Second line.\n" in text
    assert text.endswith("form\tgender\tnumber\tcount\npiatti\tmasc\tplur\t2\ntazza\tfem\tsing\t2\nvirtù\tfem\t-\t2\n")
    lexicon = NounLexicon.load(out)
    assert len(lexicon) == 3
    assert lexicon.lookup("TAZZA") == ("fem", "sing")
    assert lexicon.lookup("piatti") == ("masc", "plur")
    assert lexicon.lookup("virtù") == ("fem", None)
    assert lexicon.lookup("forchetta") == (None, None)
    assert "Tazza" in lexicon and "forchetta" not in lexicon
    assert lexicon_text(rows, [source], licence="x") == lexicon_text(list(reversed(rows)), [source], licence="x")
    before = out.read_bytes()
    write_lexicon(out, build_lexicon([source]), [source], licence="Licence: made up for a test.\nSecond line.")
    assert out.read_bytes() == before
    assert load_lexicon(out) is load_lexicon(str(out))


@pytest.mark.parametrize(
    "body, line, problem",
    [
        ("tazza\tfem\tsing\n", 2, "expected the header"),
        ("form\tgender\tnumber\tcount\ntazza\tfemminile\tsing\t2\n", 3, "gender 'femminile'"),
        ("form\tgender\tnumber\tcount\ntazza\tfem\tmany\t2\n", 3, "number 'many'"),
        ("form\tgender\tnumber\tcount\ntazza\tfem\tsing\n", 3, "4 tab-separated columns, found 3"),
        ("form\tgender\tnumber\tcount\ntazza\tfem\tsing\tdue\n", 3, "count 'due'"),
        ("form\tgender\tnumber\tcount\nTazza\tfem\tsing\t2\n", 3, "not lower-cased"),
        ("form\tgender\tnumber\tcount\ntazza\tfem\tsing\t2\ntazza\tfem\tsing\t2\n", 4, "appears twice"),
    ],
)
def test_a_malformed_lexicon_line_is_named(tmp_path, body, line, problem):
    path = write(tmp_path / "lex.tsv", "# a comment\n" + body)
    with pytest.raises(InputFormatError) as err:
        NounLexicon.load(path)
    assert (err.value.path, err.value.line) == (str(path), line)
    assert problem in err.value.problem


def test_a_missing_lexicon_says_how_to_build_it(tmp_path):
    with pytest.raises(MissingInputError, match="coref-transfer parser lexicon --ud"):
        NounLexicon.load(tmp_path / "absent.tsv")


def fake_ud(root: Path) -> Path:
    """A UD folder with every file the parser trains on, and a test file that must not be read."""
    for i, (folder, name) in enumerate(DEFAULT_TRAIN):
        write(root / folder / name, nouns("finestra", FS, 1) + nouns(f"parola{i}", MS, 2))
    folder, name = DEFAULT_TEST[0]
    write(root / folder / name, nouns("segreto", MS, 5))
    return root


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "coref_transfer", *args], check=False, capture_output=True, text=True, env=ENV
    )


def test_cli_writes_the_lexicon_from_the_training_files_only(tmp_path):
    ud = fake_ud(tmp_path / "ud")
    out = tmp_path / "out" / "it_nouns.tsv"
    first = run_cli("parser", "lexicon", "--ud", str(ud), "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert f"{len(DEFAULT_TRAIN) + 1} forms, {len(DEFAULT_TRAIN) + 1} with a gender" in first.stdout
    data = out.read_bytes()
    lexicon = NounLexicon.load(out)
    assert lexicon.lookup("finestra") == ("fem", "sing")
    assert "segreto" not in lexicon  # a test file is never read
    assert LICENCE_NOTE.splitlines()[0] in out.read_text(encoding="utf-8")
    second = run_cli("parser", "lexicon", "--ud", str(ud), "--out", str(out))
    assert second.returncode == 0, second.stderr
    assert out.read_bytes() == data


def test_cli_names_missing_ud_files(tmp_path):
    result = run_cli("parser", "lexicon", "--ud", str(tmp_path), "--out", str(tmp_path / "x.tsv"))
    assert result.returncode == 1
    assert "UD files not found" in result.stderr
    assert not (tmp_path / "x.tsv").exists()


# Checked against the training files (see the report of the commit that added
# them): "dimissioni" occurs once (so it has no value); "ferie" and
# "elezioni" are the plural-only and plural examples the data supports.
SHIPPED_EXPECTED = {
    "fondazione": ("fem", "sing"),
    "stazione": ("fem", "sing"),
    "canzone": ("fem", "sing"),
    "città": ("fem", None),  # 6 Sing, 2 Plur, 13 unmarked
    "crisi": ("fem", None),
    "società": ("fem", None),
    "re": ("masc", None),
    "ferie": ("fem", "plur"),
    "elezioni": ("fem", "plur"),
    "dimissioni": (None, None),
    "problema": ("masc", "sing"),
    "problemi": ("masc", "plur"),
    "insegnante": (None, "sing"),
}


@pytest.mark.parametrize("form, expected", sorted(SHIPPED_EXPECTED.items()))
def test_shipped_lexicon(form, expected):
    assert NounLexicon.load(SHIPPED).lookup(form) == expected


def test_shipped_lexicon_header_names_treebanks_and_licence():
    text = SHIPPED.read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    for folder, name in DEFAULT_TRAIN:
        assert any(f"{folder}/{name}" in line for line in header)
    assert not any("-ud-test" in line for line in header)
    assert any("CC BY-NC-SA 4.0" in line for line in header)
    assert "/work/" not in text
    assert (SHIPPED.parent / "LICENSE.txt").read_text(encoding="utf-8") == LICENCE_NOTE
    for treebank in ("ParTUT", "VIT", "ISDT", "MarkIT", "ParlaMint"):
        assert treebank in LICENCE_NOTE


@pytest.mark.skipif(
    not SHARED_UD.is_dir(),
    reason=f"rebuilding the shipped lexicon needs the UD Italian treebanks, which the project may not ship "
    f"(their licences); none in {SHARED_UD}: set COREF_TRANSFER_UD to their folder",
)
def test_shipped_lexicon_is_what_the_command_builds(tmp_path):
    """Rebuilt from the UD treebanks, the lexicon is byte for byte the shipped one."""
    out = tmp_path / "it_nouns.tsv"
    result = run_cli("parser", "lexicon", "--ud", str(SHARED_UD), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == SHIPPED.read_bytes()


def test_accuracy_script(tmp_path):
    ud = fake_ud(tmp_path / "ud")
    for folder, name in DEFAULT_TEST[1:]:
        write(ud / folder / name, nouns("finestra", FS, 1) + nouns("finestra", FP, 1) + nouns("ignota", FS, 2))
    lexicon = tmp_path / "it_nouns.tsv"
    assert run_cli("parser", "lexicon", "--ud", str(ud), "--out", str(lexicon)).returncode == 0
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "scripts" / "lexicon-accuracy.py"),
            "--ud",
            str(ud),
            "--lexicon",
            str(lexicon),
            "--json",
        ],
        check=False,
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)[str(lexicon)]
    total = figures["all"]
    # 5 "segreto" + 4 files x (2 "finestra" + 2 "ignota") test nouns; "finestra" is known (fem sing).
    assert total["nouns"] == 5 + 4 * 4
    assert total["gender_coverage"] == round(100 * 8 / 21, 1)
    assert total["gender_precision"] == 100.0
    assert total["number_precision"] == 50.0


def test_one_conllu_reader_for_the_parser_and_the_lexicon(tmp_path):
    """`parsing.ud` reads CoNLL-U for both: sentence blocks for training, words for the lexicon, one check."""
    from coref_transfer.ud_files import read_sentences, word_columns

    path = tmp_path / "a.conllu"
    text = sentence(("la", "DET", FS), ("casa", "NOUN", FS)) + sentence(("il", "DET", MS), ("tetto", "NOUN", MS))
    path.write_text(text, encoding="utf-8")
    blocks = read_sentences(path)
    assert [len(b) for b in blocks] == [3, 3]  # the comment and two words each
    assert [cols[1] for _, cols in word_columns(path)] == ["la", "casa", "il", "tetto"]
    path.write_text(text.replace("2\tcasa", "x\tcasa"), encoding="utf-8")
    with pytest.raises(InputFormatError) as info:
        read_sentences(path)
    assert info.value.line == 3 and "bad token ID 'x'" in str(info.value)


def test_a_missing_shipped_lexicon_is_an_error_naming_the_file(tmp_path, monkeypatch):
    """The rules read the shipped lexicon; a checkout without it fails loudly instead of guessing less."""
    import pytest

    from coref_transfer import resources
    from coref_transfer.lang.it import nouns

    (tmp_path / "resources").mkdir()  # a checkout whose lexicon is missing
    monkeypatch.setattr(resources, "REPO_ROOT", tmp_path)
    with pytest.raises(FileNotFoundError, match="it_nouns.tsv"):
        nouns.shipped_lexicon()
