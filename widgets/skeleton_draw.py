"""The Skeleton Island pictures: the Sand Pile and the table around it, drawn with bqplot.

:class:`PilePicture` draws the Sand Pile from a ``SkeletonView``: every card a filled
polygon from its corners, bottom to top, so that cards overlap as they lie (face-up
cards in their colour with a symbol, face-down cards a sand-coloured back), the
uncovered cards outlined, and, while a card is held, the offered resting spots as
dashed outlines labelled with their compass side (``N``, ``NE``...), a faint ghost and
arrow after a gust, and a brief red outline on the cards that cover a card the player
clicked. Gold coin cards are white cards with a round gold coin on them, so that no
(yellow) map piece looks like a coin. :class:`TablePicture` draws what lies beside the
pile: the Island cards, the card in hand and each player's collection grouped by colour.

Both figures take clicks through a transparent ``bqplot.Image`` laid over the whole
plot: its ``on_element_click`` reports the click in data coordinates, which the
picture turns into a point on the table (pile, in cm) or a collected card (table).
The pictures know geometry and colours, never the rules.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]
import shapely  # type: ignore[import-untyped]
from shapely.geometry import Polygon  # type: ignore[import-untyped]

from treasurekit.skeleton_island import CardView, Deck, HandView, SkeletonView
from treasurekit.skeleton_island.pile import Corners, Placement, card_corners, card_polygon

from .updates import assign

__all__ = [
    "COMPASS_NAMES",
    "MAP_COLOURS",
    "CardFace",
    "PilePicture",
    "Slot",
    "TablePicture",
    "card_face",
    "pile_window",
    "spot_labels",
    "visible_spot",
]

#: Screen colours of the five map colours (anything else is used as CSS as is).
MAP_COLOURS = {"red": "#d64541", "blue": "#2f6fd0", "green": "#23945a", "yellow": "#f2c12e",
               "purple": "#8852b8"}
TABLE = "#bcdcea"  # the table under the pile
BACK, BACK_INNER, BACK_EDGE = "#e3c888", "#ecd8a6", "#a8894f"  # a face-down card
FRAME, FRAME_EDGE = "#fffaf0", "#4b3b25"  # the white frame of a face-up card
PIRATE, COIN, COIN_EDGE = "#3b3748", "#f3b631", "#9a6b10"
COIN_CARD = "#ffffff"  # a gold coin card is white with a gold disc: never like a yellow map
COIN_R_CM, COIN_R_PX = 1.6, 10.5  # radius of the gold disc on the pile (cm) / in the table
INK, MUTED, LIGHT = "#1f2933", "#6b7280", "#ffffff"
UNCOVERED = "#ff7a00"  # outline of an uncovered card
REST = "#7a4d12"  # dashed outline of an offered resting spot
PICKED, TARGET = "#7c3aed", "#d1132a"  # a card chosen to discard (violet) / to steal (red)
COVERING = "#d1132a"  # brief outline of the cards covering a card that was clicked
GHOST = "#4a6a8c"  # where a gust picked cards up, and its arrows
COMPASS_NAMES = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")  # every 45° from east

PILE_W, PILE_H, PILE_MARGIN = 500, 500, 2
MIN_SPAN_CM = 30.0  # the pile window shows at least this many cm top to bottom
INSET_CM = 0.35  # width of the frame around a face-up card's colour
LABEL_MIN_CM = 0.9  # a covered face-up card shows its symbol if a circle this big is visible


def _transparent_png() -> bytes:
    """A 1x1 fully transparent PNG, built by hand (no imaging library needed)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)  # 1x1, 8-bit RGBA
    pixels = zlib.compress(b"\x00\x00\x00\x00\x00")  # filter byte + one transparent pixel
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


CLEAR_PNG = _transparent_png()


def _ink_on(colour: str) -> str:
    """Dark or white text, whichever reads better on ``colour`` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else LIGHT


@dataclass(frozen=True)
class CardFace:
    """How a card looks: fill colour, text colour, a big symbol and a short caption;
    ``disc`` the colour of a round coin drawn under the symbol (gold coin cards only)."""

    fill: str
    ink: str
    symbol: str
    caption: str
    disc: str | None = None


def card_face(kind: str | None, deck: Deck) -> CardFace:
    """The look of a card of ``kind`` (None: face down, its back).

    >>> from treasurekit.skeleton_island import load_cards
    >>> card_face("map-red-half", load_cards()).symbol
    '½'
    >>> card_face(None, load_cards()).caption
    'face down'
    >>> card_face("coin-2", load_cards())
    CardFace(fill='#ffffff', ink='#1f2933', symbol='2', caption='coins', disc='#f3b631')
    """
    if kind is None:
        return CardFace(BACK_INNER, "#8a6d35", "?", "face down")
    info = deck.kinds[kind]
    if info.is_map:
        fill = MAP_COLOURS.get(info.colour or "", info.colour or INK)
        symbol = {"half": "½", "quarter": "¼"}.get(info.piece or "", info.piece or "")
        return CardFace(fill, _ink_on(fill) if fill.startswith("#") else LIGHT, symbol,
                        f"{info.colour} map")
    if info.is_coin:
        return CardFace(COIN_CARD, INK, str(info.coins), "coin" if info.coins == 1 else "coins",
                        disc=COIN)
    return CardFace(PIRATE, LIGHT, "☠", info.label)


def _closed(corners: Sequence[tuple[float, float]]) -> tuple[list[float], list[float]]:
    return [p[0] for p in corners], [p[1] for p in corners]


def _circle(x: float, y: float, r: float, n: int = 28) -> tuple[list[float], list[float]]:
    """A circle of radius ``r`` around ``(x, y)`` as a closed polygon of ``n`` points."""
    steps = [2 * math.pi * k / n for k in range(n)]
    return [x + r * math.cos(t) for t in steps], [y + r * math.sin(t) for t in steps]


def _padded(paths: list[list[float]]) -> list[list[float]]:
    """Paths of one length (bqplot wants a rectangular array): each short path repeats
    its last point, which draws nothing more."""
    n = max((len(p) for p in paths), default=0)
    return [p + [p[-1]] * (n - len(p)) for p in paths]


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
            self._lines(self.cards, paths_x, paths_y, colors=edges, fill_colors=fills)
            self._lines(self.outlines, *self._rings(rings))
            rest_rings = [card_corners(s.x, s.y, s.angle, *size) for s in spots]
            self._lines(self.rest, *self._rings(rest_rings), fill_opacities=[0.45] * len(spots))
            self._lines(self.ghosts, *self._rings(ghosts), fill_opacities=[0.25] * len(ghosts))
            self._lines(self.arrows, arrows_x, arrows_y)
            self._lines(self.flash, *self._rings(flash))
            self._text(self.ids, ids)
            self._text(self.symbols, symbols)
            self._text(self.captions, captions)
            self._text(self.peeks, peeks)
            # each label at the spot's far end, so that neighbouring spots' labels part
            far = size[1] / 2 - 1.3
            self._text(self.spot_text, [(s.x + u[0] * far, s.y + u[1] * far, self.spot_names[s],
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

    @staticmethod
    def _lines(mark: bq.Lines, xs: list[list[float]], ys: list[list[float]], **style: Any) -> None:
        if not xs:
            assign(mark, visible=False)
            return
        assign(mark, x=_padded(xs), y=_padded(ys), **style)
        assign(mark, visible=True)

    @staticmethod
    def _text(mark: bq.Label, rows: Sequence[tuple[float, float, str, str]]) -> None:
        assign(mark, x=[r[0] for r in rows], y=[r[1] for r in rows], text=[r[2] for r in rows],
               colors=[r[3] for r in rows] or [INK])

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


# ----- the table beside the pile ---------------------------------------------------------
TABLE_W, TABLE_H = 300, PILE_H
HEADER_H = 70
CARD_W, CARD_H, CARD_STEP, GROUP_GAP, LINE_H = 30, 46, 33, 8, 50
ROW_TOP, LIFT = 28, 5  # first card line below a seat's name; a card picked to discard rises
TILE = 32
ROW_FILL, TURN_FILL, HEADER_FILL = "#f6f4ef", "#fff1d2", "#eef5f8"


@dataclass(frozen=True)
class Slot:
    """A collected card as drawn: its seat, id, kind and box (pixels, y down)."""

    seat: int
    card: int
    kind: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[list[float], list[float]]:
    return [x0, x1, x1, x0], [y0, y0, y1, y1]


def flow(groups: Sequence[int], lines: int, width: float) -> list[tuple[float, int]]:
    """Places ``(x, line)`` for cards in a row of ``lines`` lines of ``width`` px.

    Cards of one group sit side by side; a new group starts after a gap. When the
    cards do not fit, they overlap more (like a fanned hand) until they do.

    >>> flow([0, 0, 1], 1, 200)
    [(0.0, 0), (33.0, 0), (74.0, 0)]
    """
    step = float(CARD_STEP)
    while True:
        places: list[tuple[float, int]] = []
        x, line = 0.0, 0
        for n, group in enumerate(groups):
            if n and group != groups[n - 1]:
                x += GROUP_GAP
            if x + CARD_W > width and x > 0:
                x, line = 0.0, line + 1
            places.append((x, line))
            x += step
        if line < lines or step <= 6:
            return places
        step -= 3


class TablePicture:
    """What lies beside the pile (class ``tk-skeleton-table``): the Island cards, the
    card in hand, and one block per seat with its coins, Island cards and collection.

    ``on_click(seat, card)`` is called with the collected card under a click.
    """

    def __init__(self, deck: Deck, players: int,
                 on_click: Callable[[int, int], None]) -> None:
        self.deck = deck
        self.players = players
        self.slots: list[Slot] = []
        self._on_click = on_click
        sx = bq.LinearScale(min=0.0, max=float(TABLE_W))
        sy = bq.LinearScale(min=0.0, max=float(TABLE_H), reverse=True)
        self._scales = {"x": sx, "y": sy}
        self.boxes = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="inside",
                              close_path=True, stroke_width=1.0, colors=[FRAME_EDGE],
                              fill_colors=[ROW_FILL])
        self.picks = bq.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=self._scales, fill="none",
                              close_path=True, stroke_width=3.5, colors=[PICKED], visible=False)
        self.names = self._label(13, bold=True, align="start")
        self.notes = self._label(11, align="start")
        self.symbols = self._label(16, bold=True)
        self.ids = self._label(11)
        self.tiles = self._label(12, bold=True)
        self.click_layer = bq.Image(image=w.Image(value=CLEAR_PNG, format="png"),
                                    scales=self._scales, x=[0.0, float(TABLE_W)],
                                    y=[0.0, float(TABLE_H)])
        self.click_layer.on_element_click(self._clicked)
        self.figure = bq.Figure(
            marks=[self.boxes, self.picks, self.names, self.notes, self.symbols, self.ids,
                   self.tiles, self.click_layer],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0, padding_y=0.0,
            background_style={"fill": "white"},
            min_aspect_ratio=TABLE_W / TABLE_H, max_aspect_ratio=TABLE_W / TABLE_H,
            animation_duration=0,
            display_toolbar=False,
            layout=w.Layout(width=f"{TABLE_W}px", height=f"{TABLE_H}px"),
        )
        self.figure.add_class("tk-skeleton-table")

    def _label(self, size: int, bold: bool = False, align: str = "middle") -> bq.Label:
        return bq.Label(x=[], y=[], text=[], scales=self._scales, default_size=size,
                        font_weight="bold" if bold else "normal", colors=[INK], align=align,
                        y_offset=round(size * 0.35))

    @property
    def marks(self) -> list[Any]:
        return [self.boxes, self.picks, self.names, self.notes, self.symbols, self.ids,
                self.tiles]

    def draw(self, view: SkeletonView, names: Sequence[str], picked: Sequence[int] = (),
             target: tuple[int, int] | None = None) -> None:
        """Redraw from ``view``: ``names`` per seat; ``picked`` card ids of the viewer
        chosen for a discard (raised a little, violet); ``target`` a ``(seat, card)`` chosen to
        steal (red)."""
        boxes: list[tuple[list[float], list[float], str, str]] = []
        names_t: list[tuple[float, float, str, str]] = []
        notes: list[tuple[float, float, str, str]] = []
        symbols: list[tuple[float, float, str, str]] = []
        ids: list[tuple[float, float, str, str]] = []
        tiles: list[tuple[float, float, str, str]] = []
        picks: list[tuple[list[float], list[float], str]] = []
        slots: list[Slot] = []

        # header: the Island cards (free ones in colour) and the card in hand
        boxes.append((*_box(0, 0, TABLE_W, HEADER_H - 3), HEADER_FILL, HEADER_FILL))
        notes.append((8, 11, "Island cards, 5 coins each", MUTED))
        for k, (colour, owner) in enumerate(view.islands):
            x0, y0 = 8 + k * (TILE + 6), 24.0
            fill = MAP_COLOURS.get(colour, colour)
            boxes.append((*_box(x0, y0, x0 + TILE, y0 + TILE),
                          fill if owner is None else "#e5e7eb", FRAME_EDGE))
            text = "5" if owner is None else names[owner].split()[0]
            tiles.append((x0 + TILE / 2, y0 + TILE / 2, text,
                          _ink_on(fill) if owner is None else MUTED))
        hx = TABLE_W - CARD_W - 16
        notes.append((hx - 6, 11, "In hand", MUTED))
        if view.hand is not None:
            self._card(view.hand.id, view.hand.kind, hx, 18, boxes, symbols, ids)
        else:
            boxes.append((*_box(hx, 18, hx + CARD_W, 18 + CARD_H), HEADER_FILL, "#9ca3af"))

        # one block per seat
        block = (TABLE_H - HEADER_H) / self.players
        lines = max(1, int((block - ROW_TOP - 2) // LINE_H))
        for seat in range(self.players):
            top = HEADER_H + seat * block
            turn = seat == view.turn and view.phase != "over"
            fill = TURN_FILL if turn else ROW_FILL
            boxes.append((*_box(0, top, TABLE_W, top + block - 3), fill, fill))
            names_t.append((8, top + 11, names[seat], INK))
            coins = view.scores[seat]
            notes.append((150, top + 11, f"{coins} coin{'' if coins == 1 else 's'}", INK))
            won = [c for c, owner in view.islands if owner == seat]
            for k, colour in enumerate(won):
                x0 = TABLE_W - 8 - (len(won) - k) * 19
                ink = MAP_COLOURS.get(colour, colour)
                boxes.append((*_box(x0, top + 3, x0 + 16, top + 19), ink, FRAME_EDGE))
                tiles.append((x0 + 8, top + 11, "5", _ink_on(ink) if ink.startswith("#") else INK))
            held = sorted(view.collections[seat], key=lambda e: (self._group(e[1]), e[1], e[0]))
            if not held:
                notes.append((8, top + ROW_TOP + 14, "no cards yet", MUTED))
                continue
            places = flow([self._group(k) for _, k in held], lines, TABLE_W - 16)
            for (card, kind), (dx, line) in zip(held, places, strict=True):
                x = 8 + dx
                lift = LIFT if seat == view.player and card in picked else 0
                y0 = top + ROW_TOP + line * LINE_H - lift
                self._card(card, kind, x, y0, boxes, symbols, ids)
                slots.append(Slot(seat, card, kind, x, y0, x + CARD_W, y0 + CARD_H))
                ring = _box(x - 1, y0 - 1, x + CARD_W + 1, y0 + CARD_H + 1)
                if lift:
                    picks.append((*ring, PICKED))
                if target == (seat, card):
                    picks.append((*ring, TARGET))
        self.slots = slots
        with ExitStack() as stack:
            for mark in self.marks:
                stack.enter_context(mark.hold_sync())
            assign(self.boxes, x=_padded([b[0] for b in boxes]), y=_padded([b[1] for b in boxes]),
                   fill_colors=[b[2] for b in boxes], colors=[b[3] for b in boxes])
            if picks:
                assign(self.picks, x=[p[0] for p in picks], y=[p[1] for p in picks],
                       colors=[p[2] for p in picks])
            assign(self.picks, visible=bool(picks))
            for mark, rows in ((self.names, names_t), (self.notes, notes),
                               (self.symbols, symbols), (self.ids, ids), (self.tiles, tiles)):
                PilePicture._text(mark, rows)

    def _group(self, kind: str) -> int:
        """Sort key of a card's group: map colours in the deck's order, pirates, coins."""
        info = self.deck.kinds[kind]
        if info.is_map and info.colour in self.deck.colours:
            return self.deck.colours.index(info.colour)
        return len(self.deck.colours) + (0 if info.is_pirate else 1)

    def _card(self, card: int, kind: str | None, x0: float, y0: float,
              boxes: list[tuple[list[float], list[float], str, str]],
              symbols: list[tuple[float, float, str, str]],
              ids: list[tuple[float, float, str, str]]) -> None:
        face = card_face(kind, self.deck)
        boxes.append((*_box(x0, y0, x0 + CARD_W, y0 + CARD_H),
                      FRAME if kind is not None else BACK, FRAME_EDGE))
        boxes.append((*_box(x0 + 2.5, y0 + 2.5, x0 + CARD_W - 2.5, y0 + CARD_H - 2.5),
                      face.fill, face.fill))
        if face.disc is not None:  # a gold coin card: a round coin on a white card
            boxes.append((*_circle(x0 + CARD_W / 2, y0 + CARD_H / 2 - 1.5, COIN_R_PX),
                          face.disc, COIN_EDGE))
        symbols.append((x0 + CARD_W / 2, y0 + CARD_H / 2 - 4, face.symbol, face.ink))
        ids.append((x0 + CARD_W / 2, y0 + CARD_H - 9, str(card), face.ink))

    def slot_of(self, card: int) -> Slot | None:
        """Where collected card ``card`` is drawn, or None."""
        return next((s for s in self.slots if s.card == card), None)

    def _clicked(self, _mark: Any, event: dict[str, Any]) -> None:
        data = event.get("data") or {}
        x, y = data.get("click_x"), data.get("click_y")
        if not isinstance(x, (int, float)) or not isinstance(y, (int, float)):
            return
        for slot in reversed(self.slots):  # later cards lie on earlier ones
            if slot.x0 <= x <= slot.x1 and slot.y0 <= y <= slot.y1:
                self._on_click(slot.seat, slot.card)
                return


def hand_text(hand: HandView | None, deck: Deck) -> str:
    """Words for the card in hand (``"card 17 (red map half)"``), or ``""``."""
    if hand is None:
        return ""
    label = "face down" if hand.kind is None else deck.kinds[hand.kind].label
    return f"card {hand.id} ({label})"
