"""Where the cunning Long John Silver buries the treasure in Treasure Island (2018):
a seeded draw over every valid burial point far from the starting locations, weighted
towards the points that are hard to find (:func:`burial_plan`). See
docs/architecture.md §6 and docs/secrets.md ("Silver's burial").

Why a draw and not the best point: the best points by Silver's danger model sit in a few
places of the board, so a Silver who always takes the best buries in the same few spots,
and a pirate who learns them finds the treasure with one search (issue 23 point 5). The
draw is a softmax over the points' scores whose temperature is the *smallest* (the most
cunning) that keeps every fixed search plan close to chance: no 1-mile circle holds more
than :data:`CIRCLE_CAP` and no Large search (TI2018 §7 Game Sequence: Large search; the
2-mile template) more than :data:`SEARCH_CAP` of the burials, computed exactly over a
dense grid of circle centres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .danger import burial_danger
from .geometry import Pt, distance
from .hints import Situation
from .map import IslandMap

__all__ = ["CIRCLE_CAP", "SEARCH_CAP", "BurialPlan", "CircleShares", "burial_plan", "max_share"]

#: No 1-mile-radius circle may hold more than this share of the cunning burials.
CIRCLE_CAP = 0.07
#: No Large search (its template's radius) may find the treasure in more than this share.
SEARCH_CAP = 0.125
#: The cunning Silver buries at least this far (miles) from every starting location.
FAR_FROM_STARTS = 5.0
#: Free paths are about this much longer than straight lines (for the escape estimate).
ESCAPE_DETOUR = 1.1
#: How much worse a burial point is for each ride more from the farthest tower.
ESCAPE_RIDE_COST = 1.3
#: The spacing (miles) of the circle centres over which the largest share is measured.
CENTRE_STEP = 0.25


@dataclass(frozen=True)
class BurialPlan:
    """The cunning burial's distribution: ``points[i]`` (miles) is drawn with probability
    ``probs[i]``; ``scores[i]`` is its danger score (lower is better for Silver),
    ``dangers[i]``, ``shares[i]`` and ``rides[i]`` what the score is made of (see
    :func:`burial_plan`); ``temperature`` is the softmax temperature chosen. Every field
    is a tuple: the plan is cached per map and shared by every game."""

    points: tuple[Pt, ...]
    scores: tuple[float, ...]
    dangers: tuple[float, ...]
    shares: tuple[float, ...]
    rides: tuple[int, ...]
    probs: tuple[float, ...]
    temperature: float

    def draw(self, u: float) -> int:
        """The index drawn by a uniform number ``u`` in [0, 1) (inverse of the cumulative
        distribution, in the order of ``points``)."""
        acc = 0.0
        for i, p in enumerate(self.probs):
            acc += p
            if u < acc:
                return i
        return len(self.probs) - 1


class CircleShares:
    """Which of ``points`` (an ``(n, 2)`` array, miles) lie within ``radius`` miles of each
    centre of a ``step``-mile grid over ``bounds`` ``(x0, y0, x1, y1)``, found once, so
    that :meth:`largest` is cheap for any weights (the burial plan's bisection asks for
    forty sets of weights over the same points)."""

    def __init__(self, points: np.ndarray, radius: float,
                 bounds: tuple[float, float, float, float], step: float = CENTRE_STEP) -> None:
        x0, y0, x1, y1 = bounds
        cx, cy = np.meshgrid(np.arange(x0, x1 + 1e-9, step), np.arange(y0, y1 + 1e-9, step))
        centres = np.column_stack([cx.ravel(), cy.ravel()])
        rows, cols = [], []
        offset = 0
        for chunk in np.array_split(centres, max(1, len(centres) // 2048)):
            d = np.hypot(chunk[:, None, 0] - points[None, :, 0],
                         chunk[:, None, 1] - points[None, :, 1])
            r, c = np.nonzero(d <= radius + 1e-9)
            rows.append(r + offset)
            cols.append(c)
            offset += len(chunk)
        self._rows = np.concatenate(rows) if rows else np.zeros(0, dtype=np.intp)
        self._cols = np.concatenate(cols) if cols else np.zeros(0, dtype=np.intp)
        self._centres = len(centres)

    def largest(self, weights: np.ndarray) -> float:
        """The largest total of ``weights`` (one per point) within the radius of a centre."""
        if not len(self._rows):
            return 0.0
        return float(np.bincount(self._rows, weights=weights[self._cols],
                                 minlength=self._centres).max())


def max_share(points: np.ndarray, weights: np.ndarray, radius: float,
              bounds: tuple[float, float, float, float], step: float = CENTRE_STEP) -> float:
    """The largest total ``weights`` of ``points`` (an ``(n, 2)`` array, miles) within
    ``radius`` miles of any centre of a ``step``-mile grid over ``bounds``
    ``(x0, y0, x1, y1)``; ``weights`` sum to 1 for a share (burials' frequencies work too).
    For many weights over the same points, build one :class:`CircleShares`.
    """
    return CircleShares(points, radius, bounds, step).largest(weights)


def _softmax(scores: np.ndarray, temperature: float) -> np.ndarray:
    w = np.exp(-(scores - scores.min()) / temperature)
    out: np.ndarray = w / w.sum()
    return out


@lru_cache(maxsize=8)
def burial_plan(imap: IslandMap, sit: Situation, kinds: tuple[str, ...],
                players: int) -> BurialPlan:
    """The cunning Silver's burial distribution on ``imap`` before any move (``sit``),
    when his Starting Hints are drawn from ``kinds`` with ``players`` players.

    Points: every valid lattice point at least :data:`FAR_FROM_STARTS` miles from every
    starting location (the whole lattice if none is). Score of a point (lower is better):
    its :func:`~.danger.burial_danger` (the probability the pirates give its Large-search
    circle after the first true hint) times :data:`ESCAPE_RIDE_COST` per horse ride more
    than 2 from the farthest tower. Probabilities: ``softmax(-score / T)`` with the smallest
    ``T`` (found by bisection on ``log T``) for which no 1-mile circle holds more than
    :data:`CIRCLE_CAP` and no Large-search circle more than :data:`SEARCH_CAP` of the
    probability; if even the uniform draw breaks a cap, the uniform draw.
    """
    starts = list(imap.starts.values())
    far = tuple(p for p in imap.lattice
                if min(distance(p, s) for s in starts) >= FAR_FROM_STARTS)
    pool = far or imap.lattice
    danger = burial_danger(imap, sit, pool, kinds, players)
    towers = [t.xy for t in imap.towers]
    ride = imap.scale.horse_miles
    rides = tuple(math.ceil(ESCAPE_DETOUR * max(distance(p, t) for t in towers) / ride)
                  for p in pool)
    scores = np.array([d * ESCAPE_RIDE_COST ** (r - 2)
                       for (d, _), r in zip(danger, rides, strict=True)])
    pts = np.array(pool, dtype=float)
    radius = imap.scale.large_search_radius

    circles = CircleShares(pts, 1.0, imap.bounds)
    searches = CircleShares(pts, radius, imap.bounds)

    def fits(probs: np.ndarray) -> bool:
        return circles.largest(probs) <= CIRCLE_CAP and searches.largest(probs) <= SEARCH_CAP

    lo, hi = math.log(1e-4), math.log(10.0)
    if fits(_softmax(scores, math.exp(lo))):
        hi = lo
    elif not fits(_softmax(scores, math.exp(hi))):
        hi = math.inf
    else:
        for _ in range(18):
            mid = (lo + hi) / 2
            if fits(_softmax(scores, math.exp(mid))):
                hi = mid
            else:
                lo = mid
    temperature = math.exp(hi) if math.isfinite(hi) else math.inf
    probs = _softmax(scores, temperature) if math.isfinite(temperature) else \
        np.full(len(pool), 1.0 / len(pool))
    return BurialPlan(
        points=tuple(pool),
        scores=tuple(float(s) for s in scores),
        dangers=tuple(float(d) for d, _ in danger),
        shares=tuple(float(s) for _, s in danger),
        rides=rides,
        probs=tuple(float(p) for p in probs),
        temperature=temperature,
    )
