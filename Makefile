# Two entry points: `make demo` and `make test`. Both build the local virtual environment
# first; nothing outside this folder is assumed but a Python 3.11+ interpreter.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_STORE := build/demo/store.sqlite

.PHONY: demo test lint typecheck unit browser-deps clean

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "practiceloop needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,dask]'
	@touch $(STAMP)

demo: $(STAMP)
	@rm -rf build/demo && mkdir -p build/demo
	$(BIN)/practiceloop run examples/demo.jsonl --store $(DEMO_STORE) --engine process
	$(BIN)/practiceloop verify --store $(DEMO_STORE)
	$(BIN)/practiceloop stats --store $(DEMO_STORE)
	$(BIN)/practiceloop eval --store $(DEMO_STORE) --gold examples/demo.jsonl

browser-deps:
	@bash scripts/ensure-chromium.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

test: $(STAMP) browser-deps lint typecheck unit

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
