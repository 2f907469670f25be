"""Parquet schemas of every table the workflow writes, defined once.

Span convention: `start`/`end` are 0-based token offsets inside the
utterance, `end` inclusive (see `coref_transfer.model.Span`). Every table
carries `schema_version` in its metadata; readers check it.

Tables of the selection (per partition, and merged):
- `utterances.parquet`: every utterance read, every gold mention, with the
  stage (`dropped_at`) and `reason` of each drop: the complete audit;
- `alpha.parquet`, `beta1.parquet`, `beta2.parquet`: what survives each
  stage, as keys and mentions only (`STAGE`; join on doc_id, part, sentence
  with `utterances` for the text: the token columns are not written 4 times);
- `beta3.parquet`: the utterances and mentions kept by the selection, with
  their classes and every column (`UTTERANCES` schema, drop columns null):
  the input of translation. `heads` (0-based, -1 for the root) and
  `deprels` are the English dependency tree of a CorefUD input, empty lists
  for CoNLL-2012 input (whose tree is `parse`);
- `clusters.parquet`: every gold cluster, its β3 decision and its class.

Table of stage γ: `gamma.parquet` (`GAMMA`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from coref_transfer import __version__
from coref_transfer.errors import InputFormatError
from coref_transfer.io import atomic_write_bytes

SCHEMA_VERSION = "4"
"""The version of every table's columns. Bump it whenever a schema below changes (`tests/test_schema_version.py`
holds each version's fingerprints and fails on a change without a bump): the workflow's rules that write the
tables take it as a parameter, so `snakemake` re-makes them after a bump, and `read_table` refuses a table of
another version with the command that re-makes it. Version 4: the first with stored fingerprints."""

CLASS_FIELDS = [
    pa.field("type", pa.string()),
    pa.field("gender", pa.string()),
    pa.field("number", pa.string()),
    pa.field("type_source", pa.string()),
    pa.field("gender_source", pa.string()),
    pa.field("number_source", pa.string()),
    pa.field("etype", pa.string()),
]
"""A mention's class (`classes.MentionClass`): type, gender, number, the source of each, and its
chain's CorefUD entity type (`entity_types`, decided by select)."""

ROLE_FIELD = pa.field("role", pa.string())
"""A pronoun mention's grammatical role in the English (`lang.en.pronoun_role.ROLES`; null for
other mentions), decided by select and carried through translate and refine."""

MENTION = pa.struct(
    [
        pa.field("cluster_id", pa.int32(), nullable=False),
        pa.field("start", pa.int32(), nullable=False),
        pa.field("end", pa.int32(), nullable=False),
        pa.field("root", pa.int32()),
        pa.field("coordinated", pa.bool_()),
        pa.field("dropped_at", pa.string()),
        pa.field("reason", pa.string()),
        pa.field("in_place", pa.string()),
        ROLE_FIELD,
        *CLASS_FIELDS,
        pa.field("paper_reason", pa.string()),
    ]
)
"""One gold mention and select's decision. `paper_reason`: with the joint method, the reason the
paper's filters (α, β1, β2) would have dropped a mention this method keeps (null: the paper keeps it
too), so that an utterance the translate stage sends down the placeholder path carries only the
mentions the paper's method can carry; always null with the placeholder method."""

ENTITY = pa.struct(
    [
        pa.field("label", pa.string(), nullable=False),
        pa.field("start", pa.int32(), nullable=False),
        pa.field("end", pa.int32(), nullable=False),
    ]
)

_META = {b"schema_version": SCHEMA_VERSION.encode()}

UTTERANCES = pa.schema(
    [
        pa.field("partition", pa.string(), nullable=False),
        pa.field("doc_id", pa.string(), nullable=False),
        pa.field("part", pa.int32(), nullable=False),
        pa.field("sentence", pa.int32(), nullable=False),
        pa.field("path", pa.string(), nullable=False),
        pa.field("line", pa.int32(), nullable=False),
        pa.field("speaker", pa.string(), nullable=False),
        pa.field("tokens", pa.list_(pa.string()), nullable=False),
        pa.field("pos", pa.list_(pa.string()), nullable=False),
        pa.field("parse", pa.list_(pa.string()), nullable=False),
        pa.field("heads", pa.list_(pa.int32()), nullable=False),
        pa.field("deprels", pa.list_(pa.string()), nullable=False),
        pa.field("entities", pa.list_(ENTITY), nullable=False),
        pa.field("dropped_at", pa.string()),
        pa.field("reason", pa.string()),
        pa.field("mentions", pa.list_(MENTION), nullable=False),
    ],
    metadata=_META,
)

STAGE = pa.schema(
    [
        pa.field("partition", pa.string(), nullable=False),
        pa.field("doc_id", pa.string(), nullable=False),
        pa.field("part", pa.int32(), nullable=False),
        pa.field("sentence", pa.int32(), nullable=False),
        pa.field("mentions", pa.list_(MENTION), nullable=False),
    ],
    metadata=_META,
)

CLUSTERS = pa.schema(
    [
        pa.field("partition", pa.string(), nullable=False),
        pa.field("doc_id", pa.string(), nullable=False),
        pa.field("part", pa.int32(), nullable=False),
        pa.field("cluster_id", pa.int32(), nullable=False),
        pa.field("mentions_read", pa.int32(), nullable=False),
        pa.field("mentions_kept", pa.int32(), nullable=False),
        pa.field("dropped_at", pa.string()),
        pa.field("reason", pa.string()),
        *CLASS_FIELDS,
    ],
    metadata=_META,
)

GAMMA_MENTION = pa.struct(
    [
        pa.field("cluster_id", pa.int32(), nullable=False),
        pa.field("start", pa.int32()),
        pa.field("end", pa.int32()),
        pa.field("source_start", pa.int32(), nullable=False),
        pa.field("source_end", pa.int32(), nullable=False),
        pa.field("kind", pa.string(), nullable=False),
        pa.field("text_en", pa.string(), nullable=False),
        pa.field("text_it", pa.string()),
        pa.field("placeholder", pa.string()),
        ROLE_FIELD,
        pa.field("text_source", pa.string()),
        pa.field("fallback", pa.string()),
        pa.field("preposition_it", pa.string()),
        pa.field("span_source", pa.string()),
        *CLASS_FIELDS,
        pa.field("dropped_at", pa.string()),
        pa.field("reason", pa.string()),
    ]
)

ATTEMPT = pa.struct(
    [
        pa.field("attempt", pa.int32(), nullable=False),
        pa.field("source", pa.string(), nullable=False),
        pa.field("translation", pa.string(), nullable=False),
        pa.field("placeholders", pa.list_(pa.string()), nullable=False),
        pa.field("failure", pa.string()),
    ]
)

GAMMA = pa.schema(
    [
        pa.field("partition", pa.string(), nullable=False),
        pa.field("doc_id", pa.string(), nullable=False),
        pa.field("part", pa.int32(), nullable=False),
        pa.field("sentence", pa.int32(), nullable=False),
        pa.field("speaker", pa.string(), nullable=False),
        pa.field("source_tokens", pa.list_(pa.string()), nullable=False),
        pa.field("source_text", pa.string(), nullable=False),
        pa.field("replaced", pa.string(), nullable=False),
        pa.field("translation", pa.string(), nullable=False),
        pa.field("text", pa.string()),
        pa.field("tokens", pa.list_(pa.string()), nullable=False),
        pa.field("attempts", pa.int32(), nullable=False),
        pa.field("audit", pa.list_(ATTEMPT), nullable=False),
        pa.field("dropped_at", pa.string()),
        pa.field("reason", pa.string()),
        pa.field("mentions", pa.list_(GAMMA_MENTION), nullable=False),
        pa.field("marked", pa.string()),
        pa.field("marked_translation", pa.string()),
        pa.field("method", pa.string(), nullable=False),
    ],
    metadata=_META,
)
"""Stage γ (`gamma.parquet`): one row per β3 utterance. `tokens`, `text` and
the mentions' `start`/`end` are Italian (null/empty when the utterance was
dropped); `source_*` are the English ones; `audit` lists every attempt;
`marked` and `marked_translation` are the English sent with its mentions
tagged and what came back (null: no marked sentence). A mention's
`text_source` says where its `text_it` came from (`sentence`, `alone`,
`table`), `fallback` why not from its sentence, `preposition_it` the
preposition the marked sentence put before it, `span_source` where its span
came from (`tags`, `placeholder`). `method` says which method gave the
utterance's Italian (`joint`, `placeholders`; `docs/methods.md`)."""

ZERO = pa.struct(
    [
        pa.field("form", pa.string(), nullable=False),
        pa.field("lemma", pa.string(), nullable=False),
        pa.field("xpos", pa.string(), nullable=False),
        pa.field("feats", pa.string(), nullable=False),
        pa.field("deprel", pa.string(), nullable=False),
    ]
)
"""The subject pronoun refine deleted under a mention that now lies on its verb: the pronoun's
annotation, for the CorefUD export's zero mention (an empty node)."""

DELTA_MENTION = pa.struct(
    [
        pa.field("cluster_id", pa.int32(), nullable=False),
        pa.field("start", pa.int32(), nullable=False),
        pa.field("end", pa.int32(), nullable=False),
        pa.field("start_before", pa.int32(), nullable=False),
        pa.field("end_before", pa.int32(), nullable=False),
        ROLE_FIELD,
        *CLASS_FIELDS,
        pa.field("zero", ZERO),
    ]
)

CHANGE = pa.struct(
    [
        pa.field("rule", pa.string(), nullable=False),
        pa.field("index", pa.int32(), nullable=False),
        pa.field("before", pa.string(), nullable=False),
        pa.field("after", pa.string(), nullable=False),
    ]
)

DELTA = pa.schema(
    [
        pa.field("partition", pa.string(), nullable=False),
        pa.field("doc_id", pa.string(), nullable=False),
        pa.field("part", pa.int32(), nullable=False),
        pa.field("sentence", pa.int32(), nullable=False),
        pa.field("speaker", pa.string(), nullable=False),
        pa.field("text_before", pa.string(), nullable=False),
        pa.field("tokens_before", pa.list_(pa.string()), nullable=False),
        pa.field("text", pa.string(), nullable=False),
        pa.field("tokens", pa.list_(pa.string()), nullable=False),
        pa.field("lemmas", pa.list_(pa.string()), nullable=False),
        pa.field("upos", pa.list_(pa.string()), nullable=False),
        pa.field("xpos", pa.list_(pa.string()), nullable=False),
        pa.field("feats", pa.list_(pa.string()), nullable=False),
        pa.field("heads", pa.list_(pa.int32()), nullable=False),
        pa.field("deprels", pa.list_(pa.string()), nullable=False),
        pa.field("mentions", pa.list_(DELTA_MENTION), nullable=False),
        pa.field("changes", pa.list_(CHANGE), nullable=False),
    ],
    metadata=_META,
)
"""Stage δ (`delta.parquet`): one row per utterance γ kept. Tokens, mentions
and annotations are after refinement (the annotation is the parse of γ's
tokens, carried through the edits: heads are 0-based, -1 for the root);
`*_before` are γ's; `changes` logs every edit (rule, token index at the time,
before, after; after "" for a deletion)."""

TABLES = {
    "utterances": UTTERANCES,
    "alpha": STAGE,
    "beta1": STAGE,
    "beta2": STAGE,
    "beta3": UTTERANCES,
    "clusters": CLUSTERS,
    "gamma": GAMMA,
    "delta": DELTA,
}

TABLE_STAGES = {
    "utterances": "select",
    "alpha": "select",
    "beta1": "select",
    "beta2": "select",
    "beta3": "select",
    "clusters": "select",
    "gamma": "translate",
    "delta": "refine",
}
"""The stage (and Snakemake rule) that writes each of `TABLES`."""


def schema_fingerprint(schema: pa.Schema) -> str:
    """SHA-256 of a schema's columns: each field's name, type (nested fields included) and nullability, in order.

    Metadata (the version itself) is left out, so that the fingerprint changes exactly when the columns do.
    """
    return hashlib.sha256("\n".join(_describe_field(field) for field in schema).encode()).hexdigest()


def _describe_field(field: pa.Field) -> str:
    return f"{field.name}: {_describe_type(field.type)}{'' if field.nullable else ' not null'}"


def _describe_type(type_: pa.DataType) -> str:
    # Spelled out rather than str(type_): pyarrow's spelling of nested types (a list's item name) has changed
    # between releases, and a fingerprint must change with the columns only.
    if pa.types.is_struct(type_):
        return "struct<" + ", ".join(_describe_field(type_.field(i)) for i in range(type_.num_fields)) + ">"
    if pa.types.is_list(type_) or pa.types.is_large_list(type_):
        item = type_.value_field
        return f"list<{_describe_type(item.type)}{'' if item.nullable else ' not null'}>"
    return str(type_)


def _remake_advice(path: Path, name: str) -> str:
    """Who wrote a refused table (its folder's manifest) and the commands that make it again."""
    writer = "an unknown version of coref-transfer"
    try:
        manifest = json.loads((path.parent / "manifest.json").read_text())
        version, revision = manifest.get("versions", {}).get("coref-transfer"), manifest.get("git_revision")
        if version:
            writer = f"coref-transfer {version}" + (f" (git {str(revision)[:12]})" if revision else "")
    except (OSError, ValueError, AttributeError):
        pass
    stage = TABLE_STAGES[name]
    return (
        f"written by {writer}; this is coref-transfer {__version__}, which reads schema version {SCHEMA_VERSION}. "
        f"Make it again: `snakemake` re-runs the rules a schema change affects (`snakemake --forcerun {stage}` "
        f"forces it), or `coref-transfer {stage} ...` by hand"
    )


def write_table(table: pa.Table, path: str | Path) -> None:
    """Write a table atomically (temporary file, then rename)."""
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    atomic_write_bytes(path, sink.getvalue().to_pybytes())


def read_table(path: str | Path, name: str) -> pa.Table:
    """Read one of `TABLES`, checking its schema and version.

    Raises:
        InputFormatError: unreadable, truncated, or of another schema.
    """
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as exc:
        raise InputFormatError(path, None, f"not a readable Parquet file ({exc})") from exc
    version = (table.schema.metadata or {}).get(b"schema_version", b"?").decode()
    if version != SCHEMA_VERSION:
        raise InputFormatError(
            path, None, f"a '{name}' table of schema version {version}, {_remake_advice(Path(path), name)}"
        )
    expected = TABLES[name]
    if not table.schema.equals(expected, check_metadata=False):
        found, wanted = set(table.schema.names), set(expected.names)
        detail = ", ".join(
            part
            for part in (
                f"missing {sorted(wanted - found)}" if wanted - found else "",
                f"unexpected {sorted(found - wanted)}" if found - wanted else "",
            )
            if part
        )
        raise InputFormatError(
            path,
            None,
            f"columns differ from the '{name}' schema ({detail or 'types or order'}), "
            f"{_remake_advice(Path(path), name)}",
        )
    return table
