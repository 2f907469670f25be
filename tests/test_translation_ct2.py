"""The CTranslate2 backend and model setup, on a tiny random Marian model built offline.

The model's outputs are noise: these tests check behaviour (one output per
input, order, determinism, the cache, fingerprints, setup errors), never
translation quality.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import ctranslate2
import pytest

from coref_transfer.errors import ConfigError
from coref_transfer.translate.mt.base import TranslationError
from coref_transfer.translate.mt.cache import TranslationCache
from coref_transfer.translate.mt.ct2 import CTranslate2Backend, detect_family
from coref_transfer.translate.mt.models import convert_local, fetch_model
from coref_transfer.translate.mt.service import TranslationService

# The session fixtures tiny_marian_dir and tiny_nllb_dir (the same line in
# conftest.py makes them available to every test module).

SEGMENTS = [
    "Gabriella met Serena at the station on Monday morning.",
    "Marco said that he would call his sister after dinner.",
    "The committee approved the new budget last week.",
    "She told him that the report was ready.",
    "Serena and Marco visited the museum in Florence.",
    "The president of the company announced his resignation.",
]
# A short decoding limit keeps the tests fast: a random model never emits </s>.
FAST = {"max_decoding_length": 24, "beam_size": 2}


@pytest.fixture(scope="module")
def backend(tiny_marian_dir):
    return CTranslate2Backend(tiny_marian_dir, **FAST)


def copy_model(src: Path, dst: Path, *, without: tuple[str, ...] = ()) -> Path:
    """A writable copy of a model folder, leaving out some files."""
    shutil.copytree(src, dst, ignore=lambda _d, names: [n for n in names if n in without])
    return dst


# --- loading -----------------------------------------------------------------


def test_loads_with_auto_family_device_and_compute_type(backend):
    assert backend.family == "marian"
    if ctranslate2.get_cuda_device_count() == 0:
        assert (backend.device, backend.compute_type) == ("cpu", "int8")
    assert backend.name == "ctranslate2"


@pytest.mark.parametrize(
    "files, expected",
    [
        ({"tokenizer_config.json": {"tokenizer_class": "MarianTokenizer"}}, "marian"),
        ({"tokenizer_config.json": {"tokenizer_class": "NllbTokenizerFast"}}, "nllb"),
        ({"tokenizer_config.json": {"tokenizer_class": "M2M100Tokenizer"}}, "m2m100"),
        ({"tokenizer_config.json": {}, "source.spm": "", "target.spm": ""}, "marian"),
        ({"tokenizer_config.json": {}, "shared_vocabulary.json": ["<s>", "eng_Latn", "ita_Latn"]}, "nllb"),
        ({"tokenizer_config.json": {}, "shared_vocabulary.json": ["<s>", "__en__", "__it__"]}, "m2m100"),
    ],
    ids=["class-marian", "class-nllb-fast", "class-m2m100", "spm-files", "vocab-nllb", "vocab-m2m100"],
)
def test_detect_family_rules(tmp_path, files, expected):
    for name, content in files.items():
        text = content if isinstance(content, str) else json.dumps(content)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert detect_family(tmp_path) == expected


def test_detect_family_without_clues_lists_the_families(tmp_path):
    (tmp_path / "shared_vocabulary.json").write_text('["<s>", "a"]', encoding="utf-8")
    with pytest.raises(TranslationError, match="marian, nllb, m2m100"):
        detect_family(tmp_path)


def test_folder_from_the_plain_converter_loads(tiny_marian_dir, tmp_path):
    """`ct2-transformers-converter` copies an OPUS-MT tokenizer_config.json without tokenizer_class."""
    model = copy_model(tiny_marian_dir, tmp_path / "m")
    config = json.loads((model / "tokenizer_config.json").read_text(encoding="utf-8"))
    del config["tokenizer_class"]
    (model / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    plain = CTranslate2Backend(model, **FAST)
    assert plain.family == "marian"
    assert plain.translate(SEGMENTS[:2]) == CTranslate2Backend(tiny_marian_dir, **FAST).translate(SEGMENTS[:2])


# --- translation -------------------------------------------------------------


def test_translate_batch_one_string_per_input_in_order_and_deterministic(backend):
    first = backend.translate(SEGMENTS)
    assert len(first) == len(SEGMENTS)
    assert all(isinstance(t, str) and t for t in first)
    assert len(set(first)) > 1, "the tiny model should give different noise for different inputs"
    assert backend.translate(SEGMENTS) == first
    # Order: each output belongs to its input, whatever the batch around it.
    assert backend.translate(SEGMENTS[::-1]) == first[::-1]
    assert [backend.translate([s])[0] for s in SEGMENTS] == first


def test_blank_segments_and_empty_batch(backend):
    assert backend.translate([]) == []
    out = backend.translate(["", SEGMENTS[0], "  "])
    assert out[0] == "" and out[2] == "" and out[1] == backend.translate([SEGMENTS[0]])[0]


def test_small_token_budget_gives_the_same_outputs(tiny_marian_dir, backend):
    """CTranslate2 splits the batch by the token budget itself; outputs must not change."""
    small = CTranslate2Backend(tiny_marian_dir, batch_tokens=16, **FAST)
    assert small.translate(SEGMENTS) == backend.translate(SEGMENTS)


def test_segment_longer_than_the_model_input_is_an_error(backend):
    with pytest.raises(TranslationError, match="more than the model's 512"):
        backend.translate(["Gabriella " * 400])


class CountingBackend(CTranslate2Backend):
    """The real backend, counting the segments it is asked to translate."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.calls: list[int] = []

    def translate(self, segments):
        self.calls.append(len(segments))
        return super().translate(segments)


def test_service_uses_the_persistent_cache(tiny_marian_dir, tmp_path, backend):
    segments = SEGMENTS + SEGMENTS[:2]  # duplicates are translated once
    first = CountingBackend(tiny_marian_dir, **FAST)
    with TranslationCache(tmp_path / "cache") as cache:
        out = TranslationService(first, cache, batch_segments=4, progress=False).translate(segments)
    assert sum(first.calls) == len(SEGMENTS)
    assert out == backend.translate(segments)

    again = CountingBackend(tiny_marian_dir, **FAST)
    with TranslationCache(tmp_path / "cache") as cache:  # a new process would see the same
        service = TranslationService(again, cache, progress=False)
        assert service.translate(segments) == out
    assert again.calls == []
    assert service.stats.cache_hits == len(SEGMENTS)


# --- fingerprint -------------------------------------------------------------


def test_fingerprint_stable_across_loads_and_sensitive_to_options(tiny_marian_dir, backend):
    same = CTranslate2Backend(tiny_marian_dir, threads=2, batch_tokens=64, **FAST)
    assert same.fingerprint == backend.fingerprint  # threads and batching do not change outputs
    assert CTranslate2Backend(tiny_marian_dir, max_decoding_length=24, beam_size=3).fingerprint != backend.fingerprint
    assert CTranslate2Backend(tiny_marian_dir, compute_type="float32", **FAST).fingerprint != backend.fingerprint


def test_fingerprint_covers_the_model_files(tiny_marian_dir, tmp_path, backend):
    model = copy_model(tiny_marian_dir, tmp_path / "m")
    assert CTranslate2Backend(model, **FAST).fingerprint == backend.fingerprint
    (model / "README.md").write_text("a note\n", encoding="utf-8")
    assert CTranslate2Backend(model, **FAST).fingerprint != backend.fingerprint


# --- setup errors ------------------------------------------------------------


def test_missing_folder(tmp_path):
    with pytest.raises(TranslationError, match=r"nowhere: no such model folder.*models fetch"):
        CTranslate2Backend(tmp_path / "nowhere")


def test_missing_model_bin(tiny_marian_dir, tmp_path):
    model = copy_model(tiny_marian_dir, tmp_path / "m", without=("model.bin",))
    with pytest.raises(TranslationError, match=r"/m: no model\.bin"):
        CTranslate2Backend(model)


def test_missing_tokenizer_files(tiny_marian_dir, tmp_path):
    tokenizer = ("source.spm", "target.spm", "vocab.json", "tokenizer_config.json")
    model = copy_model(tiny_marian_dir, tmp_path / "m", without=tokenizer)
    with pytest.raises(TranslationError, match=r"/m: no tokenizer files"):
        CTranslate2Backend(model)


def test_tokenizer_of_another_model_is_rejected(tiny_marian_dir, tmp_path):
    from tiny_models import OTHER_CORPUS, build_tiny_hf_marian  # imported here: pytest loads it as a plugin

    other = build_tiny_hf_marian(tmp_path / "other", text=OTHER_CORPUS, vocab_size=120)
    model = copy_model(tiny_marian_dir, tmp_path / "m")
    for name in ("source.spm", "target.spm", "vocab.json"):
        shutil.copy(other / name, model / name)
    with pytest.raises(TranslationError, match=r"the tokenizer does not match the model.*not in the model vocabulary"):
        CTranslate2Backend(model)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"family": "opus"}, r"unknown model family 'opus'; valid: auto, marian, nllb, m2m100"),
        ({"target_lang": "fr"}, r"unknown language code 'fr' for target_lang: this model translates en -> it"),
        ({"device": "tpu"}, r"unknown device 'tpu'; valid: auto, cpu, cuda"),
        ({"compute_type": "int3"}, r"compute type 'int3' is not supported on cpu; valid: auto, .*int8"),
        ({"beam_size": 0}, r"beam_size must be an integer >= 1"),
        ({"max_decoding_length": 1000}, r"max_decoding_length 1000 exceeds the model's 512 positions"),
    ],
    ids=["family", "language", "device", "compute-type", "beam", "decoding-length"],
)
def test_bad_options_fail_before_any_work(tiny_marian_dir, options, message):
    with pytest.raises(TranslationError, match=message):
        CTranslate2Backend(tiny_marian_dir, **options)


def test_nllb_family_on_a_marian_folder_names_the_unknown_code(tiny_marian_dir):
    with pytest.raises(TranslationError, match=r"unknown language code 'en' for this NLLB model"):
        CTranslate2Backend(tiny_marian_dir, family="nllb")


# --- NLLB: language codes ---------------------------------------------------


def test_nllb_short_codes_prefix_and_stripping(tiny_nllb_dir):
    nllb = CTranslate2Backend(tiny_nllb_dir, **FAST)  # source_lang "en", target_lang "it"
    assert (nllb.family, nllb.source_code, nllb.target_code) == ("nllb", "eng_Latn", "ita_Latn")
    tokens = nllb.tokenize(SEGMENTS[:2])
    assert all(row[0] == "eng_Latn" and row[-1] == "</s>" for row in tokens)
    hypotheses = nllb.translate_tokens(tokens)
    assert all(h[0] == "ita_Latn" for h in hypotheses)  # forced by target_prefix
    out = nllb.translate(SEGMENTS[:2])
    assert out == nllb.detokenize(hypotheses)
    assert not any("ita_Latn" in t for t in out)
    full = CTranslate2Backend(tiny_nllb_dir, source_lang="eng_Latn", target_lang="ita_Latn", **FAST)
    assert full.fingerprint == nllb.fingerprint and full.translate(SEGMENTS[:2]) == out
    french = CTranslate2Backend(tiny_nllb_dir, target_lang="fr", **FAST)
    assert french.target_prefix == ["fra_Latn"] and french.fingerprint != nllb.fingerprint


def test_nllb_unknown_language_code_lists_the_short_ones(tiny_nllb_dir):
    with pytest.raises(TranslationError, match=r"unknown language code 'xx'.*FLORES-200.*short codes ca, de, en"):
        CTranslate2Backend(tiny_nllb_dir, target_lang="xx")


# --- model setup ---------------------------------------------------------------


def test_fetch_model_offline_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    start = time.perf_counter()
    with pytest.raises(TranslationError) as info:
        fetch_model("Helsinki-NLP/opus-mt-en-it", tmp_path / "models", cache_dir=tmp_path / "hf-cache")
    assert time.perf_counter() - start < 5
    message = str(info.value)
    assert "no network to the Hugging Face hub" in message
    assert "coref-transfer models fetch Helsinki-NLP/opus-mt-en-it --out resources/models" in message
    assert "ct2-transformers-converter --model DIR --output_dir" in message
    assert not (tmp_path / "models").exists()


def test_fetch_model_unknown_name_lists_the_known_ones(tmp_path):
    with pytest.raises(ConfigError, match=r"known models: Helsinki-NLP/opus-mt-en-it, facebook/nllb-200"):
        fetch_model("someone/opus-mt-xx", tmp_path)


def test_convert_local_errors(tmp_path):
    with pytest.raises(TranslationError, match="no such model folder"):
        convert_local(tmp_path / "nowhere", tmp_path / "out")
    (tmp_path / "hf").mkdir()
    with pytest.raises(TranslationError, match="no config.json"):
        convert_local(tmp_path / "hf", tmp_path / "out")
    assert not (tmp_path / "out").exists()
