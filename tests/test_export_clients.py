"""The exports read by the clients that use them, one test per client: the CoNLL-2012 files by our
scorer and by our CoNLL reader, the stage tables by pandas. On the hand-written δ table and on the
sample's (test_export's fixtures); the CorefUD and jsonlines clients are tested elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest
from conftest import REPO
from delta_rows import expected_mentions

from coref_transfer.conll.reader import read_conll
from coref_transfer.schema import TABLES, read_table
from coref_transfer.train.scoring.metrics import METRICS, score_files

#: The stages whose tables the workflow writes (their partitions and their merge).
STAGE_RESULTS = [REPO / "results" / stage for stage in ("select", "translate", "refine")]

_LAST_COLUMN = re.compile(r"^([^#].*\s)(\S+)$")


def drop_chain(text: str) -> tuple[str, str, int] | None:
    """The CoNLL-2012 `text` without any mention of one chain: the first chain with two or more mentions
    of the first document that has another chain too (so that mentions remain). Returns (new text,
    the document's header, the chain's id), or None when no document has two chains."""
    lines = text.splitlines(keepends=True)
    begins = [i for i, line in enumerate(lines) if line.startswith("#begin document")]
    for begin in begins:
        end = next(i for i in range(begin, len(lines)) if lines[i].startswith("#end document"))
        body = [(i, m) for i in range(begin + 1, end) if (m := _LAST_COLUMN.match(lines[i].rstrip("\n")))]
        sizes: dict[str, int] = {}
        for _, match in body:
            for chain in re.findall(r"\((\d+)", match.group(2)):
                sizes[chain] = sizes.get(chain, 0) + 1
        chain = next((c for c, n in sizes.items() if n >= 2), None)
        if chain is None or len(sizes) < 2:
            continue
        piece = re.compile(rf"\({chain}\)|\({chain}(?!\d)|(?<![\d(]){chain}\)")
        for i, match in body:
            column = "|".join(p for p in piece.sub("|", match.group(2)).split("|") if p) or "-"
            lines[i] = f"{match.group(1)}{column}\n"
        return "".join(lines), lines[begin].strip(), int(chain)
    return None


def test_conll2012_scored_by_our_scorer(exported, tmp_path):
    """Every split's file against itself scores 100 on every metric; without one chain, recall drops
    and precision stays 100."""
    splits, _, out = exported
    dropped = 0
    for split in splits:
        gold = out / f"{split}.gold_conll"
        perfect = score_files(gold, gold)
        for metric in (*METRICS, "mentions"):
            assert perfect[metric] == {"r": 100.0, "p": 100.0, "f": 100.0}, (split, metric)
        assert perfect["conll"]["f"] == 100.0

        changed = drop_chain(gold.read_text(encoding="utf-8"))
        if changed is None:  # the hand-written table's test split: one document, one chain
            continue
        text, header, chain = changed
        response = tmp_path / f"{split}.response"
        response.write_text(text, encoding="utf-8")
        lost = score_files(gold, response)
        for metric in (*METRICS, "mentions"):
            assert lost[metric]["r"] < 100 and lost[metric]["f"] < 100, (split, header, chain, metric)
            assert lost[metric]["p"] == 100.0, (split, header, chain, metric)
        assert lost["conll"]["f"] < 100
        dropped += 1
    assert dropped, "no document with two chains: the test scored nothing below 100"


def test_conll2012_read_back_by_our_reader(exported):
    """Every part, utterance, token and mention of δ, as the CoNLL-2012 reader reads the files."""
    splits, _, out = exported
    for split, parts in splits.items():
        read = read_conll(out / f"{split}.gold_conll")
        assert [(p.doc_id, p.part) for p in read] == [(p.doc_id, p.part) for p in parts]
        for got, want in zip(read, parts):
            assert len(got.utterances) == len(want.rows)
            for utt, row in zip(got.utterances, want.rows):
                assert utt.tokens == row.tokens
                assert utt.pos == row.upos
                assert not utt.has_tree and utt.entities == []
                assert sorted((m.cluster_id, m.span.start, m.span.end) for m in utt.mentions) == expected_mentions(row)


def stage_tables() -> list[Path]:
    return sorted(path for folder in STAGE_RESULTS for path in folder.rglob("*.parquet"))


def test_stage_tables_read_by_pandas():
    """`pandas.read_parquet` on every table of the sample run: the schema's columns, in its order, and
    the rows our schema-checked reader gives (back to Arrow with the schema, value for value)."""
    paths = stage_tables()
    if not paths:
        pytest.fail("no stage tables under results/: run the workflow on the sample first (make test does)")
    assert {p.stem for p in paths} == set(TABLES), "a stage table the schema names was not produced, or the reverse"
    for path in paths:
        name = path.stem
        frame = pd.read_parquet(path)
        assert list(frame.columns) == TABLES[name].names, path
        table = read_table(path, name)
        assert len(frame) == table.num_rows > 0, path
        back = pa.Table.from_pandas(frame, schema=TABLES[name], preserve_index=False)
        assert back.equals(table, check_metadata=False), path
