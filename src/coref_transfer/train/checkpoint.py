"""The resumable training checkpoint: weights, optimizer, scheduler, loss scaler, RNG states, progress.

One file per run, `checkpoint.pt`, replaced atomically at every save, so a
crash leaves the previous checkpoint intact. It holds only tensors and
plain Python values and is read with `torch.load(weights_only=True)` (no
arbitrary pickles). Resuming restores every random number generator the
training uses (Python, NumPy, torch CPU and CUDA) and the position in the
epoch's document order, so a resumed run repeats exactly what the
uninterrupted run would have done (bitwise on the CPU; on CUDA with
`deterministic: true`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import torch

from coref_transfer.errors import InputFormatError
from coref_transfer.io import atomic_path

CHECKPOINT_FILE = "checkpoint.pt"
FORMAT_VERSION = 1


def rng_state() -> dict[str, Any]:
    """Every random generator's state, as plain values and tensors."""
    kind, keys, pos, has_gauss, cached = np.random.get_state()
    return {
        "python": random.getstate(),
        "numpy": [kind, keys.tolist(), int(pos), int(has_gauss), float(cached)],
        "torch": torch.get_rng_state(),
        "cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else [],
    }


def set_rng_state(state: dict[str, Any]) -> None:
    """Restore what `rng_state` captured."""
    version, internal, gauss = state["python"]
    random.setstate((version, tuple(internal), gauss))
    kind, keys, pos, has_gauss, cached = state["numpy"]
    np.random.set_state((kind, np.array(keys, dtype=np.uint32), pos, has_gauss, cached))
    torch.set_rng_state(state["torch"])
    if state["cuda"] and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def seed_everything(seed: int) -> None:
    """Seed Python, NumPy and torch (CPU and every GPU)."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def save_checkpoint(path: str | Path, payload: dict[str, Any]) -> None:
    """Write the checkpoint through a temporary file in the same folder."""
    with atomic_path(path) as tmp:
        torch.save({"format": FORMAT_VERSION, **payload}, tmp)


def load_checkpoint(path: str | Path) -> dict[str, Any]:
    """Read a checkpoint onto the CPU.

    Raises:
        InputFormatError: the file is not a checkpoint this version wrote.
    """
    try:
        payload = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises RuntimeError, UnpicklingError, EOFError... for a bad file
        raise InputFormatError(path, None, f"not a readable checkpoint ({type(exc).__name__}: {exc})") from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT_VERSION:
        raise InputFormatError(path, None, f"not a coref training checkpoint of format {FORMAT_VERSION}")
    return payload
