"""The word-level coreference model, for real on the CPU with a tiny random encoder (tests/tiny_encoder.py).

What is shown: the model learns (CoNLL F1 >= 90 on its own training
documents within 150 steps), an interrupted and resumed run ends with
bitwise the same weights, history and predictions as an uninterrupted one,
`predict` writes CoNLL-2012 that the scorer and the project's reader read,
`--repeats` reports mean and standard deviation, `--train` given twice trains
on the documents of both files (a doc_key in both is an error, a changed file
stops a resume), and bad inputs fail with messages that name the problem. Plus unit tests of the pieces (windows,
heads, decoding, config).
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from tiny_encoder import SAMPLE_JSONLINES, tiny_encoder_dir  # noqa: F401  (the fixture)

from coref_transfer.errors import ConfigError, InputFormatError
from coref_transfer.train.config import config_from_dict, load_coref_config
from coref_transfer.train.data import (
    LEFT_OUT_REASONS,
    Document,
    head_targets,
    mention_head,
    parse_document,
    read_documents,
    target_counts,
    windows,
)

REPO = Path(__file__).resolve().parent.parent

# fmt: off
TINY = {
    # Sizes for the tiny encoder (hidden 64, 128 positions): windows of 64
    # subwords so that the sample's documents (up to ~600 subwords) span
    # several overlapping windows.
    "window_size": 64, "window_overlap": 16, "coarse_k": 20, "hidden_size": 128, "span_hidden_size": 64,
    # Learning a few documents by heart fast: high learning rates for the
    # random encoder too, no dropout, no warm-up, no early stopping.
    "dropout": 0.0, "encoder_lr": 1e-3, "lr": 2e-3, "warmup_ratio": 0.0, "max_epochs": 1000, "patience": 0,
    "device": "cpu", "log_every": 50,
}
# fmt: on
"""Hyper-parameters of the tests' runs (150 steps on 4 documents reach training F1 95-100 over seeds 1-5)."""


def sample_lines(n: int) -> list[str]:
    if not SAMPLE_JSONLINES.exists():
        pytest.fail(f"{SAMPLE_JSONLINES} is missing: build it with `snakemake --cores 2` (make test does)")
    return SAMPLE_JSONLINES.read_text(encoding="utf-8").splitlines()[:n]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "coref_transfer", *args], capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def four_docs(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("coref_data") / "train4.jsonlines"
    path.write_text("\n".join(sample_lines(4)) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(tmp_path_factory, tiny_encoder_dir, four_docs) -> Path:  # noqa: F811
    """A model trained through the CLI on 4 sample documents for 150 steps (dev = the same documents)."""
    folder = tmp_path_factory.mktemp("coref_run")
    config = folder / "tiny.json"
    config.write_text(json.dumps({**TINY, "eval_every": 75}), encoding="utf-8")
    run = run_cli(
        "train",
        "--train",
        str(four_docs),
        "--dev",
        str(four_docs),
        "--encoder",
        str(tiny_encoder_dir),
        "--out",
        str(folder / "run"),
        "--config",
        str(config),
        "--max-steps",
        "150",
    )
    assert run.returncode == 0, run.stderr
    return folder / "run"


# ------------------------------------------------------------------ learning, CLI, prediction


def test_learns_its_training_documents(trained, four_docs):
    metrics = json.loads((trained / "metrics.json").read_text())
    assert metrics["steps"] == 150
    assert [h["step"] for h in metrics["history"]] == [75, 150]
    assert metrics["dev"]["conll"]["f"] >= 90, metrics["history"]
    summary = json.loads((trained / "summary.json").read_text())
    assert summary["runs"][0]["conll_f1"] == metrics["dev"]["conll"]["f"]
    assert summary["std"]["conll_f1"] == 0.0
    saved = json.loads((trained / "config.json").read_text())["config"]
    assert saved["window_size"] == 64 and saved["max_steps"] == 150  # the resolved config, next to the model
    assert {p.name for p in trained.iterdir()} >= {"model.safetensors", "encoder", "checkpoint.pt"}
    assert summary["train_documents"] == {str(four_docs): 4}
    gold = sum(len(chain) for line in four_docs.read_text().splitlines() for chain in json.loads(line)["clusters"])
    assert summary["train_mentions"]["gold_mentions"] == gold
    assert set(summary["train_mentions"]["left_out"]) == set(LEFT_OUT_REASONS)
    from coref_transfer.io import sha256_file
    from coref_transfer.train.checkpoint import load_checkpoint

    # one training file: the single-digest form checkpoints had before several files were accepted, so they resume
    assert load_checkpoint(trained / "checkpoint.pt")["data"]["train"] == sha256_file(four_docs)
    from coref_transfer.verify import verify_folder

    manifest = json.loads((trained / "manifest.json").read_text())
    assert manifest["encoder_fingerprint"].startswith("folder:")  # the tiny encoder is a local folder
    assert {"summary.json", "metrics.json", "checkpoint.pt", "model.safetensors"} <= set(manifest["outputs"])
    assert verify_folder(trained) == []


def test_predict_writes_conll_the_scorer_reads(trained, four_docs, tmp_path):
    from coref_transfer.conll.reader import read_conll
    from coref_transfer.train.predict import write_conll_predictions
    from coref_transfer.train.scoring.metrics import score_files

    out, metrics = tmp_path / "pred.conll", tmp_path / "pred.metrics.json"
    run = run_cli(
        "predict", "--model", str(trained), "--input", str(four_docs), "--out", str(out), "--metrics", str(metrics)
    )
    assert run.returncode == 0, run.stderr
    reported = json.loads(metrics.read_text())["scores"]
    assert reported["conll"]["f"] >= 90

    docs = read_documents(four_docs)
    gold = tmp_path / "gold.conll"
    write_conll_predictions(gold, docs, [[list(c) for c in d.clusters] for d in docs])
    from_files = score_files(gold, out)
    for metric in ("muc", "bcub", "ceafe", "ceafm", "conll"):  # BLANC differs by design (predict's docstring)
        assert from_files[metric]["f"] == pytest.approx(reported[metric]["f"])

    parts = read_conll(out)  # the project's strict reader accepts it too
    assert [f"{p.doc_id}_{p.part}" for p in parts] == [d.doc_key for d in docs]
    assert [sum(len(u.tokens) for u in p.utterances) for p in parts] == [len(d.words) for d in docs]


def test_predicts_without_gold_clusters(trained, tmp_path):
    from coref_transfer.train.predict import Predictor

    raw = tmp_path / "raw.jsonlines"
    raw.write_text(
        json.dumps({"doc_key": "nw/x/00/x_0001_0", "sentences": [["Marco", "dorme", "."], ["Lui", "sogna", "."]]})
        + "\n"
    )
    predictor = Predictor.load(trained, device="cpu")
    (clusters,) = predictor.predict(read_documents(raw, require_clusters=False))
    assert all(s <= e and 0 <= s and e < 6 for chain in clusters for s, e in chain)


# ------------------------------------------------------------------ exact resumption


def test_resumed_run_equals_uninterrupted_run(tiny_encoder_dir, tmp_path):  # noqa: F811
    """Bitwise: same weights, optimizer state, dev history and predictions.

    Dropout 0.2 and 2-document accumulation make the random streams and the
    position inside an epoch matter. Exactness rests on the checkpointed RNG
    states and on torch's deterministic kernels (`deterministic: true`, the
    default): without them multi-threaded CPU scatter-adds differ in the
    last bits between any two runs.
    """
    from coref_transfer.train.checkpoint import load_checkpoint
    from coref_transfer.train.trainer import train_run

    docs = [parse_document(json.loads(line), "sample", i, True) for i, line in enumerate(sample_lines(3), 1)]
    config = config_from_dict(
        {
            **TINY,
            "encoder": str(tiny_encoder_dir),
            "dropout": 0.2,
            "accumulation_steps": 2,
            "max_steps": 40,
            "eval_every": 15,
            "checkpoint_every": 10,
        }
    )
    straight = train_run(config, docs, docs, tmp_path / "straight")

    class Crash(Exception):
        pass

    def crash_at_25(step: int) -> None:
        if step == 25:
            raise Crash

    with pytest.raises(Crash):
        train_run(config, docs, docs, tmp_path / "resumed", on_step=crash_at_25)
    assert load_checkpoint(tmp_path / "resumed" / "checkpoint.pt")["state"]["step"] == 20  # steps 21-25 are lost
    with pytest.raises(ConfigError, match="--resume"):
        train_run(config, docs, docs, tmp_path / "resumed")
    with pytest.raises(ConfigError, match=r"dropout: 0\.2 -> 0\.1"):
        train_run(config.replace(dropout=0.1), docs, docs, tmp_path / "resumed", resume=True)
    resumed = train_run(config, docs, docs, tmp_path / "resumed", resume=True)

    assert resumed == straight  # history (dev F1 and mean loss at every evaluation), best step, scores
    a = load_checkpoint(tmp_path / "straight" / "checkpoint.pt")
    b = load_checkpoint(tmp_path / "resumed" / "checkpoint.pt")
    assert a["model"].keys() == b["model"].keys()
    assert all(torch.equal(a["model"][k], b["model"][k]) for k in a["model"])
    assert all(
        torch.equal(x, y)
        for s, t in zip(a["optimizer"]["state"].values(), b["optimizer"]["state"].values(), strict=True)
        for x, y in zip(s.values(), t.values(), strict=True)
    )
    assert (tmp_path / "straight" / "model.safetensors").read_bytes() == (
        tmp_path / "resumed" / "model.safetensors"
    ).read_bytes()


def test_repeats_report_mean_and_standard_deviation(tiny_encoder_dir, tmp_path):  # noqa: F811
    from coref_transfer.train.trainer import train

    path = tmp_path / "two.jsonlines"
    path.write_text("\n".join(sample_lines(2)) + "\n", encoding="utf-8")
    config = config_from_dict({**TINY, "encoder": str(tiny_encoder_dir), "max_steps": 4, "seed": 7})
    summary = train([path], path, tmp_path / "out", config, repeats=2)
    assert [r["seed"] for r in summary["runs"]] == [7, 8]
    assert all((tmp_path / "out" / f"seed-{s}" / "model.safetensors").exists() for s in (7, 8))
    f1s = [r["conll_f1"] for r in summary["runs"]]
    assert summary["mean"]["conll_f1"] == pytest.approx(statistics.fmean(f1s))
    assert summary["std"]["conll_f1"] == pytest.approx(statistics.stdev(f1s))
    assert json.loads((tmp_path / "out" / "summary.json").read_text()) == summary


def test_early_stopping_on_dev_f1(tiny_encoder_dir, tmp_path):  # noqa: F811
    """With learning rates 0 the dev F1 never improves: `patience` evaluations later the run stops."""
    from coref_transfer.train.trainer import train_run

    docs = [parse_document(json.loads(line), "sample", i, True) for i, line in enumerate(sample_lines(2), 1)]
    frozen = config_from_dict(
        {
            **TINY,
            "encoder": str(tiny_encoder_dir),
            "lr": 0.0,
            "encoder_lr": 0.0,
            "eval_every": 1,
            "patience": 2,
            "max_steps": 50,
        }
    )
    metrics = train_run(frozen, docs, docs, tmp_path / "frozen")
    assert (metrics["steps"], metrics["best_step"]) == (3, 1)
    assert metrics["stop_reason"] == "early stopping: 2 evaluations without gain"


# ------------------------------------------------------------------ several training files


@pytest.fixture
def two_files(tmp_path) -> tuple[Path, Path]:
    """Sample documents 1-2 and 3-5, in two training files."""
    lines = sample_lines(5)
    first, second = tmp_path / "export.jsonlines", tmp_path / "copies.jsonlines"
    first.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")
    second.write_text("\n".join(lines[2:]) + "\n", encoding="utf-8")
    return first, second


def test_trains_on_the_documents_of_every_training_file(tiny_encoder_dir, two_files, tmp_path):  # noqa: F811
    """`--train` twice: one epoch of one document per step is 2 + 3 steps; a changed second file stops a resume."""
    from coref_transfer.io import sha256_file
    from coref_transfer.train.checkpoint import load_checkpoint

    first, second = two_files
    dev, out = tmp_path / "dev.jsonlines", tmp_path / "run"
    dev.write_text(sample_lines(1)[0] + "\n", encoding="utf-8")
    args = [
        "train",
        "--train",
        str(first),
        "--train",
        str(second),
        "--dev",
        str(dev),
        "--encoder",
        str(tiny_encoder_dir),
        "--out",
        str(out),
        "--settings-json",
        json.dumps({**TINY, "max_epochs": 1}),
    ]
    run = run_cli(*args)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["train_documents"] == {str(first): 2, str(second): 3}
    metrics = json.loads((out / "metrics.json").read_text())
    assert (metrics["steps"], metrics["epochs"], metrics["stop_reason"]) == (5, 1, "reached 5 steps")
    assert set(json.loads((out / "manifest.json").read_text())["inputs"]) == {str(first), str(second), str(dev)}
    assert load_checkpoint(out / "checkpoint.pt")["data"]["train"] == [sha256_file(first), sha256_file(second)]

    assert run_cli(*args, "--resume").returncode == 0  # the same files: the finished run has nothing to do
    second.write_text("\n".join(sample_lines(4)[2:]) + "\n", encoding="utf-8")  # one document fewer
    refused = run_cli(*args, "--resume")
    assert refused.returncode == 1
    assert "checkpoint.pt: training file 2 of 2 changed since this checkpoint was written" in refused.stderr
    assert json.loads((out / "metrics.json").read_text()) == metrics


def test_a_doc_key_in_two_training_files_is_an_error(two_files, tmp_path):
    from coref_transfer.train.trainer import train

    first, second = two_files
    again = tmp_path / "again.jsonlines"
    again.write_text(sample_lines(6)[5] + "\n" + sample_lines(1)[0] + "\n", encoding="utf-8")  # repeats first's doc 1
    key = json.loads(sample_lines(1)[0])["doc_key"]
    config = config_from_dict(TINY)  # reading fails before the encoder is loaded
    with pytest.raises(InputFormatError, match=re.escape(f"{again}: document {key!r} is also in {first}")):
        train([first, second, again], second, tmp_path / "out", config)
    with pytest.raises(InputFormatError, match=re.escape(f"{first}: this file is given twice as a training file")):
        train([first, second, first], second, tmp_path / "out", config)
    assert not (tmp_path / "out").exists()


def test_tiny_encoder_vocabulary_from_every_input(two_files, tmp_path):
    from typer.testing import CliRunner

    from coref_transfer.cli import app
    from coref_transfer.train.tiny import sample_words

    first, _ = two_files
    extra = tmp_path / "extra.jsonlines"
    extra.write_text(json.dumps({"doc_key": "nw/x/00/x_0001_0", "sentences": [["Ωmega", "dorme", "."]]}) + "\n")
    assert not any("Ω" in word for words in sample_words(first) for word in words)
    result = CliRunner().invoke(
        app, ["tiny-encoder", "--input", str(first), "--input", str(extra), "--out", str(tmp_path / "enc")]
    )
    assert result.exit_code == 0, result.output
    vocab = json.loads((tmp_path / "enc" / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    letters = {token.removeprefix("##") for token in vocab if len(token.removeprefix("##")) == 1}
    assert "Ω" in letters  # only the second file has it
    assert {c for words in sample_words(first) for word in words for c in word} <= letters  # and the first's


# ------------------------------------------------------------------ bad input


def test_unloadable_encoder_is_named(four_docs, tmp_path):
    from coref_transfer.train.encoder import EncoderLoadError
    from coref_transfer.train.trainer import train

    missing = tmp_path / "no-such-encoder"
    with pytest.raises(EncoderLoadError, match=re.escape(f"'{missing}'") + ".*no such folder"):
        train([four_docs], four_docs, tmp_path / "out", config_from_dict({**TINY, "encoder": str(missing)}))
    offline = config_from_dict({**TINY, "encoder": "no-such-org/no-such-encoder", "local_files_only": True})
    with pytest.raises(EncoderLoadError, match=r"'no-such-org/no-such-encoder'.*offline \(local_files_only=true"):
        train([four_docs], four_docs, tmp_path / "out", offline)
    assert not (tmp_path / "out").exists()


def test_window_longer_than_the_encoder_takes(tiny_encoder_dir, four_docs, tmp_path):  # noqa: F811
    from coref_transfer.train.trainer import train

    config = config_from_dict({**TINY, "encoder": str(tiny_encoder_dir), "window_size": 256})
    with pytest.raises(ConfigError, match="'window_size': 256 is longer than the encoder .* at most 128"):
        train([four_docs], four_docs, tmp_path / "out", config)


def test_cluster_outside_document_names_file_and_doc_key(tmp_path):
    bad = tmp_path / "bad.jsonlines"
    doc = {"doc_key": "nw/x/00/x_0001_0", "sentences": [["Anna", "parla", "."]], "clusters": [[[0, 0], [2, 3]]]}
    bad.write_text(json.dumps(doc) + "\n")
    with pytest.raises(InputFormatError, match=r"bad\.jsonlines:1: document 'nw/x/00/x_0001_0': mention \[2, 3\]"):
        read_documents(bad)
    run = run_cli("train", "--train", str(bad), "--dev", str(bad), "--encoder", "unused", "--out", str(tmp_path / "o"))
    assert run.returncode == 1
    assert "bad.jsonlines:1" in run.stderr and "nw/x/00/x_0001_0" in run.stderr and "outside" in run.stderr


@pytest.mark.parametrize(
    ("doc", "problem"),
    [
        ({"doc_key": "k_0", "sentences": [["a", "b"], ["c"]], "clusters": [[[1, 2]]]}, "crosses a sentence"),
        ({"doc_key": "k_0", "sentences": [["a", "b"]], "clusters": [[[0, 0]], [[0, 0]]]}, "in clusters 0 and 1"),
        ({"doc_key": "k_0", "sentences": [["a", "b"]], "speakers": [["x"]], "clusters": []}, "'speakers'"),
        (
            {"doc_key": "k_0", "sentences": [["a", "b", "c"]], "clusters": [[[0, 1], [2, 2]]], "heads": [[2, 2]]},
            r"head 2 of mention \[0, 1\] of cluster 0 is outside the mention",
        ),
        (
            {"doc_key": "k_0", "sentences": [["a", "b"], ["c"]], "clusters": [[[0, 0]], [[2, 2]]], "heads": [[0], [0]]},
            r"head 0 of mention \[2, 2\] of cluster 1 is outside",
        ),  # a sentence-level offset, not a document-level one
        (
            {"doc_key": "k_0", "sentences": [["a", "b"]], "clusters": [[[0, 0], [1, 1]]], "heads": [[0]]},
            r"'heads' must have the shape of 'clusters'.*cluster 0 has 2 mentions",
        ),
        (
            {"doc_key": "k_0", "sentences": [["a", "b"]], "clusters": [[[0, 0]]], "heads": [[0], [1]]},
            r"'heads' must have the shape of 'clusters'.*\(1 clusters\)",
        ),
        (
            {"doc_key": "k_0", "sentences": [["a", "b"]], "clusters": [[[0, 1], [0, 1]]], "heads": [[0, 1]]},
            r"mention \[0, 1\] of cluster 0 is given two heads, 0 and 1",
        ),
        ({"doc_key": "k_0", "sentences": []}, "'sentences'"),
    ],
)
def test_malformed_documents(doc, problem):
    with pytest.raises(InputFormatError, match=problem):
        parse_document(doc, "f.jsonlines", 3, True)


def test_config_rejects_unknown_and_out_of_range_keys(tmp_path):
    with pytest.raises(ConfigError, match=r"'coarse_kk' \(did you mean 'coarse_k'\?\).*valid keys: encoder"):
        config_from_dict({"coarse_kk": 5})
    with pytest.raises(ConfigError, match="'amp'.*allowed values: bf16, fp16, none"):
        config_from_dict({"amp": "fp8"})
    with pytest.raises(ConfigError, match="'dropout'.*out of range"):
        config_from_dict({"dropout": 1.5})
    with pytest.raises(ConfigError, match="window_overlap"):
        config_from_dict({"window_size": 64, "window_overlap": 40})
    path = tmp_path / "c.json"
    path.write_text('{"lr": 0.001}')
    assert load_coref_config(path, {"max_steps": 3}).lr == 0.001


# ------------------------------------------------------------------ the pieces


def test_windows_give_every_subword_one_vector_with_context():
    for n in (1, 10, 59, 60, 61, 200, 1000):
        spans = windows(n, content=60, overlap=16)
        owned = [i for _, _, s, e in spans for i in range(s, e)]
        assert owned == list(range(n))  # each subword exactly once, in order
        for start, end, own_start, own_end in spans:
            assert start <= own_start <= own_end <= end and end - start <= 60
            if own_start > 0:
                assert own_start - start >= 8  # overlap/2 words of left context
            if own_end < n:
                assert end - own_end >= 8


def test_heads_last_word_or_given_head_and_shorter_mention_wins():
    doc = parse_document(
        {
            "doc_key": "nw/x/00/x_0001_0",
            "sentences": [["il", "direttore", "del", "teatro", "di", "Torino"]],
            "clusters": [[[0, 5], [5, 5]], [[3, 3]]],
        },
        "f",
        1,
        True,
    )
    assert doc.heads is None and mention_head(doc, (0, 5)) == 5
    head_cluster, head_span, left_out = head_targets(doc)
    assert head_span == {5: (5, 5), 3: (3, 3)}
    assert left_out == {"head_shared_same_chain": 1}  # [0, 5] and [5, 5] both end on 'Torino'
    # mention heads parallel to clusters, in the file's order (the reader sorts the mentions, heads follow)
    parsed = parse_document(
        {
            "doc_key": "nw/x/00/x_0001_0",
            "sentences": [["il", "direttore", "del", "teatro", "di", "Torino"]],
            "clusters": [[[5, 5], [0, 5]], [[3, 3]]],
            "heads": [[5, 1], [3]],
        },
        "f",
        1,
        True,
    )
    assert parsed.clusters == (((0, 5), (5, 5)), ((3, 3),)) and parsed.heads == ((1, 5), (3,))
    assert mention_head(parsed, (0, 5)) == 1  # 'direttore' heads the NP
    head_cluster, head_span, left_out = head_targets(parsed)
    assert head_span == {1: (0, 5), 5: (5, 5), 3: (3, 3)} and left_out == {}
    assert head_cluster == {1: 0, 5: 0, 3: 1}
    # the same head for two mentions: the shorter keeps it
    shared = parse_document(
        {
            "doc_key": "nw/x/00/x_0001_0",
            "sentences": [["il", "direttore", "del", "teatro"]],
            "clusters": [[[0, 3]], [[0, 1]]],
            "heads": [[1], [1]],
        },
        "f",
        1,
        True,
    )
    assert head_targets(shared) == ({1: 1}, {1: (0, 1)}, {"head_shared_other_chain": 1})


# fmt: off
SHARED_HEADS = [
    # "[[Marco] e Anna]": a coordination is headed by its first conjunct, another chain's mention
    ("Marco e Anna", [[[0, 2]], [[0, 0]]], [[0], [0]], {0: (0, 0)}, {"head_shared_other_chain": 1}),
    # "[[Marco] , mio amico]": an apposition in Marco's chain; the chain keeps the word
    ("Marco , mio amico", [[[0, 3], [0, 0]]], [[0, 0]], {0: (0, 0)}, {"head_shared_same_chain": 1}),
    # three chains on one head: the shortest keeps it, taking it from the longer ones read before it
    ("Marco e Anna , amici", [[[0, 4]], [[0, 2]], [[0, 0]]], [[0], [0], [0]], {0: (0, 0)},
     {"head_shared_other_chain": 2}),
    # "[la madre di [Marco]]": nested, each with its own head: nothing left out
    ("la madre di Marco", [[[0, 3]], [[3, 3]]], [[1], [3]], {1: (0, 3), 3: (3, 3)}, {}),
]
"""(words, clusters, heads, the head words' spans kept, the mentions left out by reason)."""
# fmt: on


@pytest.mark.parametrize(("words", "clusters", "heads", "owner", "left_out"), SHARED_HEADS)
def test_mentions_left_out_of_the_targets_by_reason(words, clusters, heads, owner, left_out):
    """Which mention keeps a shared head word, and why the others are left out (`data.LEFT_OUT_REASONS`)."""
    doc = parse_document({"doc_key": "nw/x/00/x_0001_0", "sentences": [words.split()], "clusters": clusters,
                          "heads": heads}, "f", 1, True)  # fmt: skip
    _, head_span, got = head_targets(doc)
    assert (head_span, got) == (owner, left_out)
    assert target_counts([doc, doc]) == {
        "gold_mentions": 2 * sum(len(c) for c in clusters),
        "left_out": {reason: 2 * left_out.get(reason, 0) for reason in LEFT_OUT_REASONS},
    }


def test_training_says_which_mentions_it_cannot_learn(tiny_encoder_dir, tmp_path, caplog):  # noqa: F811
    """The export of nested mentions (`delta_rows.JOINT`: "[[Marco] e Anna]"): the training log names the
    reason, and summary.json counts the gold mentions and those left out."""
    from delta_rows import JOINT, group

    from coref_transfer.export import jsonlines
    from coref_transfer.train.trainer import train

    path = tmp_path / "joint.jsonlines"
    jsonlines.write(path, group(JOINT)["train"])
    config = config_from_dict({**TINY, "encoder": str(tiny_encoder_dir), "max_steps": 1})
    with caplog.at_level("WARNING", logger="coref_transfer.train.trainer"):
        summary = train([path], path, tmp_path / "out", config)
    want = {"gold_mentions": 13, "left_out": {"head_shared_same_chain": 0, "head_shared_other_chain": 1}}
    assert summary["train_mentions"] == want
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["train_mentions"] == want
    assert "1 of 13 training mentions share a head word" in caplog.text and "head_shared_other_chain 1" in caplog.text


def test_decoding_links_transitively_and_spans_contain_their_heads():
    from coref_transfer.train.clusters import span_clusters, word_clusters
    from coref_transfer.train.pairwise import distance_bucket
    from coref_transfer.train.span import SpanPredictor

    inf = float("-inf")
    top = torch.tensor([[0, 0], [0, 0], [1, 0], [2, 1]])  # candidates of words 0..3
    scores = torch.tensor([[0, inf, inf], [0, inf, inf], [0, 2.0, -1.0], [0, 1.0, 3.0]])  # 2 -> 1, 3 -> 1
    assert word_clusters(scores, top) == [[1, 2, 3]]
    assert span_clusters([[1, 2, 3], [4, 5]], {1: (0, 1), 2: (0, 1), 3: (3, 3), 4: (3, 3), 5: (5, 5)}) == [
        [(0, 1), (3, 3)]
    ]  # a repeated span is kept once; a span already used leaves [(5, 5)] alone: dropped
    assert distance_bucket(torch.tensor([1, 2, 4, 5, 7, 8, 16, 63, 64, 1000])).tolist() == [
        0,
        1,
        3,
        4,
        4,
        5,
        6,
        7,
        8,
        8,
    ]

    torch.manual_seed(0)
    predictor = SpanPredictor(word_size=8, hidden_size=16, max_distance=4, feature_size=4, dropout=0.0).eval()
    words = torch.randn(9, 8)
    sentence_start = torch.tensor([0, 0, 0, 0, 4, 4, 4, 4, 4])
    sentence_end = torch.tensor([3, 3, 3, 3, 8, 8, 8, 8, 8])
    heads = torch.arange(9)
    for head, (start, end) in zip(
        heads.tolist(), predictor.predict(words, heads, sentence_start, sentence_end), strict=True
    ):
        assert sentence_start[head] <= start <= head <= end <= sentence_end[head]


def test_document_genre_and_sentences():
    doc = Document("bc/studio/00/studio_0001_0", ("a", "b", "c"), (0, 0, 1), ("x", "x", "y"), (), None)
    assert doc.genre == "bc" and doc.sentences == [["a", "b"], ["c"]]


def test_predictions_are_written_with_the_dataset_export_cells():
    """One CoNLL part writer: whitespace inside a word becomes `_`, an empty word or speaker `-`, as in the export."""
    from coref_transfer.conll.writer import format_part
    from coref_transfer.train.predict import to_part

    doc = Document(
        doc_key="nw/x/00/x_0001_2",
        words=("Anna", "va  bene", ""),
        sentence_ids=(0, 0, 0),
        speakers=("", "Host A", ""),
        clusters=(),
        heads=None,
    )
    part = to_part(doc, [[(0, 0), (1, 1)]])
    assert (part.doc_id, part.part) == ("nw/x/00/x_0001", 2)
    utt = part.utterances[0]
    assert utt.tokens == ["Anna", "va_bene", "-"] and utt.speakers == ["-", "Host_A", "-"]
    assert utt.pos == utt.lemmas == utt.parse_bits == ["-"] * 3
    lines = format_part(part).splitlines()
    assert lines[1].split() == ["nw/x/00/x_0001", "2", "0", "Anna", "-", "-", "-", "-", "-", "-", "*", "(0)"]
