"""Keyboard-only driving of the play apps (helpers for test_keyboard_play.py, test_axe.py).

Everything the player does goes through ``page.keyboard``: Tab and Shift+Tab move the
focus (:func:`tab_to`), keys choose and play. The page is only *read* (status, list).
"""

from __future__ import annotations

import time
from typing import Any

#: Tab presses before giving up on reaching a control.
MAX_TABS = 120

LIST = ".tk-app .tk-board .tk-keys-list"

READ_JS = """() => {
  const q = (s) => document.querySelector(s);
  const items = [...document.querySelectorAll('LIST li')];
  return {
    status: (q('.tk-app .tk-board .tk-status') || {}).textContent || '',
    notice: (q('.tk-app .tk-board .tk-notice-box') || {}).textContent || '',
    items: items.filter((li) => li.getAttribute('aria-disabled') !== 'true')
      .map((li) => li.textContent),
    idle: items.filter((li) => li.getAttribute('aria-disabled') === 'true')
      .map((li) => li.textContent).join(' '),
    busy: !!q('.tk-app .tk-board.tk-busy'),
  };
}""".replace("LIST", LIST)


def focused_matches(page: Any, selector: str) -> bool:
    return bool(page.evaluate(
        "(s) => !!document.activeElement && document.activeElement.matches(s)", selector))


def tab_to(page: Any, selector: str, backwards: bool = False) -> None:
    """Press Tab (Shift+Tab) until the focused element matches ``selector``.

    Raises:
        AssertionError: not reached within MAX_TABS presses (names what has focus).
    """
    for _ in range(MAX_TABS):
        if focused_matches(page, selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    where = page.evaluate("() => document.activeElement && document.activeElement.outerHTML"
                          ".slice(0, 120)")
    raise AssertionError(f"{selector} not reached by Tab; focus is on {where}")


def read(page: Any) -> dict[str, Any]:
    """The board's status, notice and the moves list as a player's screen reader has them."""
    return dict(page.evaluate(READ_JS))


def start_by_keyboard(page: Any, players: int, seed: int) -> None:
    """Choose the player count, type the seed in the board's Seed box and press Start,
    all by keyboard."""
    page.keyboard.press("Tab")
    tab_to(page, ".tk-app-players select")
    for _ in range(8):  # a closed <select> steps through its options with the arrow keys
        now = int(page.evaluate("() => document.activeElement.selectedIndex") + 1 +
                  int(page.evaluate("() => document.activeElement.options[0].text")) - 1)
        if now == players:
            break
        page.keyboard.press("ArrowUp" if now > players else "ArrowDown")
    tab_to(page, ".tk-app .tk-seed input")
    page.keyboard.type(str(seed))
    tab_to(page, ".tk-app-start button, button.tk-app-start", backwards=True)
    page.evaluate("() => document.querySelector('.tk-app .tk-board').dataset.tkOld = '1'")
    page.keyboard.press("Enter")
    wait_for(lambda: page.evaluate("""() => !document.querySelector('.tk-board[data-tk-old]')
        && !!document.querySelector('.tk-app .tk-board .tk-keys-list')"""), 30)


def wait_for(check: Any, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def play_by_keyboard(page: Any, pick: Any, timeout_s: float = 150) -> tuple[int, str]:
    """Play the human seat's moves from the focused moves list until the game is over.

    ``pick(k, n)`` says which of the ``n`` items to play as the human's ``k``-th move
    (reached with ArrowDown presses, played with Enter). Returns the number of moves the
    human made and the final status.

    Raises:
        AssertionError: the game did not end within ``timeout_s``, focus left the list,
            or a move was refused.
    """
    deadline = time.monotonic() + timeout_s
    made = 0
    while True:
        state = read(page)
        if "Game over" in state["status"] or "game is over" in state["idle"].lower():
            return made, state["status"]
        assert time.monotonic() < deadline, f"no end after {made} moves: {state['status']}"
        assert focused_matches(page, LIST), (
            f"focus left the moves list after {made} moves: it is on "
            + page.evaluate("() => (document.activeElement || {}).outerHTML?.slice(0, 150)"))
        if state["busy"] or not state["items"]:  # a bot thinks: the list is not yet new
            time.sleep(0.05)
            continue
        n = min(len(state["items"]), 300)
        k = pick(made, n)
        page.keyboard.press("Home")
        for _ in range(k):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        made += 1
        old = (state["status"], state["items"])
        wait_for(lambda old=old: (lambda s: (s["status"], s["items"]) != old
                                  or s["notice"].strip())(read(page)), 30)
        notice = read(page)["notice"].strip()
        assert not notice, f"move {made} refused or failed: {notice}"
