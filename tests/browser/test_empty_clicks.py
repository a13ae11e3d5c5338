"""A real click where a board picture draws nothing is answered (widgets/empty_clicks.py).

In the Ahoy and TI2003 play apps (Voilà, headless Chromium), after Start, a mouse click
5 px inside the top-left corner of the picture's plot area (the sea, in bqplot's
padding round the scales' domain) changes the notice (the alert) to words saying what
to do; the same click again changes it again ("again, 2nd time"). Before, nothing lay
there to take the click and the page did not change.
"""

from __future__ import annotations

from typing import Any

import pytest
from keyboard import read, wait_for
from voiladriver import page_problems, press_start, wait_for_app

FIGURES = {"ahoy": ".tk-ahoy-figure", "treasure_island_2003": ".tk-ti-figure"}


def corner_click(page: Any, figure: str, inset: float = 5.0) -> None:
    """A mouse click ``inset`` px inside the top-left corner of ``figure``'s plot area."""
    area = page.locator(f".tk-app .tk-board {figure} rect.plotarea_background").first
    area.scroll_into_view_if_needed()
    box = area.bounding_box()
    assert box and box["width"] > 50 and box["height"] > 50, box
    page.mouse.move(box["x"] + inset, box["y"] + inset)
    page.wait_for_timeout(150)
    page.mouse.down()
    page.mouse.up()


def check_game(context: Any, url: str, game: str, figure: str) -> None:
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{url}/voila/render/apps/{game}.ipynb")
    wait_for_app(page)
    assert press_start(page)
    wait_for(lambda: "Your turn" in read(page)["status"] and not read(page)["busy"], 60)
    status = read(page)["status"]
    corner_click(page, figure)
    wait_for(lambda: "nothing there to click" in read(page)["notice"], 20)
    first = read(page)["notice"]
    assert "Your turn" not in first and any(
        word in first for word in ("click", "press", "roll", "throw")), first
    corner_click(page, figure)
    wait_for(lambda: read(page)["notice"] != first, 20)
    assert "again, 2nd time" in read(page)["notice"], (game, read(page)["notice"])
    assert read(page)["status"] == status  # nothing was played
    assert page.locator(".tk-app .tk-board [role=alert]").count() == 1
    assert page_problems(page) == []
    page.close()


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_a_click_in_a_pictures_corner_is_answered_each_time(voila: Any, chromium: Any) -> None:
    url, _ = voila
    context = chromium.new_context(viewport={"width": 1400, "height": 1400})
    try:
        for game, figure in FIGURES.items():
            check_game(context, url, game, figure)
    finally:
        context.close()
