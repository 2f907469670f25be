"""Choosing a translator: candidates compared on a parallel set and a tagged sample (`models evaluate`).

The paper's method stands or falls with its translator, and a run is hours of GPU time, so the
candidates (`translator_choice.candidates`: CTranslate2 models, translation memories, plugins) are
compared first, each on

1. **quality**: chrF and BLEU (sacrebleu, signatures recorded) on a parallel set
   (`coref_transfer.parallel.read_parallel_corpus`), and COMET when a local unbabel-comet model is named;
2. **tag survival**: real English utterances of a selection with their gold mentions, tagged exactly as
   the joint method tags them (`joint.joint_segments`) and read back by the stage's own reader
   (`joint.read_translations`): the share of segments whose every tag pair comes back sound, then the
   share of mentions placed by the tags and, for the lost ones, by word alignment (`joint.align_unsound`,
   the stage's fallback, with the configured aligner);
3. **speed and memory**: segments and English tokens (whitespace-separated) per second on the parallel
   set, and the peak resident memory of a child process that loads the candidate and translates, one
   fresh process per candidate (so one candidate's model does not count against the next).

Each candidate's backend is built by the translate stage's own `run.build_backend`, from the
configuration with the candidate's keys put into `translate`. The recommendation: the best chrF for
the placeholder sentences (`translate.model`), the best tag survival, ties by chrF, for the tagged ones
(`translate.marked_model`).

Outputs (`write_choice`): `table.csv` and `table.md` (the columns of `TIMING_COLUMNS`, last, are
measurements and change between runs; every other column is the same on a rerun), `summary.json`
(no measurement: byte-identical on a rerun), `chrf-speed.png`/`.svg` (chrF against segments/s, so it
moves with the timings) and `manifest.json`.
"""

from __future__ import annotations

import csv
import io
import math
import multiprocessing
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coref_transfer import resources
from coref_transfer.config import deep_merge, schema, stage_config
from coref_transfer.errors import ConfigError, InputFormatError, MissingInputError
from coref_transfer.io import atomic_write_text, staged_directory, write_json
from coref_transfer.manifest import build_manifest, seal

QUALITY_COLUMNS = (
    "candidate",
    "backend",
    "translator",
    "segments",
    "chrF",
    "BLEU",
    "COMET",
    "tagged_segments",
    "tag_survival",
    "mentions",
    "placed_by_tags",
    "placed_with_alignment",
    "device",
    "batch_tokens",
)
"""The table's columns that a rerun reproduces exactly (COMET is left out when no model is named)."""
TIMING_COLUMNS = ("seconds", "segments_per_s", "tokens_per_s", "peak_rss_mb")
"""The table's measured columns, last: they change between runs (the machine's load, its memory)."""
FILES = ("table.csv", "table.md", "summary.json", "chrf-speed.png", "chrf-speed.svg", "manifest.json")
"""What `write_choice` writes into its folder."""


@dataclass(frozen=True)
class Candidate:
    """One translator configuration to compare (an item of `translator_choice.candidates`)."""

    name: str
    backend: str
    model: str = ""
    family: str = "auto"
    memory: str = ""
    plugin: str = ""
    plugin_options: Mapping[str, Any] | None = None

    @property
    def translator(self) -> str:
        """What the candidate translates with, as the table names it."""
        return {"ctranslate2": self.model, "memory": self.memory, "plugin": self.plugin}[self.backend]


def candidates(config: Mapping[str, Any]) -> list[Candidate]:
    """The configured candidates, each item's missing keys given the schema's defaults.

    Raises:
        ConfigError: no candidate, or two with one name.
    """
    items = config["translator_choice"]["candidates"]
    if not items:
        raise ConfigError(
            "config key 'translator_choice.candidates' is empty: name at least one translator to compare, e.g. "
            '--config-json \'{"translator_choice": {"candidates": [{"name": "opus", "backend": "ctranslate2", '
            '"model": "Helsinki-NLP/opus-mt-en-it"}]}}\' (docs/choosing-a-translator.md)'
        )
    node = schema()["properties"]["translator_choice"]["properties"]["candidates"]["items"]["properties"]
    defaults = {k: v["default"] for k, v in node.items() if "default" in v}
    out = [Candidate(**{**defaults, **item}) for item in items]
    names = [c.name for c in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ConfigError(f"config key 'translator_choice.candidates': the name(s) {', '.join(twice)} appear twice")
    return out


def model_folder(candidate: Candidate) -> str:
    """The CTranslate2 folder of a candidate: its `model` if that is a folder, else the folder
    `models fetch` converts a hub name into (resources/models/<owner>--<model>).

    Raises:
        MissingInputError: neither exists (the message names the `models fetch` command), or the folder
            holds no CTranslate2 model.
    """
    from coref_transfer.translate.mt.models import safe_name

    given = Path(candidate.model)
    if not candidate.model:
        raise ConfigError(f"candidate {candidate.name!r}: backend ctranslate2 needs 'model' (a folder or a hub name)")
    folder = given if given.is_dir() else resources.path(f"resources/models/{safe_name(candidate.model)}")
    if not folder.is_dir():
        raise MissingInputError(
            f"candidate {candidate.name!r}: {candidate.model} is no model folder and was not fetched; "
            f"run `coref-transfer models fetch {candidate.model}` (a hub name), or give the folder of a "
            "converted CTranslate2 model"
        )
    if not (folder / "model.bin").is_file():
        raise MissingInputError(
            f"candidate {candidate.name!r}: {folder} holds no model.bin, so it is not a CTranslate2 model folder; "
            "convert the model with `ct2-transformers-converter --model DIR --output_dir OUT --copy_files "
            "<tokenizer files>` or `coref-transfer models fetch NAME`"
        )
    return str(folder)


def candidate_config(config: Mapping[str, Any], candidate: Candidate) -> dict[str, Any]:
    """The configuration whose `translate` backend is the candidate's (what `run.build_backend` reads).

    Raises:
        MissingInputError: a model folder or memory file that is not there.
    """
    keys: dict[str, Any] = {"backend": candidate.backend}
    if candidate.backend == "ctranslate2":
        keys["model"] = {"path": model_folder(candidate), "family": candidate.family}
    elif candidate.backend == "memory":
        if not candidate.memory or not Path(candidate.memory).is_file():
            raise MissingInputError(
                f"candidate {candidate.name!r}: translation memory {candidate.memory!r} does not exist; "
                "give a source<TAB>target file in 'memory'"
            )
        keys["memory"] = candidate.memory
    else:
        if not candidate.plugin:
            raise ConfigError(f"candidate {candidate.name!r}: backend plugin needs 'plugin: package.module:factory'")
        keys["plugin"], keys["plugin_options"] = candidate.plugin, dict(candidate.plugin_options or {})
    return deep_merge(dict(config), {"translate": keys})


def check_comet(model: str) -> None:
    """A named COMET model must be a local checkpoint and unbabel-comet installed (nothing is downloaded).

    Raises:
        MissingInputError: the checkpoint or the package is missing (the message says what to set or install).
    """
    if not Path(model).exists():
        raise MissingInputError(
            f"config key 'translator_choice.comet_model': {model} does not exist; give the path of a downloaded "
            "unbabel-comet checkpoint (e.g. .../wmt22-comet-da/checkpoints/model.ckpt), or leave it empty for no COMET"
        )
    try:
        import comet  # noqa: F401
    except ImportError as exc:
        raise MissingInputError(
            "config key 'translator_choice.comet_model' is set but the unbabel-comet package is not installed; "
            "install it with `pip install unbabel-comet`, or leave the key empty for no COMET"
        ) from exc


def translate_in_child(config: dict[str, Any], threads: int, english: list[str], tagged: list[str]) -> dict[str, Any]:
    """Runs in a fresh process: the candidate's backend built as the stage builds it, the parallel set
    translated and timed (loading excluded), the tagged sample translated; and the process's peak RSS."""
    import resource

    from coref_transfer.translate.run import build_backend

    backend = build_backend(config, threads)
    start = time.perf_counter()
    hypotheses = backend.translate(english)
    seconds = time.perf_counter() - start
    tagged_out = backend.translate(tagged) if tagged else []
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # Linux: KiB
    return {
        "hypotheses": hypotheses,
        "tagged": tagged_out,
        "seconds": seconds,
        "peak_rss_mb": peak_kib / 1024,
        "device": getattr(backend, "device", "cpu"),
        "batch_tokens": getattr(backend, "batch_tokens", ""),
    }


def _in_child(config: dict[str, Any], threads: int, english: list[str], tagged: list[str]) -> dict[str, Any]:
    """`translate_in_child` in its own spawned process (spawn: no memory inherited from this one)."""
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(translate_in_child, config, threads, english, tagged).result()


def _translated(
    candidate: Candidate, config: dict[str, Any], threads: int, english: list[str], tagged: list[str]
) -> dict[str, Any]:
    """`_in_child`, its errors naming the candidate (the stage's own messages do not know of candidates)."""
    from coref_transfer.translate.mt.base import TranslationError
    from coref_transfer.translate.mt.memory import MemoryMissError

    try:
        return _in_child(config, threads, english, tagged)
    except MemoryMissError as exc:  # the stage's advice (--export-misses) is the translate command's
        raise _memory_lacks(candidate, exc.path, exc.missing) from exc
    except TranslationError as exc:
        raise TranslationError(f"candidate {candidate.name!r}: {exc}") from exc


def _memory_lacks(candidate: Candidate, path: str, missing: Sequence[str]) -> MissingInputError:
    shown = "; ".join(missing[:3])
    return MissingInputError(
        f"candidate {candidate.name!r}: {path} lacks {len(missing)} segment(s) of the parallel set or "
        f"the tagged sample (e.g. {shown}); a memory candidate must hold them all: add them or drop the candidate"
    )


def check_memories(chosen: Sequence[Candidate], segments: Sequence[str]) -> None:
    """A memory candidate holds every segment it will be sent (checked before any candidate runs).

    Raises:
        MissingInputError: naming the candidate and a few of the segments its memory lacks.
    """
    from coref_transfer.translate.mt.memory import TranslationMemory

    for candidate in chosen:
        if candidate.backend == "memory":
            missing = TranslationMemory(candidate.memory).missing(segments)
            if missing:
                raise _memory_lacks(candidate, candidate.memory, missing)


def tag_survival(utterances: Sequence[Any], outputs: Sequence[str], config: Mapping[str, Any]) -> dict[str, Any]:
    """How the tags of `utterances` (tagged by `joint.joint_segments`) came back in `outputs`: segments whose
    every pair is sound, mentions placed by their tags, and placed once the aligner projected the lost ones."""
    from coref_transfer.translate.align.build import build_aligner
    from coref_transfer.translate.joint import align_unsound, joint_segments, read_translations

    segments = [s for s in joint_segments(utterances) if s.source is not None]
    read_translations(segments, outputs, None)  # the tags alone first: no aligner
    sound = sum(1 for s in segments if not s.tag_failures and s.projection is not None and s.projection.tokens)
    mentions = sum(len(s.source.slots) for s in segments if s.source is not None)
    by_tags = sum(len(s.projection.spans) for s in segments if s.projection is not None)
    align_unsound(segments, build_aligner(config), None)
    placed = sum(len(s.projection.spans) for s in segments if s.projection is not None)
    return {
        "tagged_segments": len(segments),
        "tag_survival": sound / len(segments) if segments else 0.0,
        "mentions": mentions,
        "placed_by_tags": by_tags / mentions if mentions else 0.0,
        "placed_with_alignment": placed / mentions if mentions else 0.0,
    }


def tagged_sample(selection: str | Path, limit: int) -> list[Any]:
    """The first `limit` utterances with a mention of a selection folder's `beta3.parquet`."""
    from coref_transfer.records import read_records

    path = Path(selection) / "beta3.parquet"
    if not path.is_file():
        raise MissingInputError(
            f"{path}: no such file; the tagged sample comes from a selection: run `snakemake merge_select` "
            "(or `coref-transfer select`) first, or pass --selection"
        )
    return [u for u in read_records(path, "beta3") if u.mentions][:limit]


def _scores(hypotheses: list[str], references: list[str]) -> tuple[dict[str, float], dict[str, str]]:
    from sacrebleu.metrics import BLEU, CHRF

    scores, signatures = {}, {}
    for name, metric in (("chrF", CHRF()), ("BLEU", BLEU())):
        scores[name] = round(metric.corpus_score(hypotheses, [references]).score, 2)
        signatures[name] = str(metric.get_signature())
    return scores, signatures


def _comet(model: str, sources: list[str], hypotheses: list[str], references: list[str]) -> float:
    from comet import load_from_checkpoint

    data = [{"src": s, "mt": h, "ref": r} for s, h, r in zip(sources, hypotheses, references)]
    return round(float(load_from_checkpoint(model).predict(data, batch_size=8, gpus=0).system_score), 4)


def evaluate(
    config: Mapping[str, Any], selection: str | Path, threads: int = 1
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every candidate measured (the table's rows, in the configured order) and the summary.

    Every input is checked before any candidate runs, so a bad one fails in seconds.
    """
    from coref_transfer.parallel import read_parallel_corpus

    choice = config["translator_choice"]
    chosen = candidates(config)
    configs = [candidate_config(config, c) for c in chosen]
    if choice["comet_model"]:
        check_comet(choice["comet_model"])
    english_path = resources.config_path(config, "translator_choice.english")
    italian_path = resources.config_path(config, "translator_choice.italian")
    try:
        segments = read_parallel_corpus(english_path, italian_path, choice["format"])
    except InputFormatError as exc:  # what to do about it: the keys that name the files
        hint = "set translator_choice.english and .italian to a parallel set (docs/choosing-a-translator.md)"
        raise InputFormatError(exc.path, exc.line, f"{exc.problem}; {hint}") from exc
    # (an empty set is read_parallel_corpus's error: "no segment read")
    utterances = tagged_sample(selection, choice["tagged_utterances"])
    from coref_transfer.translate.joint import joint_segments

    tagged = [s.text for s in joint_segments(utterances) if s.source is not None]
    english = [s.english for s in segments]
    references = [s.italian for s in segments]
    check_memories(chosen, [*english, *tagged])
    tokens = sum(len(s.split()) for s in english)
    rows, signatures = [], {}
    for candidate, cfg in zip(chosen, configs):
        out = _translated(candidate, cfg, threads, english, tagged)
        scores, signatures = _scores(out["hypotheses"], references)
        row: dict[str, Any] = {
            "candidate": candidate.name,
            "backend": candidate.backend,
            "translator": candidate.translator,
            "segments": len(segments),
            **scores,
        }
        if choice["comet_model"]:
            row["COMET"] = _comet(choice["comet_model"], english, out["hypotheses"], references)
        survival = tag_survival(utterances, out["tagged"], cfg)
        row.update({k: round(v, 4) if isinstance(v, float) else v for k, v in survival.items()})
        row.update({"device": out["device"], "batch_tokens": out["batch_tokens"]})
        seconds = out["seconds"]
        row.update(
            {
                "seconds": round(seconds, 3),
                "segments_per_s": round(len(segments) / seconds, 1) if seconds else math.inf,
                "tokens_per_s": round(tokens / seconds, 1) if seconds else math.inf,
                "peak_rss_mb": round(out["peak_rss_mb"], 1),
            }
        )
        rows.append(row)
    summary = {
        "recommendation": recommend(rows),
        "signatures": signatures,
        "parallel_set": {"english": str(english_path), "italian": str(italian_path), "segments": len(segments)},
        "tagged_sample": {
            "selection": str(selection),
            "utterances": len(utterances),
            # utterances whose mentions could not be tagged (`marked.mark` refused them): not sent, counted here
            "not_tagged": len(utterances) - len(tagged),
        },
        "candidates": [{k: v for k, v in r.items() if k not in TIMING_COLUMNS} for r in rows],
        "timing_columns": list(TIMING_COLUMNS),
    }
    if choice["comet_model"]:
        summary["comet_model"] = choice["comet_model"]
    return rows, summary


def recommend(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The candidate for the placeholder sentences (best chrF) and for the tagged ones (best tag survival,
    ties by chrF); remaining ties go to the one listed first."""
    placeholders = max(rows, key=lambda r: r["chrF"])
    tagged = max(rows, key=lambda r: (r["tag_survival"], r["chrF"]))
    return {
        "placeholders": {"candidate": placeholders["candidate"], "chrF": placeholders["chrF"], "key": "translate"},
        "tagged": {
            "candidate": tagged["candidate"],
            "tag_survival": tagged["tag_survival"],
            "chrF": tagged["chrF"],
            "key": "translate.marked_model",
        },
    }


def _columns(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    present = [c for c in QUALITY_COLUMNS if any(c in r for r in rows)]
    return present + list(TIMING_COLUMNS)


def table_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    columns = _columns(rows)
    writer.writerow(columns)
    for r in rows:
        writer.writerow([r.get(c, "") for c in columns])
    return buffer.getvalue()


def table_markdown(rows: Sequence[Mapping[str, Any]], summary: Mapping[str, Any]) -> str:
    columns = _columns(rows)
    lines = ["# Translator choice", ""]
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(r.get(c, "")) for c in columns) + " |" for r in rows]
    rec = summary["recommendation"]
    timing = (
        f"The last {len(TIMING_COLUMNS)} columns ({', '.join(TIMING_COLUMNS)}) are measurements: they change "
        "between runs; every other column is the same on a rerun."
    )
    advice = (
        f"Recommendation: placeholder sentences (`translate`): **{rec['placeholders']['candidate']}** (best chrF); "
        f"tagged sentences (`translate.marked_model`): **{rec['tagged']['candidate']}** (best tag survival, "
        "ties by chrF)."
    )
    lines += ["", timing, "", advice, ""]
    lines += [f"- {name} signature: `{sig}`" for name, sig in summary["signatures"].items()]
    return "\n".join(lines) + "\n"


def plot(rows: Sequence[Mapping[str, Any]], folder: Path) -> None:
    """chrF against segments/s, one labelled point per candidate, as PNG and SVG (the same bytes for the
    same figures: `coref_transfer.figures`)."""
    from coref_transfer.figures import pyplot, save_figure

    fig, ax = pyplot().subplots(figsize=(5.5, 4))
    for r in rows:
        ax.scatter([r["segments_per_s"]], [r["chrF"]], color="#4477aa")
        ax.annotate(r["candidate"], (r["segments_per_s"], r["chrF"]), textcoords="offset points", xytext=(4, 4))
    # chrF on its whole scale and speed from zero: candidates are compared by where they stand, not zoomed in
    ax.set(xlabel="segments per second", ylabel="chrF", title="Translator candidates: quality against speed")
    ax.set_ylim(0, 100)
    ax.set_xlim(0, max((r["segments_per_s"] for r in rows), default=1) * 1.25)
    fig.tight_layout()
    save_figure(fig, folder, "chrf-speed")


def write_choice(config: Mapping[str, Any], selection: str | Path, out: str | Path, threads: int = 1) -> dict:
    """`models evaluate`: every candidate measured, written to the folder `out` (complete or not at all).

    Returns the summary (summary.json)."""
    rows, summary = evaluate(config, selection, threads)
    with staged_directory(out) as tmp:
        atomic_write_text(tmp / "table.csv", table_csv(rows))
        atomic_write_text(tmp / "table.md", table_markdown(rows, summary))
        write_json(tmp / "summary.json", summary)
        plot(rows, tmp)
        inputs = [summary["parallel_set"]["english"], summary["parallel_set"]["italian"]]
        inputs.append(str(Path(selection) / "beta3.parquet"))
        seal(tmp, build_manifest("models evaluate", stage_config(dict(config), "translator_choice"), inputs))
    return summary
