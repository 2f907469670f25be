"""The CoNLL-2012 reader: every column, every bracket form, every bad-input error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coref_transfer.conll.reader import find_conll_files, read_conll
from coref_transfer.conll.writer import format_part
from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.model import Mention, NamedEntity, Span

# Written for these tests. 13 columns: one predicate-argument column.
GOOD = """\
#begin document (bc/radio/00/radio_0001); part 000
bc/radio/00/radio_0001   0   0   Maria     NNP   (TOP(S(NP*    -      -    -   Host   (PERSON*   (ARG0*   (12)|(3
bc/radio/00/radio_0001   0   1   Bianchi   NNP   *)            -      -    -   Host   *)         *)       3)
bc/radio/00/radio_0001   0   2   met       VBD   (VP*          meet   01   1   Host   *          (V*)     -
bc/radio/00/radio_0001   0   3   him       PRP   (NP*)         -      -    -   Host   *          (ARG1*)  (7)
bc/radio/00/radio_0001   0   4   in        IN    (PP*          -      -    -   Host   *          *        -
bc/radio/00/radio_0001   0   5   Rome      NNP   (NP*)))       -      -    -   Host   (GPE)      *        (5)
bc/radio/00/radio_0001   0   6   .         .     *))           -      -    -   Host   *          *        -

bc/radio/00/radio_0001   0   0   He        PRP   (TOP(S(NP*)   -      -    -   Guest  *          *        (7)
bc/radio/00/radio_0001   0   1   smiled    VBD   (VP*)         smile  01   1   Guest  *          *        -
bc/radio/00/radio_0001   0   2   .         .     *))           -      -    -   Guest  *          *        -

#end document
#begin document (bc/radio/00/radio_0001); part 001
bc/radio/00/radio_0001   1   0   It        PRP   (TOP(S(NP*)   -      -    -   -      *          *        (1)
bc/radio/00/radio_0001   1   1   rained    VBD   (VP*)         -      -    -   -      *          *        -
bc/radio/00/radio_0001   1   2   .         .     *))           -      -    -   -      *          *        -

#end document
"""


def write(tmp_path: Path, text: str | bytes, name: str = "doc.gold_conll") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def replace_line(text: str, lineno: int, new: str) -> str:
    lines = text.split("\n")
    lines[lineno - 1] = new
    return "\n".join(lines)


def set_cell(text: str, lineno: int, column: int, value: str) -> str:
    cells = text.split("\n")[lineno - 1].split()
    cells[column] = value
    return replace_line(text, lineno, "   ".join(cells))


def test_reads_every_column(tmp_path):
    parts = read_conll(write(tmp_path, GOOD))
    assert [(p.doc_id, p.part) for p in parts] == [("bc/radio/00/radio_0001", 0), ("bc/radio/00/radio_0001", 1)]
    first = parts[0].utterances[0]
    assert first.tokens == ["Maria", "Bianchi", "met", "him", "in", "Rome", "."]
    assert first.pos[:3] == ["NNP", "NNP", "VBD"]
    assert first.lemmas[2] == "meet" and first.framesets[2] == "01" and first.senses[2] == "1"
    assert first.speaker == "Host"
    assert first.arguments == [["(ARG0*", "*)", "(V*)", "(ARG1*)", "*", "*", "*"]]
    assert first.entities == [NamedEntity("PERSON", Span(0, 1)), NamedEntity("GPE", Span(5, 5))]
    assert sorted(first.mentions, key=lambda m: (m.span, m.cluster_id)) == [
        Mention(12, Span(0, 0)),
        Mention(3, Span(0, 1)),
        Mention(7, Span(3, 3)),
        Mention(5, Span(5, 5)),
    ]
    assert first.line == 2 and parts[0].utterances[1].line == 10
    assert first.tree().to_string() == (
        "(TOP (S (NP (NNP Maria) (NNP Bianchi)) (VP (VBD met) (NP (PRP him)) (PP (IN in) (NP (NNP Rome)))) (. .)))"
    )


def test_bar_forms_close_then_single(tmp_path):
    text = GOOD.replace("(12)|(3", "(3").replace("   3)", "   3)|(7)")
    parts = read_conll(write(tmp_path, text))
    mentions = set(parts[0].utterances[0].mentions)
    assert Mention(3, Span(0, 1)) in mentions and Mention(7, Span(1, 1)) in mentions


def test_round_trip_through_writer(tmp_path):
    parts = read_conll(write(tmp_path, GOOD))
    again = write(tmp_path, "".join(format_part(p) for p in parts), "again.gold_conll")
    reread = read_conll(again)
    for a, b in zip(parts, reread):
        for ua, ub in zip(a.utterances, b.utterances):
            assert (ua.tokens, ua.pos, ua.parse_bits, ua.entities, sorted(ua.mentions, key=str), ua.arguments) == (
                ub.tokens,
                ub.pos,
                ub.parse_bits,
                ub.entities,
                sorted(ub.mentions, key=str),
                ub.arguments,
            )


def test_oddities_are_read(tmp_path):
    """A span in two chains, nested same-chain mentions and crossing mentions are legal input."""
    text = set_cell(GOOD, 2, 12, "(12)|(3|(4")
    text = set_cell(text, 3, 12, "3)|4)")
    parts = read_conll(write(tmp_path, text))
    assert {Mention(3, Span(0, 1)), Mention(4, Span(0, 1))} <= set(parts[0].utterances[0].mentions)


def test_no_parse_column(tmp_path):
    lines = []
    for line in GOOD.split("\n"):
        cells = line.split()
        if len(cells) >= 12:
            cells[5] = "-"
            line = "   ".join(cells)
        lines.append(line)
    parts = read_conll(write(tmp_path, "\n".join(lines)))
    assert parts[0].utterances[0].tree() is None


# fmt: off
BAD_CASES = [
    # (description, transform of GOOD, expected line, message pattern)
    ("wrong column count", lambda t: replace_line(t, 2, " ".join(t.split("\n")[1].split()[:-2])), 2, r"wrong column count: 11 columns, at least 12"),
    ("column count differs inside a sentence", lambda t: replace_line(t, 3, t.split("\n")[2] + "   *"), 3, r"wrong column count: 14 columns, but .* \(line 2\) has 13"),
    ("unbalanced coref: closed never opened", lambda t: set_cell(t, 5, 12, "9)"), 5, r"chain 9 closed here but never opened"),
    ("unbalanced coref: never closed", lambda t: set_cell(t, 4, 12, "(9"), 4, r"chain 9 opened here is never closed"),
    ("malformed coref piece", lambda t: set_cell(t, 4, 12, "(x)"), 4, r"malformed coreference piece '\(x\)'"),
    ("unbalanced parse: never closed", lambda t: set_cell(t, 8, 5, "*)"), 8, r"1 constituent\(s\) still open"),
    ("unbalanced parse: closed never opened", lambda t: set_cell(t, 8, 5, "*)))"), 8, r"closes a constituent never opened"),
    ("malformed parse bit", lambda t: set_cell(t, 4, 5, "(VP"), 4, r"malformed parse bit '\(VP'"),
    ("unbalanced NE: never closed", lambda t: set_cell(set_cell(t, 3, 10, "*"), 7, 10, "*"), 2, r"PERSON opened here is never closed"),
    ("unbalanced NE: closed never opened", lambda t: set_cell(t, 5, 10, "*)"), 5, r"'\*\)' closes an entity never opened"),
    ("nested NE", lambda t: set_cell(t, 3, 10, "(GPE*"), 3, r"opens an entity while PERSON \(line 2\) is still open"),
    ("token line outside a document", lambda t: t.replace("#end document\n#begin", "#end document\nbc/radio/00/radio_0001 1 0 x NN * - - - - * -\n#begin"), 15, r"token line outside a document"),
    ("document id differs from header", lambda t: set_cell(t, 4, 0, "bc/radio/00/radio_0002"), 4, r"document id 'bc/radio/00/radio_0002' differs"),
    ("part number differs from header", lambda t: set_cell(t, 4, 1, "3"), 4, r"part number '3' differs"),
    ("missing #end document at end of file", lambda t: t.rsplit("#end document", 1)[0], 20, r"missing '#end document' for \(bc/radio/00/radio_0001\); part 001 opened at line 15"),
    ("missing #end document before a new part", lambda t: t.replace("#end document\n#begin", "#begin", 1), 14, r"missing '#end document' .* part 000 opened at line 1 before a new"),
    ("non-integer word index", lambda t: set_cell(t, 4, 2, "2a"), 4, r"word index '2a' is not an integer"),
    ("word index out of order", lambda t: set_cell(t, 4, 2, "5"), 4, r"word index 5 out of order: expected 2"),
    ("malformed header", lambda t: replace_line(t, 1, "#begin document bc/radio; part 0"), 1, r"malformed header"),
    ("#end without #begin", lambda t: t + "#end document\n", 21, r"'#end document' without a '#begin document'"),
    ("same part twice", lambda t: t + "#begin document (bc/radio/00/radio_0001); part 001\n", 21, r"already began at line 15"),
]
# fmt: on


@pytest.mark.parametrize("description,transform,line,pattern", BAD_CASES, ids=[c[0] for c in BAD_CASES])
def test_bad_input_names_file_and_line(tmp_path, description, transform, line, pattern):
    path = write(tmp_path, transform(GOOD))
    with pytest.raises(InputFormatError) as info:
        read_conll(path)
    assert info.value.path == str(path)
    assert info.value.line == line, str(info.value)
    assert re.search(pattern, info.value.problem), info.value.problem
    assert str(info.value).startswith(f"{path}:{line}: ")


def test_invalid_utf8_names_line_and_column(tmp_path):
    raw = GOOD.encode("utf-8").replace(b"Rome", b"R\xffme")
    with pytest.raises(InputFormatError) as info:
        read_conll(write(tmp_path, raw))
    assert info.value.line == 7
    assert "invalid UTF-8: byte 0xff at column" in info.value.problem


@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_empty_file(tmp_path, content):
    with pytest.raises(InputFormatError, match="the file is empty"):
        read_conll(write(tmp_path, content))


def test_find_files_in_release_layout(tmp_path):
    target = tmp_path / "train/data/english/annotations/bc/radio/00/radio_0001.gold_conll"
    target.parent.mkdir(parents=True)
    target.write_text(GOOD)
    (tmp_path / "train/data/english/annotations/bc/radio/00/notes.txt").write_text("not conll")
    assert find_conll_files([tmp_path]) == [target]
    assert find_conll_files([target, tmp_path]) == [target]


def test_find_files_errors(tmp_path):
    with pytest.raises(MissingInputError, match="no such file or folder"):
        find_conll_files([tmp_path / "absent"])
    with pytest.raises(MissingInputError, match="no '\\*gold_conll' file"):
        find_conll_files([tmp_path])
