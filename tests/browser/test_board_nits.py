"""Issue 24's last board nits where the browser matters (Voilà, headless Chromium):

* before Start, an app's board says "Choose the seats, then press Start"; Enter on its
  moves list and a real click on its picture are answered in the notice (an alert), and
  nothing is played;
* on a hot-seat cover, the moves list's one item "Pass the screen to X" is pressed with
  Enter (it was a dead line: the Pass button was two Tabs away).
"""

from __future__ import annotations

from typing import Any

import pytest
from keyboard import LIST, read, tab_to, wait_for
from labdriver import steady_click
from voiladriver import page_problems, wait_for_app


def open_app(chromium: Any, url: str, game: str) -> tuple[Any, Any]:
    context = chromium.new_context(viewport={"width": 1400, "height": 1400})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{url}/voila/render/apps/{game}.ipynb")
    wait_for_app(page)
    page.wait_for_selector(LIST, timeout=30_000)
    return context, page


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_before_start_enter_and_a_click_are_answered_in_words(voila: Any,
                                                              chromium: Any) -> None:
    url, _ = voila
    context, page = open_app(chromium, url, "skeleton_island")
    try:
        state = read(page)
        assert "Choose the seats, then press Start" in state["status"]
        assert "Your turn" not in state["status"] and state["items"] == []
        assert "press Start" in state["idle"]
        board = page.locator(".tk-app .tk-board").first
        log = board.locator(".tk-log").text_content()
        page.keyboard.press("Tab")
        tab_to(page, LIST)
        page.keyboard.press("Enter")  # on the list's one line
        wait_for(lambda: "press Start" in read(page)["notice"], 30)
        assert page.locator(".tk-app .tk-board [role=alert]").count() == 1
        page.keyboard.press("Escape")  # drops the notice
        wait_for(lambda: not read(page)["notice"].strip(), 30)
        steady_click(page, board.locator(".tk-skeleton-pile"))  # a real click on the pile
        wait_for(lambda: "press Start" in read(page)["notice"], 30)
        assert board.locator(".tk-log").text_content() == log  # nothing was played
        assert page_problems(page) == []
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_enter_on_the_covers_one_item_passes_the_screen(voila: Any, chromium: Any) -> None:
    url, _ = voila
    context, page = open_app(chromium, url, "skeleton_island")
    try:
        page.locator(".tk-app-seat select").nth(1).select_option(label="Human (you)")
        page.evaluate("() => document.querySelector('.tk-app .tk-board').dataset.tkOld = '1'")
        page.locator(".tk-app-start").click()
        wait_for(lambda: page.evaluate("""() => !document.querySelector('.tk-board[data-tk-old]')
            && !!document.querySelector('.tk-app .tk-board .tk-keys-list')"""), 60)
        wait_for(lambda: "Your turn, Player 1" in read(page)["status"], 30)
        tab_to(page, LIST)
        for _ in range(12):  # Player 1's moves, each the list's first item, until the cover
            state = read(page)
            if state["items"] and state["items"][0].startswith("Pass the screen to"):
                break
            assert state["items"], f"nothing to play: {state}"
            page.keyboard.press("Home")
            page.keyboard.press("Enter")
            old = (state["status"], state["items"])
            wait_for(lambda old=old: (lambda s: (s["status"], s["items"]) != old
                                      or s["notice"].strip())(read(page)), 30)
            assert not read(page)["notice"].strip(), read(page)["notice"]
        state = read(page)
        assert state["items"] == ["Pass the screen to Player 2: press Enter when ready"]
        assert "Pass the screen to Player 2" in state["status"]
        page.keyboard.press("Enter")  # the list's one item: the cover's Pass button
        wait_for(lambda: "Your turn, Player 2" in read(page)["status"], 30)
        assert read(page)["items"] and page.locator(".tk-app .tk-cover").is_hidden()
        assert page_problems(page) == []
    finally:
        context.close()
