"""The Ahoy board answers real clicks in JupyterLab: roll, click a pirate, the board moves;
a refused click or the hint panel never moves the picture; no pan/zoom toolbar appears.

Runs ``notebooks/01-ahoy-treasures.ipynb`` (or, while that notebook does not exist yet,
a two-cell stand-in uploaded into the server's temp copy only). With
``TK_SAVE_SCREENSHOTS=1`` it also saves the board to ``notebooks/images/ahoy-board.png``.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from labdriver import (
    NOTEBOOK_DIR,
    ROOT,
    first_board_to_roll,
    notebook_problems,
    open_and_run,
    steady_click,
    wait_for_new_status,
    wait_for_text_change,
)

NOTEBOOK = "01-ahoy-treasures.ipynb"
STAND_IN = "_ahoy-board-stand-in.ipynb"
SCREENSHOT = ROOT / "notebooks" / "images" / "ahoy-board.png"
# bqplot 0.13: svg.svg-figure > g > g holds one <g> per mark, in Figure.marks order, then
# g.g_legend. A Scatter point is <g class="object_grp"><path class="dot element">. The
# Ahoy figure's last two marks are the highlight halos and the pirates (ahoy/draw.py).
MARKS = ".tk-ahoy-figure svg.svg-figure > g > g"
HALO = f"{MARKS} > g:nth-last-child(3) path.dot"
PIRATE = f"{MARKS} > g:nth-last-child(2) path.dot"
PLY = re.compile(r"(?:ply|move) (\d+) ·")  # the status's "ply 12 · points: ..."


def _stand_in_notebook() -> dict[str, Any]:
    code = "from treasurekit_widgets import AhoyBoard\n\nAhoyBoard(players=3, seed=1)"
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "cells": [{"cell_type": "code", "id": "board", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": code}],
    }


def notebook_to_open(lab_url: str) -> str:
    """The real notebook if the repository has it, else the stand-in (server temp dir only)."""
    if (NOTEBOOK_DIR / NOTEBOOK).exists():
        return NOTEBOOK
    body = json.dumps({"type": "notebook", "format": "json",
                       "content": _stand_in_notebook()}).encode()
    request = urllib.request.Request(f"{lab_url}/api/contents/{quote(STAND_IN)}", data=body,
                                     method="PUT", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()
    return STAND_IN


def ply_of(text: str) -> int:
    found = PLY.search(text)
    assert found, f"no 'move N' in the status: {text!r}"
    return int(found.group(1))


def settled_status(board: Any, timeout: float = 30.0) -> str:
    """The status text once it shows "move N ·".

    Reads ``textContent``: JupyterLab skips laying out cells outside the viewport, and the
    ``innerText`` of a board just scrolled into view can still be empty.
    """
    status = board.locator(".tk-status")
    deadline = time.monotonic() + timeout
    text = status.text_content() or ""
    while not PLY.search(text) and time.monotonic() < deadline:
        time.sleep(0.1)
        text = status.text_content() or ""
    return text


def click_a_pirate(page: Any, board: Any) -> float:
    """Click the centre of a highlighted pirate (and, after a ship roll, a step button).

    Returns the seconds from the pirate click to the redrawn status.
    """
    status = board.locator(".tk-status")
    halos = board.locator(HALO)
    passing = board.locator(".tk-pass:enabled")
    deadline = time.monotonic() + 30  # the rings are drawn after the status (busy machine)
    while halos.count() == 0 and passing.count() == 0 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    if halos.count() == 0:  # nothing can move: the board offers Pass
        before = status.text_content() or ""
        board.locator(".tk-pass").click()
        return wait_for_new_status(board, before)
    before = status.text_content() or ""
    steady_click(page, halos.first)
    seconds = wait_for_new_status(board, before)
    choices = board.locator(".tk-ship-choice:enabled")  # one button per step count
    if choices.count():
        before = status.text_content() or ""
        choices.first.click()
        seconds = wait_for_new_status(board, before)
    return seconds


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_roll_then_pirate_click_moves_the_ahoy_board(lab_url: str, page: Any) -> None:
    name = notebook_to_open(lab_url)
    open_and_run(page, lab_url, name)
    assert notebook_problems(page) == []
    board = first_board_to_roll(page)
    board.scroll_into_view_if_needed()
    status, log = board.locator(".tk-status"), board.locator(".tk-log")
    assert board.locator(".tk-ahoy-figure svg.svg-figure").count() == 1
    assert board.locator(PIRATE).count() > 0

    timings = []
    for _turn in range(3):
        before = settled_status(board)
        ply = ply_of(before)
        board.locator(".tk-roll").click()
        wait_for_new_status(board, before)
        rolled = settled_status(board)
        assert ply_of(rolled) == ply + 1, rolled
        log_before = log.text_content()
        timings.append(click_a_pirate(page, board))
        after = settled_status(board)
        assert ply_of(after) > ply_of(rolled), after
        wait_for_text_change(log, log_before, "the log")
        board.locator(".tk-roll:enabled").wait_for(timeout=15_000)  # bots answered
    print(f"{name}: click -> redrawn status {', '.join(f'{t * 1000:.0f} ms' for t in timings)}")
    assert page.locator("text=Error displaying widget").count() == 0

    if os.environ.get("TK_SAVE_SCREENSHOTS") == "1":  # mid-turn: die shown, pirates highlighted
        before = status.text_content() or ""
        board.locator(".tk-roll").click()
        wait_for_new_status(board, before)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SCREENSHOT))
        assert Path(SCREENSHOT).stat().st_size > 10_000


def offsets(board: Any, selectors: list[str]) -> dict[str, float]:
    """Each selector's first element's top, in px from the board's top (scroll-proof)."""
    return dict(zip(selectors, board.evaluate(
        """(b, sels) => sels.map((s) => b.querySelector(s).getBoundingClientRect().top
                                        - b.getBoundingClientRect().top)""",
        selectors), strict=True))


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_refused_click_and_hint_panel_never_move_the_picture(lab_url: str, page: Any) -> None:
    name = notebook_to_open(lab_url)
    open_and_run(page, lab_url, name)
    board = first_board_to_roll(page)
    board.scroll_into_view_if_needed()
    watched = [".tk-ahoy-figure", ".tk-slot", ".tk-roll", ".tk-log"]
    before = offsets(board, watched)
    figure_height = board.locator(".tk-ahoy-figure").bounding_box()["height"]

    steady_click(page, board.locator(PIRATE).first)  # before the roll: refused
    notice = board.locator(".tk-notice")
    notice.wait_for(timeout=15_000)
    assert "must roll the die first" in notice.text_content()
    assert notice.bounding_box()["y"] > board.locator(".tk-ahoy-figure").bounding_box()["y"]
    after = offsets(board, watched)
    assert after == pytest.approx(before, abs=0.5), (before, after)

    board.locator(".tk-roll").click()  # a roll: new status text, still the same layout
    board.locator(".tk-roll:disabled").wait_for(timeout=15_000)
    assert offsets(board, watched) == pytest.approx(before, abs=0.5)

    board.locator(".tk-hint").click()
    panel = board.locator(".tk-hint-panel")
    panel.wait_for(state="visible", timeout=15_000)
    board.locator(".tk-hint-panel table").wait_for(timeout=15_000)
    opened = offsets(board, [*watched[:3], ".tk-hint-panel"])
    assert [opened[s] for s in watched[:3]] == pytest.approx([before[s] for s in watched[:3]],
                                                              abs=0.5)
    assert opened[".tk-hint-panel"] > opened[".tk-roll"]  # below the controls
    assert "→" in panel.text_content() and "squares)" in panel.text_content()
    assert board.locator(".tk-ahoy-figure").bounding_box()["height"] == figure_height

    figure = board.locator(".tk-ahoy-figure")
    box = figure.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + 20)
    page.wait_for_timeout(800)  # bqplot fades its toolbar in on hover (0.5 s)
    assert figure.locator(".toolbar_div:visible").count() == 0
    assert page.locator(".tk-chart .toolbar_div:visible").count() == 0
    assert page.locator("text=Error displaying widget").count() == 0
