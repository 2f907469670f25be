"""`export_all`: the δ table in every export format, one file per split and format.

Writes `OUT/{split}.{extension}` for each split present in the table
(train, development, test; the partition names give the split) and each
requested format:

    format      file                  module
    conll2012   {split}.gold_conll    coref_transfer.export.conll2012
    json        {split}.json          coref_transfer.export.json_export
    corefud     {split}.conllu        coref_transfer.export.corefud
    jsonlines   {split}.jsonlines     coref_transfer.export.jsonlines

Every file is rendered in memory first and only then written, into a
temporary folder that replaces OUT only when every file and `manifest.json`
(`coref_transfer.manifest.seal`) are written: a bad row fails the export
before any file changes, and OUT appears complete or not at all.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coref_transfer.config import load_config, stage_config
from coref_transfer.errors import ConfigError
from coref_transfer.export import conll2012, corefud, json_export, jsonlines
from coref_transfer.export.json_export import Readability, default_readability
from coref_transfer.export.rows import DocumentPart, count, group_rows, load_delta
from coref_transfer.io import atomic_write_text, staged_directory, write_json
from coref_transfer.manifest import build_manifest, seal

log = logging.getLogger(__name__)

Writer = Callable[[Path], None]


@dataclass(frozen=True)
class Format:
    """One export format: its file extension, schema version and how to prepare a split."""

    name: str
    extension: str
    schema_version: str
    prepare: Callable[[str, Sequence[DocumentPart], Readability | None, Mapping[str, Any]], Writer]
    """(split, parts, readability, the export config section) -> a function writing the prepared file to a path."""


def _text_writer(text: str) -> Writer:
    return lambda path: atomic_write_text(path, text)


def _prepare_json(
    split: str, parts: Sequence[DocumentPart], readability: Readability | None, settings: Mapping[str, Any]
) -> Writer:
    data = json_export.document(split, parts, readability)
    return lambda path: write_json(path, data)


FORMATS: dict[str, Format] = {
    "conll2012": Format(
        "conll2012", conll2012.EXTENSION, conll2012.SCHEMA_VERSION, lambda s, p, r, c: _text_writer(conll2012.render(p))
    ),
    "json": Format("json", json_export.EXTENSION, json_export.SCHEMA_VERSION, _prepare_json),
    "corefud": Format(
        "corefud",
        corefud.EXTENSION,
        corefud.SCHEMA_VERSION,
        lambda s, p, r, c: _text_writer(corefud.render(p, c["corefud"]["zeros"])),
    ),
    "jsonlines": Format(
        "jsonlines", jsonlines.EXTENSION, jsonlines.SCHEMA_VERSION, lambda s, p, r, c: _text_writer(jsonlines.render(p))
    ),
}
"""The export formats by name, in the default order."""


def resolve_formats(names: Iterable[str]) -> list[Format]:
    """The formats named, each once, in the order given.

    Raises:
        ConfigError: no format, or an unknown name (the message lists the valid ones).
    """
    out: list[Format] = []
    for name in names:
        if name not in FORMATS:
            raise ConfigError(f"unknown export format {name!r}; valid formats: {', '.join(FORMATS)}")
        if FORMATS[name] not in out:
            out.append(FORMATS[name])
    if not out:
        raise ConfigError(f"no export format requested; valid formats: {', '.join(FORMATS)}")
    return out


def export_all(
    delta_table_path: str | Path,
    out_dir: str | Path,
    formats: Sequence[str] = tuple(FORMATS),
    readability: Readability | None = None,
    settings: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Export a `delta.parquet` to `out_dir/{split}.{extension}` for every split and format.

    Args:
        delta_table_path: a δ table (`coref_transfer.schema.DELTA`).
        out_dir: the output folder, replaced as a whole when every file is written.
        formats: names from `FORMATS`.
        readability: the JSON export's scorer (`json_export.Readability`);
            None uses `coref_transfer.readability`, checked before any
            work; `json_export.null_readability` writes null scores.
        settings: the config's `export` section (None: its defaults), recorded in the manifest.

    Returns:
        `{"splits": {split: counts}, "files": {format: {split: file name}},
        "schema_versions": {format: version}}`; counts as `rows.count`.

    Raises:
        ConfigError: an unknown format or setting, or the readability module is missing.
        InputFormatError: the table or one of its rows is malformed.
    """
    chosen = resolve_formats(formats)
    sections = stage_config(load_config(None, {"export": dict(settings or {})}), "export")
    if readability is None and any(f.name == "json" for f in chosen):
        readability = default_readability()
    splits = group_rows(load_delta(delta_table_path), str(delta_table_path))
    if not splits:
        log.warning("%s has no rows: no file written", delta_table_path)
    result: dict[str, Any] = {"splits": {split: count(parts) for split, parts in splits.items()}}
    for split, counts in result["splits"].items():
        if counts["repeated_mentions_merged"]:
            log.info(
                "%s: %d mention(s) repeated with the same chain and span, written once in the span formats",
                split,
                counts["repeated_mentions_merged"],
            )
        for reason, n in counts["dropped_mentions"].items():
            if n:
                log.warning("%s: %d mention(s) left out of every format (%s: see rows.DROP_REASONS)", split, n, reason)
    if any(f.name == "corefud" for f in chosen):
        for split, parts in splits.items():
            words = dict(sorted(corefud.word_counts(parts).items()))
            result["splits"][split]["corefud_words"] = words
            log.info("%s: CorefUD words: %s", split, ", ".join(f"{k} {v}" for k, v in words.items()) or "no change")
    config = {"formats": [f.name for f in chosen], **sections}
    files = write_dataset(out_dir, splits, chosen, readability, sections["export"], "export", config,
                          [delta_table_path], splits=result["splits"])  # fmt: skip
    result.update(files=files, schema_versions={f.name: f.schema_version for f in chosen})
    return result


def write_dataset(
    out_dir: str | Path,
    parts_by_split: Mapping[str, Sequence[DocumentPart]],
    formats: Sequence[Format],
    readability: Readability | None,
    settings: Mapping[str, Any],
    command: str,
    config: Mapping[str, Any],
    inputs: Sequence[str | Path],
    **extra: Any,
) -> dict[str, dict[str, str]]:
    """Write `out_dir/{split}.{extension}` for every split and format, then its manifest, all or nothing.

    Every file is rendered in memory before any is written, into a staged folder that replaces `out_dir`
    when the files and `manifest.json` (`command`, `config`, `inputs`, the formats' schema versions and
    `extra`) are written. `settings` is the config's `export` section. Returns {format: {split: file name}}.
    """
    pending: list[tuple[str, Writer]] = []
    files: dict[str, dict[str, str]] = {f.name: {} for f in formats}
    for split, parts in parts_by_split.items():
        for fmt in formats:
            name = f"{split}.{fmt.extension}"
            pending.append((name, fmt.prepare(split, parts, readability, settings)))
            files[fmt.name][split] = name
    out = Path(out_dir)
    with staged_directory(out) as tmp:
        for name, writer in pending:
            writer(tmp / name)
            log.info("wrote %s", out / name)
        manifest = build_manifest(command, dict(config), inputs, files=files,
                                  schema_versions={f.name: f.schema_version for f in formats}, **extra)  # fmt: skip
        seal(tmp, manifest)
    return files
