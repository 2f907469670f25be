"""The interface every translation backend implements.

A backend turns a batch of source segments into target segments, one for
one, and has a fingerprint: a digest of everything that determines its
output (model files, tokenizer, decoding options), which keys the cache.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from coref_transfer.errors import CorefTransferError


class TranslationError(CorefTransferError):
    """A backend that cannot be set up or cannot translate."""


class Backend(ABC):
    """A translator of segments; `fingerprint` keys the cache."""

    name: str = "backend"

    @property
    @abstractmethod
    def fingerprint(self) -> str:
        """Digest of the model and options: equal fingerprints, equal outputs."""

    @abstractmethod
    def translate(self, segments: Sequence[str]) -> list[str]:
        """Translate segments (one output per input, same order).

        Raises:
            TranslationError: the backend cannot translate these segments.
        """
