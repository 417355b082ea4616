# make play | make test | make check | make bench: each sets up .venv on a fresh clone first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.run-installed
TEST_STAMP := $(VENV)/.test-installed

.PHONY: play test check bench bench-quick clean warm

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# The build backend's notes on editable installs are UserWarnings: not ours to act on.
PIP_INSTALL := PYTHONWARNINGS=ignore::UserWarning $(BIN)/python -m pip install -q

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e .
	touch $@

# --no-compile: pip would compile every installed module to bytecode (scipy's, dask's, their tests'),
# 30 s of a fresh clone's set-up; the test run compiles and keeps only those it imports.
$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) --no-compile -e '.[test]'
	touch $@ $(RUN_STAMP)

# The search's compiled kernels, loaded or compiled into numba's cache (first run only).
warm: $(RUN_STAMP)
	$(BIN)/python -m gomoku.search.warmup

play: $(RUN_STAMP)
	@$(BIN)/python -m gomoku.search.warmup
	@echo "gomoku: starting the app; next time run .venv/bin/gomoku (or: source .venv/bin/activate, then gomoku)"
	@$(BIN)/gomoku

# The project's modules compiled to bytecode once: the tests start many processes, and where
# PYTHONDONTWRITEBYTECODE is set (as here) each compiles the modules it imports again (0.15 s each);
# for the same reason pytest runs with it unset, so that a later run reuses the test modules'
# rewritten bytecode (its collection 12.5 -> 7 s of CPU a worker). The search's kernels and the other kernels the tests
# call are compiled at once, one a core (tests/warm_kernels.py). pytest-xdist runs the tests on
# one worker more than the cores (the app's tests wait on the terminal's timers about half their time:
# a third worker on two cores takes 6 min 35 s to 6 min 3 s), the longest first (tests/conftest.py);
# a module marked xdist_group stays on one worker.
WORKERS := $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
test: $(TEST_STAMP)
	$(BIN)/python -m compileall -q gomoku tui bench tests
	PYTHONDONTWRITEBYTECODE= $(BIN)/python tests/warm_kernels.py & \
		PYTHONDONTWRITEBYTECODE= $(BIN)/python -m gomoku.search.warmup && wait $$!
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n $(WORKERS) --dist loadgroup gomoku tests

# The code's form and types: ruff's format and lint, mypy over the files pyproject.toml names (gomoku, tui).
check: $(TEST_STAMP)
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(RUN_STAMP)
	$(BIN)/python -m bench

bench-quick: $(RUN_STAMP)
	$(BIN)/python -m bench --quick

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache
	find gomoku -name "*.nbi" -delete -o -name "*.nbc" -delete
