"""The aligner interface (`build.build_aligner` makes the one the configuration names)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

Pair = tuple[Sequence[str], Sequence[str]]
"""An English sentence's words and its translation's words."""
Links = frozenset[tuple[int, int]]
"""Word alignment links (English word index, Italian word index)."""

ALIGNERS = ("fast_align", "neural", "none")
"""The values of `translate.alignment.aligner`."""


class Aligner(Protocol):
    """What the translate stage needs of an aligner."""

    name: str

    def fit(self, pairs: Sequence[Pair], out: Path | None = None) -> dict[str, Any]:
        """Learn from the run's parallel text (a statistical aligner; a neural one learns nothing) and write
        what it learnt into `out` (None: nowhere); returns what it did (pairs, seconds, …) for stats.json."""
        ...

    def align(self, pairs: Sequence[Pair]) -> list[Links]:
        """The links of each pair."""
        ...
