"""fast_align (Dyer, Chahuneau and Smith 2013) through `systran-align`, trained on the run's own text.

Training runs in a child process with one OpenMP thread: with several, the
order in which the threads add up the expected counts changes the last bits
of the tables from one run to the next, and with them a few alignments (8 of
1,290 sentences on the real-English loop); with one, the same text gives the
same tables and the same dataset. Both directions are trained; `align`
returns SYSTRAN's symmetrised links.

fast_align's own recommended options, favouring the diagonal and optimising
its tension (`-d -o`), are used: English and Italian keep much of their word
order. On the real-English loop with every tag dropped, 91.5% of the spans
projected equal those the tags gave (87.3% of the mentions); plain IBM
Model 2 gave 91.4% (86.3%), and variational Bayes on top 91.9% (86.4%).

Words are lower-cased, and the Penn Treebank's bracket tokens written as
brackets, on both sides. Extra parallel text (`translate.alignment.parallel`)
is one pair per line, `English words ||| Italian words`, tokenised by
spaces: for instance the pairs of a bigger run (`coref-transfer align pairs`)
or a parallel corpus. It is added to every partition's training text, so a
small partition aligns as a big one would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coref_transfer.errors import InputFormatError
from coref_transfer.translate.align.base import Links, Pair

PTB_BRACKETS = {"-lrb-": "(", "-rrb-": ")", "-lsb-": "[", "-rsb-": "]", "-lcb-": "{", "-rcb-": "}"}
SEPARATOR = " ||| "
TABLES = ("forward.probs", "backward.probs")
"""The files of a trained model, in the run's `alignment/` folder."""


def words(tokens: Sequence[str]) -> list[str]:
    """The aligner's view of a sentence's tokens: lower case, brackets as written, no spaces inside."""
    out = []
    for token in tokens:
        word = token.lower()
        out.append(PTB_BRACKETS.get(word, word).replace(" ", "_") or "_")
    return out


def read_parallel(path: str | Path) -> list[Pair]:
    """The pairs of a parallel text file (`English ||| Italian` per line; blank lines skipped).

    Raises:
        InputFormatError: a line without exactly one separator, or with an empty side (file and line named).
    """
    pairs = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputFormatError(path, None, f"cannot read the parallel text ({exc.strerror})") from exc
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        sides = line.split(SEPARATOR)
        if len(sides) != 2 or not sides[0].split() or not sides[1].split():
            raise InputFormatError(path, number, f"expected 'English words{SEPARATOR}Italian words', got {line[:80]!r}")
        pairs.append((sides[0].split(), sides[1].split()))
    return pairs


def write_parallel(pairs: Sequence[Pair], path: str | Path) -> int:
    """Write pairs as parallel text (`English ||| Italian` per line; pairs with an empty side left out), atomically.

    Returns the number of lines written. A word's spaces become underscores, so that the line splits back into
    the same words (`read_parallel`).
    """
    from coref_transfer.io import atomic_write_text

    lines = [
        " ".join(w.replace(" ", "_") for w in src) + SEPARATOR + " ".join(w.replace(" ", "_") for w in tgt)
        for src, tgt in pairs
        if src and tgt
    ]
    atomic_write_text(path, "".join(line + "\n" for line in lines))
    return len(lines)


class FastAlign:
    """The `fast_align` aligner (see the module docstring)."""

    name = "fast_align"

    def __init__(self, parallel: Sequence[str | Path] = (), iterations: int = 5):
        self.parallel = [read_parallel(p) for p in parallel]
        self.iterations = iterations
        self._folder = tempfile.TemporaryDirectory(prefix="coref-transfer-align-")
        self.tables: Path | None = None
        """The folder of the trained tables (None: not trained yet)."""
        self.learnt: list[Pair] = []
        """The run's pairs the tables were trained on: a second `fit` in the same run (the joint method's
        utterances that go the paper's way) trains on these and its own, so the tables written with the run
        hold everything it aligned."""

    def fit(self, pairs: Sequence[Pair], out: Path | None = None) -> dict[str, Any]:
        folder = Path(self._folder.name)
        corpus = folder / "corpus.txt"
        extra = [pair for pairs_ in self.parallel for pair in pairs_]
        self.learnt = [*self.learnt, *pairs]
        lines = [
            " ".join(words(src)) + SEPARATOR + " ".join(words(tgt))
            for src, tgt in [*self.learnt, *extra]
            if src and tgt
        ]
        corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
        start = time.process_time()
        child = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _TRAIN, str(corpus), *(str(folder / t) for t in TABLES), str(self.iterations)],
            env={**os.environ, "OMP_NUM_THREADS": "1"},
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"fast_align training failed: {done.stderr.strip()[-500:]}")
        self.tables = folder
        if out is not None:
            save_tables(folder, out)
        return {
            "pairs": len(pairs),
            "parallel_pairs": len(extra),
            "seconds": round(time.perf_counter() - child, 3),
            "cpu_seconds_here": round(time.process_time() - start, 3),
        }

    def align(self, pairs: Sequence[Pair]) -> list[Links]:
        if self.tables is None:
            raise RuntimeError("fast_align: align() before fit()")
        import systran_align

        aligner = systran_align.Aligner(*(str(self.tables / t) for t in TABLES))
        results = aligner.align_batch([words(s) for s, _ in pairs], [words(t) for _, t in pairs])
        return [frozenset((int(i), int(j)) for i, j in r["alignments"]) for r in results]


def save_tables(folder: Path, out: Path) -> None:
    """Copy a trained model's tables (`TABLES`) from `folder` into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    for table in TABLES:
        shutil.copyfile(folder / table, out / table)


_TRAIN = """
import sys
import systran_align
corpus, forward, backward, iterations = sys.argv[1:]
systran_align.generate_alignment_probabilities(
    corpus, forward, backward, iterations=int(iterations), favor_diagonal=True, optimize_tension=True
)
"""
"""The child process that trains the tables (one OpenMP thread: see the module docstring)."""
