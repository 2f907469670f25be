# The refine stage (the paper's δ: Italian parsing and refinement rules) per
# partition, then the merge; and the project's parser (`snakemake parser`, not
# part of `all`) and its noun lexicon (`snakemake lexicon`, not part of `all`
# either). Only the Stanza backend asks for a GPU
# (parser.backend: stanza, GPUS in common.smk); spaCy parses on CPU.


rule refine:
    input:
        gamma=f"{RESULTS}/translate/parts/{{partition}}/gamma.parquet",
        parser=parser_model,
        # the rules read the noun lexicon shipped in the checkout (lang/it/nouns.shipped_lexicon)
        lexicon=str(Path(workflow.basedir) / "resources/lexicon/it_nouns.tsv"),
    output:
        multiext(f"{RESULTS}/refine/parts/{{partition}}/", "delta.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        schema=SCHEMA_VERSION,
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
        schema=SCHEMA_VERSION,
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
# held-out test files (about 10 minutes on these machines with the default
# 3,000 steps; 30 with parser.max_steps 10000). To use it, point
# parser.model at the result or copy it over resources/models/.


rule train_parser:
    output:
        directory(f"{RESULTS}/parser/it_ud_coref_transfer"),
    params:
        cli=CLI,
        ud=config["parser"]["ud"],
        synthetic=config["parser"]["synthetic"],
        max_steps=config["parser"]["max_steps"],
        seed=config["seed"],
        workdir=f"{RESULTS}/parser/work",
    log:
        f"{RESULTS}/logs/refine/train-parser.log",
    conda:
        "../envs/refine.yaml"
    shell:
        "{params.cli} parser train --ud {params.ud:q} --out {output:q} --workdir {params.workdir:q}"
        " --max-steps {params.max_steps} --synthetic {params.synthetic} --seed {params.seed} > {log:q} 2>&1"


rule parser:
    input:
        rules.train_parser.output,
    localrule: True


# The Italian noun lexicon (translate's back-off for a bare noun the parser
# gives no gender or number): `snakemake lexicon` builds it from the parser's
# UD training files in parser.ud (no test file; about a second). To use it,
# copy it over parser.lexicon (default resources/lexicon/it_nouns.tsv, which
# ships built from the same data) or point parser.lexicon at it.
# `scripts/lexicon-accuracy.py` scores it on the held-out test files.


rule noun_lexicon:
    output:
        f"{RESULTS}/parser/it_nouns.tsv",
    params:
        cli=CLI,
        ud=config["parser"]["ud"],
    log:
        f"{RESULTS}/logs/refine/noun-lexicon.log",
    conda:
        "../envs/refine.yaml"
    shell:
        "{params.cli} parser lexicon --ud {params.ud:q} --out {output:q} > {log:q} 2>&1"


rule lexicon:
    input:
        rules.noun_lexicon.output,
    localrule: True
