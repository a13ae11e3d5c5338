"""Serve and drive the play apps in Voilà (helpers for tests/browser/ and benchmarks/).

The server is the one ``make play`` starts (``scripts/play.py``: Voilà on the
repository root), on a free port, with private Jupyter directories, stopped by PID::

    with voila_server(cull_idle=4, cull_interval=1) as (url, proc):
        page.goto(f"{url}/voila/render/apps/ahoy.ipynb")
        wait_for_app(page)
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import psutil
from labdriver import ROOT, free_port, stop

APPS_DIR = ROOT / "apps"
START_TIMEOUT_S = 90
#: Seconds to wait for an app's board to appear (kernel start + run + first drawing).
APP_TIMEOUT_MS = 120_000


def _play_module() -> Any:
    spec = importlib.util.spec_from_file_location("tk_play", ROOT / "scripts" / "play.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAY = _play_module()


def app_names() -> list[str]:
    """File names of the play apps (every notebook in apps/ but the gallery), sorted."""
    return sorted(p.name for p in APPS_DIR.glob("*.ipynb") if p.name != "index.ipynb")


@contextmanager
def voila_server(cull_idle: int = PLAY.CULL_IDLE_S, cull_interval: int = PLAY.CULL_INTERVAL_S,
                 preheat: bool = False, class_size: int = 0, class_only: bool = False,
                 ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start the play server on a free port; yield its base URL and process; stop it by PID.

    ``preheat`` as in ``make play`` (the tests leave it off: fewer kernels on a small machine);
    ``class_size`` as ``make play PLAY_ARGS='--class-size N'`` (the Ahoy app's pool;
    ``class_only``: no other app's).

    Raises:
        RuntimeError: the server did not answer within START_TIMEOUT_S (with its log).
    """
    with tempfile.TemporaryDirectory(prefix="tk-voila-") as tmp:
        env = dict(os.environ)
        for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                         ("IPYTHONDIR", "ipython")]:
            env[var] = str(Path(tmp) / sub)
        # the games' saves (issue 27.3) in the temporary directory, unless a test chose one
        env.setdefault("TREASUREKIT_SAVES", str(Path(tmp) / "saves"))
        port = free_port()
        cmd = PLAY.server_command(port, cull_idle=cull_idle, cull_interval=cull_interval,
                                  preheat=preheat or class_size > 0,
                                  class_size=class_size, class_only=class_only,
                                  ip="127.0.0.1",
                                  extra=("--Voila.port_retries=0",))
        env = PLAY.server_env(env)  # the page template (no CDN) is found on JUPYTER_PATH
        url = f"http://127.0.0.1:{port}"
        log_path = Path(tmp) / "server.log"
        with log_path.open("wb") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                    cwd=ROOT)
            proc.log_path = log_path  # type: ignore[attr-defined]  # (server_log)
            _LIVE.append(proc)
            try:
                deadline = time.monotonic() + START_TIMEOUT_S
                while True:
                    try:
                        urllib.request.urlopen(f"{url}/", timeout=5).close()
                        break
                    except OSError as exc:
                        if proc.poll() is not None or time.monotonic() > deadline:
                            tail = log_path.read_text(errors="replace")[-3000:]
                            raise RuntimeError(f"the play server did not start: {tail}") \
                                from exc
                        time.sleep(0.25)
                yield url, proc
            finally:
                _LIVE.remove(proc)
                stop(proc)


#: The servers :func:`voila_server` keeps running, newest last (for failure messages).
_LIVE: list[subprocess.Popen[bytes]] = []


def server_log(server: subprocess.Popen[bytes], chars: int = 3000) -> str:
    """The last ``chars`` characters of a :func:`voila_server`'s log (for failure messages)."""
    path = getattr(server, "log_path", None)
    return path.read_text(errors="replace")[-chars:] if path and path.exists() else ""


def kernel_pids(server: subprocess.Popen[bytes]) -> list[int]:
    """Process ids of the server's running kernels (Voilà has no kernel list to ask)."""
    found = []
    for child in psutil.Process(server.pid).children(recursive=True):
        with suppress(psutil.Error):
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child.pid)
    return found


def status_of(url: str) -> int:
    """The HTTP status of a GET on ``url`` (headers only: the body is not read, so a
    Voilà page answers as soon as it starts streaming)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


# The app's board: every status line drawn (the first drawing is done).
BOARD_READY_JS = """() => {
  const boards = [...document.querySelectorAll('.tk-app .tk-board .tk-status')];
  return boards.length > 0 && boards.every((el) => el.textContent.trim().length > 0);
}"""

# Output areas Voilà shows: those showing only text (a print, a repr, a dict) are text dumps.
TEXT_DUMPS_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .filter((o) => !o.querySelector('.jupyter-widgets') && !o.classList.contains('jupyter-widgets'))
  .filter((o) => {
    const mime = o.getAttribute('data-mime-type') || '';
    return mime === '' || mime.startsWith('text/plain') || mime.includes('stderr')
      || mime.includes('stdout') || mime.includes('error');
  })
  .map((o) => (o.getAttribute('data-mime-type') || 'no mime') + ': '
    + o.textContent.trim().slice(0, 80))"""


def page_problems(page: Any) -> list[str]:
    """What a player must never see on a Voilà page: tracebacks, text dumps, broken widgets."""
    found = [f"text output: {t}" for t in page.evaluate(TEXT_DUMPS_JS)]
    # (text= matches case-insensitive substrings: "an exception" in a ruling is fine)
    for needle in ("Traceback (most recent call last)", "Error displaying widget"):
        count = page.locator(f"text={needle}").count()
        if count:
            found.append(f"{count} x {needle!r} on the page")
    return found


def live_server_log(chars: int = 4000) -> str:
    """The log tail of the newest running :func:`voila_server` ("" if none runs)."""
    return server_log(_LIVE[-1], chars) if _LIVE else ""


def what_went_wrong(page: Any) -> str:
    """For a failure message: the page's address and visible words, and the newest play
    server's log (a kernel culled, died or never started shows there)."""
    try:
        words = str(page.evaluate("() => document.body ? document.body.innerText : ''"))
    except Exception as exc:  # a closed or crashed page still gets its message
        words = f"(the page could not be read: {exc})"
    words = " ".join(words.split())[:1200]
    return f"page {page.url}: {words!r}\n--- play server log ---\n{live_server_log()}"


def wait_for_app(page: Any, timeout_ms: int = APP_TIMEOUT_MS) -> None:
    """Wait until the app's board has drawn its status line.

    Raises:
        AssertionError: not within ``timeout_ms``, with the page's words and the server log.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(BOARD_READY_JS, timeout=timeout_ms, polling=100)
    except PlaywrightTimeout:
        raise AssertionError(f"the app's board did not draw within {timeout_ms / 1000:.0f} s; "
                             f"{what_went_wrong(page)}") from None


#: Marks the app's board before Start (the new board has no mark) and says whether it
#: waits for Start (its status says "press Start": a click on it is answered, not played).
MARK_OLD_BOARD_JS = """() => {
  const board = document.querySelector('.tk-app .tk-board');
  const status = board && board.querySelector('.tk-status');
  if (!status || !status.textContent.includes('press Start')) return false;
  board.dataset.tkOld = '1';
  return true;
}"""
# The board Start built has drawn its status line.
NEW_BOARD_JS = """() => !document.querySelector('.tk-board[data-tk-old]')
  && [...document.querySelectorAll('.tk-app .tk-board .tk-status')]
       .some((el) => el.textContent.trim().length > 0)"""


def press_start(page: Any, timeout_ms: int = APP_TIMEOUT_MS) -> bool:
    """Press the app's Start if its board still waits for it, as a student does first,
    and wait for the new board's first drawing. Returns True if Start was pressed."""
    if not page.evaluate(MARK_OLD_BOARD_JS):
        return False
    page.locator(".tk-app-start").first.click()
    page.wait_for_function(NEW_BOARD_JS, timeout=timeout_ms, polling=100)
    return True
