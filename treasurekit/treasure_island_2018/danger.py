"""How Long John Silver measures danger in Treasure Island (2018), for the cunning
:class:`~.silver_bot.SilverBot`: what each pirate believes (:class:`Danger`), how
dangerous a burial point is (:func:`burial_danger`), how far the treasure is to ride
from each point (:func:`escape_distances`) and which Compass Hints he may give
(:func:`cards_at`). See docs/architecture.md §6.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache
from typing import Any

import numpy as np
import shapely  # type: ignore[import-untyped]

from .geometry import Pt, distance, sector_polygon
from .hints import Situation, candidates, truthful
from .map import IslandMap
from .moves import (
    Card,
)
from .posterior import Grid, bluffs_possible, posterior_for
from .regions import region
from .state import TIState

__all__ = ["Danger", "burial_danger", "cards_at", "escape_distances", "sample_points",
           "support_sample"]


def cards_at(state: TIState, at: Pt) -> list[tuple[Card, Any]]:
    """Silver's legal Compass Hint answers with the two skull sectors of each card, seen
    from ``at`` (None for ``card none``)."""
    out: list[tuple[Card, Any]] = []
    for m in state.legal_moves():
        assert isinstance(m, Card)
        if m.card is None:
            out.append((m, None))
            continue
        skulls = state.decks.compass_card(m.card).skulls
        out.append((m, shapely.union_all([sector_polygon(at, s) for s in skulls])))
    return out


# ----- the cunning Silver's model of the pirates -------------------------------------------
@lru_cache(maxsize=4)
def support_sample(imap: IslandMap) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Points of a 0.4-mile grid on the valid burial ground, and the row and column of the
    probability map's cell holding each."""
    pts = sample_points(imap, imap.support)
    grid = Grid.for_map(imap)
    cols = np.clip(((pts[:, 0] - grid.x0) // grid.cell).astype(int), 0, grid.nx - 1)
    rows = np.clip(((pts[:, 1] - grid.y0) // grid.cell).astype(int), 0, grid.ny - 1)
    return pts, rows, cols


class Danger:
    """What Silver expects each pirate to believe, at the points of :func:`_support_sample`:
    each pirate's probability map (as :func:`posterior_for` makes it from that pirate's
    view: hints, its District, Compass and Chest tokens, searches; Silver dealt, gave or
    saw all of it). ``danger()`` is the probability the pirates give, on average, to the
    Large-search circle around the treasure, now or after one more clue."""

    def __init__(self, state: TIState, trust: float) -> None:
        imap = state.map
        treasure = state.treasure
        assert treasure is not None
        self.treasure: Pt = treasure
        self.trust = trust
        self.pts, rows, cols = support_sample(imap)
        r = imap.scale.large_search_radius
        self.near = np.hypot(self.pts[:, 0] - treasure[0], self.pts[:, 1] - treasure[1]) <= r
        self.weights: dict[int, np.ndarray] = {}
        self.unsure: dict[int, bool] = {}
        self.state = state
        for p in state.pirates:
            view = state.view(p)
            post = posterior_for(view, imap, trust=trust)
            self.weights[p] = post.mass[rows, cols]
            self.unsure[p] = bluffs_possible(view) > 0

    def _inside(self, reg: Any) -> np.ndarray:
        shapely.prepare(reg)
        out: np.ndarray = np.asarray(
            shapely.intersects_xy(reg, self.pts[:, 0], self.pts[:, 1]), dtype=float)
        return out

    def danger(self, reg: Any = None, certain: bool = False,
               seats: tuple[int, ...] | None = None,
               regions: dict[int, Any] | None = None) -> float:
        """Mean over ``seats`` (default: every pirate) of the probability near the
        treasure, after a clue ``reg`` (certain, or trusted with ``trust`` by a pirate who
        knows a Bluff is possible); ``regions`` gives a certain clue per seat."""
        seats = seats or tuple(self.weights)
        inside = None if reg is None else self._inside(reg)
        total = 0.0
        for p in seats:
            w = self.weights[p]
            if regions is not None and p in regions:
                w = w * self._inside(regions[p])
            if inside is not None:
                f = inside if certain or not self.unsure[p] else \
                    self.trust * inside + (1.0 - self.trust)
                w = w * f
            mass = float(w.sum())
            total += float(w[self.near].sum()) / mass if mass > 0 else \
                float(self.weights[p][self.near].sum())
        return total / len(seats)

    def danger_after_parrot(self) -> float:
        """PARROT with 4-5 players: each pirate sees its two neighbours' District Hints."""
        state = self.state
        pirates = list(state.pirates)
        dealt = state.data.dealt
        regions = {}
        for i, p in enumerate(pirates):
            shown = [dealt[q][0] for q in {pirates[i - 1], pirates[(i + 1) % len(pirates)]}
                     if q != p and dealt[q]]
            reg = state.map.board
            for x in shown:
                reg = reg.difference(state.map.district(x).polygon)
            regions[p] = reg
        return self.danger(regions=regions)


@lru_cache(maxsize=4)
def _start_regions(imap: IslandMap, sit: Situation, kinds: tuple[str, ...],
                   players: int) -> tuple[tuple[str, tuple[str, ...], float], ...]:
    """Every (kind, args, share of the valid ground) of the Starting Hints ``kinds`` in
    the situation ``sit``."""
    out = []
    area = float(imap.support.area)
    districts = [x.id for x in imap.districts]
    for kind in kinds:
        extra: dict[str, Any] = {"districts": districts} if kind == "manuscript" else {}
        for args in candidates(kind, sit, imap, players, **extra):
            reg = region(kind, args, sit, imap)
            out.append((kind, args, float(reg.intersection(imap.support).area) / area))
    return tuple(out)


def burial_danger(imap: IslandMap, sit: Situation, points: tuple[Pt, ...],
                  kinds: tuple[str, ...], players: int = 4) -> list[tuple[float, float]]:
    """For each burial point: ``(danger, share)``. ``share`` is the fraction of the
    2-mile circle around it that is valid ground (a search finding it covers that much);
    ``danger`` is the expected probability the pirates give that circle after the first
    hint, when Silver holds 3 random kinds of ``kinds`` (Starting Hints without a Chest
    icon) and plays the true one leaving them the largest region: valid area near the
    point over valid area left."""
    area = float(imap.support.area)
    r = imap.scale.large_search_radius
    step = 0.25
    ks = np.arange(-r, r + 1e-9, step)
    ox, oy = np.meshgrid(ks, ks)
    keep = np.hypot(ox, oy) <= r
    ox, oy = ox[keep], oy[keep]
    regs = _start_regions(imap, sit, kinds, players)
    out = []
    for p in points:
        share = float(np.asarray(shapely.intersects_xy(imap.support, p[0] + ox, p[1] + oy))
                      .mean())
        near = share * math.pi * r * r
        best: dict[str, float] = {}
        for kind, args, frac in regs:
            if frac > best.get(kind, 0.0) and truthful(kind, args, sit, imap, p):
                best[kind] = frac
        dangers = sorted(min(1.0, near / (best[k] * area)) if best.get(k) else 1.0
                         for k in kinds)
        out.append((_expected_best_of(dangers, 3), share))
    return out


def _expected_best_of(values: list[float], k: int) -> float:
    """The expected least of ``k`` values drawn without replacement from sorted
    ``values``."""
    n = len(values)
    if n <= k:
        return values[0] if values else 1.0
    ways = math.comb(n, k)
    return sum(v * math.comb(n - 1 - i, k - 1) / ways for i, v in enumerate(values))


# ----- helpers -----------------------------------------------------------------------------
def sample_points(imap: IslandMap, geom: Any, step: float = 0.4) -> np.ndarray:
    """Points of a regular grid inside ``geom`` (for quick area shares)."""
    x0, y0, x1, y1 = imap.bounds
    xs = np.arange(x0 + step / 2, x1, step)
    ys = np.arange(y0 + step / 2, y1, step)
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    shapely.prepare(geom)
    ok = shapely.contains_xy(geom, gx, gy)
    out: np.ndarray = np.column_stack([gx[ok], gy[ok]])
    return out


def escape_distances(imap: IslandMap, treasure: Pt) -> Any:
    """A function ``point -> miles`` to the treasure along free ground (Dijkstra on a
    0.25-mile grid with 16 directions), for Silver's escape."""
    return _field(imap, treasure)


@lru_cache(maxsize=32)
def _field(imap: IslandMap, treasure: Pt) -> Any:
    step = 0.25
    x0, y0, x1, y1 = imap.bounds
    nx, ny = int((x1 - x0) / step) + 1, int((y1 - y0) / step) + 1
    xs = x0 + np.arange(nx) * step
    ys = y0 + np.arange(ny) * step
    gx, gy = np.meshgrid(xs, ys)
    free = ~np.asarray(shapely.intersects_xy(imap.restricted, gx, gy))
    dist = np.full((ny, nx), math.inf)
    ti_, tj = round((treasure[1] - y0) / step), round((treasure[0] - x0) / step)
    steps = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
             (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]
    heap = [(0.0, ti_, tj)]
    dist[ti_, tj] = 0.0
    while heap:
        dd, i, j = heapq.heappop(heap)
        if dd > dist[i, j]:
            continue
        for di, dj in steps:
            a, b = i + di, j + dj
            if 0 <= a < ny and 0 <= b < nx and free[a, b]:
                if abs(di) + abs(dj) == 3 and not (free[i + di // 2 if abs(di) == 2 else i,
                                                        j + dj // 2 if abs(dj) == 2 else j]):
                    continue
                nd = dd + step * math.hypot(di, dj)
                if nd < dist[a, b]:
                    dist[a, b] = nd
                    heapq.heappush(heap, (nd, a, b))

    def at(p: Pt) -> float:
        i = min(ny - 1, max(0, round((p[1] - y0) / step)))
        j = min(nx - 1, max(0, round((p[0] - x0) / step)))
        base = float(dist[i, j])
        return base + distance(p, (xs[j], ys[i])) if math.isfinite(base) else 1e6

    return at
