# `make test` and `make site` work on a fresh clone: both set up .venv first, and skip the
# install when pyproject.toml and requirements.lock have not changed since the last one.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PYTEST ?= -q

.PHONY: setup test check bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m pytest $(PYTEST)

check: $(STAMP)
	$(VENV)/bin/tutorial-engine check

bench: $(STAMP)
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) site .pytest_cache .hypothesis
