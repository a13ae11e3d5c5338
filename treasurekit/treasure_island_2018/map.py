"""The Treasure Island map as shapely geometry (:class:`IslandMap`), with its constants.

The printed board is not public, so treasurekit draws its own island (ruling
TI2018-1), in miles, with every element the rules need (TI2018 §3 The Island Board,
§9 Specific Zones):

* the board (a rectangle) and the island's outline (the coast);
* the restricted areas, outlined in red on the board: deep water, mountains and the
  volcano. Nothing may stand in or cross them;
* the ruined temple, the nine black towers and each pirate colour's starting location;
* the eleven districts, which tile the whole board;
* the three zone types the DEDUCTION hint names: fresh water & lakes (``water``),
  buildings, roads, boats & ruins (``buildings``) and forests & trees (``forest``);
* the scale: movement and search radii, the starting circles, the width of a drawn
  line (``border_tolerance``) and the compass sectors.

Derived once per map (:class:`IslandMap`): the ALTITUDE regions (4 miles around the
volcano, 2 miles around deep water, 5 miles around the ruined temple), every dotted
line (district borders, the 2-mile starting circles, the altitude lines), the free
ground and the *support*: every point where the treasure may be buried (TI2018 §6
Preparation Phase: burying the treasure).

Loading and validating the JSON file is in ``map_data.py`` (:func:`~.map_data.load_map`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import shapely  # type: ignore[import-untyped]
from shapely.geometry import LineString, Point, Polygon, box  # type: ignore[import-untyped]

from .geometry import EPS, Pt, disc_core, distance

__all__ = [
    "ALTITUDES",
    "COLOURS",
    "ZONES",
    "District",
    "IslandMap",
    "Scale",
    "Tower",
]

#: Pirate colours, in the order miniatures are handed out (ruling TI2018-3).
COLOURS = ("red", "blue", "yellow", "green")
#: The DEDUCTION zone types (TI2018 §9 Specific Zones).
ZONES = ("water", "buildings", "forest")
ZONE_NAMES = {
    "water": "Fresh Water & Lakes",
    "buildings": "Buildings, Roads, Boats & Ruins",
    "forest": "Forests & Trees",
}
#: The ALTITUDE statements (TI2018 §10 Starting Hints: ALTITUDE).
ALTITUDES = ("volcano", "deep_water", "ruined_temple")
@dataclass(frozen=True)
class Scale:
    """Distances in miles (ruling TI2018-2) and the compass sectors (ruling TI2018-5).

    Attributes:
        horse_miles, foot_miles: the longest Horse and Foot moves.
        item_move_miles: the Chest item token's additional move.
        small_search_radius, large_search_radius: the radius of the circle drawn with
            each search template; large_search_outer_radius: its outer edge (Fortune).
        starting_circle_radius: the dotted circle around each starting location.
        border_tolerance: a drawn line's half width: a treasure closer than this to a
            dotted line or a red outline lies "on" it (ruling TI2018-6).
        treasure_site_radius: Long John's miniature is on the treasure's site when it
            stops this close to it (ruling TI2018-24).
        compass_sectors: directions of the compass (8: N, NE, ... NW).
    """

    horse_miles: float
    foot_miles: float
    item_move_miles: float
    small_search_radius: float
    large_search_radius: float
    large_search_outer_radius: float
    starting_circle_radius: float
    border_tolerance: float
    treasure_site_radius: float
    compass_sectors: int


@dataclass(frozen=True)
class District:
    """One of the eleven districts: number (1-11), name and polygon."""

    id: int
    name: str
    polygon: Polygon


@dataclass(frozen=True)
class Tower:
    """A black tower: ``t1``..``t9`` and its position."""

    id: str
    xy: Pt


class IslandMap:
    """A validated map with its shapely geometry (build it with :func:`load_map`).

    Attributes:
        name, bounds: the map's name and the board rectangle ``(x0, y0, x1, y1)``.
        scale: the :class:`Scale`; altitude: statement -> miles.
        board, island, deep_water, volcano, ruined_temple: polygons;
        mountains: tuple of polygons; restricted: their union (with deep water).
        zones: zone type -> (multi)polygon; districts: the 11 :class:`District`;
        towers: the 9 :class:`Tower`; starts: colour -> starting location.
    """

    def __init__(
        self,
        name: str,
        bounds: tuple[float, float, float, float],
        scale: Scale,
        altitude: dict[str, float],
        island: Polygon,
        deep_water: Any,
        mountains: tuple[Polygon, ...],
        volcano: Polygon,
        ruined_temple: Polygon,
        zones: dict[str, Any],
        districts: tuple[District, ...],
        towers: tuple[Tower, ...],
        starts: dict[str, Pt],
    ) -> None:
        self.name = name
        self.bounds = bounds
        self.scale = scale
        self.altitude = altitude
        self.board = box(*bounds)
        self.island = island
        self.deep_water = deep_water
        self.mountains = mountains
        self.volcano = volcano
        self.ruined_temple = ruined_temple
        self.zones = zones
        self.districts = districts
        self.towers = towers
        self.starts = starts
        self.restricted = shapely.union_all([deep_water, *mountains, volcano])
        shapely.prepare(self.restricted)
        self._district_polys = [d.polygon for d in districts]
        for p in self._district_polys:
            shapely.prepare(p)
        for z in zones.values():
            shapely.prepare(z)

    def __repr__(self) -> str:
        return f"<IslandMap {self.name!r} {self.bounds[2] - self.bounds[0]:g}x" \
               f"{self.bounds[3] - self.bounds[1]:g} miles>"

    # ----- derived geometry ----------------------------------------------------------
    @cached_property
    def free(self) -> Polygon:
        """The board minus the restricted areas: where miniatures may stand."""
        return self.board.difference(self.restricted)

    @cached_property
    def start_discs(self) -> dict[str, Polygon]:
        """Colour -> the 2-mile starting circle (a polygon; its outline is dotted)."""
        r = self.scale.starting_circle_radius
        return {c: disc_core(p, r) for c, p in self.starts.items()}

    @cached_property
    def altitude_regions(self) -> dict[str, Any]:
        """ALTITUDE statement -> the area *within* its distance; the dotted line is its
        outline, and the statement "more than ..." means outside it."""
        from .geometry import QUAD

        a = self.altitude
        return {
            "volcano": self.volcano.buffer(a["volcano"], quad_segs=QUAD),
            "deep_water": self.deep_water.buffer(a["deep_water"], quad_segs=QUAD)
            .intersection(self.board),
            "ruined_temple": self.ruined_temple.buffer(a["ruined_temple"], quad_segs=QUAD),
        }

    @cached_property
    def district_borders(self) -> Any:
        """The dotted district borders (inside the board, its edge excluded)."""
        lines = shapely.union_all([d.polygon.boundary for d in self.districts])
        return lines.difference(self.board.exterior)

    @cached_property
    def dotted_lines(self) -> Any:
        """Every dotted line of the board: district borders, starting circles and the
        three altitude lines (TI2018 §6: the treasure may not lie on any of them)."""
        parts = [self.district_borders]
        parts += [d.exterior for d in self.start_discs.values()]
        parts += [g.boundary.intersection(self.board) for g in self.altitude_regions.values()]
        out = shapely.union_all(parts)
        shapely.prepare(out)
        return out

    @cached_property
    def support(self) -> Any:
        """Where the treasure may be buried: the board minus the restricted areas, the
        starting circles and every dotted line, each widened by ``border_tolerance``
        (a superset of the exact valid set: shapely's buffers are inscribed)."""
        tol = self.scale.border_tolerance
        banned = shapely.union_all([
            self.restricted.buffer(tol, quad_segs=8),
            *(d.buffer(tol, quad_segs=8) for d in self.start_discs.values()),
            self.dotted_lines.buffer(tol, quad_segs=4),
        ])
        out = self.board.difference(banned)
        shapely.prepare(out)
        return out

    @cached_property
    def lattice(self) -> tuple[Pt, ...]:
        """Every valid burial point on the 0.5-mile lattice (the sample that
        ``legal_moves()`` offers for burying the treasure; ruling TI2018-8)."""
        x0, y0, x1, y1 = self.bounds
        xs = np.arange(math.ceil(x0 * 2), math.floor(x1 * 2) + 1) / 2
        ys = np.arange(math.ceil(y0 * 2), math.floor(y1 * 2) + 1) / 2
        mx, my = np.meshgrid(xs, ys)
        gx, gy = mx.ravel(), my.ravel()
        pts = shapely.points(gx, gy)
        ok = self._valid_mask(pts)
        return tuple((float(x), float(y)) for x, y in zip(gx[ok], gy[ok], strict=True))

    def _valid_mask(self, pts: Any) -> Any:
        tol = self.scale.border_tolerance
        r = self.scale.starting_circle_radius
        ok = shapely.distance(self.restricted, pts) > tol
        ok &= shapely.distance(self.dotted_lines, pts) > tol
        for s in self.starts.values():
            sx, sy = s
            xy = shapely.get_coordinates(pts)
            ok &= np.hypot(xy[:, 0] - sx, xy[:, 1] - sy) > r + tol
        ok &= shapely.contains_xy(self.board, shapely.get_coordinates(pts)[:, 0],
                                  shapely.get_coordinates(pts)[:, 1])
        return ok

    @cached_property
    def gallop_spots(self) -> tuple[Pt, ...]:
        """One free point well inside each district (the sample of Full Gallop and remote
        search targets in ``legal_moves()``; any free point is legal)."""
        out = []
        for d in self.districts:
            inner = d.polygon.intersection(self.free).buffer(-0.5)
            if inner.is_empty:
                inner = d.polygon.intersection(self.free)
            p = inner.representative_point() if not inner.is_empty else None
            if p is not None:
                out.append((round(p.x, 1) + 0.0, round(p.y, 1) + 0.0))
        return tuple(out)

    def layers(self) -> dict[str, Any]:
        """Everything to draw, bottom to top, as shapely geometry: ``board``, ``island``,
        ``deep_water``, ``mountains``, ``volcano``, ``ruined_temple``, the zones
        ``water``/``buildings``/``forest``, ``district_borders``, ``starting_circles``,
        ``altitude_lines`` and ``towers`` (points). Pair with
        :func:`~treasurekit.treasure_island_2018.geometry.outlines` for plotting."""
        return {
            "board": self.board,
            "island": self.island,
            "deep_water": self.deep_water,
            "mountains": shapely.union_all(list(self.mountains)),
            "volcano": self.volcano,
            "ruined_temple": self.ruined_temple,
            "water": self.zones["water"],
            "buildings": self.zones["buildings"],
            "forest": self.zones["forest"],
            "district_borders": self.district_borders,
            "starting_circles": shapely.union_all(
                [d.exterior for d in self.start_discs.values()]),
            "altitude_lines": shapely.union_all(
                [g.boundary.intersection(self.board) for g in self.altitude_regions.values()]),
            "towers": shapely.multipoints([t.xy for t in self.towers]),
        }

    # ----- queries ---------------------------------------------------------------------
    def on_board(self, p: Pt) -> bool:
        x0, y0, x1, y1 = self.bounds
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

    def restricted_name(self, p: Pt) -> str | None:
        """Which restricted area ``p`` touches ("deep water", "the mountains", "the
        volcano"), or None."""
        pt = Point(p)
        if self.volcano.intersects(pt):
            return "the volcano"
        if any(m.intersects(pt) for m in self.mountains):
            return "the mountains"
        if self.deep_water.intersects(pt):
            return "deep water"
        return None

    def in_restricted(self, p: Pt) -> bool:
        return bool(shapely.intersects_xy(self.restricted, p[0], p[1]))

    def path_problem(self, a: Pt, b: Pt) -> str | None:
        """Why the straight line ``a -> b`` is not a legal movement line, or None: it
        leaves the board, or passes through or stops in a restricted area (touching a red
        outline counts: ruling TI2018-11)."""
        if not self.on_board(b):
            return f"{b[0]:g},{b[1]:g} is off the board"
        if self.in_restricted(b):
            return f"the line would stop in a restricted area ({self.restricted_name(b)})"
        line = LineString([a, b]) if a != b else Point(a)
        if self.restricted.intersects(line):
            hit = line.intersection(self.restricted)
            where = self.restricted_name((hit.centroid.x, hit.centroid.y)) or "a restricted area"
            return f"the line would cross a restricted area ({where})"
        return None

    def paths_clear(self, a: Pt, ends: list[Pt]) -> list[bool]:
        """Vectorised :meth:`path_problem` is None, for many lines from ``a``."""
        if not ends:
            return []
        coords = np.array([[a, e] for e in ends], dtype=float)
        lines = shapely.linestrings(coords)
        hit = shapely.intersects(self.restricted, lines)
        return [
            (not h) and self.on_board(e) for h, e in zip(hit.tolist(), ends, strict=True)
        ]

    def lines_hit(self, a: Pt, ends: Any) -> list[bool]:
        """Whether each straight line from ``a`` to ``ends`` (an ``(n, 2)`` float array)
        touches a restricted area: the shapely test of :meth:`paths_clear`, without the
        board test."""
        coords = np.empty((len(ends), 2, 2))
        coords[:, 0] = a
        coords[:, 1] = ends
        hit: list[bool] = shapely.intersects(self.restricted,
                                             shapely.linestrings(coords)).tolist()
        return hit

    def segments_clear(self, pairs: list[tuple[Pt, Pt]]) -> list[bool]:
        """Vectorised :meth:`path_problem` is None for many lines ``(a, b)``."""
        if not pairs:
            return []
        lines = shapely.linestrings(np.array(pairs, dtype=float))
        hit = shapely.intersects(self.restricted, lines)
        return [(not h) and self.on_board(b) for h, (_, b) in zip(hit.tolist(), pairs,
                                                                  strict=True)]

    def district_at(self, p: Pt) -> int | None:
        """The district containing ``p``; on a border, the lowest-numbered one that touches
        it; None off the board."""
        hits = shapely.intersects_xy(self._district_array, p[0], p[1])  # one call for all
        return self.districts[int(hits.argmax())].id if hits.any() else None

    def districts_touching(self, p: Pt) -> tuple[int, ...]:
        """Every district whose closed polygon contains ``p`` (two or more on a border)."""
        return tuple(
            d.id for d, poly in zip(self.districts, self._district_polys, strict=True)
            if shapely.intersects_xy(poly, p[0], p[1])
        )

    def district(self, number: int) -> District:
        return self.districts[number - 1]

    def zones_at(self, p: Pt) -> tuple[str, ...]:
        """The zone types whose closed area contains ``p`` (zones do not overlap, so at
        most one, except on a shared outline)."""
        return tuple(z for z in ZONES if shapely.intersects_xy(self.zones[z], p[0], p[1]))

    def tower(self, tid: str) -> Tower:
        """The tower ``tid``. Raises ``KeyError`` for an unknown id."""
        return self._tower_by_id[tid]

    @cached_property
    def _district_array(self) -> Any:
        """The districts' polygons as a numpy array, in district order."""
        return np.array(self._district_polys, dtype=object)

    @cached_property
    def _tower_by_id(self) -> dict[str, Tower]:
        """Each tower by its id (the first of a repeated id, as a scan would find)."""
        by_id: dict[str, Tower] = {}
        for t in self.towers:
            by_id.setdefault(t.id, t)
        return by_id

    def treasure_problem(self, p: Pt) -> str | None:
        """Why the treasure may not be buried at ``p`` (TI2018 §6: not inside a starting
        circle, not in a restricted area, not on a dotted line; ruling TI2018-6), or None."""
        tol = self.scale.border_tolerance
        if not self.on_board(p):
            return "it is off the board"
        where = self.restricted_name(p)
        if where is not None:
            return f"it lies in a restricted area ({where})"
        if self.restricted.distance(Point(p)) <= tol:
            return f"it touches a red outline (within {tol:g} mile of a restricted area)"
        r = self.scale.starting_circle_radius
        for colour, s in self.starts.items():
            if distance(p, s) <= r + tol + EPS:
                return f"it lies inside {colour}'s {r:g}-mile starting circle or on its line"
        if self.dotted_lines.distance(Point(p)) <= tol:
            return f"it lies on a dotted line (within {tol:g} mile of a district border or " \
                   "an altitude line)"
        return None
