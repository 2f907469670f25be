# Stage γ per partition (placeholder translation), then the merge.
# A model backend asks for a GPU (GPUS in common.smk; on SLURM it then goes to
# the GPU partition); without one it runs on CPU (`translation.device: auto`).


rule translate:
    input:
        beta3=f"{RESULTS}/select/parts/{{partition}}/beta3.parquet",
        placeholders=PLACEHOLDER_FILES,
        memory=translation_memory,
    output:
        multiext(f"{RESULTS}/gamma/parts/{{partition}}/", "gamma.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        selection=lambda w, input: os.path.dirname(input.beta3),
        out=lambda w, output: os.path.dirname(output[0]),
        config=section_json("translation", "gamma", "seed"),
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


rule merge_gamma:
    input:
        expand(rules.translate.output, partition=PARTITIONS),
    output:
        multiext(f"{RESULTS}/gamma/all/", "gamma.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        parts=lambda w, input: sorted({os.path.dirname(p) for p in input}),
        out=lambda w, output: os.path.dirname(output[0]),
    log:
        f"{RESULTS}/logs/translate/merge.log",
    conda:
        "../envs/translate.yaml"
    shell:
        "{params.cli} merge {params.parts:q} --out {params.out:q} 2> {log:q}"
