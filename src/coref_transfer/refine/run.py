"""`coref-transfer refine` (stage δ on a γ folder) and `refine-text` (one sentence, for debugging rules)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.class_values import GENDERS, NUMBERS, TYPES
from coref_transfer.classes import MentionClass
from coref_transfer.config import stage_config
from coref_transfer.errors import CorefTransferError
from coref_transfer.io import staged_directory, write_json
from coref_transfer.lang.it.detokenize import detokenize
from coref_transfer.manifest import build_manifest, seal
from coref_transfer.model import Mention, Span
from coref_transfer.parsing.backends import ParserBackend, build_parser
from coref_transfer.records import read_records, write_records
from coref_transfer.refine.base import Sentence
from coref_transfer.refine.registry import build_rules, refine
from coref_transfer.refine.stage import bracketed, run_delta
from coref_transfer.stats import check_accounting

log = logging.getLogger(__name__)

_OPEN = re.compile(r"^\[+")
_CLOSE = re.compile(r"\]+$")


class BracketError(CorefTransferError):
    """A sentence whose mention brackets do not balance."""


def parse_bracketed(text: str) -> tuple[list[str], list[Mention]]:
    """Tokens (split on spaces) and mentions marked with square brackets.

    `[Egli] ha detto che [la sua amica] era qui .` gives 10 tokens and the
    mentions (0, 0) and (4, 6). Brackets may nest; a `[` opens at the start
    of a token, a `]` closes at its end.
    """
    tokens: list[str] = []
    mentions: list[Mention] = []
    stack: list[int] = []
    for raw in text.split():
        opens = len(_OPEN.match(raw).group()) if _OPEN.match(raw) else 0
        core = raw[opens:]
        closes = len(_CLOSE.search(core).group()) if _CLOSE.search(core) else 0
        word = core[: len(core) - closes] if closes else core
        if not word:
            raise BracketError(f"a bracket with no word in {text!r}")
        index = len(tokens)
        tokens.append(word)
        stack.extend([index] * opens)
        for _ in range(closes):
            if not stack:
                raise BracketError(f"']' after {word!r} closes no mention in {text!r}")
            mentions.append(Mention(len(mentions), Span(stack.pop(), index)))
    if stack:
        raise BracketError(f"a mention opened at token {stack[-1]} is never closed in {text!r}")
    mentions.sort(key=lambda m: (m.span.start, -m.span.end))
    return tokens, mentions


class ClassError(CorefTransferError):
    """An entity class written wrongly (not `type/gender/number`), or one per mention missing."""


def parse_class(text: str) -> MentionClass:
    """An entity class written `type/gender/number` ("person/fem/plur", "thing/masc/sing").

    Raises:
        ClassError: not three parts, or a part that is not one of its values
            (the message names the part and the valid values).
    """
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise ClassError(f"entity class {text!r}: write type/gender/number, e.g. 'person/fem/plur'")
    for name, value, valid in zip(("type", "gender", "number"), parts, (TYPES, GENDERS, NUMBERS)):
        if value not in valid:
            raise ClassError(f"entity class {text!r}: {name} {value!r} is not one of {', '.join(valid)}")
    return MentionClass(parts[0], parts[1], parts[2], ("english", "english", "english"))


def parse_class_list(text: str) -> list[MentionClass | None]:
    """Comma-separated classes, one per mention in bracket order, "-" for unknown.

    "person/fem/plur,-,person/fem/plur" gives a class, None and a class.

    Raises:
        ClassError: an item is neither "-" nor a valid class.
    """
    return [None if item.strip() == "-" else parse_class(item) for item in text.split(",")]


def refine_texts(
    lines: Iterable[str],
    config: Mapping[str, Any],
    parser: ParserBackend | None = None,
    classes: Sequence[Sequence[MentionClass | None] | None] | None = None,
    clusters: Sequence[Sequence[int] | None] | None = None,
    roles: Sequence[Sequence[str | None] | None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Refine bracketed sentences; one JSON-ready result per line (the parser is loaded once).

    `classes`, if given, has one entry per non-blank line: None (classes
    unknown) or the entity class of each mention in bracket order (sorted by
    start, longest first, as `parse_bracketed` returns them), None where unknown.
    `clusters`, likewise, gives each mention's entity (mentions with the same
    number corefer); without it every mention is an entity of its own.
    `roles`, likewise, gives each pronoun mention's English role
    (`lang.en.pronoun_role.ROLES`, None for other mentions).

    Raises:
        ClassError: `classes` does not have one entry per line, or a line's
            list does not have one class per mention.
    """
    parser = parser or build_parser(config)
    items = [parse_bracketed(line) for line in lines if line.strip()]
    if classes is None:
        classes = [None] * len(items)
    classes = list(classes)
    if len(classes) != len(items):
        raise ClassError(f"{len(classes)} lists of entity classes for {len(items)} sentences")
    for (tokens, mentions), known in zip(items, classes):
        if known is not None and len(known) != len(mentions):
            raise ClassError(f"{len(known)} entity classes for {len(mentions)} mentions in {' '.join(tokens)!r}")
    if clusters is not None:
        clusters = list(clusters)
        if len(clusters) != len(items):
            raise ClassError(f"{len(clusters)} lists of clusters for {len(items)} sentences")
        for k, ((tokens, mentions), ids) in enumerate(zip(items, clusters)):
            if ids is None:
                continue
            if len(ids) != len(mentions):
                raise ClassError(f"{len(ids)} clusters for {len(mentions)} mentions in {' '.join(tokens)!r}")
            items[k] = (tokens, [Mention(c, m.span) for c, m in zip(ids, mentions)])
    roles = list(roles) if roles is not None else [None] * len(items)
    if len(roles) != len(items):
        raise ClassError(f"{len(roles)} lists of roles for {len(items)} sentences")
    for (tokens, mentions), given in zip(items, roles):
        if given is not None and len(given) != len(mentions):
            raise ClassError(f"{len(given)} roles for {len(mentions)} mentions in {' '.join(tokens)!r}")
    parsed = parser.parse([tokens for tokens, _ in items], config["parser"]["batch_size"], progress=False)
    rules = build_rules(config["refine"]["rules"])
    for (_, mentions), sent, known, given in zip(items, parsed, classes, roles):
        sentence = Sentence(sent, mentions, classes=list(known) if known else [], roles=list(given) if given else [])
        refine(sentence, rules)
        tokens = sentence.words()
        yield {
            "text": detokenize(tokens),
            "bracketed": bracketed(tokens, sentence.mentions),
            "tokens": tokens,
            "mentions": [[m.span.start, m.span.end] for m in sentence.mentions],
            "changes": [c.to_row() for c in sentence.changes],
        }


def run_refine(gamma: str | Path, out: str | Path, config: Mapping[str, Any], progress: bool = True) -> dict[str, Any]:
    """Stage δ on `gamma/gamma.parquet`, written to the folder `out`."""
    gamma_path = Path(gamma) / "gamma.parquet"
    translated = read_records(gamma_path, "gamma")
    parser = build_parser(config)
    build_rules(config["refine"]["rules"])  # fail on a bad rule list before parsing
    refined, stats = run_delta(translated, parser, config, progress)
    check_accounting(stats, "refine")
    with staged_directory(out) as tmp:
        write_records(refined, tmp / "delta.parquet", "delta")
        write_json(tmp / "stats.json", stats)
        seal(
            tmp,
            build_manifest(
                "refine",
                stage_config(config, "refine"),
                [gamma_path],
                parser_fingerprint=parser.fingerprint,
            ),
        )
    log.info(
        "refine %s: %d utterances, %d refined, %d changes",
        Path(gamma).name,
        stats["delta"]["utterances"],
        stats["delta"]["refined_utterances"],
        stats["delta"]["changes"],
    )
    return stats


def dumps(result: Mapping[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False)
