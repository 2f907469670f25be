"""Run the library as if only one conda environment (envs/<name>.yaml) were installed.

The rules run `python -m coref_transfer ...` inside a pinned conda
environment. We cannot build those environments here (no conda, no
conda-forge), so this module emulates one inside the test virtualenv: a
`sys.meta_path` finder refuses every top-level module that is not

* in the standard library (`sys.stdlib_module_names`, builtins),
* `coref_transfer` itself (the rules put the checkout's src/ on PYTHONPATH),
* provided by a distribution the environment pins, by one of their transitive
  requirements (as declared in the installed metadata, markers evaluated with
  no extras), or by pip/setuptools (the environment's python brings them).

A refused import raises `ModuleNotFoundError("<module> is not in envs/<name>.yaml")`.
`importlib.util.find_spec` and `importlib.metadata` are made to agree (a
refused module has no spec and its distribution no metadata), so libraries
that probe for optional packages see the environment's view, not the
virtualenv's.

It also notes (without refusing) modules that coref_transfer imports itself
but that the environment has only as a requirement of one of its pins: such
a package must be pinned too, since the pinned versions may not require it.

Use: put `tests/env_guard_site` on PYTHONPATH and set COREF_ENV_GUARD to the
environment file; its `sitecustomize` installs the guard in every Python
process started with that environment (worker processes included).
COREF_ENV_GUARD_LOG, if set, names a file that gets a line `refused <module>`
per refused import and `unpinned <module> <importer>` per such direct import.

Limits: the closure uses the metadata of the versions installed here, not of
the pinned versions, and conda-forge's packages may declare other
dependencies than PyPI's wheels.
"""

from __future__ import annotations

import sys

#: modules loaded before this one: what install() purges is what this module brought in
_BEFORE = frozenset(sys.modules)

import builtins
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ENV_VAR = "COREF_ENV_GUARD"
LOG_VAR = "COREF_ENV_GUARD_LOG"
SITE_DIR = Path(__file__).resolve().parent / "env_guard_site"

#: conda-forge package name -> PyPI distribution name, where they differ
#: beyond case, '-', '_' and '.'; None: not a Python distribution.
CONDA_TO_PYPI: dict[str, str | None] = {
    "python": None,
    "pytorch": "torch",
    "pyyaml": "PyYAML",
}
#: What an environment's python brings along without being listed.
PYTHON_BRINGS = ("pip", "setuptools")
#: Always importable: the checkout's own package and this guard.
OWN_MODULES = frozenset({"coref_transfer", "env_guard", "sitecustomize", "__main__"})

CONDA_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]*)=(?P<version>\d+(?:\.\d+){2,}[A-Za-z0-9.+_-]*)$")
PIP_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]*)==(?P<version>\d+(?:\.\d+){2,}[A-Za-z0-9.+_-]*)$")


@dataclass(frozen=True)
class Pin:
    """One dependency line of an environment file."""

    spec: str  # the line as written
    name: str | None  # its exact name and version, None when not an exact pin
    version: str | None
    source: str  # "conda" or "pip"

    @property
    def pypi(self) -> str | None:
        """The canonical PyPI distribution name (None for python itself)."""
        if self.name is None:
            return None
        if self.source == "conda" and self.name.lower() in CONDA_TO_PYPI:
            mapped = CONDA_TO_PYPI[self.name.lower()]
            return canonicalize_name(mapped) if mapped else None
        return canonicalize_name(self.name)


def read_env(path: str | Path) -> dict:
    """An environment file, parsed."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def env_pins(path: str | Path) -> list[Pin]:
    """Every dependency of an environment file (conda ones, then pip ones)."""
    pins = []
    for dep in read_env(path).get("dependencies") or []:
        if isinstance(dep, dict):
            for spec in dep.get("pip") or []:
                m = PIP_PIN.match(str(spec).strip())
                pins.append(Pin(str(spec), m and m["name"], m and m["version"], "pip"))
        else:
            m = CONDA_PIN.match(str(dep).strip())
            pins.append(Pin(str(dep), m and m["name"], m and m["version"], "conda"))
    return pins


def _requirements(dist: str, extra: str) -> list[Requirement]:
    """The requirements of an installed distribution that apply with `extra` ("" for none)."""
    try:
        lines = importlib.metadata.requires(dist) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    env = {**default_environment(), "extra": extra}
    out = []
    for line in lines:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            out.append(req)
    return out


def distribution_closure(roots: list[str]) -> set[str]:
    """Canonical names of `roots` and everything they require (transitively, installed metadata)."""
    seen: set[tuple[str, str]] = set()
    todo = [(canonicalize_name(r), "") for r in roots]
    while todo:
        dist, extra = todo.pop()
        if (dist, extra) in seen:
            continue
        seen.add((dist, extra))
        for req in _requirements(dist, extra):
            name = canonicalize_name(req.name)
            todo.append((name, ""))
            todo.extend((name, e) for e in req.extras)
    return {dist for dist, _ in seen}


def pinned_distributions(path: str | Path) -> set[str]:
    """The distributions an environment names itself (canonical), with pip and setuptools."""
    return {canonicalize_name(d) for d in [*(p.pypi for p in env_pins(path) if p.pypi), *PYTHON_BRINGS]}


def env_distributions(path: str | Path) -> set[str]:
    """The distributions an environment provides: its pins, what they require, pip and setuptools."""
    return distribution_closure(sorted(pinned_distributions(path)))


def modules_of(dists: set[str]) -> set[str]:
    """Top-level import names provided by the given (canonical) distributions."""
    return {
        module
        for module, owners in importlib.metadata.packages_distributions().items()
        if any(canonicalize_name(o) in dists for o in owners)
    }


def env_label(path: str | Path) -> str:
    """How messages name an environment file: envs/<name>.yaml."""
    path = Path(path)
    return f"{path.parent.name}/{path.name}"


class EnvGuard(importlib.abc.MetaPathFinder):
    """Refuses top-level modules an environment would not have."""

    def __init__(self, env_file: str | Path, log: str | Path | None = None):
        self.env_file = Path(env_file)
        self.label = env_label(env_file)
        self.dists = env_distributions(env_file)
        self.standard = set(sys.stdlib_module_names) | set(sys.builtin_module_names) | OWN_MODULES
        self.allowed = self.standard | modules_of(self.dists)
        self.pinned = modules_of(pinned_distributions(env_file))
        # the interpreter's own library folders, for stdlib modules sys.stdlib_module_names
        # leaves out (_sysconfigdata_*, which sysconfig imports by a computed name)
        self.stdlib_dirs = [
            p
            for p in sys.path
            if p
            and Path(p).is_relative_to(sys.base_prefix)
            and not {"site-packages", "dist-packages"} & set(Path(p).parts)
        ]
        self.log = Path(log) if log else None
        self.refused: list[str] = []
        self.unpinned: set[tuple[str, str]] = set()

    def record(self, line: str) -> None:
        if self.log is not None:
            with open(self.log, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")

    def permits(self, fullname: str) -> bool:
        top = fullname.partition(".")[0]
        if top in self.allowed:
            return True
        if importlib.machinery.PathFinder.find_spec(top, self.stdlib_dirs) is not None:
            self.allowed.add(top)
            return True
        return False

    def find_spec(self, fullname, path=None, target=None):
        if self.permits(fullname):
            return None  # let the ordinary finders look for it  # noqa: RET501
        top = fullname.partition(".")[0]
        self.refused.append(top)
        self.record(f"refused {top}")
        raise ModuleNotFoundError(f"{top} is not in {self.label}", name=fullname)

    def permits_distribution(self, name: str | None) -> bool:
        return name is not None and canonicalize_name(name) in self.dists

    def check_direct(self, name: str, importer: str) -> None:
        """Note a module coref_transfer imports itself that the environment has only as a requirement
        of something else (its pins could drop it: the metadata here is not that of the pinned versions)."""
        top = name.partition(".")[0]
        if top in self.standard or top in self.pinned or top not in self.allowed:
            return
        if (top, importer) not in self.unpinned:
            self.unpinned.add((top, importer))
            self.record(f"unpinned {top} {importer}")


_installed: EnvGuard | None = None


def install(env_file: str | Path, log: str | Path | None = None) -> EnvGuard:
    """Put the guard first on sys.meta_path and hide refused packages from find_spec and metadata."""
    global _installed
    if _installed is not None:
        return _installed
    guard = EnvGuard(env_file, log)
    sys.meta_path.insert(0, guard)
    # what the guard itself imported (yaml, packaging) must not stay importable past it
    for name in [n for n in sys.modules if n not in _BEFORE and not guard.permits(n)]:
        del sys.modules[name]

    original_find_spec = importlib.util.find_spec

    def find_spec(name, package=None):
        """importlib.util.find_spec as the environment would answer: None for a refused module."""
        fullname = importlib.util.resolve_name(name, package) if name.startswith(".") else name
        if not guard.permits(fullname) and fullname not in sys.modules:
            return None
        return original_find_spec(name, package)

    importlib.util.find_spec = find_spec

    original_discover = importlib.metadata.Distribution.discover.__func__

    def discover(cls, **kwargs):
        """Only the environment's distributions (entry points, versions, `distributions()`)."""
        return (d for d in original_discover(cls, **kwargs) if guard.permits_distribution(d.metadata["Name"]))

    importlib.metadata.Distribution.discover = classmethod(discover)

    original_import = builtins.__import__

    def checked_import(name, globals=None, locals=None, fromlist=(), level=0):
        """__import__, noting coref_transfer's own absolute imports of unpinned packages."""
        if level == 0 and globals and str(globals.get("__name__", "")).startswith("coref_transfer"):
            guard.check_direct(name, globals["__name__"])
        return original_import(name, globals, locals, fromlist, level)

    builtins.__import__ = checked_import
    _installed = guard
    return guard


def install_from_environ() -> EnvGuard | None:
    """Install the guard when COREF_ENV_GUARD names an environment file (sitecustomize calls this)."""
    env_file = os.environ.get(ENV_VAR)
    return install(env_file, os.environ.get(LOG_VAR)) if env_file else None


def guarded_environ(
    env_file: str | Path, src: str | Path, log: str | Path | None = None, base: dict[str, str] | None = None
) -> dict[str, str]:
    """Process environment for a subprocess that runs under the guard of `env_file`."""
    environ = dict(os.environ if base is None else base)
    environ["PYTHONPATH"] = os.pathsep.join([str(src), str(SITE_DIR)])
    environ[ENV_VAR] = str(Path(env_file).resolve())
    if log is not None:
        environ[LOG_VAR] = str(log)
    else:
        environ.pop(LOG_VAR, None)
    return environ
