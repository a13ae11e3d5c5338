"""Binder's Voilà pages (issue 27.3, "nothing fetched from outside the server"): helpers for
tests/test_binder.py and tests/browser/test_binder_voila.py.

On Binder, Voilà runs as a server extension of the Jupyter server (``?urlpath=voila/render/
apps/ahoy.ipynb``), not through ``make play``: ``binder/postBuild`` installs our page template
``treasurekit`` under ``<prefix>/share/jupyter/voila/templates/`` and copies ``binder/voila.py``
(which names it and keeps MathJax off the CDN) to ``<prefix>/etc/jupyter/voila.py``.

:func:`postbuild_prefix` runs the real ``binder/postBuild`` into a fresh, empty virtual
environment (a ``pip`` that only records its arguments stands in for the package install),
so a test sees exactly what postBuild puts there; :func:`binder_env` points Jupyter at that
prefix's data and config directories; :func:`jupyter_server` starts a Jupyter server (Voilà as
its extension) the way Binder does, on a free port, stopped by PID.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
POSTBUILD = ROOT / "binder" / "postBuild"
#: Seconds a Jupyter server may take to answer.
START_TIMEOUT_S = 90

# The template and config Voilà finds with the environment of binder_env(): its name,
# the first template directory, and that directory's index.html.j2 text.
VOILA_CONFIG_PY = """
import json, pathlib
from voila.configuration import VoilaConfiguration
from voila.paths import collect_template_paths
from voila.server_extension import load_config_file
conf = VoilaConfiguration()
local = load_config_file()
if local is not None:
    conf.update_config(local)
first = pathlib.Path(collect_template_paths(["voila", "nbconvert"], conf.template, prune=True)[0])
page = first / "index.html.j2"
hook = conf.page_config_hook
mathjax = hook({"fullMathjaxUrl": "https://cdn/mathjax.js", "mathjaxConfig": "TeX"},
               base_url="/", settings={}, log=None, voila_configuration=conf,
               notebook_path="x.ipynb") if hook else {}
print(json.dumps({"template": conf.template, "dir": str(first),
                  "page": page.read_text() if page.is_file() else "",
                  "mathjax": [mathjax.get(k, "?") for k in ("fullMathjaxUrl", "mathjaxConfig")]}))
"""

# <link href>, <script src>, <img src> and @import url(...) addresses in a page's HTML.
_ADDRESS = re.compile(r"""(?:<link\b[^>]*\bhref|<script\b[^>]*\bsrc|<img\b[^>]*\bsrc)\s*=\s*["']"""
                      r"""([^"']+)["']|@import\s+url\(\s*["']?([^"')]+)""", re.IGNORECASE)


def postbuild_prefix(where: Path) -> Path:
    """Run ``binder/postBuild`` (from the repository root, as repo2docker does) with a
    fresh empty virtual environment under ``where`` first on PATH; return that
    environment's prefix. Its ``pip`` only writes its arguments to ``<prefix>/pip-args``.

    Raises:
        AssertionError: postBuild failed (with its output).
    """
    prefix = where / "binder-env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True,
                   timeout=120)
    pip = prefix / "bin" / "pip"
    pip.write_text(f'#!/bin/sh\necho "$@" >> "{prefix}/pip-args"\n')
    pip.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k in ("HOME", "LANG", "TMPDIR")}
    env["PATH"] = f"{prefix / 'bin'}{os.pathsep}/usr/bin{os.pathsep}/bin"
    env["VIRTUAL_ENV"] = str(prefix)
    proc = subprocess.run(["bash", str(POSTBUILD)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, f"binder/postBuild failed:\n{proc.stdout}\n{proc.stderr}"
    return prefix


def binder_env(prefix: Path, home: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """An environment whose Jupyter reads data and config from ``prefix`` (as if it were
    ``sys.prefix``, with Binder's postBuild run into it) and keeps its user folders in
    ``home``; ``base`` (default: this process's environment) without JUPYTER_PATH."""
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if not k.startswith("JUPYTER")}
    env.update(JUPYTER_PATH=str(prefix / "share" / "jupyter"),
               JUPYTER_CONFIG_PATH=str(prefix / "etc" / "jupyter"),
               JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"))
    env.setdefault("TREASUREKIT_SAVES", str(home / "saves"))
    return env


def voila_page_config(env: dict[str, str], python: str = sys.executable,
                      cwd: Path = ROOT) -> dict[str, Any]:
    """What Voilà, as a server extension started in ``cwd`` with ``env``, takes for its
    pages: ``{"template": name, "dir": its first directory, "page": index.html.j2 text,
    "mathjax": [fullMathjaxUrl, mathjaxConfig] of a page config passed through its
    page_config_hook ("?": none)}``."""
    import json

    out = subprocess.run([python, "-c", VOILA_CONFIG_PY], cwd=cwd, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    found: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return found


def outside_addresses(html: str, server: str) -> list[str]:
    """Addresses in ``html``'s links, scripts, images and CSS imports that name another host
    than ``server``'s (relative addresses and data: URLs stay on the server)."""
    host = urlsplit(server).hostname
    found = []
    for match in _ADDRESS.finditer(html):
        address = (match.group(1) or match.group(2) or "").strip()
        if address.startswith("//"):
            address = "http:" + address
        parts = urlsplit(address)
        if parts.scheme in ("http", "https") and parts.hostname != host:
            found.append(address)
    return found


@contextmanager
def jupyter_server(env: dict[str, str], cwd: Path, python: str = sys.executable,
                   log: Path | None = None) -> Iterator[str]:
    """A Jupyter server as Binder runs one (Voilà is its extension), serving ``cwd`` on a
    free port of 127.0.0.1 with no token; yield its base URL; stop it by PID.

    Raises:
        RuntimeError: it did not answer within START_TIMEOUT_S (with its log).
    """
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = log if log is not None else cwd / "jupyter-server.log"
    cmd = [python, "-m", "jupyter", "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.token=",
           "--ServerApp.password=", "--allow-root", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={cwd}"]
    url = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:
                try:
                    urllib.request.urlopen(f"{url}/api/status", timeout=5).close()
                    break
                except OSError as exc:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the Jupyter server did not start:\n"
                                           + log.read_text(errors="replace")[-3000:]) from exc
                    time.sleep(0.25)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)


def page_html(url: str, timeout: float = 180) -> str:
    """The whole HTML of a Voilà page (it streams until the notebook has run)."""
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return str(response.read().decode("utf-8", errors="replace"))


#: The app page's board: every status line drawn (tests/browser/voiladriver.py's check).
BOARD_READY_JS = """() => {
  const boards = [...document.querySelectorAll('.tk-app .tk-board .tk-status')];
  return boards.length > 0 && boards.every((el) => el.textContent.trim().length > 0);
}"""


def outside_requests(urls: list[str], server: str) -> list[str]:
    """The requests of ``urls`` to another host than ``server``'s (data:, blob: and
    about: stay in the page)."""
    host = urlsplit(server).hostname
    return [u for u in urls if urlsplit(u).scheme not in ("data", "blob", "about")
            and urlsplit(u).hostname != host]


def app_page_requests(url: str, chromium: str = "/usr/bin/chromium") -> list[str] | None:
    """Every URL a headless Chromium asks for while it opens the Voilà page ``url`` and
    its app's board is drawn; None when Chromium or Playwright is not installed here.

    Raises:
        playwright's TimeoutError: the board was not drawn within 3 minutes.
    """
    if not Path(chromium).exists():
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    asked: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-background-networking", "--disable-component-update"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1400})
            page.on("request", lambda request: asked.append(request.url))
            page.goto(url, wait_until="commit")
            page.wait_for_function(BOARD_READY_JS, timeout=180_000, polling=200)
            page.wait_for_timeout(1000)  # late stylesheets and fonts
        finally:
            browser.close()
    return asked
