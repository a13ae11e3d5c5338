"""What a new reader meets first (issue 9, point 4): the README's code runs as written,
every notebook says at the top that it must be run and how, and `make lab` opens
JupyterLab without its news pop-up, as on Binder."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*(ROOT / "notebooks").glob("*.ipynb"),
                    *(ROOT / "notebooks").glob("solutions/*.ipynb")])


def readme_blocks(language: str) -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


def test_readme_has_python_snippets_to_check() -> None:
    assert len(readme_blocks("python")) >= 2


@pytest.mark.parametrize("index", range(len(readme_blocks("python"))))
def test_readme_python_snippet_runs_as_written(index: int) -> None:
    # each block on its own, in a fresh namespace: it must carry its own imports
    code = readme_blocks("python")[index]
    exec(compile(code, f"README.md python block {index + 1}", "exec"), {"__name__": "readme"})


def test_readme_lists_the_prerequisites_and_says_to_run_the_notebooks() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for needed in ("Python 3.10", "venv", "`make`", "chromium", "Run > Run All Cells",
                   "Shift+Enter"):
        assert needed in text, needed


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_first_cell_tells_the_reader_to_run_all_cells(path: Path) -> None:
    first = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
    text = "".join(first["source"])
    assert first["cell_type"] == "markdown"
    # within the first lines, before anything else can be mistaken for a broken board
    head = "\n".join(text.splitlines()[:8])
    assert "Run > Run All Cells" in head and "Shift+Enter" in head, path.name
    assert "board" in head.lower(), path.name


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_lab_installs_binders_settings_overrides(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    target = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    subprocess.run(["make", "-s", "-C", str(ROOT), f"VENV={venv}", str(target)], check=True,
                   capture_output=True)
    installed = json.loads(target.read_text(encoding="utf-8"))
    assert installed == json.loads((ROOT / "binder" / "overrides.json").read_text("utf-8"))
    assert installed["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    dry = subprocess.run(["make", "-n", "-C", str(ROOT), f"VENV={venv}", "lab"], check=True,
                         capture_output=True, text=True).stdout
    assert "--LabApp.news_url=None" in dry
