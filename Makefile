# The two commands of the README:
#   make run    install everything into .venv (from PyPI) and run the workflow on the sample
#   make test   run the test suite (installs first if needed)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
CORES ?= 2

.PHONY: install run test style lint bench clean browser docs

$(BIN)/coref-transfer: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[workflow,test,dev,docs]"
	touch $@

# The noun dictionary (Morph-it!, third-party data, not in git) is fetched from the npm registry at setup.
DICTIONARY := resources/lexicon/it_nouns_dictionary.tsv

$(DICTIONARY): $(BIN)/coref-transfer
	$(BIN)/coref-transfer parser dictionary --out $@

install: $(BIN)/coref-transfer $(DICTIONARY)

run: install
	$(BIN)/snakemake --profile workflow/profiles/local --cores $(CORES)

# The browser test of the human-evaluation kit needs Debian's Chromium and
# ChromeDriver; installed here when missing and possible (root), else that
# one test is skipped with its reason.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  { [ "$$(id -u)" = 0 ] && apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; } || \
	  echo "Chromium/ChromeDriver not installed: the browser test will be skipped" >&2

# Some tests read the sample's outputs (results/), so the workflow runs first.
# scripts/run-tests.sh brings up a real single-node SLURM for the SLURM test
# (Debian's packages; root only, else that test skips with the reason) and
# stops afterwards only the daemons it started.
# ruff checks the formatting and the lint rules (pyproject.toml) first: a finding fails make test.
test: run browser style docs
	scripts/run-tests.sh $(BIN)/python

# The documentation site (MkDocs + Material, sources in docs/, mkdocs.yml): built into site/ with
# warnings as errors (a broken link or reference fails); open site/index.html from disk, or browse
# with `$(BIN)/mkdocs serve`. The two variables only silence the plugins' banners about MkDocs 2.
docs: install
	NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true PYTHONPATH=src $(BIN)/mkdocs build --strict --site-dir site

style: install
	$(BIN)/ruff format --check src tests scripts benchmarks docs/gen_pages.py
	$(BIN)/ruff check src tests scripts benchmarks docs/gen_pages.py

lint: install
	$(BIN)/snakemake --lint

bench: install
	$(BIN)/python benchmarks/bench_select.py --repeat 2
	$(BIN)/python benchmarks/bench_translate.py
	$(BIN)/python benchmarks/bench_methods.py
	$(BIN)/python benchmarks/bench_align.py
	$(BIN)/python benchmarks/bench_readers.py --repeat 3

clean:
	rm -rf results .snakemake site
