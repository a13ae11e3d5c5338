# treasurekit developer commands. `make lab` to play, `make test` before committing.

VENV        := .venv
BIN         := $(VENV)/bin
STAMP       := $(VENV)/.installed
NOTEBOOKS   := $(sort $(wildcard notebooks/*.ipynb))
LAB_ARGS    ?=
# Upper bound (seconds) for each pytest run, so a hung kernel or browser cannot stall CI.
TEST_TIMEOUT ?= 1800

.PHONY: venv lab test lint typecheck unit nbval bench soak notebooks clean distclean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/pip install -e '.[dev]'
	touch $@

# Opens notebooks/00-start-here.ipynb; the whole project folder is browsable (docs/rulings.md too).
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) $(LAB_ARGS) notebooks/00-start-here.ipynb

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

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache benchmarks/results-local
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -print -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
