# The commands that set up everything on a fresh machine: `make serve`, `make test` (and `make play`).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve play test lint typecheck unit fuzz bench load clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,web]'
	touch $(STAMP)

# The browser tests drive the system Chromium (never a browser build downloaded by Playwright).
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq chromium

serve: $(STAMP) $(CHROMIUM)
	$(BIN)/ludoteca serve --host 127.0.0.1 --port 8000 --db sqlite:///ludoteca.db

play: $(STAMP)
	$(BIN)/ludoteca play maquis

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) $(CHROMIUM)
	$(BIN)/pytest -n 2

# Longer fuzzing than CI runs: every difficulty, many games.
FUZZ_GAMES ?= 2000
fuzz: $(STAMP)
	for d in very-easy easy normal tricky hard very-hard; do \
	  $(BIN)/ludoteca fuzz maquis --games $(FUZZ_GAMES) --seed 1 --option difficulty=$$d || exit 1; \
	done

bench: $(STAMP)
	$(BIN)/ludoteca bench maquis

# 100 WebSocket clients in 50 games on loopback; prints the action round trip's percentiles.
load: $(STAMP)
	$(BIN)/python tests/load/load_run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
