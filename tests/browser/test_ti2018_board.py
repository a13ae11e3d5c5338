"""The Treasure Island (2018) board answers real clicks in JupyterLab: a click far out
on the map is refused with the engine's reason; a click within riding distance offers
the moves that go there as buttons, and pressing one moves red and redraws the board.

Runs ``notebooks/03-treasure-island-2018.ipynb``. With ``TK_SAVE_SCREENSHOTS=1`` it also
saves the board to ``notebooks/images/ti2018-board.png``.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from labdriver import ROOT, notebook_problems, open_and_run, wait_for_bots

NOTEBOOK = "03-treasure-island-2018.ipynb"
SCREENSHOT = ROOT / "notebooks" / "images" / "ti2018-board.png"
MAP = ".tk-ti18-map"
# The probability map is one bqplot Image mark over the whole 32 x 24-mile board; it
# also takes the clicks (in data coordinates).
IMAGE = ".tk-ti18-map svg image"
MILES_W, MILES_H = 32.0, 24.0
PLY = re.compile(r"move (\d+);")


def ply_of(text: str) -> int:
    found = PLY.search(text)
    assert found, f"no 'move N;' in the status: {text!r}"
    return int(found.group(1))


BOARD_ANCESTOR = "xpath=ancestor::*[contains(concat(' ', @class, ' '), ' tk-board ')]"


def wait_for_new_text(locator: Any, before: str) -> float:
    """Wait until ``locator``'s text differs from ``before``; return the seconds."""
    start = time.perf_counter()
    locator.evaluate(
        """(el, before) => new Promise((resolve, reject) => {
             const t0 = performance.now();
             const tick = () => {
               if (el.textContent !== before) return resolve();
               if (performance.now() - t0 > 15000) return reject(new Error('unchanged'));
               requestAnimationFrame(tick);
             };
             tick();
           })""",
        before,
    )
    seconds = time.perf_counter() - start
    # the bots' replies follow the click's own move
    wait_for_bots(locator.locator(BOARD_ANCESTOR).first)
    return seconds


def click_miles(page: Any, board: Any, x: float, y: float) -> None:
    """A real mouse click at map point (x, y) miles."""
    image = board.locator(IMAGE).first
    image.scroll_into_view_if_needed()
    box = image.bounding_box()
    assert box, "the map is not on screen"
    page.mouse.click(box["x"] + x / MILES_W * box["width"],
                     box["y"] + (1 - y / MILES_H) * box["height"])


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_click_on_the_map_moves_red(lab_url: str, page: Any) -> None:
    open_and_run(page, lab_url, NOTEBOOK)
    assert notebook_problems(page) == []
    board = page.locator(".tk-board").first
    board.scroll_into_view_if_needed()
    assert board.locator(MAP).count() == 1
    status, log = board.locator(".tk-status"), board.locator(".tk-log")
    assert "p1 (Anne) to act" in status.text_content()
    before, log_before = status.text_content(), log.text_content()
    ply = ply_of(before)
    assert board.locator(IMAGE).count() == 1  # one raster, not thousands of rects

    click_miles(page, board, 30.0, 1.0)  # 24 miles away: refused, with the reason
    board.locator(".tk-notice", has_text="at most 6 miles").wait_for(timeout=15_000)
    assert status.text_content() == before

    t0 = time.perf_counter()
    click_miles(page, board, 8.0, 11.0)  # within a ride or a walk: the moves come up
    # a click lands within a pixel or two (0.05 mile); the board rounds it to 0.1 mile
    choice = board.locator(".tk-ti18-choice", has_text=re.compile(r"^horse red \d"))
    choice.wait_for(timeout=15_000)
    offered = time.perf_counter() - t0
    t1 = time.perf_counter()
    choice.click()
    wait_for_new_text(status, before)
    played = time.perf_counter() - t1
    assert ply_of(status.text_content()) > ply, status.text_content()
    assert log.text_content() != log_before
    assert re.search(r"rides red to (7\.9|8|8\.1),(10\.9|11|11\.1)\b", log.text_content())
    assert board.locator(".tk-ti18-choice").count() == 0
    print(f"{NOTEBOOK}: map click -> choice buttons {offered * 1000:.0f} ms, "
          f"button -> redrawn status {played * 1000:.0f} ms")
    assert page.locator("text=Error displaying widget").count() == 0

    if os.environ.get("TK_SAVE_SCREENSHOTS") == "1":
        board.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SCREENSHOT))
        assert Path(SCREENSHOT).stat().st_size > 10_000
