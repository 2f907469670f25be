"""The refinement rules and resolution outside the pipeline: `refine-text` (one sentence),
`refine-eval` (precision, recall and harm of the rules) and `resolve-eval`."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from coref_transfer import resources
from coref_transfer.cli.app import ConfigJsonOption, ConfigOption, _config, app, log


@app.command("refine-text")
def refine_text(
    text: str | None = typer.Argument(None, help="One sentence, tokens separated by spaces, mentions in [brackets]."),
    file: Path | None = typer.Option(
        None, "--file", "-f", help="One such sentence per line; prints one JSON object per line."
    ),
    classes: str | None = typer.Option(
        None,
        "--classes",
        help="Entity class of each mention of the sentence, in bracket order, comma-separated: "
        "type/gender/number or - for unknown (e.g. 'person/fem/plur,-,person/fem/plur').",
    ),
    roles: str | None = typer.Option(
        None,
        "--roles",
        help="The English role of each mention of the sentence, in bracket order, comma-separated: subject, "
        "object, reflexive, emphatic, oblique, possessive, other, or - for a mention that is no pronoun.",
    ),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
) -> None:
    """Refine one sentence (or a file of them) with the configured parser and rules; print JSON.

    Rules that need a mention's entity class (a plural "loro" made "le" or
    "li") read it from --classes; without it they treat the class as unknown.
    Rules that read the English pronoun's role (a subject is dropped, never
    made an object clitic) read it from --roles.

    Output: {"text", "bracketed", "tokens", "mentions": [[start, end], ...],
    "changes": [{"rule", "index", "before", "after"}, ...]}.

    Example: coref-transfer refine-text "[Egli] ha detto alla gente che [lei] era una brava cuoca ."
    """
    from coref_transfer.errors import InputFormatError
    from coref_transfer.refine.run import dumps, parse_class_list, refine_texts

    if (text is None) == (file is None):
        raise typer.BadParameter("give either a sentence or --file FILE")
    if (classes is not None or roles is not None) and file is not None:
        raise typer.BadParameter("--classes and --roles go with one sentence, not with --file")
    given = None
    if roles is not None:
        from coref_transfer.lang.en.pronoun_role import ROLES

        given = [None if r.strip() == "-" else r.strip() for r in roles.split(",")]
        bad = [r for r in given if r is not None and r not in ROLES]
        if bad:
            raise typer.BadParameter(f"--roles: {bad[0]!r} is not a role; give {', '.join(ROLES)} or -")
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise InputFormatError(file, None, f"cannot read ({exc.strerror})") from exc
    else:
        lines = [text]  # type: ignore[list-item]
    known = [parse_class_list(classes)] if classes is not None else None
    for result in refine_texts(lines, _config(config, config_json), classes=known, roles=[given] if given else None):
        typer.echo(dumps(result))


@app.command("refine-eval")
def refine_eval(
    paths: list[Path] | None = typer.Argument(
        None,
        help="An evaluation set (JSON Lines; default: tests/data/refine-eval/test.jsonl in the repository); "
        "with --harm, CoNLL-U files or folders (a folder: its *.conllu files).",
        show_default=False,
    ),
    config: Path | None = ConfigOption,
    config_json: str | None = ConfigJsonOption,
    errors: bool = typer.Option(False, "--errors", help="Also list the sentences that went wrong."),
    harm: bool = typer.Option(
        False,
        "--harm",
        help="Measure harm instead: refine the gold text of CoNLL-U files "
        "(correct Italian) and count the sentences each rule changes, per 1,000.",
    ),
    ud: Path | None = typer.Option(
        None,
        "--ud",
        help="With --harm: the folder of the UD_Italian-* treebanks, read with the project's file lists (--split).",
    ),
    split: str = typer.Option("test", "--split", help="With --ud: train, dev (develop on these) or test (report)."),
    examples: int = typer.Option(
        20, "--examples", min=0, help="With --harm: changed sentences to list (those a rewrite rule changed first)."
    ),
    as_json: bool = typer.Option(False, "--json", help="With --harm: print the figures as JSON."),
    out: Path | None = typer.Option(
        None,
        "--out",
        "-o",
        help="With --harm: write every change (file, sent_id, line, "
        "rule, before, after, the sentence before and after) to a .jsonl or .tsv file.",
    ),
) -> None:
    """Precision and recall of each refinement rule on a hand-written set, with the configured parser;
    with --harm, the harm of the rules on correct Italian (gold CoNLL-U text).

    Harm counts, per rule, the gold sentences it changed and per 1,000; all
    rewrite rules together (every rule but subject_pronoun_deletion); and
    pro-drop apart (dropping an explicit subject is a choice, not an error).

    Examples: coref-transfer refine-eval tests/data/refine-eval/dev.jsonl;
    coref-transfer refine-eval --harm --ud ../shared/data/ud --split dev;
    coref-transfer refine-eval --harm my-files/ other.conllu --examples 50 --out changes.tsv
    """
    if not harm:
        unused = [
            name
            for name, given in (
                ("--ud", ud is not None),
                ("--split", split != "test"),
                ("--examples", examples != 20),
                ("--json", as_json),
                ("--out", out is not None),
            )
            if given
        ]
        if unused:
            raise typer.BadParameter(f"only with --harm: {', '.join(unused)}")
        if paths and len(paths) > 1:
            raise typer.BadParameter("one evaluation set at a time (or --harm for CoNLL-U files)")
        from coref_transfer.refine.evaluate import evaluate, markdown, read_set

        eval_set = paths[0] if paths else resources.path("tests/data/refine-eval/test.jsonl")
        report = evaluate(read_set(eval_set), _config(config, config_json))
        typer.echo(markdown(report), nl=False)
        if errors:
            for e in report["errors"]:
                typer.echo(json.dumps(e, ensure_ascii=False))
        return
    from coref_transfer.refine import harm as harm_module

    if errors:
        raise typer.BadParameter("--errors goes with an evaluation set; --harm lists changes with --examples/--out")
    if (ud is None) == (not paths):
        raise typer.BadParameter("--harm needs CoNLL-U files or folders, or --ud DIR (with --split), not both")
    if out is not None:
        harm_module.changes_format(out)
    from coref_transfer.translate import determiners_eval

    files = harm_module.split_files(ud, split) if ud is not None else harm_module.conllu_files(paths or [])
    report = harm_module.measure_harm(files, _config(config, config_json))
    resolution = determiners_eval.measure_harm(files)
    together = harm_module.with_resolution(report, resolution)
    if out is not None:
        rows = harm_module.write_changes(report, out)
        log.info("%d changes written to %s", rows, out)
    if as_json:
        summary = harm_module.summary(report, examples)
        summary["resolution"] = {k: v for k, v in resolution.items() if k not in ("harmed", "harmed_sentences")}
        summary["all_rewrites"] = together
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        typer.echo(harm_module.text(report, examples), nl=False)
        typer.echo("")
        typer.echo(determiners_eval.harm_text(resolution, examples), nl=False)
        typer.echo(
            f"\nAll rewrites together (the refinement rules but pro-drop, and resolution's articles and prepositions): "
            f"{together['sentences']:,} of {together['of']:,} sentences, {together['per_1000']:.2f} per 1,000."
        )


@app.command("resolve-eval")
def resolve_eval(
    path: Path | None = typer.Argument(
        None,
        help="An evaluation set (JSON Lines; default: tests/data/resolve-eval/test.jsonl in the repository).",
        show_default=False,
    ),
    errors: bool = typer.Option(False, "--errors", help="Also list the cases that went wrong."),
) -> None:
    """Precision and recall of the articles and prepositions resolution puts back where a name stood
    (`lang.it.determiners`) on a hand-written set; their harm on gold text is in `refine-eval --harm`.

    Examples: coref-transfer resolve-eval tests/data/resolve-eval/dev.jsonl --errors
    """
    from coref_transfer.translate.determiners_eval import evaluate, markdown, read_set

    report = evaluate(read_set(path or resources.path("tests/data/resolve-eval/test.jsonl")))
    typer.echo(markdown(report), nl=False)
    if errors:
        for e in report["errors"]:
            typer.echo(json.dumps(e, ensure_ascii=False))
