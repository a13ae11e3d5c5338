"""The play apps (apps/*.ipynb, treasurekit_widgets.apps), checked without a browser.

An app is made for a player: one tiny notebook per game calling ``play_app``, a form that
rebuilds the board, the rules in brief with their sources, the rulings, and nothing that
prints. The browser side (Voilà, clicks) is in tests/browser/test_apps_in_voila.py.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

import treasurekit
from treasurekit.core.rulings import PREFIXES, game_rulings
from treasurekit.treasure_island_2018 import SilverBot
from treasurekit_widgets import HUMAN, LongJohnBoard
from treasurekit_widgets.apps import (
    APPS,
    PLAYER_ONLY,
    PlayApp,
    lab_href,
    play_app,
    rules_html,
    widget_tree,
)

ROOT = Path(__file__).resolve().parents[2]
APPS_DIR = ROOT / "apps"
GALLERY = APPS_DIR / "index.ipynb"
LINK = re.compile(r"\]\(([^)\s]+)\)")
LAB = "../../../lab/tree/"  # from voila/render/apps/<page> to the same server's JupyterLab


def local_file(link: str) -> Path:
    """The file a link of an app page opens: a JupyterLab tree link names a path from
    the server's root (the repository); any other link is relative to apps/."""
    if link.startswith(LAB):
        return (ROOT / link.removeprefix(LAB)).resolve()
    return (APPS_DIR / link).resolve()


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def gallery_links() -> set[str]:
    cells = json.loads(GALLERY.read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return set(LINK.findall(text))


@pytest.mark.parametrize("game", sorted(treasurekit.GAMES))
def test_every_game_has_a_tiny_app_notebook(game: str) -> None:
    path = APPS_DIR / f"{game}.ipynb"
    assert path.exists(), f"no play app for {game}: add apps/{game}.ipynb"
    cells = code_cells(path)
    assert 1 <= len(cells) <= 2, f"{path.name}: keep the app to one or two code cells"
    assert f'play_app("{game}")' in "\n".join(cells)
    assert game in APPS


def test_the_gallery_links_every_app_and_every_teaching_notebook() -> None:
    links = gallery_links()
    apps = {p.name for p in APPS_DIR.glob("*.ipynb")} - {"index.ipynb"}
    notebooks = {lab_href(p.name) for p in (ROOT / "notebooks").glob("0[1-9]*.ipynb")}
    assert apps and apps <= links, f"apps missing from the gallery: {sorted(apps - links)}"
    assert notebooks <= links, f"notebooks missing from the gallery: {sorted(notebooks - links)}"
    assert not code_cells(GALLERY), "the gallery is Markdown only"


def test_every_gallery_link_points_at_a_file() -> None:
    missing = [link for link in gallery_links() if not local_file(link).is_file()]
    assert not missing


@pytest.mark.parametrize("game", sorted(APPS))
def test_the_app_is_widgets_only_and_links_resolve(game: str) -> None:
    app = play_app(game)
    widgets = widget_tree(app)
    assert not [x for x in widgets if isinstance(x, w.Output)], "an Output could show text"
    board = app.board
    assert board.game.name == game and board in widgets
    html_text = " ".join(x.value for x in widgets if isinstance(x, w.HTML))
    for href in re.findall(r'href="([^"]+)"', html_text):
        assert local_file(href).is_file(), f"{game}: link to a missing {href}"
    assert "How to play:" in html_text


@pytest.mark.parametrize("game", sorted(APPS))
def test_the_rules_in_brief_cite_the_games_rulebook(game: str) -> None:
    spec = APPS[game]
    module = __import__(f"treasurekit.{game}.rules", fromlist=["rules"])
    citations = {v for k, v in vars(module).items() if k.isupper() and isinstance(v, str)}
    assert len(spec.rules) >= 5
    for rule in spec.rules:
        assert rule.source in citations, f"{rule.source!r} is not a citation of {game}'s rules"
        assert rule.source.startswith(PREFIXES[game] + " §")
    text = rules_html(spec)
    assert text.count("<li>") == len(spec.rules) and spec.rules[0].source in text


@pytest.mark.parametrize("game", sorted(APPS))
def test_the_app_shows_the_games_rulings(game: str) -> None:
    app = play_app(game)
    shown = " ".join(x.value for x in widget_tree(app) if isinstance(x, w.HTML))
    for item in game_rulings(game).rulings:
        assert f"<b>{item.code}</b>" in shown


def test_start_rebuilds_the_board_from_the_form() -> None:
    app = play_app("skeleton_island")
    old = app.board
    old_models = [x for x in widget_tree(old) if x.comm is not None]
    app.players.value = 4
    assert [p.description for p in app.seat_picks] == [f"Player {i}" for i in range(1, 5)]
    assert app.seat_picks[3].value == "greedy"  # a new seat gets the default
    app.seat_picks[0].value = "random"
    app.seat_picks[1].value = HUMAN
    app.start()
    assert app.board is not old and app.board_box.children == (app.board,)
    assert app.board.game.num_players == 4
    assert type(app.board.seats[0]).__name__ == "RandomBot"
    assert app.board.seats[1] == HUMAN
    assert type(app.board.seats[2]).__name__ == "GreedyBot"
    assert all(x.comm is None for x in old_models), "the old board's models stay open"


def test_fewer_players_keep_the_first_seats_choices() -> None:
    app = play_app("treasure_island_2003")
    app.seat_picks[1].value = "random"
    app.players.value = 2
    assert [p.value for p in app.seat_picks] == [HUMAN, "random"]


def test_the_default_form_keeps_the_boards_own_seating() -> None:
    app = play_app("treasure_island_2018", seed=5)
    board = app.board
    assert isinstance(board, LongJohnBoard)
    assert isinstance(board.seats[0], SilverBot) and board.seats[0].seed == 5
    assert board.seats[1] == HUMAN


def test_a_ti2018_player_sees_only_the_views_of_human_seats() -> None:
    app = play_app("treasure_island_2018")
    board = app.board
    assert isinstance(board, LongJohnBoard)
    assert [s for _, s in board.seat_pick.options] == [1], "Silver's view shows the treasure"
    app.seat_picks[0].value = "silver-bluff"
    app.start()
    board = app.board
    assert isinstance(board, LongJohnBoard) and board.seats[0].policy == "deceptive"
    assert [s for _, s in board.seat_pick.options] == [1]
    for pick in app.seat_picks[1:]:
        pick.value = "greedy"
    app.start()  # nobody human: a spectator may look at every seat
    assert isinstance(app.board, LongJohnBoard)
    assert len(app.board.seat_pick.options) == app.board.game.num_players


def test_an_unknown_app_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match=r"no play app for 'chess'.*ahoy"):
        play_app("chess")


def test_the_repr_is_short_and_stable() -> None:
    app: Any = play_app("ahoy")
    assert isinstance(app, PlayApp)
    assert repr(app) == repr(play_app("ahoy")) and len(repr(app)) < 120


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("name", sorted(p.name for p in APPS_DIR.glob("*.ipynb")))
def test_the_app_notebook_runs_and_shows_only_widgets_and_markdown(name: str) -> None:
    """Run the notebook in a kernel (as Voilà does): no stream, no error, and every
    displayed output carries a widget view or HTML, never text alone."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(APPS_DIR / name, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(APPS_DIR)}}).execute()
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] in ("display_data", "execute_result"), (name, out)
            kinds = set(out["data"]) - {"text/plain"}
            assert kinds & {"application/vnd.jupyter.widget-view+json", "text/html",
                            "text/markdown"}, f"{name}: a text-only output {out['data']}"


def test_start_uses_the_typed_seed_or_an_unpredictable_one() -> None:
    app = play_app("ahoy")
    assert app.board.seed_input.value == ""  # the seed of a game in play is never shown
    app.start()  # an empty Seed box: a fresh, unpredictable seed
    first = app.board.seed
    app.start()
    assert app.board.seed != first
    app.board.seed_input.value = "42"
    app.start()
    assert app.board.seed == 42
    app.board.seed_input.value = "forty-two"
    board = app.board
    app.start()  # refused in the board's notice; the game on display stays
    assert app.board is board and "whole number" in board.notice


def test_learn_links_open_the_notebooks_in_jupyterlab_not_voila() -> None:
    """Voilà shows a teaching notebook as its outputs alone (00-start-here became a text
    dump): the gallery's and the apps' learn links open JupyterLab's tree instead."""
    links = gallery_links()
    learn = [link for link in links if "notebooks/" in link]
    assert learn and all(link.startswith(LAB + "notebooks/") for link in learn)
    assert lab_href("00-start-here.ipynb") in links
    assert "make lab" in GALLERY.read_text(encoding="utf-8")  # where Voilà serves alone


def test_under_the_play_server_alone_the_app_names_the_notebook_and_make_lab(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PLAYER_ONLY, raising=False)
    with_lab = play_app("ahoy").children[-1].value
    assert f'href="{lab_href("01-ahoy-treasures.ipynb")}"' in with_lab
    monkeypatch.setenv(PLAYER_ONLY, "1")
    alone = play_app("ahoy").children[-1].value
    assert "lab/tree" not in alone and "make lab" in alone
    assert "notebooks/01-ahoy-treasures.ipynb" in alone


def test_the_play_servers_kernel_manager_tells_its_kernels_no_lab_is_served(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit_widgets import play_server

    monkeypatch.setenv(PLAYER_ONLY, "")  # restored (removed) after the test
    assert play_server.PLAYER_ONLY == PLAYER_ONLY
    play_server.PlayKernelManager()
    assert os.environ.get(PLAYER_ONLY) == "1"
