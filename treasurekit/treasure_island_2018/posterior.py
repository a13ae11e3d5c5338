"""The probability map: where can the treasure be, for one pirate?

Everything a pirate knows is a list of :class:`~treasurekit.treasure_island_2018.hints.Clue`
(:func:`~treasurekit.treasure_island_2018.hints.clues_for`): public hints, its own
District and Compass Hints, Chest information tokens, the circles searched in vain and
the districts PARROT showed. Long John Silver buried the treasure at a point chosen by
him; with nothing else known, every valid point is equally likely (the *support*:
the board minus restricted areas, starting circles and dotted lines).

* The **feasible region** (:attr:`Posterior.feasible`) is the support intersected with
  every clue known to be true, computed exactly with shapely (hint circles are polygons
  on the safe side, ruling TI2018-16).
* A hint whose Information token the pirate has not seen may be a Bluff, and then says
  nothing. With **trust** ``t`` each such hint is taken as true with prior probability
  ``t``, subject to the count the pirate does know: no more of them can be bluffs than
  the Bluff tokens Silver has received (and a hint played before any Bluff token
  arrived must be true). The map is the exact mixture over which hints are bluffs.
* The map is a raster of cells of at most 0.1 mile: each cell's mass is the fraction of
  the cell inside the feasible region (centres tested with ``shapely.contains_xy``,
  cells crossed by a border sampled 4 x 4, and never 0 when the region touches the
  cell) times the mixture weight of the unverified hints, normalised to 1. When true
  clues leave a region of zero area (a line or a point), every cell touching it stays
  possible instead (:func:`touching`), so the map always sums to 1 and never rules out
  the true location.

>>> import treasurekit.treasure_island_2018 as ti
>>> g = ti.TIGame(players=3)
>>> s = g.position((10.0, 13.0), hints=[("vast", ["red"], "truth")])
>>> post = posterior_for(s.view(1), g.map)
>>> round(post.feasible.area) < round(g.map.support.area)
True
>>> post.mass_near((10.0, 13.0), 0.2) > 0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely  # type: ignore[import-untyped]
from shapely.geometry import Point, box  # type: ignore[import-untyped]

from .clues import Clue, clues_for
from .geometry import Pt, ccw
from .map import IslandMap

if TYPE_CHECKING:
    from .view import TIView

__all__ = ["Grid", "Posterior", "coverage", "posterior_for", "touching"]

#: Sub-samples per side for cells crossed by a border.
SUB = 4


@dataclass(frozen=True)
class Grid:
    """A raster over the board: ``nx`` x ``ny`` cells of ``cell`` miles from ``(x0, y0)``.

    Arrays are indexed ``[row, column]`` = ``[y, x]`` with row 0 at the south edge.
    """

    x0: float
    y0: float
    cell: float
    nx: int
    ny: int

    @staticmethod
    def for_map(imap: IslandMap, cell: float = 0.1) -> Grid:
        if not 0 < cell <= 0.1 + 1e-12:
            raise ValueError("the probability grid's cells are at most 0.1 mile")
        x0, y0, x1, y1 = imap.bounds
        return Grid(x0, y0, cell, math.ceil((x1 - x0) / cell - 1e-9),
                    math.ceil((y1 - y0) / cell - 1e-9))

    @property
    def centres(self) -> tuple[np.ndarray, np.ndarray]:
        return _centres(self)

    @property
    def extent(self) -> tuple[float, float, float, float]:
        """``(x0, x1, y0, y1)`` of the raster, for drawing it as an image."""
        return (self.x0, self.x0 + self.nx * self.cell, self.y0, self.y0 + self.ny * self.cell)

    def index(self, p: Pt) -> tuple[int, int]:
        """``(row, column)`` of the cell holding ``p`` (clipped to the grid)."""
        col = min(self.nx - 1, max(0, int((p[0] - self.x0) // self.cell)))
        row = min(self.ny - 1, max(0, int((p[1] - self.y0) // self.cell)))
        return row, col


@lru_cache(maxsize=8)
def _centres(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    xs = grid.x0 + (np.arange(grid.nx) + 0.5) * grid.cell
    ys = grid.y0 + (np.arange(grid.ny) + 0.5) * grid.cell
    return np.meshgrid(xs, ys)


def coverage(geom: Any, grid: Grid) -> np.ndarray:
    """The fraction of every cell inside ``geom`` (float array ``[ny, nx]``).

    Cells whose centre is inside count 1, others 0, except cells crossed by the border
    of ``geom``: those get the share of a 4 x 4 sample of points inside, and at least
    1/32 when ``geom`` overlaps the cell with any area (so a region never loses a cell it
    reaches; touching along an edge does not count).
    """
    out: np.ndarray = _coverage(geom, grid).copy()
    return out


@lru_cache(maxsize=512)
def _coverage(geom: Any, grid: Grid) -> np.ndarray:
    """See :func:`coverage`. A region that is most of the board is computed as one minus
    the coverage of what it leaves out (a search circle, a district...), and every region
    is rasterised only inside its bounding box, so small pieces are cheap."""
    board = box(grid.x0, grid.y0, grid.x0 + grid.nx * grid.cell, grid.y0 + grid.ny * grid.cell)
    if not geom.is_empty and geom.area > 0.5 * board.area:
        hole = board.difference(geom)
        if hole.area < 0.5 * board.area and hole.geom_type in ("Polygon", "MultiPolygon"):
            out: np.ndarray = 1.0 - _window_coverage(ccw(hole), grid)
            return out
    return _window_coverage(geom, grid)


def _window(geom: Any, grid: Grid) -> tuple[int, int, int, int] | None:
    """Rows ``r0:r1`` and columns ``c0:c1`` of the cells ``geom`` can reach (its bounding
    box and one cell around), or None when it misses the grid."""
    h = grid.cell
    gx0, gy0, gx1, gy1 = geom.bounds
    c0 = max(0, int((gx0 - grid.x0) // h) - 1)
    c1 = min(grid.nx, int((gx1 - grid.x0) // h) + 2)
    r0 = max(0, int((gy0 - grid.y0) // h) - 1)
    r1 = min(grid.ny, int((gy1 - grid.y0) // h) + 2)
    return None if c0 >= c1 or r0 >= r1 else (r0, r1, c0, c1)


def _window_coverage(geom: Any, grid: Grid) -> np.ndarray:
    cx, cy = _centres(grid)
    out: np.ndarray = np.zeros(cx.shape)
    window = None if geom.is_empty else _window(geom, grid)
    if window is None:
        return out
    r0, r1, c0, c1 = window
    h = grid.cell
    shapely.prepare(geom)
    wx, wy = cx[r0:r1, c0:c1], cy[r0:r1, c0:c1]
    out[r0:r1, c0:c1] = np.asarray(shapely.contains_xy(geom, wx, wy), dtype=float)
    border = geom.boundary
    if border.is_empty:
        return out
    pts = shapely.get_coordinates(shapely.segmentize(border, h * 0.45))
    cols = np.floor((pts[:, 0] - grid.x0) / h).astype(int)
    rows = np.floor((pts[:, 1] - grid.y0) / h).astype(int)
    mark = np.zeros(cx.shape, dtype=bool)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = rows + dr, cols + dc
            ok = (r >= 0) & (r < grid.ny) & (c >= 0) & (c < grid.nx)
            mark[r[ok], c[ok]] = True
    rr, cc = np.nonzero(mark)
    if not len(rr):
        return out
    sx, sy = _subsamples(grid, rr, cc)
    frac = np.asarray(shapely.contains_xy(geom, sx, sy)).mean(axis=1)
    empty = np.nonzero(frac == 0)[0]
    if len(empty):  # a sliver the sample missed: any overlap with area keeps the cell
        x0 = grid.x0 + cc[empty] * h
        y0 = grid.y0 + rr[empty] * h
        boxes = shapely.box(x0, y0, x0 + h, y0 + h)
        over = np.asarray(shapely.intersects(geom, boxes), dtype=bool) & ~np.asarray(
            shapely.touches(geom, boxes), dtype=bool)
        frac[empty[over]] = 1.0 / (2 * SUB * SUB)
    out[rr, cc] = frac
    return out


def _subsamples(grid: Grid, rr: np.ndarray, cc: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The SUB x SUB sample points of the cells ``(rr, cc)``: x and y arrays
    ``[cells, SUB * SUB]`` in miles."""
    cx, cy = _centres(grid)
    h = grid.cell
    offs = (np.arange(SUB) + 0.5) / SUB * h - h / 2
    ox, oy = np.meshgrid(offs, offs)
    return (cx[rr, cc][:, None] + ox.ravel()[None, :],
            cy[rr, cc][:, None] + oy.ravel()[None, :])


def _sample(geom: Any, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """1.0 where the point ``(xs, ys)`` lies in ``geom`` (closed: its border counts), else 0."""
    if geom.is_empty:
        return np.zeros(xs.shape)
    shapely.prepare(geom)
    return np.asarray(shapely.intersects_xy(geom, xs, ys), dtype=float)


def touching(geom: Any, grid: Grid) -> np.ndarray:
    """1 for every cell whose closed square meets ``geom`` (lines and points included),
    else 0: the raster of a region of zero area (float array ``[ny, nx]``).

    >>> import treasurekit.treasure_island_2018 as ti
    >>> from shapely.geometry import LineString
    >>> grid = Grid.for_map(ti.TIGame().map)
    >>> int(touching(LineString([(10.05, 10.0), (10.05, 11.0)]), grid).sum())  # 10 + 2 ends
    12
    """
    out: np.ndarray = np.zeros((grid.ny, grid.nx))
    window = None if geom.is_empty else _window(geom, grid)
    if window is None:
        return out
    r0, r1, c0, c1 = window
    h = grid.cell
    cols, rows = np.meshgrid(np.arange(c0, c1), np.arange(r0, r1))
    x0 = grid.x0 + cols * h
    y0 = grid.y0 + rows * h
    shapely.prepare(geom)
    hit = np.asarray(shapely.intersects(geom, shapely.box(x0, y0, x0 + h, y0 + h)), dtype=float)
    out[r0:r1, c0:c1] = hit
    return out


class Posterior:
    """One seat's probability map (see the module docstring).

    Attributes:
        map: the island; grid: the raster; trust: the prior that an unverified hint is true.
        clues: every clue used, in order.
        feasible: the support intersected with every clue known to be true (shapely).
        mass: ``[ny, nx]`` probabilities summing to 1 (row 0 = south).
        bluffs: how many of the unverified hints may be bluffs.
    """

    def __init__(
        self,
        imap: IslandMap,
        clues: Sequence[Clue],
        *,
        trust: float = 0.8,
        bluffs: int = 2,
        cell: float = 0.1,
    ) -> None:
        if not 0.0 <= trust <= 1.0:
            raise ValueError("trust must be between 0 and 1")
        self.map = imap
        self.grid = Grid.for_map(imap, cell)
        self.trust = trust
        self.bluffs = bluffs
        self.clues = tuple(clues)
        certain = [c for c in self.clues if c.status == "certain"]
        feasible = imap.support
        for c in certain:
            feasible = ccw(feasible.intersection(c.region))
        self.feasible = feasible
        self._compute()

    def _compute(self) -> None:
        base = _coverage(self.feasible, self.grid)
        if not base.sum() > 0:
            # true clues can leave a region of zero area (West and East Chest tokens from
            # the same x leave a line): the treasure is on it, so every cell touching it
            # stays possible; with no region at all, every valid point does (issue 15)
            base = touching(self.feasible, self.grid)
            if not base.sum() > 0:
                base = _coverage(self.map.support, self.grid)
        unverified = [c for c in self.clues if c.status == "unverified"]
        weight = self._mixture([_coverage(c.region, self.grid) for c in unverified])
        mass: np.ndarray = np.asarray(base * weight, dtype=float)
        total = float(mass.sum())
        if total <= 0:  # the clues contradict each other: fall back to the certain ones
            mass, total = base.copy(), float(base.sum())
        self.mass = mass / total
        self._disc_cache: dict[float, np.ndarray] = {}

    def _mixture(self, covs: list[np.ndarray]) -> np.ndarray | float:
        """Sum over which unverified hints are bluffs (at most ``bluffs`` of them): each
        true one multiplies by its coverage, each bluff by 1."""
        if not covs:
            return 1.0
        t = min(1.0, max(self.trust, 1e-6))
        k_max = max(0, min(self.bluffs, len(covs)))
        terms: list[np.ndarray | float] = [1.0, *([0.0] * k_max)]
        for cov in covs:
            new: list[np.ndarray | float] = []
            for k in range(k_max + 1):
                term: np.ndarray | float = terms[k] * (t * cov)
                if k:
                    term = term + terms[k - 1] * (1.0 - t)
                new.append(term)
            terms = new
        total: np.ndarray | float = terms[0]
        for extra in terms[1:]:
            total = total + extra
        return total

    # ----- updates ---------------------------------------------------------------------
    def updated(self, clue: Clue) -> Posterior:
        """A new map with one more clue (the feasible region is cut once more)."""
        new = object.__new__(Posterior)
        new.map, new.grid, new.trust, new.bluffs = self.map, self.grid, self.trust, self.bluffs
        new.clues = (*self.clues, clue)
        new.feasible = (ccw(self.feasible.intersection(clue.region))
                        if clue.status == "certain" else self.feasible)
        new._compute()
        return new

    def with_trust(self, trust: float) -> Posterior:
        """The same clues weighed with another trust level."""
        return Posterior(self.map, self.clues, trust=trust, bluffs=self.bluffs,
                         cell=self.grid.cell)

    # ----- questions ---------------------------------------------------------------------
    @property
    def feasible_if_all_true(self) -> Any:
        """The feasible region if every unverified hint were true."""
        out = self.feasible
        for c in self.clues:
            if c.status == "unverified":
                out = ccw(out.intersection(c.region))
        return out

    @property
    def area(self) -> float:
        """Square miles of the feasible region."""
        return float(self.feasible.area)

    def probability(self, geom: Any) -> float:
        """Probability that the treasure lies in ``geom`` (a shapely geometry in miles).

        Cells inside ``geom`` count their whole mass. A cell crossed by the border of
        ``geom`` counts the share of its mass that lies in ``geom``, measured on the same
        4 x 4 sample of points the map uses: at each sample point the weight is the
        feasible region times the mixture of unverified hints, so a region the map already
        knows (a true hint's ring) holds all of its mass (before issue 14 a border cell
        counted its coverage twice, and a true ring held 0.99). A cell whose sample points
        all miss the weight (a sliver) counts whole if ``geom`` overlaps it with area.
        Returns a float in 0-1.
        """
        cov = _coverage(geom, self.grid)
        rr, cc = np.nonzero((cov > 0) & (cov < 1) & (self.mass > 0))
        share = cov.copy()
        if len(rr):
            g, h = self.grid, self.grid.cell
            sx, sy = _subsamples(g, rr, cc)
            inside = _sample(geom, sx, sy)
            weight = _sample(self.feasible, sx, sy) * self._mixture(
                [_sample(c.region, sx, sy) for c in self.clues if c.status == "unverified"])
            total = weight.sum(axis=1)
            part = (weight * inside).sum(axis=1)
            boxes = shapely.box(g.x0 + cc * h, g.y0 + rr * h, g.x0 + (cc + 1) * h,
                                g.y0 + (rr + 1) * h)
            overlap = np.asarray(shapely.intersects(geom, boxes), dtype=bool) & ~np.asarray(
                shapely.touches(geom, boxes), dtype=bool)
            share[rr, cc] = np.where(total > 0, part / np.where(total > 0, total, 1.0),
                                     overlap.astype(float))
        return float(min(1.0, (self.mass * share).sum()))

    def mass_near(self, p: Pt, radius: float) -> float:
        """Mass of the cells whose centre is within ``radius`` of ``p``."""
        cx, cy = _centres(self.grid)
        return float(self.mass[np.hypot(cx - p[0], cy - p[1]) <= radius].sum())

    def disc_mass(self, radius: float) -> np.ndarray:
        """For every cell centre, the mass within ``radius`` of it (a search circle
        centred there would find the treasure with this probability)."""
        if radius not in self._disc_cache:
            self._disc_cache[radius] = _disc_sum(self.mass, radius / self.grid.cell)
        return self._disc_cache[radius]

    def best_centre(self, radius: float, near: Pt | None = None,
                    within: float | None = None) -> tuple[Pt, float]:
        """The cell centre where a circle of ``radius`` holds the most mass (optionally
        only centres within ``within`` of ``near``), and that mass."""
        dm = self.disc_mass(radius)
        cx, cy = _centres(self.grid)
        if near is not None and within is not None:
            g = self.grid
            c0 = max(0, int((near[0] - within - g.x0) // g.cell))
            c1 = min(g.nx, int((near[0] + within - g.x0) // g.cell) + 2)
            r0 = max(0, int((near[1] - within - g.y0) // g.cell))
            r1 = min(g.ny, int((near[1] + within - g.y0) // g.cell) + 2)
            wx, wy = cx[r0:r1, c0:c1], cy[r0:r1, c0:c1]
            mask = np.hypot(wx - near[0], wy - near[1]) <= within
            if not mask.any():
                return near, 0.0
            win = np.where(mask, dm[r0:r1, c0:c1], -1.0)
            i = int(np.argmax(win))
            r, c = divmod(i, win.shape[1])
            return (float(wx[r, c]), float(wy[r, c])), float(max(win[r, c], 0.0))
        i = int(np.argmax(dm))
        r, c = divmod(i, self.grid.nx)
        return (float(cx[r, c]), float(cy[r, c])), float(max(dm[r, c], 0.0))

    def top(self, k: int = 5) -> list[tuple[Pt, float]]:
        """The ``k`` most likely cells: ``(centre, probability)``."""
        cx, cy = _centres(self.grid)
        flat = self.mass.ravel()
        idx = np.argsort(-flat)[:k]
        return [((float(cx.ravel()[i]), float(cy.ravel()[i])), float(flat[i])) for i in idx]

    def sample_point(self, rng: random.Random, tries: int = 64) -> Pt | None:
        """A valid treasure point drawn from the map (a cell by its mass, then a point in
        it), or None if none was found."""
        flat = self.mass.ravel()
        cum = np.cumsum(flat)
        if cum[-1] <= 0:
            return None
        cx, cy = _centres(self.grid)
        h = self.grid.cell
        for _ in range(tries):
            i = int(np.searchsorted(cum, rng.random() * cum[-1], side="right"))
            i = min(i, len(flat) - 1)
            x = float(cx.ravel()[i]) + (rng.random() - 0.5) * h
            y = float(cy.ravel()[i]) + (rng.random() - 0.5) * h
            p = (round(x, 2) + 0.0, round(y, 2) + 0.0)
            if self.map.treasure_problem(p) is None and self.feasible.covers(Point(p)):
                return p
        return None

    def __repr__(self) -> str:
        return (f"<Posterior {len(self.clues)} clues, feasible {self.area:.1f} sq mi, "
                f"trust {self.trust:g}>")


def _disc_sum(mass: np.ndarray, r_cells: float) -> np.ndarray:
    """Sum of ``mass`` over a disc of radius ``r_cells`` around every cell (FFT)."""
    k = math.ceil(r_cells)
    yy, xx = np.mgrid[-k:k + 1, -k:k + 1]
    kernel = (np.hypot(xx, yy) <= r_cells + 1e-9).astype(float)
    ny, nx = mass.shape
    sy, sx = ny + 2 * k + 1, nx + 2 * k + 1
    f = np.fft.rfft2(mass, s=(sy, sx)) * np.fft.rfft2(kernel, s=(sy, sx))
    full = np.fft.irfft2(f, s=(sy, sx))
    out: np.ndarray = np.clip(full[k:k + ny, k:k + nx], 0.0, None)
    return out


def bluffs_possible(view: TIView) -> int:
    """How many unverified hints may be bluffs for this seat: Bluff tokens Silver has
    received minus the bluffs this seat has seen."""
    seen = sum(1 for h in view.hints if h.token == "bluff")
    return max(0, view.bluff_received - seen)


def _bluff_days(view: TIView) -> int | None:
    """The first day on which Silver held a Bluff token (None: never)."""
    for space in view.calendar:
        if space.event == "bluff":
            return space.day
    return None


def view_clues(view: TIView, imap: IslandMap) -> list[Clue]:
    """:func:`clues_for`, where a hint played before any Bluff token reached Silver counts
    as true (it could only carry a Truth token)."""
    first = _bluff_days(view)
    out = []
    from dataclasses import replace

    for c in clues_for(view, imap):
        if c.status == "unverified" and c.hint is not None:
            h = view.hints[c.hint - 1]
            calendar_says = first is None or h.day < first
            if calendar_says and view.bluff_received <= sum(
                    1 for s in view.calendar if s.event == "bluff" and s.day <= view.day):
                c = replace(c, status="certain")
        out.append(c)
    return out


def posterior_for(view: TIView, imap: IslandMap, trust: float = 0.8,
                  cell: float = 0.1) -> Posterior:
    """The probability map of the seat whose view this is (cached by view)."""
    return _posterior_for(view, imap, float(trust), float(cell))


@lru_cache(maxsize=16)
def _posterior_for(view: TIView, imap: IslandMap, trust: float, cell: float) -> Posterior:
    return Posterior(imap, view_clues(view, imap), trust=trust, bluffs=bluffs_possible(view),
                     cell=cell)


@lru_cache(maxsize=16)
def _feasible_for(view: TIView, imap: IslandMap) -> tuple[Any, tuple[Clue, ...]]:
    clues = view_clues(view, imap)
    feasible = imap.support
    for c in clues:
        if c.status == "certain":
            feasible = ccw(feasible.intersection(c.region))
    shapely.prepare(feasible)
    soft = tuple(c for c in clues if c.status == "unverified")
    for c in soft:
        shapely.prepare(c.region)
    return feasible, soft


def sample_treasure(view: TIView, imap: IslandMap, rng: random.Random, trust: float = 0.8,
                    tries: int = 2000) -> Pt | None:
    """A treasure point drawn for the seat of ``view`` without building the raster (for
    search bots): uniform on the exact feasible region, each unverified hint kept with
    weight ``trust`` inside its region and ``1 - trust`` outside. None if nothing valid was
    found in ``tries`` draws."""
    feasible, soft = _feasible_for(view, imap)
    if feasible.is_empty:
        return None
    x0, y0, x1, y1 = feasible.bounds
    for _ in range(tries):
        p = (round(x0 + rng.random() * (x1 - x0), 2) + 0.0,
             round(y0 + rng.random() * (y1 - y0), 2) + 0.0)
        if not shapely.intersects_xy(feasible, p[0], p[1]):
            continue
        w = 1.0
        for c in soft:
            if not shapely.intersects_xy(c.region, p[0], p[1]):
                w *= 1.0 - trust
        if w < 1.0 and rng.random() >= w:
            continue
        if imap.treasure_problem(p) is None:
            return p
    return None
