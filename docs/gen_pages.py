"""Generate the site's reference pages at build time (mkdocs-gen-files runs this script).

Two pages, each written from the code so that it cannot drift from it:

- `reference/configuration.md`: every key of the configuration schema (`coref_transfer.config.schema()`),
  nested keys by their dotted names, with type, default and description;
- `reference/schemas.md`: every Parquet table of `coref_transfer.schema.TABLES`, one table of columns
  (column, type, nullable, description) per schema, with the module's own descriptions.

`tests/test_docs.py` imports `config_reference` and `schemas_reference` and checks that they list every
key and every column.
"""

from __future__ import annotations

import ast
import inspect
import json
from typing import Any

import pyarrow as pa

from coref_transfer import schema as schema_module
from coref_transfer.config import schema as config_schema


def _cell(text: str) -> str:
    """One Markdown table cell: no line breaks, no unescaped pipes."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _type_of(node: dict[str, Any]) -> str:
    """The schema node's type, with its allowed values or item type."""
    kind = node.get("type", "")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    if "enum" in node:
        return f"{kind or 'value'}: one of " + ", ".join(f"`{json.dumps(v)}`" for v in node["enum"])
    if kind == "array" and isinstance(node.get("items"), dict):
        items = node["items"]
        inner = _type_of(items)
        return f"array of {inner}" if inner else "array"
    if "oneOf" in node or "anyOf" in node:
        return " or ".join(_type_of(option) for option in node.get("oneOf", node.get("anyOf", [])))
    bounds = []
    if "minimum" in node:
        bounds.append(f"≥ {node['minimum']}")
    if "maximum" in node:
        bounds.append(f"≤ {node['maximum']}")
    return kind + (f" ({', '.join(bounds)})" if bounds else "")


def config_keys(node: dict[str, Any] | None = None, prefix: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every key of the configuration schema as (dotted name, schema node), sections before their keys."""
    node = config_schema() if node is None else node
    keys = []
    for name, child in node.get("properties", {}).items():
        dotted = f"{prefix}{name}"
        keys.append((dotted, child))
        if child.get("type") == "object" and "properties" in child:
            keys.extend(config_keys(child, dotted + "."))
    return keys


def config_reference(schema: dict[str, Any] | None = None) -> str:
    """The configuration reference page (Markdown), from the schema."""
    schema = config_schema() if schema is None else schema
    lines = [
        "# Configuration reference",
        "",
        (
            "Every key of the configuration, generated from the schema the workflow and the command line "
            "validate against (`src/coref_transfer/schemas/config.schema.yaml`; "
            "`workflow/schemas/config.schema.yaml` links to it). Nested keys are given by their dotted names "
            "(`select.min_tokens` is `min_tokens` under `select:`). Every key has a default, the value that runs "
            "the embedded sample; `config.yaml` repeats the defaults with comments. Unknown keys and "
            "out-of-range values fail at start. The decisions behind the defaults are explained in "
            "[Defaults](../defaults.md)."
        ),
        "",
        _cell(schema.get("description", "")),
        "",
    ]
    sections = [(name, node) for name, node in schema["properties"].items()]
    top = [(name, node) for name, node in sections if node.get("type") != "object" or "properties" not in node]
    lines += ["## Top-level keys", "", "| key | type | default | description |", "|---|---|---|---|"]
    lines += [_row(name, node) for name, node in top]
    for name, node in sections:
        if (name, node) in top:
            continue
        lines += ["", f"## `{name}`", ""]
        if node.get("description"):
            lines += [_cell(node["description"]), ""]
        lines += ["| key | type | default | description |", "|---|---|---|---|"]
        lines.append(_row(name, node))
        lines += [_row(key, child) for key, child in config_keys(node, name + ".")]
    return "\n".join(lines) + "\n"


def _row(key: str, node: dict[str, Any]) -> str:
    default = json.dumps(node["default"], ensure_ascii=False) if "default" in node else "(none)"
    return f"| `{key}` | {_cell(_type_of(node))} | `{_cell(default)}` | {_cell(node.get('description', ''))} |"


def _docstrings(module) -> dict[str, str]:
    """The module's attribute docstrings: the string literal after a top-level assignment, by name."""
    tree = ast.parse(inspect.getsource(module))
    found = {}
    for statement, following in zip(tree.body, tree.body[1:]):
        if (
            isinstance(statement, ast.Assign)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = inspect.cleandoc(following.value.value)
    return found


def _type_name(kind: pa.DataType, names: dict[str, str]) -> str:
    """A pyarrow type as text; a struct the module names is given by its name."""
    for name, value in vars(schema_module).items():
        if isinstance(value, pa.DataType) and value == kind and pa.types.is_struct(kind) and name in names:
            return f"struct `{name}`"
    if pa.types.is_list(kind):
        return f"list of {_type_name(kind.value_type, names)}"
    return str(kind)


def schema_columns(table: pa.Schema, prefix: str = "") -> list[tuple[str, pa.Field]]:
    """Every column of a schema as (dotted name, field), the fields of structs (and lists of structs) too."""
    columns = []
    for field in table:
        name = f"{prefix}{field.name}"
        columns.append((name, field))
        inner = field.type.value_type if pa.types.is_list(field.type) else field.type
        if pa.types.is_struct(inner):
            columns.extend(schema_columns(pa.schema(list(inner)), name + "."))
    return columns


def schemas_reference() -> str:
    """The Parquet schemas page (Markdown), from `coref_transfer.schema`."""
    docs = _docstrings(schema_module)
    variables = {id(value): name for name, value in vars(schema_module).items() if isinstance(value, pa.Schema)}
    structs = {
        name: value
        for name, value in vars(schema_module).items()
        if isinstance(value, pa.DataType) and pa.types.is_struct(value)
    }
    class_fields = {field.name for field in schema_module.CLASS_FIELDS}
    lines = [
        "# Parquet schemas",
        "",
        (
            "The columns of every Parquet table the stages write, generated from `coref_transfer.schema`, where "
            "each schema is defined once. Every table carries `schema_version` in its metadata (now "
            f"`{schema_module.SCHEMA_VERSION}`); readers check it and reject truncated files. A column inside a "
            "struct, or inside the structs of a list, is given by its dotted name (`mentions.start`). "
            "The formats of the exported dataset are in [Outputs and formats](../outputs.md)."
        ),
        "",
        (inspect.getdoc(schema_module) or "").replace(":\n- ", ":\n\n- "),
        "",
    ]
    for table, value in schema_module.TABLES.items():
        variable = variables.get(id(value), "")
        lines += ["", f"## `{table}.parquet`", "", f"Schema `{variable}`.", ""]
        if variable in docs:
            lines += [_cell(docs[variable]), ""]
        lines += ["| column | type | nullable | description |", "|---|---|---|---|"]
        for name, field in schema_columns(value):
            inner = field.type.value_type if pa.types.is_list(field.type) else field.type
            described = next((docs.get(s, "") for s, v in structs.items() if v == inner), "")
            if field.name == "role":
                described = docs.get("ROLE_FIELD", "")
            elif field.name in class_fields and "." in name:
                described = docs.get("CLASS_FIELDS", "")
            kind = _cell(_type_name(field.type, structs))
            lines.append(f"| `{name}` | {kind} | {'yes' if field.nullable else 'no'} | {_cell(described)} |")
    return "\n".join(lines) + "\n"


def _write_pages() -> None:
    import mkdocs_gen_files

    with mkdocs_gen_files.open("reference/configuration.md", "w") as page:
        page.write(config_reference())
    with mkdocs_gen_files.open("reference/schemas.md", "w") as page:
        page.write(schemas_reference())


if __name__ in {"__main__", "<run_path>"}:
    _write_pages()
