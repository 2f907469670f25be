# English stages α → β3 and entity classes, per partition; then the merge.


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
        out=lambda w: f"{RESULTS}/select/parts/{w.partition}",
        config=section_json("selection", "classes"),
    log:
        f"{RESULTS}/logs/select/{{partition}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/select/{{partition}}.tsv"
    conda:
        "../envs/select.yaml"
    shell:
        "{CLI} select {input:q} --out {params.out:q} --partition {wildcards.partition}"
        " --config-json {params.config:q} 2> {log:q}"


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
        parts=[f"{RESULTS}/select/parts/{p}" for p in PARTITIONS],
        out=f"{RESULTS}/select/all",
    log:
        f"{RESULTS}/logs/select/merge.log",
    conda:
        "../envs/select.yaml"
    shell:
        "{CLI} merge {params.parts:q} --out {params.out:q} 2> {log:q}"
