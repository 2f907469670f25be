"""scripts/ud-harm.py: gold UD text refined as the translate stage would hand it over."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

from conftest import REPO

SPEC = importlib.util.spec_from_file_location("ud_harm", REPO / "scripts" / "ud-harm.py")
ud_harm = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(ud_harm)


def word(i, form, upos="NOUN", head=0):
    return f"{i}\t{form}\t{form}\t{upos}\t_\t_\t{head}\tdep\t_\t_"


def test_surface_tokens_keep_a_multiword_token_whole():
    block = ["# text = Della casa", "1-2\tDella\t_\t_\t_\t_\t_\t_\t_\t_", word(1, "Di", "ADP", 4), word(2, "la", "DET", 4),
             word(3, "casa"), "3.1\tx\t_\t_\t_\t_\t_\t_\t_\t_"]
    assert ud_harm.surface_tokens(block) == ["Della", "casa"]


def test_the_script_counts_the_changes_of_the_rules_on_gold_text(tmp_path):
    """Two sentences left alone ("il tuo menù" is no longer turned into "le tue menù") and one a rule changes
    ("Noi mangiamo la pasta" → "Mangiamo la pasta": subject_pronoun_deletion, correct either way)."""
    folder = tmp_path / "UD_Italian-ParTUT"
    folder.mkdir()
    sentences = [
        [word(1, "Marco", "PROPN", 2), word(2, "dorme", "VERB", 0), word(3, ".", "PUNCT", 2)],
        [word(1, "Chiedi", "VERB", 0), word(2, "il", "DET", 4), word(3, "tuo", "DET", 4), word(4, "menù", "NOUN", 1),
         word(5, ".", "PUNCT", 1)],
        [word(1, "Noi", "PRON", 2), word(2, "mangiamo", "VERB", 0), word(3, "la", "DET", 4), word(4, "pasta", "NOUN", 2),
         word(5, ".", "PUNCT", 2)],
    ]
    (folder / "it_partut-ud-dev.conllu").write_text("".join("\n".join(s) + "\n\n" for s in sentences), encoding="utf-8")
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "ud-harm.py"), "--ud", str(tmp_path), "--split", "dev",
                           "--json"], capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout)
    assert figures == {"split": "dev", "sentences": 3, "skipped_brackets": 0, "changed": 1,
                       "changes_per_rule": {"subject_pronoun_deletion": 2}}
    text = subprocess.run([sys.executable, str(REPO / "scripts" / "ud-harm.py"), "--ud", str(tmp_path), "--split", "dev"],
                          capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    assert "1 of 3 gold sentences changed" in text.stdout and "→ Mangiamo la pasta ." in text.stdout
    assert "menù" not in text.stdout
