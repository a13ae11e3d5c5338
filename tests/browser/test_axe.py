"""axe clean (issue 24 point 3): axe-core with the WCAG 2.1 A/AA rules finds no serious or
critical violation in our markup, on every play app in Voilà (after Start and after some
moves made by keyboard) and on each notebook's boards in JupyterLab. Violations in
JupyterLab's or Voilà's own markup are printed, not counted.
"""

from __future__ import annotations

from typing import Any

import pytest
from axecheck import axe_violations
from keyboard import LIST, read, start_by_keyboard, tab_to, wait_for
from labdriver import open_and_run, screenshot
from voiladriver import wait_for_app

GAMES = ["ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island"]
NOTEBOOKS = ["01-ahoy-treasures.ipynb", "02-treasure-island-2003.ipynb",
             "03-treasure-island-2018.ipynb", "04-sjorovaron.ipynb",
             "05-skeleton-island.ipynb"]


def check(page: Any, where: str) -> None:
    ours, host = axe_violations(page)
    if host:
        print(f"{where}: {len(host)} serious/critical in the host's markup (not counted):")
        print("\n".join(f"  {line}" for line in host[:20]))
    assert ours == [], f"{where}: axe finds in our markup:\n" + "\n".join(ours)


def play_some(page: Any, moves: int) -> None:
    """Make ``moves`` moves from the moves list by keyboard (Enter on the first item)."""
    tab_to(page, LIST)
    for _ in range(moves):
        wait_for(lambda: bool(read(page)["items"]) or "over" in read(page)["idle"], 60)
        state = read(page)
        if not state["items"]:
            return
        page.keyboard.press("End" if len(state["items"]) < 9 else "Home")
        page.keyboard.press("Enter")
        wait_for(lambda state=state: (lambda s: (s["status"], s["items"])
                                      != (state["status"], state["items"]))(read(page)), 30)


@pytest.mark.browser
@pytest.mark.timeout(240)
@pytest.mark.parametrize("game", GAMES)
def test_apps_are_axe_clean(voila: Any, chromium: Any, game: str) -> None:
    url, _ = voila
    context = chromium.new_context(viewport={"width": 1400, "height": 1400})
    page = context.new_page()
    try:
        page.goto(f"{url}/voila/render/apps/{game}.ipynb")
        wait_for_app(page)
        page.wait_for_selector(LIST, timeout=30_000)
        start_by_keyboard(page, players=2, seed=5)
        check(page, f"{game} after Start")
        # open the collapsible sections (buttons: Enter opens them)
        for head in page.locator(".tk-app .jupyter-widget-Collapse-header").all():
            head.focus()
            page.keyboard.press("Enter")
        assert page.locator(".tk-app [aria-expanded=true]").count() >= 1
        play_some(page, 6)
        check(page, f"{game} after moves")
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.timeout(420)
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_boards_are_axe_clean(lab_url: str, page: Any, name: str,
                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    open_and_run(page, lab_url, name)
    board = page.locator(".tk-board").last
    board.locator(".tk-keys-list").wait_for(timeout=60_000)
    board.scroll_into_view_if_needed()
    board.locator(".tk-keys-list").focus()  # the focus ring and the list, in the screenshot
    screenshot(page, tmp_path_factory.getbasetemp() / "screenshots", f"axe-{name}")
    # keys typed in the moves list stay there: JupyterLab's command-mode shortcuts
    # ("a", "b": insert a cell) never see them
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    page.keyboard.type("ab")
    assert board.locator(".tk-keys-filter").input_value() == "ab"
    page.keyboard.press("Escape")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    check(page, f"{name} in JupyterLab")
