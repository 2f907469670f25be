"""Issue 40: parallel text in WIT³'s two forms (the IWSLT XML sets, the training data's lines), and its errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO

from coref_transfer.errors import InputFormatError
from coref_transfer.parallel import Segment, read_parallel_corpus

SAMPLE = REPO / "resources" / "parallel-sample"
XML = (SAMPLE / "ted.en-it.en.xml", SAMPLE / "ted.en-it.it.xml")
LINES = (SAMPLE / "ted.en-it.en", SAMPLE / "ted.en-it.it")


def test_both_forms_of_the_sample_read_the_same_segments():
    xml = read_parallel_corpus(*XML)
    assert xml == read_parallel_corpus(*LINES) == read_parallel_corpus(*XML, fmt="xml")
    assert len(xml) == 23 and [s.doc for s in xml].count("9002") == 8
    assert xml[0] == Segment(
        "9001",
        "1",
        "When I was twelve, my grandfather took me to the lighthouse where he had worked for thirty years.",
        "Quando avevo dodici anni, mio nonno mi portò al faro dove aveva lavorato per trent'anni.",
    )
    # the XML's escaped text is read as text; the talks' titles and metadata are no segments
    assert xml[6].english.startswith("Our sensors are cheaper & smaller")
    assert not any(s.english.startswith(("What a lighthouse", "<")) for s in xml)


def write(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def xml_file(path, docs, ref=False):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<mteval>", "<refset>" if ref else "<srcset>"]
    for doc, segs in docs:
        lines.append(f'<doc docid="{doc}" genre="lectures">')
        lines += [f'<seg id="{i}"> {text} </seg>' for i, text in segs]
        lines.append("</doc>")
    return write(path, [*lines, "</refset>" if ref else "</srcset>", "</mteval>"])


def test_plain_aligned_lines_read_without_talks(tmp_path):
    en = write(tmp_path / "a.en", ["One  sentence .", "Two &amp; three"])
    it = write(tmp_path / "a.it", ["Una frase .", "Due e tre"])
    assert read_parallel_corpus(en, it) == [
        Segment("", "1", "One sentence .", "Una frase ."),
        Segment("", "2", "Two & three", "Due e tre"),
    ]


def test_a_missing_translation_names_the_longer_file_and_the_line(tmp_path):
    en = write(tmp_path / "a.en", ["<talkid>1</talkid>", "One.", "Two.", "Three."])
    it = write(tmp_path / "a.it", ["<talkid>1</talkid>", "Uno.", "Due."])
    with pytest.raises(InputFormatError) as caught:
        read_parallel_corpus(en, it)
    assert caught.value.path == str(en) and caught.value.line == 4
    assert "3 segments here, 2 in" in caught.value.problem


def test_talks_out_of_step_name_both_files_and_lines(tmp_path):
    en = xml_file(tmp_path / "a.en.xml", [("7", [(1, "A."), (2, "B.")]), ("8", [(1, "C.")])])
    it = xml_file(tmp_path / "a.it.xml", [("7", [(1, "A."), (3, "B.")]), ("8", [(1, "C.")])], ref=True)
    with pytest.raises(InputFormatError) as caught:
        read_parallel_corpus(en, it)
    assert caught.value.path == str(it) and caught.value.line == 6
    assert "talk '7' segment '3' here, but talk '7' segment '2'" in caught.value.problem
    assert f"{en}:6" in caught.value.problem


def test_a_segment_split_over_two_lines_is_an_error_with_its_line(tmp_path):
    en = write(tmp_path / "a.en.xml", ["<mteval>", '<doc docid="1">', '<seg id="1"> A sentence', "cut. </seg>"])
    with pytest.raises(InputFormatError) as caught:
        read_parallel_corpus(en, en)
    assert caught.value.line == 3 and "on one line" in caught.value.problem


def test_a_segment_outside_a_talk_and_an_empty_set_are_errors(tmp_path):
    en = write(tmp_path / "a.en.xml", ["<mteval>", '<seg id="1"> A. </seg>'])
    with pytest.raises(InputFormatError, match="outside any <doc"):
        read_parallel_corpus(en, en, fmt="xml")
    empty = write(tmp_path / "e.en", ["<talkid>1</talkid>"])
    with pytest.raises(InputFormatError, match="no segment read"):
        read_parallel_corpus(empty, empty)


def test_unreadable_files_and_unknown_formats(tmp_path):
    with pytest.raises(InputFormatError, match="cannot read"):
        read_parallel_corpus(tmp_path / "missing.en", tmp_path / "missing.it")
    latin = tmp_path / "l.en"
    latin.write_bytes("perché\n".encode("latin-1"))
    with pytest.raises(InputFormatError, match="not UTF-8"):
        read_parallel_corpus(latin, latin)
    with pytest.raises(ValueError, match="expected one of"):
        read_parallel_corpus(*LINES, fmt="tmx")


def test_a_corpus_becomes_the_aligners_parallel_text_tokenised_as_the_stages_text(tmp_path):
    """`coref-transfer align corpus`: WIT³'s XML in, `English ||| Italian` lines out, which the aligner reads."""
    from coref_transfer.translate.align.fast_align import FastAlign, read_parallel

    out = tmp_path / "ted-pairs.txt"
    done = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "align", "corpus", "--english", str(XML[0]), "--italian"]
        + [str(XML[1]), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "23 segments read, 23 pairs written" in done.stderr
    pairs = read_parallel(out)
    assert len(pairs) == 23
    # the English split as the corpora's tokens are ("did" + "n't"), the Italian as the translate stage's
    assert pairs[4] == (["I", "did", "n't", "understand", "it", "then", "."], ["Allora", "non", "lo", "capii", "."])
    assert pairs[0][1][-3:] == ["trent'", "anni", "."]
    assert pairs[6][0][4] == "&"
    info = FastAlign(parallel=[out], iterations=2).fit([(["the", "sea"], ["il", "mare"])])
    assert info["parallel_pairs"] == 23 and info["pairs"] == 1


def test_a_corpus_out_of_step_fails_naming_the_file_and_line_and_writes_nothing(tmp_path):
    en = write(tmp_path / "a.en", ["One.", "Two."])
    it = write(tmp_path / "a.it", ["Uno."])
    out = tmp_path / "pairs.txt"
    done = subprocess.run(
        [sys.executable, "-m", "coref_transfer", "align", "corpus", "--english", str(en), "--italian", str(it)]
        + ["--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert f"{en}:2: 2 segments here, 1 in {it}" in done.stderr
    assert not out.exists()
