# The patience book: every target sets itself up.
#   make book    build the HTML book into _build/html (creates .venv on first use)
#   make test    build the book, then run the whole test suite (needs Debian's chromium + chromium-driver)
#   make serve   serve _build/html on http://localhost:8000
#   make bench   time the engine (legal-move generation, play+undo) and the solver, and set pyksolve's Canfield
#                verdicts beside ours; BENCH_ARGS="--against REV" compares with an earlier revision, --suite adds
#                build/test timings
#   make stats   recompute (or resume) the book's statistics in book/statistics (JOBS=2, STATS_GAME=one game,
#                STATS_ARGS=--keep-decided to search only the unknown deals of a study given a larger budget)
#   make clean   remove build output and caches (make distclean also removes .venv)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
BUILD := _build
HTML := $(BUILD)/html
PORT ?= 8000
SPHINXOPTS ?=
PYTEST_ARGS ?=
BENCH_ARGS ?=
JOBS ?= 2
STATS_GAME ?=
STATS_ARGS ?=

.PHONY: venv book test serve bench stats clean distclean

venv: $(STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

# Re-install only when pyproject.toml changes (or the venv is new), or a module compiled by the
# build changes (setup.py compiles blocked.py and solve.py with mypyc, and builds the games' searches in
# C; a stale build is never used, only slower).
$(STAMP): pyproject.toml setup.py src/patience/compiled.py src/patience/blocked.py src/patience/solve.py \
		$(wildcard src/patience/games/_*_search.c src/patience/games/_search*.h) | $(PY)
	$(PY) -m pip install --disable-pip-version-check -e '.[book,test]'
	touch $@

# Warnings are errors. -E re-reads every page on every build: Sphinx reports a page's
# warnings only when it reads the page, so an incremental build would pass over a
# warning it reported once. Notebooks are still executed only when their code changed,
# thanks to MyST-NB's cache (_build/.jupyter_cache, see conf.py).
# The doctrees (Sphinx's pickled pages, most of the weight of a build) stay in _build/doctrees,
# outside the published folder. The Play panel's Pyodide is fetched by npm into .cache/ the first
# time (see patience_pyodide in conf.py).
book: $(STAMP)
	$(PY) -m sphinx -c . -E -W --keep-going -b html -d $(BUILD)/doctrees $(SPHINXOPTS) book $(HTML)

# The browser tests load the built book, so the book comes first.
test: book
	$(PY) -m pytest -n auto $(PYTEST_ARGS)

serve: book
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory $(HTML)

# The peer solver (pyksolve) is optional: where it cannot be installed the bench says so and goes on.
bench: $(STAMP)
	-$(PY) -m pip install --disable-pip-version-check -q -e '.[peer]'
	$(PY) bench/run.py --peer $(BENCH_ARGS)
	$(PY) bench/play.py

# The book reads the stored results; this recomputes them (hours: see book/statistics/studies.toml).
stats: $(STAMP)
	$(VENV)/bin/patience stats --plan book/statistics/studies.toml --jobs $(JOBS) $(STATS_ARGS) $(STATS_GAME)

clean:
	rm -rf $(BUILD) build .pytest_cache .hypothesis src/*.egg-info
	@echo "(the Pyodide download in .cache/ is kept; make distclean removes it)"
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) .cache
