# The export stage: the merged refine table as the dataset, per split, in four formats.


rule export:
    input:
        f"{RESULTS}/refine/all/delta.parquet",
    output:
        directory(f"{RESULTS}/export"),
    params:
        cli=CLI,
        delta=lambda w, input: os.path.dirname(input[0]),
        config=stage_json("export"),
    log:
        f"{RESULTS}/logs/export/export.log",
    conda:
        "../envs/export.yaml"
    shell:
        "{params.cli} export --input {params.delta:q} --out {output:q} --config-json {params.config:q} 2> {log:q}"
