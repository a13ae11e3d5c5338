"""The Ahoy Treasures! picture: a bqplot figure drawn from an ``AhoyView``.

:class:`AhoyPicture` builds the static board once (sea, the big island, Buccaneer
Island, path squares with numbers, starting boxes, chests) and redraws the moving
parts from a view: planks, pirates stacked upward in pile order, highlights, chest
owners, the die and the scores, with a key to the colours along the bottom. It knows
the board's geometry, never the rules.

The board file gives every square's place; the starting boxes and the big island are
laid out here, left of square 1, so that nothing overlaps. A pile of up to four
pirates is drawn at full spacing; a taller one is squeezed into the same height and
gets a count badge ("×6").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit.ahoy import SHIP, AhoyView
from treasurekit.ahoy.board import AhoyBoard as BoardData

from ..empty_clicks import catcher
from ..palette import (
    LETTER_OFFSETS,
    PIECE_LETTER_CLASS,
    PIECE_LETTER_CSS,
    SEAT_COLOURS,
    seat_letter,
)
from ..updates import assign

__all__ = ["SEAT_COLOURS", "AhoyPicture", "Piece", "layout_pieces", "pile_badges",
           "points_label"]

# SEAT_COLOURS (from .palette): screen colours for the board's colour names (anything
# else is used as CSS as is); every pirate also shows its colour's letter (R, B, G, Y).
SEA, SEA_EDGE = "#b9deee", "#8cc3dc"
SAND, SAND_EDGE = "#f2dca0", "#b99457"
WATER, WATER_EDGE = "#2b7bbd", "#16568c"
WOOD, WOOD_EDGE = "#9a6434", "#5a3718"
GOLD, INK = "#e2a72e", "#1f2d3a"
HALO_EDGE = "#f76707"  # orange ring around a pirate that may move
PICKED = "#7c3aed"  # violet ring around the pirate picked after a ship roll

WIDTH_PX, HEIGHT_PX, MARGIN_PX = 800, 340, 4
X_RANGE = (-1.5, 21.15)
_UNIT = (WIDTH_PX - 2 * MARGIN_PX) / (X_RANGE[1] - X_RANGE[0])  # pixels per board unit
Y_RANGE = (0.5, 0.5 + (HEIGHT_PX - 2 * MARGIN_PX) / _UNIT)

STACK_STEP = 0.3  # board units between pirates of a pile
STACK_FULL = 4  # piles up to this height use the full step
STACK_MAX = STACK_STEP * (STACK_FULL - 1)  # a taller pile is squeezed into this height
BADGE_RISE = 0.36  # a tall pile's "×n" sits this far above its top pirate
START_STEP = 0.26  # pirates side by side in a starting box
START_X0 = 0.85  # first pirate in a starting box (the colour's name sits left of it)
# The starting boxes (their y comes from the board file): they end 0.35 units left of
# square 1's edge, and the big island below is drawn around them.
BOX_LEFT, BOX_RIGHT = -0.55, START_X0 + 3 * START_STEP + 0.29
BIG_ISLAND = (0.68, 4.1, 1.95, 2.8)  # centre x, y, half-width, half-height
KEY_X, KEY_ROWS_Y = 2.3, (1.62, 0.9)  # the key: two rows under the path
KEY_CHAR_PX = 5.2  # width of a character of the key's 11 px labels (measured 4.6)


def _px(units: float) -> float:
    return units * _UNIT


def _area(units: float) -> int:
    """bqplot marker size (an area in px²) for a marker ``units`` board units across."""
    return round(_px(units) ** 2)


def seat_colour(board: BoardData, seat: int) -> str:
    """The screen colour of a seat."""
    name = board.colours[seat].name
    return SEAT_COLOURS.get(name.lower(), name)


def points_label(colour: str, points: int) -> str:
    """A seat's score as shown next to its dot: "Red 7 pts", "Blue 1 pt".

    >>> points_label("red", 7), points_label("blue", 1)
    ('Red 7 pts', 'Blue 1 pt')
    """
    return f"{colour.capitalize()} {points} pt{'' if points == 1 else 's'}"


def _ink_on(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (a #rrggbb string)."""
    if not (colour.startswith("#") and len(colour) == 7):
        return INK
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


def _blob(cx: float, cy: float, rx: float, ry: float, wobble: float, n: int = 60
          ) -> tuple[list[float], list[float]]:
    """A closed, slightly irregular island outline (deterministic)."""
    xs, ys = [], []
    for i in range(n + 1):
        t = 2 * math.pi * i / n
        r = 1 + wobble * (math.sin(3 * t + 0.7) + 0.6 * math.cos(5 * t) + 0.3 * math.sin(8 * t))
        xs.append(cx + rx * r * math.cos(t))
        ys.append(cy + ry * r * math.sin(t))
    return xs, ys


@dataclass(frozen=True)
class Piece:
    """One drawn pirate: its seat, square (0 = starting box), height in the pile, place."""

    seat: int
    square: int
    level: int
    top: bool
    x: float
    y: float


def layout_pieces(view: AhoyView, board: BoardData) -> list[Piece]:
    """Every pirate of ``view`` with its drawing position: starting boxes, then the path.

    >>> import treasurekit
    >>> s = treasurekit.load_game("ahoy").new_initial_state(seed=1)
    >>> ps = layout_pieces(s.view(0), s.board)
    >>> len(ps), ps[3].top, ps[2].top
    (8, True, False)
    """
    pieces = []
    for seat, count in enumerate(view.start):
        y0 = board.colours[seat].xy[1]  # the box's x is laid out here (left of square 1)
        for k in range(count):
            pieces.append(Piece(seat, 0, k, k == count - 1, START_X0 + k * START_STEP, y0))
    for square, pile in enumerate(view.squares, start=1):
        x0, y0 = board.xy[square]
        step = STACK_STEP if len(pile) <= STACK_FULL else STACK_MAX / (len(pile) - 1)
        for k, seat in enumerate(pile):
            pieces.append(Piece(seat, square, k, k == len(pile) - 1, x0, y0 + k * step))
    return pieces


def pile_badges(pieces: Sequence[Piece]) -> list[tuple[float, float, str]]:
    """``(x, y, "×n")`` just above the top of every path pile taller than :data:`STACK_FULL`.

    >>> pile_badges([Piece(0, 3, k, k == 4, 4.0, 5.0 + k / 4) for k in range(5)])
    [(4.0, 6.36, '×5')]
    """
    return [(p.x, round(p.y + BADGE_RISE, 2), f"×{p.level + 1}") for p in pieces
            if p.top and p.square > 0 and p.level + 1 > STACK_FULL]


class AhoyPicture:
    """The figure and its marks. ``picture.figure`` is the widget (class ``tk-ahoy-figure``).

    ``on_click(index)`` is called with the index of a clicked pirate in :attr:`pieces`
    (a click on its orange ring counts as one on it); ``on_nothing()`` with a click
    anywhere else on the picture (the :mod:`.empty_clicks` catcher).
    """

    def __init__(self, board: BoardData, players: int, on_click: Callable[[int], None],
                 on_nothing: Callable[[], None] = lambda: None) -> None:
        self.board = board
        self.players = players
        self.pieces: list[Piece] = []
        self._on_click = on_click
        self._halo_pieces: list[int] = []  # the index in pieces of each halo's pirate
        sx = bq.LinearScale(min=X_RANGE[0], max=X_RANGE[1])
        sy = bq.LinearScale(min=Y_RANGE[0], max=Y_RANGE[1])
        self._scales = {"x": sx, "y": sy}
        static = self._islands() + self._path() + self._starts()
        self.squares = self._scatter([board.xy[s][0] for s in self._path_squares()],
                                     [board.xy[s][1] for s in self._path_squares()],
                                     marker="square", default_size=_area(0.66), stroke_width=1.5)
        self.chests = self._scatter([c.xy[0] for c in board.chests],
                                    [c.xy[1] for c in board.chests],
                                    marker="square", default_size=_area(0.66), stroke=WOOD_EDGE,
                                    stroke_width=2)
        self.chest_labels = self._label([c.xy[0] for c in board.chests],
                                        [c.xy[1] for c in board.chests],
                                        [str(c.number) for c in board.chests], size=13,
                                        bold=True, y_offset=5)
        self.badges = self._label([], [], [], size=11, bold=True, y_offset=-3)
        self.picked = self._scatter([], [], marker="circle", default_size=_area(0.95),
                                    stroke=PICKED, stroke_width=4, fill=False, colors=[PICKED])
        self.halo = self._scatter([], [], marker="circle", default_size=_area(0.64),
                                  stroke=HALO_EDGE, stroke_width=3, colors=["white"])
        self.pirates = self._scatter([], [], marker="circle", default_size=_area(0.4),
                                     stroke=INK, stroke_width=1.5, names=[],
                                     display_names=True, **LETTER_OFFSETS)
        self.pirates.on_element_click(self._clicked)
        self.halo.on_element_click(self._halo_clicked)
        #: over every mark but the halos and the pirates: a click elsewhere is answered
        self.catcher = catcher(self._scales, lambda _x, _y: on_nothing())
        die = self._die_marks()
        score = self._score_marks()
        key = self._key_marks()
        # The halo and the pirates stay the last two marks (the browser test finds them so).
        self.figure = bq.Figure(
            marks=[*static, *key, self.squares, self.chests, self.chest_labels, *die, *score,
                   self.badges, self.picked, self.catcher, self.halo, self.pirates],
            fig_margin={"top": MARGIN_PX, "bottom": MARGIN_PX, "left": MARGIN_PX,
                        "right": MARGIN_PX},
            background_style={"fill": SEA},
            min_aspect_ratio=WIDTH_PX / HEIGHT_PX, max_aspect_ratio=WIDTH_PX / HEIGHT_PX,
            animation_duration=0,
            display_toolbar=False,  # no pan/zoom toolbar: a drag must never move the board
            # as wide as the board up to WIDTH_PX: narrower (a 700 px window), bqplot keeps
            # the aspect ratio and draws the whole board smaller instead of cutting it
            layout=w.Layout(width="100%", max_width=f"{WIDTH_PX}px", height=f"{HEIGHT_PX}px",
                            min_height=f"{HEIGHT_PX}px", flex="none", margin="2px 0"),
        )
        self.figure.add_class("tk-ahoy-figure")
        self.figure.add_class(PIECE_LETTER_CLASS)
        #: the CSS of the pirates' letters (an invisible widget shown with the figure)
        self.letter_css = w.HTML(PIECE_LETTER_CSS, layout=w.Layout(display="none"))

    # ----- building ----------------------------------------------------------------------
    def _scatter(self, x: Sequence[float], y: Sequence[float], **kw: Any) -> bq.Scatter:
        return bq.Scatter(x=list(x), y=list(y), scales=self._scales, **kw)

    def _label(self, x: Sequence[float], y: Sequence[float], text: Sequence[str], size: int = 11,
               bold: bool = False, colours: Sequence[str] = (INK,), y_offset: int = 0,
               align: str = "middle") -> bq.Label:
        return bq.Label(x=list(x), y=list(y), text=list(text), scales=self._scales,
                        default_size=size, font_weight="bold" if bold else "normal",
                        colors=list(colours), align=align, y_offset=y_offset)

    def _path_squares(self) -> range:
        return range(1, self.board.island_square)

    def _islands(self) -> list[bq.Mark]:
        cx, cy, rx, ry = BIG_ISLAND
        big = _blob(cx, cy, rx, ry, 0.025)
        isle = _blob(*self.board.island_xy, 1.55, 1.6, 0.04)
        xs, ys = [big[0], isle[0]], [big[1], isle[1]]
        shore = bq.Lines(x=xs, y=ys, scales=self._scales, fill="inside", colors=[SEA_EDGE],
                         fill_colors=[SEA_EDGE], stroke_width=14, close_path=True)
        land = bq.Lines(x=xs, y=ys, scales=self._scales, fill="inside", colors=[SAND_EDGE],
                        fill_colors=["#e9cf8a"], stroke_width=2, close_path=True)
        ix, iy = self.board.island_xy
        names = self._label([ix, cx], [iy + 1.95, cy + ry - 0.62],
                            ["Buccaneer Island", "big island"], size=12, bold=True,
                            colours=["#6b4a1f"])
        return [shore, land, names]

    def _path(self) -> list[bq.Mark]:
        xy = [self.board.xy[s] for s in self._path_squares()]
        start = (BOX_RIGHT, xy[0][1])
        end = (self.board.island_xy[0] - 1.55, self.board.island_xy[1])
        route = bq.Lines(x=[start[0], *(p[0] for p in xy), end[0]],
                         y=[start[1], *(p[1] for p in xy), end[1]], scales=self._scales,
                         colors=["#6b4a1f"], stroke_width=2, line_style="dashed",
                         opacities=[0.55], interpolation="cardinal")
        numbers = self._label([p[0] for p in xy], [p[1] - 0.42 for p in xy],
                              [str(s) for s in self._path_squares()], size=11,
                              colours=["#30404f"], y_offset=4)
        return [route, numbers]

    def _starts(self) -> list[bq.Mark]:
        xs, ys, fills, edges = [], [], [], []
        for seat in range(self.players):
            y0 = self.board.colours[seat].xy[1]
            left, right = BOX_LEFT, BOX_RIGHT
            xs.append([left, right, right, left, left])
            ys.append([y0 - 0.3, y0 - 0.3, y0 + 0.3, y0 + 0.3, y0 - 0.3])
            fills.append(seat_colour(self.board, seat))
            edges.append(INK)
        boxes = bq.Lines(x=xs, y=ys, scales=self._scales, fill="inside", colors=edges,
                         fill_colors=fills, fill_opacities=[0.3] * self.players,
                         stroke_width=1.5, close_path=True)
        names = self._label([BOX_LEFT + 0.08] * self.players,
                            [self.board.colours[s].xy[1] for s in range(self.players)],
                            [self.board.colours[s].name.capitalize() for s in range(self.players)],
                            size=11, bold=True, y_offset=4, align="start")
        return [boxes, names]

    def _die_marks(self) -> list[bq.Mark]:
        cx, cy = X_RANGE[0] + 1.2, Y_RANGE[1] - 0.8
        self.die_xy = (cx, cy)
        self.die = self._scatter([cx], [cy], marker="square", default_size=_area(1.25),
                                 colors=["white"], stroke=INK, stroke_width=2.5)
        self.pips = self._scatter([], [], marker="circle", default_size=_area(0.24),
                                  colors=[INK])
        s = 0.42  # the ship: hull, mast, sail, drawn inside the die
        self.ship = bq.Lines(
            x=[[cx - s, cx + s, cx + 0.7 * s, cx - 0.7 * s, cx - s],
               [cx - 0.05, cx - 0.05, cx + 0.5 * s, cx - 0.05, cx - 0.05]],
            y=[[cy - 0.1, cy - 0.1, cy - 0.35, cy - 0.35, cy - 0.1],
               [cy - 0.1, cy + 0.5, cy + 0.05, cy + 0.05, cy - 0.1]],
            scales=self._scales, fill="inside", colors=[WOOD_EDGE, INK],
            fill_colors=[WOOD, "white"], stroke_width=1.5, close_path=True, visible=False)
        self.die_label = self._label([cx + 0.9], [cy], [""], size=14, bold=True, y_offset=5,
                                     align="start")
        self.die_query = self._label([cx], [cy], [""], size=26, bold=True, y_offset=9,
                                     colours=["#9aa5b1"])
        return [self.die, self.pips, self.ship, self.die_label, self.die_query]

    def _score_marks(self) -> list[bq.Mark]:
        xs = [21.0 - 2.95 * (self.players - p) for p in range(self.players)]
        y = Y_RANGE[1] - 0.8
        self.score_dots = self._scatter(xs, [y] * self.players, marker="circle",
                                        default_size=_area(0.34), stroke=INK,
                                        colors=[seat_colour(self.board, p)
                                                for p in range(self.players)])
        self.score_labels = self._label([x + 0.3 for x in xs], [y] * self.players,
                                        [""] * self.players, size=12, bold=True, y_offset=4,
                                        align="start")
        title = self._label([6.2], [y], ["Ahoy Treasures!"], size=18, bold=True,
                            colours=["#13405e"], y_offset=6)
        return [self.score_dots, self.score_labels, title]

    def _key_marks(self) -> list[bq.Mark]:
        """The key, two rows under the path (left of square 14): what the colours mean.

        Row 1: the orange "can move" ring and the violet "picked" ring, drawn as on the
        board (around a grey pirate); row 2: land, water and plank squares and a chest.
        """
        rows = [
            [("ring", HALO_EDGE, "can move (click it)"),
             ("picked", PICKED, "picked (ship roll): choose 1-5")],
            [("land", SAND, "land"), ("water", WATER, "water"), ("plank", WOOD, "plank"),
             ("chest", GOLD, "chest: number = points")],
        ]
        squares_x, squares_y, square_colours = [], [], []
        chests_x, chests_y = [], []
        rings_x, rings_y, picked_x, picked_y = [], [], [], []
        labels_x, labels_y, texts = [], [], []
        self.key_ends: list[float] = []  # right end of each row (tests keep it off the path)
        for row, y in zip(rows, KEY_ROWS_Y, strict=True):
            x = KEY_X
            for kind, colour, text in row:
                cx = x + 0.3
                if kind in ("land", "water", "plank"):
                    squares_x.append(cx)
                    squares_y.append(y)
                    square_colours.append(colour)
                elif kind == "chest":
                    chests_x.append(cx)
                    chests_y.append(y)
                else:
                    rings_x.append(cx)
                    rings_y.append(y)
                    if kind == "picked":
                        picked_x.append(cx)
                        picked_y.append(y)
                gap = 0.8 if kind == "picked" else 0.68
                labels_x.append(x + gap)
                labels_y.append(y)
                texts.append(text)
                x += gap + len(text) * KEY_CHAR_PX / _UNIT + 0.7
            self.key_ends.append(x - 0.7)
        size = _area(0.44)
        return [
            self._scatter(squares_x, squares_y, marker="square", colors=square_colours,
                          stroke=WATER_EDGE, stroke_width=1.2, default_size=size),
            self._scatter(chests_x, chests_y, marker="square", colors=[GOLD], stroke=WOOD_EDGE,
                          stroke_width=1.5, default_size=size),
            self._scatter(picked_x, picked_y, marker="circle", colors=[PICKED], stroke=PICKED,
                          stroke_width=3, fill=False, default_size=_area(0.66)),
            self._scatter(rings_x, rings_y, marker="circle", colors=["white"], stroke=HALO_EDGE,
                          stroke_width=2.5, default_size=_area(0.46)),
            self._scatter(rings_x, rings_y, marker="circle", colors=["#9aa5b1"], stroke=INK,
                          stroke_width=1, default_size=_area(0.26)),
            self._label(labels_x, labels_y, texts, size=11, colours=["#30404f"], y_offset=4,
                        align="start"),
        ]

    @property
    def marks(self) -> list[bq.Mark]:
        """Every mark that changes on a redraw (for ``hold_sync``)."""
        return [self.squares, self.chests, self.chest_labels, self.badges, self.picked,
                self.halo, self.pirates, self.die, self.pips, self.ship, self.die_label,
                self.die_query, self.score_labels]

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, view: AhoyView, turn: int | None, movable: set[int],
             selected: int | None, scores: Sequence[int]) -> None:
        """Redraw from ``view``.

        ``turn`` is the seat whose turn it is (None when over); ``movable`` the source
        squares (0 = starting box) whose top pirate the clicker may move (highlighted);
        ``selected`` a source chosen after a ship roll (its top pirate gets the violet
        "picked" ring); ``scores`` per seat (chest points).
        """
        board = self.board
        self.pieces = layout_pieces(view, board)
        with ExitStack() as stack:
            for mark in self.marks:
                stack.enter_context(mark.hold_sync())
            # assign(): a mark whose data did not change is not re-sent (nor redrawn)
            assign(self.squares, colors=[
                SAND if board.kinds[s] == "land" else WOOD if s in view.planks else WATER
                for s in self._path_squares()], stroke=WATER_EDGE)
            colours = [seat_colour(board, p) if p is not None else GOLD for p in view.chests]
            assign(self.chests, colors=colours)
            # a won chest shows its winner's letter beside its number ("3R"): not colour alone
            assign(self.chest_labels, colors=[_ink_on(c) for c in colours],
                   text=[f"{c.number}{'' if p is None else seat_letter(board.colours[p].name)}"
                         for c, p in zip(board.chests, view.chests, strict=True)])
            hi = [p for p in self.pieces if p.top and p.seat == turn and p.square in movable]
            assign(self.halo, x=[p.x for p in hi], y=[p.y for p in hi])
            self._halo_pieces = [i for i, p in enumerate(self.pieces)
                                 if p.top and p.seat == turn and p.square in movable]
            chosen = [p for p in hi if p.square == selected]
            assign(self.picked, x=[p.x for p in chosen], y=[p.y for p in chosen])
            badges = pile_badges(self.pieces)
            assign(self.badges, x=[x for x, _, _ in badges], y=[y for _, y, _ in badges],
                   text=[t for _, _, t in badges])
            assign(self.pirates, x=[p.x for p in self.pieces], y=[p.y for p in self.pieces],
                   colors=[seat_colour(board, p.seat) for p in self.pieces],
                   names=[seat_letter(board.colours[p.seat].name) for p in self.pieces])
            self._draw_die(view.die, turn)
            assign(self.score_labels, text=[points_label(board.colours[p].name, scores[p])
                                            for p in range(self.players)])

    def _draw_die(self, die: int | None, turn: int | None) -> None:
        cx, cy = self.die_xy
        d = 0.33
        faces: dict[int, list[tuple[float, float]]] = {
            1: [(0, 0)], 2: [(-d, d), (d, -d)], 3: [(-d, d), (0, 0), (d, -d)],
            4: [(-d, d), (d, d), (-d, -d), (d, -d)],
            5: [(-d, d), (d, d), (0, 0), (-d, -d), (d, -d)]}
        spots = faces.get(die or 0, [])
        assign(self.pips, x=[cx + dx for dx, _ in spots], y=[cy + dy for _, dy in spots])
        assign(self.ship, visible=die == SHIP)
        assign(self.die, stroke=seat_colour(self.board, turn) if turn is not None else INK,
               visible=turn is not None)
        if turn is None:
            text = "Game over"
        else:
            name = self.board.colours[turn].name.capitalize()
            text = f"{name} to roll" if die is None else f"{name} rolled"
        assign(self.die_label, text=[text])
        assign(self.die_query, text=["?" if die is None and turn is not None else ""])

    def _clicked(self, _mark: Any, event: dict[str, Any]) -> None:
        index = event.get("data", {}).get("index")
        if isinstance(index, int) and 0 <= index < len(self.pieces):
            self._on_click(index)

    def _halo_clicked(self, _mark: Any, event: dict[str, Any]) -> None:
        index = event.get("data", {}).get("index")
        if isinstance(index, int) and 0 <= index < len(self._halo_pieces):
            self._on_click(self._halo_pieces[index])
