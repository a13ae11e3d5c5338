"""The Treasure Island (2018) board answers real clicks in JupyterLab: a click far out
on the map is refused with the engine's reason; a click within riding distance offers
the moves that go there as buttons in words, and pressing one moves red and redraws the
board; a click on red's own miniature (drawn over the map) still reaches the map. In a
1400x1000 window the board's main controls are visible without scrolling and no text
on it is smaller than 11 px.

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
from labdriver import (
    ROOT,
    notebook_problems,
    open_and_run,
    steady_click,
    wait_for_bots,
    wait_for_text_change,
)

NOTEBOOK = "03-treasure-island-2018.ipynb"
SCREENSHOT = ROOT / "notebooks" / "images" / "ti2018-board.png"
MAP = ".tk-ti18-map"
# The probability map is one bqplot Image mark over the whole 32 x 24-mile board; a
# second, transparent one over every mark takes the clicks (in data coordinates).
IMAGE = ".tk-ti18-map svg image"
MILES_W, MILES_H = 32.0, 24.0
PLY = re.compile(r"ply (\d+);")


def ply_of(text: str) -> int:
    found = PLY.search(text)
    assert found, f"no 'ply N;' in the status: {text!r}"
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


# The board's box, its main controls' boxes, its visible texts smaller than 11 px (SVG
# text by its drawn height) and the pairs of SVG labels that overlap, after scrolling the
# board to the top of the window.
LAYOUT_JS = """(board) => {
  board.scrollIntoView({block: 'start'});
  const box = (el) => { const r = el.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  const out = {board: box(board), window: [innerWidth, innerHeight], controls: {},
               small: [], overlaps: []};
  for (const sel of ['.tk-status', '.tk-ti18-map', '.tk-ti18-done', '.tk-ti18-move-box',
                     '.tk-undo', '.tk-new', '.tk-slot']) {
    const el = board.querySelector(sel);
    out.controls[sel] = el ? box(el) : null;
  }
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || el.closest('style') || !el.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11) out.small.push([n.textContent.trim().slice(0, 30), size]);
  }
  const labels = [...board.querySelectorAll('.tk-ti18-map svg text')]
    .filter((t) => t.textContent.trim() && t.getClientRects().length)
    .map((t) => [t.textContent.trim(), t.getBoundingClientRect()]);
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const [a, p] = labels[i], [b, q] = labels[j];
      if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1
          && q.top < p.bottom - 1) out.overlaps.push([a, b]);
    }
  }
  return out;
}"""


def click_miles(page: Any, board: Any, x: float, y: float) -> None:
    """A real mouse click at map point (x, y) miles."""
    steady_click(page, board.locator(IMAGE).first, (x / MILES_W, 1 - y / MILES_H))


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_click_on_the_map_moves_red(lab_url: str, page: Any) -> None:
    open_and_run(page, lab_url, NOTEBOOK)
    assert notebook_problems(page) == []
    board = page.locator(".tk-board").first
    board.scroll_into_view_if_needed()
    assert board.locator(MAP).count() == 1
    status, log = board.locator(".tk-status"), board.locator(".tk-log")
    assert "Your turn, Anne: 1 action left" in status.text_content()
    assert "press Done" in status.text_content()
    before, log_before = status.text_content(), log.text_content()
    ply = ply_of(before)
    assert board.locator(IMAGE).count() == 2  # two rasters, not thousands of rects

    # a 1400 x 1000 window: the main controls show without scrolling, no text under 11 px
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.wait_for_timeout(500)
    layout = board.evaluate(LAYOUT_JS)
    width, height = layout["window"]
    for name, edges in layout["controls"].items():
        assert edges, f"{name} is missing"
        assert edges[1] >= 0 and edges[3] <= height and edges[2] <= width, (name, layout)
    assert layout["small"] == [], layout["small"]
    assert layout["overlaps"] == [], layout["overlaps"]

    click_miles(page, board, 30.0, 1.0)  # 24 miles away: refused, with the reason
    board.locator(".tk-notice", has_text="at most 6 miles").wait_for(timeout=15_000)
    assert status.text_content() == before

    click_miles(page, board, 6.0, 10.6)  # on red's own miniature: the click reaches the map
    board.locator(".tk-ti18-choice", has_text="Lay the compass around red").wait_for(
        timeout=15_000)
    assert board.locator(".tk-ti18-choice", has_text="Search a small area around").count()
    assert status.text_content() == before  # choices only: nothing played yet

    t0 = time.perf_counter()
    click_miles(page, board, 8.0, 11.0)  # within a ride or a walk: the moves come up
    # a click lands within a pixel or two (0.05 mile); the board rounds it to 0.1 mile
    choice = board.locator(".tk-ti18-choice", has_text=re.compile(r"^Ride [\d.]+ miles to "))
    choice.wait_for(timeout=15_000)
    offered = time.perf_counter() - t0
    t1 = time.perf_counter()
    choice.click()
    wait_for_new_text(status, before)
    played = time.perf_counter() - t1
    assert ply_of(status.text_content()) > ply, status.text_content()
    wait_for_text_change(log, log_before, "the log")
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
