"""`coref-transfer translate`: the translate stage (γ) on one select folder's `beta3.parquet`.

Everything that can be checked is checked before any translation starts:
the β3 table, the placeholder inventory, the backend (model folder and
tokenizer, or translation memory), the Italian parser and the noun lexicon
(step 2 of the classes, `translate.italian_evidence`). The output folder holds `gamma.parquet`,
`stats.json` and `manifest.json` and appears complete or not at all.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from coref_transfer.config import stage_config
from coref_transfer.errors import ConfigError
from coref_transfer.io import staged_directory, write_json
from coref_transfer.manifest import build_manifest, seal
from coref_transfer.parsing.backends import build_parser
from coref_transfer.records import read_records, write_records
from coref_transfer.resources import config_path
from coref_transfer.stats import check_accounting
from coref_transfer.translate.align.build import build_aligner
from coref_transfer.translate.align.fast_align import save_tables
from coref_transfer.translate.joint import (
    fallback_utterances,
    joint_segments,
    paper_subset,
    read_translations,
    run_joint,
)
from coref_transfer.translate.mt.base import Backend
from coref_transfer.translate.mt.cache import TranslationCache
from coref_transfer.translate.mt.memory import MemoryMissError, TranslationMemory, write_misses
from coref_transfer.translate.mt.service import TranslationService
from coref_transfer.translate.placeholders.inventory import Inventory
from coref_transfer.translate.preflight import preflight, segments_tsv, summary_markdown
from coref_transfer.translate.stage import fallback_segments, mention_segments, run_gamma

log = logging.getLogger(__name__)

_PAIR_RE = re.compile(r"\b([A-Z]\w+) and ([A-Z]\w+)\b")


def build_backend(config: Mapping[str, Any], threads: int = 1) -> Backend:
    """The configured translation backend, loaded and checked."""
    t = config["translate"]
    if t["backend"] == "memory":
        return TranslationMemory(config_path(config, "translate.memory"))
    if t["backend"] == "plugin":
        from coref_transfer.translate.mt.plugin import load_plugin

        return load_plugin(t["plugin"], t["plugin_options"], threads)
    return _ct2_backend(config, "model", threads)


def build_marked_backend(config: Mapping[str, Any], threads: int = 1) -> Backend | None:
    """The backend of the tagged sentences (`translate.marked_model`), or None: the translate backend's.

    The joint method sends every utterance tagged; the placeholder method only its marked sentences
    (`translate.mention_context: sentence`)."""
    tagged = config["method"] == "joint" or config["translate"]["mention_context"] == "sentence"
    if not tagged or not config["translate"]["marked_model"]["path"]:
        return None
    return _ct2_backend(config, "marked_model", threads)


def _ct2_backend(config: Mapping[str, Any], key: str, threads: int) -> Backend:
    """A CTranslate2 backend for the model block `translate.<key>`, with translate's decoding options."""
    from coref_transfer.translate.mt.ct2 import CTranslate2Backend

    t = config["translate"]
    model = t[key]
    path = config_path(config, "translate.model.path") if key == "model" else model["path"]  # a user's folder
    return CTranslate2Backend(
        path,
        family=model["family"],
        source_lang=model["source_lang"],
        target_lang=model["target_lang"],
        device=t["device"],
        compute_type=t["compute_type"],
        beam_size=t["beam_size"],
        max_decoding_length=t["max_decoding_length"],
        length_penalty=t["length_penalty"],
        batch_tokens=t["batch_tokens"],
        threads=threads,
    )


class MissCollector(Backend):
    """Wraps a translation memory: records misses and lets the stage go on.

    Used by `--export-misses`: a miss is answered with its source text,
    pairs of names joined the Italian way ("A e B"), so that placeholders
    survive and the mention texts are requested too; all the misses of the
    partition are written out in one go.
    """

    name = "memory"
    cacheable = False

    def __init__(self, memory: TranslationMemory):
        self.memory = memory
        self.misses: list[str] = []

    @property
    def fingerprint(self) -> str:
        return self.memory.fingerprint

    def translate(self, segments: Sequence[str]) -> list[str]:
        missing = set(self.memory.missing(segments))
        self.misses.extend(s for s in segments if s in missing)
        return [_PAIR_RE.sub(r"\1 e \2", s) if s in missing else self.memory.table[s.strip()] for s in segments]


def run_translate(
    selection: str | Path,
    out: str | Path,
    config: Mapping[str, Any],
    threads: int = 1,
    progress: bool = True,
    export_misses: str | Path | None = None,
) -> dict[str, Any]:
    """The translate stage on `selection/beta3.parquet` (a select folder), written to the folder `out`.

    Args:
        export_misses: with the memory backend, write the segments the memory
            lacks to this file (source<TAB>) instead of failing on the first,
            in rounds, since each depends on the translations of the one
            before: the marked sentences (`translate.mention_context:
            sentence`), then the mention texts sent alone (all of them with
            `alone`; with `sentence`, the ones whose tags did not survive),
            then the utterances with their placeholders (drawn from the
            classes the mentions' Italian gives).
    Raises:
        MemoryMissError: segments missing from the translation memory.
    """
    beta3_path = Path(selection) / "beta3.parquet"
    utterances = read_records(beta3_path, "beta3")
    inventory = Inventory.load(config_path(config, "translate.placeholders"))
    parser = lexicon = None
    if config["translate"]["italian_classes"]:
        parser = build_parser(config)
        if config["parser"]["lexicon"]:
            from coref_transfer.lang.it.nouns import NounLexicon

            lexicon = NounLexicon.load(config_path(config, "parser.lexicon"))
    backend = build_backend(config, threads)
    collector = None
    if export_misses is not None:
        if not isinstance(backend, TranslationMemory):
            raise ConfigError("--export-misses needs translate.backend: memory")
        for kind, segments in _mention_rounds(utterances, config, backend, parser):
            # The placeholders depend on the Italian of the mentions (step 2 of the classes), and which
            # mentions go alone on what the marked sentences gave: while the memory lacks any of these,
            # the next round's segments are not known yet.
            missing = backend.missing(segments)
            if missing:
                n = write_misses(export_misses, missing)
                log.error(
                    "wrote %d missing %s segment(s) to %s: translate them and append them to the memory, "
                    "then run again (the next segments depend on their Italian)",
                    n,
                    kind,
                    export_misses,
                )
                raise MemoryMissError(config_path(config, "translate.memory"), sorted(set(missing)))
        backend = collector = MissCollector(backend)
    marked_backend = build_marked_backend(config, threads)
    needs_cache = getattr(backend, "cacheable", True) or marked_backend is not None
    cache = TranslationCache(config["translate"]["cache"]) if needs_cache else None
    batch = config["translate"]["checkpoint_segments"]
    service = TranslationService(backend, cache, batch_segments=batch, progress=progress)
    marked_service = (
        TranslationService(marked_backend, cache, batch_segments=batch, progress=progress) if marked_backend else None
    )
    aligner = build_aligner(config)
    try:
        if config["method"] == "joint":
            translated, stats = run_joint(
                utterances, service, inventory, config, parser, lexicon, progress, marked_service, aligner
            )
        else:
            translated, stats = run_gamma(
                utterances, service, inventory, config, parser, lexicon, progress, marked_service, aligner
            )
    finally:
        if cache is not None:
            cache.close()
    if collector is not None and collector.misses:
        n = write_misses(export_misses, collector.misses)  # type: ignore[arg-type]
        log.error("wrote %d missing segment(s) to %s", n, export_misses)
        raise MemoryMissError(config_path(config, "translate.memory"), sorted(set(collector.misses)))
    stats["translation"] = asdict(service.stats)
    if marked_service is not None:
        stats["translation_marked"] = asdict(marked_service.stats)
    check_accounting(stats, "translate")
    with staged_directory(out) as tmp:
        write_records(translated, tmp / "gamma.parquet", "gamma")
        write_json(tmp / "stats.json", stats)
        tables = getattr(aligner, "tables", None)
        if tables is not None:  # the aligner's learnt tables, with the run (`coref-transfer align` reads them)
            save_tables(tables, tmp / "alignment")
        parallel = [Path(p) for p in config["translate"]["alignment"]["parallel"]]
        seal(
            tmp,
            build_manifest(
                "translate",
                stage_config(config, "translate"),
                [beta3_path, *([config_path(config, "parser.lexicon")] if lexicon else []), *parallel],
                backend_fingerprint=backend.fingerprint,
                **({"marked_backend_fingerprint": marked_backend.fingerprint} if marked_backend else {}),
                placeholders_sha256=inventory.fingerprint,
                parser_fingerprint=parser.fingerprint if parser else None,
                partition=utterances[0].partition if utterances else Path(selection).name,
            ),
        )
    log.info(
        "translate %s: %d utterances, %d kept; %d mentions, %d kept; %d segments translated, %d from the cache",
        Path(selection).name,
        stats["input"]["utterances"],
        stats["gamma"]["utterances"],
        stats["input"]["mentions"],
        stats["gamma"]["mentions"],
        service.stats.translated,
        service.stats.cache_hits,
    )
    if config["method"] == "joint":
        tags = stats["tags"]
        log.info(
            "translate %s (joint): %d segments, %d tagged; spans: %s; by the placeholder path: %d utterances; "
            "tags unsound: %s",
            Path(selection).name,
            tags["segments"],
            tags["tagged_segments"],
            ", ".join(f"{k} {v}" for k, v in stats["span_sources"].items()),
            stats["methods"]["placeholders"],
            ", ".join(f"{k} {v}" for k, v in tags["unsound"].items() if v) or "none",
        )
        block = stats["alignment"]
        if block["mentions"]:
            alone = block.get("alone_match", {})
            log.info(
                "translate %s (joint): word alignment learnt from %d pairs (%d of parallel text) in %.1f s; "
                "%d of %d mentions projected (%.1f%%), %d tags disputed; refused: %s; the alone match placed %d of "
                "%d looked for",
                Path(selection).name,
                block["pairs"],
                block["parallel_pairs"],
                block["seconds"],
                block["projected"],
                block["mentions"],
                100 * block["projected"] / block["mentions"],
                block["disputed"],
                ", ".join(f"{k} {v}" for k, v in block["unsound"].items() if v) or "none",
                alone.get("placed", 0),
                alone.get("mentions", 0),
            )
        return stats
    sources = stats["mention_sources"]
    log.info(
        "translate %s: mentions' Italian (%s): %d from their sentence, %d by alignment, %d alone "
        "(%d marked sentences; tags lost: %s)",
        Path(selection).name,
        config["translate"]["mention_context"],
        sources["sentence"],
        sources["alignment"],
        sources["alone"],
        sources["marked_sentences"],
        ", ".join(f"{k} {v}" for k, v in sources["fallbacks"].items() if v) or "none",
    )
    return stats


def _mention_rounds(utterances, config: Mapping[str, Any], memory: TranslationMemory, parser=None):
    """The rounds of segments sent before the utterances, each known once the memory holds the one
    before: yields (kind, segments).

    The joint method sends its tagged utterances first; the utterances whose tags the memory's
    translations leave without a span go down the placeholder path, whose rounds follow on them."""
    if config["method"] == "joint":
        segments = joint_segments(utterances)
        yield "tagged utterance", [s.text for s in segments]
        outputs = [memory.table[s.text.strip()] for s in segments]
        read_translations(segments, outputs, build_aligner(config), parser)
        utterances = [paper_subset(utterances[i])[0] for i in fallback_utterances(segments)]
    if not config["translate"]["italian_classes"]:
        return  # the placeholders do not depend on the mentions' Italian: one round collects everything
    sentence = config["translate"]["mention_context"] == "sentence"
    yield ("marked sentence" if sentence else "mention"), mention_segments(utterances, config)
    if sentence:
        yield "mention", fallback_segments(utterances, config, memory.table, build_aligner(config), parser)


def run_preflight(selection: str | Path, out: str | Path, config: Mapping[str, Any]) -> dict[str, Any]:
    """`translate --dry-run`: write what γ would send for `selection/beta3.parquet`, flagged, to the folder `out`.

    No model, translation memory or parser is loaded (`translate.preflight`).
    Writes `segments.tsv`, `preflight.json`, `preflight.md` and `manifest.json`.
    """
    beta3_path = Path(selection) / "beta3.parquet"
    utterances = read_records(beta3_path, "beta3")
    inventory = Inventory.load(config_path(config, "translate.placeholders"))
    segments, summary = preflight(utterances, inventory, config)
    with staged_directory(out) as tmp:
        (tmp / "segments.tsv").write_text(segments_tsv(segments), encoding="utf-8")
        write_json(tmp / "preflight.json", summary)
        (tmp / "preflight.md").write_text(summary_markdown(segments, summary), encoding="utf-8")
        seal(
            tmp,
            build_manifest(
                "translate --dry-run",
                stage_config(config, "translate"),
                [beta3_path],
                placeholders_sha256=inventory.fingerprint,
                partition=utterances[0].partition if utterances else Path(selection).name,
            ),
        )
    seg = summary["segments"]
    log.info(
        "preflight %s: %d segments (%d joint, %d marked sentences, %d mention texts, %d utterances, "
        "%d with placeholders); %d flagged, %d with a detokenisation defect; see %s",
        Path(selection).name,
        seg["all"]["segments"],
        seg["joint"]["segments"],
        seg["marked"]["segments"],
        seg["mention"]["segments"],
        seg["utterance"]["segments"],
        seg["all"]["with_placeholders"],
        seg["all"]["flagged"],
        summary["detokenisation_defects"],
        Path(out) / "preflight.md",
    )
    return summary
