"""Play a board's human moves from its "Your moves" list (helpers for test_resume.py and
test_nb_resume_in_lab.py).

The list (``.tk-keys-list``, :mod:`treasurekit_widgets.a11y`) holds every legal move of the
human to move, in words, built by the kernel from ``state.legal_moves()``; a click on an
item plays it, as Enter does. So the moves are legal by construction, whatever the game,
and no pixel of a picture has to be hit.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

ITEMS = ".tk-keys-list li[role=option]:not([aria-disabled=true])"
PLY = re.compile(r"(?:ply|move) (\d+)")


def ply_of(board: Any) -> int:
    """The ply the board's status names (``move N`` / ``ply N``)."""
    text = board.locator(".tk-status").text_content() or ""
    found = PLY.search(text)
    assert found, f"no 'move N' in the status: {text!r}"
    return int(found.group(1))


def varied(k: int, n: int) -> int:
    """A varied but fixed choice among the first items (a long list: its first 40)."""
    return (7 * k + 3) % min(n, 40)


def _wait(check: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def _ready(board: Any) -> bool:
    """The bots are done (no ``tk-busy``) and the list offers moves."""
    return bool(board.evaluate(
        f"(b) => !b.classList.contains('tk-busy') && !!b.querySelector('{ITEMS}')"))


def play_from_list(board: Any, moves: int, pick: Callable[[int, int], int] = varied,
                   timeout_s: float = 90) -> int:
    """Play ``moves`` human moves on ``board`` (a ``.tk-board`` locator) from its moves
    list, each once the bots have answered the one before; ``pick(k, n)`` chooses the
    item of the ``k``-th move among ``n``. Returns the ply once the bots have answered
    the last move.

    Raises:
        AssertionError: the list offered nothing, a move was not played, or a notice
            refused it, within ``timeout_s`` each.
    """
    for k in range(moves):
        _wait(lambda: _ready(board), timeout_s, f"move {k + 1}: the list offers no move")
        time.sleep(0.3)  # the list comes a moment after the status: not a stale one
        before = ply_of(board)
        deadline = time.monotonic() + timeout_s
        clicked = 0.0
        while ply_of(board) <= before:
            notice = (board.locator(".tk-notice-box").text_content() or "").strip()
            assert not notice, f"move {k + 1} was refused: {notice}"
            assert time.monotonic() < deadline, f"move {k + 1} was not played"
            if time.monotonic() - clicked > 10 and _ready(board):
                # (again after 10 s: a click on a list that was just being replaced is
                # ignored by the kernel, which plays only from the list it last sent)
                items = board.locator(ITEMS)
                items.nth(pick(k, items.count())).click()
                clicked = time.monotonic()
            time.sleep(0.1)
    _wait(lambda: not board.evaluate("(b) => b.classList.contains('tk-busy')"), timeout_s,
          "the bots never finished")
    time.sleep(0.3)  # the board's widgets update one by one: the log may come last
    return ply_of(board)
