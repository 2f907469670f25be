"""Harm of the refinement rules on correct Italian: gold CoNLL-U text, refined.

Every sentence of the files is given to the rules as the translate stage
would hand it over: its surface tokens (a multi-word token such as "della"
stays one token, as spaCy's Italian tokenizer keeps it), no mentions, parsed
by the configured parser. Gold text is correct Italian, so every change a
rule makes is a candidate harm. The report counts, per rule, the sentences
it changed (and per 1,000 sentences read and kept), and the same for all
rewrite rules together: every configured rule but pro-drop
(`subject_pronoun_deletion`), which is reported apart, since dropping an
explicit subject pronoun is a choice, not an error.

Sentences are skipped, with the reason counted, when they cannot be given
to the rules as they are: a token with a square bracket (brackets mark
mentions in the rules' input), a token with a space in it, no token at all.

Develop rules on the UD train and dev files; report on the test files.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from coref_transfer.errors import ConfigError, MissingInputError
from coref_transfer.io import atomic_write_text
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.parsing.train import DEFAULT_DEV, DEFAULT_TEST, DEFAULT_TRAIN, resolve
from coref_transfer.refine.run import refine_texts
from coref_transfer.ud_files import sentence_blocks, sentence_id, surface_tokens

PRO_DROP = "subject_pronoun_deletion"
"""The rule reported apart: a choice of style, not a repair."""

SPLITS = {"train": DEFAULT_TRAIN, "dev": DEFAULT_DEV, "test": DEFAULT_TEST}
"""The project's UD file lists (`parsing.train`), by split."""

SKIP_REASONS = {
    "brackets": "a token with [ or ] (brackets mark mentions)",
    "space_in_token": "a token with a space",
    "no_tokens": "no token",
}

CHANGE_COLUMNS = ["file", "sent_id", "line", "rule", "index", "before", "after", "sentence_before", "sentence_after"]
"""The columns of `write_changes` (one row per change a rule made)."""


def conllu_files(inputs: Iterable[str | Path]) -> list[Path]:
    """The CoNLL-U files named: a file as it is, a folder as its `*.conllu` files (sorted).

    Raises:
        MissingInputError: a path that does not exist, or a folder with no `*.conllu` file.
    """
    files: list[Path] = []
    for item in map(Path, inputs):
        if item.is_dir():
            found = sorted(item.glob("*.conllu"))
            if not found:
                raise MissingInputError(f"{item}: no *.conllu file in this folder")
            files.extend(found)
        elif item.is_file():
            files.append(item)
        else:
            raise MissingInputError(f"{item}: no such CoNLL-U file or folder")
    return files


def split_files(ud_root: str | Path, split: str) -> list[Path]:
    """The project's UD files of one split (`parsing.train`'s lists) under `ud_root`.

    Raises:
        ConfigError: an unknown split.
        MissingInputError: a listed file is missing.
    """
    if split not in SPLITS:
        raise ConfigError(f"unknown split {split!r}: one of {', '.join(SPLITS)}")
    return resolve(Path(ud_root), SPLITS[split])


def _skip_reason(tokens: Sequence[str]) -> str | None:
    if not tokens:
        return "no_tokens"
    if any("[" in t or "]" in t for t in tokens):
        return "brackets"
    if any(len(t.split()) != 1 for t in tokens):
        return "space_in_token"
    return None


def read_gold(paths: Sequence[str | Path]) -> tuple[list[dict[str, Any]], Counter[str], int]:
    """The sentences of the files as the rules get them, the skips by reason, and the sentences read.

    Each sentence: {"file", "sent_id" (None without one), "line" (its first line), "tokens"}.

    Raises:
        MissingInputError, InputFormatError: as `ud_files.conllu_lines` (file and line named).
    """
    sentences: list[dict[str, Any]] = []
    skipped: Counter[str] = Counter()
    read = 0
    for path in paths:
        for line, block in sentence_blocks(path):
            read += 1
            tokens = surface_tokens(block)
            reason = _skip_reason(tokens)
            if reason:
                skipped[reason] += 1
                continue
            sentences.append({"file": str(path), "sent_id": sentence_id(block), "line": line, "tokens": tokens})
    return sentences, skipped, read


def per_1000(count: int, total: int) -> float:
    return round(1000 * count / total, 2) if total else 0.0


def measure_harm(
    paths: Sequence[str | Path], config: Mapping[str, Any], parser: ParserBackend | None = None
) -> dict[str, Any]:
    """Refine the gold sentences of `paths` with the configured rules; count what changed.

    Returns:
        {"files", "sentences_read", "skipped" (by reason), "sentences" (refined),
        "rules": {rule: {"sentences", "per_1000", "changes"}} for every configured rule,
        "rewrite": the same for every rule but pro-drop together, with its "rules",
        "pro_drop": the same for `subject_pronoun_deletion`,
        "changed": [{"file", "sent_id", "line", "before", "after", "rules", "changes"}] in file order}.
    """
    sentences, skipped, read = read_gold(paths)
    rules = list(config["refine"]["rules"])
    rewrite = [r for r in rules if r != PRO_DROP]
    results = refine_texts([" ".join(s["tokens"]) for s in sentences], config, parser)
    changed: list[dict[str, Any]] = []
    sentences_by_rule: Counter[str] = Counter()
    changes_by_rule: Counter[str] = Counter()
    rewrite_sentences = 0
    for sentence, result in zip(sentences, results, strict=True):
        if not result["changes"]:
            continue
        fired = sorted({c["rule"] for c in result["changes"]})
        sentences_by_rule.update(fired)
        changes_by_rule.update(c["rule"] for c in result["changes"])
        rewrite_sentences += any(r != PRO_DROP for r in fired)
        changed.append(
            {
                "file": sentence["file"],
                "sent_id": sentence["sent_id"],
                "line": sentence["line"],
                "before": " ".join(sentence["tokens"]),
                "after": " ".join(result["tokens"]),
                "rules": fired,
                "changes": result["changes"],
            }
        )
    n = len(sentences)

    def figures(rule_names: Sequence[str], sentence_count: int) -> dict[str, Any]:
        return {
            "sentences": sentence_count,
            "per_1000": per_1000(sentence_count, n),
            "changes": sum(changes_by_rule[r] for r in rule_names),
        }

    return {
        "files": [str(p) for p in paths],
        "sentences_read": read,
        "skipped": {reason: skipped[reason] for reason in SKIP_REASONS if skipped[reason]},
        "sentences": n,
        "rules": {r: figures([r], sentences_by_rule[r]) for r in rules},
        "rewrite": {"rules": rewrite, **figures(rewrite, rewrite_sentences)},
        "pro_drop": {"rule": PRO_DROP, **figures([PRO_DROP], sentences_by_rule[PRO_DROP])},
        "changed": changed,
    }


def with_resolution(report: Mapping[str, Any], resolution: Mapping[str, Any]) -> dict[str, Any]:
    """All rewrites together: the sentences a rewrite rule changed or resolution's articles and prepositions
    would harm (`translate.determiners_eval.measure_harm`, same files), per 1,000 of the sentences refined.

    The two read the same files sentence by sentence (keyed by file and first line); resolution's count
    covers the sentences refine skips too, an upper bound like its own figures.
    """
    rewritten = {(c["file"], c["line"]) for c in report["changed"] if any(r != PRO_DROP for r in c["rules"])}
    harmed = {(f, line) for f, line in resolution["harmed_sentences"]}
    union = rewritten | harmed
    n = report["sentences"]
    return {
        "sentences": len(union),
        "of": n,
        "per_1000": per_1000(len(union), n),
        "refine": len(rewritten),
        "resolution": len(harmed),
    }


def examples(report: Mapping[str, Any], n: int) -> list[dict[str, Any]]:
    """Up to `n` changed sentences: those a rewrite rule changed first, then those pro-drop alone changed."""
    rewritten = [c for c in report["changed"] if any(r != PRO_DROP for r in c["rules"])]
    dropped = [c for c in report["changed"] if all(r == PRO_DROP for r in c["rules"])]
    return (rewritten + dropped)[: max(n, 0)]


def summary(report: Mapping[str, Any], n_examples: int = 0) -> dict[str, Any]:
    """The report for `--json`: every figure, and `n_examples` changed sentences (`examples`)."""
    out = {k: v for k, v in report.items() if k != "changed"}
    out["changed_sentences"] = len(report["changed"])
    out["examples"] = examples(report, n_examples)
    return out


def text(report: Mapping[str, Any], n_examples: int = 0) -> str:
    """The report to read: the counts, a table per rule, and `n_examples` changed sentences."""
    skipped = report["skipped"]
    skip_text = "; ".join(f"{count:,} {SKIP_REASONS[reason]}" for reason, count in skipped.items()) or "none"
    lines = [
        (
            f"Gold sentences of {len(report['files'])} file(s): {report['sentences_read']:,} read, "
            f"{report['sentences']:,} refined, {sum(skipped.values()):,} skipped ({skip_text})."
        ),
        "",
        "| rule | sentences changed | per 1,000 | changes |",
        "|---|---|---|---|",
    ]
    for rule, r in report["rules"].items():
        if rule != PRO_DROP:
            lines.append(f"| {rule} | {r['sentences']:,} | {r['per_1000']:.2f} | {r['changes']:,} |")
    w, p = report["rewrite"], report["pro_drop"]
    lines.append(f"| **all rewrite rules** | {w['sentences']:,} | {w['per_1000']:.2f} | {w['changes']:,} |")
    lines.append(f"| {PRO_DROP} (pro-drop, a choice) | {p['sentences']:,} | {p['per_1000']:.2f} | {p['changes']:,} |")
    shown = examples(report, n_examples)
    if shown:
        lines += ["", f"Changed sentences ({len(shown)} of {len(report['changed']):,}):"]
        for c in shown:
            where = f"{c['file']}:{c['line']}" + (f" ({c['sent_id']})" if c["sent_id"] else "")
            lines += [f"- {where} [{', '.join(c['rules'])}]", f"  {c['before']}", f"  → {c['after']}"]
    return "\n".join(lines) + "\n"


def change_rows(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per change a rule made (`CHANGE_COLUMNS`), in file order."""
    return [
        {
            "file": c["file"],
            "sent_id": c["sent_id"],
            "line": c["line"],
            "rule": ch["rule"],
            "index": ch["index"],
            "before": ch["before"],
            "after": ch["after"],
            "sentence_before": c["before"],
            "sentence_after": c["after"],
        }
        for c in report["changed"]
        for ch in c["changes"]
    ]


def changes_format(path: str | Path) -> str:
    """ "jsonl" or "tsv", from the file's suffix (check it before measuring).

    Raises:
        ConfigError: another suffix.
    """
    suffix = Path(path).suffix
    if suffix not in (".jsonl", ".tsv"):
        raise ConfigError(f"{path}: write the changes to a .jsonl or a .tsv file")
    return suffix[1:]


def write_changes(report: Mapping[str, Any], path: str | Path) -> int:
    """Every change to `path`: JSON Lines (`.jsonl`) or a table with a header (`.tsv`); returns the rows.

    Raises:
        ConfigError: another suffix.
    """
    rows = change_rows(report)
    if changes_format(path) == "jsonl":
        body = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    else:
        cells = [[("" if row[k] is None else str(row[k])) for k in CHANGE_COLUMNS] for row in rows]
        body = "".join("\t".join(r) + "\n" for r in [CHANGE_COLUMNS, *cells])
    atomic_write_text(path, body)
    return len(rows)
