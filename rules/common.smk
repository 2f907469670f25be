# Config validation, the partition list, wildcard constraints and input
# functions. Anything larger belongs in the library (src/coref_transfer).
import json
import os
import shlex
import sys
from pathlib import Path

from snakemake.logging import logger
from snakemake.settings.types import DeploymentMethod

sys.path.insert(0, str(Path(workflow.basedir) / "src"))

from coref_transfer.config import validate_config
from coref_transfer.partitions import discover
from coref_transfer.verify import rebuild_damaged

# Validate at parse time against workflow/schemas/config.schema.yaml (the
# library's schema), filling defaults: a wrong value fails before any job.
config.update(validate_config(config))

RESULTS = config["results"]
PARTITIONS = discover(config["input"]["paths"], config["partitions"]["by"])

# A truncated or corrupt output (checked against its folder's manifest) is
# rebuilt, not used: its folder is moved aside and its output added to `rule
# all`'s input, so its job and everything downstream run again (why not the
# mtime trigger: src/coref_transfer/verify.py). Only the main process checks;
# cluster job steps parse this file too.
DAMAGED_OUTPUTS = []
if workflow.is_main_process:
    DAMAGE_WARNINGS, DAMAGED_OUTPUTS = rebuild_damaged(RESULTS, ".snakemake/coref-transfer/verified.json")
    for message in DAMAGE_WARNINGS:
        logger.warning(f"coref-transfer: {message}")

# Rules call the library with this checkout's sources first on PYTHONPATH,
# through the interpreter of their conda environment when Snakemake deploys
# them (so the environments need only the dependencies), else through the
# interpreter running Snakemake (a virtualenv need not be activated).
USE_CONDA = DeploymentMethod.CONDA in workflow.deployment_settings.deployment_method
PYTHON = "python" if USE_CONDA else shlex.quote(sys.executable)
CLI = f"PYTHONPATH={Path(workflow.basedir) / 'src'}${{PYTHONPATH:+:$PYTHONPATH}} {PYTHON} -m coref_transfer"
SELECT_TABLES = ("utterances", "alpha", "beta1", "beta2", "beta3", "clusters")


wildcard_constraints:
    partition="|".join(PARTITIONS) or "(?!)",


def partition_files(wildcards):
    """The input files of one partition."""
    return [str(p) for p in PARTITIONS[wildcards.partition]]


def section_json(*keys):
    """Config sections as JSON for a rule's --config-json (a change re-runs it)."""
    return json.dumps({key: config[key] for key in keys}, sort_keys=True)


PLACEHOLDER_FILES = sorted(str(p) for p in Path(config["gamma"]["placeholders"]).glob("*.txt"))


def translation_memory(wildcards):
    """The translation memory file, when the memory backend is configured."""
    translation = config["translation"]
    return [translation["memory"]] if translation["backend"] == "memory" else []


# GPUs each job asks for (on SLURM `--gpus=N`, which the slurm profile's
# partitions.yaml routes to the GPU partition; local runs ignore it): a rule
# asks only when its configured backend runs on a GPU.
GPUS = {
    "translate": int(config["translation"]["backend"] != "memory" and config["translation"]["device"] != "cpu"),
    "refine": int(config["parsing"]["backend"] == "stanza" and config["parsing"]["device"] != "cpu"),
    "train_model": 1,
}


def parser_model(wildcards):
    """The spaCy pipeline folder, when parsing.model is a folder (an installed name is not a file)."""
    parsing = config["parsing"]
    folder = parsing["model"] if parsing["backend"] == "spacy" else parsing["stanza_dir"]
    return [folder] if Path(folder).is_dir() else []
