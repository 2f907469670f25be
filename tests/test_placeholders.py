"""Placeholder inventories: loading and its errors, draws, survival on token boundaries, the round-trip check."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import gender_guesser.detector as gender_detector
import pytest

from coref_transfer.classes import CLASSES, SINGULAR_CLASSES
from coref_transfer.errors import ConfigError, InputFormatError, MissingInputError
from coref_transfer.lang.it.tokenize import tokenize
from coref_transfer.translate.mt.base import TranslationError
from coref_transfer.translate.placeholders.check import check_inventory
from coref_transfer.translate.placeholders.inventory import (
    Inventory,
    InventoryExhaustedError,
    Placeholder,
    PlaceholderError,
    class_file,
    find_placeholder,
    pair_placeholder,
    singular_placeholder,
)

REPO = Path(__file__).resolve().parent.parent
SHIPPED = REPO / "resources" / "placeholders"

PM, PF, TM, TF = SINGULAR_CLASSES[0], SINGULAR_CLASSES[1], SINGULAR_CLASSES[2], SINGULAR_CLASSES[3]
SMALL = {
    ("person", "masc", "sing"): ["Marco", "Paolo", "Carlo", "Enrico"],
    ("person", "fem", "sing"): ["Gabriella", "Sabrina", "Elena", "Giulia"],
    ("thing", "masc", "sing"): ["Gustavo", "Ruggero", "Ilario"],
    ("thing", "fem", "sing"): ["Verona", "Modena", "Parma"],
}


def write_inventory(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def small_files(**override: str) -> dict[str, str]:
    """The SMALL inventory as file texts, with some files replaced."""
    files = {class_file(c): "# test inventory\n" + "\n".join(tokens) + "\n" for c, tokens in SMALL.items()}
    files.update({f"{k}.txt": v for k, v in override.items()})
    return files


@pytest.fixture
def small(tmp_path) -> Inventory:
    return Inventory.load(write_inventory(tmp_path / "inv", small_files()), min_per_class=3)


# -- the shipped inventory -------------------------------------------------------


def test_shipped_inventory_loads_with_the_default_minimum():
    inv = Inventory.load(SHIPPED)
    for c in SINGULAR_CLASSES:
        assert len(inv.tokens(c)) >= 60, c
    assert len(inv.fingerprint) == 64


def test_shipped_inventory_follows_its_design():
    """Form agrees with gender (-o masculine, -a feminine); cities start with a consonant (no elision)."""
    inv = Inventory.load(SHIPPED)
    for c in SINGULAR_CLASSES:
        ending = "o" if c[1] == "masc" else "a"
        assert all(t.endswith(ending) for t in inv.tokens(c)), c
    assert not [t for t in inv.tokens(TF) if t[0] in "AEIOU"]
    for banned in ("Andrea", "Nicola", "Luca", "Simone", "Serena", "Marco", "Rosa", "Gemma", "Bianca", "Bologna"):
        assert all(banned not in inv.tokens(c) for c in SINGULAR_CLASSES), banned


def test_shipped_person_names_have_the_gender_of_their_class():
    """gender-guesser (the project's first-name lexicon) agrees, in general and for Italy."""
    detector = gender_detector.Detector(case_sensitive=False)
    inv = Inventory.load(SHIPPED)
    for c in (PM, PF, TM):
        want = "male" if c[1] == "masc" else "female"
        wrong = [t for t in inv.tokens(c) if {detector.get_gender(t), detector.get_gender(t, "italy")} != {want}]
        assert not wrong, (c, wrong)


# -- loading and its errors -------------------------------------------------------


def test_load_reads_tokens_in_order_and_keeps_comments(small):
    assert small.tokens(PM) == ("Marco", "Paolo", "Carlo", "Enrico")
    assert small.tokens(("person", "masc", "plur")) == small.tokens(PM)
    assert small.comments(TF) == ("# test inventory",)
    assert small.size(PF) == 4 and small.size(("person", "fem", "plur")) == 12


def test_blank_lines_and_surrounding_spaces_are_ignored(tmp_path):
    files = small_files(person_masc_sing="\n  Marco  \n\n# a comment\nPaolo\nCarlo\n")
    inv = Inventory.load(write_inventory(tmp_path, files), min_per_class=3)
    assert inv.tokens(PM) == ("Marco", "Paolo", "Carlo")


@pytest.mark.parametrize(
    "text,line,needle",
    [
        ("Marco\nPaolo\nMarco Polo\n", 3, "has a space"),
        ("Marco\nPaolo\nCarlo\nD'Amico\n", 4, "non-letter"),
        ("Marco\nPaolo2\nCarlo\n", 2, "non-letter"),
        ("Marco\nPaolo\nCarlo # comment\n", 3, "has a space"),
        ("Marco\npaolo\nCarlo\n", 2, "capital letter"),
        ("Marco\nPaolo\nCarlo\nPaolo\n", 4, "already at line 2"),
        ("Marco\nPaolo\nCarlo\nMARCO\n", 4, "already at line 1"),
    ],
)
def test_bad_token_lines_name_file_and_line(tmp_path, text, line, needle):
    folder = write_inventory(tmp_path, small_files(person_masc_sing=text))
    with pytest.raises(InputFormatError) as err:
        Inventory.load(folder, min_per_class=3)
    assert err.value.path.endswith("person_masc_sing.txt")
    assert err.value.line == line
    assert needle in err.value.problem


def test_duplicate_across_files_names_both(tmp_path):
    files = small_files(thing_masc_sing="Gustavo\nRuggero\nPaolo\n")
    with pytest.raises(InputFormatError) as err:
        Inventory.load(write_inventory(tmp_path, files), min_per_class=3)
    assert err.value.path.endswith("thing_masc_sing.txt") and err.value.line == 3
    assert "person_masc_sing.txt:3" in err.value.problem  # line 1 is the header comment


def test_missing_file(tmp_path):
    files = small_files()
    del files["thing_fem_sing.txt"]
    with pytest.raises(InputFormatError) as err:
        Inventory.load(write_inventory(tmp_path, files), min_per_class=3)
    assert err.value.path.endswith("thing_fem_sing.txt") and err.value.line is None
    assert "missing" in str(err.value)


def test_too_few_tokens_uses_the_default_minimum(tmp_path):
    with pytest.raises(InputFormatError) as err:
        Inventory.load(write_inventory(tmp_path, small_files()))
    assert err.value.path.endswith("person_masc_sing.txt")
    assert "4 token(s)" in err.value.problem and "at least 40" in err.value.problem


@pytest.mark.parametrize("name,needle", [("person_masc_plur.txt", "built from pairs"), ("notes.md", "expected only")])
def test_unknown_file_in_the_folder(tmp_path, name, needle):
    files = small_files()
    files[name] = "Marco and Paolo\n"
    with pytest.raises(InputFormatError) as err:
        Inventory.load(write_inventory(tmp_path, files), min_per_class=3)
    assert err.value.path.endswith(name)
    assert needle in err.value.problem and "person_fem_sing.txt" in err.value.problem


def test_hidden_files_are_ignored(tmp_path):
    files = small_files()
    files[".person_masc_sing.txt.abc.tmp"] = "junk\n"
    assert Inventory.load(write_inventory(tmp_path, files), min_per_class=3).tokens(PM)[0] == "Marco"


def test_missing_folder_and_bad_minimum(tmp_path):
    with pytest.raises(MissingInputError):
        Inventory.load(tmp_path / "nowhere")
    with pytest.raises(ConfigError):
        Inventory.load(write_inventory(tmp_path, small_files()), min_per_class=1)


def test_invalid_utf8(tmp_path):
    folder = write_inventory(tmp_path, small_files())
    (folder / "thing_fem_sing.txt").write_bytes(b"Verona\n\xff\xfe\n")
    with pytest.raises(InputFormatError, match="invalid UTF-8"):
        Inventory.load(folder, min_per_class=3)


# -- fingerprint, without, write ---------------------------------------------------


def test_fingerprint_follows_tokens_and_order_not_comments(tmp_path):
    base = Inventory.load(write_inventory(tmp_path / "a", small_files()), min_per_class=3)
    commented = Inventory.load(
        write_inventory(tmp_path / "b", small_files(person_masc_sing="# other\nMarco\nPaolo\n\nCarlo\nEnrico\n")),
        min_per_class=3,
    )
    reordered = Inventory.load(
        write_inventory(tmp_path / "c", small_files(person_masc_sing="Paolo\nMarco\nCarlo\nEnrico\n")), min_per_class=3
    )
    assert base.fingerprint == commented.fingerprint
    assert base.fingerprint != reordered.fingerprint
    assert base.without(["Enrico"]).fingerprint != base.fingerprint


def test_without_returns_a_copy(small):
    smaller = small.without(["Paolo", "verona"])
    assert smaller.tokens(PM) == ("Marco", "Carlo", "Enrico")
    assert smaller.tokens(TF) == ("Modena", "Parma")
    assert "Paolo" in small.tokens(PM)  # the original is untouched
    with pytest.raises(PlaceholderError, match="Pippo"):
        small.without(["Pippo"])


def test_write_round_trip(small, tmp_path):
    paths = small.write(tmp_path / "out")
    assert sorted(p.name for p in paths) == sorted(class_file(c) for c in SINGULAR_CLASSES)
    again = Inventory.load(tmp_path / "out", min_per_class=3)
    assert again == small and again.fingerprint == small.fingerprint
    assert not list((tmp_path / "out").glob(".*"))  # no temporary file left behind


# -- draws ---------------------------------------------------------------------


def test_draws_are_deterministic_for_a_seed(small):
    def run(seed):
        rng = random.Random(seed)
        return [small.draw(c, rng, set()).source for c in CLASSES for _ in range(5)]

    assert run(13) == run(13)
    assert run(13) != run(14)


def test_draws_stay_in_their_class(small):
    rng = random.Random(0)
    for c in CLASSES:
        for _ in range(20):
            ph = small.draw(c, rng, set())
            assert ph.cls == c
            assert set(ph.tokens) <= set(SMALL[(c[0], c[1], "sing")])


def test_singular_draw_is_the_token_itself(small):
    ph = small.draw(PF, random.Random(3), set())
    assert ph == Placeholder(ph.tokens[0], (ph.tokens[0],), PF, ph.tokens)


def test_exclusion_is_honoured_by_letter_runs_and_case(small):
    rng = random.Random(5)
    # "Verona-based" and "modena" keep both cities out; only Parma is left
    for _ in range(10):
        assert small.draw(TF, rng, {"Verona-based", "modena"}).source == "Parma"
    assert small.draw(PM, rng, {"Marco", "Paolo's", "Carlo"}).source == "Enrico"


def test_exhaustion_raises_a_lookup_error(small):
    with pytest.raises(InventoryExhaustedError) as err:
        small.draw(TF, random.Random(0), {"Verona", "Modena", "Parma"})
    assert isinstance(err.value, LookupError)
    assert "thing_fem_sing.txt" in str(err.value) and "0 of 3" in str(err.value)
    # a plural placeholder needs two free tokens
    with pytest.raises(InventoryExhaustedError, match="needs 2"):
        small.draw(("thing", "fem", "plur"), random.Random(0), {"Verona", "Modena"})


def test_unknown_class_lists_the_valid_ones(small):
    with pytest.raises(PlaceholderError, match="person/fem/plur"):
        small.draw(("animal", "fem", "sing"), random.Random(0), set())


def test_draws_are_uniform_over_free_placeholders(small):
    rng = random.Random(1)
    singles = Counter(small.draw(TF, rng, set()).source for _ in range(3000))
    assert set(singles) == {"Verona", "Modena", "Parma"}
    assert all(800 < n < 1200 for n in singles.values())
    pairs = Counter(small.draw(("thing", "fem", "plur"), rng, set()).tokens for _ in range(6000))
    assert len(pairs) == 6  # all ordered pairs of distinct cities
    assert all(800 < n < 1200 for n in pairs.values())


@pytest.mark.parametrize("cls", [c for c in CLASSES if c[2] == "plur"])
def test_plural_draws_carry_gender_by_a_pair_of_that_gender(small, cls):
    ph = small.draw(cls, random.Random(2), set())
    first, second = ph.tokens
    assert first != second
    assert {first, second} <= set(SMALL[(cls[0], cls[1], "sing")])
    assert ph.source == f"{first} and {second}"
    assert ph.targets[:2] == (f"{first} e {second}", f"{first} ed {second}")
    assert f"{first} e a {second}" in ph.targets


# -- survival on token boundaries ----------------------------------------------------


def test_tokenize_keeps_elision_left_and_splits_clitic_s():
    assert tokenize("Gabriella è nata a Verona.") == ["Gabriella", "è", "nata", "a", "Verona", "."]
    assert tokenize("il porto d'Ancona, l’auto di Gabriella's") == [
        "il",
        "porto",
        "d'",
        "Ancona",
        ",",
        "l’",
        "auto",
        "di",
        "Gabriella",
        "'s",
    ]


def test_find_singular_only_on_token_boundaries():
    ph = singular_placeholder("Gabriella", PF)
    assert find_placeholder(tokenize("Gabriella è la matrigna di Serena."), ph) == [0]
    assert find_placeholder(tokenize("Le Gabriellas sono qui."), ph) == []
    assert find_placeholder(tokenize("gabriella è qui."), ph) == []  # a changed token is not the placeholder
    assert find_placeholder(tokenize("Gabriella e Gabriella."), ph) == [0, 2]
    marco = singular_placeholder("Marco", PM)
    assert find_placeholder(tokenize("I Marcolini e Marco."), marco) == [3]


def test_find_plural_forms():
    ph = pair_placeholder("Marco", "Paolo", ("person", "masc", "plur"))
    assert find_placeholder(tokenize("Marco e Paolo sono arrivati."), ph) == [0]
    assert find_placeholder(tokenize("Ha parlato a Marco e a Paolo."), ph) == [3]
    assert find_placeholder(tokenize("Marco, Paolo sono arrivati."), ph) == []
    assert find_placeholder(tokenize("Paolo e Marco sono arrivati."), ph) == []  # reordered: not this placeholder
    assert find_placeholder(tokenize("Marcolini e Paolo"), ph) == []
    ed = pair_placeholder("Paolo", "Enrico", ("person", "masc", "plur"))
    assert find_placeholder(tokenize("Paolo ed Enrico sono arrivati."), ed) == [0]
    assert find_placeholder(tokenize("Paolo e Enrico sono arrivati."), ed) == [0]


# -- the round-trip check ------------------------------------------------------------


def scripted(outputs: dict[str, str]):
    """A translator that returns chosen Italian for each test sentence (a scripted response
    is the point of these tests: a real model cannot be made to drop a placeholder on demand)."""
    calls: list[list[str]] = []

    def translate(segments: list[str]) -> list[str]:
        calls.append(list(segments))
        return [outputs.get(s, "") for s in segments]

    translate.calls = calls  # type: ignore[attr-defined]
    return translate


def faithful(inventory: Inventory) -> dict[str, str]:
    """The correct Italian for every probe sentence."""
    out = {}
    for c in SINGULAR_CLASSES:
        end = "o" if c[1] == "masc" else "a"
        for t in inventory.tokens(c):
            if c[0] == "person":
                out[f"{t} was born in a small town."] = f"{t} è nat{end} in un piccolo paese."
            else:
                out[f"{t} was founded long ago."] = f"{t} è stat{end} fondat{end} molto tempo fa."
    return out


def test_check_keeps_copied_tokens_and_reports_the_others(small):
    outputs = faithful(small)
    outputs["Sabrina was born in a small town."] = "Sabrinas è nata in un piccolo paese."  # inflected
    outputs["Elena was born in a small town."] = "È nata in un piccolo paese."  # dropped
    outputs["Parma was founded long ago."] = "Parma, Parma è stata fondata molto tempo fa."  # repeated
    outputs["Ruggero was founded long ago."] = "Ruggero è stata fondata molto tempo fa."  # gender flipped
    outputs["Ilario was founded long ago."] = "Ilario fu creato molto tempo fa."  # no participle: no evidence
    translate = scripted(outputs)
    report = check_inventory(small, translate)

    assert len(translate.calls) == 1 and len(translate.calls[0]) == 14  # one batch, every singular token
    assert report.survivors[PF] == ("Gabriella", "Giulia")
    assert report.survivors[PM] == ("Marco", "Paolo", "Carlo", "Enrico")
    assert report.survivors[TM] == ("Gustavo", "Ilario")
    assert report.survivors[TF] == ("Verona", "Modena")
    altered = {a.token: a for a in report.altered}
    assert set(altered) == {"Sabrina", "Elena", "Parma"}
    assert altered["Sabrina"].output == "Sabrinas è nata in un piccolo paese."
    assert altered["Sabrina"].source == "Sabrina was born in a small town."
    assert altered["Elena"].problem == "missing or changed"
    assert altered["Parma"].problem == "repeated 2 times"
    assert [(m.token, m.cls) for m in report.misagreed] == [("Ruggero", TM)]
    assert report.below_minimum(3) == [PF, TM, TF]


def test_report_write_produces_a_loadable_inventory(small, tmp_path):
    outputs = faithful(small)
    outputs["Sabrina was born in a small town."] = "La Sabrinetta è nata in un piccolo paese."
    report = check_inventory(small, scripted(outputs))
    report.write(tmp_path / "checked")
    checked = Inventory.load(tmp_path / "checked", min_per_class=3)
    assert checked.tokens(PF) == ("Gabriella", "Elena", "Giulia")
    assert checked.tokens(PM) == small.tokens(PM)
    text = (tmp_path / "checked" / "person_fem_sing.txt").read_text(encoding="utf-8")
    note = "# round-trip check: kept 3 of 4; altered by the model: Sabrina"
    assert text.splitlines()[:2] == ["# test inventory", note]
    assert checked.comments(PM)[-1] == "# round-trip check: kept 4 of 4"


def test_check_rejects_a_translator_that_loses_segments(small):
    with pytest.raises(TranslationError, match="returned 1 outputs"):
        check_inventory(small, lambda segments: segments[:1])


def test_a_name_in_the_wrong_gender_class_is_rejected(tmp_path):
    from coref_transfer.translate.placeholders.inventory import Inventory, class_file

    shipped = REPO / "resources" / "placeholders"
    for path in shipped.glob("*.txt"):
        (tmp_path / path.name).write_text(path.read_text())
    target = tmp_path / class_file(("person", "masc", "sing"))
    target.write_text(target.read_text() + "Giulia\n")
    with pytest.raises(InputFormatError) as info:
        Inventory.load(tmp_path)
    assert "'Giulia' is a feminine name, in the masc person class" in str(info.value)
    assert info.value.line == len(target.read_text().splitlines())
