# The two commands of the README:
#   make run    install everything into .venv (from PyPI) and run the workflow on the sample
#   make test   run the test suite (installs first if needed)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
CORES ?= 2

.PHONY: install run test lint bench clean

$(BIN)/coref-transfer: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[workflow,test]"
	touch $@

install: $(BIN)/coref-transfer

run: install
	$(BIN)/snakemake --profile workflow/profiles/local --cores $(CORES)

# pytest exits 5 when it collected no test: that is a failure here.
test: install
	$(BIN)/python -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests" >&2; exit 1; fi; exit $$rc

lint: install
	$(BIN)/snakemake --lint

bench: install
	$(BIN)/python benchmarks/bench_select.py --repeat 2
	$(BIN)/python benchmarks/bench_translate.py

clean:
	rm -rf results .snakemake
