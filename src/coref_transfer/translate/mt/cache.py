"""A persistent translation cache shared by every partition and job.

Keys are SHA-256 digests of (backend fingerprint, source segment), so a
change of model, tokenizer or decoding options never reuses an old output.

Safe for many writers on a shared filesystem without locks: each process
appends to its own shard file (`<host>-<pid>-<random>.jsonl`) in the cache
folder, one JSON object per line, flushed and fsynced after each batch;
readers load every shard. A job killed mid-write leaves at most a partial
last line in its own shard, which readers skip (and count).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import socket
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Self

log = logging.getLogger(__name__)


def cache_key(fingerprint: str, source: str) -> str:
    return hashlib.sha256(f"{fingerprint}\x00{source}".encode()).hexdigest()


class TranslationCache:
    """Segment translations by key, persisted as append-only shards."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.entries: dict[str, str] = {}
        self.skipped_lines = 0
        self._shard: IO[str] | None = None
        self.reload()

    def reload(self) -> None:
        """Read every shard (other jobs may have added some)."""
        for shard in sorted(self.folder.glob("*.jsonl")):
            with open(shard, encoding="utf-8") as handle:
                for line in handle:
                    try:
                        record = json.loads(line)
                        self.entries[record["k"]] = record["t"]
                    except (json.JSONDecodeError, KeyError, TypeError):
                        self.skipped_lines += 1
        if self.skipped_lines:
            log.warning("translation cache %s: skipped %d incomplete line(s)", self.folder, self.skipped_lines)

    def get(self, key: str) -> str | None:
        return self.entries.get(key)

    def put_many(self, items: Iterable[tuple[str, str]]) -> None:
        """Store (key, translation) pairs and make them durable."""
        if self._shard is None:
            name = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}.jsonl"
            # held open across calls (one shard per process, appended batch by batch), closed by close()
            self._shard = open(self.folder / name, "a", encoding="utf-8")  # noqa: SIM115
        lines = []
        for key, target in items:
            self.entries[key] = target
            lines.append(json.dumps({"k": key, "t": target}, ensure_ascii=False) + "\n")
        self._shard.write("".join(lines))
        self._shard.flush()
        os.fsync(self._shard.fileno())

    def close(self) -> None:
        if self._shard is not None:
            self._shard.close()
            self._shard = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
