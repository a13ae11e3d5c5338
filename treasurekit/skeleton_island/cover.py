"""Which Sand card covers which (ruling SKEL-4): card outlines and the cover graph.

A Sand card on the table (:class:`TableCard`) or a place for one (:class:`Placement`) is
a rectangle of the deck's card size, its centre in centimetres (rounded to 0.01) and its
rotation in degrees (0.1). A card above another *covers* it when their overlap exceeds
:data:`AREA_EPS`; exact shortcuts (a corner deep inside, the outlines apart) decide most
pairs, shapely the rest, with corners rounded to 1e-6 cm so every machine agrees.
:func:`cover_graph` finds it for a whole spread at once; :class:`~.pile.Pile` keeps it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import shapely  # type: ignore[import-untyped]
from shapely.geometry import Polygon  # type: ignore[import-untyped]

from ..core.draft import builder, canonical

__all__ = ["AREA_EPS", "Corners", "Placement", "TableCard", "card_corners", "card_polygon",
           "cover_graph", "uncovered_cards"]

#: Overlap (cm²) above which one card covers another; below it the cards only touch.
AREA_EPS = 1e-4

def _round_by(value: float, scale: float, places: int) -> float:
    """``round(value, places)`` (``scale`` is ``10.0 ** places``), without Python's
    decimal conversion where it cannot differ: ``round(value * scale) / scale`` is the
    same double unless ``value * scale`` lies within 1e-6 of a half (its rounding error
    is far smaller for any coordinate on a table; see :func:`_round6`) or rounds to
    zero (whose sign ``round`` keeps); those, huge, infinite or NaN values and values
    that are not exactly ``float`` go to ``round``."""
    if type(value) is not float:  # ints and numpy floats round to their own types
        return round(value, places)
    scaled = value * scale
    if not abs(scaled) < 1e10:  # huge, infinite or not a number
        return round(value, places)
    whole = round(scaled)
    if whole == 0 or abs(abs(scaled - whole) - 0.5) < 1e-6:
        return round(value, places)
    return whole / scale


def _cm(value: float) -> float:
    """Round a coordinate to 0.01 cm (and never return -0.0)."""
    v = _round_by(value, 100.0, 2)
    return 0.0 if v == 0 else v


def _deg(value: float) -> float:
    """Normalise an angle to [0, 360) degrees, rounded to 0.1 degree."""
    v = round(value % 360.0, 1)
    return 0.0 if v in (0.0, 360.0) else v


@dataclass(frozen=True)
class Placement:
    """Where a card lies: centre (cm, rounded to 0.01) and rotation (degrees, 0.1)."""

    x: float
    y: float
    angle: float = 0.0

    def __post_init__(self) -> None:
        canonical(self, x=_cm(self.x), y=_cm(self.y), angle=_deg(self.angle))


@dataclass(frozen=True)
class TableCard:
    """A Sand card lying on the table.

    Attributes:
        id: the card's number for this game (kept when it is collected or rested).
        x, y: centre in centimetres; angle: rotation in degrees (counter-clockwise).
        z: stacking order, higher on top.
        face_up: True when its face shows.
        kind: the card kind (e.g. ``"map-red-half"``) when face up, ``None`` when face
            down: a face-down card's identity is drawn only when it is revealed.
    """

    id: int
    x: float
    y: float
    angle: float
    z: int
    face_up: bool
    kind: str | None

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.angle)


Corners = tuple[tuple[float, float], tuple[float, float], tuple[float, float],
                tuple[float, float]]
#: For each of a few directions, a corner as ``(projection, x, y)`` (:func:`_support`).
Extremes = tuple[tuple[float, float, float], ...]


@lru_cache(maxsize=16384)
def card_corners(x: float, y: float, angle: float, width: float, height: float) -> Corners:
    """The four corners of a card centred at ``(x, y)`` rotated by ``angle`` degrees,
    counter-clockwise, rounded to 1e-6 cm so that they are the same on every machine."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    hw, hh = width / 2, height / 2
    p = [
        (_round_by(x + u * c - v * s, 1e6, 6), _round_by(y + u * s + v * c, 1e6, 6))
        for u, v in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
    ]
    return (p[0], p[1], p[2], p[3])


@lru_cache(maxsize=16384)
def card_polygon(x: float, y: float, angle: float, width: float, height: float) -> Polygon:
    """The shapely rectangle of a card centred at ``(x, y)`` rotated by ``angle`` degrees."""
    return Polygon(card_corners(x, y, angle, width, height))


@lru_cache(maxsize=16384)
def _bbox(corners: Corners) -> tuple[float, float, float, float]:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _poly(card: TableCard | Placement, size: tuple[float, float]) -> Polygon:
    return card_polygon(card.x, card.y, card.angle, size[0], size[1])


def _corners(card: TableCard | Placement, size: tuple[float, float]) -> Corners:
    return card_corners(card.x, card.y, card.angle, size[0], size[1])


#: A corner of one card this far inside another (cm) makes an overlap of at least a
#: quarter disc of this radius, pi * 0.02**2 / 4 = 0.00031 cm² > AREA_EPS: a cover.
DEEP_CM = 0.02


def _corner_deep_inside(
    corners: Corners, card: TableCard | Placement, size: tuple[float, float]
) -> bool:
    """Whether one of ``corners`` lies inside ``card`` at least :data:`DEEP_CM` from its
    edges. The card owning the corner then covers or is covered by ``card``: near that
    corner its right angle holds a quarter disc of radius ``DEEP_CM`` (its sides are
    longer), and all of that disc lies in ``card``. A cheap, exact shortcut before
    shapely's overlap area; corners are rounded to 1e-6 cm, far below the margin."""
    a = math.radians(card.angle)
    c, s = math.cos(a), math.sin(a)
    hw, hh = size[0] / 2 - DEEP_CM, size[1] / 2 - DEEP_CM
    for px, py in corners:
        dx, dy = px - card.x, py - card.y
        if abs(dx * c + dy * s) <= hw and abs(dy * c - dx * s) <= hh:
            return True
    return False


@lru_cache(maxsize=4096)
def _trig(angle: float) -> tuple[float, float]:
    """``cos`` and ``sin`` of ``angle`` degrees."""
    a = math.radians(angle)
    return math.cos(a), math.sin(a)


def _deep(corners: Corners, x: float, y: float, c: float, s: float, dw: float, dh: float
          ) -> bool:
    """:func:`_corner_deep_inside` for a card centred at ``(x, y)`` whose axes are
    ``(c, s)`` and ``(-s, c)``, its half sides less :data:`DEEP_CM` being ``dw, dh``."""
    for px, py in corners:
        dx, dy = px - x, py - y
        if abs(dx * c + dy * s) <= dw and abs(dy * c - dx * s) <= dh:
            return True
    return False


#: Two cards whose corners lie this far apart along some axis (cm) do not overlap at all.
APART_CM = 1e-6


def _apart(mine: Corners, theirs: Corners, angles: tuple[float, float]) -> bool:
    """Whether two cards (their corners) are disjoint: along one of their four side
    directions (``angles``, degrees: both cards' own axes) their corners' extents leave
    a gap of more than :data:`APART_CM`. Convex shapes separated along any direction do
    not meet, so their overlap area is 0 (not a cover): a cheap, exact shortcut before
    shapely's overlap area (the gap is far above the rounding of a projection)."""
    for angle in angles:
        a = math.radians(angle)
        c, s = math.cos(a), math.sin(a)
        for ux, uy in ((c, s), (-s, c)):
            p = [x * ux + y * uy for x, y in mine]
            q = [x * ux + y * uy for x, y in theirs]
            if max(p) + APART_CM < min(q) or max(q) + APART_CM < min(p):
                return True
    return False


@lru_cache(maxsize=16384)
def _card_bbox(
    x: float, y: float, angle: float, width: float, height: float
) -> tuple[float, float, float, float]:
    """``_bbox(card_corners(...))`` in one cached call (a hot path of resting cards)."""
    return _bbox(card_corners(x, y, angle, width, height))


#: Two cards whose projections on one of their side directions overlap by less than
#: this (cm) do not cover each other: their overlap lies in a strip this wide (plus the
#: 1e-6 cm rounding of the corners) across a card's 10.6 cm diagonal, far below
#: ``AREA_EPS`` (the bound of ``analysis._spread_uncovered_counts``).
SHALLOW_CM = 5e-6


@lru_cache(maxsize=64)
def _pairs(n: int) -> tuple[Any, Any]:
    """``np.triu_indices(n, 1)``: every pair ``i < j`` of ``n`` cards (read-only arrays)."""
    pairs = np.triu_indices(n, 1)
    for a in pairs:
        a.flags.writeable = False
    return pairs


def cover_graph(
    cards: Sequence[TableCard], size: tuple[float, float]
) -> dict[int, frozenset[int]]:
    """For each card id, the ids of the cards above it that overlap it (area > AREA_EPS).

    Every pair at once, with numpy: a pair whose projections on one of the four side
    directions overlap by less than :data:`SHALLOW_CM` does not cover (for two
    rectangles the side directions are the only separating axes to try); a pair whose
    centres are closer than :func:`_close` or with a corner of one card at least
    :data:`DEEP_CM` inside the other covers (the exact shortcuts of
    :meth:`Pile.with_card_on_top`, with margins far above the rounding of the corners
    and of numpy's arithmetic); shapely's overlap area judges the others.
    """
    return _cover(cards, size)[0]


def _cover(
    cards: Sequence[TableCard], size: tuple[float, float]
) -> tuple[dict[int, frozenset[int]], tuple[Any, Any] | None]:
    """:func:`cover_graph`, and the cards' corners as :func:`card_corners` rounds them
    (``x`` and ``y`` arrays, one row per card; None for fewer than two cards)."""
    above: dict[int, set[int]] = {c.id: set() for c in cards}
    n = len(cards)
    if n < 2:
        return {k: frozenset(v) for k, v in above.items()}, None
    hw, hh = size[0] / 2, size[1] / 2
    spec = np.array([(c.x, c.y, *_trig(c.angle)) for c in cards])
    x, y, co, si = spec[:, 0], spec[:, 1], spec[:, 2], spec[:, 3]
    u = np.array([-hw, hw, hw, -hw])
    v = np.array([-hh, -hh, hh, hh])
    # as card_corners computes them (the same float operations in the same order)
    qx, qy = _round6(np.stack([x[:, None] + u * co[:, None] - v * si[:, None],
                               y[:, None] + u * si[:, None] + v * co[:, None]]))
    lo_i, hi_i = _pairs(n)
    dx, dy = x[hi_i] - x[lo_i], y[hi_i] - y[lo_i]
    ci, si_, cj, sj = co[lo_i], si[lo_i], co[hi_i], si[hi_i]
    cu, cv = np.abs(ci * cj + si_ * sj), np.abs(ci * sj - si_ * cj)
    wide = hw + hw * cu + hh * cv
    tall = hh + hw * cv + hh * cu
    depth = np.minimum(np.minimum(wide - np.abs(dx * ci + dy * si_),
                                  tall - np.abs(dy * ci - dx * si_)),
                       np.minimum(wide - np.abs(dx * cj + dy * sj),
                                  tall - np.abs(dy * cj - dx * sj)))
    near = np.flatnonzero(depth >= SHALLOW_CM)
    a_idx: Any = near[:0]  # the covering pairs, as indices into cards
    b_idx: Any = near[:0]
    if len(near):
        i, j = lo_i[near], hi_i[near]
        dw, dh = hw - DEEP_CM, hh - DEEP_CM

        def inside(a: Any, b: Any) -> Any:  # a corner of card a deep inside card b
            rx, ry = qx[a] - x[b][:, None], qy[a] - y[b][:, None]
            cb, sb = co[b][:, None], si[b][:, None]
            return ((np.abs(rx * cb + ry * sb) <= dw)
                    & (np.abs(ry * cb - rx * sb) <= dh)).any(axis=1)

        deep = (dx[near] ** 2 + dy[near] ** 2 < _close(size)) | inside(i, j) | inside(j, i)
        a_idx, b_idx = i[deep], j[deep]
        unsure = ~deep
        if unsure.any():
            left, right = i[unsure], j[unsure]
            ids = sorted({*left.tolist(), *right.tolist()})
            at = np.zeros(n, dtype=np.intp)  # the exact corners, in one shapely call
            at[ids] = np.arange(len(ids))
            polys = shapely.polygons(np.stack([qx[ids], qy[ids]], axis=-1))
            areas = shapely.area(shapely.intersection(polys[at[left]], polys[at[right]]))
            over = areas > AREA_EPS
            a_idx = np.concatenate([a_idx, left[over]])
            b_idx = np.concatenate([b_idx, right[over]])
    if len(above) != n:  # repeated ids: their rows merge, pair by pair
        for a, b in zip(a_idx.tolist(), b_idx.tolist(), strict=True):
            lo_card, hi_card = ((cards[a], cards[b]) if cards[a].z < cards[b].z
                                else (cards[b], cards[a]))
            above[lo_card.id].add(hi_card.id)
        return {k: frozenset(v) for k, v in above.items()}, (qx, qy)
    # each pair's lower card (by z) gets the upper card's id; grouped by the lower card
    z = np.array([c.z for c in cards])
    first_lower = z[a_idx] < z[b_idx]
    lower = np.where(first_lower, a_idx, b_idx)
    upper_ids = np.array([c.id for c in cards])[np.where(first_lower, b_idx, a_idx)]
    order = np.argsort(lower, kind="stable")
    ends = np.cumsum(np.bincount(lower, minlength=n)).tolist()
    uppers = upper_ids[order].tolist()
    start = 0
    graph: dict[int, frozenset[int]] = {}
    for c, end in zip(cards, ends, strict=True):
        graph[c.id] = frozenset(uppers[start:end])
        start = end
    return graph, (qx, qy)


def _round6(values: Any) -> Any:
    """``round(v, 6)`` of every value, exactly as Python rounds it: ``rint(v * 1e6) / 1e6``
    is the same double wherever ``v * 1e6`` is not within 1e-6 of a half (its rounding
    error is below 1e-7 for |v| < 100 m); Python's ``round`` settles the others."""
    scaled = values * 1e6
    out = np.rint(scaled) / 1e6
    risky = np.abs(np.abs(scaled - np.floor(scaled)) - 0.5) < 1e-6
    if np.abs(scaled).max(initial=0.0) >= 1e10:
        risky[...] = True
    if risky.any():
        flat, src = out.reshape(-1), values.reshape(-1)
        for k in np.flatnonzero(risky.reshape(-1)).tolist():
            flat[k] = round(float(src[k]), 6)
    return out


@lru_cache(maxsize=16)
def _close(size: tuple[float, float]) -> float:
    """The squared distance of two card centres below which the cards cover each other:
    each card holds the disc of radius ``r`` (half its short side) around its centre,
    and two such discs this close share a lens of at least 0.01 cm² (a hundred times
    ``AREA_EPS``; found by bisection, the lens shrinking as the centres part)."""
    r = min(size) / 2

    def lens(d: float) -> float:
        return 2 * r * r * math.acos(d / (2 * r)) - d / 2 * math.sqrt(4 * r * r - d * d)

    if lens(0.0) < 0.01:
        return 0.0
    lo, hi = 0.0, 2 * r
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if lens(mid) >= 0.01 else (lo, mid)
    return lo * lo


def uncovered_cards(cards: Sequence[TableCard], size: tuple[float, float]) -> tuple[int, ...]:
    """Ids of the cards that no card above overlaps, from scratch (sorted).

    >>> cards = [TableCard(0, 0, 0, 0, 0, False, None), TableCard(1, 0, 8.9, 0, 1, False, None)]
    >>> uncovered_cards(cards, (5.7, 8.9))   # touching end to end: both uncovered
    (0, 1)
    """
    graph = cover_graph(cards, size)
    return tuple(sorted(i for i, above in graph.items() if not above))


#: ``TableCard(id, x, y, angle, z, face_up, kind)`` and ``Placement(x, y, angle)`` from
#: values already rounded, for the cards laid every ply and the spread's (core's
#: ``builder``: no ``__post_init__`` rounding again).
_table_card: Callable[..., TableCard] = builder(TableCard)
_placement: Callable[[float, float, float], Placement] = builder(Placement)
