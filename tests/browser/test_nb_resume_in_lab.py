"""Nothing lost in a notebook (issue 27.3), in a real JupyterLab: the "3. Play" board of the
Ahoy notebook, five moves played from its moves list (the bots answer), then

* a page reload: JupyterLab comes back with the notebook, its cell is run again, and the
  new board offers **Resume your game** at the same ply; pressing it brings back the same
  position and log;
* five more moves, then the kernel is killed: a click on the board brings words in the
  board (it lost its kernel; run the cell again and resume), JupyterLab restarts the
  kernel, the cell is run again and the board offers its game at the same ply;
* the same notebook shown by Voila (the gallery links it): five moves, the kernel is
  killed, the board's words have a button that reloads the page, and the reloaded
  page's Play board offers its game at the same ply.

The browser keeps only the save keys (localStorage of the Lab's address); the saves are in
the Lab's ``TREASUREKIT_SAVES``.
"""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import psutil
import pytest
from labdriver import READY_JS, RUN_TIMEOUT_MS, http
from listplay import play_from_list, ply_of

NOTEBOOK = "01-ahoy-treasures.ipynb"
#: Text of the cells to run: the imports, then the "3. Play" board.
CELLS = ["from treasurekit_widgets import AhoyBoard",
         "board = AhoyBoard(players=3, seats=seats, seed=2024)"]
MOVES = 5

# Clear every output (stored execution counts cannot pass for new ones), then run the cells
# holding each text, in order; returns their indices (-1: no such cell). Not awaited.
RUN_CELLS_JS = """async (needles) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const cells = nb.content.widgets;
  const found = needles.map((n) => cells.findIndex(
    (c) => c.model.type === 'code' && c.model.sharedModel.getSource().includes(n)));
  if (found.some((i) => i < 0)) return found;
  for (const i of found) {
    nb.content.activeCellIndex = i;
    void app.commands.execute('notebook:run-cell');
  }
  return found;
}"""

# The cells ran (execution counts), the kernel is idle, and the last one's board is drawn.
RAN_JS = """(found) => {
  const nb = window.jupyterapp.shell.currentWidget;
  const k = nb.sessionContext.session && nb.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  const cells = nb.content.widgets;
  if (!found.every((i) => cells[i].model.executionCount !== null)) return false;
  const status = cells[found[found.length - 1]].node.querySelector('.tk-board .tk-status');
  return !!status && status.textContent.trim().length > 0;
}"""


def open_and_run_cells(page: Any, lab_url: str, reload: bool = False) -> Any:
    """Open (or reload) the notebook, run the imports and the Play cell; the Play board."""
    if reload:
        page.reload()
    else:
        page.goto(f"{lab_url}/lab/tree/{NOTEBOOK}?reset")
    page.wait_for_function(READY_JS, arg=NOTEBOOK, timeout=60_000, polling=200)
    return run_cells(page)


def run_cells(page: Any) -> Any:
    found = page.evaluate(RUN_CELLS_JS, CELLS)
    assert min(found) >= 0, f"cells not found in {NOTEBOOK}: {found}"
    page.wait_for_function(RAN_JS, arg=found, timeout=RUN_TIMEOUT_MS, polling=200)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(found[-1])
    return cell.locator(".tk-board").first


def kernel_pid(lab_url: str) -> int:
    """The process id of the notebook's kernel (its connection file names its id)."""
    (session,) = [s for s in http("GET", f"{lab_url}/api/sessions")
                  if s["path"].endswith(NOTEBOOK)]
    kernel_id = session["kernel"]["id"]
    for proc in psutil.process_iter(["pid", "cmdline"]):
        if any(kernel_id in part for part in proc.info["cmdline"] or ()):
            return int(proc.info["pid"])
    raise AssertionError(f"no process for kernel {kernel_id}")


def lab_dialogs(page: Any) -> list[str]:
    """Close JupyterLab's dialogs on display (with their last button: "Ok"); their texts."""
    texts = []
    dialog = page.locator(".jp-Dialog")
    while dialog.count():
        texts.append((dialog.first.text_content() or "").strip())
        dialog.first.locator("button").last.click()
        page.wait_for_timeout(300)
    return texts


def resume_here(board: Any, ply: int, log: str) -> None:
    """The board offers its game at ``ply``; Resume brings back that ply and log."""
    cell = board.locator("xpath=ancestor::div[contains(@class, 'jp-Cell')][1]")
    offer = cell.locator(".tk-resume-offer")
    offer.wait_for(state="visible", timeout=30_000)
    assert f"ply {ply}" in (offer.text_content() or "")
    lab_dialogs(board.page)
    offer.locator(".tk-resume").click()
    deadline = time.monotonic() + 60
    while ply_of(board) != ply or (board.locator(".tk-log").text_content() or "") != log:
        assert time.monotonic() < deadline, f"the board did not come back to ply {ply}"
        time.sleep(0.2)
    offer.wait_for(state="hidden", timeout=10_000)


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_the_play_board_of_a_notebook_resumes_after_a_reload_and_a_dead_kernel(
        lab_url: str, page: Any) -> None:
    board = open_and_run_cells(page, lab_url)
    assert board.locator(".tk-resume-offer").count() == 1
    assert board.locator(".tk-resume-offer").is_hidden()  # nothing saved in this browser
    ply = play_from_list(board, MOVES)
    log = board.locator(".tk-log").text_content() or ""
    assert page.evaluate("() => JSON.parse(localStorage.getItem('treasurekit-board-saves'))"
                         ".length") == 1

    board = open_and_run_cells(page, lab_url, reload=True)  # a reload of JupyterLab
    resume_here(board, ply, log)

    ply = play_from_list(board, MOVES)
    log = board.locator(".tk-log").text_content() or ""
    os.kill(kernel_pid(lab_url), signal.SIGKILL)  # the kernel dies under the open notebook
    killed = time.monotonic()
    lost = board.locator(".tk-lost")
    dialogs = []
    while not lost.is_visible():
        assert time.monotonic() < killed + 40, "the board stayed silent about its dead kernel"
        dialogs += lab_dialogs(page)  # JupyterLab's own word: the kernel died, restarts
        board.locator(".tk-status").click()  # a student clicks on, to no avail
        time.sleep(1)
    said = time.monotonic() - killed
    assert "run this cell again" in (lost.text_content() or "")
    page.wait_for_function("""() => { const w = window.jupyterapp.shell.currentWidget;
      const k = w.sessionContext.session && w.sessionContext.session.kernel;
      return !!k && k.status === 'idle'; }""", timeout=60_000, polling=200)  # restarted
    page.wait_for_timeout(1000)
    dialogs += lab_dialogs(page)
    print(f"the board said it lost its kernel {said:.1f} s after it died; JupyterLab's "
          f"dialogs: {dialogs}")
    board = run_cells(page)
    resume_here(board, ply, log)


THREE_BOARDS_JS = "() => document.querySelectorAll('.tk-board .tk-status').length === 3"


def three_boards(page: Any, server: Any, timeout_ms: int = 150_000) -> None:
    """Wait until Voilà has run the notebook and drawn its three boards; a page that
    stalls is reloaded once, as a student would (CI saw one stall for 180 s, once, in a
    run of every browser test: what the page showed and the server's log are printed).

    Raises:
        AssertionError: not after the reload either; says how far the page got and ends
            with the server's log.
    """
    from voiladriver import server_log

    for attempt in (1, 2):
        try:
            page.wait_for_function(THREE_BOARDS_JS, timeout=timeout_ms, polling=200)
            return
        except Exception:  # playwright's TimeoutError: say where the page stalled
            seen = page.evaluate(
                "() => [document.querySelectorAll('.tk-board .tk-status').length,"
                " (document.body || {}).innerText?.slice(-300) || '']")
            said = (f"Voilà drew {seen[0]} of 3 boards in {timeout_ms / 1000:.0f} s; the page "
                    f"ends: {seen[1]!r}; server log:\n{server_log(server)}")
            assert attempt == 1, said
            print(f"reloading a stalled page: {said}")
            page.reload(wait_until="commit")


@pytest.mark.browser
@pytest.mark.timeout(900)
def test_a_notebook_board_in_voila_says_reload_and_resumes(browser: Any, tmp_path: Any,
                                                            monkeypatch: Any) -> None:
    """The same notebook shown by Voilà (the gallery links the notebooks): the kernel dies,
    a click brings words and a button that reloads the page; the reloaded page's Play
    board offers its game at the same ply."""
    from voiladriver import kernel_pids, voila_server

    monkeypatch.setenv("TREASUREKIT_SAVES", str(tmp_path / "saves"))
    with voila_server() as (url, proc):
        context = browser.new_context(viewport={"width": 1400, "height": 2000})
        try:
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"{url}/voila/render/notebooks/{NOTEBOOK}", wait_until="commit")
            boards = page.locator(".tk-board")
            three_boards(page, proc)
            board = boards.nth(1)  # the "3. Play" board (then the finished demo game)
            ply = play_from_list(board, MOVES)
            log = board.locator(".tk-log").text_content() or ""
            for pid in kernel_pids(proc):
                os.kill(pid, signal.SIGKILL)
            lost = board.locator(".tk-lost")
            deadline = time.monotonic() + 40
            while not lost.first.is_visible():
                assert time.monotonic() < deadline, "the board stayed silent"
                board.locator(".tk-status").click()
                time.sleep(1)
            assert "reload the page" in (lost.first.text_content() or "")
            lost.first.locator(".tk-lost-resume").click()
            three_boards(page, proc)
            resume_here(page.locator(".tk-board").nth(1), ply, log)
        finally:
            context.close()
