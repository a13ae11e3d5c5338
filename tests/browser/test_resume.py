"""Nothing lost (issue 27.3), in every play app served as ``make play`` serves them.

Before each of these, five human moves (and the bots' replies) are played from the board's
"Your moves" list (:mod:`listplay`: legal moves by construction), with a bot seat changed
from the app's default, so that a fresh page differs from the game to resume:

* a page reload: the page offers **Resume your game**, and pressing it brings back the
  same position (the same ply in the status, the same log) and the same seats in the form;
* the kernel killed under an open page: a click on the board brings words saying the
  game lost its connection, and its one button reloads the page and resumes the game at
  the same ply; the same for a kernel that is there but answers nothing (stopped);
* a mid-game download is the seat's record (no seed);
* a closed tab whose kernel was culled: reopened, the app offers Resume at the same ply;
  so does a new server started after the old one stopped;
* the page asks no other host than the server for anything.

The saves go to a temporary ``TREASUREKIT_SAVES`` directory; the browser keeps only the
key, in its localStorage (one browser context per test: a closed tab keeps it).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import require_browser
from listplay import play_from_list, ply_of
from test_apps_in_voila import outside_requests
from voiladriver import app_names, kernel_pids, voila_server, wait_for_app

KEY_SLOT = "treasurekit-save:"
#: Human moves played before each reload, cull, kernel death or server restart.
MOVES = 5
#: The seed typed before Start: no game ends within the moves these tests play.
SEED = 11
#: The app form's choices: the player count and each seat's (selected indices).
FORM_JS = """() => [...document.querySelectorAll(
  '.tk-app-form .tk-app-players select, .tk-app-form .tk-app-seat select')]
  .map((s) => s.selectedIndex)"""


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("saves")
    old = os.environ.get("TREASUREKIT_SAVES")
    os.environ["TREASUREKIT_SAVES"] = str(root)  # the server's kernels inherit it
    yield root
    if old is None:
        os.environ.pop("TREASUREKIT_SAVES", None)
    else:
        os.environ["TREASUREKIT_SAVES"] = old


@pytest.fixture(scope="module")
def voila(saves: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    require_browser()
    with voila_server() as server:
        yield server


def open_app(page: Any, url: str, name: str) -> Any:
    page.goto(f"{url}/voila/render/apps/{name}", wait_until="commit")
    wait_for_app(page)
    return page.locator(".tk-app .tk-board").first


def form_of(page: Any) -> list[int]:
    return list(page.evaluate(FORM_JS))


def change_a_bot_and_start(page: Any, seed: int = SEED) -> Any:
    """Make every greedy bot seat a random bot (the apps' default bots are greedy ones;
    the random bot is quicker too), type ``seed`` in the Seed box and press Start: the
    new board (the old one is removed). A fixed seed makes the game the same each run
    (Start without one deals an unpredictable game, which a bot may end within the
    moves played: a finished game is not offered for resuming)."""
    before = form_of(page)
    seats = page.locator(".tk-app-form .tk-app-seat select")
    for i in range(seats.count()):
        # the menus: Human, Beginner (random), Casual (greedy, the default), Strong
        if seats.nth(i).evaluate("(s) => s.selectedIndex") == 2:
            seats.nth(i).select_option(index=1)
    assert form_of(page) != before and 1 in form_of(page)
    page.locator(".tk-app .tk-seed input").fill(str(seed))
    old = page.locator(".tk-app .tk-board").first.element_handle()
    page.locator(".tk-app-start").click()
    old.wait_for_element_state("hidden", timeout=60_000)  # detached: the new board is built
    wait_for_app(page)
    return page.locator(".tk-app .tk-board").first


def play_some(page: Any, board: Any, name: str, moves: int = MOVES) -> tuple[int, str]:
    """Play ``moves`` human moves from the moves list (the bots answer): the ply and log."""
    board.scroll_into_view_if_needed()
    ply = play_from_list(board, moves)
    return ply, board.locator(".tk-log").text_content() or ""


def key_of(page: Any, name: str) -> str:
    return str(page.evaluate(f"() => localStorage.getItem('{KEY_SLOT}{name[:-6]}') || ''"))


def wait_for_ply(board: Any, ply: int, timeout_s: float = 120) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if ply_of(board) == ply:
                return
        except AssertionError:
            pass
        assert time.monotonic() < deadline, f"the board did not come back to ply {ply}"
        time.sleep(0.2)


def wait_for_log(board: Any, log: str, timeout_s: float = 15) -> None:
    """The log comes back to ``log`` (a board's widgets update one by one: the log may
    arrive after the status that says the ply)."""
    deadline = time.monotonic() + timeout_s
    while (shown := board.locator(".tk-log").text_content() or "") != log:
        assert time.monotonic() < deadline, f"the log did not come back: {shown[-200:]!r}"
        time.sleep(0.2)


def resume_offered(page: Any) -> Any:
    offer = page.locator(".tk-resume-offer")
    offer.wait_for(state="visible", timeout=30_000)
    return offer


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize("name", app_names())
def test_reload_and_kernel_death_lose_nothing(voila: tuple[str, Any], browser: Any,
                                              saves: Path, name: str) -> None:
    url, proc = voila
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.requested = []  # every URL the page asks for (outside_requests)
    page.on("request", lambda request: page.requested.append(request.url))
    try:
        board = open_app(page, url, name)
        assert page.locator(".tk-resume-offer").is_hidden()  # nothing saved yet
        board = change_a_bot_and_start(page)
        form = form_of(page)
        ply, log = play_some(page, board, name)
        key = key_of(page, name)
        assert len(key) == 32 and json.loads((saves / f"{key}.json").read_text())["ply"] == ply
        with page.expect_download(timeout=60_000) as got:  # mid-game: the seat's record
            page.locator(".tk-download").click()
        download = got.value
        assert re.fullmatch(rf"{name[:-6]}-seat\d-record\.json", download.suggested_filename)
        record = json.loads(Path(download.path()).read_text())
        assert "seed" not in record and record["format"].startswith("treasurekit-seat-record")

        page.reload(wait_until="commit")  # a reload: a new kernel, a fresh game
        wait_for_app(page)
        board = page.locator(".tk-app .tk-board").first
        assert form_of(page) != form  # the fresh page has the app's default seats
        resume_offered(page).locator(".tk-resume").click()
        wait_for_ply(board, ply)
        wait_for_log(board, log)
        assert form_of(page) == form  # the same players and seats (bots) as before
        page.locator(".tk-resume-offer").wait_for(state="hidden", timeout=10_000)

        ply, log = play_some(page, board, name)  # five more moves, then the kernel dies
        before = set(kernel_pids(proc))
        assert before
        for pid in before:  # the kernel dies under the open page
            os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        lost = page.locator(".tk-lost")
        while not lost.is_visible():
            assert time.monotonic() < killed + 30, "the page stayed silent about the lost kernel"
            board.locator(".tk-status").click()  # a student clicks on, to no avail
            time.sleep(1)
        print(f"{name}: the page said the kernel was lost {time.monotonic() - killed:.1f} s "
              "after it died")
        assert "lost its connection to the server" in (lost.text_content() or "")
        lost.locator(".tk-lost-resume").click()  # the one button: reload and resume
        wait_for_app(page)
        board = page.locator(".tk-app .tk-board").first
        wait_for_ply(board, ply)
        wait_for_log(board, log)
        assert form_of(page) == form
        page.locator(".tk-lost").wait_for(state="hidden", timeout=10_000)
        assert outside_requests(page) == []  # nothing from another host (no CDN)
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_a_culled_kernels_game_resumes(browser: Any, saves: Path) -> None:
    """Every app in one go: play, close the tab, wait until its kernel is culled, reopen."""
    require_browser()
    # (an open tab's kernel is never culled: cull_connected off). A kernel is "idle" from
    # the end of Voila's run of the app until the page's own connection opens; on a loaded
    # machine that gap can pass a few seconds, so an idle time of seconds culls a page's
    # kernel before the page connects (the race jupyter/notebook#5952 fixed in its own cull
    # test). 30 s keeps the test short and the gap far from it.
    idle, interval = 30, 2
    names = app_names()
    with voila_server(cull_idle=idle, cull_interval=interval) as (url, proc):
        context = browser.new_context(viewport={"width": 1400, "height": 2000})
        try:
            games = {}
            for name in names:
                page = context.new_page()
                page.set_default_timeout(30_000)
                open_app(page, url, name)
                board = change_a_bot_and_start(page)
                games[name] = (*play_some(page, board, name), form_of(page))
                page.close()  # the tab is closed; the browser keeps its localStorage
            closed = time.monotonic()
            while kernel_pids(proc):
                assert time.monotonic() - closed < 180, "the closed tabs' kernels live on"
                time.sleep(1)
            for name in names:
                page = context.new_page()
                page.set_default_timeout(30_000)
                board = open_app(page, url, name)
                resume_offered(page).locator(".tk-resume").click()
                ply, log, form = games[name]
                wait_for_ply(board, ply)
                wait_for_log(board, log)
                assert form_of(page) == form, name
                page.close()
        finally:
            context.close()


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_kernel_that_no_longer_answers_is_not_silent(voila: tuple[str, Any], browser: Any,
                                                       saves: Path) -> None:
    """A kernel that is there but answers nothing (stopped: what a page finds after a
    laptop slept through the cull) shows no ipywidgets mark: the click's unanswered
    question brings the words; a late answer takes them back; then the kernel dies."""
    url, proc = voila
    name = "ahoy.ipynb"
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        others = set(kernel_pids(proc))  # earlier tests' kernels
        open_app(page, url, name)
        board = change_a_bot_and_start(page)  # before Start nothing can be played
        ply, log = play_some(page, board, name)
        (pid,) = set(kernel_pids(proc)) - others
        os.kill(pid, signal.SIGSTOP)
        try:
            stopped = time.monotonic()
            board.locator(".tk-status").click()
            lost = page.locator(".tk-lost")
            lost.wait_for(state="visible", timeout=20_000)
            waited = time.monotonic() - stopped
            assert waited >= 7, f"called lost after {waited:.1f} s: the kernel may be busy"
            assert page.locator(".tk-app .jupyter-widgets-disconnected").count() == 0
        finally:
            os.kill(pid, signal.SIGCONT)
        lost.wait_for(state="hidden", timeout=20_000)  # it answers late: the words go
        os.kill(pid, signal.SIGKILL)  # and now it dies for good
        deadline = time.monotonic() + 30
        while not lost.is_visible():
            assert time.monotonic() < deadline, "the page stayed silent about the dead kernel"
            board.locator(".tk-status").click()
            time.sleep(1)
        lost.locator(".tk-lost-resume").click()
        wait_for_app(page)
        board = page.locator(".tk-app .tk-board").first
        wait_for_ply(board, ply)
        wait_for_log(board, log)
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.timeout(400)
def test_a_game_resumes_after_the_server_restarts(browser: Any, saves: Path) -> None:
    """The saves are files: a new server finds them. (A test server gets a new port, so
    the browser's key is carried over to the new address by hand, as a server restarted
    at its usual address would find it in place.)"""
    require_browser()
    name = "ahoy.ipynb"
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    try:
        with voila_server() as (url, _):
            page = context.new_page()
            page.set_default_timeout(30_000)
            open_app(page, url, name)
            board = change_a_bot_and_start(page)
            ply, log = play_some(page, board, name)
            form = form_of(page)
            key = key_of(page, name)
            page.close()
        with voila_server() as (url, _):  # a new server: nothing of the old one runs
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.add_init_script(f"localStorage.setItem('{KEY_SLOT}{name[:-6]}', '{key}')")
            board = open_app(page, url, name)
            resume_offered(page).locator(".tk-resume").click()
            wait_for_ply(board, ply)
            wait_for_log(board, log)
            assert form_of(page) == form
    finally:
        context.close()
