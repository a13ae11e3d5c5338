# treasurekit developer commands. `make lab` to play, `make test` before committing.

VENV        := .venv
BIN         := $(VENV)/bin
STAMP       := $(VENV)/.installed
NOTEBOOKS   := $(sort $(wildcard notebooks/*.ipynb))
LAB_ARGS    ?=
# Upper bound (seconds) for each pytest run, so a hung kernel or browser cannot stall CI.
TEST_TIMEOUT ?= 1800

.PHONY: venv lab test lint typecheck unit nbval bench notebooks clean distclean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/pip install -e '.[dev]'
	touch $@

# JupyterLab's default-setting overrides, as Binder installs them (binder/postBuild): no
# news pop-up ("fetchNews": "false"), no update check.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

$(LAB_SETTINGS): binder/overrides.json
	mkdir -p $(dir $@)
	cp binder/overrides.json $@

# Opens notebooks/00-start-here.ipynb; the whole project folder is browsable (docs/rulings.md too).
# --LabApp.news_url=None: the server fetches no news feed either.
lab: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) --LabApp.news_url=None $(LAB_ARGS) \
		notebooks/00-start-here.ipynb

test: lint typecheck unit nbval

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Unit tests, widget tests, browser tests (tests/browser) and the doctests of both packages.
unit: $(STAMP)
	timeout $(TEST_TIMEOUT) $(BIN)/pytest tests treasurekit widgets

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

# Re-execute every notebook in place with the venv's python3 kernel, then strip widget state.
notebooks: $(STAMP)
	@for nb in $(NOTEBOOKS); do \
		echo "executing $$nb"; \
		JUPYTER_PATH=$(CURDIR)/$(VENV)/share/jupyter $(BIN)/jupyter nbconvert --to notebook \
			--execute --inplace --ExecutePreprocessor.kernel_name=python3 \
			--ExecutePreprocessor.timeout=600 "$$nb" || exit 1; \
	done
	$(BIN)/python scripts/strip_widget_state.py $(NOTEBOOKS)

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache benchmarks/results-local
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -print -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
