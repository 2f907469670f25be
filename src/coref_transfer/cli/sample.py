"""The embedded sample corpus: `sample build`, `sample corefud` and `sample check`."""

from __future__ import annotations

from pathlib import Path

import typer

from coref_transfer import resources
from coref_transfer.cli.app import log, sample_app
from coref_transfer.errors import CorefTransferError


@sample_app.command("build")
def sample_build(
    source: Path | None = typer.Option(
        None, help="Folder of {split}/*.trees documents [default: resources/sample/source in the repository]."
    ),
    out: Path | None = typer.Option(
        None, help="Root of the OntoNotes-layout output [default: resources/sample in the repository]."
    ),
) -> None:
    """Convert the authored *.trees documents into *.gold_conll files.

    Example: coref-transfer sample build --source resources/sample/source --out resources/sample
    """
    from coref_transfer.conll.authoring import build

    source = source or resources.path("resources/sample/source")
    out = out or resources.path("resources/sample")
    written = build(source, out)
    log.info("wrote %d documents under %s", len(written), out)


@sample_app.command("corefud")
def sample_corefud(
    out: Path = typer.Option(..., "--out", "-o", help="Output folder: the sample's split layout with *.conllu files."),
    source: Path | None = typer.Option(
        None, help="Folder of *.gold_conll files [default: resources/sample in the repository]."
    ),
) -> None:
    """Write the sample (or any *.gold_conll tree with gold parses) as CorefUD, with UD trees converted from the \
PTB ones.

    Example: coref-transfer sample corefud --out results/sample-corefud
    """
    from coref_transfer.corefud.writer import write_tree

    source = source or resources.path("resources/sample")
    written = write_tree(source, out)
    log.info("wrote %d CorefUD files under %s", len(written), out)


@sample_app.command("check")
def sample_check(files: list[Path] = typer.Argument(..., help="*.trees files.")) -> None:
    """Validate authored *.trees documents; report every bad file, exit 1 if any.

    Example: coref-transfer sample check resources/sample/source/train/*.trees
    """
    from coref_transfer.conll.authoring import parse_trees_file

    failed = 0
    for path in files:
        try:
            parts = parse_trees_file(path)
        except CorefTransferError as exc:
            log.error("%s", exc)
            failed += 1
            continue
        n_sent = sum(len(p.utterances) for p in parts)
        n_ment = sum(len(u.mentions) for p in parts for u in p.utterances)
        typer.echo(f"ok {path}: {len(parts)} part(s), {n_sent} sentences, {n_ment} mentions")
    if failed:
        raise typer.Exit(1)
