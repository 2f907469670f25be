# The refine stage (the paper's δ: Italian parsing and refinement rules) per
# partition, then the merge; and the project's parser (`snakemake parser`, not
# part of `all`). Only the Stanza backend asks for a GPU
# (parser.backend: stanza, GPUS in common.smk); spaCy parses on CPU.


rule refine:
    input:
        gamma=f"{RESULTS}/translate/parts/{{partition}}/gamma.parquet",
        parser=parser_model,
    output:
        multiext(f"{RESULTS}/refine/parts/{{partition}}/", "delta.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        gamma=lambda w, input: os.path.dirname(input.gamma),
        out=lambda w, output: os.path.dirname(output[0]),
        config=stage_json("refine"),
    resources:
        gpu=GPUS["refine"],
    log:
        f"{RESULTS}/logs/refine/{{partition}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/refine/{{partition}}.tsv"
    conda:
        "../envs/refine.yaml"
    shell:
        "{params.cli} refine --input {params.gamma:q} --out {params.out:q} --config-json {params.config:q} 2> {log:q}"


rule merge_refine:
    input:
        expand(rules.refine.output, partition=PARTITIONS),
    output:
        multiext(f"{RESULTS}/refine/all/", "delta.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        parts=lambda w, input: sorted({os.path.dirname(p) for p in input}),
        out=lambda w, output: os.path.dirname(output[0]),
    log:
        f"{RESULTS}/logs/refine/merge.log",
    conda:
        "../envs/refine.yaml"
    shell:
        "{params.cli} merge {params.parts:q} --out {params.out:q} 2> {log:q}"


# The project's Italian parser: `snakemake parser --cores 2` trains a spaCy
# pipeline on the UD treebanks in parser.ud and scores it on their
# held-out test files (about 10 minutes on these machines). To use it, point
# parser.model at the result or copy it over resources/models/.


rule train_parser:
    output:
        directory(f"{RESULTS}/parser/it_ud_coref_transfer"),
    params:
        cli=CLI,
        ud=config["parser"]["ud"],
        seed=config["seed"],
        workdir=f"{RESULTS}/parser/work",
    log:
        f"{RESULTS}/logs/refine/train-parser.log",
    conda:
        "../envs/refine.yaml"
    shell:
        "{params.cli} parser train --ud {params.ud:q} --out {output:q} --workdir {params.workdir:q}"
        " --max-steps 3000 --seed {params.seed} > {log:q} 2>&1"


rule parser:
    input:
        rules.train_parser.output,
    localrule: True
