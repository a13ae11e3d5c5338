"""The Treasure Island (2003) board answers real clicks in JupyterLab: roll, click a yellow
square, the counter lands; a click on the sea is refused with the reason.

Runs ``notebooks/02-treasure-island-2003.ipynb``. With ``TK_SAVE_SCREENSHOTS=1`` it also
saves the board to ``notebooks/images/ti2003-board.png``.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from labdriver import (
    ROOT,
    first_board_to_roll,
    notebook_problems,
    open_and_run,
    steady_click,
    wait_for_new_status,
    wait_for_text_change,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

NOTEBOOK = "02-treasure-island-2003.ipynb"
SCREENSHOT = ROOT / "notebooks" / "images" / "ti2003-board.png"
# bqplot 0.13 draws a GridHeatMap as one <g class="heatmaprow"> per row (north first),
# each holding one <rect class="heatmapcell"> per column: DOM order is row-major.
CELLS = ".tk-ti-figure g.heatmaprow rect.heatmapcell"
HILITE_FILL = "rgb(255, 224, 102)"  # treasure_island_2003.draw.HILITE, a square the dice allow
PLY = re.compile(r"(?:ply|move) (\d+) ·")

LIT_JS = """(board, fill) => [...board.querySelectorAll('CELLS')]
    .map((r, i) => getComputedStyle(r).fill === fill ? i : -1).filter((i) => i >= 0)
""".replace("CELLS", CELLS)


def ply_of(text: str) -> int:
    found = PLY.search(text)
    assert found, f"no 'move N' in the status: {text!r}"
    return int(found.group(1))


def lit_cells(board: Any) -> list[int]:
    """Row-major indices of the yellow (usable) cells."""
    return list(board.evaluate(LIT_JS, HILITE_FILL))


def until_squares_are_lit(board: Any) -> None:
    """Press Roll (or the first decision button) until the dice light up squares."""
    status = board.locator(".tk-status")
    for _ in range(12):
        if lit_cells(board):
            return
        before = status.text_content()
        decision = board.locator(".tk-ti-decision:visible")
        if board.locator(".tk-roll:enabled").count():
            board.locator(".tk-roll").click()
        elif decision.count():
            decision.first.click()
        else:
            raise AssertionError(f"nothing to press: {before!r}")
        wait_for_new_status(board, before)
    raise AssertionError("no square was ever highlighted")


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_roll_then_click_a_yellow_square_places_a_counter(lab_url: str, page: Any) -> None:
    open_and_run(page, lab_url, NOTEBOOK)
    assert notebook_problems(page) == []
    board = first_board_to_roll(page)
    board.scroll_into_view_if_needed()
    cells = board.locator(CELLS)
    assert cells.count() == 14 * 14
    status, log = board.locator(".tk-status"), board.locator(".tk-log")

    notice = board.locator(".tk-notice")
    for attempt in range(3):  # a1, the sea, before any throw: refused
        # The first click can land while Lab still lays out the cells around the board
        # (it skips off-screen cells and lays them out as they scroll in): click again.
        steady_click(page, cells.nth(0))
        try:
            notice.wait_for(timeout=15_000)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
    assert "throw the dice first" in notice.text_content()

    timings = []
    for _turn in range(3):
        until_squares_are_lit(board)
        lit = lit_cells(board)
        before, log_before = status.text_content(), log.text_content()
        ply = ply_of(before)
        steady_click(page, cells.nth(0))  # the sea: refused with the engine's reason
        notice.wait_for(timeout=15_000)
        board.locator(".tk-notice", has_text="a1 is sea").wait_for(timeout=15_000)
        assert status.text_content() == before
        t0 = time.perf_counter()
        steady_click(page, cells.nth(lit[0]))
        wait_for_new_status(board, before)
        timings.append(time.perf_counter() - t0)
        assert ply_of(status.text_content()) > ply, status.text_content()
        wait_for_text_change(log, log_before, "the log")
        assert lit[0] not in lit_cells(board)  # the square holds Red's counter now
    print(f"{NOTEBOOK}: cell click -> redrawn status "
          f"{', '.join(f'{t * 1000:.0f} ms' for t in timings)}")
    assert page.locator("text=Error displaying widget").count() == 0

    if os.environ.get("TK_SAVE_SCREENSHOTS") == "1":  # mid-game: dice shown, squares lit
        board.locator(".tk-hint").click()  # play the hint's first choice for a few turns
        for _turn in range(8):
            until_squares_are_lit(board)
            board.locator(".tk-hint-panel table").wait_for(timeout=15_000)
            best = board.locator(".tk-hint-panel td code").first.text_content()
            before = status.text_content()
            steady_click(page, cells.nth(square_index(best.split()[-1])))
            wait_for_new_status(board, before)
        board.locator(".tk-hint").click()
        until_squares_are_lit(board)
        board.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SCREENSHOT))
        assert Path(SCREENSHOT).stat().st_size > 10_000


def square_index(name: str, size: int = 14) -> int:
    """Row-major index of a square name such as ``"c7"`` (row 1 is the north row)."""
    return (int(name[1:]) - 1) * size + ord(name[0]) - 97
