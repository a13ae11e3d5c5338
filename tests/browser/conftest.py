"""Fixtures for driving JupyterLab in headless Debian Chromium (helpers: labdriver.py).

``lab_url``  (session) base URL of a JupyterLab on a free port serving a temp copy of
             ``notebooks/`` with autosave off (the committed notebooks are never rewritten),
             private Jupyter dirs, no token; stopped by PID at the end.
``browser``  (session) Playwright's Chromium launched from ``/usr/bin/chromium``.
``page``     (per test) a fresh 1400x2000 page; ``page.console_errors`` lists console
             errors and page exceptions; the test's kernels are shut down afterwards.

Without ``/usr/bin/chromium`` or Playwright the tests are skipped, or fail if the
environment variable ``CI`` is set. Never run ``playwright install``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # so test modules can `import labdriver`

from labdriver import NOTEBOOK_DIR, LabStartError, http, lab_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def require_browser() -> None:
    """Skip, or fail on CI (where a missing browser must not pass silently)."""
    reason = None
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} not found: `apt-get install -y chromium` (never `playwright install`)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            reason = "playwright is not installed: `pip install -e '.[dev]'`"
    if reason and os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so this is a failure)")
    if reason:
        pytest.skip(reason)


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "notebooks"
    root.mkdir()
    if NOTEBOOK_DIR.is_dir():
        ignore = shutil.ignore_patterns(".ipynb_checkpoints")
        shutil.copytree(NOTEBOOK_DIR, root, ignore=ignore, dirs_exist_ok=True)
    try:
        with lab_server(tmp, root) as url:
            yield url
    except LabStartError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, timeout=60_000
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, lab_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.console_errors = errors
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    yield pg
    context.close()
    for session in http("GET", f"{lab_url}/api/sessions"):
        http("DELETE", f"{lab_url}/api/sessions/{session['id']}")


@pytest.fixture(scope="module")
def voila() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A play server (``make play`` without preheating) for one test module: its base URL
    and process. Modules that need another server define their own ``voila``."""
    from voiladriver import voila_server

    require_browser()
    with voila_server() as server:
        yield server


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The session's Chromium (``browser``: one Playwright per session, so the JupyterLab
    tests can share it)."""
    return browser
