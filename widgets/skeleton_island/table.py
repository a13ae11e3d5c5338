"""What lies beside Skeleton Island's Sand Pile, drawn with bqplot: the Island cards, the
card in hand and each player's collection grouped by colour (:class:`TablePicture`).

A transparent ``bqplot.Image`` over the plot takes the clicks; the picture turns one
into the collected card under the pointer. It knows geometry and colours, never the
rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit.skeleton_island import Deck, SkeletonView
from treasurekit.skeleton_island.flow import Phase

from ..empty_clicks import catcher, click_point
from ..palette import seat_letter
from ..updates import assign
from .faces import (
    BACK,
    COIN_EDGE,
    COIN_R_PX,
    FRAME,
    FRAME_EDGE,
    INK,
    MAP_COLOURS,
    MUTED,
    PICKED,
    TARGET,
    _circle,
    _ink_on,
    _padded,
    card_face,
    set_text,
)
from .layout import PILE_H

__all__ = ["HEADER_H", "Slot", "TablePicture", "flow", "short_name"]

TABLE_W, TABLE_H = 300, PILE_H
HEADER_H = 70
CARD_W, CARD_H, CARD_STEP, GROUP_GAP, LINE_H = 30, 46, 33, 8, 50
ROW_TOP, LIFT = 28, 5  # first card line below a seat's name; a card picked to discard rises
TILE = 32
ROW_FILL, TURN_FILL, HEADER_FILL = "#f6f4ef", "#fff1d2", "#eef5f8"


def short_name(name: str) -> str:
    """A seat's name for a small tile: ``"Player 2 · bot"`` -> ``"P2"``."""
    words = name.split(" · ")[0].split()
    return "".join(w if w.isdigit() else w[:1] for w in words) or name[:2]


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

    ``on_click(seat, card)`` is called with the collected card under a click;
    ``on_nothing()`` with a click anywhere else (:mod:`.empty_clicks`).
    """

    def __init__(self, deck: Deck, players: int,
                 on_click: Callable[[int, int], None],
                 on_nothing: Callable[[], None] = lambda: None) -> None:
        self.deck = deck
        self.players = players
        self.slots: list[Slot] = []
        self._on_click = on_click
        self._on_nothing = on_nothing
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
        self.click_layer = catcher(self._scales, self._point)
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
            # a free Island card shows its colour's letter (colour is never the only code)
            text = seat_letter(colour) if owner is None else short_name(names[owner])
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
            turn = seat == view.turn and view.phase != Phase.OVER
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
                tiles.append((x0 + 8, top + 11, seat_letter(colour),
                              _ink_on(ink) if ink.startswith("#") else INK))
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
                set_text(mark, rows)

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
        point = click_point(event)
        if point is not None:
            self._point(*point)

    def _point(self, x: float, y: float) -> None:
        for slot in reversed(self.slots):  # later cards lie on earlier ones
            if slot.x0 <= x <= slot.x1 and slot.y0 <= y <= slot.y1:
                self._on_click(slot.seat, slot.card)
                return
        self._on_nothing()
