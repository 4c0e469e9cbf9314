# Two commands set up a fresh machine: `make run` and `make test` (`make test-fast` skips e2e).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Every test, in parallel (pytest-xdist: one worker per core; worksteal keeps the long
# end-to-end tests from piling up on one worker), each limited by pytest-timeout (pyproject).
PYTEST_PARALLEL ?= -n auto --dist worksteal

.PHONY: run test test-fast bench lint fmt clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest $(PYTEST_PARALLEL)

# The fast suite: everything but the end-to-end tests (marked e2e by tests/conftest.py).
test-fast: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) -m "not e2e"

bench: $(STAMP)
	$(BIN)/python -m bench

# The load test (issue 16; bench/load/): 5, then 20 scripted tables through the Discord stand-in
# against 1 bot process on SQLite, 1 and 2 on PostgreSQL, 10,000 stored games; about 12 minutes;
# writes bench/LOAD.md.
# LOAD_ARGS passes options (python -m bench.load --help), e.g. LOAD_ARGS="sqlite --seconds 30".
.PHONY: load
load: $(STAMP)
	$(BIN)/python -m bench.load --write $(LOAD_ARGS)

# The full fuzz run (issue 9): FUZZ_COUNT strings per game (default 50,000), its figures.
.PHONY: fuzz
fuzz: $(STAMP)
	$(BIN)/python -m bench fuzz

lint: $(STAMP)
	$(BIN)/ruff check .

fmt: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV)
