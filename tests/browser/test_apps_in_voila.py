"""The play apps in Voilà, served as ``make play`` serves them (scripts/play.py).

* every app opens in headless Chromium, a click on its board plays a move, and no page
  shows a traceback, a text dump (an output area with text only) or "Error displaying
  widget";
* no link of the gallery, the apps or the teaching notebooks leads to a path the server
  refuses (``docs/rulings.md`` was a 403 before voila.json allow-listed it), and no page
  asks another host than the server for anything (Font Awesome came from a CDN);
* a closed tab's kernel is shut down once idle (culling), an open tab's is not.

Timing is not asserted here: ``python -m benchmarks.apps_in_voila`` measures it.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from conftest import require_browser
from labdriver import NOTEBOOK_DIR, ROOT, steady_click, wait_for_text_change
from test_ahoy_board import click_a_pirate
from test_sjo_board import click_first_lit, roll, until_hexes_are_lit
from test_skeleton_board import click_uncovered_card
from test_ti2003_board import CELLS, lit_cells, until_squares_are_lit
from test_ti2018_board import click_miles
from voiladriver import (
    APPS_DIR,
    app_names,
    kernel_pids,
    page_problems,
    press_start,
    status_of,
    voila_server,
    wait_for_app,
    what_went_wrong,
)

MOVE = re.compile(r"(?:ply|move) (\d+)")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


def move_of(board: Any) -> int:
    text = board.locator(".tk-status").text_content() or ""
    found = MOVE.search(text)
    assert found, f"no 'move N' in the status: {text!r}"
    return int(found.group(1))


def wait_for_move_after(board: Any, ply: int, timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while move_of(board) <= ply:
        assert time.monotonic() < deadline, \
            f"the board stayed at move {ply}; {what_went_wrong(board.page)}"
        time.sleep(0.1)


def started(page: Any, board: Any) -> None:
    """Press the app's Start if the board still waits for it (its status says "press
    Start": a click on it would be answered in words, not played); ``board``, a locator,
    then finds the new board."""
    if press_start(page):
        board.scroll_into_view_if_needed()


def play_ahoy(page: Any, board: Any) -> None:
    started(page, board)
    ply = move_of(board)
    board.locator(".tk-roll").click()
    wait_for_move_after(board, ply)
    ply = move_of(board)
    click_a_pirate(page, board)  # a click on a ringed pirate (or Pass if none may move)
    wait_for_move_after(board, ply)


def play_ti2003(page: Any, board: Any) -> None:
    started(page, board)
    until_squares_are_lit(board)
    ply = move_of(board)
    steady_click(page, board.locator(CELLS).nth(lit_cells(board)[0]))
    wait_for_move_after(board, ply)


def ti2018_point() -> tuple[float, float, str]:
    """A map point where the first position of seed 1 offers moves, found with the same
    board in this process (same seed, same bots): (x, y, first choice)."""
    from treasurekit_widgets.apps import play_app

    board: Any = play_app("treasure_island_2018", seed=TI2018_SEED).board
    for x in range(4, 30, 2):
        for y in range(3, 22, 2):
            board.click_at(float(x), float(y))
            if board.choices():
                return float(x), float(y), board.choices()[0]
    raise AssertionError("no point of the map offers a move")


TI2018_SEED = 1


def play_ti2018(page: Any, board: Any) -> None:
    # The app's first game has an unpredictable seed; a seed typed in the board's Seed box
    # and the app's Start deal a known game, so this process can find a point with moves.
    old = board.element_handle()
    page.locator(".tk-app .tk-seed input").fill(str(TI2018_SEED))
    page.locator(".tk-app-start").click()
    old.wait_for_element_state("hidden", timeout=60_000)  # detached: the new board is built
    board.locator(".tk-status").wait_for(timeout=60_000)
    x, y, first = ti2018_point()
    ply = move_of(board)
    click_miles(page, board, x, y)
    choice = board.locator(".tk-ti18-choice").first
    choice.wait_for(timeout=15_000)
    assert first.split()[0] in (choice.text_content() or "")
    choice.click()
    wait_for_move_after(board, ply)


def play_sjo(page: Any, board: Any) -> None:
    started(page, board)
    roll(board)  # the starting roll; bots roll and pick up to the human's pick
    until_hexes_are_lit(board)
    ply = move_of(board)
    click_first_lit(page, board)  # the pick: a click on a ringed starting hex
    wait_for_move_after(board, ply)


def play_skeleton(page: Any, board: Any) -> None:
    started(page, board)
    ply = move_of(board)
    click_uncovered_card(page, board)
    wait_for_move_after(board, ply)


PLAYS: dict[str, Callable[[Any, Any], None]] = {
    "ahoy.ipynb": play_ahoy,
    "treasure_island_2003.ipynb": play_ti2003,
    "treasure_island_2018.ipynb": play_ti2018,
    "sjorovaron.ipynb": play_sjo,
    "skeleton_island.ipynb": play_skeleton,
}


@pytest.fixture(scope="module")
def voila() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    with voila_server() as server:
        yield server


@pytest.fixture
def vpage(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.requested = []  # every URL the page asked for (outside_requests)
    page.on("request", lambda request: page.requested.append(request.url))
    yield page
    context.close()


def outside_requests(page: Any) -> list[str]:
    """The page's requests to another host than the server's loopback address (a school
    network offline, or behind a strict proxy, would refuse them)."""
    return [url for url in page.requested
            if urlsplit(url).scheme not in ("data", "blob", "about")
            and urlsplit(url).hostname not in ("127.0.0.1", "localhost")]


def test_every_app_has_a_click_test() -> None:
    assert sorted(PLAYS) == app_names()


@pytest.mark.browser
@pytest.mark.timeout(400)
@pytest.mark.parametrize("name", app_names())
def test_the_app_plays_in_voila(voila: tuple[str, Any], vpage: Any, name: str) -> None:
    url, _ = voila
    vpage.goto(f"{url}/voila/render/apps/{name}", wait_until="commit")
    wait_for_app(vpage)
    assert page_problems(vpage) == []
    assert vpage.locator(".tk-app-start").count() == 1
    assert vpage.locator(".jp-InputArea, .jp-CodeMirrorEditor").count() == 0, "code shows"
    board = vpage.locator(".tk-app .tk-board").first
    board.scroll_into_view_if_needed()
    log_before = board.locator(".tk-log").text_content()
    PLAYS[name](vpage, board)
    wait_for_text_change(board.locator(".tk-log"), log_before, "the log")
    vpage.locator(".tk-app-more .jupyter-widget-Collapse-header, "
                  ".tk-app-more .lm-AccordionPanel-title").first.click()  # the rules
    vpage.locator(".tk-rules li").first.wait_for(state="visible", timeout=15_000)
    assert page_problems(vpage) == []
    assert outside_requests(vpage) == []


@pytest.mark.browser
@pytest.mark.timeout(400)
def test_the_gallery_shows_links_only(voila: tuple[str, Any], vpage: Any) -> None:
    url, _ = voila
    vpage.goto(f"{url}/voila/render/apps/index.ipynb")
    vpage.locator("a[href$='ahoy.ipynb']").first.wait_for(timeout=120_000)
    assert page_problems(vpage) == []
    hrefs = vpage.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.href)")
    assert len(hrefs) >= 11  # five apps, five game notebooks, the start notebook
    assert outside_requests(vpage) == []


def markdown_links(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return [a or b for a, b in MD_LINK.findall(text)]


def linked_urls(url: str) -> dict[str, set[str]]:
    """Every relative link of the apps' pages and the notebooks, as the Voilà URL a
    click goes to -> the pages linking there."""
    from treasurekit_widgets.apps import APPS, play_app

    found: dict[str, set[str]] = {}
    pages = [*APPS_DIR.glob("*.ipynb"), *NOTEBOOK_DIR.glob("*.ipynb"),
             *NOTEBOOK_DIR.glob("solutions/*.ipynb")]
    for path in pages:
        base = f"{url}/voila/render/{path.relative_to(ROOT).as_posix()}"
        links = markdown_links(path)
        if path.stem in APPS:  # the app's own links, from its widgets
            app = play_app(path.stem)
            links += re.findall(r'href="([^"]+)"', str(app.children[-1].value))
        for link in links:
            if re.match(r"[a-z]+:|#", link):
                continue  # another site, or an anchor on the page
            found.setdefault(urljoin(base, link.split("#")[0]), set()).add(path.name)
    return found


@pytest.mark.timeout(600)
def test_no_link_leads_to_a_refused_path(voila: tuple[str, Any]) -> None:
    """GET every linked file (docs/rulings.md, images); a linked notebook must be a
    notebook Voilà renders (getting each would run every teaching notebook)."""
    url, _ = voila
    refused = []
    for target, sources in sorted(linked_urls(url).items()):
        if target.startswith(f"{url}/lab/tree/"):  # a learn link: JupyterLab (Binder,
            path = target.removeprefix(f"{url}/lab/tree/")  # make lab) opens this file
            ok = (ROOT / path).is_file()
        else:
            path = target.removeprefix(f"{url}/voila/render/")
            ok = ((ROOT / path).is_file() if path.endswith(".ipynb")
                  else status_of(target) == 200)
        if not ok:
            refused.append(f"{path} (linked from {', '.join(sorted(sources))})")
    assert not refused, refused
    assert status_of(f"{url}/voila/render/apps/index.ipynb") == 200  # and a notebook renders


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_closed_tabs_kernel_is_culled_an_open_one_is_not(browser: Any) -> None:
    require_browser()
    idle, interval = 45, 3  # the idle timeout must outlast a page load on a busy machine
    with voila_server(cull_idle=idle, cull_interval=interval) as (url, proc):
        context = browser.new_context(viewport={"width": 1400, "height": 2000})
        page = context.new_page()
        page.goto(f"{url}/voila/render/apps/ahoy.ipynb", wait_until="commit")
        wait_for_app(page)
        kernels = kernel_pids(proc)
        assert len(kernels) == 1
        time.sleep(idle + 3 * interval)  # idle long enough, but the tab is open
        assert kernel_pids(proc) == kernels
        press_start(page)  # a click before Start is answered, not played
        board = page.locator(".tk-app .tk-board").first
        ply = move_of(board)
        board.locator(".tk-roll").click()
        wait_for_move_after(board, ply)  # and it still answers
        context.close()
        closed = time.monotonic()
        while kernel_pids(proc):
            assert time.monotonic() - closed < 120, "the closed tab's kernel lives on"
            time.sleep(0.5)
        print(f"closed tab's kernel culled {time.monotonic() - closed:.1f} s after closing "
              f"(cull_idle_timeout {idle} s, cull_interval {interval} s)")


@pytest.mark.browser
@pytest.mark.timeout(400)
def test_a_preheated_kernel_outlives_the_idle_timeout_until_its_page_connects(
        browser: Any) -> None:
    """A pooled kernel idle for longer than the timeout is handed to a loading page: the
    culler must not shut it down before the page connects (PlayKernelManager)."""
    require_browser()
    idle, interval = 30, 2  # the idle timeout must outlast a page load on a busy machine
    with voila_server(cull_idle=idle, cull_interval=interval, preheat=True) as (url, proc):
        deadline = time.monotonic() + 240
        while len(kernel_pids(proc)) < len(app_names()) + 1:  # every app and the gallery
            assert time.monotonic() < deadline, "the pools never filled"
            time.sleep(1)
        time.sleep(idle + 20)  # the apps have run; pooled kernels idle past the timeout
        pooled = set(kernel_pids(proc))
        context = browser.new_context(viewport={"width": 1400, "height": 2000})
        page = context.new_page()
        page.goto(f"{url}/voila/render/apps/ahoy.ipynb", wait_until="commit")
        wait_for_app(page, timeout_ms=90_000)
        press_start(page)
        board = page.locator(".tk-app .tk-board").first
        ply = move_of(board)
        board.locator(".tk-roll").click()
        wait_for_move_after(board, ply)
        assert pooled & set(kernel_pids(proc)) == pooled, "a pooled kernel was culled"
        context.close()

