# The human-evaluation kit and the paper's tables and figures, from the merged stages.


rule humaneval:
    input:
        f"{RESULTS}/delta/all/delta.parquet",
    output:
        directory(f"{RESULTS}/humaneval"),
    params:
        cli=CLI,
        delta=lambda w, input: os.path.dirname(input[0]),
        config=section_json("report", "seed"),
    log:
        f"{RESULTS}/logs/report/humaneval.log",
    conda:
        "../envs/report.yaml"
    shell:
        "{params.cli} humaneval --input {params.delta:q} --out {output:q} --config-json {params.config:q} 2> {log:q}"


rule report:
    input:
        select=rules.merge_select.output,
        gamma=rules.merge_gamma.output,
        delta=rules.merge_delta.output,
        kit=rules.humaneval.output,
        ratings=config["report"]["ratings"],
    output:
        directory(f"{RESULTS}/paper"),
    params:
        cli=CLI,
        select=lambda w, input: os.path.dirname(input.select[0]),
        gamma=lambda w, input: os.path.dirname(input.gamma[0]),
        delta=lambda w, input: os.path.dirname(input.delta[0]),
        config=section_json("report"),
    log:
        f"{RESULTS}/logs/report/report.log",
    conda:
        "../envs/report.yaml"
    shell:
        "{params.cli} report --select {params.select:q} --gamma {params.gamma:q} --delta {params.delta:q}"
        " --kit {input.kit:q} --out {output:q} --config-json {params.config:q} 2> {log:q}"


rule export:
    input:
        f"{RESULTS}/delta/all/delta.parquet",
    output:
        directory(f"{RESULTS}/export"),
    params:
        cli=CLI,
        delta=lambda w, input: os.path.dirname(input[0]),
    log:
        f"{RESULTS}/logs/report/export.log",
    conda:
        "../envs/report.yaml"
    shell:
        "{params.cli} export --input {params.delta:q} --out {output:q} 2> {log:q}"
