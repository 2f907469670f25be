"""Figures written as PNG and SVG with the same bytes for the same data (the report's, the translator choice's).

matplotlib stamps its version and the date into both formats and draws SVG ids at random; with the
metadata left out and a fixed hash salt, the same figure gives the same files, so outputs stay reproducible.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend, with the fixed SVG hash salt."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "coref-transfer"
    return plt


def save_figure(fig: Any, folder: Path, name: str) -> list[Path]:
    """Write `fig` as `folder/name.png` and `.svg` without the metadata that changes between runs, and close it."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{name}.png", folder / f"{name}.svg"]
    fig.savefig(paths[0], dpi=120, metadata={"Software": None})
    fig.savefig(paths[1], metadata={"Date": None, "Creator": None})
    pyplot().close(fig)
    return paths
