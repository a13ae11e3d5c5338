"""Drive a notebook in JupyterLab from Playwright (helpers for tests/browser/).

Test modules in tests/browser/ import these directly (conftest.py puts this folder on
sys.path); the fixtures ``lab_url`` and ``page`` come from conftest.py::

    from labdriver import notebook_problems, open_and_run

    @pytest.mark.browser
    @pytest.mark.timeout(300)
    def test_click(lab_url, page):
        open_and_run(page, lab_url, "01-ahoy.ipynb")
        assert notebook_problems(page) == []
        page.locator(".tk-board .bqplot svg rect.heatmapcell").nth(3).click()
        ...
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
READY_TIMEOUT_MS = 60_000
RUN_TIMEOUT_MS = 240_000

# The notebook tab for `path` is current, its document loaded, and its kernel connected and idle.
# (A bare "idle" indicator races on a fresh kernel.)
READY_JS = """(path) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.context.isReady) return false;
  const s = w.sessionContext;
  const k = s && s.isReady && s.session && s.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""

# Clear outputs (so stored execution counts cannot pass for new ones), then run all cells.
# The run-all promise is deliberately not awaited: awaiting it can hang forever.
RUN_ALL_JS = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  void app.commands.execute('notebook:run-all-cells');
}"""

# Cells tagged raises-exception may show an error (run-all goes on past them, as nbval does).
EXPECTS_ERROR_JS = "(c) => (c.model.getMetadata('tags') || []).includes('raises-exception')"

# The kernel is idle again and every code cell ran, or a cell raised (later cells never run).
DONE_JS = """() => {
  const expectsError = EXPECTS_ERROR;
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  const code = w.content.widgets.filter((c) => c.model.type === 'code');
  const raised = code.some((c) => !expectsError(c)
    && c.model.outputs.toJSON().some((o) => o.output_type === 'error'));
  return raised || code.every((c) => c.model.executionCount !== null);
}""".replace("EXPECTS_ERROR", EXPECTS_ERROR_JS)

# Every widget output has its view, was closed (lm-mod-hidden), or shows "Error displaying
# widget" (which takes ~2 s to appear). Widget outputs carry no data-mime-type attribute.
WIDGETS_RENDERED_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets.every((c) => {
  if (c.model.type !== 'code') return true;
  const want = c.model.outputs.toJSON().filter(
    (o) => o.data && o.data['application/vnd.jupyter.widget-view+json']).length;
  const outs = c.outputArea.node.querySelectorAll(
    ':scope > .jp-OutputArea-child > .jp-OutputArea-output');
  const got = [...outs].filter((o) => o.classList.contains('jupyter-widgets')
    || o.classList.contains('lm-mod-hidden') || o.querySelector(':scope > .jupyter-widgets'));
  return got.length >= want;
})"""

# Problems in the current notebook, named by cell: error outputs (unless the cell is tagged
# raises-exception) and stderr outputs in the model, and the same as the cell's DOM shows them
# (JupyterLab 4.6 renders both with data-mime-type="application/vnd.jupyter.stderr").
PROBLEMS_JS = """() => {
  const expectsError = EXPECTS_ERROR;
  const found = [];
  window.jupyterapp.shell.currentWidget.content.widgets.forEach((c, i) => {
    if (c.model.type !== 'code') return;
    const where = `cell ${i} [${c.model.executionCount}]`;
    for (const o of c.model.outputs.toJSON()) {
      if (o.output_type === 'error' && !expectsError(c)) {
        found.push(`${where}: ${o.ename}: ${o.evalue}`);
      }
      if (o.output_type === 'stream' && o.name === 'stderr') {
        const text = Array.isArray(o.text) ? o.text.join('') : o.text;
        found.push(`${where}: stderr: ${text.trim().split('\\n')[0]}`);
      }
    }
    const shown = c.node.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').length;
    if (shown && !expectsError(c)) found.push(`${where}: ${shown} stderr/error area(s) in the DOM`);
  });
  return found;
}""".replace("EXPECTS_ERROR", EXPECTS_ERROR_JS)


LAB_START_TIMEOUT_S = 60
#: JupyterLab user settings for tests: no autosave (the served copy is never rewritten),
#: no news or update check.
USER_SETTINGS = {
    "docmanager-extension/plugin": {"autosave": False},
    "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}


class LabStartError(RuntimeError):
    """JupyterLab did not answer within LAB_START_TIMEOUT_S (the message holds its log)."""


@contextmanager
def lab_server(tmp: Path, root: Path) -> Iterator[str]:
    """Start JupyterLab serving ``root`` with private Jupyter dirs under ``tmp``, no token,
    autosave off; yield its base URL; stop it by PID.

    Raises:
        LabStartError: the server exited or did not answer in time (with its log's tail).
    """
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
                except OSError as exc:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        tail = log_path.read_text(errors="replace")[-3000:]
                        raise LabStartError(
                            f"JupyterLab did not start (exit {proc.returncode}):\n{tail}"
                        ) from exc
                    time.sleep(0.25)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)


def notebook_names() -> list[str]:
    """File names of the repository's notebooks, sorted."""
    return sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(method: str, url: str) -> Any:
    """A JSON request to the (token-less) test server."""
    with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=5) as r:
        body = r.read()
    return json.loads(body) if body else None


BOARDS_READY_JS = """() => [...document.querySelectorAll('.tk-board .tk-status')]
    .every((el) => el.textContent.trim().length > 0)"""


def open_and_run(
    page: Any,
    base_url: str,
    name: str,
    ready_timeout_ms: int = READY_TIMEOUT_MS,
    run_timeout_ms: int = RUN_TIMEOUT_MS,
) -> dict[str, float]:
    """Open notebook ``name`` in JupyterLab, run every cell and wait until it is done.

    ``page`` is a Playwright page (the ``page`` fixture), ``base_url`` the ``lab_url``
    fixture, ``name`` a path relative to the served copy of ``notebooks/``
    (e.g. ``"01-ahoy.ipynb"``). Steps, each with a timeout:

    1. load ``/lab/tree/<name>?reset`` (``reset``: no tabs restored from earlier tests);
       wait until that document is loaded and its kernel is connected and idle;
    2. clear all outputs, start ``notebook:run-all-cells`` (not awaited);
    3. wait until the kernel is idle again and every code cell has an execution count
       (or a cell raised: later cells never run);
    4. wait until every widget output shows its view (or was closed, or shows
       "Error displaying widget").

    Outputs are not checked: call :func:`notebook_problems` for that. Afterwards the
    notebook is the current widget: ``window.jupyterapp.shell.currentWidget``.
    Returns the seconds spent, ``{"load": ..., "run": ..., "total": ...}``.
    Raises ``playwright.sync_api.TimeoutError`` when a step times out.
    """
    start = time.monotonic()
    page.goto(f"{base_url}/lab/tree/{quote(name)}?reset", timeout=ready_timeout_ms)
    page.wait_for_function(READY_JS, arg=name, timeout=ready_timeout_ms, polling=200)
    loaded = time.monotonic()
    page.evaluate(RUN_ALL_JS)
    page.wait_for_function(DONE_JS, timeout=run_timeout_ms, polling=200)
    page.wait_for_function(WIDGETS_RENDERED_JS, timeout=ready_timeout_ms, polling=200)
    # a board's status line is drawn a moment after its view: wait until every one has text
    page.wait_for_function(BOARDS_READY_JS, timeout=ready_timeout_ms, polling=200)
    done = time.monotonic()
    return {"load": loaded - start, "run": done - loaded, "total": done - start}


def notebook_problems(page: Any) -> list[str]:
    """Everything wrong in the current notebook: error and stderr outputs, broken widgets.

    Returns readable lines naming the cell (empty if all is well), from the notebook
    model and its DOM. Errors in cells tagged ``raises-exception`` are expected.
    """
    found: list[str] = list(page.evaluate(PROBLEMS_JS))
    panel = page.locator("#" + page.evaluate("window.jupyterapp.shell.currentWidget.id"))
    broken = panel.locator("text=Error displaying widget").count()
    if broken:
        found.append(f"{broken} x 'Error displaying widget' in the notebook")
    return found


def screenshot(page: Any, directory: Path, name: str) -> list[Path]:
    """Save ``<stem of name>.png`` into ``directory`` and into $TK_SCREENSHOT_DIR if set."""
    dirs = [directory]
    if os.environ.get("TK_SCREENSHOT_DIR"):
        dirs.append(Path(os.environ["TK_SCREENSHOT_DIR"]))
    paths = []
    for d in dirs:
        d.mkdir(parents=True, exist_ok=True)
        path = d / f"{Path(name).stem}.png"
        page.screenshot(path=str(path), timeout=30_000)
        paths.append(path)
    return paths
