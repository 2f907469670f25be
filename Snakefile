# coref-transfer: build an Italian coreference dataset from English CoNLL-2012.
# This file is a table of contents; the rules live in rules/, the logic in src/.
# One name per stage, in pipeline order: select (the paper's α-β3), translate
# (γ), refine (δ), export, augment, report, train.
from snakemake.utils import min_version

min_version("9.0")


configfile: "config.yaml"


include: "rules/common.smk"
include: "rules/select.smk"
include: "rules/translate.smk"
include: "rules/refine.smk"
include: "rules/export.smk"
include: "rules/augment.smk"
include: "rules/report.smk"
include: "rules/train.smk"


rule all:
    input:
        rules.merge_select.output,
        rules.preflight.output,
        rules.merge_translate.output,
        rules.merge_refine.output,
        rules.report.output,
        rules.export.output,
        damaged_outputs,  # outputs found damaged, to rebuild (rules/common.smk)
    default_target: True
