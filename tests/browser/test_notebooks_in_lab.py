"""Every notebook runs top to bottom in a real JupyterLab with every widget displayed."""

from __future__ import annotations

from typing import Any

import pytest
from labdriver import notebook_names, notebook_problems, open_and_run, screenshot


@pytest.mark.browser
@pytest.mark.timeout(420)
@pytest.mark.parametrize("name", notebook_names())
def test_notebook_runs_clean_in_lab(
    lab_url: str, page: Any, name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    timings = open_and_run(page, lab_url, name)
    shots = screenshot(page, tmp_path_factory.getbasetemp() / "screenshots", name)
    print(f"{name}: load {timings['load']:.1f}s, run {timings['run']:.1f}s; screenshot {shots[-1]}")
    problems = notebook_problems(page)
    assert not problems, (
        f"{name} in JupyterLab:\n" + "\n".join(problems)
        + "\nbrowser console errors:\n" + "\n".join(page.console_errors[-10:])
    )
