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

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # so test modules can `import labdriver`

from labdriver import NOTEBOOK_DIR, free_port, http

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
LAB_START_TIMEOUT_S = 60
USER_SETTINGS = {
    "docmanager-extension/plugin": {"autosave": False},
    "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}


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
    for plugin, values in USER_SETTINGS.items():
        path = tmp / "user-settings" / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env = dict(os.environ)  # private Jupyter dirs: no user config or kernelspec leaks in
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython")]:
        env[var] = str(tmp / sub)
    port = free_port()
    cmd = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.token=", "--ServerApp.password=", "--allow-root",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={tmp / 'user-settings'}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
    ]
    url = f"http://127.0.0.1:{port}"
    log_path = tmp / "lab.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp)
        try:
            deadline = time.monotonic() + LAB_START_TIMEOUT_S
            while True:
                try:
                    http("GET", f"{url}/api/status")
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        tail = log_path.read_text(errors="replace")[-3000:]
                        pytest.fail(f"JupyterLab did not start (exit {proc.returncode}):\n{tail}")
                    time.sleep(0.25)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)


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
