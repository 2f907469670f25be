# coref-transfer: build an Italian coreference dataset from English CoNLL-2012.
# This file is a table of contents; the rules live in rules/, the logic in src/.
from snakemake.utils import min_version

min_version("9.0")


configfile: "config.yaml"


include: "rules/common.smk"
include: "rules/select.smk"
include: "rules/translate.smk"
include: "rules/refine.smk"
include: "rules/report.smk"
include: "rules/train.smk"
include: "rules/models.smk"
include: "rules/parser.smk"


rule all:
    input:
        rules.merge_select.output,
        rules.merge_gamma.output,
        rules.merge_delta.output,
        rules.report.output,
        rules.export.output,
        DAMAGED_OUTPUTS,  # damaged outputs found at start, to rebuild (rules/common.smk)
    default_target: True
