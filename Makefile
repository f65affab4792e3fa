# The commands that set up everything on a fresh machine: `make serve`, `make test` (and `make play`);
# `make check` is the edit loop's quicker run.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp for each set of extras, so that each command installs only what it needs into the one .venv:
# serving needs the web extra, playing nothing but the package, the tests and tools everything. A larger
# install stamps the smaller ones too; `make serve` then `make test` (or the reverse) each install once.
PLAY_STAMP := $(VENV)/.installed-play
WEB_STAMP := $(VENV)/.installed-web
ALL_STAMP := $(VENV)/.installed-all

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $(PLAY_STAMP)

$(WEB_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[web]'
	touch $(WEB_STAMP) $(PLAY_STAMP)

$(ALL_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,rl,web,cluster]'
	touch $(ALL_STAMP) $(WEB_STAMP) $(PLAY_STAMP)

# The browser tests drive the system Chromium (never a browser build downloaded by Playwright).
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq chromium

# The storage tests start a throwaway PostgreSQL server of their own (tests/pgserver.py) with the system's
# PostgreSQL programs, which Debian keeps under /usr/lib/postgresql/<version>/bin.
INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))
postgres:
	@[ -n "$(INITDB)" ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; }

serve: $(WEB_STAMP)
	$(BIN)/ludoteca serve --host 127.0.0.1 --port 8000 --db sqlite:///ludoteca.db

play: $(PLAY_STAMP)
	$(BIN)/ludoteca play maquis

# Everything CI runs: ruff, mypy and the whole suite, the slow tests included (browsers, real server
# processes, the fuzz, arenas, whole long games).
test: $(ALL_STAMP) lint typecheck unit

# The edit loop: ruff, mypy and the tests not marked `slow` (pyproject's markers), under 5 minutes on two
# cores. It needs no browser; `make test` still runs everything before a merge.
check: $(ALL_STAMP) postgres lint typecheck
	$(BIN)/pytest -n 2 -m "not slow"

lint: $(ALL_STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(ALL_STAMP)
	$(BIN)/mypy

unit: $(ALL_STAMP) $(CHROMIUM) postgres
	$(BIN)/pytest -n 2

# Longer fuzzing than CI runs: every game and mode, 3,000 Maquis games a mode and fewer of the longer
# games (each game's `FuzzPlan.cost`: 300 of Mar y Acero and Patria Libre, 150 of Pax Porfiriana, 50 of
# Guerra a Muerte, whose open-intelligence campaign only this plays). Hours on two cores.
FUZZ_GAMES ?= 3000
fuzz: $(ALL_STAMP)
	LUDOTECA_FUZZ_GAMES=$(FUZZ_GAMES) $(BIN)/pytest -n 2 tests/test_fuzz_games.py

# Every speed figure of issue 26 in one run (benchmarks/all.py): ludoteca bench for every game and mode,
# search iterations/s, PettingZoo beside its own tictactoe_v3 and chess_v6, OpenSpiel's ISMCTSBot.
# Each run writes its figures to benchmarks/results/ (one JSON file a kind: engine, search, vector,
# pettingzoo, openspiel; arenas for `make arenas`), and `make bench-doc` renders BENCHMARKS.md's tables from
# them (benchmarks/summary.py; tests/test_benchmarks_doc.py checks the two agree).
bench: $(ALL_STAMP)
	$(BIN)/pip install --quiet -e '.[rl-bench]'
	$(BIN)/python benchmarks/all.py
	$(BIN)/python benchmarks/summary.py

bench-doc: $(PLAY_STAMP)
	$(BIN)/python benchmarks/summary.py

# The arenas of issues 27 and 23 (benchmarks/arenas.py): every game's search ladder against its solo
# opponent, the issues' win rates beside, and Guerra a Muerte searched on both sides. The issues' 200
# games an arena take days of one core; ARENA_ARGS for fewer or more, e.g. ARENA_ARGS="--games 20 --jobs 2
# --only maquis" (`--list` prints the commands).
ARENA_ARGS ?=
arenas: $(ALL_STAMP)
	$(BIN)/python benchmarks/arenas.py $(ARENA_ARGS)
	$(BIN)/python benchmarks/summary.py

# What compiling the engine with mypyc would give (benchmarks/mypyc_trial.py, issue 26): the core and every
# game's rules compiled in a copy under /tmp, the same games checked, random actions/s and search
# iterations/s timed beside the interpreted tree. About 25 minutes on two cores; nothing here changes.
mypyc-trial: $(ALL_STAMP)
	$(BIN)/python benchmarks/mypyc_trial.py

# 100 WebSocket clients in 50 games on loopback; prints the action round trip's percentiles. THINK=2: each
# client thinks 2 s on average before it acts (paced: what a player waits; 0, unpaced: saturation);
# LOAD_ARGS for the rest, e.g. make load THINK=2 LOAD_ARGS="--postgresql --workers 2 --games 250".
# `make load-table` runs issue 28's table (1, 2, 4 workers × 100, 500, 1,000 clients on PostgreSQL, and
# SQLite's reference), unpaced and paced, and prints it as Markdown (about 15 minutes).
THINK ?= 0
LOAD_ARGS ?=
load: $(ALL_STAMP) postgres
	$(BIN)/python tests/load/load_run.py --think $(THINK) $(LOAD_ARGS)

load-table: $(ALL_STAMP) postgres
	$(BIN)/python tests/load/load_table.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
