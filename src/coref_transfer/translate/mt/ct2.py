"""The `ctranslate2` backend: a converted seq2seq model run by CTranslate2.

The model folder is what `models.fetch_model` / `models.convert_local` (or
`ct2-transformers-converter --copy_files ...`) writes: `model.bin`,
CTranslate2's `config.json`, its vocabulary (`shared_vocabulary.json`, or
`source_vocabulary.json` and `target_vocabulary.json`) and the original
model's tokenizer files, loaded with `transformers.AutoTokenizer`.

Families, and how `family="auto"` tells them apart (first rule that answers):

1. `tokenizer_class` in `tokenizer_config.json`: `MarianTokenizer` is
   `marian`, `NllbTokenizer` is `nllb`, `M2M100Tokenizer` is `m2m100`
   (a `Fast` suffix is ignored);
2. `source.spm` and `target.spm` in the folder: `marian` (OPUS-MT layout);
3. the model vocabulary: a token `eng_Latn` means `nllb`, `__en__` means
   `m2m100`.

Language codes: `marian` models translate one fixed direction (a
multi-target OPUS-MT model gets `>>it<<` before each segment); `nllb` takes
FLORES-200 codes (`eng_Latn`, `ita_Latn`) and `m2m100` ISO 639-1 codes
(`en`, `it`, written `__it__` in the model); short codes are mapped to the
family's. For both the tokenizer adds the source code and the target code is
forced as the first output token (`target_prefix`), then removed.

Blank segments translate to the empty string without running the model.
A segment longer than the model's maximum input is an error, never a silent
truncation.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coref_transfer.translate.mt.base import Backend, TranslationError
from coref_transfer.translate.mt.models import TOKENIZER_FILES

log = logging.getLogger(__name__)

FAMILIES = ("marian", "nllb", "m2m100")
DEVICES = ("auto", "cpu", "cuda")

# transformers' name for each family's tokenizer (its `tokenizer_type`).
_TOKENIZER_TYPES = {"marian": "marian", "nllb": "nllb", "m2m100": "m2m_100"}
_TOKENIZER_CLASSES = {"MarianTokenizer": "marian", "NllbTokenizer": "nllb", "M2M100Tokenizer": "m2m100"}

#: Short codes mapped to NLLB's FLORES-200 codes; pass a full code for any other language.
NLLB_CODES = {
    "en": "eng_Latn",
    "it": "ita_Latn",
    "fr": "fra_Latn",
    "de": "deu_Latn",
    "es": "spa_Latn",
    "pt": "por_Latn",
    "nl": "nld_Latn",
    "ca": "cat_Latn",
}
# ISO 639-2 codes some OPUS-MT tokenizer configs use for the 639-1 ones we take.
_ISO3 = {"eng": "en", "ita": "it", "fra": "fr", "deu": "de", "spa": "es", "por": "pt", "nld": "nl", "cat": "ca"}

# CTranslate2 truncates longer inputs silently (its `max_input_length`).
_CT2_MAX_INPUT = 1024
# Above this, `model_max_length` is transformers' "unset" placeholder.
_UNSET_LENGTH = 1_000_000


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TranslationError(f"{path}: cannot read ({exc})") from exc


def read_ct2_vocabularies(model_dir: Path) -> tuple[list[str], list[str]]:
    """(source, target) vocabularies of a CTranslate2 folder.

    Raises:
        TranslationError: no vocabulary file (JSON or the older one-token-a-line text).
    """

    def load(stem: str) -> list[str] | None:
        if (model_dir / f"{stem}.json").is_file():
            return _read_json(model_dir / f"{stem}.json")
        if (model_dir / f"{stem}.txt").is_file():
            return (model_dir / f"{stem}.txt").read_text(encoding="utf-8").splitlines()
        return None

    shared = load("shared_vocabulary")
    if shared is not None:
        return shared, shared
    source, target = load("source_vocabulary"), load("target_vocabulary")
    if source is None or target is None:
        raise TranslationError(
            f"{model_dir}: no CTranslate2 vocabulary (shared_vocabulary.json, or source_vocabulary.json "
            "and target_vocabulary.json); is this a complete converted model folder?"
        )
    return source, target


def detect_family(model_dir: str | Path) -> str:
    """The model family of a converted folder (rules in the module docstring).

    Raises:
        TranslationError: no rule answers (the message lists the families).
    """
    model_dir = Path(model_dir)
    config_path = model_dir / "tokenizer_config.json"
    if config_path.is_file():
        declared = str(_read_json(config_path).get("tokenizer_class") or "").removesuffix("Fast")
        if declared in _TOKENIZER_CLASSES:
            return _TOKENIZER_CLASSES[declared]
    if (model_dir / "source.spm").is_file() and (model_dir / "target.spm").is_file():
        return "marian"
    source, _ = read_ct2_vocabularies(model_dir)
    tokens = set(source)
    if "eng_Latn" in tokens:
        return "nllb"
    if "__en__" in tokens:
        return "m2m100"
    raise TranslationError(
        f"{model_dir}: cannot tell the model family (no known tokenizer_class in tokenizer_config.json, "
        f"no source.spm/target.spm, no language tokens in the vocabulary); pass family= one of {', '.join(FAMILIES)}"
    )


class CTranslate2Backend(Backend):
    """Segments translated by a CTranslate2 model; every check runs before any work."""

    name = "ctranslate2"

    def __init__(
        self,
        model_dir: str | Path,
        *,
        family: str = "auto",
        source_lang: str = "en",
        target_lang: str = "it",
        device: str = "auto",
        compute_type: str = "auto",
        beam_size: int = 4,
        max_decoding_length: int = 256,
        length_penalty: float = 1.0,
        batch_tokens: int = 2048,
        threads: int = 1,
    ):
        import ctranslate2

        self.model_dir = Path(model_dir)
        self.beam_size = beam_size
        self.max_decoding_length = max_decoding_length
        self.length_penalty = float(length_penalty)
        self.batch_tokens = batch_tokens
        self.threads = threads
        for option, value, least in (
            ("beam_size", beam_size, 1),
            ("max_decoding_length", max_decoding_length, 1),
            ("batch_tokens", batch_tokens, 1),
            ("threads", threads, 0),
        ):
            if not isinstance(value, int) or value < least:
                raise TranslationError(f"ctranslate2 backend: {option} must be an integer >= {least}, got {value!r}")

        self._check_folder()
        self.source_vocab, self.target_vocab = read_ct2_vocabularies(self.model_dir)
        if family == "auto":
            self.family = detect_family(self.model_dir)
            log.info("%s: detected model family %s", self.model_dir, self.family)
        elif family in FAMILIES:
            self.family = family
        else:
            raise TranslationError(f"unknown model family {family!r}; valid: auto, {', '.join(FAMILIES)}")
        self.device, self.compute_type = self._resolve_device(ctranslate2, device, compute_type)

        self.source_code, self.target_code = self._language_codes(source_lang, target_lang)
        self.tokenizer = self._load_tokenizer()
        self.source_text_prefix, self.target_prefix = self._language_markers()
        self._check_vocabularies()
        self.max_input_tokens = self._max_input_tokens()
        positions = self._model_max_length(default=_CT2_MAX_INPUT)
        if self.max_decoding_length + len(self.target_prefix) > positions:
            raise TranslationError(
                f"{self.model_dir}: max_decoding_length {self.max_decoding_length} exceeds the model's "
                f"{positions} positions (model_max_length in tokenizer_config.json)"
            )
        try:
            self.translator = ctranslate2.Translator(
                str(self.model_dir),
                device=self.device,
                compute_type=self.compute_type,
                inter_threads=1,
                intra_threads=self.threads if self.device == "cpu" else 0,
            )
        except (RuntimeError, ValueError) as exc:
            raise TranslationError(f"{self.model_dir}: CTranslate2 cannot load the model: {exc}") from exc
        self._fingerprint: str | None = None
        log.info(
            "ctranslate2 %s model %s on %s (%s), %s -> %s, beam %d",
            self.family,
            self.model_dir,
            self.device,
            self.compute_type,
            self.source_code,
            self.target_code,
            beam_size,
        )

    # --- setup checks ---------------------------------------------------------

    def _check_folder(self) -> None:
        if not self.model_dir.is_dir():
            raise TranslationError(
                f"{self.model_dir}: no such model folder; set one up with "
                "`coref-transfer models fetch NAME --out resources/models`"
            )
        if not (self.model_dir / "model.bin").is_file():
            raise TranslationError(
                f"{self.model_dir}: no model.bin, so not a CTranslate2 model folder; "
                "convert a Hugging Face model with `ct2-transformers-converter --model DIR --output_dir OUT "
                "--copy_files <tokenizer files>`"
            )
        if not any((self.model_dir / f).is_file() for f in TOKENIZER_FILES):
            raise TranslationError(
                f"{self.model_dir}: no tokenizer files (expected some of {', '.join(TOKENIZER_FILES)}); "
                "reconvert the model with --copy_files naming its tokenizer files"
            )

    @staticmethod
    def _resolve_device(ctranslate2: Any, device: str, compute_type: str) -> tuple[str, str]:
        """`auto` becomes CUDA when a GPU is visible; compute types checked against the device's."""
        if device not in DEVICES:
            raise TranslationError(f"unknown device {device!r}; valid: {', '.join(DEVICES)}")
        cuda = ctranslate2.get_cuda_device_count() > 0
        if device == "auto":
            device = "cuda" if cuda else "cpu"
        elif device == "cuda" and not cuda:
            raise TranslationError("device 'cuda' requested but CTranslate2 sees no CUDA device; use device 'cpu'")
        supported = set(ctranslate2.get_supported_compute_types(device))
        if compute_type == "auto":
            preferred = ("float16", "int8_float16", "float32") if device == "cuda" else ("int8", "float32")
            compute_type = next(c for c in preferred if c in supported)
        elif compute_type not in supported:
            raise TranslationError(
                f"compute type {compute_type!r} is not supported on {device}; "
                f"valid: auto, {', '.join(sorted(supported))}"
            )
        return device, compute_type

    def _language_codes(self, source_lang: str, target_lang: str) -> tuple[str, str]:
        """The family's codes for the two languages (see the module docstring)."""
        if self.family == "nllb":
            return self._nllb_code(source_lang), self._nllb_code(target_lang)
        if self.family == "m2m100":
            return self._m2m100_code(source_lang), self._m2m100_code(target_lang)
        return source_lang, target_lang  # marian: checked against the tokenizer once it is loaded

    def _nllb_code(self, code: str) -> str:
        full = NLLB_CODES.get(code, code)
        if full not in set(self.source_vocab):
            raise TranslationError(
                f"{self.model_dir}: unknown language code {code!r} for this NLLB model; pass a FLORES-200 code "
                f"such as ita_Latn, or one of the short codes {', '.join(sorted(NLLB_CODES))}"
            )
        return full

    def _m2m100_code(self, code: str) -> str:
        short = code.strip("_")
        if f"__{short}__" not in set(self.source_vocab):
            known = sorted(
                t.strip("_") for t in self.source_vocab if len(t) > 4 and t.startswith("__") and t.endswith("__")
            )
            if not known:
                raise TranslationError(
                    f"{self.model_dir}: the model vocabulary has no language tokens (__en__, __it__, ...), so "
                    "the conversion lost them; reconvert from a tokenizer_config.json that lists them"
                )
            raise TranslationError(
                f"{self.model_dir}: unknown language code {code!r} for this M2M100 model; valid: {', '.join(known)}"
            )
        return short

    def _load_tokenizer(self) -> Any:
        from transformers import AutoTokenizer

        kwargs: dict[str, Any] = {"local_files_only": True}
        config_path = self.model_dir / "tokenizer_config.json"
        declared = _read_json(config_path).get("tokenizer_class") if config_path.is_file() else None
        if not declared:
            # The folder's config.json is CTranslate2's, which does not name the
            # model type transformers would otherwise read the class from.
            kwargs["tokenizer_type"] = _TOKENIZER_TYPES[self.family]
        if self.family in ("nllb", "m2m100"):
            kwargs["src_lang"] = self.source_code
            kwargs["tgt_lang"] = self.target_code
        try:
            return AutoTokenizer.from_pretrained(str(self.model_dir), **kwargs)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise TranslationError(f"{self.model_dir}: transformers cannot load the tokenizer: {exc}") from exc

    def _language_markers(self) -> tuple[str, list[str]]:
        """(text put before each source segment, tokens forced at the start of each output)."""
        if self.family == "nllb":
            return "", [self.target_code]
        if self.family == "m2m100":
            return "", [f"__{self.target_code}__"]
        codes = list(getattr(self.tokenizer, "supported_language_codes", None) or [])
        if codes:  # a multi-target OPUS-MT model: the target is chosen by a token in the source
            marker = self.target_code if self.target_code.startswith(">>") else f">>{self.target_code}<<"
            if marker not in codes:
                raise TranslationError(
                    f"{self.model_dir}: unknown target language code {self.target_code!r}; "
                    f"this model knows {', '.join(codes)}"
                )
            return marker + " ", []
        for side, asked in (("source_lang", self.source_code), ("target_lang", self.target_code)):
            declared = getattr(self.tokenizer, side, None)
            if declared and _ISO3.get(declared, declared) != _ISO3.get(asked, asked):
                raise TranslationError(
                    f"{self.model_dir}: unknown language code {asked!r} for {side}: this model translates "
                    f"{self.tokenizer.source_lang} -> {self.tokenizer.target_lang} (tokenizer_config.json)"
                )
        return "", []

    def _check_vocabularies(self) -> None:
        """The tokenizer must produce and read the model's tokens (CTranslate2 works on token strings)."""
        tokenizer_tokens = set(self.tokenizer.get_vocab())
        tokenizer_target = tokenizer_tokens
        if getattr(self.tokenizer, "separate_vocabs", False):  # a Marian model with its own target vocabulary
            # (MarianTokenizer.get_tgt_vocab fails on shared vocabularies, so read the attribute.)
            tokenizer_target = set(self.tokenizer.target_encoder) | set(self.tokenizer.get_added_vocab())
        # Marian's converter drops <pad>; M2M100's adds padding entries.
        ignored = {self.tokenizer.pad_token, getattr(self.tokenizer, "mask_token", None)}
        unknown_to_model = sorted(tokenizer_tokens - set(self.source_vocab) - ignored)
        unknown_to_tokenizer = sorted(
            t for t in set(self.target_vocab) - tokenizer_target if not t.startswith("madeupword")
        )
        if unknown_to_model or unknown_to_tokenizer:
            problems = []
            if unknown_to_model:
                problems.append(
                    f"{len(unknown_to_model)} tokenizer token(s) not in the model vocabulary "
                    f"(e.g. {', '.join(map(repr, unknown_to_model[:5]))})"
                )
            if unknown_to_tokenizer:
                problems.append(
                    f"{len(unknown_to_tokenizer)} model token(s) the tokenizer does not know "
                    f"(e.g. {', '.join(map(repr, unknown_to_tokenizer[:5]))})"
                )
            raise TranslationError(
                f"{self.model_dir}: the tokenizer does not match the model: tokenizer vocabulary "
                f"{len(tokenizer_tokens)} tokens, model vocabulary {len(self.source_vocab)} tokens; "
                + "; ".join(problems)
                + ". Copy the tokenizer files of the model that was converted into this folder."
            )

    def _model_max_length(self, default: int) -> int:
        length = getattr(self.tokenizer, "model_max_length", None)
        return int(length) if isinstance(length, int) and 0 < length < _UNSET_LENGTH else default

    def _max_input_tokens(self) -> int:
        return min(self._model_max_length(default=_CT2_MAX_INPUT), _CT2_MAX_INPUT)

    # --- the Backend interface ------------------------------------------------

    @property
    def fingerprint(self) -> str:
        """SHA-256 of every file in the model folder, the languages and the output-changing options.

        Device and threads are left out (they do not change outputs); the
        compute type is in (quantization does).
        """
        if self._fingerprint is None:
            digest = hashlib.sha256(b"coref-transfer ctranslate2 backend v1\x00")
            for path in sorted(p for p in self.model_dir.rglob("*") if p.is_file()):
                digest.update(path.relative_to(self.model_dir).as_posix().encode() + b"\x00")
                with open(path, "rb") as handle:
                    for block in iter(lambda: handle.read(1 << 20), b""):
                        digest.update(block)
                digest.update(b"\x00")
            options = {
                "family": self.family,
                "source": self.source_code,
                "target": self.target_code,
                "beam_size": self.beam_size,
                "max_decoding_length": self.max_decoding_length,
                "length_penalty": self.length_penalty,
                "compute_type": self.compute_type,
            }
            digest.update(json.dumps(options, sort_keys=True).encode())
            self._fingerprint = "ctranslate2:" + digest.hexdigest()
        return self._fingerprint

    def tokenize(self, segments: Sequence[str]) -> list[list[str]]:
        """Source token strings for CTranslate2, special tokens included.

        Raises:
            TranslationError: a segment longer than the model's maximum input.
        """
        texts = [self.source_text_prefix + s for s in segments]
        ids = self.tokenizer(texts, add_special_tokens=True)["input_ids"]
        tokens = [self.tokenizer.convert_ids_to_tokens(row) for row in ids]
        for i, row in enumerate(tokens):
            if len(row) > self.max_input_tokens:
                raise TranslationError(
                    f"segment {i} of the batch has {len(row)} tokens, more than the model's "
                    f"{self.max_input_tokens}: {segments[i][:80]!r}...; split it before translating"
                )
        return tokens

    def detokenize(self, hypotheses: Sequence[Sequence[str]]) -> list[str]:
        """Text of output token strings, the forced target-language tokens removed."""
        n = len(self.target_prefix)
        ids = []
        for tokens in hypotheses:
            tokens = list(tokens)
            if n and tokens[:n] == self.target_prefix:
                tokens = tokens[n:]
            ids.append(self.tokenizer.convert_tokens_to_ids(tokens))
        return [text.strip() for text in self.tokenizer.batch_decode(ids, skip_special_tokens=True)]

    def translate_tokens(self, tokens: list[list[str]]) -> list[list[str]]:
        """Output token strings; CTranslate2 sorts by length and cuts batches by the token budget."""
        prefix = [list(self.target_prefix) for _ in tokens] if self.target_prefix else None
        try:
            results = self.translator.translate_batch(
                tokens,
                target_prefix=prefix,
                max_batch_size=self.batch_tokens,
                batch_type="tokens",
                beam_size=self.beam_size,
                max_decoding_length=self.max_decoding_length,
                length_penalty=self.length_penalty,
                max_input_length=0,  # lengths were checked in tokenize(); never truncate
            )
        except (RuntimeError, ValueError) as exc:
            raise TranslationError(f"{self.model_dir}: CTranslate2 failed on a batch of {len(tokens)}: {exc}") from exc
        return [result.hypotheses[0] for result in results]

    def translate(self, segments: Sequence[str]) -> list[str]:
        outputs = [""] * len(segments)
        todo = [i for i, s in enumerate(segments) if s.strip()]
        if not todo:
            return outputs
        tokens = self.tokenize([segments[i] for i in todo])
        for i, text in zip(todo, self.detokenize(self.translate_tokens(tokens)), strict=True):
            outputs[i] = text
        return outputs
