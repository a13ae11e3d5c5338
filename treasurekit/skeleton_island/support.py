"""Where a card reaches and where a card may rest beside the Sand Pile (SKEL §3 Game turn,
rulings SKEL-6 and SKEL-21): a card's *support* is, for each of a few directions, its
corner that reaches furthest that way; a pile's furthest corner in a direction, pushed
out by half a card, is the resting spot that way. Pure functions of numbers, shared by
every pile (:class:`~.pile.Pile` keeps each card's support and carries it from pile to
pile).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np

from .cover import Corners, Extremes, TableCard, _cm, _deg, card_corners

__all__ = ["TABLE_CM"]

#: A rest lies on the table: its centre within this many cm of the spread's centre
#: (ruling SKEL-21: a large table; the standard spread is a disc of 18 cm radius, and
#: the longest bot games stored in tests reach about 1 m).
TABLE_CM = 150.0


@lru_cache(maxsize=16)
def _directions(count: int) -> tuple[tuple[tuple[float, float], ...], tuple[float, ...]]:
    """Unit vectors every 360/count degrees from east, and the card angle (long side
    along the direction, in [0, 180)) for each."""
    phis = [360.0 * k / count for k in range(count)]
    units = tuple((math.cos(math.radians(p)), math.sin(math.radians(p))) for p in phis)
    return units, tuple(_deg((p - 90.0) % 180.0) for p in phis)


@lru_cache(maxsize=8192)
def _spot(extreme: tuple[float, float, float], k: int, count: int, h: float, overlap: float
          ) -> tuple[float, float, float] | None:
    """The resting spot in direction ``k`` of ``count`` from the pile's furthest corner
    that way (:meth:`Pile.rest_spots`), or None off the table; the same for every pile
    with that extreme."""
    _, qx, qy = extreme
    units, angles = _directions(count)
    ux, uy = units[k]
    reach = h / 2 - overlap if k % 2 == 0 else h / 2
    # rounded to 0.01 cm like every placement (+ 0.0 turns -0.0 into 0.0)
    spot = (_cm(qx + ux * reach), _cm(qy + uy * reach), angles[k])
    return spot if math.hypot(spot[0], spot[1]) <= TABLE_CM else None


@lru_cache(maxsize=16384)
def _support(
    x: float, y: float, angle: float, width: float, height: float, count: int
) -> tuple[tuple[float, float, float], ...]:
    """For each of ``count`` directions, the card's corner that reaches furthest that
    way, as ``(projection, x, y)``."""
    return _support_of(card_corners(x, y, angle, width, height), count)


def _support_of(corners: Corners, count: int) -> Extremes:
    """:func:`_support` from the card's corners: per direction the largest
    ``(projection, x, y)`` of the four, as ``max`` of those tuples picks it (a larger
    projection, then on a tie a larger x, then y; the first corner on a full tie),
    compared as floats without building the tuples."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners
    out = []
    for ux, uy in _directions(count)[0]:
        p = ax * ux + ay * uy
        x = ax
        y = ay
        t = bx * ux + by * uy
        if t > p or (t == p and (bx > x or (bx == x and by > y))):
            p = t
            x = bx
            y = by
        t = cx * ux + cy * uy
        if t > p or (t == p and (cx > x or (cx == x and cy > y))):
            p = t
            x = cx
            y = cy
        t = dx * ux + dy * uy
        if t > p or (t == p and (dx > x or (dx == x and dy > y))):
            p = t
            x = dx
            y = dy
        out.append((p, x, y))
    return tuple(out)


def _support_table(
    exact: tuple[list[int], Any, Any], cards: dict[int, TableCard], count: int
) -> dict[int, Extremes]:
    """:func:`_support` of every card in ``cards``, vectorised, from the corners worked
    out for a pile they all belong to (``exact``: its ids and corner arrays, rounded as
    :func:`card_corners` rounds them): each projection is the same float operations as
    ``_support``'s, and a corner beats the ones before it only if its
    ``(projection, x, y)`` is larger, as ``max`` picks."""
    ids, qx, qy = exact
    if len(ids) != len(cards):
        where = {i: k for k, i in enumerate(ids)}
        rows = [where[i] for i in cards]
        qx, qy = qx[rows], qy[rows]
    units, _ = _directions(count)
    ux = np.array([u for u, _ in units])[None, :]
    uy = np.array([u for _, u in units])[None, :]
    bx, by = qx[:, :1], qy[:, :1]
    bp = bx * ux + by * uy
    bx, by = np.broadcast_to(bx, bp.shape), np.broadcast_to(by, bp.shape)
    for k in range(1, 4):
        x, y = qx[:, k:k + 1], qy[:, k:k + 1]
        p = x * ux + y * uy
        better = (p > bp) | ((p == bp) & ((x > bx) | ((x == bx) & (y > by))))
        bp, bx, by = np.where(better, p, bp), np.where(better, x, bx), np.where(better, y, by)
    return {i: tuple(zip(p, x, y, strict=True)) for i, p, x, y in zip(
        cards, bp.tolist(), bx.tolist(), by.tolist(), strict=True)}
