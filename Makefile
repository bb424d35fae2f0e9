# The two commands of the README, `make run` and `make test`, and the others of
# docs/development.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST_PORT ?= 127.0.0.1:8000

.PHONY: run test test-fast lint format bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the pins change. `make run` needs the application's requirements
# only; the test toolchain (pytest, mypy, Playwright, ...) is installed for `make test`.
$(VENV)/.installed-run: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo --if-empty
	$(BIN)/python manage.py runserver $(HOST_PORT)

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(VENV)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The tests run in one process per core (pytest-xdist); those that share a server run one
# at a time (tests/conftest.py). `make test PYTEST_ARGS="-n 0"` runs all in one process.
PYTEST_PARALLEL ?= -n auto --dist loadgroup

test: lint
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) $(PYTEST_ARGS)

# The developer's loop: no lint, no browser, none of the slow tests (`make test` runs them).
test-fast: $(VENV)/.installed
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) -m "not slow and not browser" $(PYTEST_ARGS)

bench: $(VENV)/.installed
	$(BIN)/python -m bench

# The documentation site (docs/, mkdocs.yml), failing on a broken link or a page left out.
docs: $(VENV)/.installed
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache staticfiles site
