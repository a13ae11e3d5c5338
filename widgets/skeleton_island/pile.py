"""The Sand Pile picture of Skeleton Island, drawn with bqplot from a ``SkeletonView``.

:class:`PilePicture` draws every card a filled polygon from its corners, bottom to top,
so that cards overlap as they lie (face-up cards in their colour with a symbol,
face-down cards a sand-coloured back), the uncovered cards outlined, and, while a card
is held, the offered resting spots as dashed outlines labelled with their compass side
(``N``, ``NE``...), a faint ghost and arrow after a gust, and a brief red outline on the
cards that cover a card the player clicked. :mod:`.layout` says what goes where.

An uncovered card shows its id, its symbol and, when the card is drawn big enough, a
caption under the symbol ("red map", "coins", "parrot"; "map" when only that fits;
none on a small card: :func:`~.layout.fit_caption`);
:attr:`PilePicture.uncovered_words` names every uncovered card in words, whatever its
size (the board's hint panel shows them; a tooltip on a bqplot figure breaks its view in
ipywidgets 8, whose tooltip needs a ``description``).

Clicks come through a transparent ``bqplot.Image`` laid over the whole plot: its
``on_element_click`` reports the click in data coordinates (cm on the table). The
picture knows geometry and colours, never the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]
import shapely  # type: ignore[import-untyped]
from shapely.geometry import Polygon  # type: ignore[import-untyped]

from treasurekit.skeleton_island import Deck, SkeletonView
from treasurekit.skeleton_island.pile import Corners, Placement, card_corners

from ..empty_clicks import reach
from ..updates import assign
from .faces import (
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
from .layout import (
    COIN_DY,
    ID_DY,
    INSET_CM,
    LABEL_MIN_CM,
    LEGEND_INSET_PX,
    LEGEND_PX,
    PILE_H,
    PILE_MARGIN,
    PILE_W,
    SYMBOL_DY,
    _outward,
    caption_dy,
    fit_caption,
    legend_lines,
    pile_window,
    spot_labels,
    visible_spot,
)

__all__ = ["PilePicture"]


def _arrow(x0: float, y0: float, x1: float, y1: float,
           head: float = 1.4) -> tuple[list[float], list[float]]:
    """An open polyline drawing an arrow from ``(x0, y0)`` to ``(x1, y1)``."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    left = (x1 - head * (ux - 0.55 * uy), y1 - head * (uy + 0.55 * ux))
    right = (x1 - head * (ux + 0.55 * uy), y1 - head * (uy - 0.55 * ux))
    return [x0, x1, left[0], x1, right[0]], [y0, y1, left[1], y1, right[1]]


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
        #: The uncovered cards in words, bottom to top: ``"46 blue map half"`` (a caption
        #: may be short or left out on a small card; the hint panel lists these).
        self.uncovered_words: list[str] = []
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
                               default_size=LEGEND_PX, colors=["#234"], align="start",
                               y_offset=0)
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

    def _words(self, kind: str | None) -> str:
        """A card's name in words: ``"red map half"``, ``"rum bottle"``, ``"face down"``."""
        return "face down" if kind is None else self.deck.kinds[kind].label

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
        scale = (PILE_W - 2 * PILE_MARGIN) / (x1 - x0)  # px per cm
        paths_x: list[list[float]] = []
        paths_y: list[list[float]] = []
        edges: list[str] = []
        fills: list[str] = []
        ids: list[tuple[float, float, str, str]] = []
        symbols: list[tuple[float, float, str, str]] = []
        captions: list[tuple[float, float, str, str]] = []
        peeks: list[tuple[float, float, str, str]] = []
        names: list[str] = []  # the uncovered cards in words, for the hint panel
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
                xs, ys = _circle(card.x, card.y + COIN_DY, COIN_R_CM)  # the digit sits low
                paths_x.append(xs)
                paths_y.append(ys)
                fills.append(face.disc)
                edges.append(COIN_EDGE)
            if card.uncovered:
                ids.append((card.x, card.y + ID_DY, str(card.id), face.ink))
                symbols.append((card.x, card.y + SYMBOL_DY, face.symbol, face.ink))
                caption = fit_caption(card, face, size, scale)
                if caption:
                    captions.append((card.x, card.y + caption_dy(face, scale), caption,
                                     face.ink))
                names.append(f"{card.id} {self._words(card.kind)}")
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
            # past the window: bqplot pads the plot round it (empty_clicks.reach)
            assign(self.click_layer, x=reach(x0, x1), y=reach(y0, y1))
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
            # SVG text does not wrap: the legend comes in lines that fit the picture
            lines = legend_lines(legend)
            step = LEGEND_PX * 1.25 / scale  # cm per line
            assign(self.legend, x=[x0 + LEGEND_INSET_PX / scale] * len(lines),
                   y=[y0 + 1.2 + (len(lines) - 1 - k) * step for k in range(len(lines))],
                   text=lines)
        self.uncovered_words = names

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
