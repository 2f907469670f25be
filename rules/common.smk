# Config validation, the partition list, wildcard constraints and input
# functions. Anything larger belongs in the library (src/coref_transfer).
# Parsing this file has no side effects: nothing is read but the config and
# the input listing, nothing is written or moved (`--lint`, `--dry-run`).
import json
import os
import shlex
import sys
from pathlib import Path

from snakemake.logging import logger
from snakemake.settings.types import DeploymentMethod

sys.path.insert(0, str(Path(workflow.basedir) / "src"))

from coref_transfer.config import stage_config, validate_config
from coref_transfer.partitions import discover
from coref_transfer.schema import SCHEMA_VERSION
from coref_transfer.verify import rebuild_damaged

# Validate at parse time against workflow/schemas/config.schema.yaml (the
# library's schema), filling defaults: a wrong value fails before any job.
config.update(validate_config(config))

RESULTS = config["results"]
PARTITIONS = discover(config["input"]["paths"], config["partitions"]["by"], config["input"]["format"])

# Rules call the library with this checkout's sources first on PYTHONPATH,
# through the interpreter of their conda environment when Snakemake deploys
# them (so the environments need only the dependencies), else through the
# interpreter running Snakemake (a virtualenv need not be activated).
USE_CONDA = DeploymentMethod.CONDA in workflow.deployment_settings.deployment_method
PYTHON = "python" if USE_CONDA else shlex.quote(sys.executable)
CLI = f"PYTHONPATH={Path(workflow.basedir) / 'src'}${{PYTHONPATH:+:$PYTHONPATH}} {PYTHON} -m coref_transfer"
SELECT_TABLES = ("utterances", "alpha", "beta1", "beta2", "beta3", "clusters")
# The rules that write the stage tables take their schema version as a parameter
# (`schema=SCHEMA_VERSION`): after a version bump, Snakemake's params trigger
# re-runs them on an old results folder, and what follows them by its inputs.


wildcard_constraints:
    partition="|".join(PARTITIONS) or "(?!)",


def partition_files(wildcards):
    """The input files of one partition."""
    return [str(p) for p in PARTITIONS[wildcards.partition]]


def stage_json(stage):
    """The config sections a stage reads (coref_transfer.config.STAGE_SECTIONS), as JSON for
    its --config-json: a change to them re-runs the rule."""
    return json.dumps(stage_config(config, stage), sort_keys=True)


_DAMAGE_CHECK = {}


def damaged_outputs(wildcards):
    """Outputs to rebuild because they were found damaged (an input function of the targets).

    A truncated or corrupt output (checked against its folder's manifest) is
    rebuilt, not used: its folder is moved aside and its output added to the
    target's input, so its job and everything downstream run again (why not
    the mtime trigger: src/coref_transfer/verify.py). The check runs once, when
    Snakemake builds the target's jobs (not while it parses this file), only in
    the main process (cluster job steps parse it too); a dry run only reports.
    """
    if not workflow.is_main_process:
        return []
    if "targets" not in _DAMAGE_CHECK:
        warnings, targets = rebuild_damaged(
            RESULTS, ".snakemake/coref-transfer/verified.json", dry_run=workflow.output_settings.dryrun
        )
        for message in warnings:
            logger.warning(f"coref-transfer: {message}")
        _DAMAGE_CHECK["targets"] = targets
    return _DAMAGE_CHECK["targets"]


PLACEHOLDER_FILES = sorted(str(p) for p in Path(config["translate"]["placeholders"]).glob("*.txt"))


def translation_memory(wildcards):
    """The translation memory file, when the memory backend is configured."""
    translate = config["translate"]
    return [translate["memory"]] if translate["backend"] == "memory" else []


# GPUs each job asks for (on SLURM `--gpus=N`, which the slurm profile's
# partitions.yaml routes to the GPU partition; local runs ignore it): a rule
# asks only when its configured backend runs on a GPU.
STANZA_GPU = config["parser"]["backend"] == "stanza" and config["parser"]["device"] != "cpu"
GPUS = {
    "translate": int(config["translate"]["backend"] != "memory" and config["translate"]["device"] != "cpu" or STANZA_GPU),
    "refine": int(STANZA_GPU),
    "train_model": 1,
    # `models evaluate`: a CTranslate2 candidate on a GPU, as the translate rule's model would run
    "translator_choice": int(
        any(c.get("backend") == "ctranslate2" for c in config["translator_choice"]["candidates"])
        and config["translate"]["device"] != "cpu"
    ),
}


def parser_model(wildcards):
    """The spaCy pipeline folder, when parser.model is a folder (an installed name is not a file)."""
    parser = config["parser"]
    folder = parser["model"] if parser["backend"] == "spacy" else parser["stanza_dir"]
    return [folder] if Path(folder).is_dir() else []


def lexicon_file(wildcards):
    """The Italian noun lexicon (parser.lexicon), when one is configured."""
    lexicon = config["parser"]["lexicon"]
    return [lexicon] if lexicon else []


def training_files(input, option):
    """`option` before each training file: the exported train split, then the augmented copies
    (train.augment > 0)."""
    files = [f"{input.export}/train.jsonlines", *(f"{folder}/train.jsonlines" for folder in input.augmented)]
    return " ".join(f"{option} {shlex.quote(f)}" for f in files)
