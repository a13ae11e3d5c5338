"""No click on a board picture goes unanswered (widgets/empty_clicks.py).

A fresh user in headless Chromium clicked the sea, an empty square or a corner of the
picture and got no answer in four games: Ahoy and TI2003 had no mark under those
points, and the click catchers of TI2018 and Sjörövarön spanned the scales' domain
only, while bqplot pads the plot area round it (half the largest marker + 1 px, a
line's half stroke). Here, in each play app after Start, a click on the picture's
catcher at a corner of the plot area, in that padding band, is answered in the notice
(the live region), in words saying what to do; the same click again changes the
notice again.
"""

from __future__ import annotations

import html
import math
import re
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import pytest

from treasurekit_widgets import AhoyBoard, TreasureIslandBoard
from treasurekit_widgets.apps import play_app
from treasurekit_widgets.empty_clicks import NOWHERE, reach

GAMES = ["ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island"]
SEED = 4_100_000_000_123


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


NOTHING = "nothing there to click"


def pictures(board: Any) -> list[Any]:
    """The board's pictures with a click catcher: (figure, catcher, the answer's start)
    triples (a click on Skeleton Island's sand pile is a point on the table: the
    engine's words about the bare table answer it)."""
    if hasattr(board, "table"):  # Skeleton Island: the sand pile and the table
        return [(board.picture.figure, board.picture.click_layer, "that is the bare table"),
                (board.table.figure, board.table.click_layer, NOTHING)]
    return [(board.picture.figure, board.picture.catcher, NOTHING)]


def figure_px(figure: bq.Figure) -> tuple[float, float]:
    """The plot area of ``figure`` at its largest, in pixels (width, height)."""
    layout = figure.layout
    width = next(float(v[:-2]) for v in (layout.max_width, layout.width)
                 if isinstance(v, str) and v.endswith("px"))
    height = next(float(v[:-2]) for v in (layout.height, layout.min_height)
                  if isinstance(v, str) and v.endswith("px"))
    m = figure.fig_margin
    return width - m["left"] - m["right"], height - m["top"] - m["bottom"]


def padding_px(figure: bq.Figure) -> float:
    """What bqplot 0.13 pads round a scale's domain (Figure.padded_range): the largest
    of the marks' view paddings (a Scatter's ``sqrt(default_size) / 2 + 1``, a Lines'
    half stroke width)."""
    pads = [0.0]
    for mark in figure.marks:
        if isinstance(mark, bq.Scatter):
            pads.append(math.sqrt(mark.default_size) / 2 + 1)
        elif isinstance(mark, bq.Lines):
            pads.append(float(mark.stroke_width) / 2)
    return max(pads)


def click(layer: bq.Image, x: float, y: float) -> None:
    """A click on the catcher at ``(x, y)`` (data units), as bqplot's Image sends it."""
    layer._handle_custom_msgs(None, {"event": "element_click",
                                     "data": {"click_x": x, "click_y": y}}, [])


def corner(figure: bq.Figure, layer: bq.Image) -> tuple[float, float]:
    """A point in the padding band at the plot area's top-left corner (data units),
    after checking that the catcher covers the whole plot area there."""
    sx, sy = layer.scales["x"], layer.scales["y"]
    width, height = figure_px(figure)
    pad = padding_px(figure)
    # the domain fills the plot area less the padding on each side
    per_x = (width - 2 * pad) / (sx.max - sx.min)
    per_y = (height - 2 * pad) / (sy.max - sy.min)
    band_x, band_y = pad / per_x, pad / per_y  # the padding band in data units
    xs, ys = sorted(layer.x), sorted(layer.y)
    assert xs[0] <= sx.min - band_x and xs[1] >= sx.max + band_x, (xs, sx.min, sx.max)
    assert ys[0] <= sy.min - band_y and ys[1] >= sy.max + band_y, (ys, sy.min, sy.max)
    assert layer._element_click_handlers.callbacks, "the catcher takes no clicks"
    top = sy.min - band_y / 2 if sy.reverse else sy.max + band_y / 2
    return sx.min - band_x / 2, top


@pytest.mark.parametrize("game", GAMES)
def test_a_click_in_a_corner_of_the_picture_is_answered_in_words_each_time(
        game: str, browser_click: None) -> None:
    app = play_app(game, seed=SEED)
    figure, layer, _ = pictures(app.board)[-1]
    x, y = corner(figure, layer)
    click(layer, x, y)  # before Start: the preamble answers
    assert "press Start" in app.board.notice
    app.start()
    board = app.board
    seat = board.turn_of(board.state)
    assert seat is not None and board.is_human(seat) and not board.state.is_terminal()
    history = list(board.state.history)
    for figure, layer, start in pictures(board):
        x, y = corner(figure, layer)
        shown = []
        for _ in range(2):
            click(layer, x, y)
            shown.append(board.notice_box.value)
            said = text_of(shown[-1])
            assert said.startswith(f"⚠ {start}: "), said
            assert re.search(r"\b(click|press|choose|roll|throw)\b", said.split(":", 1)[1]), said
        assert shown[0] != shown[1] and "again, 2nd time" in text_of(shown[1])
        assert "tk-error" not in shown[1] and board.error == ""
        board._clear_notice()
    assert list(board.state.history) == history  # nothing was played


def test_the_answer_says_what_the_status_says_to_do() -> None:
    board = TreasureIslandBoard(players=2, seed=1, first_player=0)
    board.roll()
    board.click_place(NOWHERE)
    status = text_of(board.status.value)
    todo = board.notice.removeprefix("nothing there to click: ")
    assert todo != board.notice and todo in status and "yellow square" in todo
    board.show_ply(0)  # the preamble first: an earlier position
    board.click_place(NOWHERE)
    assert "earlier position" in board.notice


def test_a_click_on_an_ahoy_pirates_orange_ring_moves_it() -> None:
    """The catcher lies under the rings (halos): a click on a ring, beside its pirate,
    is a click on the pirate, not on nothing."""
    board = AhoyBoard(players=2, seed=1)
    board.roll()
    picture = board.picture
    assert picture.figure.marks[-3:] == [picture.catcher, picture.halo, picture.pirates]
    assert len(picture.halo.x) >= 1
    ply = board.state.ply
    picture.halo._handle_custom_msgs(None, {"event": "element_click",
                                            "data": {"index": 0}}, [])
    assert board.state.ply > ply and board.notice == ""


def test_reach_refuses_an_empty_domain() -> None:
    assert reach(0.0, 2.0) == [-2.0, 4.0]
    with pytest.raises(ValueError, match="high > low"):
        reach(1.0, 1.0)
