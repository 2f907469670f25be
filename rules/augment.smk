# The augment target: more training documents from the same dataset, in which
# every named person has another name of the same gender in all its mentions
# (docs/stages.md, "More training data: augment"). `snakemake augment --cores 2`
# writes results/augment/copies-N (N = augment.copies); `snakemake train`
# adds results/augment/copies-N to the training set when train.augment is N.
# Not part of `all`.

# The augment settings but the number of copies, which the folder's name gives
# (one change of augment.copies does not rebuild another folder's copies).
AUGMENT_JSON = json.dumps(
    {**stage_config(config, "augment"), "augment": {k: v for k, v in config["augment"].items() if k != "copies"}},
    sort_keys=True,
)


rule augment_copies:
    input:
        f"{RESULTS}/refine/all/delta.parquet",
    output:
        directory(f"{RESULTS}/augment/copies-{{copies}}"),
    wildcard_constraints:
        copies=r"[1-9][0-9]*",
    params:
        cli=CLI,
        delta=lambda w, input: os.path.dirname(input[0]),
        config=AUGMENT_JSON,
    log:
        f"{RESULTS}/logs/augment/copies-{{copies}}.log",
    conda:
        "../envs/export.yaml"
    shell:
        "{params.cli} augment --input {params.delta:q} --copies {wildcards.copies} --out {output:q}"
        " --config-json {params.config:q} 2> {log:q}"


rule augment:
    input:
        f"{RESULTS}/augment/copies-{config['augment']['copies']}",
        damaged_outputs,  # outputs found damaged, to rebuild (rules/common.smk)
    localrule: True
