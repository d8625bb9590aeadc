# `make test` and `make site` work on a fresh clone: both set up .venv first, from the lock of
# what they need (requirements/tool.lock, or test.lock with the test tools too; exact versions
# with their hashes), and skip the install when neither it nor pyproject.toml has changed.
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check
PYTEST ?= -q
# Stands for the npm tools of tests/browser/, installed by `make browser-tools`.
BROWSER_TOOLS := tests/browser/node_modules/.installed
# Builds are reproducible: dates come from the last commit unless SOURCE_DATE_EPOCH is set.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
export NO_MKDOCS_2_WARNING := 1
# `make serve LANG=ru` previews one locale; the shell's own LANG (e.g. C.UTF-8) is not a choice.
SITE_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)

.PHONY: setup lint test test-fast check site draft serve catalogs reference locks bench soak browser-tools clean

setup: $(VENV)/.tool

$(PY):
	python3 -m venv $(VENV)

$(VENV)/.%: requirements/%.lock pyproject.toml | $(PY)
	$(PIP) --require-hashes -r $<
	$(PIP) --no-deps --no-build-isolation -e .
	touch $@

# The package's bytecode, written now: where PYTHONDONTWRITEBYTECODE is set, every build would
# otherwise compile the package's sixty modules again (a tenth of a second a process). Quick
# when nothing changed.
BYTECODE := $(PY) -m compileall -q tutorial_engine

# ruff's and mypy's rule sets are in pyproject.toml ([tool.ruff.lint], [tool.mypy]), ESLint's and
# TypeScript's in tests/browser/ (eslint.config.mjs, tsconfig.json, tsconfig.node.json), with the
# reason for each choice. ESLint and TypeScript check the site's scripts (render/assets/, not its
# vendor/) and the tests' Node.js scripts (tests/play/); they come with the browser tools.
NODE_BIN := tests/browser/node_modules/.bin
lint: $(VENV)/.test $(BROWSER_TOOLS)
	$(VENV)/bin/ruff check tutorial_engine tests bench
	$(VENV)/bin/mypy
	$(NODE_BIN)/eslint --config tests/browser/eslint.config.mjs tutorial_engine/render/assets tests/play
	$(NODE_BIN)/tsc --project tests/browser/tsconfig.json
	$(NODE_BIN)/tsc --project tests/browser/tsconfig.node.json

# The tests run on every core (pytest-xdist); the tests of a group that shares an expensive
# fixture of its module (xdist_group) stay on one worker. `make test XDIST=` runs them in one
# process. pytest may keep the test modules it rewrote in tests/__pycache__, even where
# PYTHONDONTWRITEBYTECODE is set: each worker would otherwise rewrite and compile them again.
XDIST  ?= -n auto --dist loadgroup
PYTEST_RUN := PYTHONDONTWRITEBYTECODE= $(PY) -m pytest $(XDIST)

test: lint
	$(BYTECODE)
	$(PYTEST_RUN) $(PYTEST)

# While working: the engine, content, i18n and CLI tests, without the built site, the browser,
# builds, Node.js or the long random runs (the `slow` tier, tests/conftest.py), and without lint.
test-fast: $(VENV)/.test
	$(BYTECODE)
	$(PYTEST_RUN) --fast $(PYTEST)

check: $(VENV)/.tool
	$(VENV)/bin/tutorial-engine check

site: $(VENV)/.tool
	$(BYTECODE)
	$(VENV)/bin/mkdocs build --strict

# The site as `make site` builds it, but text not yet translated (or fuzzy) is published in
# English instead of stopping the build: a new game can go out before its translations. Each
# locale's count is printed (the tutorial plugin's `draft` setting, here from TUTORIAL_DRAFT).
draft: $(VENV)/.tool
	$(BYTECODE)
	TUTORIAL_DRAFT=1 $(VENV)/bin/mkdocs build --strict

serve: $(VENV)/.tool
	$(BYTECODE)
	TUTORIAL_LOCALE=$(SITE_LANG) $(VENV)/bin/mkdocs serve

# Re-extract the English messages and merge them into every catalog (changed ones turn fuzzy):
# `pybabel extract -F babel.cfg -o locales/messages.pot --no-wrap --add-comments=TRANSLATORS: --sort-by-file
# --project="Card game tutorials" .`, then a merge as `pybabel update -i locales/messages.pot -d locales
# --no-wrap --no-fuzzy-matching --ignore-obsolete` with its own fuzzy suggestions (cli/locale.py).
catalogs: $(VENV)/.tool
	$(VENV)/bin/tutorial-engine locale update

# Rewrite what derives from the declared vocabulary of game.yml (engine/vocabulary.py): the JSON
# Schemas in schemas/ and AUTHORING.md's tables of the phases and kinds of scoring.
reference: $(VENV)/.tool
	$(VENV)/bin/python -m tutorial_engine.content.jsonschema
	$(VENV)/bin/python -m tutorial_engine.content.reference

# Re-resolve both locks after a change to pyproject.toml's ranges or requirements/build.in,
# keeping every pinned version that still fits (delete a package's lines from both to upgrade it).
LOCK := $(VENV)/bin/uv pip compile pyproject.toml requirements/build.in --quiet --generate-hashes \
	--python-version 3.11.5 --python-platform x86_64-manylinux_2_28 --custom-compile-command "make locks" \
	-c requirements/test.lock
locks: $(VENV)/.tool
	$(PIP) uv==0.13.9
	$(LOCK) -o requirements/tool.lock
	$(LOCK) --extra test -o requirements/test.lock
	sed -i '/^    #   -c /d' requirements/tool.lock requirements/test.lock

# axe-core for the accessibility tests, lighthouse for bench/lighthouse.py, ESLint and TypeScript
# for lint (npm, pinned in tests/browser/package-lock.json); the browser is Debian's chromium,
# never a download. Installed again only when the lock or package.json has changed since.
browser-tools: $(BROWSER_TOOLS)

$(BROWSER_TOOLS): tests/browser/package.json tests/browser/package-lock.json
	tests/browser/npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
	touch $@

bench: $(VENV)/.test
	$(BYTECODE)
	$(PY) bench/engine.py
	$(PY) bench/deals.py
	$(PY) bench/check.py
	$(PY) bench/build.py
	$(VENV)/bin/mkdocs build --strict -q -d .bench-site
	$(PY) bench/weight.py --site .bench-site
	$(PY) bench/browser.py --site .bench-site
	rm -rf .bench-site

# A million random deals of every game and 100,000 random judge lines, every result checked.
soak: $(VENV)/.tool
	$(PY) bench/soak.py

clean:
	rm -rf $(VENV) site .pytest_cache .hypothesis tests/browser/node_modules tests/artifacts
