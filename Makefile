# Two commands do all the set-up on a fresh machine: `make play` and `make test`.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play play-terminal test lint lint-js typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall when pyproject.toml changes.
$(VENV)/.installed-play: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@

# ray: the arena's tests run a small arena on a real local Ray instance;
# rl, openspiel: the RL tests run PettingZoo's, Gymnasium's and OpenSpiel's own suites;
# train: the training example's smoke test. torch goes first, pinned to the CPU build this
# kind of machine keeps on disk, so the extra pulls no CUDA wheels (PyPI's Linux torch does).
$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'torch==2.13.0'
	$(BIN)/python -m pip install --quiet -e '.[dev,web,ray,rl,openspiel,train]'
	touch $@ $(VENV)/.installed-play

# The main job: the browser server (SQLite in ./meeple.db); it prints the address.
play: $(VENV)/.installed-play
	$(BIN)/meeple serve

# The terminal game: Bayon against two medium bots.
play-terminal: $(VENV)/.installed-play
	$(BIN)/meeple play bayon --players 3 --seat 0 --bots medium

# ESLint for the browser pages' scripts, at the versions package-lock.json pins (npm ci).
# Reinstall when the lock file changes.
node_modules/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

lint-js: node_modules/.installed
	node_modules/.bin/eslint src/meeple/web/static eslint.config.js

test: $(VENV)/.installed-dev lint-js
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 -q -rR

lint: $(VENV)/.installed-dev lint-js
	$(BIN)/ruff check src tests benchmarks

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# The speed table of docs/measurements/speed.md; every other measurement is listed in benchmarks/README.md.
bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.speed_throughput --runs 3 --seconds 1

clean:
	rm -rf $(VENV) node_modules build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
