# `make test` and `make site` work on a fresh clone: both set up .venv first, and skip the
# install when pyproject.toml and requirements.lock have not changed since the last one.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PYTEST ?= -q
# Builds are reproducible: dates come from the last commit unless SOURCE_DATE_EPOCH is set.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
export NO_MKDOCS_2_WARNING := 1
# `make serve LANG=ru` previews one locale; the shell's own LANG (e.g. C.UTF-8) is not a choice.
SITE_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)

.PHONY: setup lint test check site serve catalogs bench soak browser-tools clean

setup: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

# ruff's rule set is in pyproject.toml ([tool.ruff.lint]), with the reason for each choice.
lint: $(STAMP)
	$(VENV)/bin/ruff check tutorial_engine tests bench

test: lint
	$(PY) -m pytest $(PYTEST)

check: $(STAMP)
	$(VENV)/bin/tutorial-engine check

site: $(STAMP)
	$(VENV)/bin/mkdocs build --strict

serve: $(STAMP)
	TUTORIAL_LOCALE=$(SITE_LANG) $(VENV)/bin/mkdocs serve

# Re-extract the English messages and merge them into every catalog (changed ones turn fuzzy):
# `pybabel extract -F babel.cfg -o locales/messages.pot --no-wrap --add-comments=TRANSLATORS: --sort-by-file
# --project="Card game tutorials" .` then `pybabel update -i locales/messages.pot -d locales --no-wrap`.
catalogs: $(STAMP)
	$(VENV)/bin/tutorial-engine locale update

# axe-core for the accessibility tests and lighthouse for bench/lighthouse.py (npm, pinned in
# tests/browser/package-lock.json); the browser is Debian's chromium, never a download.
browser-tools:
	npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error

bench: $(STAMP)
	$(PY) bench/engine.py
	$(PY) bench/deals.py
	$(PY) bench/check.py
	$(PY) bench/build.py
	$(VENV)/bin/mkdocs build --strict -q -d .bench-site
	$(PY) bench/weight.py --site .bench-site
	$(PY) bench/browser.py --site .bench-site
	rm -rf .bench-site

# A million random deals of every game and 100,000 random judge lines, every result checked.
soak: $(STAMP)
	$(PY) bench/soak.py

clean:
	rm -rf $(VENV) site .pytest_cache .hypothesis tests/browser/node_modules tests/artifacts
