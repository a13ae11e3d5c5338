"""The spread of Skeleton Island (SKEL §2): where the shuffled cards land on the table at
the start, as a seeded layout, and the pile they make.

A layout is drawn by its own ``random.Random(layout)``, so layout ``k`` is the same
everywhere; which cards lie face up is fixed here, their faces are chance moves after it.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from .cover import _cm, _table_card
from .pile import Pile

__all__ = ["spread_layout"]


@lru_cache(maxsize=32)
def _layout(layout: int, n: int, radius: float) -> tuple[tuple[float, float, float, bool], ...]:
    rng = random.Random(layout)  # an own instance: never the global generator
    spots = []
    for _ in range(n):
        r = radius * math.sqrt(rng.random())
        phi = 2 * math.pi * rng.random()
        angle = float(int(180 * rng.random()))
        spots.append((_cm(r * math.cos(phi)), _cm(r * math.sin(phi)), angle))
    # SKEL §2: split the shuffled cards into two near-equal piles and turn one over.
    turned = n // 2 if rng.random() < 0.5 else n - n // 2
    order = list(range(n))
    for i in range(n - 1, 0, -1):  # Fisher-Yates with rng.random() only (stable everywhere)
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    up = set(order[:turned])
    return tuple((x, y, a, i in up) for i, (x, y, a) in enumerate(spots))


@lru_cache(maxsize=32)
def _layout_pile(layout: int, n: int, radius: float, size: tuple[float, float]) -> Pile:
    spots = _layout(layout, n, radius)
    cards = [_table_card(i, x, y, a, i, up, None) for i, (x, y, a, up) in enumerate(spots)]
    return Pile(cards, size)


def spread_layout(
    layout: int, n: int, radius: float, size: tuple[float, float]
) -> Pile:
    """Seeded spread number ``layout``: ``n`` cards over a disc of ``radius`` cm.

    Each card's centre is uniform over the disc, its rotation a whole number of degrees
    (0-179), its stacking order its id; about half the cards (``n // 2`` or
    ``n - n // 2``, as the two piles of SKEL §2 came out) lie face up. No identities
    are fixed: face-up cards are revealed by chance moves right after the spread.
    ``random.Random(layout)`` draws every number, so a layout is the same everywhere.

    >>> p = spread_layout(7, 49, 18.0, (5.7, 8.9))
    >>> len(p), sum(c.face_up for c in p.cards.values()) in (24, 25)
    (49, True)
    """
    cached = _layout_pile(layout, n, radius, size)
    # a new Pile each call: the cached one is shared by every game of this layout, so no
    # caller may hold it (issue 23 point 7); its geometry cache is copied, not recomputed
    pile = Pile._make(dict(cached.cards), cached.size, dict(cached._above))
    pile._cache = dict(cached._cache)
    return pile
