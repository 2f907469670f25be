"""The package's exceptions: one base class, one subclass per kind of failure.

The CLI maps `CorefTransferError` to exit code 1 (a data or config error) and
prints its message, which always says what is wrong and where.
"""

from __future__ import annotations

from pathlib import Path


class CorefTransferError(Exception):
    """Base class of every error this package raises on purpose."""


class InputFormatError(CorefTransferError):
    """A malformed input file: the message names the file and the line."""

    def __init__(self, path: str | Path, line: int | None, problem: str):
        self.path = str(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {problem}")

    def __reduce__(self):  # keep the fields when a worker process sends the error back
        return (type(self), (self.path, self.line, self.problem))


class ConfigError(CorefTransferError):
    """A configuration value that is missing, unknown or out of range."""


class MissingInputError(CorefTransferError):
    """An input path that does not exist or holds no usable file."""
