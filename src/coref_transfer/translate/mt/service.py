"""The translation service: deduplication, the cache, batching and progress.

Stages ask the service, never a backend directly: a segment already in the
cache (same backend fingerprint) is never translated again, identical
segments are translated once, and progress is shown in segments per second.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from tqdm import tqdm

from coref_transfer.translate.mt.base import Backend
from coref_transfer.translate.mt.cache import TranslationCache, cache_key

log = logging.getLogger(__name__)


@dataclass
class ServiceStats:
    requested: int = 0
    unique: int = 0
    cache_hits: int = 0
    translated: int = 0


class TranslationService:
    """Translate segments through a backend, with a cache in front of it."""

    def __init__(
        self,
        backend: Backend,
        cache: TranslationCache | None = None,
        batch_segments: int = 256,
        progress: bool = True,
    ):
        self.backend = backend
        self.cache = cache if getattr(backend, "cacheable", True) else None
        self.batch_segments = batch_segments
        self.progress = progress
        self.stats = ServiceStats()

    def translate(self, segments: Sequence[str]) -> list[str]:
        """One translation per segment, in order."""
        unique = list(dict.fromkeys(segments))
        self.stats.requested += len(segments)
        self.stats.unique += len(unique)
        done: dict[str, str] = {}
        todo: list[str] = []
        fingerprint = self.backend.fingerprint
        for source in unique:
            hit = self.cache.get(cache_key(fingerprint, source)) if self.cache else None
            if hit is None:
                todo.append(source)
            else:
                done[source] = hit
        self.stats.cache_hits += len(unique) - len(todo)
        # Longest first, so the slow batches come early and the rate settles.
        todo.sort(key=len, reverse=True)
        with tqdm(
            total=len(todo),
            desc=f"translate ({self.backend.name})",
            unit="seg",
            disable=not self.progress or not todo,
            mininterval=2.0,
        ) as bar:
            for i in range(0, len(todo), self.batch_segments):
                batch = todo[i : i + self.batch_segments]
                outputs = self.backend.translate(batch)
                done.update(zip(batch, outputs))
                if self.cache is not None:
                    self.cache.put_many((cache_key(fingerprint, s), t) for s, t in zip(batch, outputs))
                bar.update(len(batch))
        self.stats.translated += len(todo)
        return [done[s] for s in segments]
