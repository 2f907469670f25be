"""`coref-transfer models evaluate`: candidate translators compared (translate.mt.choice).

Real components: the tiny random CTranslate2 Marian model the tests build offline, a translation memory
that keeps the tags, the parallel sample's reader, the joint method's tagging and reading, sacrebleu.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tagged_trip import TRIP, TRIP_IT

from coref_transfer.records import write_records
from coref_transfer.translate.joint import joint_segments
from coref_transfer.translate.mt.choice import FILES, TIMING_COLUMNS, plot

REPO = Path(__file__).resolve().parents[1]

# A parallel set of three TED-like segments, in the line-aligned form (one segment a line).
ENGLISH = ["I didn't understand it then.", "He climbed the stairs slowly.", "The sea does not care about you."]
ITALIAN = ["Allora non lo capivo.", "Salì le scale lentamente.", "Al mare non importa di te."]
MINE = ["Allora non lo capivo.", "Salì lentamente le scale.", "Il mare non si cura di te."]


@pytest.fixture
def setup(tmp_path, joint_beta3):
    """A selection folder, a parallel set and a memory that keeps the tags (its Italian is not the reference's
    word for word, so chrF is below 100)."""
    selection = tmp_path / "select"
    selection.mkdir()
    utterances = joint_beta3(TRIP)
    write_records(utterances, selection / "beta3.parquet", "beta3")
    assert sorted(s.text for s in joint_segments(utterances)) == sorted(TRIP_IT)
    (tmp_path / "p.en").write_text("\n".join(ENGLISH) + "\n", encoding="utf-8")
    (tmp_path / "p.it").write_text("\n".join(ITALIAN) + "\n", encoding="utf-8")
    memory = tmp_path / "memory.tsv"
    pairs = [*zip(ENGLISH, MINE), *TRIP_IT.items()]
    memory.write_text("".join(f"{en}\t{it}\n" for en, it in pairs), encoding="utf-8")
    return tmp_path, selection, memory


def settings(tmp_path, memory, model, **extra):
    candidates = [
        {"name": "tiny", "backend": "ctranslate2", "model": str(model)},
        {"name": "memory", "backend": "memory", "memory": str(memory)},
        # a plugin: the tests' counting translator, the same memory behind it
        {
            "name": "plugin",
            "backend": "plugin",
            "plugin": "counting_translator:make",
            "plugin_options": {"memory": str(memory), "log": str(tmp_path / "plugin-calls.jsonl")},
        },
    ]
    choice = {
        "candidates": candidates,
        "english": str(tmp_path / "p.en"),
        "italian": str(tmp_path / "p.it"),
        "format": "lines",
        **extra,
    }
    return {"translator_choice": choice, "translate": {"beam_size": 1, "max_decoding_length": 32}}


def run(selection, out, config) -> subprocess.CompletedProcess:
    """The command as users run it (a real process: errors exit 1 with their message)."""
    args = ["models", "evaluate", "--selection", str(selection), "--out", str(out), "--config-json", json.dumps(config)]
    paths = [str(REPO / "src"), str(REPO / "tests" / "plugins"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    return subprocess.run([sys.executable, "-m", "coref_transfer", *args], capture_output=True, text=True, env=env)


def rows(out: Path) -> list[dict[str, str]]:
    with open(out / "table.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_table_the_plot_and_the_recommendation(setup, tiny_marian_dir):
    tmp_path, selection, memory = setup
    out = tmp_path / "choice"
    result = run(selection, out, settings(tmp_path, memory, tiny_marian_dir))
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES)
    table = {r["candidate"]: r for r in rows(out)}
    assert list(table) == ["tiny", "memory", "plugin"]
    assert float(table["memory"]["tag_survival"]) == float(table["plugin"]["tag_survival"]) == 1.0
    assert float(table["memory"]["placed_by_tags"]) == 1.0
    assert int(table["memory"]["tagged_segments"]) == 2 and int(table["memory"]["mentions"]) == 6
    assert float(table["tiny"]["tag_survival"]) <= 0.5  # a random model garbles the tags
    assert table["tiny"]["device"] == "cpu" and table["memory"]["batch_tokens"] == ""
    for r in table.values():
        assert float(r["segments_per_s"]) > 0 and float(r["peak_rss_mb"]) > 0
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["recommendation"]["tagged"]["candidate"] == "memory"
    assert summary["recommendation"]["placeholders"]["candidate"] == "memory"  # the plugin ties: listed after
    assert "chrF signature: nrefs:1" in result.stdout
    assert summary["signatures"]["chrF"].startswith("nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:")
    markdown = (out / "table.md").read_text(encoding="utf-8")
    assert "Recommendation: placeholder sentences (`translate`): **memory**" in markdown
    assert (out / "chrf-speed.png").stat().st_size > 0 and (out / "chrf-speed.svg").stat().st_size > 0

    import sacrebleu

    expected = sacrebleu.corpus_chrf(MINE, [ITALIAN]).score, sacrebleu.corpus_bleu(MINE, [ITALIAN]).score
    assert (float(table["memory"]["chrF"]), float(table["memory"]["BLEU"])) == tuple(round(x, 2) for x in expected)


def test_a_rerun_is_byte_identical_but_for_the_timing_columns(setup, tiny_marian_dir):
    tmp_path, selection, memory = setup
    config = settings(tmp_path, memory, tiny_marian_dir)
    first, second = tmp_path / "one", tmp_path / "two"
    assert run(selection, first, config).returncode == 0
    assert run(selection, second, config).returncode == 0
    assert (first / "summary.json").read_bytes() == (second / "summary.json").read_bytes()

    def steady(out):
        return [{k: v for k, v in r.items() if k not in TIMING_COLUMNS} for r in rows(out)]

    assert steady(first) == steady(second)

    def markdown(out):  # the table's rows without their last (timing) cells, and the lines around it
        lines = (out / "table.md").read_text(encoding="utf-8").splitlines()
        return [line.split("|")[: -len(TIMING_COLUMNS) - 1] if line.startswith("| ") else line for line in lines]

    assert markdown(first) == markdown(second)
    header = (first / "table.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header[-len(TIMING_COLUMNS) :] == list(TIMING_COLUMNS)


@pytest.mark.parametrize(
    "change, message",
    [
        ("not_ct2", "holds no model.bin, so it is not a CTranslate2 model folder"),
        ("unfetched", "run `coref-transfer models fetch Someone/opus-mt-xx-yy`"),
        ("comet", "translator_choice.comet_model"),
        ("empty", "no segment read (format lines); set translator_choice.english and .italian"),
        ("no_candidates", "translator_choice.candidates' is empty"),
        ("no_memory", "candidate 'memory': translation memory"),
        ("memory_lacks", "a memory candidate must hold them all"),
        ("comet_package", "install it with `pip install unbabel-comet`"),
    ],
)
def test_bad_input_names_the_problem_and_leaves_no_output(setup, tiny_marian_dir, change, message):
    tmp_path, selection, memory = setup
    config = settings(tmp_path, memory, tiny_marian_dir)
    candidates = config["translator_choice"]["candidates"]
    if change == "not_ct2":
        (tmp_path / "plain").mkdir()
        candidates[0]["model"] = str(tmp_path / "plain")
    elif change == "unfetched":
        candidates[0]["model"] = "Someone/opus-mt-xx-yy"
    elif change == "comet":
        config["translator_choice"]["comet_model"] = str(tmp_path / "no-such-comet.ckpt")
    elif change == "empty":
        (tmp_path / "p.en").write_text("", encoding="utf-8")
        (tmp_path / "p.it").write_text("", encoding="utf-8")
    elif change == "no_memory":
        candidates[1]["memory"] = str(tmp_path / "no-such-memory.tsv")
    elif change == "memory_lacks":
        lines = memory.read_text(encoding="utf-8").splitlines(keepends=True)
        memory.write_text("".join(lines[1:]), encoding="utf-8")
    elif change == "comet_package":
        if importlib.util.find_spec("comet") is not None:
            pytest.skip("this case checks the message when unbabel-comet is missing, and it is installed here")
        (tmp_path / "model.ckpt").write_bytes(b"")
        config["translator_choice"]["comet_model"] = str(tmp_path / "model.ckpt")
    else:
        config["translator_choice"]["candidates"] = []
    out = tmp_path / "choice"
    result = run(selection, out, config)
    assert result.returncode == 1, result.stderr
    assert message in " ".join(result.stderr.split()), result.stderr
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".choice")]


def test_the_plot_is_the_same_bytes_for_the_same_figures(tmp_path):
    rows = [
        {"candidate": "a", "chrF": 55.5, "segments_per_s": 120.0},
        {"candidate": "b", "chrF": 61.2, "segments_per_s": 14.5},
    ]
    one, two = tmp_path / "one", tmp_path / "two"
    for folder in (one, two):
        folder.mkdir()
        plot(rows, folder)
    for name in ("chrf-speed.png", "chrf-speed.svg"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
