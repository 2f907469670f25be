# The two commands of the README:
#   make run    install everything into .venv (from PyPI) and run the workflow on the sample
#   make test   run the test suite (installs first if needed)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
CORES ?= 2

.PHONY: install run test lint bench clean browser

$(BIN)/coref-transfer: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[workflow,test]"
	touch $@

install: $(BIN)/coref-transfer

run: install
	$(BIN)/snakemake --profile workflow/profiles/local --cores $(CORES)

# The browser test of the human-evaluation kit needs Debian's Chromium and
# ChromeDriver; installed here when missing and possible (root), else that
# one test is skipped with its reason.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  { [ "$$(id -u)" = 0 ] && apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; } || \
	  echo "Chromium/ChromeDriver not installed: the browser test will be skipped" >&2

# pytest exits 5 when it collected no test: that is a failure here.
# Some tests read the sample's outputs (results/), so the workflow runs first.
test: run browser
	$(BIN)/python -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests" >&2; exit 1; fi; exit $$rc

lint: install
	$(BIN)/snakemake --lint

bench: install
	$(BIN)/python benchmarks/bench_select.py --repeat 2
	$(BIN)/python benchmarks/bench_translate.py

clean:
	rm -rf results .snakemake
