# Stage δ per partition (Italian parsing and refinement rules), then the merge.
# Only the Stanza backend asks for a GPU (parsing.backend: stanza, GPUS in
# common.smk); the spaCy pipeline parses on CPU.


rule refine:
    input:
        gamma=f"{RESULTS}/gamma/parts/{{partition}}/gamma.parquet",
        parser=parser_model,
    output:
        multiext(f"{RESULTS}/delta/parts/{{partition}}/", "delta.parquet", "stats.json", "manifest.json"),
    params:
        cli=CLI,
        gamma=lambda w, input: os.path.dirname(input.gamma),
        out=lambda w, output: os.path.dirname(output[0]),
        config=section_json("parsing", "refinement", "classes"),
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


rule merge_delta:
    input:
        expand(rules.refine.output, partition=PARTITIONS),
    output:
        multiext(f"{RESULTS}/delta/all/", "delta.parquet", "stats.json", "manifest.json"),
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
