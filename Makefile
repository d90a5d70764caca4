# Two entry points: `make demo` and `make test`. Both build the local virtual environment
# first; nothing outside this folder is assumed but a Python 3.11+ interpreter.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_STORE := build/demo/store.sqlite

.PHONY: demo test lint typecheck unit api-docs browser-deps clean

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "practiceloop needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,dask]'
	@touch $(STAMP)

# The shipped demo corpus end to end (`practiceloop demo`, which a pip user runs too): a signing
# key, the run, the checkpoint, the full audit with re-execution, an attestation checked
# offline, the counts and the evaluation; then what to try next.
demo: $(STAMP)
	@rm -rf build/demo
	$(BIN)/practiceloop demo --store $(DEMO_STORE)

browser-deps:
	@bash scripts/ensure-chromium.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

# The reference of the public Python API, from its docstrings (pdoc): build/api/practiceloop.html
api-docs: $(STAMP)
	$(BIN)/python scripts/build_api_reference.py build/api

test: $(STAMP) browser-deps lint typecheck api-docs unit

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
