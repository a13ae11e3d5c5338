"""The Treasure Island (2003) picture: a clickable bqplot grid drawn from a ``TIView``.

:class:`TIPicture` draws the island once (sea, lakes, land, orange anchorages, dark
treasure squares with their pirates' names, rivers on the edges they block and dashed
where they block only part of an edge, the square names along the edges) and redraws
the moving parts from a view: counters by colour (paler where an enclosure filled the
square), the squares the dice allow (yellow, with a violet frame) and the last squares
taken. A click anywhere in a square reaches that square: on the cell, a counter or a
frame, each of which answers with it, or on printed text, which lets clicks through.
It knows the board's geometry, never the rules.

The HTML helpers below draw the side panels (dice, players' treasure, the Locker, the
key) from the same view. They are pure functions, easy to test.

>>> from treasurekit.treasure_island_2003 import load_board
>>> short_pirate("Blackbeard (Edward Teach)"), short_pirate("Calico Jack Rackham")
('Teach', 'Rackham')
>>> river_segment(load_board("small"), 8 * 12 + 2, 9 * 12 + 2)   # c9 | c10 share a side
((2, 3), (9, 9))
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]
import numpy as np

from treasurekit.treasure_island_2003 import Board, CardSet, TIView
from treasurekit.treasure_island_2003.moves import COLOURS

from ..empty_clicks import catcher
from ..palette import (
    LETTER_OFFSETS,
    PIECE_LETTER_CLASS,
    PIECE_LETTER_CSS,
    screen_colour,
    seat_letter,
)
from ..updates import assign

__all__ = [
    "CLICK_THROUGH_CSS",
    "FIGURE_PX",
    "HILITE",
    "SEAT_COLOURS",
    "TIPicture",
    "dice_html",
    "key_html",
    "locker_html",
    "players_html",
    "river_segment",
    "seat_colour",
    "short_pirate",
]

#: Screen colours of the six seat colours, in seat order.
SEAT_COLOURS = tuple(screen_colour(c) for c in COLOURS)  # (palette.py: colour-vision safe)
#: The letter on each seat's counters (R, B, G, Y, K for black, W).
SEAT_LETTERS = tuple(seat_letter(c) for c in COLOURS)
SEA, LAKE, LAND = "#b9deee", "#5b9fd0", "#f2dca0"
ANCHOR, TREASURE = "#f0a15a", "#3b3530"
HILITE = "#ffe066"  # fill of a square the dice allow
RING = "#7c3aed"  # violet frame around it
LAST = "#f8f9fa"  # ring around the squares taken by the last move
RIVER, INK, MUTED = "#1864ab", "#1f2d3a", "#6b7280"
GRID = "#ffffff"
PURPLE_CANNON, GOLD_CANNON = "#7048e8", "#d4a017"
#: Cell colour codes for the heat map (index into its colour scale).
CODES = {"sea": 0, "lake": 1, "land": 2, "anchorage": 3, "treasure": 4, "usable": 5}
PALETTE = [SEA, LAKE, LAND, ANCHOR, TREASURE, HILITE]

#: CSS the board shows once: the numbers and names printed on squares let clicks
#: through to the square (bqplot's Label mark sends no click messages of its own).
CLICK_THROUGH_CSS = ("<style>.tk-ti-figure text.label { pointer-events: none; }"
                     # a river's stroke passes a click to the square under it
                     ".tk-ti-figure path.line { pointer-events: none; }</style>"
                     + PIECE_LETTER_CSS)
ENCLOSED_OPACITY = 0.5  # a counter an enclosure placed is drawn paler
FIGURE_PX = 520
#: The smallest text on a board, in pixels (issue 9: nothing smaller is readable).
MIN_TEXT_PX = 11
MARGIN_PX = 4
PAD = 0.55  # board units left of column a and above row 1, for the square names
END = 0.05  # board units right of the last column and below the last row
LAST_RING = 0.9  # the ring around the last squares taken, in squares


def seat_colour(seat: int) -> str:
    """The screen colour of a seat."""
    return SEAT_COLOURS[seat]


def short_pirate(name: str) -> str:
    """The word of a pirate's name printed on the square: the last one, or the last one
    in brackets (Blackbeard's own name, Teach, fits a square)."""
    inner = name.split("(")[1].rstrip(")") if "(" in name else name
    return inner.split()[-1]


def river_segment(board: Board, a: int, b: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The side shared by neighbouring squares ``a`` and ``b``: ((x0, x1), (y0, y1)) in
    board units (x = column, y = row, row 0 at the top)."""
    lo, hi = min(a, b), max(a, b)
    r, c = divmod(lo, board.size)
    if hi == lo + 1:  # side by side: the vertical side between them
        return (c + 1, c + 1), (r, r + 1)
    return (c, c + 1), (r + 1, r + 1)  # one above the other


def _ink_on(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


class TIPicture:
    """The board figure (class ``tk-ti-figure``) and its marks.

    ``on_click(square)`` is called with the index of a clicked square, whichever mark
    on it was clicked (the cell, a counter, a frame). bqplot sends no clicks for text
    (a ``Label`` mark), and text would catch the clicks meant for the cell under it, so
    :data:`CLICK_THROUGH_CSS` (shown once by the board) lets clicks pass through it (and
    through the rivers). ``on_nothing()`` is called with a click anywhere else on the
    picture (the sea round the board, the square names: the :mod:`.empty_clicks`
    catcher, behind every other mark).
    """

    def __init__(self, board: Board, cards: CardSet, on_click: Callable[[int], None],
                 on_nothing: Callable[[], None] = lambda: None) -> None:
        self.board = board
        self._on_click = on_click
        size = board.size
        # bqplot pads the plot by half the largest marker (+1 px) on every side: the
        # "last move" ring, LAST_RING squares wide. Pixels per square, then:
        self.unit = (FIGURE_PX - 2 * MARGIN_PX - 2) / (size + PAD + END + LAST_RING)
        sx = bq.LinearScale(min=-PAD, max=size + END)
        sy = bq.LinearScale(min=-PAD, max=size + END, reverse=True)
        self._scales = {"x": sx, "y": sy}
        self.catcher = catcher(self._scales, lambda _x, _y: on_nothing())
        self.terrain = [self._terrain(s) for s in range(size * size)]
        self.cells = bq.GridHeatMap(
            color=np.array(self.terrain, dtype=float).reshape(size, size),
            row=np.arange(size + 1, dtype=float), column=np.arange(size + 1, dtype=float),
            scales={"row": sy, "column": sx,
                    "color": bq.ColorScale(colors=PALETTE, min=0, max=len(PALETTE) - 1)},
            stroke=GRID, opacity=1.0,
        )
        self.cells.on_element_click(self._cell_clicked)
        rivers = self._rivers()
        land = list(board.land)
        self.land = land
        self.numbers = self._label(
            [s % size + 0.5 for s in land],
            [s // size + (0.36 if s in board.treasure_at else 0.5) for s in land],
            [str(board.numbers[s]) for s in land], size=round(self.unit * 0.42), bold=True)
        self.treasures = sorted(board.treasure_at)
        self.names = self._label(
            [s % size + 0.5 for s in self.treasures],
            [s // size + 0.84 for s in self.treasures],
            [short_pirate(cards.chest(board.treasure_at[s]).pirate) for s in self.treasures],
            size=MIN_TEXT_PX, colours=["#ffd43b"])
        self.rings = self._scatter(marker="square", default_size=round((self.unit * 0.82) ** 2),
                                   stroke=RING, stroke_width=3, fill=False, colors=[RING])
        self._ring_squares: list[int] = []
        self.rings.on_element_click(lambda m, e: self._indexed(self._ring_squares)(m, e))
        self.last = self._scatter(marker="circle",
                                  default_size=round((self.unit * LAST_RING) ** 2),
                                  stroke=INK, stroke_width=2.5, fill=False, colors=[INK])
        self._last_squares: list[int] = []
        self.last.on_element_click(lambda m, e: self._indexed(self._last_squares)(m, e))
        self.counters = self._scatter(marker="circle",
                                      default_size=round((self.unit * 0.66) ** 2),
                                      stroke=INK, stroke_width=1.5, names=[],
                                      display_names=True, **LETTER_OFFSETS)
        self._counter_squares: list[int] = []
        self.counters.on_element_click(
            lambda m, e: self._indexed(self._counter_squares)(m, e))
        # on an opened treasure square the counter is smaller, above the pirate's name
        self.chest_counters = self._scatter(marker="circle",
                                            default_size=round((self.unit * 0.5) ** 2),
                                            stroke="#ffd43b", stroke_width=1.5, names=[],
                                            display_names=True, **LETTER_OFFSETS)
        self._chest_counter_squares: list[int] = []
        self.chest_counters.on_element_click(
            lambda m, e: self._indexed(self._chest_counter_squares)(m, e))
        coords = self._label(
            [c + 0.5 for c in range(size)] + [-PAD / 2] * size,
            [-PAD / 2] * size + [r + 0.5 for r in range(size)],
            [chr(97 + c) for c in range(size)] + [str(r + 1) for r in range(size)],
            size=12, colours=["#30404f"])
        self.figure = bq.Figure(
            marks=[self.catcher, self.cells, *rivers, self.rings, self.numbers, self.names,
                   self.last, self.counters, self.chest_counters, coords],
            fig_margin={"top": MARGIN_PX, "bottom": MARGIN_PX, "left": MARGIN_PX,
                        "right": MARGIN_PX},
            background_style={"fill": SEA},
            min_aspect_ratio=1.0, max_aspect_ratio=1.0, padding_x=0.0, padding_y=0.0,
            animation_duration=0,
            display_toolbar=False,  # a drag must never pan the board
            layout=w.Layout(width=f"{FIGURE_PX}px", height=f"{FIGURE_PX}px",
                            min_width=f"{FIGURE_PX}px", min_height=f"{FIGURE_PX}px",
                            flex="none"),
        )
        self.figure.add_class("tk-ti-figure")
        self.figure.add_class(PIECE_LETTER_CLASS)
        self.highlighted: list[int] = []

    # ----- building ----------------------------------------------------------------------
    def _terrain(self, s: int) -> int:
        board = self.board
        kind = board.kinds[s]
        if kind != "land":
            return CODES[kind]
        if s in board.treasure_at:
            return CODES["treasure"]
        return CODES["anchorage"] if s in board.anchorages else CODES["land"]

    def _scatter(self, **kw: Any) -> bq.Scatter:
        return bq.Scatter(x=[], y=[], scales=self._scales, **kw)

    def _label(self, x: Sequence[float], y: Sequence[float], text: Sequence[str], size: int,
               bold: bool = False, colours: Sequence[str] = (INK,)) -> bq.Label:
        return bq.Label(x=list(x), y=list(y), text=list(text), scales=self._scales,
                        default_size=size, font_weight="bold" if bold else "normal",
                        colors=list(colours), align="middle")

    def _rivers(self) -> list[bq.Mark]:
        marks: list[bq.Mark] = []
        for part, style, width, opacity in (("partial", "dashed", 3.0, 0.8),
                                            ("edges", "solid", 5.0, 1.0)):
            xs, ys = [], []
            for river in self.board.rivers:
                for a, b in getattr(river, part):
                    x, y = river_segment(self.board, a, b)
                    xs.append(list(x))
                    ys.append(list(y))
            if xs:
                marks.append(bq.Lines(x=xs, y=ys, scales=self._scales, colors=[RIVER],
                                      stroke_width=width, line_style=style,
                                      opacities=[opacity]))
        return marks

    # ----- clicks ----------------------------------------------------------------------------
    def _cell_clicked(self, _mark: Any, event: dict[str, Any]) -> None:
        data = event.get("data") or {}
        row, col = data.get("rowNum"), data.get("columnNum")
        size = self.board.size
        if isinstance(row, int) and isinstance(col, int) and 0 <= row < size and 0 <= col < size:
            self._on_click(row * size + col)

    def _indexed(self, squares: Sequence[int]) -> Callable[[Any, dict[str, Any]], None]:
        def clicked(_mark: Any, event: dict[str, Any]) -> None:
            index = (event.get("data") or {}).get("index")
            if isinstance(index, int) and 0 <= index < len(squares):
                self._on_click(squares[index])
        return clicked

    @property
    def marks(self) -> list[bq.Mark]:
        """Every mark that changes on a redraw (for ``hold_sync``)."""
        return [self.cells, self.rings, self.numbers, self.last, self.counters,
                self.chest_counters]

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, view: TIView, highlight: Sequence[int], last: Sequence[int]) -> None:
        """Redraw from ``view``: ``highlight`` the squares to frame (the dice allow them),
        ``last`` the squares the last move took (ringed)."""
        board = self.board
        size = board.size
        self.highlighted = sorted(highlight)
        lit = set(self.highlighted)
        with ExitStack() as stack:
            for mark in self.marks:
                stack.enter_context(mark.hold_sync())
            codes = [CODES["usable"] if s in lit else t for s, t in enumerate(self.terrain)]
            # assign(): a mark whose data did not change is not re-sent (nor redrawn)
            assign(self.cells, color=np.array(codes, dtype=float).reshape(size, size))
            self._ring_squares = self.highlighted
            assign(self.rings, x=[s % size + 0.5 for s in self._ring_squares],
                   y=[s // size + 0.5 for s in self._ring_squares])
            assign(self.numbers, colors=[
                "white" if s in board.treasure_at and s not in lit else INK for s in self.land],
                text=["" if view.owner[s] >= 0 else str(board.numbers[s]) for s in self.land])
            for mark, squares, dy in (
                    (self.counters, [s for s in self.land if view.owner[s] >= 0
                                     and s not in board.treasure_at], 0.5),
                    (self.chest_counters, [s for s in self.treasures if view.owner[s] >= 0],
                     0.37)):
                assign(mark, x=[s % size + 0.5 for s in squares],
                       y=[s // size + dy for s in squares],
                       colors=[seat_colour(view.owner[s]) for s in squares],
                       names=[SEAT_LETTERS[view.owner[s]] for s in squares],
                       opacities=[ENCLOSED_OPACITY if view.enclosed[s] else 1.0
                                  for s in squares])
            self._counter_squares = [s for s in self.land if view.owner[s] >= 0
                                     and s not in board.treasure_at]
            self._chest_counter_squares = [s for s in self.treasures if view.owner[s] >= 0]
            self._last_squares = [s for s in last if view.owner[s] >= 0]
            assign(self.last, x=[s % size + 0.5 for s in self._last_squares],
                   y=[s // size + 0.5 for s in self._last_squares])


# ----- HTML panels ---------------------------------------------------------------------------
_PIPS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
         6: (0, 2, 3, 5, 6, 8)}


def die_html(value: int, used: bool = False) -> str:
    """One die face drawn with CSS (no font needed); greyed once ``used``."""
    dots = "".join(
        f'<span style="width:6px;height:6px;border-radius:3px;margin:auto;'
        f'background:{INK if k in _PIPS[value] else "transparent"}"></span>'
        for k in range(9))
    return (f'<span class="tk-ti-die" title="{value}" style="display:inline-grid;'
            "grid-template-columns:repeat(3,8px);grid-template-rows:repeat(3,8px);padding:3px;"
            f"border:2px solid {INK};border-radius:6px;background:white;margin-right:6px;"
            f'vertical-align:middle;opacity:{0.35 if used else 1}">{dots}</span>')


def dice_html(view: TIView, who: str, colour: str, cards: CardSet, text: str) -> str:
    """The turn card: whose turn, the dice (used ones greyed), and what the turn holds now
    (chests won, cards shown, cannons waiting, a skirmish)."""
    head = (f'<div style="font-weight:600;font-size:14px"><span style="display:inline-block;'
            f"width:12px;height:12px;border-radius:6px;background:{colour};"
            f'border:1px solid {INK};margin-right:6px;vertical-align:-1px"></span>'
            f"{html.escape(who)}</div>")
    parts = []
    if view.dice is not None:
        left = list(view.usable)
        faces = []
        for d in view.dice:
            used = d not in left
            if not used:
                left.remove(d)
            faces.append(die_html(d, used))
        parts.append(f'<div style="margin-top:4px">{"".join(faces)}</div>')
    if view.revealed:
        shown = ", ".join(cards.label(k) for k in view.revealed)
        parts.append(f"<div>from the chest: {html.escape(shown)}</div>")
    if view.cannons:
        parts.append("<div>cannons waiting: " + "".join(
            _pill(f"{c} cannon", PURPLE_CANNON if c == "purple" else GOLD_CANNON, solid=True)
            for c in view.cannons) + "</div>")
    if view.pending_chests:
        names = ", ".join(cards.chest(c).pirate for c in view.pending_chests)
        parts.append(f"<div>chests won: {html.escape(names)}</div>")
    parts.append(f'<div style="color:{MUTED}">{html.escape(text)}</div>')
    return (f'<div class="tk-ti-turn" style="font-size:12.5px;line-height:1.4">{head}'
            f'{"".join(parts)}</div>')


def _pill(text: str, colour: str = "#c9b27c", solid: bool = False, tag: str = "",
          title: str = "") -> str:
    if solid:
        style = f"background:{colour};color:{_ink_on(colour)};border:1px solid {colour}"
    else:
        style = f"background:#fffaf0;border:1px solid {colour};color:{INK}"
    extra = (f'<span style="background:{PURPLE_CANNON};color:white;border-radius:3px;'
             f'font-size:11px;padding:0 3px;margin-left:4px">{tag}</span>') if tag else ""
    return (f'<span title="{html.escape(title or text)}" style="{style};border-radius:4px;'
            f'padding:0 4px;margin:0 3px 3px 0;display:inline-block;white-space:nowrap;'
            f'font-size:12px;line-height:17px">{html.escape(text)}{extra}</span>')


def players_html(view: TIView, cards: CardSet, names: Sequence[str], limits: Sequence[int],
                 reckoning: bool, row_px: int) -> str:
    """One row per seat: name, counters, types held of the limit, Jolly Rogers, points,
    then the treasure piles (a purple "cannon" tag on a protected pile)."""
    rows = []
    for p, name in enumerate(names):
        colour = seat_colour(p)
        protected = set(view.protected[p])
        pills = [_pill(f"{cards.label(k)} {n}", PURPLE_CANNON if k in protected else "#c9b27c",
                       tag="cannon" if k in protected else "",
                       title=f"{cards.label(k)}: {n} card(s)" + (
                           ", protected by a purple cannon" if k in protected else ""))
                 for k, n in view.piles[p]]
        if view.jolly[p]:
            pills.append(_pill(f"Jolly Roger ×{view.jolly[p]}", "#111111", solid=True,
                               title="one more treasure type allowed per Jolly Roger"))
        if not pills:
            pills.append(f'<span style="color:{MUTED}">no treasure yet</span>')
        types = len(view.piles[p])
        over = types > limits[p]
        facts = (f"{view.counters[p]} counters · "
                 f'<span style="color:{"#b42318" if over else "inherit"}">'
                 f"{types}/{limits[p]} types</span>")
        points = (f'<span style="float:right;margin-left:6px"><b>{view.points[p]} pts</b>'
                  "</span>") if reckoning else ""
        turn = p == view.turn and view.winner is None
        rows.append(
            f'<div class="tk-ti-player" style="display:flex;height:{row_px - 4}px;'
            f"margin-bottom:4px;border-left:5px solid {colour};border-radius:4px;"
            f'background:{"#fff4c2" if turn else "#f8f6f1"};overflow:hidden">'
            f'<div style="flex:none;width:150px;padding:2px 6px;line-height:1.35">'
            f'<div style="font-weight:600;white-space:nowrap">{points}{html.escape(name)}'
            f'{" ◀" if turn else ""}</div>'
            f'<div style="font-size:11.5px;color:{MUTED};white-space:nowrap">{facts}</div></div>'
            f'<div style="flex:1;padding:3px 4px 0 0;overflow:hidden">{"".join(pills)}</div>'
            "</div>")
    # two seats a row, so that six seats leave the controls in a 1000-pixel window
    return (f'<div style="font-size:13px;display:grid;grid-template-columns:1fr 1fr;'
            f'column-gap:6px">{"".join(rows)}</div>')


def locker_html(view: TIView, cards: CardSet) -> str:
    """Davy Jones' Locker (types and cannons), the fired-cannon pile, unseen cards, chests."""
    types = "".join(_pill(f"{cards.label(k)} {n}") for k, n in view.locker) or (
        f'<span style="color:{MUTED}">no treasure</span>')
    lc = dict(view.locker_cannons)
    fired = dict(view.fired)
    opened = sum(1 for c, _, got in view.chests if got is not None and c != "legacy")
    total = sum(1 for c, _, _ in view.chests if c != "legacy")
    unseen = sum(n for _, n in view.unseen)
    cannons = (_pill(f"purple ×{lc.get('purple', 0)}", PURPLE_CANNON, solid=True)
               + _pill(f"gold ×{lc.get('gold', 0)}", GOLD_CANNON, solid=True))
    spent = (_pill(f"purple ×{fired.get('purple', 0)}", PURPLE_CANNON)
             + _pill(f"gold ×{fired.get('gold', 0)}", GOLD_CANNON))
    return (
        '<div class="tk-ti-locker" style="font-size:12.5px;line-height:1.45">'
        "<div><b>Davy Jones' Locker</b></div>"
        f"<div>{types}</div><div>cannons {cannons}</div>"
        f"<div><b>Fired cannons</b> {spent}</div>"
        f'<div style="color:{MUTED}">chests opened {opened} of {total} · '
        f"unseen cards {unseen}</div></div>")


def _paler(colour: str, opacity: float) -> str:
    """``colour`` (#rrggbb) drawn at ``opacity`` over white."""
    rgb = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - c) * opacity):02x}" for c in rgb)


def key_html() -> str:
    """What the colours of the board mean."""
    def swatch(colour: str, label: str, border: str = "#8a8a8a", round_: bool = False) -> str:
        radius = "6px" if round_ else "2px"
        return (f'<span style="white-space:nowrap;margin-right:10px"><span style="display:'
                f"inline-block;width:11px;height:11px;background:{colour};border:2px solid "
                f'{border};border-radius:{radius};vertical-align:-2px;margin-right:4px">'
                f"</span>{html.escape(label)}</span>")
    items = [swatch(LAND, "land 1-6"), swatch(ANCHOR, "anchorage (land here)"),
             swatch(TREASURE, "treasure square"), swatch(LAKE, "lake"),
             swatch(HILITE, "the dice allow it", RING),
             f'<span style="white-space:nowrap;margin-right:10px"><span style="display:'
             f"inline-block;width:14px;height:0;border-top:4px solid {RIVER};vertical-align:"
             f'3px;margin-right:4px"></span>river (dashed: part way)</span>',
             swatch(SEAT_COLOURS[0], "counter (letter: its colour)", INK, True),
             swatch(_paler(SEAT_COLOURS[0], ENCLOSED_OPACITY), "filled by an enclosure", INK,
                    True)]
    return (f'<div class="tk-ti-key" style="font-size:11.5px;line-height:1.6;color:#30404f">'
            f'{"".join(items)}</div>')
