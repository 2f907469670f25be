"""Model setup: download a Hugging Face translation model and convert it for CTranslate2.

A converted folder holds `model.bin`, CTranslate2's `config.json`, its
vocabulary JSON files, and the tokenizer files of the original model
(copied by the converter), so `CTranslate2Backend` needs nothing else.

The Hugging Face `config.json` is never copied: it would overwrite
CTranslate2's own `config.json`. Old OPUS-MT repositories do not name their
tokenizer class in `tokenizer_config.json` (transformers then reads it from
the model's `config.json`), so conversion records `tokenizer_class` in the
copied `tokenizer_config.json`. (The backend also loads folders converted
by hand without it, by telling transformers the family.)
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from coref_transfer.errors import ConfigError
from coref_transfer.io import atomic_write_text, staged_directory
from coref_transfer.translate.mt.base import TranslationError

log = logging.getLogger(__name__)

DEFAULT_MODEL = "Helsinki-NLP/opus-mt-en-it"

#: Models `fetch_model` knows, with the backend family each belongs to.
KNOWN_MODELS: dict[str, str] = {
    "Helsinki-NLP/opus-mt-en-it": "marian",
    "facebook/nllb-200-distilled-600M": "nllb",
    # LabelPigeon: NLLB-200 3.3B fine-tuned to keep <a>…</a> tags (translate.marked_model)
    "thennal/nllb-200-3.3B-labelpigeon": "nllb",
}

#: The tokenizer files each family's hub repositories ship.
FAMILY_TOKENIZER_FILES: dict[str, tuple[str, ...]] = {
    "marian": ("source.spm", "target.spm", "vocab.json", "tokenizer_config.json"),
    "nllb": ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "sentencepiece.bpe.model"),
}

#: Tokenizer files a converted folder may need (whichever the model has).
TOKENIZER_FILES = (
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "added_tokens.json",
    "vocab.json",
    "target_vocab.json",
    "source.spm",
    "target.spm",
    "sentencepiece.bpe.model",
    "spm.model",
)

# Seconds to wait for the hub before concluding it is unreachable.
HUB_TIMEOUT = 5.0


def safe_name(name: str) -> str:
    """A folder name for a hub model id (`owner/model` becomes `owner--model`)."""
    return name.replace("/", "--")


def offline_help(name: str) -> str:
    """The ways to get a model onto a machine that cannot reach the hub."""
    folder = f"resources/models/{safe_name(name)}"
    files = " ".join(FAMILY_TOKENIZER_FILES[KNOWN_MODELS[name]])
    return (
        f"no network to the Hugging Face hub: cannot download {name!r}.\n"
        "Either, on a machine with network, run\n"
        f"  coref-transfer models fetch {name} --out resources/models\n"
        f"and copy the folder {folder} to the same path on this machine;\n"
        "or, if the Hugging Face model is already downloaded in a folder DIR, convert it here with\n"
        f"  ct2-transformers-converter --model DIR --output_dir {folder} --copy_files {files}"
    )


def fetch_model(
    name: str = DEFAULT_MODEL,
    out_dir: str | Path | None = None,
    *,
    quantization: str | None = None,
    cache_dir: str | Path | None = None,
    target: str | Path | None = None,
) -> Path:
    """Download a known hub model and convert it into `out_dir/<safe name>` (or `target`).

    Args:
        name: a key of `KNOWN_MODELS`.
        out_dir: parent folder of the converted model (default: `resources/models` in the repository).
        quantization: CTranslate2 weight type to store (None keeps the model's);
            the folder name then ends with `-<quantization>`.
        cache_dir: Hugging Face cache folder (default: the hub's own).
        target: the converted folder itself, instead of one named after the model.

    Returns:
        The converted folder.

    Raises:
        ConfigError: an unknown model name.
        TranslationError: the hub cannot be reached (the message says how to
            set the model up by hand), or conversion fails.
    """
    if name not in KNOWN_MODELS:
        raise ConfigError(f"unknown translation model {name!r}; known models: {', '.join(sorted(KNOWN_MODELS))}")
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError

    # The hub reads HF_HUB_OFFLINE once, at import; reading it here as well
    # makes the variable work when it is set later in the same process.
    offline = os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}
    try:
        hf_dir = snapshot_download(
            name,
            cache_dir=cache_dir,
            etag_timeout=HUB_TIMEOUT,
            local_files_only=offline,
            # Weights in one format are enough; skip TF/Flax/Rust copies.
            ignore_patterns=["*.h5", "*.msgpack", "*.ot", "tf_model*", "flax_model*", "rust_model*", "*.onnx"],
        )
    except LocalEntryNotFoundError as exc:  # no network and not in the local cache
        raise TranslationError(offline_help(name)) from exc
    except HfHubHTTPError as exc:
        raise TranslationError(f"the Hugging Face hub refused {name!r}: {exc}\n\n{offline_help(name)}") from exc
    except OSError as exc:  # connection errors that surface without the hub's wrapper
        raise TranslationError(f"{exc}\n\n{offline_help(name)}") from exc
    except _transport_errors() as exc:
        raise TranslationError(f"{type(exc).__name__}: {exc}\n\n{offline_help(name)}") from exc
    if target is None:
        if out_dir is None:
            from coref_transfer import resources

            out_dir = resources.path("resources/models")
        target = Path(out_dir) / (safe_name(name) + (f"-{quantization}" if quantization else ""))
    return convert_local(hf_dir, Path(target), quantization=quantization)


def _transport_errors() -> tuple[type[BaseException], ...]:
    """The HTTP client's network errors (the hub uses httpx), if it is installed."""
    try:
        import httpx
    except ImportError:
        return ()
    return (httpx.TransportError,)


def tokenizer_files(hf_dir: str | Path) -> list[str]:
    """The tokenizer files present in a Hugging Face model folder."""
    hf_dir = Path(hf_dir)
    return [f for f in TOKENIZER_FILES if (hf_dir / f).is_file()]


def convert_local(hf_dir: str | Path, out_dir: str | Path, *, quantization: str | None = None) -> Path:
    """Convert a Hugging Face seq2seq model folder on disk into a CTranslate2 folder.

    `out_dir` is the converted folder itself; it is replaced only when the
    conversion succeeds.

    Raises:
        TranslationError: no such folder, no model config or tokenizer in it,
            or a model CTranslate2 cannot convert.
    """
    hf_dir, out_dir = Path(hf_dir), Path(out_dir)
    if not hf_dir.is_dir():
        raise TranslationError(f"{hf_dir}: no such model folder")
    if not (hf_dir / "config.json").is_file():
        raise TranslationError(f"{hf_dir}: no config.json; expected a Hugging Face model folder (save_pretrained)")
    files = tokenizer_files(hf_dir)
    if "tokenizer_config.json" not in files:
        raise TranslationError(
            f"{hf_dir}: no tokenizer_config.json; expected the model's tokenizer files next to it "
            f"(any of {', '.join(TOKENIZER_FILES)})"
        )
    import transformers
    from ctranslate2.converters import TransformersConverter

    tokenizer_class = _tokenizer_class(hf_dir)
    log.info("converting %s to %s (quantization %s, copying %s)", hf_dir, out_dir, quantization or "none", files)
    with staged_directory(out_dir) as tmp:
        try:
            TransformersConverter(str(hf_dir), copy_files=files).convert(
                str(tmp), quantization=quantization, force=True
            )
        except (ValueError, OSError, RuntimeError, KeyError) as exc:
            raise TranslationError(f"{hf_dir}: CTranslate2 cannot convert this model: {exc}") from exc
        config_path = tmp / "tokenizer_config.json"
        config = json.loads(config_path.read_text(encoding="utf-8"))
        if not config.get("tokenizer_class"):
            config["tokenizer_class"] = tokenizer_class
            atomic_write_text(config_path, json.dumps(config, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    log.info("converted model in %s (transformers %s)", out_dir, transformers.__version__)
    return out_dir


def _tokenizer_class(hf_dir: Path) -> str:
    """The tokenizer class name of a model folder, as transformers resolves it."""
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(str(hf_dir), local_files_only=True)
    except (OSError, ValueError, KeyError) as exc:
        raise TranslationError(f"{hf_dir}: transformers cannot load the tokenizer: {exc}") from exc
    return type(tokenizer).__name__
