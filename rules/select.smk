# The select stage (the paper's α → β3 and the entity classes), per partition; then the merge.


rule select:
    input:
        partition_files,
    output:
        multiext(
            f"{RESULTS}/select/parts/{{partition}}/",
            *(f"{t}.parquet" for t in SELECT_TABLES),
            "stats.json",
            "manifest.json",
        ),
    params:
        cli=CLI,
        schema=SCHEMA_VERSION,
        out=lambda w, output: os.path.dirname(output[0]),
        config=stage_json("select"),
        format=config["input"]["format"],
    threads: 2
    log:
        f"{RESULTS}/logs/select/{{partition}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/select/{{partition}}.tsv"
    conda:
        "../envs/select.yaml"
    shell:
        "{params.cli} select {input:q} --out {params.out:q} --partition {wildcards.partition}"
        " --input-format {params.format} --workers {threads} --config-json {params.config:q} 2> {log:q}"


rule merge_select:
    input:
        expand(rules.select.output, partition=PARTITIONS),
    output:
        multiext(
            f"{RESULTS}/select/all/",
            *(f"{t}.parquet" for t in SELECT_TABLES),
            "stats.json",
            "manifest.json",
        ),
    params:
        cli=CLI,
        schema=SCHEMA_VERSION,
        parts=lambda w, input: sorted({os.path.dirname(p) for p in input}),
        out=lambda w, output: os.path.dirname(output[0]),
    log:
        f"{RESULTS}/logs/select/merge.log",
    conda:
        "../envs/select.yaml"
    shell:
        "{params.cli} merge {params.parts:q} --out {params.out:q} 2> {log:q}"
