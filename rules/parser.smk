# The project's Italian parser: `snakemake parser --cores 2` trains a spaCy
# pipeline on the UD treebanks in parsing.ud and scores it on their held-out
# test files (about 10 minutes on these machines). To use it, point
# parsing.model at the result or copy it over resources/models/. Not part of `all`.


rule train_parser:
    output:
        directory(f"{RESULTS}/parser/it_ud_coref_transfer"),
    params:
        cli=CLI,
        ud=config["parsing"]["ud"],
        seed=config["seed"],
        workdir=f"{RESULTS}/parser/work",
    log:
        f"{RESULTS}/logs/parser/train.log",
    conda:
        "../envs/refine.yaml"
    shell:
        "{params.cli} parser train --ud {params.ud:q} --out {output:q} --workdir {params.workdir:q}"
        " --max-steps 3000 --seed {params.seed} > {log:q} 2>&1"


rule parser:
    input:
        rules.train_parser.output,
    localrule: True
