# The two commands that set up everything on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit fuzz bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/ludoteca play maquis

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

# Longer fuzzing than CI runs: every difficulty, many games.
FUZZ_GAMES ?= 2000
fuzz: $(STAMP)
	for d in very-easy easy normal tricky hard very-hard; do \
	  $(BIN)/ludoteca fuzz maquis --games $(FUZZ_GAMES) --seed 1 --option difficulty=$$d || exit 1; \
	done

bench: $(STAMP)
	$(BIN)/ludoteca bench maquis

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
