"""The Sand Pile picture of Skeleton Island, drawn with bqplot from a ``SkeletonView``.

:class:`PilePicture` draws every card a filled polygon from its corners, bottom to top,
so that cards overlap as they lie (face-up cards in their colour with a symbol,
face-down cards a sand-coloured back), the uncovered cards outlined, and, while a card
is held, the offered resting spots as dashed outlines labelled with their compass side
(``N``, ``NE``...), a faint ghost and arrow after a gust, and a brief red outline on the
cards that cover a card the player clicked. The geometry helpers (:func:`pile_window`,
:func:`spot_labels`, :func:`visible_spot`) say what to show where.

Clicks come through a transparent ``bqplot.Image`` laid over the whole plot: its
``on_element_click`` reports the click in data coordinates (cm on the table). The
picture knows geometry and colours, never the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from functools import lru_cache
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]
import shapely  # type: ignore[import-untyped]
from shapely.geometry import Polygon  # type: ignore[import-untyped]

from treasurekit.skeleton_island import CardView, Deck, SkeletonView
from treasurekit.skeleton_island.pile import Corners, Placement, card_corners, card_polygon

from .skeleton_faces import (
    BACK,
    BACK_EDGE,
    CLEAR_PNG,
    COIN_EDGE,
    COIN_R_CM,
    COVERING,
    FRAME,
    FRAME_EDGE,
    GHOST,
    INK,
    LIGHT,
    REST,
    TABLE,
    UNCOVERED,
    _circle,
    _closed,
    card_face,
    set_lines,
    set_text,
)
from .updates import assign

__all__ = ["COMPASS_NAMES", "PilePicture", "pile_window", "spot_labels", "visible_spot"]

COMPASS_NAMES = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")  # every 45° from east
PILE_W, PILE_H, PILE_MARGIN = 500, 500, 2
MIN_SPAN_CM = 30.0  # the pile window shows at least this many cm top to bottom
INSET_CM = 0.35  # width of the frame around a face-up card's colour
LABEL_MIN_CM = 0.9  # a covered face-up card shows its symbol if a circle this big is visible


def pile_window(view: SkeletonView, spots: Sequence[Placement] = (), margin: float = 0.0,
                keep: tuple[float, ...] | None = None) -> tuple[float, ...]:
    """The part of the table to show: ``(x0, x1, y0, y1)`` in cm.

    It holds every card (with ``margin`` cm of room around the pile: for cards
    rested on its edge and carried by gusts) and resting spot with a margin, keeps
    centimetres square for the figure's shape, and moves in steps of 5 cm so the
    picture does not jitter. With ``keep`` (the window shown so far) the window never
    shrinks: ``keep`` itself is returned while every card and spot fits in it, else a
    window holding ``keep`` and everything with ``margin`` room again.
    """
    w, h = view.card_size
    xs: list[float] = []
    ys: list[float] = []
    for card in view.table:
        for x, y in card.corners((w, h)):
            xs.append(x)
            ys.append(y)
    for s in spots:
        for x, y in card_corners(s.x, s.y, s.angle, w, h):
            xs.append(x)
            ys.append(y)
    if keep is not None:
        kx0, kx1, ky0, ky1 = keep
        if not xs or (kx0 < min(xs) - 1 and max(xs) + 1 < kx1
                      and ky0 < min(ys) - 1 and max(ys) + 1 < ky1):
            return tuple(keep)
    if xs and margin:
        xs += [min(xs) - margin, max(xs) + margin]
        ys += [min(ys) - margin, max(ys) + margin]
    if keep is not None:
        xs += [kx0 + 1.5, kx1 - 1.5]
        ys += [ky0 + 1.5, ky1 - 1.5]
    if not xs:
        xs, ys = [0.0], [0.0]
    cx = 5 * round((min(xs) + max(xs)) / 10)
    cy = 5 * round((min(ys) + max(ys)) / 10)
    ratio = (PILE_W - 2 * PILE_MARGIN) / (PILE_H - 2 * PILE_MARGIN)
    half_h = max(MIN_SPAN_CM / 2, max(ys) - cy + 1.5, cy - min(ys) + 1.5,
                 (max(xs) - cx + 1.5) / ratio, (cx - min(xs) + 1.5) / ratio)
    half_h = 5 * math.ceil(half_h / 5)
    return (cx - half_h * ratio, cx + half_h * ratio, cy - half_h, cy + half_h)


def _outward(spots: Sequence[Placement], table: Sequence[CardView],
             size: tuple[float, float]) -> dict[Placement, tuple[float, float]]:
    """For each resting spot, the unit vector along its long side pointing away from
    the centre of the pile's bounding box."""
    xs = [p[0] for c in table for p in c.corners(size)]
    ys = [p[1] for c in table for p in c.corners(size)]
    cx = (min(xs) + max(xs)) / 2 if xs else 0.0
    cy = (min(ys) + max(ys)) / 2 if ys else 0.0
    out: dict[Placement, tuple[float, float]] = {}
    for s in spots:
        ux, uy = -math.sin(math.radians(s.angle)), math.cos(math.radians(s.angle))
        if ux * (s.x - cx) + uy * (s.y - cy) < 0:
            ux, uy = -ux, -uy
        out[s] = (ux, uy)
    return out


def spot_labels(spots: Sequence[Placement], table: Sequence[CardView],
                size: tuple[float, float]) -> dict[Placement, str]:
    """A compass name for each resting spot: the side of the pile it lies on.

    A resting spot lies with its long side pointing away from the pile (ruling SKEL-6),
    so its angle gives the axis and the pile's centre the side: ``N`` is up (+y), ``E``
    right (+x). Two spots on one side get ``E``, ``E2``...

    >>> from treasurekit.skeleton_island.pile import Placement
    >>> labels = spot_labels([Placement(20, 0, 90), Placement(0, -20, 0)], [], (5.7, 8.9))
    >>> sorted(labels.values())
    ['E', 'S']
    """
    out: dict[Placement, str] = {}
    used: dict[str, int] = {}
    for s, (ux, uy) in _outward(spots, table, size).items():
        name = COMPASS_NAMES[round(math.degrees(math.atan2(uy, ux)) / 45) % 8]
        used[name] = used.get(name, 0) + 1
        out[s] = name if used[name] == 1 else f"{name}{used[name]}"
    return out


def _arrow(x0: float, y0: float, x1: float, y1: float,
           head: float = 1.4) -> tuple[list[float], list[float]]:
    """An open polyline drawing an arrow from ``(x0, y0)`` to ``(x1, y1)``."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    left = (x1 - head * (ux - 0.55 * uy), y1 - head * (uy + 0.55 * ux))
    right = (x1 - head * (ux + 0.55 * uy), y1 - head * (uy - 0.55 * ux))
    return [x0, x1, left[0], x1, right[0]], [y0, y1, left[1], y1, right[1]]


def visible_spot(table: Sequence[CardView], card_id: int,
                 size: tuple[float, float]) -> tuple[float, float, float] | None:
    """A point in the visible part of a card: ``(x, y, r)``, the centre of the largest
    circle (radius ``r`` cm) that no card above it covers; None if nothing is visible.

    For an uncovered card that is its centre. Used to label partly covered cards
    and by tests to click on the part of a card that shows.
    """
    card = next(c for c in table if c.id == card_id)
    if card.uncovered:
        return (card.x, card.y, min(size) / 2)
    x0, y0, x1, y1 = _bounds(card.x, card.y, card.angle, *size)
    above = []
    for c in table:
        if c.z > card.z:
            a0, b0, a1, b1 = _bounds(c.x, c.y, c.angle, *size)
            if a0 < x1 and a1 > x0 and b0 < y1 and b1 > y0:
                above.append((c.x, c.y, c.angle))
    return _visible((card.x, card.y, card.angle), tuple(above), size)


@lru_cache(maxsize=16384)
def _bounds(x: float, y: float, angle: float, w: float, h: float) -> tuple[float, ...]:
    corners = card_corners(x, y, angle, w, h)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


@lru_cache(maxsize=8192)
def _visible(card: tuple[float, float, float], above: tuple[tuple[float, float, float], ...],
             size: tuple[float, float]) -> tuple[float, float, float] | None:
    """:func:`visible_spot` for a card at ``card`` under the cards at ``above``
    (``(x, y, angle)`` each), cached: most cards keep their neighbours from move to move."""
    poly = card_polygon(*card, *size)
    hits = [p for p in (card_polygon(*a, *size) for a in above) if p.intersects(poly)]
    seen = poly.difference(shapely.union_all(hits)) if hits else poly
    if seen.is_empty or seen.area <= 1e-6:
        return None
    parts = list(getattr(seen, "geoms", [seen]))
    best = max(parts, key=lambda g: g.area)
    circle = shapely.maximum_inscribed_circle(best, 0.05)
    (x, y), _ = circle.coords
    return (round(x, 3), round(y, 3), round(circle.length, 3))


class PilePicture:
    """The Sand Pile figure (class ``tk-skeleton-pile``).

    ``on_click(x, y)`` is called with the table coordinates (cm) of every click.

    The window (the scales) is fixed for a game: the first drawing sizes it to hold the
    spread with room for every resting spot and the strongest gust; later drawings only
    enlarge it if something would fall outside, never shrink it. :meth:`reset` (a new
    game) lets the next drawing size it afresh.
    """

    def __init__(self, deck: Deck, on_click: Callable[[float, float], None]) -> None:
        self.deck = deck
        self._on_click = on_click
        self.window: tuple[float, ...] = (-1.0, 1.0, -1.0, 1.0)
        self._fixed: tuple[float, ...] | None = None  # the window of this game so far
        #: How far a gust may carry a card (cm): the window leaves this much room.
        self.gust_margin = max(deck.gust_strengths.values(), default=0.0)
        self.outlined: tuple[int, ...] = ()  # ids of the outlined cards, bottom to top
        self.spots: list[tuple[Placement, Polygon]] = []
        self.spot_names: dict[Placement, str] = {}  # offered spot -> "N", "NE"...
        self.covering: tuple[int, ...] = ()  # ids outlined in red after a refused click
        sx, sy = bq.LinearScale(min=-50.0, max=50.0), bq.LinearScale(min=-30.0, max=30.0)
        self._scales = {"x": sx, "y": sy}
        self.cards = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="inside",
                              close_path=True, stroke_width=1.0, colors=[FRAME_EDGE],
                              fill_colors=[BACK], visible=False)
        self.outlines = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="none",
                                 close_path=True, stroke_width=3.0, colors=[UNCOVERED],
                                 visible=False)
        self.ghosts = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="inside",
                               close_path=True, stroke_width=1.5, colors=[GHOST],
                               fill_colors=[LIGHT], fill_opacities=[0.25], line_style="dashed",
                               visible=False)
        self.arrows = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="none",
                               close_path=False, stroke_width=2.5, colors=[GHOST],
                               visible=False)
        self.flash = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="none",
                              close_path=True, stroke_width=4.0, colors=[COVERING],
                              visible=False)
        self.rest = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="inside",
                             close_path=True, stroke_width=2.0, colors=[REST],
                             fill_colors=[LIGHT], fill_opacities=[0.45], line_style="dashed",
                             visible=False)
        self.ids = self._label(size=11, bold=True)
        self.symbols = self._label(size=22, bold=True)
        self.captions = self._label(size=11)
        self.peeks = self._label(size=13, bold=True)
        self.spot_text = self._label(size=13, bold=True)
        self.legend = bq.Label(x=[0.0], y=[0.0], text=[""], scales=self._scales,
                               default_size=12, colors=["#234"], align="start", y_offset=0)
        self.click_layer = bq.Image(image=w.Image(value=CLEAR_PNG, format="png"),
                                    scales=self._scales, x=[-50.0, 50.0], y=[-30.0, 30.0])
        self.click_layer.on_element_click(self._clicked)
        self.figure = bq.Figure(
            marks=[self.cards, self.rest, self.outlines, self.ghosts, self.arrows, self.flash,
                   self.peeks, self.ids, self.symbols, self.captions, self.spot_text,
                   self.legend, self.click_layer],
            fig_margin={"top": PILE_MARGIN, "bottom": PILE_MARGIN, "left": PILE_MARGIN,
                        "right": PILE_MARGIN},
            padding_x=0.0, padding_y=0.0,
            background_style={"fill": TABLE},
            min_aspect_ratio=PILE_W / PILE_H, max_aspect_ratio=PILE_W / PILE_H,
            animation_duration=0,
            display_toolbar=False,  # no pan/zoom: a drag must never move the pile
            layout=w.Layout(width=f"{PILE_W}px", height=f"{PILE_H}px"),
        )
        self.figure.add_class("tk-skeleton-pile")

    def _label(self, size: int, bold: bool = False) -> bq.Label:
        return bq.Label(x=[], y=[], text=[], scales=self._scales, default_size=size,
                        font_weight="bold" if bold else "normal", colors=[INK],
                        align="middle", y_offset=round(size * 0.35))

    @property
    def marks(self) -> list[Any]:
        """Every mark and scale that changes on a redraw (for ``hold_sync``)."""
        return [self.cards, self.outlines, self.rest, self.ghosts, self.arrows, self.flash,
                self.ids, self.symbols, self.captions, self.peeks, self.spot_text, self.legend,
                self.click_layer, self._scales["x"], self._scales["y"]]

    def reset(self) -> None:
        """Forget this game's window: the next drawing sizes it afresh (a new game)."""
        self._fixed = None

    # ----- drawing -------------------------------------------------------------------
    def draw(self, view: SkeletonView, outlined: Sequence[int],
             spots: Sequence[Placement] = (), legend: str = "",
             frame: Sequence[Placement] = (), covering: Sequence[int] = (),
             gust: Sequence[tuple[Placement, Placement]] = ()) -> None:
        """Redraw from ``view``: ``outlined`` card ids get the uncovered outline;
        ``spots`` are resting spots to offer (dashed, with their compass labels);
        ``legend`` a line of help; ``frame`` more card places the window must hold (so
        that it does not change size when resting spots appear); ``covering`` card ids
        to outline in red (they cover a card that was clicked); ``gust`` ``(before,
        after)`` places of the cards a gust just carried (a faint ghost and an arrow)."""
        size = view.card_size
        self.window = pile_window(view, [*spots, *frame], self.gust_margin, self._fixed)
        self._fixed = self.window
        x0, x1, y0, y1 = self.window
        paths_x: list[list[float]] = []
        paths_y: list[list[float]] = []
        edges: list[str] = []
        fills: list[str] = []
        ids: list[tuple[float, float, str, str]] = []
        symbols: list[tuple[float, float, str, str]] = []
        captions: list[tuple[float, float, str, str]] = []
        peeks: list[tuple[float, float, str, str]] = []
        for card in view.table:  # bottom to top: later paths cover earlier ones
            face = card_face(card.kind, self.deck)
            outer = card.corners(size)
            inner = card_corners(card.x, card.y, card.angle, size[0] - 2 * INSET_CM,
                                 size[1] - 2 * INSET_CM)
            for corners, fill, edge in (
                (outer, FRAME if card.face_up else BACK, FRAME_EDGE if card.face_up else BACK_EDGE),
                (inner, face.fill, face.fill if card.face_up else BACK_EDGE),
            ):
                xs, ys = _closed(corners)
                paths_x.append(xs)
                paths_y.append(ys)
                fills.append(fill)
                edges.append(edge)
            if face.disc is not None:  # a gold coin card: a round coin on a white card
                xs, ys = _circle(card.x, card.y - 0.3, COIN_R_CM)  # the digit sits low
                paths_x.append(xs)
                paths_y.append(ys)
                fills.append(face.disc)
                edges.append(COIN_EDGE)
            if card.uncovered:
                ids.append((card.x, card.y + 2.9, str(card.id), face.ink))
                symbols.append((card.x, card.y + 0.3, face.symbol, face.ink))
                low = 2.9 if face.disc is not None else 2.3  # below a coin's disc
                captions.append((card.x, card.y - low, face.caption, face.ink))
            elif card.face_up:
                spot = visible_spot(view.table, card.id, size)
                if spot is not None and spot[2] >= LABEL_MIN_CM:
                    peeks.append((spot[0], spot[1], face.symbol, face.ink))
        shown = set(outlined)
        self.outlined = tuple(card.id for card in view.table if card.id in shown)
        rings = [card.corners(size) for card in view.table if card.id in shown]
        self.spots = [(s, Polygon(card_corners(s.x, s.y, s.angle, *size))) for s in spots]
        self.spot_names = spot_labels(spots, view.table, size)
        by_id = {card.id: card for card in view.table}
        self.covering = tuple(i for i in covering if i in by_id)
        flash = [by_id[i].corners(size) for i in self.covering]
        ghosts = [card_corners(a.x, a.y, a.angle, *size) for a, _ in gust]
        arrows_x, arrows_y = [], []
        for a, b in gust:
            ax, ay = _arrow(a.x, a.y, b.x, b.y)
            arrows_x.append(ax)
            arrows_y.append(ay)
        with ExitStack() as stack:
            for mark in self.marks:
                stack.enter_context(mark.hold_sync())
            # assign(): a mark whose data did not change is not re-sent (nor redrawn)
            assign(self._scales["x"], min=x0, max=x1)
            assign(self._scales["y"], min=y0, max=y1)
            assign(self.click_layer, x=[x0, x1], y=[y0, y1])
            set_lines(self.cards, paths_x, paths_y, colors=edges, fill_colors=fills)
            set_lines(self.outlines, *self._rings(rings))
            rest_rings = [card_corners(s.x, s.y, s.angle, *size) for s in spots]
            set_lines(self.rest, *self._rings(rest_rings), fill_opacities=[0.45] * len(spots))
            set_lines(self.ghosts, *self._rings(ghosts), fill_opacities=[0.25] * len(ghosts))
            set_lines(self.arrows, arrows_x, arrows_y)
            set_lines(self.flash, *self._rings(flash))
            set_text(self.ids, ids)
            set_text(self.symbols, symbols)
            set_text(self.captions, captions)
            set_text(self.peeks, peeks)
            # each label at the spot's far end, so that neighbouring spots' labels part
            far = size[1] / 2 - 1.3
            set_text(self.spot_text, [(s.x + u[0] * far, s.y + u[1] * far, self.spot_names[s],
                                         REST)
                                        for s, u in _outward(spots, view.table, size).items()])
            assign(self.legend, x=[x0 + 1.0], y=[y0 + 1.2], text=[legend])

    def clear_covering(self) -> None:
        """Take the red outline of covering cards away (it is shown only briefly)."""
        self.covering = ()
        self.flash.visible = False

    @staticmethod
    def _rings(rings: Sequence[Corners]) -> tuple[list[list[float]], list[list[float]]]:
        xs, ys = [], []
        for corners in rings:
            cx, cy = _closed(corners)
            xs.append(cx)
            ys.append(cy)
        return xs, ys

    # ----- clicks --------------------------------------------------------------------
    def spot_at(self, x: float, y: float) -> Placement | None:
        """The offered resting spot under ``(x, y)`` (the one centred nearest), or None."""
        point = shapely.Point(x, y)
        hits = [s for s, poly in self.spots if poly.covers(point)]
        if not hits:
            return None
        return min(hits, key=lambda s: (s.x - x) ** 2 + (s.y - y) ** 2)

    def _clicked(self, _mark: Any, event: dict[str, Any]) -> None:
        data = event.get("data") or {}
        x, y = data.get("click_x"), data.get("click_y")
        if isinstance(x, (int, float)) and isinstance(y, (int, float)):
            self._on_click(float(x), float(y))
