# The report stage: the human-evaluation kit and the paper's tables and
# figures, from the merged stages (results/report/{humaneval,paper}).


rule humaneval:
    input:
        f"{RESULTS}/refine/all/delta.parquet",
    output:
        directory(f"{RESULTS}/report/humaneval"),
    params:
        cli=CLI,
        delta=lambda w, input: os.path.dirname(input[0]),
        config=stage_json("humaneval"),
    log:
        f"{RESULTS}/logs/report/humaneval.log",
    conda:
        "../envs/report.yaml"
    shell:
        "{params.cli} humaneval --input {params.delta:q} --out {output:q} --config-json {params.config:q} 2> {log:q}"


rule report:
    input:
        select=rules.merge_select.output,
        translate=rules.merge_translate.output,
        refine=rules.merge_refine.output,
        kit=rules.humaneval.output,
        ratings=config["report"]["ratings"],
    output:
        directory(f"{RESULTS}/report/paper"),
    params:
        cli=CLI,
        select=lambda w, input: os.path.dirname(input.select[0]),
        translate=lambda w, input: os.path.dirname(input.translate[0]),
        refine=lambda w, input: os.path.dirname(input.refine[0]),
        config=stage_json("report"),
    log:
        f"{RESULTS}/logs/report/paper.log",
    conda:
        "../envs/report.yaml"
    shell:
        "{params.cli} report --select {params.select:q} --translate {params.translate:q} --refine {params.refine:q}"
        " --kit {input.kit:q} --out {output:q} --config-json {params.config:q} 2> {log:q}"
