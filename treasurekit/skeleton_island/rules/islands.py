"""Completing a treasure map wins the Island card of its colour (SKEL §3 Game Turn:
completing a treasure map; ruling SKEL-2 for interchangeable pieces, SKEL-13 for what
happens to the pieces used).

The first seat to hold a whole map of one colour (two halves, a half and two
quarters, or four quarters) takes that colour's Island card, worth
``deck.island_coins``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from ...core.events import Event
from ..context import SkeletonContext
from ..position import SkeletonPosition
from . import MAP, seat_name

__all__ = ["collect", "completion", "completion_for"]


def completion(
    pieces: Sequence[tuple[int, Fraction]],
) -> tuple[int, ...] | None:
    """The map pieces (``(id, share)``) that make one whole map, or None.

    A whole map is pieces of one colour whose shares add up to exactly 1: two halves,
    a half and two quarters, or four quarters (SKEL §3; ruling SKEL-2: pieces of a
    colour are interchangeable). The smallest such set is used, lowest ids first.

    >>> h, q = Fraction(1, 2), Fraction(1, 4)
    >>> completion([(1, h), (2, q), (3, q)])
    (1, 2, 3)
    >>> completion([(1, q), (2, q), (3, q)]) is None
    True
    """
    ordered = sorted(pieces)
    # the shares as whole numbers over their common denominator: the same sums, exactly
    whole = math.lcm(*(s.denominator for _, s in ordered))
    parts = [(i, s.numerator * (whole // s.denominator)) for i, s in ordered]
    if sum(n for _, n in parts if n > 0) < whole:
        return None  # no set of the pieces can make a whole map
    for size in range(1, len(parts) + 1):
        for combo in combinations(parts, size):
            if sum(n for _, n in combo) == whole:
                return tuple(i for i, _ in combo)
    return None


def completion_for(
    pos: SkeletonPosition, ctx: SkeletonContext, seat: int, colour: str
) -> tuple[int, ...] | None:
    """The ids of the pieces in front of ``seat`` that make a whole ``colour`` map, or None."""
    kinds = ctx.deck.kinds
    pieces = [(i, kinds[k].share) for i, k in pos.collections[seat] if kinds[k].colour == colour]
    return completion(pieces) if pieces else None


def collect(
    pos: SkeletonPosition, ctx: SkeletonContext, seat: int, card: int, kind: str
) -> tuple[dict[str, Any], list[Event]]:
    """Put a card in front of ``seat``; a whole map of a free colour wins its Island.

    Returns:
        The changed fields of the position (``collections``, and ``islands`` and
        ``out`` when an Island card is won) and the events, so that the move that
        collects builds one new position from them.
    """
    deck = ctx.deck
    mine_now = (*pos.collections[seat], (card, kind))
    changes: dict[str, Any] = {"collections": pos.with_collection(seat, mine_now)}
    colour = deck.kinds[kind].colour
    if colour is None or pos.island_of(colour) is not None:
        return changes, []
    kinds = deck.kinds
    used = completion([(i, kinds[k].share) for i, k in mine_now if kinds[k].colour == colour])
    if used is None:
        return changes, []
    mine = dict(mine_now)
    pieces = Counter(deck.kinds[mine[i]].piece or "" for i in used)
    plural = {"half": "halves", "quarter": "quarters"}
    how = " + ".join(f"{n} {plural.get(p, p + 's') if n > 1 else p}"
                     for p, n in sorted(pieces.items()))
    changes["islands"] = (*pos.islands, (colour, seat))
    if ctx.used_maps == "returned":
        kept = tuple((i, k) for i, k in mine_now if i not in used)
        changes["collections"] = pos.with_collection(seat, kept)
        changes["out"] = (*pos.out, *((i, mine[i], "island") for i in used))
        fate = "the map pieces leave the game (ruling SKEL-13)"
    else:
        fate = "the map pieces stay in front of them (option used_maps='kept')"
    return changes, [Event(
        f"{seat_name(seat)} completes the {colour} treasure map ({how}) and wins "
        f"the {colour} Island card ({deck.island_coins} coins); {fate}",
        MAP, "island")]
