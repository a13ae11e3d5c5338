"""Where the treasure can be if a hint is true, and what Silver draws for it (TI2018 §10;
ruling TI2018-16: a region never leaves out a point where the hint is true, circles are
polygons on the safe side, a treasure on the border counts as inside).

>>> from treasurekit.treasure_island_2018.map_data import load_map
>>> sit = Situation(positions=(("red", (6.0, 10.6)), ("blue", (15.5, 5.0))))
>>> region("vast", ("blue",), sit, load_map()).covers(shapely.Point(15.5, 13.0))
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import shapely  # type: ignore[import-untyped]
from shapely.geometry import LineString, MultiPoint, Point, Polygon  # type: ignore[import-untyped]

from .geometry import (
    SECTOR_NAMES,
    Pt,
    ccw,
    disc_core,
    disc_cover,
    distance,
    halfplane,
    polygonal,
    sector_polygon,
    union,
)
from .hints import BANDS, NONE, ONE_MINI, Situation, tower_pairs
from .map import ZONE_NAMES, IslandMap

__all__ = ["Drawing", "drawings", "question_region", "region"]

@dataclass(frozen=True)
class Drawing:
    """Something drawn on the board for a hint or clue.

    Attributes:
        label: words for a legend, e.g. "8-mile circle around red".
        geometry: shapely geometry in miles (a LineString/MultiLineString for lines and
            circles, a Polygon for shaded areas, a Point for markers).
        style: ``"line"`` (a line drawn by Silver), ``"circle"``, ``"area"`` (a shaded
            region) or ``"marker"`` (a miniature or tower pointed at).
    """

    label: str
    geometry: Any
    style: str


def question_region(q: Sequence[str], sit: Situation, imap: IslandMap, yes: bool) -> Any:
    """Where the treasure is if the answer to ``q`` is ``yes`` (or no)."""
    board = imap.board
    if q[0] == "district":
        poly = imap.district(int(q[1])).polygon
        return poly if yes else board.difference(poly)
    if q[0] == "zone":
        z = imap.zones[q[1]]
        return z if yes else board.difference(z)
    p = sit.pos(q[1])
    if q[0] in ("north", "east"):
        normal = (0.0, 1.0) if q[0] == "north" else (1.0, 0.0)
        if not yes:
            normal = (-normal[0], -normal[1])
        return board.intersection(halfplane(p, normal))
    r = float(q[2])
    return board.intersection(disc_cover(p, r)) if yes else board.difference(disc_core(p, r))


# ----- regions ------------------------------------------------------------------------------
def region(kind: str, args: Sequence[str], sit: Situation, imap: IslandMap) -> Any:
    """Where the treasure can be if the hint is true: shapely geometry within the board
    that covers every point where :func:`truthful` holds (ruling TI2018-16)."""
    return _region(kind, tuple(args), sit, imap)


@lru_cache(maxsize=512)
def _region(kind: str, a: tuple[str, ...], sit: Situation, imap: IslandMap) -> Any:
    return ccw(_raw_region(kind, a, sit, imap))


def _raw_region(kind: str, a: tuple[str, ...], sit: Situation, imap: IslandMap) -> Any:
    board = imap.board
    minis = sit.minis

    def minus(geoms: list[Any]) -> Any:
        return board.difference(union(geoms)) if geoms else board

    if kind == "decoy":
        return union([_voronoi_cell(m, sit, board) for m in a])
    if kind == "bearings":
        out = board
        for w in a:
            m, _, d = w.partition(":")
            out = out.intersection(halfplane(sit.pos(m), (0.0, 1.0 if d == "n" else -1.0)))
        return out
    if kind in ("vast", "close"):
        r = ONE_MINI[kind]
        if a == (NONE,):
            return minus([disc_core(sit.pos(m), r) for m in minis])
        return board.intersection(disc_cover(sit.pos(a[0]), r))
    if kind == "miles":
        if a == (NONE,):
            out = board
            for m in minis:
                out = out.intersection(disc_cover(sit.pos(m), 6.0))
            return out
        return minus([disc_core(sit.pos(a[0]), 6.0)])
    if kind in ("sextant", "compass"):
        p = sit.pos(a[0])
        wedges = [sector_polygon(p, SECTOR_NAMES.index(s)) for s in a[1:]]
        return board.intersection(union(wedges))
    if kind == "manuscript":
        return minus([imap.district(int(d[1:])).polygon for d in a])
    if kind == "altitude":
        return minus([imap.altitude_regions[a[0]]])
    if kind == "confession":
        return question_region(a[1:-1], sit, imap, a[-1] == "yes")
    if kind == "whichway":
        out = board
        if a == (NONE,):
            return out
        for w in a:
            m, _, d = w.partition(":")
            move = sit.last_move(m)
            assert move is not None
            (x0, y0), (x1, y1) = move
            if (x0, y0) == (x1, y1):
                continue
            mid = ((x0 + x1) / 2, (y0 + y1) / 2)
            normal = (x1 - x0, y1 - y0) if d == "closer" else (x0 - x1, y0 - y1)
            out = out.intersection(halfplane(mid, normal))
        return out
    if kind == "parrot":
        return board
    if kind == "illusion":
        if a == (NONE,):
            return minus([disc_core(sit.pos(m), 4.0) for m in minis])
        return board.intersection(union([disc_cover(sit.pos(m), 4.0) for m in a]))
    if kind == "nose":
        return _nose_region(a[0], sit, board)
    if kind == "instinct":
        halos_cover = [disc_cover(c, r + 1.0) for c, r in sit.searches]
        if a[0] == "near":
            return board.intersection(union(halos_cover)) if halos_cover \
                else Polygon()
        return minus([disc_core(c, r + 1.0) for c, r in sit.searches])
    if kind == "bermuda":
        if a == (NONE,):
            tris = [_triangle(imap.tower(x).xy, imap.tower(y).xy, sit.pos(m))
                    for x, y in tower_pairs(imap) for m in minis]
            return minus([t for t in tris if t.area > 0])
        return board.intersection(_triangle(imap.tower(a[0]).xy, imap.tower(a[1]).xy,
                                             sit.pos(a[2])))
    if kind == "deduction":
        return minus([imap.zones[z] for z in a])
    if kind == "distance":
        if a == (NONE,):
            out = board
            for m in minis:
                p = sit.pos(m)
                out = out.intersection(
                    union([disc_cover(p, 4.0), board.difference(disc_core(p, 9.0))]))
            return out
        lo, hi = BANDS[a[1]]
        p = sit.pos(a[0])
        return board.intersection(disc_cover(p, hi)).difference(disc_core(p, lo))
    raise ValueError(f"unknown hint kind {kind!r}")


def _triangle(a: Pt, b: Pt, c: Pt) -> Polygon:
    return Polygon([a, b, c])


def _voronoi_cell(m: str, sit: Situation, board: Polygon) -> Any:
    """Where ``m`` is the nearest miniature (closed: ties belong to every tied one)."""
    p = sit.pos(m)
    out = board
    for o, q in sit.positions:
        if o == m or q == p:
            continue
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        out = ccw(out.intersection(halfplane(mid, (p[0] - q[0], p[1] - q[1]))))
    return out


#: Spacing (miles) of the points standing for the drawn lines in RIGHT UNDER YOUR NOSE,
#: and the margin its region is widened by (ruling TI2018-21).
NOSE_SPACING = 0.05
NOSE_MARGIN = 0.1


def _nose_region(m: str, sit: Situation, board: Polygon) -> Any:
    """Where ``m``'s lines and crosses are the nearest: the Voronoi cells of points every
    0.05 mile along each miniature's lines, widened by 0.1 mile (ruling TI2018-21)."""
    pts: list[Pt] = []
    owner: list[str] = []
    for mini in sit.minis:
        for a, b in sit.trail(mini):
            n = max(1, math.ceil(distance(a, b) / NOSE_SPACING))
            for k in range(n + 1):
                f = k / n
                q = (round(a[0] + f * (b[0] - a[0]), 6), round(a[1] + f * (b[1] - a[1]), 6))
                pts.append(q)
                owner.append(mini)
    if len(set(owner)) < 2:
        return board
    # identical points owned by several miniatures belong to all of them
    unique: dict[Pt, set[str]] = {}
    for q, o in zip(pts, owner, strict=True):
        unique.setdefault(q, set()).add(o)
    keys = list(unique)
    if len(keys) < 3:
        return board
    cells = shapely.voronoi_polygons(MultiPoint(keys), extend_to=board, ordered=True)
    mine = [c for c, k in zip(cells.geoms, keys, strict=True) if m in unique[k]]
    if not mine:
        return Polygon()
    # Points along parallel lines are co-circular, and GEOS then returns some Voronoi
    # cells as self-touching slivers or collections with a stray line: a coverage union
    # of those fails, so it is used only when every cell is a valid polygon; otherwise
    # the robust union repairs them (the 0.1-mile margin covers any sliver lost).
    if all(c.geom_type == "Polygon" and c.is_valid for c in mine):
        try:  # cells of one diagram share their edges exactly: a coverage union is safe
            merged = shapely.coverage_union_all(mine)
        except shapely.errors.GEOSException:
            merged = union(mine)
    else:
        merged = union(mine)
    return board.intersection(polygonal(merged).buffer(NOSE_MARGIN, quad_segs=4))


# ----- drawings ------------------------------------------------------------------------------
def _circle(p: Pt, r: float) -> Any:
    return disc_core(p, r).exterior


def _hline(imap: IslandMap, y: float) -> LineString:
    x0, _, x1, _ = imap.bounds
    return LineString([(x0, y), (x1, y)])


def drawings(kind: str, args: Sequence[str], sit: Situation, imap: IslandMap) -> tuple[
        Drawing, ...]:
    """What Silver draws on the board for the hint (TI2018 §5: drawing the information),
    plus markers for the miniatures or towers it names."""
    a = tuple(args)
    board = imap.board
    out: list[Drawing] = []

    def marker(m: str) -> None:
        out.append(Drawing(m, Point(sit.pos(m)), "marker"))

    if kind == "decoy":
        for m in a:
            marker(m)
    elif kind == "bearings":
        for w in a:
            m, _, d = w.partition(":")
            word = "north" if d == "n" else "south"
            out.append(Drawing(f"east-west line through {m}: the treasure is {word}",
                               _hline(imap, sit.pos(m)[1]), "line"))
            marker(m)
    elif kind in ONE_MINI or kind == "illusion":
        r = 4.0 if kind == "illusion" else ONE_MINI[kind]
        named = sit.minis if a == (NONE,) else a
        for m in named:
            out.append(Drawing(f"{r:g}-mile circle around {m}", _circle(sit.pos(m), r),
                               "circle"))
    elif kind in ("sextant", "compass"):
        p = sit.pos(a[0])
        for s in a[1:]:
            wedge = board.intersection(sector_polygon(p, SECTOR_NAMES.index(s)))
            out.append(Drawing(f"direction {s.upper()} from {a[0]}", wedge.boundary, "line"))
        marker(a[0])
    elif kind == "manuscript":
        for d in a:
            dist = imap.district(int(d[1:]))
            out.append(Drawing(f"district {dist.id} ({dist.name}) shown", dist.polygon, "area"))
    elif kind == "altitude":
        line = imap.altitude_regions[a[0]].boundary.intersection(board)
        miles = imap.altitude[a[0]]
        name = a[0].replace("_", " ")
        out.append(Drawing(f"the {miles:g}-mile line around the {name}", line, "line"))
    elif kind == "confession":
        q = a[1:-1]
        if q[0] == "near":
            out.append(Drawing(f"{q[2]}-mile circle around {q[1]}",
                               _circle(sit.pos(q[1]), float(q[2])), "circle"))
        elif q[0] in ("north", "east"):
            p = sit.pos(q[1])
            line = _hline(imap, p[1]) if q[0] == "north" else LineString(
                [(p[0], imap.bounds[1]), (p[0], imap.bounds[3])])
            out.append(Drawing(f"line through {q[1]}", line, "line"))
        elif q[0] == "district":
            out.append(Drawing(f"district {q[1]}", imap.district(int(q[1])).polygon, "area"))
        else:
            out.append(Drawing(ZONE_NAMES[q[1]], imap.zones[q[1]], "area"))
    elif kind == "whichway" and a != (NONE,):
        for w in a:
            m, _, d = w.partition(":")
            move = sit.last_move(m)
            assert move is not None
            out.append(Drawing(f"{m}'s last move ({d})", LineString(move)
                               if move[0] != move[1] else Point(move[0]), "line"))
    elif kind == "nose":
        lines = [LineString(s) if s[0] != s[1] else Point(s[0]) for s in sit.trail(a[0])]
        out.append(Drawing(f"{a[0]}'s lines and crosses", union(lines), "line"))
    elif kind == "instinct":
        for c, r in sit.searches:
            out.append(Drawing("1 mile around a search", _circle(c, r + 1.0), "circle"))
    elif kind == "bermuda":
        if a == (NONE,):
            return tuple(out)
        tri = _triangle(imap.tower(a[0]).xy, imap.tower(a[1]).xy, sit.pos(a[2]))
        out.append(Drawing(f"triangle {a[0]}-{a[1]}-{a[2]}", tri.exterior, "line"))
    elif kind == "deduction":
        for z in a:
            out.append(Drawing(f"{ZONE_NAMES[z]}: no treasure", imap.zones[z], "area"))
    elif kind == "distance" and a != (NONE,):
        lo, hi = BANDS[a[1]]
        for r in (lo, hi):
            out.append(Drawing(f"{r:g}-mile circle around {a[0]}",
                               _circle(sit.pos(a[0]), r), "circle"))
    return tuple(out)
