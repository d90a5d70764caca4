# Two entry points: `make demo` and `make test`. Both build the local virtual environment
# first; nothing outside this folder is assumed but a Python 3.11+ interpreter.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_STORE := build/demo/store.sqlite
DEMO_KEY   := build/demo/keys/practiceloop-demo

.PHONY: demo test lint typecheck unit api-docs browser-deps clean

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "practiceloop needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,dask]'
	@touch $(STAMP)

demo: $(STAMP)
	@rm -rf build/demo && mkdir -p build/demo
	$(BIN)/practiceloop key generate --name practiceloop-demo --out build/demo/keys
	$(BIN)/practiceloop run examples/demo.jsonl --store $(DEMO_STORE) --engine process \
		--sign-key $(DEMO_KEY).key
	$(BIN)/practiceloop checkpoint --store $(DEMO_STORE)
	$(BIN)/practiceloop verify --store $(DEMO_STORE) --trusted-key $(DEMO_KEY).pub --replay
	@trace=$$($(BIN)/practiceloop show demo-change-loss --store $(DEMO_STORE) --json | \
		$(BIN)/python -c 'import json, sys; print(next(r["id"] for r in json.load(sys.stdin)["records"] if r["kind"] == "sealed_practice_trace"))') && \
	set -x && $(BIN)/practiceloop export --store $(DEMO_STORE) --trace $$trace \
		--attestation build/demo/trace.intoto.json --sign-key $(DEMO_KEY).key
	$(BIN)/practiceloop verify --attestation build/demo/trace.intoto.json \
		--trusted-key $(DEMO_KEY).pub
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

# The reference of the public Python API, from its docstrings (pdoc): build/api/practiceloop.html
api-docs: $(STAMP)
	$(BIN)/python scripts/build_api_reference.py build/api

test: $(STAMP) browser-deps lint typecheck api-docs unit

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
