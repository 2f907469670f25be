"""The real-English loop: OntoGUM documents through select → translate → refine, read by a fluent reader.

The sample's translations were written for it, so good figures on the
sample prove little. This loop runs real English that no one here wrote
(OntoGUM, `../shared/data/ontogum/`) through the stages with a translation
memory filled by a stand-in translator (`../shared/docs/stand-in-translator.md`;
the marked sentences' conventions are in `docs/real-english.md`), and
writes what a fluent reader rates (`../shared/docs/fluent-review.md`).

    python scripts/real-english.py run --work ../real-english/run1
        builds the input (the first 30 sentences of each listed document;
        --skip N starts after the first N: a later part of the same documents),
        runs the three stages with the stand-in memory and your own memories
        (`--memory`, repeatable), and writes into the work folder:
          misses.tsv        what the memories lack (then exit 3): translate it
                            with the stand-in rules into a memory of your own and
                            run again with --memory that file
          review-input.jsonl every kept utterance: id, key, english,
                            italian_before_refine, italian, has_mention
          rate.jsonl        the utterances with a mention, {id, english, italian}:
                            the fluent reader's input (it sees nothing else)
          summary.json      counts, and where the mentions' Italian came from
    python scripts/real-english.py workflow --work ../real-english/wf1 [--memory FILE ...]
        the same input through the whole workflow (Snakemake, select to
        export; the memories as for run), then the official UD validator on
        its CorefUD export at levels 2 and 5 (`scripts/ud-validate.py`), the
        counts also in WORK/validate.json
    python scripts/real-english.py score --work DIR --ratings R.jsonl [--out FILE]
        joins the reader's ratings ({id, grammatical, acceptable, errors,
        evidence}, one per line of rate.jsonl) with the run, prints the
        grammatical share of the utterances with a mention and the error
        categories, and writes the dated review (the format of
        ../shared/data/ontogum/stand-in/review-*.jsonl)
    python scripts/real-english.py unrated --work DIR --before --reuse REVIEW.jsonl --out PAIRS.jsonl
        the (english, italian) pairs of the run that no earlier rating covers
        (with --before also the Italian before refine), shuffled and numbered
        afresh: one fresh reader rates them mixed and unlabelled; then
        `score --work DIR --reuse REVIEW.jsonl --pairs PAIRS.jsonl RATINGS.jsonl`
        scores the run from the ratings of identical pairs
    python scripts/real-english.py rules --work DIR --reuse ... --pairs ...
        per refinement rule, on the utterances with a mention it changed:
        fired, repaired, broke, left wrong, kept right (the table in docs/quality.md)
    python scripts/real-english.py spans --work DROPPED --reference KEPT
        a run's mention spans against those of the same input with the tags
        kept (the tags as gold; a reader-free measure of word alignment)
    python scripts/real-english.py compare BEFORE.jsonl AFTER.jsonl
        two dated reviews side by side (shares, categories, what changed)

Keep the work folder, the memories and the ratings out of the repository:
they are derived from OntoGUM's texts (`../shared/data/ontogum/README.md`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data" / "ontogum"
STAND_IN = SHARED / "stand-in"
EXIT_MISSES = 3


def build_input(documents: list[str], source: Path, out: Path, sentences: int, skip: int = 0) -> None:
    """`sentences` sentences of each document after its first `skip`, closed with `#end document`."""
    out.mkdir(parents=True, exist_ok=True)
    for doc in documents:
        lines = (source / f"{doc}.gold_conll").read_text(encoding="utf-8").split("\n")
        kept: list[str] = []
        seen = 0
        previous = ""
        for line in lines:
            if line.startswith("#end"):
                break
            ends_sentence = not line.strip() and previous.strip() and not previous.startswith("#begin")
            previous = line
            if seen >= skip or line.startswith("#begin"):
                kept.append(line)
            if ends_sentence:
                seen += 1
                if seen == skip + sentences:
                    break
        kept.append("#end document")
        (out / f"{doc}.gold_conll").write_text("\n".join(kept) + "\n", encoding="utf-8")


def _cli(*args: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "coref-transfer"
    return subprocess.run([str(exe), *args], capture_output=True, text=True)


def _memory(paths: list[Path], out: Path, tags: str = "kept") -> None:
    """The memories concatenated, the stand-in's first (a source twice must have one target), their tagged
    lines' Italian as a translator of the kind `tags` would write it (`TAGS`, `translator_tags`)."""
    lines = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if "\t" in line and not line.startswith("#"):
                source, target = line.split("\t", 1)
                line = f"{source}\t{translator_tags(source, target, tags)}"
            lines.append(line)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


TAGS = ("kept", "dropped", "garbled")
"""What the simulated translator does with tags (`--tags`): keeps them (LabelPigeon, the stand-in's rule 4),
drops them all (a general MT model: the stand-in page's "translator that drops tags"), or garbles some."""
_TAG = re.compile(r"</?[a-z]>")


def translator_tags(source: str, target: str, tags: str) -> str:
    """A tagged line's Italian as a translator of the kind `tags` writes it.

    `dropped`: every tag removed, the sentence as it was. `garbled`: decided by the English alone (a stable
    hash), one tagged line in three has its last closing tag moved to the end of the sentence and one in
    three its first opening tag doubled; the rest keep their tags.
    """
    if tags == "kept" or not _TAG.search(source):
        return target
    if tags == "dropped":
        return re.sub(r" {2,}", " ", _TAG.sub("", target)).strip()
    kind = int(hashlib.sha256(source.encode("utf-8")).hexdigest(), 16) % 3
    found = list(_TAG.finditer(target))
    if kind == 0 and found:
        last = [m for m in found if m.group().startswith("</")][-1]
        moved = target[: last.start()] + target[last.end() :]
        return moved.rstrip(".") + last.group() + ("." if moved.endswith(".") else "")
    if kind == 1 and found:
        first = found[0]
        return target[: first.end()] + first.group() + target[first.end() :]
    return target


def _prepare(args: argparse.Namespace, work: Path, input_dir: Path) -> None:
    """The input (`build_input`) in `input_dir` and the memories in WORK/memory.tsv (`_input_options`)."""
    documents = Path(args.documents).read_text(encoding="utf-8").split()
    build_input(documents, Path(args.source), input_dir, args.sentences, args.skip)
    _memory([Path(args.stand_in), *map(Path, args.memory)], work / "memory.tsv", args.tags)


def run(args: argparse.Namespace) -> int:
    import pyarrow.parquet as pq

    work = Path(args.work)
    _prepare(args, work, work / "input")
    config = {"translate": {"backend": "memory", "memory": str(work / "memory.tsv"), "cache": str(work / "cache")}}
    _merge(config, json.loads(args.config_json) if args.config_json else {})
    cfg = json.dumps(config)
    steps = [
        (
            "select",
            ["select", str(work / "input"), "--out", str(work / "select"), "--config-json", cfg, "--no-progress"],
        ),
        (
            "preflight",
            [
                "translate",
                "--dry-run",
                "--input",
                str(work / "select"),
                "--out",
                str(work / "preflight"),
                "--config-json",
                cfg,
                "--no-progress",
            ],
        ),
        (
            "translate",
            [
                "translate",
                "--input",
                str(work / "select"),
                "--out",
                str(work / "translate"),
                "--config-json",
                cfg,
                "--export-misses",
                str(work / "misses.tsv"),
                "--no-progress",
            ],
        ),
        ("refine", ["refine", "--input", str(work / "translate"), "--out", str(work / "refine"), "--no-progress"]),
    ]
    misses = work / "misses.tsv"
    if misses.exists():
        misses.unlink()
    for name, argv in steps:
        done = _cli(*argv)
        if done.returncode != 0:
            if name == "translate" and misses.exists():
                n = sum(1 for line in misses.read_text(encoding="utf-8").splitlines() if line)
                print(
                    f"{n} segment(s) missing from the memories: {misses}\n"
                    "translate them with the stand-in rules into a memory of your own, then run again "
                    "with --memory FILE",
                    file=sys.stderr,
                )
                return EXIT_MISSES
            sys.stderr.write(done.stderr)
            print(f"{name} failed (exit {done.returncode})", file=sys.stderr)
            return done.returncode
    gamma = {
        (r["doc_id"], r["part"], r["sentence"]): r
        for r in pq.read_table(work / "translate" / "gamma.parquet").to_pylist()
    }
    delta = pq.read_table(work / "refine" / "delta.parquet").to_pylist()
    rows = []
    for r in delta:
        g = gamma[(r["doc_id"], r["part"], r["sentence"])]
        rows.append(
            {
                "id": len(rows),
                "key": f"{r['doc_id']}/{r['sentence']}",
                "english": g["source_text"],
                "italian_before_refine": r["text_before"],
                "italian": r["text"],
                "has_mention": bool(r["mentions"]),
            }
        )
    with open(work / "review-input.jsonl", "w", encoding="utf-8") as out:
        out.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    with open(work / "rate.jsonl", "w", encoding="utf-8") as out:
        out.writelines(
            json.dumps({"id": row["id"], "english": row["english"], "italian": row["italian"]}, ensure_ascii=False)
            + "\n"
            for row in rows
            if row["has_mention"]
        )
    tstats = json.loads((work / "translate" / "stats.json").read_text(encoding="utf-8"))
    rstats = json.loads((work / "refine" / "stats.json").read_text(encoding="utf-8"))
    reviewed = projection_review(work)
    summary = {
        "utterances": len(rows),
        "with_mention": sum(r["has_mention"] for r in rows),
        "refined": rstats["delta"]["refined_utterances"],
        "coverage": coverage(work),
        "projection_review_lines": reviewed,
        "translate": {k: tstats[k] for k in ("input", "gamma", "dropped", "translation") if k in tstats},
        **{
            k: tstats[k]
            for k in ("mention_sources", "articles", "in_place", "methods", "span_sources", "tags")
            if k in tstats
        },
    }
    (work / "summary.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: summary[k] for k in ("utterances", "with_mention", "refined", "coverage")}))
    print(f"fluent reader's input: {work / 'rate.jsonl'} ({summary['with_mention']} utterances)")
    print(f"projection reader's input: {work / 'project.jsonl'} ({reviewed} mentions)")
    return 0


def _merge(config: dict, extra: dict) -> None:
    """`extra` over `config`, section by section (a top-level value such as `method` replaced)."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(config.get(key), dict):
            _merge(config[key], value)
        else:
            config[key] = value


def coverage(work: Path) -> dict:
    """How much of the English annotation reaches the Italian dataset (refine's output): mentions, and
    chains of two or more mentions in the English that keep two or more in the Italian."""
    import pyarrow.parquet as pq

    clusters = pq.read_table(work / "select" / "clusters.parquet").to_pylist()
    delta = pq.read_table(work / "refine" / "delta.parquet").to_pylist()
    kept: Counter = Counter()
    spans = set()
    for r in delta:
        for m in r["mentions"]:
            key = (r["doc_id"], r["part"], r["sentence"], m["cluster_id"], m["start"], m["end"])
            if key not in spans:
                spans.add(key)
                kept[(r["doc_id"], r["part"], m["cluster_id"])] += 1
    english = sum(c["mentions_read"] for c in clusters)
    chains = [(c["doc_id"], c["part"], c["cluster_id"]) for c in clusters if c["mentions_read"] >= 2]
    reached = sum(kept[c] >= 2 for c in chains)
    return {
        "english_mentions": english,
        "italian_mentions": len(spans),
        "mention_share": round(len(spans) / english, 4) if english else None,
        "english_chains_2plus": len(chains),
        "italian_chains_2plus": reached,
        "chain_share": round(reached / len(chains), 4) if chains else None,
    }


def projection_review(work: Path) -> int:
    """WORK/project.jsonl, the projection reader's input (`../shared/docs/projection-review.md`): one line
    per mention of the Italian dataset, {id, english, italian}, the English sentence with the mention
    marked ⟦ ⟧ and the final Italian with the span the dataset claims for it marked ⟦ ⟧; and
    WORK/project-key.jsonl, the same lines with the utterance and the mention (for the scores)."""
    import pyarrow.parquet as pq

    from coref_transfer.translate.marked import mark

    english = {
        (r["doc_id"], r["part"], r["sentence"]): r for r in pq.read_table(work / "select" / "beta3.parquet").to_pylist()
    }
    gamma = {
        (r["doc_id"], r["part"], r["sentence"]): r
        for r in pq.read_table(work / "translate" / "gamma.parquet").to_pylist()
    }
    lines, keys = [], []
    for r in pq.read_table(work / "refine" / "delta.parquet").to_pylist():
        key = (r["doc_id"], r["part"], r["sentence"])
        e, g = english[key], gamma[key]
        seen = set()
        for m in r["mentions"]:
            ident = (m["cluster_id"], m["start"], m["end"])
            source = next(
                (
                    x
                    for x in g["mentions"]
                    if x["cluster_id"] == m["cluster_id"]
                    and (x["start"], x["end"]) == (m["start_before"], m["end_before"])
                ),
                None,
            )
            if ident in seen or source is None:
                continue
            seen.add(ident)
            tagged = mark(e["tokens"], e["pos"], {0: (source["source_start"], source["source_end"])})
            en = tagged.text.replace("<a>", "⟦").replace("</a>", "⟧")
            it = _marked_italian(r["text"], r["tokens"], m["start"], m["end"])
            lines.append({"id": len(lines), "english": en, "italian": it})
            keys.append({"id": len(keys), "key": f"{r['doc_id']}/{r['sentence']}", "cluster": m["cluster_id"],
                         "span_source": source.get("span_source"), "english": en, "italian": it})  # fmt: skip
    for name, rows in (("project.jsonl", lines), ("project-key.jsonl", keys)):
        with open(work / name, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    return len(lines)


def _marked_italian(text: str, tokens: list[str], start: int, end: int) -> str:
    """The Italian text with ⟦ ⟧ around tokens start..end (found in the text in order)."""
    cursor, offsets = 0, []
    for token in tokens:
        at = text.find(token, cursor)
        if at < 0:  # a token the text writes otherwise: mark by tokens joined with spaces instead
            words = [
                *tokens[:start],
                "⟦" + tokens[start],
                *tokens[start + 1 : end],
                tokens[end] + "⟧",
                *tokens[end + 1 :],
            ]
            if start == end:
                words = [*tokens[:start], f"⟦{tokens[start]}⟧", *tokens[end + 1 :]]
            return " ".join(words)
        offsets.append(at)
        cursor = at + len(token)
    a, b = offsets[start], offsets[end] + len(tokens[end])
    return f"{text[:a]}⟦{text[a:b]}⟧{text[b:]}"


def workflow(args: argparse.Namespace) -> int:
    """The whole workflow (Snakemake, select to export) on the same input, then the UD validator on its
    CorefUD export: `WORK/results/export/`, and the validator's counts in `WORK/validate.json`."""
    work = Path(args.work).resolve()
    # the workflow takes each file's split from its path: the documents are OntoGUM train documents
    _prepare(args, work, work / "input" / "train")
    config = {
        "input": {"paths": [str(work / "input")]},
        "results": str(work / "results"),
        "translate": {"backend": "memory", "memory": str(work / "memory.tsv"), "cache": str(work / "cache")},
    }
    (work / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    bin_dir = Path(sys.executable).parent
    done = subprocess.run(
        [str(bin_dir / "snakemake"), "--profile", "workflow/profiles/local", "--cores", str(args.cores),
         "--configfile", str(work / "config.json")],
        cwd=REPO, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        print(f"the workflow failed (exit {done.returncode}); its logs are in {work / 'results' / 'logs'}",
              file=sys.stderr)  # fmt: skip
        return done.returncode
    files = sorted(str(p) for p in (work / "results" / "export").glob("*.conllu"))
    return subprocess.run(
        [sys.executable, str(REPO / "scripts" / "ud-validate.py"), "--json", str(work / "validate.json"), *files],
        check=False,
    ).returncode


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def rated_pairs(reviews: list[str], pairs: list[list[str]]) -> dict[tuple[str, str], dict]:
    """Ratings by (english, italian): from dated reviews, and from mixed files (`pairs`: the input the reader
    saw, {id, english, italian}, and the ratings, {id, grammatical, ...}). A pair rated twice keeps the last."""
    out: dict[tuple[str, str], dict] = {}
    for path in reviews:
        for r in _read_jsonl(Path(path)):
            out[(r["english"], r["italian"])] = r
    for shown, ratings in pairs:
        by_id = {r["id"]: r for r in _read_jsonl(Path(ratings))}
        for r in _read_jsonl(Path(shown)):
            if r["id"] in by_id:
                out[(r["english"], r["italian"])] = by_id[r["id"]]
    return out


def unrated(args: argparse.Namespace) -> int:
    """Write the pairs of a run no rating covers yet (final Italian, and with --before the Italian before refine),
    shuffled with a fixed seed and numbered afresh: one reader rates them mixed and unlabelled."""
    import random

    known = rated_pairs(args.reuse, args.pairs)
    todo: list[tuple[str, str]] = []
    for row in _read_jsonl(Path(args.work) / "review-input.jsonl"):
        if not row["has_mention"] or (args.changed and row["italian"] == row["italian_before_refine"]):
            continue
        for italian in (row["italian"], row["italian_before_refine"]) if args.before else (row["italian"],):
            pair = (row["english"], italian)
            if pair not in known and pair not in todo:
                todo.append(pair)
    random.Random(args.seed).shuffle(todo)
    with open(args.out, "w", encoding="utf-8") as out:
        out.writelines(
            json.dumps({"id": i, "english": e, "italian": it}, ensure_ascii=False) + "\n"
            for i, (e, it) in enumerate(todo)
        )
    print(f"{len(todo)} pair(s) to rate: {args.out}")
    return 0


def score(args: argparse.Namespace) -> int:
    work = Path(args.work)
    rows = {r["id"]: r for r in _read_jsonl(work / "review-input.jsonl")}
    if args.ratings:
        ratings = _read_jsonl(Path(args.ratings))
    else:  # every utterance's pair rated before, in a dated review or a mixed file
        known = rated_pairs(args.reuse, args.pairs)
        ratings = [
            {**known[(r["english"], r["italian"])], "id": i}
            for i, r in rows.items()
            if r["has_mention"] and (r["english"], r["italian"]) in known
        ]
    rated = {r["id"] for r in ratings}
    expected = {i for i, r in rows.items() if r["has_mention"]}
    if rated != expected:
        print(
            f"ratings cover {len(rated & expected)} of {len(expected)} utterances with a mention "
            f"({len(expected - rated)} missing, {len(rated - expected)} unknown)",
            file=sys.stderr,
        )
        return 1
    review = []
    for r in sorted(ratings, key=lambda r: r["id"]):
        row = rows[r["id"]]
        review.append(
            {
                "key": row["key"],
                "english": row["english"],
                "italian_before_refine": row["italian_before_refine"],
                "italian": row["italian"],
                "grammatical": r["grammatical"],
                "acceptable": r["acceptable"],
                "errors": r.get("errors", []),
                "evidence": r.get("evidence", ""),
            }
        )
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in review)
    print(_summary(review))
    return 0


def _summary(review: list[dict]) -> str:
    n = len(review)
    gram = sum(r["grammatical"] for r in review)
    acc = sum(r["acceptable"] for r in review)
    cats = Counter(c for r in review if not r["grammatical"] for c in r["errors"])
    lines = [f"utterances with a mention: {n}; grammatical {gram} ({gram / n:.1%}); acceptable {acc} ({acc / n:.1%})"]
    ordered = sorted(cats.items(), key=lambda kv: (-kv[1], kv[0]))
    lines.append("errors: " + ", ".join(f"{category} {count}" for category, count in ordered))
    return "\n".join(lines)


def compare(args: argparse.Namespace) -> int:
    before, after = _read_jsonl(Path(args.before)), _read_jsonl(Path(args.after))
    print("before:", _summary(before))
    print("after: ", _summary(after))
    old = {r["key"]: r for r in before}
    fixed = broke = 0
    for r in after:
        o = old.get(r["key"])
        if o is None:
            continue
        if not o["grammatical"] and r["grammatical"]:
            fixed += 1
        elif o["grammatical"] and not r["grammatical"]:
            broke += 1
            if args.verbose:
                print(f"  now wrong: {r['key']}: {r['italian']} ({r['evidence']})")
    both = len(set(old) & {r["key"] for r in after})
    print(f"utterances in both: {both}; ungrammatical → grammatical {fixed}; grammatical → ungrammatical {broke}")
    return 0


def rules(args: argparse.Namespace) -> int:
    """Per refinement rule, on the utterances with a mention it changed: fired, repaired (wrong before refine,
    grammatical after), broke (grammatical before, wrong after), left wrong (wrong before and after), and
    kept right; an utterance several rules changed counts for each of them."""
    import pyarrow.parquet as pq

    work = Path(args.work)
    known = rated_pairs(args.reuse, args.pairs)
    changed: dict[str, set[str]] = {}
    for r in pq.read_table(work / "refine" / "delta.parquet").to_pylist():
        if r["mentions"] and r["changes"]:
            changed[f"{r['doc_id']}/{r['sentence']}"] = {c["rule"] for c in r["changes"]}
    table: dict[str, Counter] = {}
    missing = 0
    for row in _read_jsonl(work / "review-input.jsonl"):
        names = changed.get(row["key"])
        if not names:
            continue
        before = known.get((row["english"], row["italian_before_refine"]))
        after = known.get((row["english"], row["italian"]))
        if before is None or after is None:
            missing += 1
            continue
        outcome = (
            "repaired"
            if not before["grammatical"] and after["grammatical"]
            else "broke"
            if before["grammatical"] and not after["grammatical"]
            else "left wrong"
            if not after["grammatical"]
            else "kept right"
        )
        for name in sorted(names) + ["(any rule)"]:
            table.setdefault(name, Counter())["fired"] += 1
            table[name][outcome] += 1
    if missing:
        print(
            f"{missing} changed utterance(s) lack a rating before or after refine: rate them first (unrated --before)",
            file=sys.stderr,
        )
        return 1
    columns = ("fired", "repaired", "broke", "left wrong", "kept right")
    print("| rule | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    for name in sorted(table, key=lambda n: (n == "(any rule)", -table[n]["fired"], n)):
        print(f"| {name} | " + " | ".join(str(table[name][c]) for c in columns) + " |")
    return 0


def spans(args: argparse.Namespace) -> int:
    """How many of a run's mention spans are those of a reference run on the same English and Italian (the
    loop's tags as gold): a run with the tags dropped or garbled, or with another aligner or parallel text,
    against the run with the tags kept. Reader-free, so any change to alignment can be measured at once."""
    from collections import Counter

    def load(work: str) -> dict[tuple[str, int, str], dict]:
        text = (Path(work) / "project-key.jsonl").read_text(encoding="utf-8")
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
        return {(r["key"], r["cluster"], r["english"]): r for r in rows}

    reference, run_ = load(args.reference), load(args.work)
    plain = {k: v["italian"].replace("⟦", "").replace("⟧", "") for k, v in reference.items()}
    total, same, compared = Counter(), Counter(), Counter()
    for key, row in run_.items():
        source = row["span_source"] or "none"
        total[source] += 1
        if key in reference and plain[key] == row["italian"].replace("⟦", "").replace("⟧", ""):
            compared[source] += 1  # the same Italian sentence: the spans can be compared
            same[source] += reference[key]["italian"] == row["italian"]
    print("| span source | mentions | on the reference's Italian | same span as the reference |")
    print("|---|---|---|---|")
    for source in [*sorted(total), "(all)"]:
        t = sum(total.values()) if source == "(all)" else total[source]
        c = sum(compared.values()) if source == "(all)" else compared[source]
        k = sum(same.values()) if source == "(all)" else same[source]
        share = f" ({100 * k / c:.1f}%)" if c else ""
        print(f"| {source} | {t} | {c} | {k}{share} |")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="select → translate → refine on the OntoGUM documents")
    _input_options(p)
    p.add_argument("--config-json", default="", help="config values over the defaults, as JSON")
    p.set_defaults(func=run)
    p = sub.add_parser("workflow", help="the whole workflow to the export on the same input, then udvalidate")
    _input_options(p)
    p.add_argument("--cores", type=int, default=2)
    p.set_defaults(func=workflow)
    p = sub.add_parser("score", help="join the fluent reader's ratings with a run")
    p.add_argument("--work", required=True)
    p.add_argument("--ratings", help="ratings of rate.jsonl by id (else every pair must be rated in --reuse/--pairs)")
    p.add_argument("--out", help="the dated review to write")
    _rating_sources(p)
    p.set_defaults(func=score)
    p = sub.add_parser("unrated", help="the pairs of a run no rating covers yet, mixed, for one reader")
    p.add_argument("--work", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--before", action="store_true", help="also the Italian before refine")
    p.add_argument(
        "--changed",
        action="store_true",
        help="only the utterances refine changed (with --before and no --reuse: one reader rates both "
        "sides of every change, for the rules table)",
    )
    p.add_argument("--seed", type=int, default=29)
    _rating_sources(p)
    p.set_defaults(func=unrated)
    p = sub.add_parser("rules", help="per refinement rule: fired, repaired, broke, left wrong")
    p.add_argument("--work", required=True)
    _rating_sources(p)
    p.set_defaults(func=rules)
    p = sub.add_parser("spans", help="a run's mention spans against a reference run's (the tags as gold)")
    p.add_argument("--work", required=True, help="the run measured (tags dropped, another aligner, ...)")
    p.add_argument("--reference", required=True, help="the run on the same input with the tags kept")
    p.set_defaults(func=spans)
    p = sub.add_parser("compare", help="two dated reviews side by side")
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(func=compare)
    args = parser.parse_args(argv)
    return args.func(args)


def _input_options(p: argparse.ArgumentParser) -> None:
    """The options of `run` and `workflow`: the work folder, the input built from OntoGUM, the memories."""
    p.add_argument("--work", required=True, help="work folder (outside the repository)")
    p.add_argument("--source", default=str(SHARED / "train"), help="folder of the OntoGUM *.gold_conll files")
    p.add_argument("--documents", default=str(STAND_IN / "documents.txt"), help="document names, one per line")
    p.add_argument("--sentences", type=int, default=30, help="sentences read from each document")
    p.add_argument("--skip", type=int, default=0, help="sentences skipped at the start of each document")
    p.add_argument("--stand-in", default=str(STAND_IN / "memory.tsv"), help="the stand-in translator's memory")
    p.add_argument("--memory", action="append", default=[], help="a memory of your own (repeatable)")
    p.add_argument(
        "--tags",
        choices=TAGS,
        default="kept",
        help="what the simulated translator does with tags: kept (a tag-trained model), dropped (a general MT "
        "model: the tags removed from the memories' Italian), garbled (some moved, some doubled)",
    )


def _rating_sources(p: argparse.ArgumentParser) -> None:
    p.add_argument("--reuse", action="append", default=[], help="a dated review whose ratings count for the same pairs")
    p.add_argument(
        "--pairs",
        nargs=2,
        action="append",
        default=[],
        metavar=("SHOWN", "RATINGS"),
        help="a mixed file the reader saw ({id, english, italian}) and its ratings by id",
    )


if __name__ == "__main__":
    sys.exit(main())
