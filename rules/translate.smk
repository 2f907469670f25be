# The translate stage (the paper's γ) per partition, then the merge; and the
# MT model setup (`snakemake models`, not part of `all`).
# A model backend asks for a GPU (GPUS in common.smk; on SLURM it then goes to
# the GPU partition); without one it runs on CPU (`translate.device: auto`).
# The stage parses the mentions' Italian texts with the configured parser
# (step 2 of the entity classes, before the placeholders are drawn).


rule translate:
    input:
        beta3=f"{RESULTS}/select/parts/{{partition}}/beta3.parquet",
        placeholders=PLACEHOLDER_FILES,
        memory=translation_memory,
        parser=parser_model,
        lexicon=lexicon_file,
    output:
        multiext(f"{RESULTS}/translate/parts/{{partition}}/", "gamma.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        schema=SCHEMA_VERSION,
        selection=lambda w, input: os.path.dirname(input.beta3),
        out=lambda w, output: os.path.dirname(output[0]),
        config=stage_json("translate"),
    threads: 2
    resources:
        gpu=GPUS["translate"],
    log:
        f"{RESULTS}/logs/translate/{{partition}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/translate/{{partition}}.tsv"
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} translate --input {params.selection:q} --out {params.out:q} --threads {threads}"
        " --config-json {params.config:q} 2> {log:q}"


rule merge_translate:
    input:
        expand(rules.translate.output, partition=PARTITIONS),
    output:
        multiext(f"{RESULTS}/translate/all/", "gamma.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        schema=SCHEMA_VERSION,
        parts=lambda w, input: sorted({os.path.dirname(p) for p in input}),
        out=lambda w, output: os.path.dirname(output[0]),
    log:
        f"{RESULTS}/logs/translate/merge.log",
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} merge {params.parts:q} --out {params.out:q} 2> {log:q}"


# Preflight (`snakemake preflight`, also part of `all`): every segment the stage
# would send, flagged, with a summary to read before spending GPU hours. No
# model and no parser: it runs in seconds on the merged selection.


rule preflight:
    input:
        beta3=f"{RESULTS}/select/all/beta3.parquet",
        placeholders=PLACEHOLDER_FILES,
    output:
        multiext(f"{RESULTS}/translate/preflight/", "segments.tsv", "preflight.json", "preflight.md", "manifest.json"),
    params:
        cli=CLI,
        selection=lambda w, input: os.path.dirname(input.beta3),
        out=lambda w, output: os.path.dirname(output[0]),
        config=stage_json("translate"),
    log:
        f"{RESULTS}/logs/translate/preflight.log",
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} translate --dry-run --input {params.selection:q} --out {params.out:q}"
        " --config-json {params.config:q} 2> {log:q}"


# Model setup: `snakemake models --cores 1` downloads the configured MT model
# and converts it for CTranslate2 into translate.model.path. It needs the
# Hugging Face hub; offline it fails with instructions.


rule fetch_model:
    output:
        directory(config["translate"]["model"]["path"]),
    params:
        cli=CLI,
        name=config["translate"]["model"]["name"],
    log:
        f"{RESULTS}/logs/translate/fetch-model.log",
    localrule: True
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} models fetch {params.name:q} --to {output:q} 2> {log:q}"


# The marked sentences' own model (translate.marked_model.path; a tag-keeping model
# such as LabelPigeon), fetched and converted the same way when one is set.
if config["translate"]["marked_model"]["path"]:

    rule fetch_marked_model:
        output:
            directory(config["translate"]["marked_model"]["path"]),
        params:
            cli=CLI,
            name=config["translate"]["marked_model"]["name"],
        log:
            f"{RESULTS}/logs/translate/fetch-marked-model.log",
        localrule: True
        conda:
            "../envs/translate.yaml"
        shell:
            "{params.cli} models fetch {params.name:q} --to {output:q} 2> {log:q}"


rule models:
    input:
        rules.fetch_model.output,
        [config["translate"]["marked_model"]["path"]] if config["translate"]["marked_model"]["path"] else [],
    localrule: True


# Choosing a translator (`snakemake translator_choice`, not part of `all`: it
# compares the candidates the user sets in translator_choice.candidates):
# chrF/BLEU on the parallel set, tag survival on the merged selection's
# utterances, speed and peak memory (docs/choosing-a-translator.md).


rule translator_choice:
    input:
        beta3=f"{RESULTS}/select/all/beta3.parquet",
        english=config["translator_choice"]["english"],
        italian=config["translator_choice"]["italian"],
    output:
        multiext(
            f"{RESULTS}/translator-choice/",
            "table.csv",
            "table.md",
            "summary.json",
            "chrf-speed.png",
            "chrf-speed.svg",
            "manifest.json",
        ),
    params:
        cli=CLI,
        selection=lambda w, input: os.path.dirname(input.beta3),
        out=lambda w, output: os.path.dirname(output[0]),
        config=stage_json("translator_choice"),
    threads: 2
    resources:
        gpu=GPUS["translator_choice"],
    log:
        f"{RESULTS}/logs/translate/translator-choice.log",
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} models evaluate --selection {params.selection:q} --out {params.out:q} --threads {threads}"
        " --config-json {params.config:q} 2> {log:q}"
