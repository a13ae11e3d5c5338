"""Hex geometry in axial coordinates ``(q, r)``: neighbours, distances, straight lines.

The map is a grid of pointy-top hexes. ``q`` grows to the east, ``r`` to the south;
the six neighbours of a hex differ by the :data:`DIRECTIONS`. Rows of equal ``r`` are
drawn with every odd row shifted half a hex to the east ("odd-r" layout), which is how
hexes get their human names: a column letter and a row number, ``a1`` in the
north-west corner (``label``/``parse_label``).

>>> neighbours((0, 0))
((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
>>> distance((0, 0), (2, -1))
2
>>> between((0, 0), (3, 0))
((1, 0), (2, 0))
>>> between((0, 0), (2, 1)) is None   # not on one of the six straight lines
True
>>> label((5, 10)), parse_label("k11")
('k11', (5, 10))
"""

from __future__ import annotations

import math

from ..core.inputs import parse_int

__all__ = [
    "DIRECTIONS",
    "Hex",
    "between",
    "centre",
    "corners",
    "direction",
    "distance",
    "label",
    "neighbours",
    "offset",
    "parse_label",
]

Hex = tuple[int, int]

#: The six axial directions: east, north-east, north-west, west, south-west, south-east.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_SQRT3 = math.sqrt(3.0)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h`` (some may lie off the map)."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an open grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction(a: Hex, b: Hex) -> Hex | None:
    """The unit direction from ``a`` towards ``b`` if they lie on one straight line of
    hexes (one of the six directions), else None (also for ``a == b``)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    n = distance(a, b)
    if n == 0 or dq % n or dr % n:
        return None
    step = (dq // n, dr // n)
    return step if step in DIRECTIONS else None


def between(a: Hex, b: Hex) -> tuple[Hex, ...] | None:
    """The hexes strictly between ``a`` and ``b`` on their straight line, or None when
    they are not on a straight line of hexes (SJO §7 Shooting)."""
    step = direction(a, b)
    if step is None:
        return None
    n = distance(a, b)
    return tuple((a[0] + step[0] * k, a[1] + step[1] * k) for k in range(1, n))


def offset(h: Hex) -> tuple[int, int]:
    """``(column, row)`` in the odd-r layout (odd rows shifted east)."""
    q, r = h
    return q + (r - (r & 1)) // 2, r


def label(h: Hex) -> str:
    """The human name of a hex: column letter and row number (``a1`` = column 0, row 0).

    Raises:
        ValueError: the hex lies outside columns a-z or above row 1.
    """
    col, row = offset(h)
    if not 0 <= col < 26 or row < 0:
        raise ValueError(f"hex {h} has no name (column {col}, row {row})")
    return f"{chr(97 + col)}{row + 1}"


def parse_label(text: str) -> Hex | None:
    """The axial hex named ``text`` ("k11"), or None if the text is not a hex name."""
    t = text.strip().lower()
    number = parse_int(t[1:], max_digits=3)
    if len(t) < 2 or not ("a" <= t[0] <= "z") or number is None:
        return None
    col, row = ord(t[0]) - 97, number - 1
    if row < 0:
        return None
    return col - (row - (row & 1)) // 2, row


def centre(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Drawing position of a hex centre: x east, y **north** (up), for plots.

    Pointy-top hexes of circumradius ``size``; row 0 is at the top (largest y).
    """
    q, r = h
    return size * _SQRT3 * (q + r / 2), -size * 1.5 * r


def corners(h: Hex, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The six corners of a hex (for drawing), counter-clockwise from the east-north-east."""
    x, y = centre(h, size)
    return tuple(
        (x + size * math.cos(math.radians(30 + 60 * k)),
         y + size * math.sin(math.radians(30 + 60 * k)))
        for k in range(6)
    )
