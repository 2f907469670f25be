# The train stage, the coreference model: `snakemake train --cores 2` trains on the exported
# train split, selects on development, predicts and scores the test split.
# It asks for a GPU (on SLURM it goes to the GPU partition); without one it
# runs on the CPU with a warning. Not part of `all`. With train.augment N (> 0)
# the training set also holds N augmented copies of each training part
# (results/augment/copies-N, rules/augment.smk).

from coref_transfer.train.tiny import TINY_SETTINGS

ENCODER = config["train"]["encoder"]
AUGMENT = config["train"]["augment"]
AUGMENTED = [f"{RESULTS}/augment/copies-{AUGMENT}"] if AUGMENT else []  # training_files (common.smk)


MODEL_SETTINGS = {"seed": config["seed"], **(TINY_SETTINGS if ENCODER == "tiny" else {}), **config["train"]["settings"]}


rule tiny_encoder:
    input:
        export=f"{RESULTS}/export",
        augmented=AUGMENTED,
    output:
        directory(f"{RESULTS}/train/tiny-encoder"),
    params:
        cli=CLI,
        seed=config["seed"],
        files=lambda w, input: training_files(input, "--input"),
    log:
        f"{RESULTS}/logs/train/tiny-encoder.log",
    conda:
        "../envs/train.yaml"
    shell:
        "{params.cli} tiny-encoder {params.files} --out {output:q} --seed {params.seed} 2> {log:q}"


rule train_model:
    input:
        export=f"{RESULTS}/export",
        augmented=AUGMENTED,
        encoder=rules.tiny_encoder.output if ENCODER == "tiny" else [],
    output:
        directory(f"{RESULTS}/train/run"),
    params:
        cli=CLI,
        encoder=lambda w, input: input.encoder[0] if ENCODER == "tiny" else ENCODER,
        steps=f"--max-steps {config['train']['max_steps']}" if config["train"]["max_steps"] else "",
        repeats=config["train"]["repeats"],
        train=lambda w, input: training_files(input, "--train"),
        settings=json.dumps(MODEL_SETTINGS, sort_keys=True),
    threads: 2
    resources:
        gpu=GPUS["train_model"],
    log:
        f"{RESULTS}/logs/train/train.log",
    benchmark:
        f"{RESULTS}/benchmarks/train/train.tsv"
    conda:
        "../envs/train.yaml"
    shell:
        "{params.cli} train {params.train} --dev {input.export:q}/development.jsonlines"
        " --encoder {params.encoder:q} --out {output:q} {params.steps} --repeats {params.repeats}"
        " --settings-json {params.settings:q} > {log:q} 2>&1"


rule test_model:
    input:
        export=f"{RESULTS}/export",
        model=rules.train_model.output,
    output:
        conll=f"{RESULTS}/train/test.predicted.conll",
        metrics=f"{RESULTS}/train/test.metrics.json",
    params:
        cli=CLI,
        model=lambda w, input: input.model[0] if config["train"]["repeats"] == 1 else f"{input.model[0]}/seed-{config['seed']}",
    log:
        f"{RESULTS}/logs/train/test.log",
    conda:
        "../envs/train.yaml"
    shell:
        "{params.cli} predict --model {params.model:q} --input {input.export:q}/test.jsonlines"
        " --out {output.conll:q} --metrics {output.metrics:q} 2> {log:q}"


rule train:
    input:
        rules.test_model.output,
        damaged_outputs,  # outputs found damaged, to rebuild (rules/common.smk)
    localrule: True
