"""Plane geometry in miles for Treasure Island (2018), on top of shapely.

Conventions: ``x`` runs east, ``y`` north, both in miles; a point is a tuple
``(x, y)``. Every coordinate a move can carry is rounded to 0.01 mile (:func:`mi`),
so move texts round-trip exactly.

Circles are polygons in shapely. Where a circle bounds a feasible region the
polygon is chosen on the safe side, so a region never excludes a point that the
exact rule allows (ruling TI2018-16):

* :func:`disc_cover` is *circumscribed* (a superset of the closed disc): used for
  "within r miles";
* :func:`disc_core` is *inscribed* (a subset of the disc): its complement is used
  for "more than r miles".

With :data:`QUAD` = 32 segments per quarter circle, the two differ from the true
circle by at most 0.0003 x the radius (0.003 mile at 9 miles), far below the
0.1-mile probability grid. Whether a hint is *true* is always decided with exact
distances, never with these polygons.

>>> disc_core((0, 0), 1).area < math.pi < disc_cover((0, 0), 1).area
True
>>> sector_of((0, 0), (0, 5), 8), sector_of((0, 0), (5, 0), 8)
((0,), (2,))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import shapely  # type: ignore[import-untyped]
from shapely import affinity
from shapely.geometry import Point, Polygon  # type: ignore[import-untyped]
from shapely.geometry.polygon import orient  # type: ignore[import-untyped]

from ..core.inputs import parse_decimal

__all__ = [
    "EPS",
    "QUAD",
    "SECTOR_NAMES",
    "Pt",
    "ccw",
    "disc_core",
    "disc_cover",
    "distance",
    "fmt_pt",
    "halfplane",
    "mi",
    "outlines",
    "parse_pt",
    "point_segment_distance",
    "polygonal",
    "sector_index",
    "sector_name",
    "sector_of",
    "sector_polygon",
    "segments_distance_grid",
    "union",
]

Pt = tuple[float, float]

#: Segments per quarter circle for circle polygons.
QUAD = 32
#: Distances within this of a limit count as exactly on it (floating-point slack only).
EPS = 1e-9
#: Compass sector names for 8 sectors, clockwise from north (ruling TI2018-5).
SECTOR_NAMES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
#: Farther than any point of a board (miles): rays and wedges reach this far.
_REACH = 1000.0


def mi(value: float) -> float:
    """Round to 0.01 mile (never -0.0).

    >>> mi(3.14159), mi(-0.001)
    (3.14, 0.0)
    """
    v = round(float(value), 2)
    return 0.0 if v == 0 else v


def fmt_pt(p: Pt) -> str:
    """``x,y`` as in the move notation.

    >>> fmt_pt((12.5, 7.0))
    '12.5,7'
    """
    return f"{p[0]:g},{p[1]:g}"


def parse_pt(text: str) -> Pt | None:
    """``"12.5,7"`` -> ``(12.5, 7.0)`` rounded to 0.01; None if it is not a point."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    x, y = parse_decimal(parts[0]), parse_decimal(parts[1])
    if x is None or y is None:
        return None
    return (mi(x), mi(y))


def distance(a: Pt, b: Pt) -> float:
    """Euclidean distance in miles."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def point_segment_distance(p: Pt, a: Pt, b: Pt) -> float:
    """Exact distance from ``p`` to the segment ``ab`` (a point when ``a == b``)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def segments_distance_grid(
    xs: np.ndarray, ys: np.ndarray, segments: Sequence[tuple[Pt, Pt]]
) -> np.ndarray:
    """Exact distance from every grid point ``(xs[i, j], ys[i, j])`` to the nearest of
    ``segments`` (numpy, vectorised over the grid)."""
    best = np.full(xs.shape, np.inf)
    for a, b in segments:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        if length2 == 0:
            d = np.hypot(xs - a[0], ys - a[1])
        else:
            t = np.clip(((xs - a[0]) * dx + (ys - a[1]) * dy) / length2, 0.0, 1.0)
            d = np.hypot(xs - a[0] - t * dx, ys - a[1] - t * dy)
        np.minimum(best, d, out=best)
    return best


def disc_core(center: Pt, radius: float) -> Polygon:
    """The inscribed polygon of a circle: every point of it is within ``radius``."""
    return Point(center).buffer(radius, quad_segs=QUAD)


def disc_cover(center: Pt, radius: float) -> Polygon:
    """The circumscribed polygon of a circle: it covers the whole closed disc."""
    core = disc_core(center, radius)
    k = 1.0 / math.cos(math.pi / (4 * QUAD))
    return affinity.scale(core, k, k, origin=(center[0], center[1]))


def bearing(origin: Pt, p: Pt) -> float:
    """Compass bearing from ``origin`` to ``p`` in degrees, clockwise from north."""
    return math.degrees(math.atan2(p[0] - origin[0], p[1] - origin[1])) % 360.0


def sector_index(name: str, sectors: int = 8) -> int:
    """Index of a sector name (``n``=0, clockwise). Raises ``ValueError``."""
    if sectors != 8:
        raise ValueError("named sectors exist only for an 8-sector compass")
    return SECTOR_NAMES.index(name)


def sector_name(index: int, sectors: int = 8) -> str:
    """The name of sector ``index`` (``0`` -> ``"n"``)."""
    return SECTOR_NAMES[index % sectors] if sectors == 8 else str(index % sectors)


def sector_of(origin: Pt, p: Pt, sectors: int = 8) -> tuple[int, ...]:
    """The compass sector(s) of ``p`` seen from ``origin``: closed wedges, so a point on
    the line between two sectors is in both, and ``origin`` itself is in all of them.

    Sector ``k`` spans bearings ``(k - 1/2) * w`` to ``(k + 1/2) * w`` (``w = 360/sectors``):
    sector 0 is centred on north.
    """
    if distance(origin, p) <= EPS:
        return tuple(range(sectors))
    width = 360.0 / sectors
    b = bearing(origin, p)
    pos = (b + width / 2) / width
    k = math.floor(pos) % sectors
    frac = pos - math.floor(pos)
    out = {k}
    slack = 1e-9
    if frac < slack:
        out.add((k - 1) % sectors)
    elif frac > 1 - slack:
        out.add((k + 1) % sectors)
    return tuple(sorted(out))


def sector_polygon(origin: Pt, index: int, sectors: int = 8) -> Polygon:
    """The closed wedge of sector ``index`` around ``origin`` (reaching far beyond any
    board). Its straight sides are exact."""
    width = 360.0 / sectors
    start = (index - 0.5) * width
    steps = 8
    pts = [origin]
    for s in range(steps + 1):
        b = math.radians(start + width * s / steps)
        pts.append((origin[0] + _REACH * math.sin(b), origin[1] + _REACH * math.cos(b)))
    return orient(Polygon(pts))


def halfplane(a: Pt, normal: Pt) -> Polygon:
    """The closed half-plane ``{p : (p - a) . normal >= 0}`` as a huge polygon (exact:
    its side through ``a`` is the boundary line)."""
    nx, ny = normal
    length = math.hypot(nx, ny)
    if length == 0:
        raise ValueError("a half-plane needs a non-zero normal")
    nx, ny = nx / length, ny / length
    ox, oy = a
    tx, ty = -ny, nx  # along the boundary line
    r = _REACH
    return orient(Polygon([
        (ox + tx * r, oy + ty * r),
        (ox - tx * r, oy - ty * r),
        (ox - tx * r + nx * r, oy - ty * r + ny * r),
        (ox + tx * r + nx * r, oy + ty * r + ny * r),
    ]))


def ccw(geom: Any) -> Any:
    """The same geometry with every polygon's shell counter-clockwise.

    GEOS (3.14) can silently return a wrong overlay for two clockwise polygons whose
    shared edge differs in the last bit (neighbouring Voronoi cells do); giving it
    counter-clockwise shells avoids that."""
    if geom.geom_type == "Polygon":
        return orient(geom)
    if geom.geom_type in ("MultiPolygon", "GeometryCollection"):
        return type(geom)([ccw(g) for g in geom.geoms])
    return geom


def outlines(geom: Any) -> list[tuple[list[float], list[float]]]:
    """Every line or ring of ``geom`` as ``(xs, ys)`` lists, ready for a plotting library
    (polygons give their exterior and holes; points give one-point lists).

    >>> outlines(Polygon([(0, 0), (1, 0), (1, 1)]))
    [([0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 1.0, 0.0])]
    """
    out: list[tuple[list[float], list[float]]] = []
    if geom.is_empty:
        return out
    kind = geom.geom_type
    if kind.startswith("Multi") or kind == "GeometryCollection":
        for g in geom.geoms:
            out += outlines(g)
        return out
    rings = [geom.exterior, *geom.interiors] if kind == "Polygon" else [geom]
    for ring in rings:
        xy = shapely.get_coordinates(ring)
        out.append(([float(v) for v in xy[:, 0]], [float(v) for v in xy[:, 1]]))
    return out


#: Snap-rounding grid (miles) for a union GEOS cannot compute in floating point.
SNAP = 1e-9


def polygonal(geom: Any) -> Any:
    """The valid polygonal part of ``geom``: invalid rings (self-touching slivers, as
    near-degenerate Voronoi cells have) are repaired with :func:`shapely.make_valid`, and
    the lines and points a repair or a clipped cell can leave are dropped. Area is kept.

    >>> bowtie = Polygon([(0, 0), (2, 2), (2, 0), (0, 2)])
    >>> fixed = polygonal(bowtie)
    >>> bowtie.is_valid, fixed.is_valid, fixed.geom_type, fixed.area
    (False, True, 'MultiPolygon', 2.0)
    """
    if geom.is_empty:
        return Polygon()
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    kind = geom.geom_type
    if kind in ("Polygon", "MultiPolygon"):
        return geom
    if kind == "GeometryCollection":
        parts = [polygonal(g) for g in geom.geoms if g.geom_type.endswith("Polygon")]
        parts = [g for g in parts if not g.is_empty]
        if not parts:
            return Polygon()
        return parts[0] if len(parts) == 1 else shapely.union_all(parts, grid_size=SNAP)
    return Polygon()


def union(geoms: Iterable[Any]) -> Any:
    """Union of shapely geometries, robust: each part is made valid and polygonal first
    (:func:`polygonal`) and its shells counter-clockwise (see :func:`ccw`); if GEOS still
    fails (a ``TopologyException`` such as "side location conflict") or a part seems lost
    (a point of it outside the result), the union is redone with snap-rounding to
    :data:`SNAP` (1e-9 mile), which GEOS computes robustly. Empty for none."""
    items = [ccw(polygonal(g)) for g in geoms if not g.is_empty]
    items = [g for g in items if not g.is_empty]
    if not items:
        return Polygon()
    if len(items) == 1:
        return items[0]
    try:
        out = shapely.union_all(items)
        lost = any(g.area > 0 and not out.covers(g.representative_point()) for g in items)
    except shapely.errors.GEOSException:
        lost = True
    if lost:
        out = shapely.union_all(items, grid_size=SNAP)
    return ccw(out)
