"""The Sand Pile as geometry (shapely).

Every Sand card on the table is a rectangle of the deck's card size (width along the
card's own x axis, height along its y axis) with

* a centre ``(x, y)`` in centimetres, rounded to 0.01 cm,
* a rotation ``angle`` in degrees, counter-clockwise (0: the long side runs along y),
* a stacking order ``z`` (higher lies on top), and
* a side: face up (its kind is known to everyone) or face down (unknown to everyone).

A card is **uncovered** (SKEL §3 Game turn) when no card above it overlaps it with a
positive area. Cards that merely touch along an edge or at a corner do not cover each
other: the overlap must exceed :data:`AREA_EPS` (0.0001 cm², a hundredth of a square
millimetre) to count (ruling SKEL-4). Polygon corners are rounded to 1e-6 cm before
shapely sees them, so the same positions give the same uncovered set on every machine.

:class:`Pile` is immutable: taking, resting and blowing return a new pile, so a game
state can keep the old one for undo. The pile keeps its *cover graph* (for each card,
the cards above it that overlap it); taking a card only removes it from the graph and
resting one adds a single row, so the uncovered set costs no geometry after setup.

>>> a = TableCard(0, 0.0, 0.0, 0.0, 0, True, "coin-1")
>>> b = TableCard(1, 5.7, 0.0, 0.0, 1, True, "coin-2")     # shares an edge with a
>>> Pile([a, b], (5.7, 8.9)).uncovered()
(0, 1)
>>> c = TableCard(2, 5.6, 0.0, 0.0, 2, False, None)        # overlaps a by 0.1 cm
>>> Pile([a, b, c], (5.7, 8.9)).uncovered()
(2,)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from operator import attrgetter, eq, itemgetter
from typing import Any

import numpy as np
import shapely  # type: ignore[import-untyped]
from shapely.geometry import Point, Polygon  # type: ignore[import-untyped]

from ..core.draft import replacer
from .cover import (
    AREA_EPS,
    DEEP_CM,
    SHALLOW_CM,
    Corners,
    Extremes,
    Placement,
    TableCard,
    _card_bbox,
    _close,
    _corners,
    _cover,
    _deep,
    _placement,
    _poly,
    _table_card,
    _trig,
    card_corners,
    card_polygon,
    cover_graph,
    uncovered_cards,
)
from .support import TABLE_CM, _spot, _support, _support_of, _support_table

__all__ = ["AREA_EPS", "COMPASS", "TOUCH_CM", "Corners", "Pile", "Placement",
           "TableCard", "card_corners", "card_polygon", "cover_graph", "uncovered_cards"]

#: A rested card "touches" the pile when it comes this close (cm, a tenth of a millimetre).
TOUCH_CM = 0.01
#: Unit vectors of the gust directions ("n" points to +y, "e" to +x).
COMPASS: dict[str, tuple[float, float]] = {
    "n": (0.0, 1.0),
    "ne": (math.sqrt(0.5), math.sqrt(0.5)),
    "e": (1.0, 0.0),
    "se": (math.sqrt(0.5), -math.sqrt(0.5)),
    "s": (0.0, -1.0),
    "sw": (-math.sqrt(0.5), -math.sqrt(0.5)),
    "w": (-1.0, 0.0),
    "nw": (-math.sqrt(0.5), math.sqrt(0.5)),
}


class Pile:
    """An immutable Sand Pile: the cards on the table and who covers whom.

    Args:
        cards: the table cards (ids unique, z unique).
        size: card width and height in centimetres.

    Raises:
        ValueError: repeated ids or stacking orders.
    """

    __slots__ = ("_above", "_cache", "cards", "size")

    cards: dict[int, TableCard]
    size: tuple[float, float]
    _above: dict[int, frozenset[int]]
    _cache: dict[Any, Any]

    def __init__(self, cards: Iterable[TableCard], size: tuple[float, float]) -> None:
        by_id: dict[int, TableCard] = {}
        for c in cards:
            if c.id in by_id:
                raise ValueError(f"card id {c.id} appears twice in the pile")
            by_id[c.id] = c
        if len({c.z for c in by_id.values()}) != len(by_id):
            raise ValueError("two cards in the pile have the same stacking order z")
        self.cards = by_id
        self.size = size
        self._above, corners = _cover(list(by_id.values()), size)
        self._cache = {}
        if corners is not None:  # each card's bounding box, and its corners for extremes
            qx, qy = corners
            ids = list(by_id)
            boxes = np.stack([qx.min(axis=1), qy.min(axis=1), qx.max(axis=1),
                              qy.max(axis=1)], axis=1).tolist()
            self._cache["boxes"] = dict(zip(ids, map(tuple, boxes), strict=True))
            self._cache["corners"] = (ids, qx, qy)

    @classmethod
    def _make(
        cls,
        cards: dict[int, TableCard],
        size: tuple[float, float],
        above: dict[int, frozenset[int]],
    ) -> Pile:
        """A pile from parts already known to be consistent (no checks, no geometry)."""
        pile = object.__new__(cls)
        pile.cards = cards
        pile.size = size
        pile._above = above
        pile._cache = {}
        return pile

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and other.cards == self.cards and other.size == self.size

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.cards.items())))

    def __repr__(self) -> str:
        return f"<Pile of {len(self.cards)} cards, {len(self.uncovered())} uncovered>"

    # ----- queries -------------------------------------------------------------
    def ordered(self) -> list[TableCard]:
        """The cards bottom to top."""
        return sorted(self.cards.values(), key=lambda c: c.z)

    def above(self, card_id: int) -> frozenset[int]:
        """Ids of the cards lying on ``card_id`` (overlapping it with positive area)."""
        return self._above[card_id]

    def uncovered(self) -> tuple[int, ...]:
        """Ids of the uncovered cards (no card above overlaps them), sorted."""
        hit = self._cache.get("uncovered")
        if hit is None:
            hit = tuple(sorted(i for i in self.cards if not self._above[i]))
            self._cache["uncovered"] = hit
        return hit

    def is_uncovered(self, card_id: int) -> bool:
        return card_id in self.cards and not self._above[card_id]

    def polygon(self, card_id: int) -> Polygon:
        """The shapely rectangle of a card on the table."""
        return _poly(self.cards[card_id], self.size)

    def card_at(self, x: float, y: float) -> int | None:
        """The id of the topmost card under the point ``(x, y)`` (cm), or None.

        For boards that turn a click into ``take <id>``. A point on an edge counts.

        >>> Pile([TableCard(0, 0, 0, 0, 0, False, None),
        ...       TableCard(1, 3, 0, 0, 1, False, None)], (5.7, 8.9)).card_at(1, 0)
        1
        """
        point = Point(x, y)
        for c in sorted(self.cards.values(), key=lambda c: -c.z):
            if _poly(c, self.size).intersects(point):
                return c.id
        return None

    def top_z(self) -> int:
        """The highest stacking order on the table (-1 for an empty table)."""
        top = self._cache.get("top")
        if top is None:
            top = self._cache["top"] = max(map(_z, self.cards.values()), default=-1)
        return top

    # ----- changes (each returns a new pile) -----------------------------------------
    def without(self, card_id: int) -> Pile:
        """The pile after ``card_id`` is taken away."""
        cards = dict(self.cards)
        gone = cards.pop(card_id, None)
        above = dict(self._above)
        if gone is None:
            return Pile._make(cards, self.size, above)
        below = dict(self._below())
        freed = []
        for i in below.pop(card_id):  # the cards it covered
            left = above[i] = above[i] - {card_id}
            if not left:
                freed.append(i)
        for j in above.pop(card_id):  # the cards that covered it no longer cover it
            below[j] = tuple([i for i in below[j] if i != card_id])
        pile = Pile._make(cards, self.size, above)
        if not cards:
            return pile
        cache = self._cache
        made = pile._cache
        made["below"] = below
        uncovered = cache.get("uncovered")
        if uncovered is not None:  # less the card taken, with the cards only it covered
            if freed:
                freed += [i for i in uncovered if i != card_id]
                freed.sort()
                made["uncovered"] = tuple(freed)
            else:
                made["uncovered"] = tuple([i for i in uncovered if i != card_id])
        boxes = cache.get("boxes")
        if boxes is not None:
            boxes = dict(boxes)
            del boxes[card_id]
            made["boxes"] = boxes
        top = cache.get("top")
        if top is not None and gone.z != top:
            made["top"] = top
        corners = cache.get("corners")
        if corners is not None:
            made["corners"] = corners
        rows = cache.get("spot_rows")
        if rows is not None:
            made["spot_rows"] = rows
        known = cache.get("kinds")
        if known is not None:
            made["kinds"] = _counted(known, gone.kind, None)
        carried = {}  # and the extremes
        known_extremes = cache.get("extremes")
        for count, (ext, table) in (known_extremes.items() if known_extremes else ()):
            row = table[card_id]
            rest = dict(table)
            del rest[card_id]
            held = list(map(eq, row, ext))
            if True in held:  # only the directions the card taken held are worked out again
                out = list(ext)
                values = rest.values()
                for k, was in enumerate(held):
                    if was:
                        out[k] = max(map(itemgetter(k), values))
                new = tuple(out)
            else:
                new = ext
            carried[count] = (new, rest)
        if carried:
            made["extremes"] = carried
        return pile

    def _below(self) -> dict[int, tuple[int, ...]]:
        """For each card id, the ids of the cards it lies on (the cover graph read the
        other way), kept with the pile and carried to the piles made from it, so taking
        a card finds the cards it covered without a scan."""
        below: dict[int, tuple[int, ...]] | None = self._cache.get("below")
        if below is None:
            lists: dict[int, list[int]] = {i: [] for i in self.cards}
            for i, a in self._above.items():
                for j in a:
                    lists[j].append(i)
            below = self._cache["below"] = {i: tuple(v) for i, v in lists.items()}
        return below

    def with_kind(self, card_id: int, kind: str) -> Pile:
        """The pile with a face-up card's kind filled in (the geometry is unchanged)."""
        cards = dict(self.cards)
        cards[card_id] = _replace_card(cards[card_id], kind=kind)
        pile = Pile._make(cards, self.size, self._above)
        pile._cache = dict(self._cache)  # all geometry (uncovered, extremes, rest spots)
        known = self._cache.get("kinds")
        if known is not None:
            pile._cache["kinds"] = _counted(known, self.cards[card_id].kind, kind)
        return pile

    def kinds(self) -> dict[str, int]:
        """Kind -> how many face-up cards of it lie on the table (zero counts may be
        listed), kept with the pile and carried to the piles made from it."""
        hit = self._cache.get("kinds")
        if hit is None:
            hit = {}
            for c in self.cards.values():
                if c.kind is not None:
                    hit[c.kind] = hit.get(c.kind, 0) + 1
            self._cache["kinds"] = hit
        return hit

    def with_card_on_top(
        self, card_id: int, where: Placement, kind: str | None, face_up: bool | None = None
    ) -> Pile:
        """The pile with a card laid on top of everything at ``where``.

        ``face_up`` defaults to whether the kind is known.

        Which cards it covers: the cards whose bounding boxes meet its own (a table the
        pile carries to the piles made from it), then per card the exact shortcuts of
        :func:`cover_graph` (too shallow an overlap along a side direction: no cover; a
        corner deep inside the other card: a cover), and shapely's overlap area for the
        rest.
        """
        if card_id in self.cards:
            raise ValueError(f"card {card_id} is already in the pile")
        up = kind is not None if face_up is None else face_up
        top = self.top_z() + 1
        card = _table_card(card_id, where.x, where.y, where.angle, top, up, kind)
        size = self.size
        w, h = size
        hw, hh = w / 2, h / 2
        dw, dh = hw - DEEP_CM, hh - DEEP_CM
        close = _close(size)
        corners = _corners(card, size)
        (ax, ay), (bx, by), (qx, qy), (dx, dy) = corners
        box = x0, y0, x1, y1 = (min(ax, bx, qx, dx), min(ay, by, qy, dy),
                                max(ax, bx, qx, dx), max(ay, by, qy, dy))
        cx, cy = card.x, card.y
        c0, s0 = _trig(card.angle)
        cards = self.cards
        above = dict(self._above)
        exact: list[int] = []  # the cards whose overlap needs shapely's area
        covered: list[int] = []
        boxes = self._boxes()
        for i, (bx0, by0, bx1, by1) in boxes.items():
            if bx0 >= x1 or bx1 <= x0 or by0 >= y1 or by1 <= y0:
                continue
            c = cards[i]
            ct, st = _trig(c.angle)
            dx, dy = c.x - cx, c.y - cy
            cu, cv = abs(c0 * ct + s0 * st), abs(c0 * st - s0 * ct)
            wide, tall = hw + hw * cu + hh * cv, hh + hw * cv + hh * cu
            if (wide - abs(dx * c0 + dy * s0) < SHALLOW_CM
                    or tall - abs(dy * c0 - dx * s0) < SHALLOW_CM
                    or wide - abs(dx * ct + dy * st) < SHALLOW_CM
                    or tall - abs(dy * ct - dx * st) < SHALLOW_CM):
                continue  # too shallow an overlap to cover
            if dx * dx + dy * dy < close or _deep(corners, c.x, c.y, ct, st, dw, dh) or _deep(
                    _corners(c, size), cx, cy, c0, s0, dw, dh):
                above[i] = above[i] | {card_id}
                covered.append(i)
            else:
                exact.append(i)
        if exact:
            poly = _poly(card, size)
            for i in exact:
                if shapely.intersection(poly, self.polygon(i)).area > AREA_EPS:
                    above[i] = above[i] | {card_id}
                    covered.append(i)
        above[card_id] = frozenset()
        cards = dict(cards)
        cards[card_id] = card
        pile = Pile._make(cards, size, above)
        cache = pile._cache
        cache["top"] = top
        below = self._cache.get("below")
        if below is not None:
            below = cache["below"] = dict(below)
            below[card_id] = tuple(covered)
        uncovered = self._cache.get("uncovered")
        if uncovered is not None:  # less the cards it covers, with itself
            kept = [i for i in uncovered if i not in covered] if covered else list(uncovered)
            kept.append(card_id)
            kept.sort()
            cache["uncovered"] = tuple(kept)
        known = self._cache.get("kinds")
        if known is not None:
            cache["kinds"] = _counted(known, None, kind)
        boxes = dict(boxes)
        boxes[card_id] = box
        cache["boxes"] = boxes
        rows = self._cache.get("spot_rows")
        if rows is not None:
            cache["spot_rows"] = rows
        carried = {}
        for count, (ext, table) in self._extremes_known():  # it may stick out further
            new = _support_of(corners, count)
            table = dict(table)
            table[card_id] = new
            out = tuple(map(max, ext, new))
            carried[count] = (out, table)
        if carried:
            cache["extremes"] = carried
        return pile

    def _boxes(self) -> dict[int, tuple[float, float, float, float]]:
        """Each card's bounding box (at least as large as that of its rounded corners),
        kept with the pile and carried to the piles made from it."""
        boxes = self._cache.get("boxes")
        if boxes is None:
            w, h = self.size
            boxes = {i: _card_bbox(c.x, c.y, c.angle, w, h) for i, c in self.cards.items()}
            self._cache["boxes"] = boxes
        return boxes

    # ----- resting (SKEL §3: on the edge of the pile) ------------------------------
    def rest_problem(self, where: Placement) -> str | None:
        """Why a card cannot rest at ``where``, or None.

        A rested card lies on top (so it is uncovered), touches the pile (comes within
        ``TOUCH_CM`` of a card) or overlaps it, and lies at least partly on the bare
        table (more than ``AREA_EPS`` of it is off every card).
        """
        if not self.cards:
            return "the Sand Pile is empty: there is no edge to rest the card on"
        if math.hypot(where.x, where.y) > TABLE_CM:
            return (f"a card resting at {where.x:g},{where.y:g} would be off the table: a rest "
                    f"lies within {TABLE_CM:g} cm of the spread's centre (ruling SKEL-21)")
        poly = _poly(where, self.size)
        polys = np.array([self.polygon(i) for i in self.cards], dtype=object)
        gaps = shapely.distance(polys, poly)
        if float(gaps.min()) > TOUCH_CM:
            return (
                f"a card resting at {where.x:g},{where.y:g} would be {float(gaps.min()):.2f} cm "
                "from the pile; it must touch or overlap the pile's edge"
            )
        under = polys[gaps <= 0.0]
        on_table = poly.difference(shapely.union_all(under)).area if len(under) else poly.area
        if on_table <= AREA_EPS:
            return (
                f"a card resting at {where.x:g},{where.y:g} would lie entirely on other "
                "cards; part of it must touch the bare table"
            )
        return None

    def rest_spots(self, count: int, overlap: float) -> tuple[Placement, ...]:
        """A finite sample of legal resting spots around the pile, for bots and widgets.

        For each of ``count`` directions ``u`` (every ``360/count`` degrees, starting
        east) take the corner ``q`` of any card that sticks out furthest along ``u``
        and lay the card with its long side along ``u``, its near end at ``q``:

        * in the even directions (east first) *over the edge*: the card reaches
          ``overlap`` cm back over ``q``, so it covers a corner of the card owning
          ``q`` (a resting card can hide a card from the next player);
        * in the odd directions *beside the edge*: its near end touches ``q`` and it
          covers nothing.

        Both are legal by construction (the tests also check every spot with
        :meth:`rest_problem`): the card reaches ``q`` (or comes within the 0.01 cm
        rounding of it), and its far end lies beyond the line through ``q`` across
        ``u``, where no card lies, so part of it is on the bare table. Duplicates are
        dropped.
        """
        key = ("rest_spots", count, overlap)  # made from the spots of rest_spot_values
        hit = self._cache.get(key)
        if hit is None:
            hit = tuple(_placement(*spot) for spot in self.rest_spot_values(count, overlap))
            self._cache[key] = hit
        return hit

    def rest_spot_values(
        self, count: int, overlap: float
    ) -> tuple[tuple[float, float, float], ...]:
        """:meth:`rest_spots` as ``(x, y, angle)`` values (already rounded)."""
        key = ("rest_spots", count, overlap, "values")
        hit = self._cache.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
        if not self.cards:
            result: tuple[tuple[float, float, float], ...] = ()
            self._cache[key] = result
            return result
        # each direction's spot depends on its extreme only: the spots of an earlier pile
        # (carried from pile to pile with the extremes they came from) stand wherever the
        # extreme is the same, and all of them when every extreme is
        cache = self._cache
        known = cache.get("spot_rows")
        last = None if known is None else known.get((count, overlap))
        extremes = self._extremes(count)
        if last is not None and last[0] == extremes:
            result = last[2]
        else:
            h = self.size[1]
            rows = None if last is None else last[1]
            spots: list[tuple[float, float, float]] = []
            new_rows = []
            for k, extreme in enumerate(extremes):
                if rows is not None and rows[k][0] == extreme:
                    row = rows[k]
                    spot = row[1]
                else:
                    spot = _spot(extreme, k, count, h, overlap)
                    row = (extreme, spot)
                new_rows.append(row)
                if spot is not None and spot not in spots:
                    spots.append(spot)
            result = tuple(spots)
            cache["spot_rows"] = {**(known or {}),
                                  (count, overlap): (extremes, tuple(new_rows), result)}
        cache[key] = result
        return result

    def _extremes(self, count: int) -> tuple[tuple[float, float, float], ...]:
        """For each of ``count`` directions, the corner of any card that sticks out
        furthest that way, as ``(projection, x, y)``: the largest of the cards'
        ``_support`` rows (the first card's on a tie). Kept with the pile, with the
        table of every card's ``_support`` row, and carried to the piles made from it (a
        card added can only push an extreme out; taking a card works out again only the
        directions whose extreme it held, from the table), so resting spots cost no
        full scan."""
        known = self._cache.get("extremes")
        hit = None if known is None else known.get(count)
        if hit is None:
            w, h = self.size
            exact = self._cache.get("corners")
            if exact is not None:
                table = _support_table(exact, self.cards, count)
            else:
                table = {i: _support(c.x, c.y, c.angle, w, h, count)
                         for i, c in self.cards.items()}
            # column k of the table: every card's furthest corner in direction k
            hit = (tuple(max(column) for column in zip(*table.values(), strict=True)), table)
            self._cache["extremes"] = {**(known or {}), count: hit}
        return hit[0]

    def _extremes_known(self) -> list[tuple[int, tuple[Extremes, dict[int, Extremes]]]]:
        """The ``(count, (extremes, support table))`` this pile has worked out so far."""
        known = self._cache.get("extremes")
        return list(known.items()) if known and self.cards else []

    # ----- blowing (SKEL §3; the gust model of ruling SKEL-11) ----------------------
    def blown(self, direction: str, distance: float) -> Pile:
        """The pile after a gust towards ``direction`` that carries cards ``distance`` cm.

        The gust gets under the uncovered cards only: each of them flies ``distance``
        cm in the gust's direction without turning and lands on top of the pile (the
        flown cards keep their order among themselves; sides do not change). Covered
        cards stay where they are, so the cards under the flown ones come to light
        unless the flown cards land on them again.
        """
        ux, uy = COMPASS[direction]
        flying = sorted((self.cards[i] for i in self.uncovered()), key=lambda c: c.z)
        pile = self
        for c in flying:
            pile = pile.without(c.id)
        for c in flying:
            where = Placement(c.x + ux * distance, c.y + uy * distance, c.angle)
            pile = pile.with_card_on_top(c.id, where, c.kind, c.face_up)
        return pile


def _counted(counts: dict[str, int], less: str | None, more: str | None) -> dict[str, int]:
    """``counts`` with one ``less`` and one ``more`` (either may be None: no change)."""
    if less == more:
        return counts
    counts = dict(counts)
    if less is not None:
        counts[less] -= 1
    if more is not None:
        counts[more] = counts.get(more, 0) + 1
    return counts


#: A table card's stacking order.
_z = attrgetter("z")

#: The own ``replace`` of the values built many times a ply (core's ``replacer``).
_replace_card = replacer(TableCard)
