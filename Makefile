# treasurekit developer commands. `make lab` to play, `make test` before committing.

VENV        := .venv
BIN         := $(VENV)/bin
STAMP       := $(VENV)/.installed
NOTEBOOKS   := $(sort $(wildcard notebooks/*.ipynb notebooks/solutions/*.ipynb))
LAB_ARGS    ?=
# e.g. PLAY_ARGS='--port 9000 --no-preheat --cull-idle 300', or for a class of thirty opening
# the Ahoy app together PLAY_ARGS='--class-size 30' (see scripts/play.py)
PLAY_ARGS   ?=
# e.g. CLASS_ARGS='--students 10,30 --play 60', or '--students 10 --browsers' (benchmarks/class_load.py)
CLASS_ARGS  ?=
# Upper bound (seconds) for each pytest run, so a hung kernel or browser cannot stall CI
# (the unit run took about 25 minutes on a quiet machine, the browser run about 18).
TEST_TIMEOUT ?= 3000

# Binder's lock: every package of the `lab` extra (and the core) pinned with hashes, resolved by uv
# for Binder's Python (binder/runtime.txt) on x86-64 Linux. `make lock` keeps the pins it can and
# adds/removes what pyproject.toml changed; `make lock-upgrade` moves every pin to the newest release.
LOCK        ?= binder/requirements.txt
LOCK_PYTHON := $(patsubst python-%,%,$(strip $(file < binder/runtime.txt)))
LOCK_CMD     = $(BIN)/uv pip compile pyproject.toml --extra lab --python-version $(LOCK_PYTHON) \
	--python-platform x86_64-manylinux_2_28 --generate-hashes --no-emit-index-url \
	--custom-compile-command 'make lock' --quiet

.PHONY: venv lab play test lint typecheck unit browser nbval binder-test bench latency class-load soak \
	notebooks lock grading grading-test \
	lock-upgrade clean distclean

venv: $(STAMP)

# nbgrader (dev extra: `make grading-test`) keeps its command line; its JupyterLab panels and
# server extensions (2-3 s more per Lab start), and the "Notebook" button of the notebook 7
# package it brings, stay out of `make lab` and the browser tests, as on Binder.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/pip install -e '.[dev]'
	$(BIN)/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader \
		@jupyter-notebook/lab-extension
	$(BIN)/jupyter server extension disable --sys-prefix $(addprefix nbgrader.server_extensions.,\
		formgrader validate_assignment assignment_list course_list)
	touch $@

# JupyterLab's default-setting overrides, as Binder installs them (binder/postBuild): no
# news pop-up ("fetchNews": "false"), no update check.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

$(LAB_SETTINGS): binder/overrides.json
	mkdir -p $(dir $@)
	cp binder/overrides.json $@

# Voila's page template without CDN stylesheets, and binder/voila.py naming it (and MathJax off
# the CDN), as Binder installs them (binder/postBuild): a Voila page opened from `make lab`
# fetches nothing from a CDN.
VOILA_CONF := $(VENV)/etc/jupyter/voila.py
VOILA_TEMPLATES := $(VENV)/share/jupyter/voila/templates

$(VOILA_CONF): binder/voila.py $(wildcard share/jupyter/voila/templates/treasurekit/*)
	mkdir -p $(VOILA_TEMPLATES) $(dir $@)
	rm -rf $(VOILA_TEMPLATES)/treasurekit
	cp -r share/jupyter/voila/templates/treasurekit $(VOILA_TEMPLATES)/
	cp binder/voila.py $@

# Opens notebooks/00-start-here.ipynb; the whole project folder is browsable (docs/rulings.md too).
# --LabApp.news_url=None: the server fetches no news feed either.
# As root (a container, a classroom VM) JupyterLab refuses to start without --allow-root.
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP) $(LAB_SETTINGS) $(VOILA_CONF)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) --LabApp.news_url=None $(AS_ROOT) $(LAB_ARGS) \
		notebooks/00-start-here.ipynb

# Serves the play apps in Voilà and opens the gallery (apps/index.ipynb). Idle kernels of
# closed tabs are shut down after 2 minutes; each app keeps one preheated kernel waiting.
play: $(STAMP)
	$(BIN)/python scripts/play.py $(PLAY_ARGS)

test: lint typecheck unit browser nbval binder-test

# ruff, then the layering contracts of pyproject.toml's [tool.importlinter]: the engine never
# imports the widgets or Jupyter, core < games < arena/openspiel, games independent, no
# import cycle between modules (docs/architecture.md §10).
lint: $(STAMP)
	$(BIN)/ruff check .
	COLUMNS=$${COLUMNS:-120} $(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# Unit tests, widget tests and the doctests of both packages (the browser tests apart).
unit: $(STAMP)
	timeout $(TEST_TIMEOUT) $(BIN)/pytest -m 'not binder and not browser' tests treasurekit widgets

# JupyterLab and Voila in headless Debian Chromium (tests/browser; needs /usr/bin/chromium).
# A browser test that fails is run once more (pytest-rerunfailures) and the summary lists it
# as R: on a shared two-core machine a cold Voila kernel has, once in a few runs, missed a
# first click or a page's connection; a second failure fails the run.
browser: $(STAMP)
	timeout $(TEST_TIMEOUT) $(BIN)/pytest -m browser -p no:cacheprovider --reruns 1 \
		--reruns-delay 5 -r fER tests/browser

# Builds the Binder environment as repo2docker would (a fresh venv of binder/runtime.txt's Python,
# pip install -r binder/requirements.txt, binder/postBuild) and runs every notebook and app in it.
binder-test: $(STAMP)
	timeout $(TEST_TIMEOUT) $(BIN)/pytest -m binder -p no:cacheprovider tests/test_binder.py

# Stored notebook outputs must match a fresh run (strict nbval). The doctest addopts do not apply.
nbval: $(STAMP)
ifneq ($(NOTEBOOKS),)
	timeout $(TEST_TIMEOUT) $(BIN)/pytest --nbval --nbval-current-env -p no:cacheprovider \
		-o addopts='' notebooks/
else
	@echo "nbval: no notebooks in notebooks/ yet, skipping"
endif

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# How fast every board answers clicks in JupyterLab (headless Chromium, 32 mixed clicks per
# game, p50/p95/max; a few minutes; needs /usr/bin/chromium). Options: ARGS='--clicks 40 -v'.
latency: $(STAMP)
	$(BIN)/python -m benchmarks board_latency $(ARGS)

# N students open the Ahoy app together against the make play server (started on loopback
# with --class-size N) and play a move every 3 s: boards ready, click latency, memory, CPU,
# and the largest class within capacity (docs/teaching.md "Sizing a server for a class").
class-load: $(STAMP)
	timeout 7200 $(BIN)/python -m benchmarks class_load $(CLASS_ARGS)

# 1,000 seeded games per game and option set with mixed bots, the contract checked at
# every ply, on SOAK_JOBS processes; exits non-zero on any exception (tests/test_soak.py
# runs a small one in `make test`). SOAK_ARGS e.g. "--game ahoy --games 200".
SOAK_JOBS ?= 2
SOAK_ARGS ?=
soak: $(STAMP)
	$(BIN)/python -m benchmarks.soak --jobs $(SOAK_JOBS) --out benchmarks/soak-results.md $(SOAK_ARGS)

# Re-execute every notebook in place with the venv's python3 kernel, then strip widget state.
notebooks: $(STAMP)
	@for nb in $(NOTEBOOKS); do \
		echo "executing $$nb"; \
		JUPYTER_PATH=$(CURDIR)/$(VENV)/share/jupyter $(BIN)/jupyter nbconvert --to notebook \
			--execute --inplace --ExecutePreprocessor.kernel_name=python3 \
			--ExecutePreprocessor.timeout=600 "$$nb" || exit 1; \
	done
	$(BIN)/python scripts/strip_widget_state.py $(NOTEBOOKS)

# The nbgrader course folder grading/ (docs/teaching.md): one assignment per game, written from
# the notebooks' exercises and notebooks/solutions/. `make grading-test` runs nbgrader on it
# (generate, autograde: solutions full marks, blank release zero); `make unit` runs it too.
grading: $(STAMP)
	$(BIN)/python scripts/make_grading.py

grading-test: $(STAMP)
	timeout $(TEST_TIMEOUT) $(BIN)/pytest -p no:cacheprovider tests/test_grading.py

lock: $(STAMP)
	$(LOCK_CMD) -o $(LOCK)

lock-upgrade: $(STAMP)
	$(LOCK_CMD) --upgrade -o $(LOCK)

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache benchmarks/results-local
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -print -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
