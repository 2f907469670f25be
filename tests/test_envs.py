"""The rules' conda environments (envs/*.yaml): structure, pins against pyproject.toml, import closure.

No conda here, so the environments are emulated (tests/env_guard.py): each
rule group's real commands run on the embedded sample in a subprocess that
can import only the standard library, coref_transfer and what the
environment's pinned distributions provide (with their declared requirements).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import env_guard
import pytest
import yaml
from conftest import REPO
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from coref_transfer.train.tiny import TINY_SETTINGS

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ENVS = REPO / "envs"
ENV_NAMES = sorted(p.stem for p in ENVS.glob("*.yaml"))
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
#: pyproject extras whose pins an environment must also satisfy (torch <-> pytorch).
EXTRAS = ("test", "workflow")


def conda_directives() -> list[tuple[str, str, Path]]:
    """(rule file, rule, environment file) of every `conda:` directive in rules/*.smk."""
    found = []
    for smk in sorted((REPO / "rules").glob("*.smk")):
        rule = None
        lines = smk.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            head = re.match(r"(?:rule|checkpoint) (\w+):", line)
            if head:
                rule = head.group(1)
            if line.strip() == "conda:":
                value = lines[i + 1].strip().strip("\"'")
                found.append((smk.name, rule, (smk.parent / value).resolve()))
    return found


def constraints() -> dict[str, SpecifierSet]:
    """Canonical PyPI name -> the specifiers pyproject.toml puts on it (dependencies and EXTRAS)."""
    from packaging.requirements import Requirement

    lines = list(PYPROJECT["project"]["dependencies"])
    for extra in EXTRAS:
        lines += PYPROJECT["project"]["optional-dependencies"].get(extra, [])
    out: dict[str, SpecifierSet] = {}
    for line in lines:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        out[name] = out.get(name, SpecifierSet()) & req.specifier
    return out


# ------------------------------------------------------------------ structure


def test_every_conda_directive_names_an_env_file():
    directives = conda_directives()
    assert len(directives) >= 10, directives  # every stage's rules have one
    missing = [(f, r, str(p)) for f, r, p in directives if not p.is_file() or p.parent != ENVS]
    assert not missing, f"conda: directives naming no file in envs/: {missing}"
    unused = set(ENV_NAMES) - {p.stem for _, _, p in directives}
    assert not unused, f"environment files no rule uses: {sorted(unused)}"


@pytest.mark.parametrize("name", ENV_NAMES)
def test_env_file_is_pinned_conda_forge(name):
    env = env_guard.read_env(ENVS / f"{name}.yaml")
    assert isinstance(env, dict) and isinstance(env.get("dependencies"), list), f"envs/{name}.yaml: no dependencies"
    assert env.get("channels") == ["conda-forge", "nodefaults"], f"envs/{name}.yaml: channels {env.get('channels')}"
    pins = env_guard.env_pins(ENVS / f"{name}.yaml")
    loose = [p.spec for p in pins if p.name is None]
    assert not loose, f"envs/{name}.yaml: not pinned exactly (name=X.Y.Z, name==X.Y.Z under pip:): {loose}"
    pip_sections = [d for d in env["dependencies"] if isinstance(d, dict)]
    assert all(set(d) == {"pip"} for d in pip_sections), f"envs/{name}.yaml: {pip_sections}"
    if pip_sections:
        assert "pip" in {p.name for p in pins if p.source == "conda"}, f"envs/{name}.yaml: pip: section without pip"
    names = [p.pypi or p.name for p in pins]
    assert len(names) == len(set(names)), f"envs/{name}.yaml: a package listed twice: {names}"
    assert "python" in names, f"envs/{name}.yaml: no python pin"


# ------------------------------------------------------------------ pins against pyproject.toml


@pytest.mark.parametrize("name", ENV_NAMES)
def test_pins_satisfy_pyproject(name):
    wanted = constraints()
    python = SpecifierSet(PYPROJECT["project"]["requires-python"])
    wrong = []
    for pin in env_guard.env_pins(ENVS / f"{name}.yaml"):
        if pin.name is None:
            continue  # reported by the structure test
        if pin.source == "conda" and pin.name == "python":
            spec = python
        elif pin.pypi in wanted:
            spec = wanted[pin.pypi]
        else:
            continue
        if not spec.contains(Version(pin.version), prereleases=True):
            wrong.append(f"{pin.spec} (pyproject.toml: {pin.pypi or 'python'}{spec})")
    assert not wrong, f"envs/{name}.yaml pins outside pyproject.toml's range: {wrong}"


def test_a_package_has_one_version_across_envs():
    versions: dict[str, dict[str, str]] = {}
    for name in ENV_NAMES:
        for pin in env_guard.env_pins(ENVS / f"{name}.yaml"):
            if pin.name:
                versions.setdefault(pin.pypi or pin.name, {})[name] = pin.version
    differ = {pkg: by_env for pkg, by_env in versions.items() if len(set(by_env.values())) > 1}
    assert not differ, f"one package, several versions: {differ}"


def test_every_runtime_dependency_is_in_some_env():
    pinned = {pin.pypi for name in ENV_NAMES for pin in env_guard.env_pins(ENVS / f"{name}.yaml")}
    from packaging.requirements import Requirement

    runtime = {canonicalize_name(Requirement(r).name) for r in PYPROJECT["project"]["dependencies"]}
    assert not runtime - pinned, f"pyproject.toml dependencies in no environment: {sorted(runtime - pinned)}"


# ------------------------------------------------------------------ the guard itself


def guarded(env: str, *args: str, cwd: Path = REPO, log: Path | None = None, timeout: int = 180):
    """Run `python <args>` under the guard of envs/<env>.yaml."""
    environ = env_guard.guarded_environ(ENVS / f"{env}.yaml", REPO / "src", log)
    return subprocess.run(
        [sys.executable, *args], check=False, cwd=cwd, env=environ, capture_output=True, text=True, timeout=timeout
    )


def test_guard_refuses_a_package_outside_the_env():
    proc = guarded("select", "-c", "import matplotlib")
    assert proc.returncode == 1
    assert "ModuleNotFoundError: matplotlib is not in envs/select.yaml" in proc.stderr, proc.stderr
    # the same answer for a submodule, and find_spec/metadata agree with the import
    probe = (
        "import importlib.util, importlib.metadata as md\n"
        "assert importlib.util.find_spec('matplotlib') is None\n"
        "assert 'matplotlib' not in {d.metadata['Name'] for d in md.distributions()}\n"
        "try:\n    md.version('matplotlib')\nexcept md.PackageNotFoundError:\n    pass\n"
        "else:\n    raise SystemExit('matplotlib metadata visible')\n"
        "import matplotlib.pyplot\n"
    )
    proc = guarded("select", "-c", probe)
    assert proc.returncode == 1 and "matplotlib is not in envs/select.yaml" in proc.stderr, proc.stderr
    # packaging is loaded by the guard itself, and still not importable in select.yaml
    proc = guarded("select", "-c", "import packaging.version")
    assert proc.returncode == 1 and "packaging is not in envs/select.yaml" in proc.stderr, proc.stderr


def test_guard_allows_stdlib_own_package_and_transitive_requirements():
    # rich comes with typer (a requirement of typer's, not pinned in select.yaml);
    # pip comes with python; torch is pinned in train.yaml as pytorch
    proc = guarded("select", "-c", "import json, sqlite3, rich, pip, coref_transfer.cli, typer, pyarrow")
    assert proc.returncode == 0, proc.stderr
    proc = guarded("train", "-c", "import torch, yaml")
    assert proc.returncode == 0, proc.stderr


def test_guard_notes_direct_imports_of_unpinned_packages(tmp_path):
    # rich is in select's closure (typer requires it) but not pinned: fine for typer,
    # not for coref_transfer's own code
    log = tmp_path / "guard.log"
    code = "exec('import rich, typer, json', {'__name__': 'coref_transfer.example'})"
    proc = guarded("select", "-c", code, log=log)
    assert proc.returncode == 0, proc.stderr
    assert log.read_text().splitlines() == ["unpinned rich coref_transfer.example"]


def test_worker_processes_have_the_guard_too(tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(
        "import multiprocessing as mp\n"
        "def probe(_):\n"
        "    try:\n        import matplotlib\n    except ModuleNotFoundError as e:\n        return str(e)\n"
        "    return 'imported'\n"
        "if __name__ == '__main__':\n"
        "    with mp.get_context('spawn').Pool(1) as pool:\n        print(pool.map(probe, [0])[0])\n"
    )
    proc = guarded("select", str(script), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "matplotlib is not in envs/select.yaml"


# ------------------------------------------------------------------ import closure: the rules' commands


CLI = ("-m", "coref_transfer")
#: builds an untrained model folder with the train rule's modules (the test does not train)
UNTRAINED_MODEL = """\
import json, sys
import coref_transfer.train.trainer  # what `train` imports
from coref_transfer.train.config import load_coref_config
from coref_transfer.train.encoder import load_encoder, load_tokenizer
from coref_transfer.train.model import CorefModel, save_model
encoder, out = sys.argv[1], sys.argv[2]
cfg = load_coref_config(None, {**json.loads(sys.argv[3]), "encoder": encoder, "device": "cpu"})
save_model(out, CorefModel(load_encoder(encoder, True), cfg), load_tokenizer(encoder, True))
"""


def stage_json(config: dict, stage: str) -> str:
    """A rule's --config-json (rules/common.smk stage_json)."""
    from coref_transfer.config import stage_config

    return json.dumps(stage_config(config, stage), sort_keys=True)


def rule_commands(workdir: Path) -> dict[str, list[tuple[str, list[str]]]]:
    """Environment name -> (label, python arguments) of its rules' commands, in workflow order.

    The command lines are those of rules/*.smk, run from the working folder
    like `snakemake --directory`; partitions are the sample's splits.
    """
    from coref_transfer.config import validate_config
    from coref_transfer.partitions import discover

    config = validate_config(yaml.safe_load((workdir / "config.yaml").read_text()))
    parts = discover([workdir / "data"], ["split"])
    r = "results"
    sel_parts = [f"{r}/select/parts/{p}" for p in parts]
    gam_parts = [f"{r}/translate/parts/{p}" for p in parts]
    del_parts = [f"{r}/refine/parts/{p}" for p in parts]
    model = f"{r}/train/run"
    return {
        "select": [
            *(
                (
                    f"select {p}",
                    [
                        *CLI,
                        "select",
                        *map(str, files),
                        "--out",
                        out,
                        "--partition",
                        p,
                        "--workers",
                        "2",
                        "--config-json",
                        stage_json(config, "select"),
                    ],
                )
                for (p, files), out in zip(parts.items(), sel_parts)
            ),
            ("merge select", [*CLI, "merge", *sel_parts, "--out", f"{r}/select/all"]),
        ],
        "translate": [
            *(
                (
                    f"translate {p}",
                    [
                        *CLI,
                        "translate",
                        "--input",
                        sel,
                        "--out",
                        out,
                        "--threads",
                        "2",
                        "--config-json",
                        stage_json(config, "translate"),
                    ],
                )
                for p, sel, out in zip(parts, sel_parts, gam_parts)
            ),
            ("merge translate", [*CLI, "merge", *gam_parts, "--out", f"{r}/translate/all"]),
        ],
        "refine": [
            *(
                (
                    f"refine {p}",
                    [*CLI, "refine", "--input", gam, "--out", out, "--config-json", stage_json(config, "refine")],
                )
                for p, gam, out in zip(parts, gam_parts, del_parts)
            ),
            ("merge refine", [*CLI, "merge", *del_parts, "--out", f"{r}/refine/all"]),
        ],
        "export": [
            ("export", [*CLI, "export", "--input", f"{r}/refine/all", "--out", f"{r}/export"]),
            (
                "augment",
                [
                    *CLI,
                    "augment",
                    "--input",
                    f"{r}/refine/all",
                    "--copies",
                    "1",
                    "--out",
                    f"{r}/augment/copies-1",
                    "--config-json",
                    stage_json(config, "augment"),
                ],
            ),
        ],
        "report": [
            (
                "humaneval",
                [
                    *CLI,
                    "humaneval",
                    "--input",
                    f"{r}/refine/all",
                    "--out",
                    f"{r}/report/humaneval",
                    "--config-json",
                    stage_json(config, "humaneval"),
                ],
            ),
            (
                "report",
                [
                    *CLI,
                    "report",
                    "--select",
                    f"{r}/select/all",
                    "--translate",
                    f"{r}/translate/all",
                    "--refine",
                    f"{r}/refine/all",
                    "--kit",
                    f"{r}/report/humaneval",
                    "--out",
                    f"{r}/report/paper",
                    "--config-json",
                    stage_json(config, "report"),
                ],
            ),
        ],
        "train": [
            (
                "tiny-encoder",
                [
                    *CLI,
                    "tiny-encoder",
                    "--input",
                    f"{r}/export/train.jsonlines",
                    "--out",
                    f"{r}/train/tiny-encoder",
                    "--seed",
                    str(config["seed"]),
                ],
            ),
            ("untrained model", ["-c", UNTRAINED_MODEL, f"{r}/train/tiny-encoder", model, json.dumps(TINY_SETTINGS)]),
            (
                "predict",
                [
                    *CLI,
                    "predict",
                    "--model",
                    model,
                    "--input",
                    f"{r}/export/test.jsonlines",
                    "--out",
                    f"{r}/train/test.predicted.conll",
                    "--metrics",
                    f"{r}/train/test.metrics.json",
                ],
            ),
            (
                "score",
                [
                    *CLI,
                    "score",
                    "--gold",
                    f"{r}/export/test.gold_conll",
                    "--pred",
                    f"{r}/train/test.predicted.conll",
                    "--json",
                ],
            ),
        ],
    }


#: environments in the order the workflow needs their outputs
PIPELINE = ("select", "translate", "refine", "export", "report", "train")


@pytest.fixture(scope="module")
def guarded_runs(tmp_path_factory):
    """Every environment's commands, each under its guard, on one working folder (run once)."""
    from workflow_runs import make_workdir

    workdir = make_workdir(tmp_path_factory.mktemp("envs") / "work")
    runs: dict[str, list[dict]] = {}
    for env, commands in rule_commands(workdir).items():
        runs[env] = []
        for label, args in commands:
            log = workdir / f"refused-{env}-{len(runs[env])}.txt"
            start = time.monotonic()
            proc = guarded(env, *args, cwd=workdir, log=log)
            lines = log.read_text().splitlines() if log.exists() else []
            runs[env].append(
                {
                    "label": label,
                    "proc": proc,
                    "seconds": time.monotonic() - start,
                    "refused": sorted({ln.split()[1] for ln in lines if ln.startswith("refused ")}),
                    "unpinned": sorted({" ".join(ln.split()[1:]) for ln in lines if ln.startswith("unpinned ")}),
                }
            )
    assert list(runs) == list(PIPELINE)
    return workdir, runs


@pytest.mark.slow
@pytest.mark.parametrize("env", PIPELINE)
def test_rule_commands_run_in_their_env(guarded_runs, env):
    _, runs = guarded_runs
    failed = [
        f"{run['label']} (exit {run['proc'].returncode}; refused imports {run['refused']}):\n"
        f"{run['proc'].stderr[-2500:]}"
        for run in runs[env]
        if run["proc"].returncode != 0
    ]
    assert not failed, f"envs/{env}.yaml lacks what its rules import:\n\n" + "\n\n".join(failed)
    # what coref_transfer imports itself must be pinned, not only come along with another pin
    unpinned = sorted({u for run in runs[env] for u in run["unpinned"]})
    assert not unpinned, f"envs/{env}.yaml has these (module, importer) only as requirements of its pins: {unpinned}"


@pytest.mark.slow
def test_rule_commands_wrote_their_outputs(guarded_runs):
    workdir, _ = guarded_runs
    results = workdir / "results"
    for stage in ("select", "translate", "refine"):
        assert (results / stage / "all" / "stats.json").is_file(), stage
    assert (results / "export" / "test.conllu").is_file()
    assert any((results / "report" / "paper").glob("*.png"))
    metrics = json.loads((results / "train" / "test.metrics.json").read_text())
    assert metrics["documents"] > 0 and "conll" in json.dumps(metrics["scores"])


@pytest.mark.slow
def test_guard_fails_a_real_command_in_the_wrong_env(guarded_runs):
    """`export` needs udapi (CorefUD): under select.yaml it fails, naming the module and the env."""
    workdir, _ = guarded_runs
    proc = guarded(
        "select", *CLI, "export", "--input", "results/refine/all", "--out", str(workdir / "wrong-export"), cwd=workdir
    )
    assert proc.returncode != 0
    assert "udapi is not in envs/select.yaml" in proc.stderr, proc.stderr[-2000:]
