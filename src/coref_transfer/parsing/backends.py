"""Italian parser backends behind one interface: spaCy and Stanza.

Both take pre-tokenised sentences (the tokens of stage γ), so token indexes
and mention spans survive parsing, and return `ParsedSentence`s with lemma,
UPOS, XPOS, features, head and relation. Neither downloads anything at run
time: a missing model is an error that says how to set it up.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from coref_transfer.errors import ConfigError, MissingInputError
from coref_transfer.io import folder_sha256
from coref_transfer.parsed import ANNOTATIONS, ParsedSentence, Token, parse_feats
from coref_transfer.resources import config_path

log = logging.getLogger(__name__)

BUNDLED_MODEL = "resources/models/it_ud_coref_transfer"

SPACY_COMPONENTS = {
    "lemma": {"lemmatizer", "trainable_lemmatizer"},
    "upos": {"morphologizer", "tagger", "attribute_ruler"},
    "xpos": {"tagger"},
    "feats": {"morphologizer"},
    "head": {"parser"},
    "deprel": {"parser"},
}
"""Which spaCy pipeline components fill each annotation (a pipeline without one leaves it empty)."""


class ParserBackend(ABC):
    """Parses pre-tokenised Italian sentences."""

    name = "parser"
    #: The annotations this backend fills in (each parsed sentence carries them).
    annotations: frozenset[str] = frozenset(ANNOTATIONS)

    @property
    @abstractmethod
    def fingerprint(self) -> str:
        """Digest of the model (recorded in manifests)."""

    @abstractmethod
    def parse_batch(self, sentences: Sequence[Sequence[str]]) -> list[ParsedSentence]:
        """Parse one batch; one result per sentence, tokens unchanged."""

    def parse(
        self, sentences: Sequence[Sequence[str]], batch_size: int = 64, progress: bool = True
    ) -> Iterator[ParsedSentence]:
        """Parse many sentences in batches, with a progress bar (sentences per second)."""
        with tqdm(
            total=len(sentences), desc=f"parse ({self.name})", unit="sent", disable=not progress, mininterval=2.0
        ) as bar:
            for i in range(0, len(sentences), batch_size):
                batch = sentences[i : i + batch_size]
                yield from self.parse_batch(batch)
                bar.update(len(batch))


class SpacyParser(ParserBackend):
    """Any spaCy pipeline with tagger/morphologizer/lemmatizer/parser: an installed name or a folder."""

    name = "spacy"

    def __init__(self, model: str | Path):
        import spacy

        self.model = str(model)
        try:
            self.nlp = spacy.load(self.model)
        except OSError as exc:
            raise MissingInputError(
                f"spaCy pipeline {self.model!r} not found: install it (e.g. `pip install it_core_news_lg` from a "
                f"machine that reaches spaCy's models) or set parser.model to a pipeline folder; the project "
                f"ships its own, trained from UD, in {BUNDLED_MODEL}"
            ) from exc
        missing = {"parser", "morphologizer"} - set(self.nlp.pipe_names)
        if missing:
            raise ConfigError(
                f"spaCy pipeline {self.model!r} lacks {', '.join(sorted(missing))}; it has {self.nlp.pipe_names}"
            )
        self.annotations = frozenset(a for a, names in SPACY_COMPONENTS.items() if names & set(self.nlp.pipe_names))
        folder = Path(self.model)
        meta = self.nlp.meta
        self._fingerprint = (
            f"spacy:{folder_sha256(folder)}"
            if folder.is_dir()
            else f"spacy:{meta.get('lang')}_{meta.get('name')}-{meta.get('version')}"
        )

    @property
    def fingerprint(self) -> str:
        return self._fingerprint

    def parse_batch(self, sentences: Sequence[Sequence[str]]) -> list[ParsedSentence]:
        from spacy.tokens import Doc

        docs = [Doc(self.nlp.vocab, words=list(words)) for words in sentences]
        out = []
        for doc in self.nlp.pipe(docs):
            tokens = [
                Token(
                    text=t.text,
                    lemma=t.lemma_,
                    upos=t.pos_,
                    xpos=t.tag_,
                    feats=dict(t.morph.to_dict()),
                    head=-1 if t.head.i == t.i else t.head.i,
                    deprel="root" if t.dep_ == "ROOT" else t.dep_,
                )
                for t in doc
            ]
            out.append(ParsedSentence(tokens, self.annotations))
        return out


class StanzaParser(ParserBackend):
    """Stanza's Italian pipeline from a local resources folder (no download), GPU when present."""

    name = "stanza"

    def __init__(self, resources: str | Path, lang: str = "it", device: str = "auto"):
        try:
            import stanza
        except ImportError as exc:
            raise ConfigError("the Stanza backend needs the stanza package: pip install stanza") from exc
        self.resources = Path(resources)
        if not (self.resources / lang).is_dir():
            raise MissingInputError(
                f"{self.resources}: no Stanza models for {lang!r}; on a machine with network run "
                f"`python -c \"import stanza; stanza.download('{lang}', model_dir='{self.resources}')\"` "
                "and copy the folder here"
            )
        use_gpu = None if device == "auto" else device == "cuda"
        kwargs: dict[str, Any] = {} if use_gpu is None else {"use_gpu": use_gpu}
        try:
            self.nlp = stanza.Pipeline(
                lang,
                dir=str(self.resources),
                processors="tokenize,pos,lemma,depparse",
                tokenize_pretokenized=True,
                download_method=None,
                logging_level="WARN",
                **kwargs,
            )
        except Exception as exc:  # stanza raises several unrelated types for a broken folder
            raise MissingInputError(f"{self.resources}: cannot load Stanza's {lang!r} pipeline: {exc}") from exc
        self._fingerprint = f"stanza:{folder_sha256(self.resources / lang)}"

    @property
    def fingerprint(self) -> str:
        return self._fingerprint

    def parse_batch(self, sentences: Sequence[Sequence[str]]) -> list[ParsedSentence]:
        doc = self.nlp([list(words) for words in sentences])
        out = []
        for sent in doc.sentences:
            tokens = [
                Token(
                    text=w.text,
                    lemma=w.lemma or "",
                    upos=w.upos or "",
                    xpos=w.xpos or "",
                    feats=parse_feats(w.feats or ""),
                    head=w.head - 1,
                    deprel=w.deprel or "",
                )
                for w in sent.words
            ]
            out.append(ParsedSentence(tokens))
        return out


def build_parser(config: Mapping[str, Any]) -> ParserBackend:
    """The configured parser backend (the `parser` section), loaded and checked."""
    parsing = config["parser"]
    if parsing["backend"] == "stanza":
        return StanzaParser(config_path(config, "parser.stanza_dir"), device=parsing["device"])
    return SpacyParser(config_path(config, "parser.model"))
