"""The Sjörövarön board answers real clicks in JupyterLab: roll, pick a pirate on a
ringed starting hex, declare a move, roll, click a yellow hex: the pirate walks there.

Runs ``notebooks/04-sjorovaron.ipynb``. With ``TK_SAVE_SCREENSHOTS=1`` it also saves the
board to ``notebooks/images/sjo-board.png``.
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
    wait_for_bots,
    wait_for_status_change,
    wait_for_text_change,
)

NOTEBOOK = "04-sjorovaron.ipynb"
SCREENSHOT = ROOT / "notebooks" / "images" / "sjo-board.png"
DOTS = ".tk-sjo-figure path.dot"
HILITE_FILL = "rgb(255, 224, 102)"  # sjorovaron.draw.HILITE: a hex a click may choose
PLY = re.compile(r"(?:ply|move) (\d+) ·")

LIT_JS = """(board, fill) => [...board.querySelectorAll('DOTS')]
    .map((d, i) => getComputedStyle(d).fill === fill ? i : -1).filter((i) => i >= 0)
""".replace("DOTS", DOTS)


def ply_of(text: str) -> int:
    found = PLY.search(text)
    assert found, f"no 'move N' in the status: {text!r}"
    return int(found.group(1))


def status_of(board: Any) -> str:
    return str(board.locator(".tk-status").text_content())


def wait_for_new_status(board: Any, before: str) -> None:
    try:
        wait_for_status_change(board, before)
    except Exception as exc:  # say what the board shows instead
        notice = board.locator(".tk-slot").text_content()
        busy = board.evaluate("(b) => b.classList.contains('tk-busy')")
        raise AssertionError(f"the status stayed {before!r}; under the map {notice!r}; "
                             f"busy {busy}; lit {lit_dots(board)}") from exc
    wait_for_bots(board)  # the bots' replies follow the click's own move


def lit_dots(board: Any) -> list[int]:
    return list(board.evaluate(LIT_JS, HILITE_FILL))


def press(board: Any, button: Any) -> None:
    before = status_of(board)
    button.click()
    wait_for_new_status(board, before)


def roll(board: Any) -> None:
    before = status_of(board)
    board.locator(".tk-roll").click()
    wait_for_new_status(board, before)


def click_first_lit(page: Any, board: Any) -> None:
    lit = lit_dots(board)
    assert lit, f"no yellow hex: {status_of(board)!r}"
    before = status_of(board)
    steady_click(page, board.locator(DOTS).nth(lit[0]))
    wait_for_new_status(board, before)


def until_hexes_are_lit(board: Any) -> None:
    """Roll, or press 'Move over land' (else 'End the turn', else the first decision
    button), until the roll lights up hexes."""
    for _ in range(12):
        buttons = board.locator(".tk-sjo-decision:visible")
        deadline = time.monotonic() + 30  # the picture and buttons follow the status
        while not (lit_dots(board) or board.locator(".tk-roll:enabled").count()
                   or buttons.count()) and time.monotonic() < deadline:
            board.page.wait_for_timeout(100)
        if lit_dots(board):
            return
        if board.locator(".tk-roll:enabled").count():
            roll(board)
            continue
        for label in ("Move over land", "End the turn"):
            if buttons.filter(has_text=label).count():
                press(board, buttons.filter(has_text=label).first)
                break
        else:
            press(board, buttons.first)
    raise AssertionError("no hex was ever highlighted")


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_roll_pick_then_click_a_yellow_hex_walks_there(lab_url: str, page: Any) -> None:
    open_and_run(page, lab_url, NOTEBOOK)
    assert notebook_problems(page) == []
    board = first_board_to_roll(page)
    board.scroll_into_view_if_needed()
    assert "Player 1" in status_of(board)

    roll(board)  # the starting roll; the bots roll and pick up to the human's pick
    until_hexes_are_lit(board)
    assert "ringed starting hex" in status_of(board)
    click_first_lit(page, board)  # pick the first pirate in the list on that hex
    assert "p0" not in status_of(board).split("·")[0]

    for _turn in range(3):
        until_hexes_are_lit(board)
        before = status_of(board)
        log_before = board.locator(".tk-log").text_content()
        ply = ply_of(before)
        t0 = time.perf_counter()
        click_first_lit(page, board)
        print(f"hex click -> redrawn status {(time.perf_counter() - t0) * 1000:.0f} ms")
        assert ply_of(status_of(board)) > ply
        wait_for_text_change(board.locator(".tk-log"), log_before, "the log")
        assert "walks" in str(board.locator(".tk-log").text_content())
    assert page.locator("text=Error displaying widget").count() == 0

    if os.environ.get("TK_SAVE_SCREENSHOTS") == "1":  # mid-game, hexes lit
        until_hexes_are_lit(board)
        board.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SCREENSHOT))
        assert Path(SCREENSHOT).stat().st_size > 10_000
