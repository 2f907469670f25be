"""The licence notes: the code's licence in LICENSE and pyproject.toml; the shipped parser's and
lexicon's notes against the licences the UD treebanks themselves state (when they are at hand)."""

from __future__ import annotations

import re

import pytest
from conftest import REPO, SHARED_UD

from coref_transfer.lang.it import nouns
from coref_transfer.parsing import train

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

TREEBANKS = ("ParTUT", "VIT", "ISDT", "MarkIT", "ParlaMint")
NOTES = {"parser": train.LICENCE_NOTE, "lexicon": nouns.LICENCE_NOTE}


def test_the_code_is_apache_2():
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.split()[:4] == ["Apache", "License", "Version", "2.0,"]
    assert "END OF TERMS AND CONDITIONS" in text and "APPENDIX: How to apply the Apache License" in text
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "Apache-2.0" and project["license-files"] == ["LICENSE"]


def test_the_shipped_parser_carries_its_note():
    shipped = REPO / "resources" / "models" / "it_ud_coref_transfer" / "LICENSE.txt"
    assert shipped.read_text(encoding="utf-8") == train.LICENCE_NOTE


def stated(note: str, treebank: str) -> str:
    """The licence a note gives a treebank: the first parenthesis after its name."""
    return re.search(rf"{treebank}[^()]*\(([^)]*)\)", " ".join(note.split())).group(1)


@pytest.mark.skipif(not SHARED_UD.is_dir(), reason=f"no UD treebanks in {SHARED_UD}: set COREF_TRANSFER_UD")
@pytest.mark.parametrize("what", sorted(NOTES))
def test_each_treebank_licence_as_the_treebank_states_it(what):
    for treebank in TREEBANKS:
        readme = (SHARED_UD / f"UD_Italian-{treebank}" / "README.md").read_text(encoding="utf-8")
        (licence,) = re.findall(r"^License:\s*(.+?)\s*$", readme, flags=re.MULTILINE)
        assert stated(NOTES[what], treebank) == licence, (what, treebank)
