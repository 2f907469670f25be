"""Your own translator as a backend: `translate.backend: plugin`.

`translate.plugin` names a factory as `package.module:attribute`; it is
called as `factory(options, threads)` with `translate.plugin_options` and
must return a `Backend`. The service in front of it still deduplicates,
caches (keyed by the backend's fingerprint) and checkpoints, so a plugin
only has to translate a batch.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from coref_transfer.errors import ConfigError
from coref_transfer.translate.mt.base import Backend


def load_plugin(spec: str, options: Mapping[str, Any], threads: int = 1) -> Backend:
    """The backend made by the factory `spec` ('package.module:attribute').

    Raises:
        ConfigError: the spec is malformed, cannot be imported, or the factory
            does not return a Backend.
    """
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise ConfigError(f"config key 'translate.plugin': {spec!r} is not 'package.module:factory'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"config key 'translate.plugin': cannot import {module_name!r} ({exc})") from exc
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ConfigError(f"config key 'translate.plugin': {module_name!r} has no callable {attribute!r}")
    backend = factory(dict(options), threads)
    if not isinstance(backend, Backend):
        raise ConfigError(
            f"config key 'translate.plugin': {spec} returned {type(backend).__name__}, not a "
            "coref_transfer.translate.mt.base.Backend"
        )
    return backend
