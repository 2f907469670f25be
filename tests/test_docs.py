"""The documentation: the README stays short and its links resolve, and the generated reference pages
(docs/gen_pages.py) list every configuration key with its default and every column of every Parquet schema.

The keys and columns are walked here from the schemas themselves, not taken from the generator, so that a
key or column added without documentation fails."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from coref_transfer import schema as parquet_schemas
from coref_transfer.config import schema as config_schema

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
MAX_README_LINES = 250


def _gen_pages():
    spec = importlib.util.spec_from_file_location("gen_pages", REPO / "docs" / "gen_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _keys(node: dict, prefix: str = "") -> dict[str, dict]:
    """Every key of a JSON schema by dotted name."""
    found = {}
    for name, child in node.get("properties", {}).items():
        found[prefix + name] = child
        found.update(_keys(child, prefix + name + "."))
    return found


def _columns(fields, prefix: str = "") -> list[str]:
    """Every column of a pyarrow schema by dotted name, struct fields (in lists too) included."""
    names = []
    for field in fields:
        names.append(prefix + field.name)
        inner = field.type.value_type if pa.types.is_list(field.type) else field.type
        if pa.types.is_struct(inner):
            names.extend(_columns(list(inner), prefix + field.name + "."))
    return names


def test_the_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines; move the detail into docs/"


def test_every_relative_link_of_the_readme_exists():
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert targets, "no links found in README.md"
    missing = []
    for target in targets:
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0]
        if not (REPO / path).exists():
            missing.append(target)
    assert not missing, f"README.md links to files that do not exist: {missing}"


def test_the_configuration_page_lists_every_key_with_its_default():
    page = _gen_pages().config_reference()
    rows = {m.group(1): line for line in page.splitlines() if (m := re.match(r"\| `([^`]+)` \|", line))}
    keys = _keys(config_schema())
    assert keys
    undocumented = sorted(set(keys) - set(rows))
    assert not undocumented, f"keys missing from the configuration page: {undocumented}"
    for key, node in keys.items():
        assert "default" in node, f"{key} has no default in the schema"
        default = json.dumps(node["default"], ensure_ascii=False).replace("|", "\\|")
        assert f"`{default}`" in rows[key], (key, default, rows[key])
        if node.get("description"):
            assert " ".join(node["description"].split()).replace("|", "\\|") in rows[key], key


def test_the_schema_page_lists_every_column_of_every_table():
    page = _gen_pages().schemas_reference()
    sections = dict(re.findall(r"^## `([a-z0-9_]+)\.parquet`\n(.*?)(?=^## |\Z)", page, flags=re.MULTILINE | re.DOTALL))
    assert set(sections) == set(parquet_schemas.TABLES)
    for table, schema in parquet_schemas.TABLES.items():
        listed = re.findall(r"^\| `([^`]+)` \|", sections[table], flags=re.MULTILINE)
        assert listed == _columns(schema), table
    assert f"`{parquet_schemas.SCHEMA_VERSION}`" in page


DOCS_PACKAGES = ("mkdocs", "material", "mkdocstrings_handlers.python", "mkdocs_gen_files")


def _missing_docs_packages() -> list[str]:
    missing = []
    for name in DOCS_PACKAGES:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            missing.append(name)
    return missing


@pytest.mark.skipif(bool(_missing_docs_packages()), reason="the docs extra is not installed (pip install -e '.[docs]')")
def test_the_site_builds_strictly(tmp_path):
    """`mkdocs build --strict`: a broken link, anchor or API reference is an error (a few seconds)."""
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), NO_MKDOCS_2_WARNING="1", DISABLE_MKDOCS_2_WARNING="true")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "reference" / "configuration.html").exists()


def _key_figures(text: str) -> dict[str, str]:
    """The rows of the "Key figures" table: figure -> value."""
    section = text.split("## Key figures", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return {cells[0].strip(): cells[1].strip() for cells in rows[1:] if not set(cells[0].strip()) <= {"-"}}


def test_the_readmes_key_figures_are_the_figures_pages():
    readme = _key_figures(README.read_text(encoding="utf-8"))
    site = _key_figures((REPO / "docs" / "figures.md").read_text(encoding="utf-8"))
    assert readme
    assert readme == site
