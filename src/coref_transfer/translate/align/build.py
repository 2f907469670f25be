"""The aligner the configuration names (`translate.alignment.aligner`).

A module of its own, above the interface (`base`) and the aligners that implement it, so that none of
them imports another in a circle (issue 39).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from coref_transfer.translate.align.base import Aligner


def build_aligner(config: Mapping[str, Any]) -> Aligner | None:
    """The aligner `translate.alignment` names, or None (`none`).

    Raises:
        ConfigError: the neural aligner without a model, or a parallel file that cannot be read.
    """
    settings = config["translate"]["alignment"]
    name = settings["aligner"]
    if name == "none":
        return None
    if name == "fast_align":
        from coref_transfer.translate.align.fast_align import FastAlign

        return FastAlign(settings["parallel"], settings["iterations"])
    from coref_transfer.translate.align.neural import NeuralAligner

    return NeuralAligner(settings["model"], settings["layer"], config["translate"]["device"])
