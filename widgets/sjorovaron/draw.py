"""The Sjörövarön picture: the hex island drawn with bqplot from an ``SjoView``.

:class:`SjoPicture` draws the map once (one filled ``Lines`` polygon per hex, coloured
by its kind; the river's flow arrows; striped hexes with a dashed frame; the waterfall,
the Sulfur Lake, the tower and its mortar, the raft's landing, the rowing boats and
the nine named hiding spots; rocks are the dark obstacles) and redraws the moving
parts from a view: pirates (standing, or wounded with the turns they still miss),
the chest when its place is public (or known to the viewer), the raft, the hexes a
roll lets the player end on (yellow, violet ring). A transparent image laid over the
whole picture (``catcher``) answers clicks: the hex whose centre is nearest the click
(``on_click(hex index)``), whatever is drawn there; it reaches over the padding round
the map too, and a click in no hex (a corner of the picture) calls ``on_nothing()``
(:mod:`.empty_clicks`). It knows the geometry, never the rules.

The page stays light: the map's 437 hexes are one curve per kind of ground (polygons
separated by NaN, which bqplot draws as separate pieces of one path), the striped
frames one curve, and the click catcher one image, so the figure has a few hundred
SVG elements, not the 3,000 that a curve and a click circle per hex made; every style
recalculation of the page (a button pressed, the focus moved) walks them all, and on a
slow machine that held each click back by a tenth of a second or more.

>>> from treasurekit.sjorovaron import load_map
>>> p = SjoPicture(load_map(), lambda h: None)
>>> len(p.terrain.x) == len(set(p.board.kinds))  # one curve per kind of ground
True
>>> p.hex_at(p.cx[40] + 0.3, p.cy[40] - 0.2)
40
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]
import numpy as np

from treasurekit.sjorovaron import SjoMap, SjoView
from treasurekit.sjorovaron.flow import Phase
from treasurekit.sjorovaron.moves import LETTERS

from ..empty_clicks import catcher, click_point
from ..palette import screen_colour
from ..updates import assign

__all__ = ["FIGURE_PX", "HILITE", "KIND_COLOURS", "RING", "SEAT_COLOURS", "SjoPicture",
           "key_html", "pirates_html", "seat_colour"]

#: Ground colours. The land kinds a move depends on differ in lightness (CAM02-UCS J'
#: 92, 80, 68, 56, 42: lowland, Sulfur Lake, slope, plateau, ravine), so that they part in
#: greys and for every kind of colour vision, not by hue alone.
KIND_COLOURS = {"sea": "#9ccbe6", "river": "#3f8fd2", "lake": "#d4c048",
                "lowland": "#d9edaa", "plateau": "#718939", "slope": "#ad9d68",
                "ravine": "#6d5a39", "tower": "#b8b0a4", "rock": "#4b4b4b"}
#: Seat colours (palette.py), in seat order: red, blue, green, orange, purple, white.
SEAT_COLOURS = tuple(screen_colour(c) for c in ("red", "blue", "green", "orange", "purple",
                                                 "white"))
HILITE, RING = "#ffe066", "#7c3aed"
INK, MUTED = "#1f2d3a", "#6b7280"
CHEST, RAFT, BOAT = "#d4a017", "#8b5a2b", "#5c3d1e"
FIGURE_PX = 600
CLICK_THROUGH_CSS = (
    "<style>.tk-sjo-figure text.label { pointer-events: none; paint-order: stroke; "
    "stroke: rgba(255, 255, 255, 0.85); stroke-width: 3px; stroke-linejoin: round; }</style>")


def seat_colour(seat: int) -> str:
    """The screen colour of a seat."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class SjoPicture:
    """The island figure (class ``tk-sjo-figure``) and its marks."""

    def __init__(self, board: SjoMap, on_click: Callable[[int], None],
                 on_nothing: Callable[[], None] = lambda: None) -> None:
        self.board = board
        self._on_click = on_click
        self._on_nothing = on_nothing
        n = len(board.hexes)
        centres = [board.centre(h) for h in range(n)]
        self.cx = [c[0] for c in centres]
        self.cy = [c[1] for c in centres]
        xs = [x for h in range(n) for x, _ in board.corners(h)]
        ys = [y for h in range(n) for _, y in board.corners(h)]
        span = max(max(xs) - min(xs), max(ys) - min(ys))
        mid_x, mid_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2  # centred
        sx = bq.LinearScale(min=mid_x - span / 2, max=mid_x + span / 2)
        sy = bq.LinearScale(min=mid_y - span / 2, max=mid_y + span / 2)
        self._scales = {"x": sx, "y": sy}
        self.unit = FIGURE_PX / span  # pixels per hex size unit
        polys = [board.corners(h) for h in range(n)]
        #: the kinds of ground in the order of the terrain's curves
        self.kinds = [k for k in dict.fromkeys(board.kinds)]
        pieces = [polygons([polys[h] for h in range(n) if board.kinds[h] == kind])
                  for kind in self.kinds]
        longest = max(len(x) for x, _ in pieces)  # bqplot wants curves of one length:
        pad = [[math.nan] * (longest - len(x)) for x, _ in pieces]  # NaN draws nothing
        self.terrain = bq.Lines(
            x=[x + more for (x, _), more in zip(pieces, pad, strict=True)],
            y=[y + more for (_, y), more in zip(pieces, pad, strict=True)],
            scales=self._scales, fill="inside", colors=["#ffffff"] * len(pieces),
            fill_colors=[KIND_COLOURS.get(k, "#cccccc") for k in self.kinds],
            fill_opacities=[1.0] * len(pieces), stroke_width=0.6)
        frames = polygons([polys[h] for h in sorted(board.striped)])
        self.stripes = bq.Lines(x=[frames[0]], y=[frames[1]], scales=self._scales,
                                colors=[INK], line_style="dashed", stroke_width=2.0)
        arrows_x, arrows_y = [], []
        for h, down in enumerate(board.flow):
            if down < 0:
                continue
            (x0, y0), (x1, y1) = board.centre(h), board.centre(down)
            arrows_x.append([x0 + (x1 - x0) * 0.1, x0 + (x1 - x0) * 0.55])
            arrows_y.append([y0 + (y1 - y0) * 0.1, y0 + (y1 - y0) * 0.55])
        self.arrows = bq.Lines(x=arrows_x, y=arrows_y, scales=self._scales,
                               colors=["#0b3d6b"] * len(arrows_x), stroke_width=1.6,
                               marker="circle", marker_size=6)
        boats = board.boats
        self.boats = bq.Scatter(x=[self.cx[b.boat] for b in boats],
                                y=[self.cy[b.boat] for b in boats], scales=self._scales,
                                marker="triangle-up", colors=[BOAT],
                                default_size=int((self.unit * 0.9) ** 2), stroke=INK)
        starts = [b.start for b in boats]
        self.starts = bq.Scatter(x=[self.cx[h] for h in starts], y=[self.cy[h] for h in starts],
                                 scales=self._scales, marker="circle", fill=False,
                                 colors=[BOAT], stroke=BOAT, stroke_width=2.0,
                                 default_size=int((self.unit * 1.3) ** 2))
        spots = board.spots
        self.spot_marks = bq.Scatter(x=[self.cx[s.hex] for s in spots],
                                     y=[self.cy[s.hex] for s in spots], scales=self._scales,
                                     marker="cross", colors=["#7a1f1f"] * len(spots),
                                     default_size=int((self.unit * 0.8) ** 2))
        # (hex, text, offset in y): names under their hex, the waterfall's above it
        feats = [(s.hex, s.name, -0.62) for s in spots]
        feats += [(board.lip, "waterfall", 0.75), (board.mortar, "mortar", -0.62),
                  (board.raft_hex, "raft landing", -0.62),
                  (max(board.lake), "Sulfur Lake", -0.62)]
        feats += [(h, "x", -0.62) for h in board.marked]
        self.names = bq.Label(x=[self.cx[h] for h, _, _ in feats],
                              y=[self.cy[h] + dy for h, _, dy in feats],
                              text=[t for _, t, _ in feats], scales=self._scales,
                              default_size=11, colors=[INK], align="middle",
                              font_weight="bold")
        self.reach = bq.Scatter(x=[], y=[], scales=self._scales, marker="circle",
                                colors=[HILITE], stroke=RING, stroke_width=2.5,
                                default_size=int((self.unit * 1.3) ** 2))
        self.chest = bq.Scatter(x=[], y=[], scales=self._scales, marker="square",
                                colors=[CHEST], stroke=INK, stroke_width=1.5,
                                default_size=int((self.unit * 0.9) ** 2))
        self.raft = bq.Scatter(x=[], y=[], scales=self._scales, marker="rectangle",
                               colors=[RAFT], stroke=INK,
                               default_size=int((self.unit * 1.5) ** 2))
        # the size scale maps 1.0 to default_size (a lone token), 0.5 to half its area
        self.pirates = bq.Scatter(x=[], y=[], size=[],
                                  scales={**self._scales, "size": bq.LinearScale(min=0, max=1)},
                                  marker="circle",
                                  stroke=INK, stroke_width=1.5,
                                  default_size=int((self.unit * 1.2) ** 2))
        self.tags = bq.Label(x=[], y=[], text=[], scales=self._scales, default_size=11,
                             colors=[INK], align="middle", font_weight="bold")
        # on top of every mark: a click anywhere on the map reaches the hex under it
        self._centres = np.array([self.cx, self.cy])
        self.catcher = catcher(self._scales, self._point)
        self.figure = bq.Figure(
            marks=[self.terrain, self.stripes, self.arrows, self.boats, self.starts,
                   self.spot_marks, self.reach, self.raft, self.chest,
                   self.names, self.pirates, self.tags, self.catcher],
            fig_margin={"top": 4, "bottom": 4, "left": 4, "right": 4},
            background_style={"fill": KIND_COLOURS["sea"]},
            min_aspect_ratio=1.0, max_aspect_ratio=1.0, padding_x=0.0, padding_y=0.0,
            animation_duration=0, display_toolbar=False,
            layout=w.Layout(width=f"{FIGURE_PX}px", height=f"{FIGURE_PX}px",
                            min_width=f"{FIGURE_PX}px", flex="none"))
        self.figure.add_class("tk-sjo-figure")
        self.highlighted: list[int] = []

    def hex_at(self, x: float, y: float) -> int:
        """The hex whose centre is nearest the point ``(x, y)`` (map units): the hex
        the point lies in, for a point on the map."""
        d2 = (self._centres[0] - x) ** 2 + (self._centres[1] - y) ** 2
        return int(np.argmin(d2))

    def in_hex(self, x: float, y: float, h: int) -> bool:
        """Whether the point ``(x, y)`` (map units) lies in hex ``h`` (edges in)."""
        corners = self.board.corners(h)
        sides = [(bx - ax) * (y - ay) - (by - ay) * (x - ax)
                 for (ax, ay), (bx, by) in zip(corners, [*corners[1:], corners[0]],
                                               strict=True)]
        return all(c >= -1e-9 for c in sides) or all(c <= 1e-9 for c in sides)

    def _clicked(self, _mark: Any, event: dict[str, Any]) -> None:
        point = click_point(event)
        if point is not None:
            self._point(*point)

    def _point(self, x: float, y: float) -> None:
        h = self.hex_at(x, y)
        if self.in_hex(x, y, h):
            self._on_click(h)
        else:
            self._on_nothing()

    @property
    def marks(self) -> list[bq.Mark]:
        """Every mark that changes on a redraw (for ``hold_sync``)."""
        return [self.reach, self.chest, self.raft, self.pirates, self.tags, self.spot_marks]

    def draw(self, view: SjoView, highlight: Sequence[int]) -> None:
        """Redraw from ``view``; ``highlight`` the hexes a click may choose now."""
        board = self.board
        self.highlighted = sorted(highlight)
        with ExitStack() as stack:
            for mark in self.marks:
                stack.enter_context(mark.hold_sync())
            # assign(): a mark whose data did not change is not re-sent (nor redrawn)
            assign(self.reach, x=[self.cx[h] for h in self.highlighted],
                   y=[self.cy[h] for h in self.highlighted])
            # hiding spots the viewer holds the piece of cannot hide the chest: paler
            mine = set(view.my_pieces)
            assign(self.spot_marks,
                   opacities=[0.25 if s.id in mine else 1.0 for s in board.spots])
            chest = chest_hex(view, board)
            assign(self.chest, x=[] if chest is None else [self.cx[chest] + 0.45],
                   y=[] if chest is None else [self.cy[chest] + 0.45])
            raft = raft_hex(view, board)
            assign(self.raft, x=[] if raft is None else [self.cx[raft]],
                   y=[] if raft is None else [self.cy[raft]])
            on = [p for p in view.pirates if p.at is not None and p.status != "out"]
            hexes = [board.hex(p.at) for p in on if p.at is not None]
            shifts = fan_out(hexes)
            xs = [self.cx[h] + dx for h, (dx, _) in zip(hexes, shifts, strict=True)]
            ys = [self.cy[h] + dy for h, (_, dy) in zip(hexes, shifts, strict=True)]
            # tokens that share a hex are drawn smaller, so both stay inside it
            assign(self.pirates, x=xs, y=ys, colors=[seat_colour(p.seat) for p in on],
                   opacities=[0.45 if p.status == "wounded" else 1.0 for p in on],
                   size=[0.5 if dx or dy else 1.0 for dx, dy in shifts])
            assign(self.tags, x=xs, y=[y - (0.14 if dx or dy else 0.18)
                                       for y, (dx, dy) in zip(ys, shifts, strict=True)],
                   text=[pirate_tag(p) for p in on])


def polygons(rings: Sequence[Sequence[tuple[float, float]]]) -> tuple[list[float],
                                                                       list[float]]:
    """The x and y lists of one curve drawing every polygon of ``rings`` (corner points),
    each closed and followed by a NaN that separates it from the next.

    >>> polygons([[(0, 0), (1, 0), (0, 1)], [(5, 5), (6, 5), (5, 6)]])[0]
    [0, 1, 0, 0, nan, 5, 6, 5, 5, nan]
    """
    xs: list[float] = []
    ys: list[float] = []
    for ring in rings:
        xs += [x for x, _ in ring] + [ring[0][0], math.nan]
        ys += [y for _, y in ring] + [ring[0][1], math.nan]
    return xs, ys


def fan_out(hexes: Sequence[int], r: float = 0.5) -> list[tuple[float, float]]:
    """The (dx, dy) offset of each token so that tokens sharing a hex sit side by side
    (two left and right, more round a circle); a lone token stays at the centre.

    >>> fan_out([5, 7, 5])
    [(-0.5, 0.0), (0.0, 0.0), (0.5, 0.0)]
    """
    groups: dict[int, list[int]] = {}
    for i, h in enumerate(hexes):
        groups.setdefault(h, []).append(i)
    out = [(0.0, 0.0)] * len(hexes)
    for members in groups.values():
        k = len(members)
        if k == 1:
            continue
        for j, i in enumerate(members):
            angle = math.pi + 2 * math.pi * j / k  # the first one on the left
            out[i] = (round(r * math.cos(angle), 6) + 0.0, round(r * math.sin(angle), 6) + 0.0)
    return out


def pirate_tag(p: Any) -> str:
    """The letters on a pirate: its text-map letter (Hook K, Hannibal H, ...), lower case
    with the turns it still misses if wounded."""
    letter = LETTERS.get(p.pirate, "?") if p.pirate else "?"  # as on the text map
    if p.status == "wounded" or p.wound is not None:
        return f"{letter.lower()}{p.wound}"
    return letter


def chest_hex(view: SjoView, board: SjoMap) -> int | None:
    """Where to draw the chest from what the view shows: its public place, or the
    hiding spot when the viewer knows it; None when nobody can see it."""
    where, _, rest = view.chest.partition(" ")
    if where == "buried":
        if view.spot is None:
            return None
        return board.spot(view.spot).hex
    if where == "carried":
        seat = int(rest.lstrip("p"))
        at = view.pirates[seat].at
        return None if at is None else board.hex(at)
    if where in ("land", "ravine", "water"):
        return board.hex(rest)
    if where == "raft":
        return raft_hex(view, board)
    return None


def raft_hex(view: SjoView, board: SjoMap) -> int | None:
    """The raft's hex, or None once destroyed or gone."""
    state, _, rest = view.raft.partition(" ")
    if state == "landing":
        return board.raft_hex
    if state == "afloat":
        return board.hex(rest)
    return None


def pirates_html(view: SjoView, names: Sequence[str]) -> str:
    """One line per seat: colour, name, where, status, map pieces (the viewer's own
    pieces by name; the others only as a count)."""
    rows = []
    for p, name in zip(view.pirates, names, strict=True):
        status = p.status
        if p.status == "wounded":
            status = ("wounded, stands up next turn" if not p.wound else
                      f"wounded, misses {p.wound} more turn{'s' if p.wound != 1 else ''}")
        extra = []
        if p.knows:
            extra.append("knows the spot")
        if p.chest:
            extra.append("<b>has the chest</b>")
        turn = view.turn == p.seat and view.phase != Phase.OVER
        pieces = f"{p.pieces} map pieces"
        if p.seat == view.player and view.my_pieces:
            pieces += ": " + html.escape(", ".join(view.my_pieces))
        rows.append(
            f'<div class="tk-sjo-pirate" style="border-left:5px solid {seat_colour(p.seat)};'
            f'padding:1px 6px;margin-bottom:3px;background:{"#fff4c2" if turn else "#f8f6f1"}">'
            f"<b>{html.escape(name)}</b>{' ◀' if turn else ''} "
            f'<span style="color:{MUTED}">{html.escape(p.at or "-")} · {html.escape(status)}'
            f"</span><br><span style='font-size:11.5px'>{pieces}"
            f"{' · ' + ' · '.join(extra) if extra else ''}</span></div>")
    spot = (f"<div>You know the spot: <b>{html.escape(view.spot)}</b></div>"
            if view.spot else "")
    return (f'<div style="font-size:12.5px;line-height:1.35">{"".join(rows)}'
            f"<div style='color:{MUTED}'>chest: {html.escape(view.chest)} · raft: "
            f"{html.escape(view.raft)} · round {view.round} · lost pieces "
            f"{view.lost_pieces}</div>{spot}</div>")


def key_html() -> str:
    """What the colours and marks of the map mean."""
    def swatch(colour: str, label: str, round_: bool = False) -> str:
        return (f'<span style="white-space:nowrap;margin-right:8px"><span style="display:'
                f"inline-block;width:11px;height:11px;background:{colour};border:1px solid "
                f'#666;border-radius:{"6px" if round_ else "2px"};vertical-align:-2px;'
                f'margin-right:3px"></span>{html.escape(label)}</span>')
    items = [swatch(KIND_COLOURS[k], k) for k in
             ("lowland", "plateau", "slope", "ravine", "river", "lake", "tower", "rock")]
    items += [swatch(HILITE, "the roll allows it", True), swatch(CHEST, "chest"),
              swatch(RAFT, "raft (R)"), swatch(BOAT, "▲ rowing boat"),
              "<span style='margin-right:8px'>○ by a boat: starting hex (violet ring: "
              "free)</span>",
              "<span style='margin-right:8px'>dashed: striped</span>",
              "<span style='margin-right:8px'>✚ hiding spot (pale: piece yours)</span>",
              "<span style='margin-right:8px'>x: the mortar's raft hexes</span>",
              "<span>K, q1: pirate letters (wounded: lower case, turns left)</span>"]
    return (f'{CLICK_THROUGH_CSS}<div class="tk-sjo-key" style="font-size:11px;'
            f'line-height:1.6;color:#30404f">{"".join(items)}</div>')
