"""``cover_graph`` with its exact shortcuts gives the graph of shapely's overlap areas."""

from __future__ import annotations

import random

import numpy as np
import shapely
from shapely import STRtree

import treasurekit
from treasurekit.skeleton_island.cover import AREA_EPS, TableCard, _poly, cover_graph
from treasurekit.skeleton_island.spread import _layout


def by_areas(cards: list[TableCard], size: tuple[float, float]) -> dict[int, frozenset[int]]:
    """The reference: every intersecting pair judged by shapely's overlap area."""
    above: dict[int, set[int]] = {c.id: set() for c in cards}
    polys = np.array([_poly(c, size) for c in cards], dtype=object)
    left, right = STRtree(polys).query(polys, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    areas = shapely.area(shapely.intersection(polys[left], polys[right]))
    for i, j, area in zip(left.tolist(), right.tolist(), areas.tolist(), strict=True):
        if area > AREA_EPS:
            lo, hi = (cards[i], cards[j]) if cards[i].z < cards[j].z else (cards[j], cards[i])
            above[lo.id].add(hi.id)
    return {k: frozenset(v) for k, v in above.items()}


def test_spread_layouts_cover_as_by_areas() -> None:
    deck = treasurekit.load_game("skeleton_island").deck
    for layout in range(0, 4000, 40):
        spots = _layout(layout, deck.total, deck.spread_radius_cm)
        cards = [TableCard(i, x, y, a, i, up, None) for i, (x, y, a, up) in enumerate(spots)]
        assert cover_graph(cards, deck.size_cm) == by_areas(cards, deck.size_cm)


def test_crossing_touching_and_grazing_cards_cover_as_by_areas() -> None:
    size = (5.7, 8.9)
    rng = random.Random(7)
    cards = [TableCard(0, 0.0, 0.0, 0.0, 0, False, None),
             TableCard(1, 0.0, 0.0, 90.0, 1, False, None),      # a cross: no corner inside
             TableCard(2, 5.7, 0.0, 0.0, 2, False, None),       # side to side: touching
             TableCard(3, 0.0, 8.9 - 1e-7, 0.0, 3, False, None)]  # grazing end to end
    cards += [TableCard(i, round(rng.uniform(-6, 6), 2), round(rng.uniform(-6, 6), 2),
                        float(rng.randrange(180)), i, False, None) for i in range(4, 40)]
    assert cover_graph(cards, size) == by_areas(cards, size)
    assert 1 in cover_graph(cards, size)[0]
