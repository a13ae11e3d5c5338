"""Where ``board_latency`` clicks the boards: the real teaching notebooks in JupyterLab,
the Voilà play apps, or one-cell notebooks holding the board alone.

:func:`serve` starts the server a place needs (JupyterLab on a temp copy of the
notebooks, or the play server of ``make play``) and yields an *opener*: a function that
opens a game's board in a fresh page and returns the board (a Playwright locator) and
the function that waits for the board to come to rest after a click.

The play board of a real notebook is the first board built in the code cells of its
"3. Play" section (:func:`play_cell`), clicked after Run All, with every other output of
the notebook on the page, as a student has it.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from labdriver import (
    NOTEBOOK_DIR,
    QUIET_MS,
    READ_JS,
    lab_server,
    open_and_run,
    settle,
)
from voiladriver import press_start, voila_server, wait_for_app

from .board_latency import (
    BOARDS,
    SETTLE_TIMEOUT_S,
    Opener,
    notebook,
    open_onecell,
)

#: The teaching notebook of each game.
NOTEBOOKS = {
    "ahoy": "01-ahoy-treasures.ipynb",
    "treasure_island_2003": "02-treasure-island-2003.ipynb",
    "treasure_island_2018": "03-treasure-island-2018.ipynb",
    "sjorovaron": "04-sjorovaron.ipynb",
    "skeleton_island": "05-skeleton-island.ipynb",
}
PLAY_HEADING = "## 3. Play"
RUN_TIMEOUT_MS = 900_000  # Run All of a teaching notebook on a loaded machine


def play_cell(path: Path) -> int:
    """The index (among all cells) of the first code cell building a board in the
    notebook's "3. Play" section.

    Raises:
        LookupError: the notebook has no such section or no board in it.
    """
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    inside = False
    for index, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.lstrip().startswith("## "):
            inside = source.lstrip().startswith(PLAY_HEADING)
        elif inside and cell["cell_type"] == "code" and "Board(" in source:
            return index
    raise LookupError(f"{path.name}: no board in a {PLAY_HEADING!r} section")


def open_notebook(url: str, root: Path) -> Opener:
    """The real teaching notebook of each game (copied to ``root``), after Run All."""
    def opener(page: Any, game: str) -> tuple[Any, Callable[[Any], None]]:
        name = NOTEBOOKS[game]
        open_and_run(page, url, name, run_timeout_ms=RUN_TIMEOUT_MS)
        cell = page.locator(".jp-Notebook .jp-Cell").nth(play_cell(root / name))
        board = cell.locator(".tk-board").first
        board.locator(".tk-status").wait_for(timeout=120_000)
        board.scroll_into_view_if_needed()
        return board, lambda p: settle(p, SETTLE_TIMEOUT_S)
    return opener


def voila_rest(board: Any) -> Callable[[Any], None]:
    """Wait until the app's board is not busy (bots done) and has not changed for
    QUIET_MS (Voilà has no JupyterLab kernel status to ask)."""
    def rest(page: Any) -> None:
        deadline = time.monotonic() + SETTLE_TIMEOUT_S
        while time.monotonic() < deadline:
            busy = board.evaluate("(b) => b.classList.contains('tk-busy')")
            if not busy and page.evaluate(READ_JS)["quiet"] >= QUIET_MS:
                return
            page.wait_for_timeout(50)
        raise TimeoutError("the app's board never came to rest")
    return rest


def open_app(url: str) -> Opener:
    """The Voilà play app of each game."""
    def opener(page: Any, game: str) -> tuple[Any, Callable[[Any], None]]:
        page.goto(f"{url}/voila/render/apps/{game}.ipynb", wait_until="commit")
        wait_for_app(page)
        press_start(page)  # the app's first board waits for Start (a click is not played)
        board = page.locator(".tk-app .tk-board").first
        board.scroll_into_view_if_needed()
        return board, voila_rest(board)
    return opener


@contextmanager
def serve(where: str, games: list[str]) -> Iterator[Opener]:
    """Start what ``where`` (``notebooks``, ``apps`` or ``onecell``) needs for ``games``;
    yield its opener; stop the server."""
    if where == "apps":
        with voila_server() as (url, _):
            yield open_app(url)
        return
    with tempfile.TemporaryDirectory(prefix="tk-latency-") as tmp:
        root = Path(tmp) / "notebooks"
        if where == "notebooks":
            shutil.copytree(NOTEBOOK_DIR, root,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        else:
            root.mkdir()
            for game in games:
                (root / f"{game}.ipynb").write_text(json.dumps(notebook(BOARDS[game])))
        with lab_server(Path(tmp), root, start_timeout=240) as url:
            yield open_notebook(url, root) if where == "notebooks" else open_onecell(url)
