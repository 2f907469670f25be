"""The library's import graph (issue 39): no circle between modules, and the shared layers stay below the stages.

Read from the source with `ast` (nothing is imported), every `import` and `from … import` of
`coref_transfer`, including the ones inside functions, which run as surely as the others.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "src" / "coref_transfer"

#: The layers a module of each shared package may import, and nothing above them: the word lists and forms
#: (`lang`) read the parsed-sentence types, the treebank files, the class vocabulary and the project's own files
#: (`resources`), never a parser, the class estimation or a stage; the three shared modules sit below everything.
ALLOWED = {
    "lang": {"lang", "class_values", "parsed", "ud_files", "deptree", "tree", "model", "resources", "errors", "io"},
    "parsed": set(),
    "ud_files": {"errors", "io"},
    "class_values": set(),
}


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The `coref_transfer` modules `path` imports (a `from X import name` counts X, and X.name if a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("coref_transfer")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("coref_transfer"):
            if node.module != "coref_transfer":  # `from coref_transfer import resources`: the module named counts
                found.add(node.module)
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                if (PACKAGE.parent / Path(*candidate.split("."))).with_suffix(".py").exists():
                    found.add(candidate)
    return found


def _layer(module: str) -> str:
    """The package or module right under `coref_transfer` ("coref_transfer.lang.it.nouns" → "lang")."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}


def test_no_module_imports_itself_through_others():
    graph = _graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if nxt.endswith(".__main__"):
                continue
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert not cycles, cycles


def test_the_shared_layers_import_nothing_above_them():
    wrong = []
    for module, imported in _graph().items():
        layer = _layer(module)
        if layer not in ALLOWED:
            continue
        for other in imported:
            if _layer(other) not in ALLOWED[layer] | {layer}:
                wrong.append(f"{module} imports {other}")
    assert not wrong, wrong
