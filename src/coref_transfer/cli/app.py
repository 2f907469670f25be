"""The typer `app` of the `coref-transfer` command line, its sub-apps, and the options and helpers the commands
share. A module of its own, below the command modules that register on it (`cli.stages`, …) and the package
that imports them (`cli`), so that no module imports another in a circle (issue 39)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

import typer

from coref_transfer import __version__
from coref_transfer.config import load_config, parse_json_object

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Build a coreference dataset for a new language from CoNLL-2012 (OntoNotes) data.",
)


def _group(name: str, help_text: str) -> typer.Typer:
    """A command group of `app` (`coref-transfer NAME COMMAND`)."""
    group = typer.Typer(no_args_is_help=True, help=help_text)
    app.add_typer(group, name=name)
    return group


sample_app = _group("sample", "Build and check the embedded sample corpus.")
config_app = _group("config", "Inspect and validate configurations.")
models_app = _group("models", "Set up translation models, and compare candidate translators (models evaluate).")
parser_app = _group("parser", "Train and evaluate the project's Italian parser.")
placeholders_app = _group("placeholders", "Check placeholder inventories against the model.")
align_app = _group("align", "Word alignment of the translate stage (translate.alignment).")

log = logging.getLogger("coref_transfer")

ConfigOption = typer.Option(None, "--config", "-c", help="YAML config file (missing keys take their defaults).")
ConfigJsonOption = typer.Option(
    None,
    "--config-json",
    help="Config values as a JSON object, applied over --config (the workflow passes its sections).",
)


def _config(path: Path | None, extra: str | None) -> dict[str, Any]:
    return load_config(path, parse_json_object("--config-json", extra) if extra else None)


def _print_version(value: bool) -> None:
    """`--version`: eager, so that it answers before typer asks for a command."""
    if value:
        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def main_options(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show debug messages."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Show only errors."),
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_print_version, is_eager=True
    ),
) -> None:
    level = logging.DEBUG if verbose else logging.ERROR if quiet else logging.INFO
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr, force=True)
    _log_cluster_job()


def _log_cluster_job() -> None:
    """Inside a SLURM job, say which job, partition and GPUs, so a job's log tells where it ran."""
    import os

    job = os.environ.get("SLURM_JOB_ID")
    if job:
        log.info(
            "SLURM job %s, partition %s, node %s, CUDA_VISIBLE_DEVICES=%s",
            job,
            os.environ.get("SLURM_JOB_PARTITION", "?"),
            os.environ.get("SLURMD_NODENAME", "?"),
            os.environ.get("CUDA_VISIBLE_DEVICES", "(none)"),
        )
