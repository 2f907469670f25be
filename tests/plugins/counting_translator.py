"""A translator for the recovery, retry and SLURM tests, loaded as a plugin.

It is the sample's real translation memory behind a counter: every call
appends one JSON line (pid, segments) to `log` once it has translated, so a
test knows exactly which segments reached the translator; `delay` seconds
per call make a run slow enough to kill half-way; `fail_once` names a marker
file, and the first call anywhere that creates it fails, as a crashed node
would. Configure with

    translate: {backend: plugin, plugin: "counting_translator:make",
                  plugin_options: {memory: ..., log: ..., delay: 0.2, fail_once: ...}}
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coref_transfer.translate.mt.base import Backend, TranslationError
from coref_transfer.translate.mt.memory import TranslationMemory


class CountingTranslator(Backend):
    name = "counting"

    def __init__(self, memory: str, log: str, delay: float = 0.0, fail_once: str | None = None):
        self.memory = TranslationMemory(memory)
        self.log = Path(log)
        self.delay = delay
        self.fail_once = fail_once

    @property
    def fingerprint(self) -> str:
        # the delay, log and failure do not change what it translates
        return "counting:" + self.memory.fingerprint

    def translate(self, segments: Sequence[str]) -> list[str]:
        if self.fail_once:
            try:
                os.close(os.open(self.fail_once, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass
            else:
                raise TranslationError(f"failing once on purpose (marker {self.fail_once})")
        time.sleep(self.delay)
        out = self.memory.translate(segments)
        with self.log.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"pid": os.getpid(), "segments": list(segments)}, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
        return out


def make(options: dict[str, Any], threads: int) -> CountingTranslator:
    return CountingTranslator(**options)


def calls(log: str | Path) -> list[dict[str, Any]]:
    """The calls logged so far (a line cut by a kill is ignored)."""
    path = Path(log)
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    return out
