"""Training the project's Italian spaCy pipeline from Universal Dependencies.

This is how a user adds a target language with no ready model: any UD
treebanks in, a spaCy pipeline (tagger, morphologizer, trainable lemmatizer,
dependency parser) out, with its scores on held-out test files. The
defaults train on the non-test files of the UD Italian treebanks (ParTUT
train, VIT dev, ISDT dev, MarkIT train and dev, ParlaMint train), optionally
with synthetic sentences for the constructions the rules read
(`coref_transfer.parsing.synthetic`), select on
ParTUT dev, and report on every test file (ISDT test is the figure spaCy's
and Stanza's models report).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coref_transfer.errors import MissingInputError
from coref_transfer.io import write_json
from coref_transfer.lang.it import nouns
from coref_transfer.parsing.synthetic import write_conllu
from coref_transfer.parsing.ud import to_docbin

log = logging.getLogger(__name__)

PIPELINE = ["tagger", "morphologizer", "trainable_lemmatizer", "parser"]

#: (treebank folder, file) pairs, relative to the UD root.
DEFAULT_TRAIN = [
    ("UD_Italian-ParTUT", "it_partut-ud-train.conllu"),
    ("UD_Italian-VIT", "it_vit-ud-dev.conllu"),
    ("UD_Italian-ISDT", "it_isdt-ud-dev.conllu"),
    ("UD_Italian-MarkIT", "it_markit-ud-train.conllu"),
    ("UD_Italian-MarkIT", "it_markit-ud-dev.conllu"),
    ("UD_Italian-ParlaMint", "it_parlamint-ud-train.conllu"),
]
DEFAULT_DEV = [("UD_Italian-ParTUT", "it_partut-ud-dev.conllu")]
DEFAULT_TEST = [
    ("UD_Italian-ISDT", "it_isdt-ud-test.conllu"),
    ("UD_Italian-VIT", "it_vit-ud-test.conllu"),
    ("UD_Italian-ParTUT", "it_partut-ud-test.conllu"),
    ("UD_Italian-MarkIT", "it_markit-ud-test.conllu"),
    ("UD_Italian-ParlaMint", "it_parlamint-ud-test.conllu"),
]

LICENCE_NOTE = """\
This spaCy pipeline was trained by coref-transfer (`coref-transfer parser train`)
on Universal Dependencies Italian treebanks: ParTUT (CC BY-NC-SA 4.0), VIT and
ISDT (CC BY-NC-SA 3.0), MarkIT (CC BY 4.0) and ParlaMint (CC BY-SA 4.0). A model
trained on them inherits the most restrictive of these licences:
CC BY-NC-SA 4.0 (https://creativecommons.org/licenses/by-nc-sa/4.0/).
The treebanks themselves are not distributed with coref-transfer.
"""


def resolve(root: Path, pairs: Sequence[tuple[str, str]]) -> list[Path]:
    paths = [root / folder / name for folder, name in pairs]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise MissingInputError("UD files not found: " + ", ".join(missing))
    return paths


def build_config(
    train: Path,
    dev: Path,
    *,
    seed: int,
    max_steps: int,
    width: int,
    eval_frequency: int,
    depth: int = 4,
    window: int = 1,
    hidden_width: int = 128,
    beam_width: int = 1,
) -> Any:
    """spaCy's efficiency config for Italian, CPU, no vectors, narrowed and bounded.

    `train` may be a folder of .spacy files. `depth` and `window` are the
    tok2vec encoder's (spaCy's defaults 4 and 1), `hidden_width` the
    parser's (default 128); `beam_width` > 1 uses spaCy's `beam_parser`.
    """
    from spacy.cli.init_config import init_config

    config = init_config(lang="it", pipeline=PIPELINE, optimize="efficiency", gpu=False, silent=True)
    config["paths"]["train"] = str(train)
    config["paths"]["dev"] = str(dev)
    config["system"]["seed"] = seed
    encode = config["components"]["tok2vec"]["model"]["encode"]
    encode["width"], encode["depth"], encode["window_size"] = width, depth, window
    config["components"]["parser"]["model"]["hidden_width"] = hidden_width
    if beam_width > 1:
        config["components"]["parser"]["factory"] = "beam_parser"
        config["components"]["parser"]["beam_width"] = beam_width
    config["training"]["max_steps"] = max_steps
    config["training"]["max_epochs"] = 0
    config["training"]["eval_frequency"] = eval_frequency
    config["training"]["patience"] = max(eval_frequency * 8, 1600)
    config["training"]["seed"] = seed
    return config


def train_parser(
    ud_root: str | Path,
    out: str | Path,
    *,
    workdir: str | Path,
    seed: int = 13,
    max_steps: int = 3000,
    width: int = 64,
    noise: float = 0.1,
    eval_frequency: int = 200,
    synthetic: int = 0,
    depth: int = 4,
    window: int = 1,
    hidden_width: int = 128,
    beam_width: int = 1,
    train: Sequence[tuple[str, str]] = DEFAULT_TRAIN,
    dev: Sequence[tuple[str, str]] = DEFAULT_DEV,
    test: Sequence[tuple[str, str]] = DEFAULT_TEST,
) -> dict[str, Any]:
    """Convert, train, evaluate on the held-out files, and install the best model in `out`.

    `synthetic` > 0 adds that many sentences of `coref_transfer.parsing.synthetic`
    (generated with `seed`) to the training data; the other keyword arguments
    are `build_config`'s.

    Returns:
        The evaluation (also written to `out/evaluation.json`).
    """
    from spacy.cli.train import train as spacy_train

    root, work, out = Path(ud_root), Path(workdir), Path(out)
    train_files, dev_files, test_files = resolve(root, train), resolve(root, dev), resolve(root, test)
    work.mkdir(parents=True, exist_ok=True)
    if (work / "train").exists():
        shutil.rmtree(work / "train")
    corpus = {
        "train": to_docbin(train_files, work / "train" / "ud.spacy", seed=seed, noise=noise),
        "dev": to_docbin(dev_files, work / "dev.spacy", seed=seed, noise=0.0),
    }
    if synthetic:
        conllu = write_conllu(work / "synthetic.conllu", n=synthetic, seed=seed)
        corpus["synthetic"] = to_docbin([conllu], work / "train" / "synthetic.spacy", seed=seed, noise=noise, fix=False)
    log.info("training data: %s", corpus)
    config = build_config(
        work / "train",
        work / "dev.spacy",
        seed=seed,
        max_steps=max_steps,
        width=width,
        eval_frequency=eval_frequency,
        depth=depth,
        window=window,
        hidden_width=hidden_width,
        beam_width=beam_width,
    )
    config.to_disk(work / "config.cfg")
    spacy_train(work / "config.cfg", work / "output", use_gpu=-1)
    best = work / "output" / "model-best"
    evaluation = {
        "training": {
            "train": [f"{a}/{b}" for a, b in train],
            "dev": [f"{a}/{b}" for a, b in dev],
            "corpus": corpus,
            "seed": seed,
            "max_steps": max_steps,
            "width": width,
            "depth": depth,
            "window": window,
            "hidden_width": hidden_width,
            "beam_width": beam_width,
            "synthetic": synthetic,
            "case_noise": noise,
        },
        "test": evaluate_parser(best, [(f"{a}/{b}", p) for (a, b), p in zip(test, test_files)], seed=seed),
    }
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(best, out)
    (out / "LICENSE.txt").write_text(LICENCE_NOTE, encoding="utf-8")
    write_json(out / "evaluation.json", evaluation)
    return evaluation


def evaluate_parser(
    model: str | Path, tests: Sequence[tuple[str, Path]], seed: int = 0
) -> dict[str, dict[str, float | None]]:
    """UPOS, morphology, lemma, UAS, LAS, Gender/Number F1 and subject LAS F per held-out file (percent).

    `nsubj_las_f` and `nsubj_pass_las_f` are spaCy's labelled F-score of the
    `nsubj` and `nsubj:pass` relations (`dep_las_per_type`): a subject counts
    only with the right head and the right label.
    """
    import spacy
    from spacy.tokens import DocBin
    from spacy.training import Example

    nlp = spacy.load(model)
    out: dict[str, dict[str, float | None]] = {}
    for name, path in tests:
        tmp = Path(model).parent / f".eval-{Path(path).stem}.spacy"
        to_docbin([path], tmp, seed=seed, noise=0.0)
        gold = list(DocBin().from_disk(tmp).get_docs(nlp.vocab))
        tmp.unlink()
        examples = [Example(_words_doc(nlp, doc), doc) for doc in gold]
        scores = nlp.evaluate(examples)
        per_feat = scores.get("morph_per_feat") or {}
        per_dep = scores.get("dep_las_per_type") or {}
        out[name] = {
            "sentences": sum(len(list(d.sents)) for d in gold),
            "upos": round(100 * scores["pos_acc"], 2),
            "morph": round(100 * scores["morph_acc"], 2),
            "lemma": round(100 * scores["lemma_acc"], 2),
            "uas": round(100 * scores["dep_uas"], 2),
            "las": round(100 * scores["dep_las"], 2),
            "gender_f": round(100 * per_feat.get("Gender", {}).get("f", 0.0), 2),
            "number_f": round(100 * per_feat.get("Number", {}).get("f", 0.0), 2),
            "nsubj_las_f": _f(per_dep, "nsubj"),
            "nsubj_pass_las_f": _f(per_dep, "nsubj:pass"),
        }
    return out


def _words_doc(nlp: Any, gold: Any) -> Any:
    """A doc with the gold words only: parsers are scored on gold tokenisation."""
    from spacy.tokens import Doc

    return Doc(nlp.vocab, words=[t.text for t in gold], spaces=[bool(t.whitespace_) for t in gold])


def _f(per_type: dict[str, Any], label: str) -> float | None:
    """A label's F (percent), None when neither gold nor prediction has it."""
    return round(100 * per_type[label]["f"], 2) if label in per_type else None


def lexicon_from_ud(ud_root: str | Path, out: str | Path) -> dict[str, int]:
    """Build the noun lexicon (`lang.it.nouns`) from the parser's training files under `ud_root`, write it to `out`.

    The files are `DEFAULT_TRAIN` (the train files, and the dev files the shared UD README assigns to training
    where a treebank's train file is not available); never a test file. Here, beside the training files' list,
    so that `lang` does not import `parsing` (issue 39).
    """
    paths = resolve(Path(ud_root), DEFAULT_TRAIN)
    rows = nouns.build_lexicon(paths)
    nouns.write_lexicon(out, rows, paths, licence=nouns.LICENCE_NOTE)
    return nouns.summarize(rows)
