"""The Skeleton Island board answers real clicks in JupyterLab: click an uncovered card of
the Sand Pile, the board takes it; Keep, and the bots answer.

Runs ``notebooks/05-skeleton-island.ipynb``. With ``TK_SAVE_SCREENSHOTS=1`` it also saves
the board, mid-turn, to ``notebooks/images/skeleton-board.png``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from labdriver import (
    NOTEBOOK_DIR,
    notebook_problems,
    open_and_run,
    steady_click,
    wait_for_new_status,
    wait_for_text_change,
)

NOTEBOOK = "05-skeleton-island.ipynb"
SCREENSHOT = NOTEBOOK_DIR / "images" / "skeleton-board.png"
# bqplot 0.13: svg.svg-figure > g > g holds one <g> per mark, in Figure.marks order. The
# pile figure's marks (skeleton_island.pile.PilePicture): cards, resting spots, uncovered
# outlines, gust ghosts, gust arrows, the red outline of covering cards, six labels, the
# transparent click layer (an <image>). Each card outline is a <path class="line"> of the
# third mark.
MARKS = ".tk-skeleton-pile svg.svg-figure > g > g"
OUTLINES = f"{MARKS} > g:nth-child(3) path.line"
CLICK_LAYER = f"{MARKS} image"
MOVE = re.compile(r"(?:ply|move) (\d+)")


def move_of(text: str) -> int:
    found = MOVE.search(text)
    assert found, f"no 'move N' in the status: {text!r}"
    return int(found.group(1))


def fresh_board(page: Any) -> Any:
    """The first Skeleton Island board waiting for a take (pinned by index)."""
    index = page.evaluate("""() => [...document.querySelectorAll('.tk-board')].findIndex((b) =>
        b.querySelector('.tk-skeleton-pile') && (b.querySelector('.tk-status') || {})
          .textContent.includes('choose a card to take (orange outline)'))""")
    assert index >= 0, "no Skeleton Island board is waiting for a card to be taken"
    return page.locator(".tk-board").nth(index)


def click_uncovered_card(page: Any, board: Any, which: int = 0) -> float:
    """Click the centre of an outlined (uncovered) card; return seconds to the new status."""
    outlines = board.locator(OUTLINES)
    assert outlines.count() > which, "no uncovered card is outlined"
    before = board.locator(".tk-status").text_content()
    steady_click(page, outlines.nth(which))
    return wait_for_new_status(board, before)


def keep(board: Any) -> float:
    status = board.locator(".tk-status")
    before = status.text_content()
    board.locator(".tk-keep").click()
    return wait_for_new_status(board, before)


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_clicking_an_uncovered_card_takes_it(lab_url: str, page: Any) -> None:
    open_and_run(page, lab_url, NOTEBOOK)
    assert notebook_problems(page) == []
    board = fresh_board(page)
    board.scroll_into_view_if_needed()
    status, log = board.locator(".tk-status"), board.locator(".tk-log")
    assert board.locator(".tk-skeleton-pile svg.svg-figure").count() == 1
    assert board.locator(".tk-skeleton-table svg.svg-figure").count() == 1
    assert board.locator(CLICK_LAYER).count() == 1
    assert board.locator(OUTLINES).count() >= 3  # a spread leaves at least 3 uncovered

    timings = []
    for _turn in range(2):
        ply = move_of(status.text_content())
        log_before = log.text_content()
        timings.append(click_uncovered_card(page, board))
        held = status.text_content()
        assert "Keep card" in held, held
        assert move_of(held) > ply
        wait_for_text_change(log, log_before, "the log")
        assert board.locator(".tk-keep").is_visible()
        assert board.locator(".tk-rest").is_visible()
        labels = board.locator(".tk-skeleton-pile svg text").all_text_contents()
        assert {"N", "E", "S", "W"} <= {t.strip() for t in labels}, labels  # the rest spots
        timings.append(keep(board))
        after = status.text_content()
        assert "choose a card to take (orange outline)" in after, after
        assert move_of(after) > move_of(held)  # the keep and the bots' turns
    print(f"{NOTEBOOK}: click -> redrawn status {', '.join(f'{t * 1000:.0f} ms' for t in timings)}")
    assert page.locator("text=Error displaying widget").count() == 0

    if os.environ.get("TK_SAVE_SCREENSHOTS") == "1":  # mid-turn: a card in hand, spots offered
        click_uncovered_card(page, board)
        board.locator(f"{MARKS} > g:nth-child(2) path.line").first.wait_for(timeout=15_000)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SCREENSHOT))
        assert Path(SCREENSHOT).stat().st_size > 10_000
