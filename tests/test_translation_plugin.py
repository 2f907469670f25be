"""The `plugin` translation backend: a factory named in the config, checked before any work."""

from __future__ import annotations

import pytest
from conftest import SAMPLE

from coref_transfer.config import validate_config
from coref_transfer.errors import ConfigError
from coref_transfer.translate.mt.cache import TranslationCache
from coref_transfer.translate.mt.plugin import load_plugin
from coref_transfer.translate.mt.service import TranslationService
from coref_transfer.translate.run import build_backend


def plugin_config(tmp_path, **options):
    return validate_config(
        {
            "translate": {
                "backend": "plugin",
                "plugin": "counting_translator:make",
                "plugin_options": {
                    "memory": str(SAMPLE / "translation-memory.tsv"),
                    "log": str(tmp_path / "calls.jsonl"),
                    **options,
                },
            }
        }
    )


def test_the_configured_factory_builds_the_backend_and_the_service_caches_its_output(tmp_path):
    from counting_translator import calls

    backend = build_backend(plugin_config(tmp_path), threads=2)
    assert backend.name == "counting" and backend.fingerprint.startswith("counting:")
    source = next(
        line.split("\t")[0]
        for line in (SAMPLE / "translation-memory.tsv").read_text().splitlines()
        if line and not line.startswith("#")
    )
    with TranslationCache(tmp_path / "cache") as cache:
        service = TranslationService(backend, cache, batch_segments=1, progress=False)
        first = service.translate([source, source])
    with TranslationCache(tmp_path / "cache") as cache:
        again = TranslationService(backend, cache, progress=False).translate([source])
    assert first == [again[0]] * 2
    assert [c["segments"] for c in calls(tmp_path / "calls.jsonl")] == [[source]]  # once; then from the cache


@pytest.mark.parametrize(
    "spec, message",
    [
        ("counting_translator", "is not 'package.module:factory'"),
        (":make", "is not 'package.module:factory'"),
        ("no_such_module_here:make", "cannot import 'no_such_module_here'"),
        ("counting_translator:nothing", "has no callable 'nothing'"),
    ],
)
def test_a_bad_plugin_is_a_config_error_naming_the_key(tmp_path, spec, message):
    with pytest.raises(ConfigError) as err:
        load_plugin(spec, {"memory": str(SAMPLE / "translation-memory.tsv"), "log": str(tmp_path / "l")})
    assert str(err.value).startswith("config key 'translate.plugin': ")
    assert message in str(err.value)


def test_a_factory_returning_no_backend_is_refused(tmp_path, monkeypatch):
    (tmp_path / "not_a_translator.py").write_text("def make(options, threads):\n    return [options, threads]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ConfigError, match="returned list, not a coref_transfer.translate.mt.base.Backend"):
        load_plugin("not_a_translator:make", {})


def test_backend_plugin_without_a_factory_fails_validation():
    with pytest.raises(ConfigError, match="config key 'translate.plugin': backend plugin needs"):
        validate_config({"translate": {"backend": "plugin"}})
