"""Checking the ``place`` a board passes to ``State.moves_at`` (what a click hit).

>>> point_place((3, 4.5), "miles", "Treasure Island")
(3.0, 4.5)
>>> point_place("c7", "miles", "Treasure Island")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
treasurekit.core.errors.PlaceError: 'c7' is not a place of Treasure Island: a place is ...
"""

from __future__ import annotations

import math

from .errors import PlaceError
from .inputs import short

__all__ = ["point_place"]


def point_place(place: object, unit: str, title: str) -> tuple[float, float]:
    """``place`` as an ``(x, y)`` point of finite numbers (in ``unit``).

    Raises:
        PlaceError: ``place`` is not a pair of finite numbers.
    """
    if isinstance(place, (tuple, list)) and len(place) == 2:
        x, y = place
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (x, y)):
            fx, fy = float(x), float(y)
            if math.isfinite(fx) and math.isfinite(fy):
                return fx, fy
    raise PlaceError(f"{short(place, 40)} is not a place of {title}: a place is an (x, y) "
                     f"point in {unit}")
