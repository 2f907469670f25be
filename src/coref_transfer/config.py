"""Configuration: load, fill defaults, validate against the one schema.

The schema (`schemas/config.schema.yaml`, linked from `workflow/schemas/`) is
the single definition of every key, its default and its allowed values; the
workflow and the CLI both validate through `load_config`/`validate_config`, so
a wrong value fails before any job runs, with a message naming the key.
"""

from __future__ import annotations

import copy
import hashlib
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from coref_transfer.errors import ConfigError

SCHEMA_RESOURCE = "schemas/config.schema.yaml"

STAGE_SECTIONS: dict[str, tuple[str, ...]] = {
    "select": ("method", "select", "classes"),
    "translate": ("method", "translate", "seed", "classes", "parser"),
    "refine": ("refine", "parser"),
    "export": ("export",),
    "augment": ("augment", "export", "seed"),
    "humaneval": ("report", "seed"),
    "report": ("report",),
    "translator_choice": ("translator_choice", "translate"),
}
"""The config sections each stage's command reads, defined once: the workflow
passes exactly these to a rule (`--config-json`, so a change re-runs it) and
the stage records them in its manifest."""

RENAMED_SECTIONS = {
    "selection": "select",
    "translation": "translate",
    "gamma": "translate",
    "parsing": "parser",
    "refinement": "refine",
    "model": "train",
}
"""Sections of configurations written before the stages got one name each (docs/migration.md)."""

MOVED_KEYS = {
    ("refine", "parser"): "parser",
    ("refine", "italian_classes"): "translate.italian_classes",
}
"""Keys moved out of a section when the classes' step 2 moved before the placeholders
(the parser is shared by translate and refine; docs/migration.md)."""


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    text = resources.files("coref_transfer").joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _fill_defaults(value: Any, node: dict[str, Any]) -> Any:
    """Insert schema defaults for missing keys, recursively (objects only)."""
    if not isinstance(value, dict) or node.get("type") != "object":
        return value
    for key, sub in node.get("properties", {}).items():
        if key not in value and "default" in sub:
            value[key] = copy.deepcopy(sub["default"])
        if key in value:
            value[key] = _fill_defaults(value[key], sub)
    return value


_SCALAR_TYPES = {"integer": int, "number": (int, float), "boolean": bool, "null": type(None)}


def _coerce_strings(value: Any, node: dict[str, Any]) -> Any:
    """Nested scalars written as strings, read as the schema's type ("2" for an integer key).

    Why: Snakemake reads `--config 'train={"augment": 2}'` with YAML's
    BaseLoader, which leaves every nested scalar a string; without this, the
    documentation's `--config` examples would fail validation. Only a string that
    YAML reads as a value of the key's (non-string) type is changed.
    """
    if isinstance(value, dict) and node.get("type") == "object":
        props = node.get("properties", {})
        return {k: _coerce_strings(v, props[k]) if k in props else v for k, v in value.items()}
    if isinstance(value, list) and node.get("type") == "array" and isinstance(node.get("items"), dict):
        return [_coerce_strings(v, node["items"]) for v in value]
    types = node.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    if not isinstance(value, str) or "string" in types or not types:
        return value
    try:
        parsed = yaml.safe_load(value)
    except yaml.YAMLError:
        return value
    fits = any(
        isinstance(parsed, _SCALAR_TYPES[t]) and not (t in ("integer", "number") and isinstance(parsed, bool))
        for t in types if t in _SCALAR_TYPES
    )  # fmt: skip
    return parsed if fits else value


def _describe(error: jsonschema.ValidationError) -> str:
    key = ".".join(str(p) for p in error.absolute_path) or "(top level)"
    if error.validator == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        return f"config key '{key}': {error.instance!r} is not allowed; allowed values: {allowed}"
    if error.validator == "additionalProperties":
        allowed = ", ".join(sorted(error.schema.get("properties", {})))
        return f"config key '{key}': {error.message}; valid keys: {allowed}"
    return f"config key '{key}': {error.message}"


def validate_config(config: dict[str, Any] | None) -> dict[str, Any]:
    """Return a validated copy of `config` with every default filled in.

    Raises:
        ConfigError: naming the key, the value and what is allowed.
    """
    config = copy.deepcopy(config or {})
    if not isinstance(config, dict):
        raise ConfigError(f"the configuration must be a mapping of keys, not {type(config).__name__}")
    renamed = [f"'{old}' is now '{RENAMED_SECTIONS[old]}'" for old in config if old in RENAMED_SECTIONS]
    renamed += [
        f"'{section}.{key}' is now '{new}'"
        for (section, key), new in MOVED_KEYS.items()
        if isinstance(config.get(section), dict) and key in config[section]
    ]
    if renamed:
        raise ConfigError("config sections renamed (one name per stage; see docs/migration.md): " + "; ".join(renamed))
    config = _fill_defaults(_coerce_strings(config, schema()), schema())
    validator = jsonschema.Draft7Validator(schema())
    errors = sorted(validator.iter_errors(config), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise ConfigError("invalid configuration:\n  " + "\n  ".join(_describe(e) for e in errors))
    sel = config["select"]
    if sel["min_tokens"] > sel["max_tokens"]:
        raise ConfigError(
            f"config keys 'select.min_tokens' ({sel['min_tokens']}) and 'select.max_tokens'"
            f" ({sel['max_tokens']}): the minimum must not exceed the maximum"
        )
    translate = config["translate"]
    if translate["marked_model"]["path"] and translate["mention_context"] != "sentence":
        raise ConfigError(
            "config key 'translate.marked_model.path': a model for the marked sentences is used only with "
            "'translate.mention_context: sentence' (it is 'alone'); empty the path or set the context"
        )
    if config["translate"]["backend"] == "plugin" and not config["translate"]["plugin"]:
        raise ConfigError("config key 'translate.plugin': backend plugin needs 'package.module:factory' (it is empty)")
    return config


def load_config(path: str | Path | None = None, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """Read a YAML/JSON config file (optional), merge overrides, validate.

    Raises:
        ConfigError: unreadable file, bad YAML, or an invalid value.
    """
    config: dict[str, Any] = {}
    if path is not None:
        try:
            config = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read the config file ({exc.strerror})") from exc
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: not valid YAML: {exc}") from exc
        if not isinstance(config, dict):
            raise ConfigError(f"{path}: the configuration must be a mapping of keys")
    if overrides:
        config = deep_merge(config, overrides)
    return validate_config(config)


def deep_merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """`extra` over `base`, merging nested mappings."""
    out = copy.deepcopy(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def stage_config(config: dict[str, Any], stage: str) -> dict[str, Any]:
    """The sections of `config` that stage `stage` reads (`STAGE_SECTIONS`)."""
    return {key: config[key] for key in STAGE_SECTIONS[stage]}


def parse_json_object(option: str, text: str) -> dict[str, Any]:
    """A command-line option's JSON object (`--config-json`, `--settings-json`).

    Raises:
        ConfigError: naming the option, when the text is not a JSON object.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{option}: not valid JSON ({exc.msg} at column {exc.colno})") from exc
    if not isinstance(value, dict):
        raise ConfigError(f"{option}: expected a JSON object")
    return value


def config_hash(config: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON form of a config."""
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()
