"""Every move by keyboard (issue 24 point 1): a complete game of each of the five games,
in its play app in Voilà, with ``page.keyboard`` only.

Two players, the human in the app's default human seat and a bot in the other, a fixed
seed typed in the Seed box; Tab reaches the "Your moves" list and the human plays every
move there (arrow keys choose, Enter plays, the Roll included) until the status says the
game is over. Focus must stay on the list the whole game (it never falls to <body>).
"""

from __future__ import annotations

from typing import Any

import pytest
from keyboard import LIST, play_by_keyboard, read, start_by_keyboard, tab_to
from voiladriver import page_problems, wait_for_app

GAMES = ["ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island"]


def pick(k: int, n: int) -> int:
    """A varied but fixed choice among the first items (a long list: its first 40)."""
    return (7 * k + 3) % min(n, 40)


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_keyboard(voila: Any, chromium: Any, game: str) -> None:
    url, _ = voila
    context = chromium.new_context(viewport={"width": 1400, "height": 1400})
    page = context.new_page()
    try:
        page.goto(f"{url}/voila/render/apps/{game}.ipynb")
        wait_for_app(page)
        page.wait_for_selector(LIST, timeout=30_000)
        start_by_keyboard(page, players=2, seed=11)
        assert "seed" not in read(page)["notice"].lower()
        tab_to(page, LIST)
        made, final = play_by_keyboard(page, pick)
        assert made > 0
        assert "Game over" in final
        assert page_problems(page) == []
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_focus_never_falls_to_the_page_when_roll_disables_itself(voila: Any,
                                                                  chromium: Any) -> None:
    """Issue 24 point 7 (focus): Roll, pressed by keyboard, disables itself; focus goes on
    to the moves list (where the rolled move is chosen), not to <body>."""
    url, _ = voila
    context = chromium.new_context(viewport={"width": 1400, "height": 1400})
    page = context.new_page()
    try:
        page.goto(f"{url}/voila/render/apps/ahoy.ipynb")
        wait_for_app(page)
        page.wait_for_selector(LIST, timeout=30_000)
        start_by_keyboard(page, players=2, seed=11)
        for _ in range(3):  # three of the human's rolls
            page.wait_for_selector(".tk-app .tk-board button.tk-roll:not([disabled])",
                                   timeout=30_000)
            tab_to(page, ".tk-app .tk-board button.tk-roll", backwards=True)
            page.keyboard.press("Enter")
            page.wait_for_selector(".tk-app .tk-board button.tk-roll[disabled]",
                                   timeout=30_000)
            page.wait_for_timeout(300)
            focused = page.evaluate("() => document.activeElement.className")
            assert "tk-keys-list" in focused, f"focus went to {focused!r}"
            page.keyboard.press("Enter")  # and the list plays the move at once
        # typing filters; a space typed in a filter is part of it, it plays nothing
        page.wait_for_selector(".tk-app .tk-board button.tk-roll:not([disabled])",
                               timeout=30_000)
        status = read(page)["status"]
        tab_to(page, LIST)
        page.keyboard.type("the die")
        assert page.locator(".tk-app .tk-board .tk-keys-filter").input_value() == "the die"
        assert read(page)["items"] == ["Roll the die"] and read(page)["status"] == status
        page.keyboard.type("x")
        assert read(page)["items"] == [] and "No move matches" in read(page)["idle"]
        page.keyboard.press("Escape")
        assert read(page)["items"] == ["Roll the die"]
    finally:
        context.close()
