# Model setup: `snakemake models --cores 1` downloads the configured MT model
# and converts it for CTranslate2 into translation.model.path. It needs the
# Hugging Face hub; offline it fails with instructions. Not part of `all`.


rule fetch_model:
    output:
        directory(config["translation"]["model"]["path"]),
    params:
        cli=CLI,
        name=config["translation"]["model"]["name"],
    log:
        f"{RESULTS}/logs/models/fetch.log",
    localrule: True
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} models fetch {params.name:q} --to {output:q} 2> {log:q}"


rule models:
    input:
        rules.fetch_model.output,
    localrule: True
