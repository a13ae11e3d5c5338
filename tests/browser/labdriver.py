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
import random
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
    # every cell attached and laid out: with JupyterLab's default ("contentVisibility") the
    # cells out of view are laid out only as they come into view, and the notebook jumped
    # by thousands of pixels between reading a board's position and clicking it
    "notebook-extension/tracker": {"windowingMode": "none"},
}


class LabStartError(RuntimeError):
    """JupyterLab did not answer within LAB_START_TIMEOUT_S (the message holds its log)."""


@contextmanager
def lab_server(tmp: Path, root: Path, start_timeout: float = LAB_START_TIMEOUT_S) -> Iterator[str]:
    """Start JupyterLab serving ``root`` with private Jupyter dirs under ``tmp``, no token,
    autosave off; yield its base URL; stop it by PID.

    ``start_timeout``: seconds to wait for the server to answer.

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
    env.setdefault("TREASUREKIT_SAVES", str(tmp / "saves"))  # clicked boards save (27.3)
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
            deadline = time.monotonic() + start_timeout
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
            stop(proc)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Terminate a server we started (by its PID), killing it after 15 s."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=15)


def notebook_names() -> list[str]:
    """Paths of the repository's notebooks relative to ``notebooks/`` (solutions too), sorted."""
    return sorted(p.relative_to(NOTEBOOK_DIR).as_posix() for p in NOTEBOOK_DIR.glob("**/*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


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


# ----- clicking a board and noticing its answer (browser tests and benchmarks) -----------
#: Highlighted places of each picture that a click may choose (CSS, inside the board),
#: with the computed style a usable place has (None: every match is usable): Ahoy's
#: orange halo round a pirate that may move (a click at its centre hits the pirate),
#: the yellow squares and hexes the dice allow, Skeleton Island's outlined cards.
MARKS: dict[str, tuple[str, dict[str, str]]] = {
    "ahoy": (".tk-ahoy-figure path.dot", {"stroke": "rgb(247, 103, 7)", "stroke-width": "3px"}),
    "treasure_island_2003": (".tk-ti-figure g.heatmaprow rect.heatmapcell",
                             {"fill": "rgb(255, 224, 102)"}),
    "sjorovaron": (".tk-sjo-figure path.dot", {"fill": "rgb(255, 224, 102)"}),
    # (bqplot 0.13: svg > g > g holds one <g> per mark; the third is the uncovered outlines)
    "skeleton_island": (".tk-skeleton-pile svg.svg-figure > g > g > g:nth-child(3) path.line",
                        {}),
}
TI2018_MAP = ".tk-ti18-map svg image"

#: Buttons that answer a decision (choices in the slot, side panels, Pass/Keep/...).
CHOICES = (".tk-slot button, .tk-pass, .tk-sjo-decision, .tk-ti-decision, .tk-ti18-decision, "
           ".tk-ti18-choice")

# Every visible, enabled element of the board matching a selector (its index among the
# matches and its text), with the computed style values asked ({property: value}). Invisible
# ones (display:none, zero size, visibility:hidden, disabled) are skipped.
TARGETS_JS = """([board, selector, want]) => [...board.querySelectorAll(selector)]
  .map((el, index) => ({index, el, box: el.getBoundingClientRect(), style: getComputedStyle(el)}))
  .filter((e) => !e.el.disabled && e.box.width > 0 && e.box.height > 0
                 && e.style.visibility !== 'hidden'
                 && Object.entries(want).every(([k, v]) => e.style.getPropertyValue(k) === v))
  .map((e) => ({index: e.index, text: (e.el.textContent || '').trim().slice(0, 30)}))"""

# The clock: a capturing mousedown listener on the document and a MutationObserver on the
# board. ARM_JS forgets the last click; the first change after the next mouse-down is kept.
CLOCK_JS = """(board) => {
  const clock = {armed: false, down: null, first: null, what: null, last: performance.now()};
  const describe = (m) => {
    const t = m.target.nodeType === 1 ? m.target : m.target.parentElement;
    const owner = t && t.closest('[class*="tk-"]');
    const cls = owner ? [...owner.classList].filter((c) => c.startsWith('tk-')).join('.') : '';
    return `${m.type}${m.attributeName ? ':' + m.attributeName : ''} ${cls}`;
  };
  document.addEventListener('mousedown', (e) => {
    if (clock.armed && clock.down === null) clock.down = e.timeStamp;
  }, true);
  // an attribute or text set to the value it had is no visible change, nor is the
  // board's own tk-busy class (bots at work)
  const real = (m) => m.type === 'childList' ? true
    : m.target === board && m.attributeName === 'class' ? false
    : m.type === 'attributes' ? m.oldValue !== m.target.getAttribute(m.attributeName)
    : m.oldValue !== m.target.data;
  new MutationObserver((muts) => {
    const changed = muts.filter(real);
    if (!changed.length) return;
    const now = performance.now();
    clock.last = now;
    if (clock.armed && clock.down !== null && clock.first === null) {
      clock.first = now;
      clock.what = describe(changed[0]);
    }
  }).observe(board, {subtree: true, childList: true, attributes: true, characterData: true,
                     attributeOldValue: true, characterDataOldValue: true});
  window.__tkClock = clock;
}"""

ARM_JS = """() => { const c = window.__tkClock; c.armed = true; c.down = null; c.first = null;
  c.what = null; }"""
READ_JS = """() => { const c = window.__tkClock; return {down: c.down, first: c.first,
  what: c.what, quiet: performance.now() - c.last}; }"""

def targets(board: Any, selector: str,
            want: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Clickable matches of ``selector`` (with the computed style values ``want``):
    ``{selector, index, text, fx, fy}`` (where to click, as fractions of its box)."""
    found = board.evaluate(f"(b, a) => ({TARGETS_JS})([b, a[0], a[1]])",
                           [selector, want or {}])
    return [{"selector": selector, "fx": 0.5, "fy": 0.5, **t} for t in found]


def candidates(board: Any, game: str, rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    """What the board offers now: rolls, places on the picture, choices, undo."""
    found: dict[str, list[dict[str, Any]]] = {
        "roll": targets(board, ".tk-roll"),
        "choice": [t for t in targets(board, CHOICES) if t["text"]],
        "undo": targets(board, ".tk-undo"),
    }
    if game == "treasure_island_2018":  # a point of the map, anywhere
        # (the first image, the probability map, spans the map; the click catcher over it
        # reaches past the map on every side, clipped to the plot area: empty_clicks.py)
        found["board"] = [{**t, "fx": 0.1 + 0.8 * rng.random(), "fy": 0.1 + 0.8 * rng.random(),
                           "text": "map point"} for t in targets(board, TI2018_MAP)[:1]]
    else:
        selector, want = MARKS[game]
        found["board"] = targets(board, selector, want)
    return found


KERNEL_IDLE_JS = """() => { const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle'; }"""
#: Milliseconds without a change of the board (and an idle kernel) that end a click.
QUIET_MS = 300


def settle(page: Any, timeout: float = 60.0) -> None:
    """Wait until the kernel is idle and the board (with CLOCK_JS installed) has not changed
    for QUIET_MS: the bots have replied."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(KERNEL_IDLE_JS) and page.evaluate(READ_JS)["quiet"] >= QUIET_MS:
            return
        page.wait_for_timeout(50)
    raise TimeoutError("the board never came to rest")


HIT_JS = """(target, [x, y]) => {
  const el = document.elementFromPoint(x, y);
  if (!el) return 'nothing (off screen)';
  const svg = target.ownerSVGElement;
  if (el === target || target.contains(el) || (svg && svg.contains(el))) return '';
  return `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`; }"""


def steady_click(page: Any, locator: Any, at: tuple[float, float] = (0.5, 0.5),
                 tries: int = 5) -> None:
    """A real mouse click on ``locator`` at ``at`` (fractions of its box from the top left:
    the centre by default), once it has stopped moving: scrolled into view, its box read
    until two reads 100 ms apart agree (outputs above it may still be growing), the mouse
    rested on it while hover effects (tooltips) come and go, and the box read again just
    before the press. The press happens only if the point is on screen and on the
    element (or on its SVG figure, whose top mark may catch the click); else the element
    is scrolled into view again, up to ``tries`` times.

    Raises:
        RuntimeError: the element never came to rest on screen, uncovered.
    """
    under = "nothing"
    for _ in range(tries):
        locator.scroll_into_view_if_needed()
        box, last = None, locator.bounding_box()
        for _ in range(30):
            page.wait_for_timeout(100)
            box = locator.bounding_box()
            if box == last:
                break
            last = box
        if box is None:
            raise RuntimeError("nothing to click on screen")
        page.mouse.move(box["x"] + at[0] * box["width"], box["y"] + at[1] * box["height"])
        page.wait_for_timeout(120)
        box = locator.bounding_box() or box
        point = [box["x"] + at[0] * box["width"], box["y"] + at[1] * box["height"]]
        under = locator.evaluate(HIT_JS, point)
        if not under:
            page.mouse.click(*point)
            return
    raise RuntimeError(f"the element never came to rest on screen: at the point, {under}")


def wait_for_text_change(locator: Any, before: str | None, what: str,
                         timeout_s: float = 15.0) -> None:
    """Wait until ``locator``'s text is no longer ``before`` (a board's widgets update one
    by one: the log may change a moment after the status).

    Raises:
        AssertionError: ``what`` never changed within ``timeout_s``.
    """
    deadline = time.monotonic() + timeout_s
    while locator.text_content() == before:
        assert time.monotonic() < deadline, f"{what} never changed: {before!r:.200}"
        time.sleep(0.1)


def click_target(page: Any, board: Any, target: dict[str, Any]) -> float:
    """A real mouse click on ``target`` (from :func:`candidates`), scrolled into view, with
    the clock armed just before the mouse-down; returns ``time.monotonic()`` at the press.
    Read the board's answer with READ_JS (``first``, ``down``: page milliseconds)."""
    element = board.locator(target["selector"]).nth(target["index"])
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    if box is None:
        raise RuntimeError(f"{target} has no box on screen")
    page.mouse.move(box["x"] + target["fx"] * box["width"],
                    box["y"] + target["fy"] * box["height"])
    page.wait_for_timeout(120)  # hover effects (tooltips, hovered styles) come and go
    page.evaluate(ARM_JS)
    t0 = time.monotonic()
    page.mouse.down()
    page.mouse.up()
    return t0


BOTS_DONE_JS = """(board) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const tick = () => !board.classList.contains('tk-busy') ? resolve()
    : performance.now() - t0 > 60000 ? reject(new Error('the bots never finished'))
    : setTimeout(tick, 50);
  tick(); })"""


def wait_for_bots(board: Any) -> None:
    """Wait until the board (a ``.tk-board`` locator) has drawn every bot reply to the last
    click: a click's own move shows at once, the bots' moves follow one by one while the
    board has class ``tk-busy``."""
    board.evaluate(BOTS_DONE_JS)


#: Resolves when the element's text is no longer ``before`` (checked every frame, 15 s).
STATUS_CHANGE_JS = """(el, before) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const tick = () => {
    if (el.textContent !== before) return resolve();
    if (performance.now() - t0 > 15000) return reject(new Error('status unchanged'));
    requestAnimationFrame(tick);
  };
  tick(); })"""


def wait_for_status_change(board: Any, before: str) -> float:
    """Wait until the board's status text differs from ``before`` (watched in the page,
    frame by frame, at most 15 s); return the seconds waited."""
    start = time.perf_counter()
    board.locator(".tk-status").evaluate(STATUS_CHANGE_JS, before)
    return time.perf_counter() - start


def wait_for_new_status(board: Any, before: str) -> float:
    """:func:`wait_for_status_change`, then :func:`wait_for_bots` (the bots' replies follow
    the click's own move); return the seconds until the status changed."""
    seconds = wait_for_status_change(board, before)
    wait_for_bots(board)
    return seconds


def first_board_to_roll(page: Any) -> Any:
    """The first ``.tk-board`` whose roll button is enabled (pinned by index)."""
    index = page.evaluate("""() => [...document.querySelectorAll('.tk-board')]
        .findIndex((b) => { const r = b.querySelector('.tk-roll'); return r && !r.disabled; })""")
    assert index >= 0, "no board is waiting for a roll"
    return page.locator(".tk-board").nth(index)
