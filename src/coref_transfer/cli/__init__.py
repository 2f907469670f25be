"""The `coref-transfer` command line: one subcommand per stage.

Exit codes: 0 success, 1 a data or configuration error (the message names
the file, line and problem), 2 a usage error. Diagnostics go to stderr
through `logging`; `-v` shows more, `-q` only errors.

`cli.app` holds the typer `app` and its sub-apps and the options and helpers
the commands share; the commands live in one module per concern (stages,
refine_tools, export, train, report, tools, models, sample), imported here in
the order `--help` lists them; this module adds `main`.
"""

from __future__ import annotations

import logging
import sys

from coref_transfer.cli.app import app
from coref_transfer.errors import CorefTransferError

# The command modules register their commands on import: this order is the order of `--help`.
# isort: off
from coref_transfer.cli import stages, refine_tools, export, train, report, tools, models, sample  # noqa: F401
# isort: on

__all__ = ["app", "main"]


def main() -> None:
    """Entry point: map package errors to exit code 1 with their message."""
    try:
        app()
    except CorefTransferError as exc:
        logging.getLogger("coref_transfer").error("%s", exc)
        sys.exit(1)
