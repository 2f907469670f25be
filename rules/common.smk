# Config validation, the partition list, wildcard constraints and input
# functions. Anything larger belongs in the library (src/coref_transfer).
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(workflow.basedir) / "src"))

from coref_transfer.config import validate_config
from coref_transfer.partitions import discover

# Validate at parse time against workflow/schemas/config.schema.yaml (the
# library's schema), filling defaults: a wrong value fails before any job.
config.update(validate_config(config))

RESULTS = config["results"]
PARTITIONS = discover(config["input"]["paths"], config["partitions"]["by"])
# Rules call the library through the interpreter of their environment, with
# this checkout's sources first, so conda environments need only the deps.
CLI = f"PYTHONPATH={Path(workflow.basedir) / 'src'}${{PYTHONPATH:+:$PYTHONPATH}} python -m coref_transfer"
SELECT_TABLES = ("utterances", "alpha", "beta1", "beta2", "beta3", "clusters")


wildcard_constraints:
    partition="|".join(PARTITIONS) or "(?!)",


def partition_files(wildcards):
    """The input files of one partition."""
    return [str(p) for p in PARTITIONS[wildcards.partition]]


def section_json(*keys):
    """Config sections as JSON for a rule's --config-json (a change re-runs it)."""
    return json.dumps({key: config[key] for key in keys}, sort_keys=True)
