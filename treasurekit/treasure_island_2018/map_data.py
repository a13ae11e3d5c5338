"""Loading and validating the Treasure Island map file (``data/map.json``, or a map of
your own) into an :class:`~.map.IslandMap` (TI2018 §3 The Island Board; ruling TI2018-1).

Validation names the key that is wrong, e.g. ``districts[3].polygon``.

>>> m = load_map()
>>> len(m.districts), len(m.towers), sorted(m.starts)
(11, 9, ['blue', 'green', 'red', 'yellow'])
>>> m.district_at((6.0, 7.0))
1
>>> m.treasure_problem((17.5, 14.6))
'it lies in a restricted area (the volcano)'
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import shapely  # type: ignore[import-untyped]
from shapely.geometry import Point, Polygon, box  # type: ignore[import-untyped]

from ..core.data import load_data
from ..core.errors import BoardDataError
from ..core.inputs import short
from .geometry import Pt
from .map import ALTITUDES, COLOURS, ZONES, District, IslandMap, Scale, Tower

__all__ = ["BUNDLED", "MAP_FORMAT", "load_map", "parse_map"]

#: Bundled data: option value -> file in the package.
BUNDLED = {"standard": "data/map.json"}

MAP_FORMAT = "treasurekit-ti2018-map/1"

#: The rulebook's counts: 11 District Hints, 9 towers (TI2018 §2, §7 Prison).
DISTRICTS = 11
TOWERS = 9
_AREA_EPS = 1e-6
_SCALE_KEYS = (
    "horse_miles",
    "foot_miles",
    "item_move_miles",
    "small_search_radius",
    "large_search_radius",
    "large_search_outer_radius",
    "starting_circle_radius",
    "border_tolerance",
    "treasure_site_radius",
    "compass_sectors",
)


# ----- loading and validation ---------------------------------------------------------
def load_map(source: str | Path | IslandMap | None = None) -> IslandMap:
    """Load a map: ``None`` or ``"standard"`` for the shipped one, a ``pathlib.Path`` of
    a JSON file (read with a size limit), or an ``IslandMap`` (returned as is).

    A plain string is never a file name (see :mod:`treasurekit.core.data`).

    Raises:
        BoardDataError: the file is missing, not JSON, or a key is wrong; the message
            names the file and the key (e.g. ``districts[3].polygon``).
    """
    if isinstance(source, IslandMap):
        return source
    return load_data(source, package="treasurekit.treasure_island_2018", bundled=BUNDLED,
                     kind="Treasure Island map", parse=parse_map)


def _fail(label: str, key: str, problem: str) -> BoardDataError:
    return BoardDataError(f"{label}: key {short(key, 80)} {problem}")


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _xy(label: str, key: str, value: Any) -> Pt:
    if not isinstance(value, list) or len(value) != 2 or not all(_num(v) for v in value):
        raise _fail(label, key, f"is {short(value)}; expected [x, y] numbers (miles)")
    return (float(value[0]), float(value[1]))


def _polygon(label: str, key: str, value: Any) -> Polygon:
    if not isinstance(value, list) or not value:
        raise _fail(label, key, "must be a polygon: a list of rings [[x, y], ...], "
                                "exterior first")
    rings = []
    for r, ring in enumerate(value):
        rkey = f"{key}[{r}]"
        if not isinstance(ring, list) or len(ring) < 4:
            raise _fail(label, rkey, "must be a closed ring of at least 4 [x, y] points")
        pts = [_xy(label, f"{rkey}[{i}]", p) for i, p in enumerate(ring)]
        if pts[0] != pts[-1]:
            raise _fail(label, rkey, "is not closed: its last point must repeat the first")
        rings.append(pts)
    poly = Polygon(rings[0], rings[1:])
    if not poly.is_valid:
        raise _fail(label, key, f"is not a valid polygon ({shapely.is_valid_reason(poly)})")
    if poly.area <= 0:
        raise _fail(label, key, "has no area")
    return poly


def _polygons(label: str, key: str, value: Any) -> Any:
    if not isinstance(value, list) or not value:
        raise _fail(label, key, "must be a non-empty list of polygons")
    polys = [_polygon(label, f"{key}[{i}]", v) for i, v in enumerate(value)]
    return shapely.union_all(polys)


def _inside(label: str, key: str, geom: Any, board: Polygon) -> None:
    if geom.difference(board).area > _AREA_EPS:
        raise _fail(label, key, "reaches outside the board")


def parse_map(data: Any, label: str = "map") -> IslandMap:
    """Validate already-parsed JSON data; see :func:`load_map` for the errors."""
    if not isinstance(data, dict):
        raise BoardDataError(f"{label}: the map must be a JSON object")
    required = ("format", "name", "units", "board", "scale", "altitude", "island",
                "restricted", "ruined_temple", "zones", "districts", "towers", "starts")
    for key in required:
        if key not in data:
            raise _fail(label, key, "is missing")
    if data["format"] != MAP_FORMAT:
        raise _fail(label, "format", f"is {short(data['format'])}; expected {short(MAP_FORMAT)}")
    name = data["name"]
    if not isinstance(name, str) or not name:
        raise _fail(label, "name", "must be a non-empty string")
    if data["units"] != "miles":
        raise _fail(label, "units", f"is {short(data['units'])}; the map is drawn in 'miles'")
    b = data["board"]
    if (not isinstance(b, list) or len(b) != 4 or not all(_num(v) for v in b)
            or not (b[2] > b[0] and b[3] > b[1])):
        raise _fail(label, "board", f"is {short(b)}"
                                    "; expected [x0, y0, x1, y1] with x1 > x0, y1 > y0")
    bounds = (float(b[0]), float(b[1]), float(b[2]), float(b[3]))
    board = box(*bounds)

    sc = data["scale"]
    if not isinstance(sc, dict):
        raise _fail(label, "scale", "must be an object")
    for k in _SCALE_KEYS:
        if k not in sc:
            raise _fail(label, f"scale.{k}", "is missing")
        if not _num(sc[k]) or sc[k] <= 0:
            raise _fail(label, f"scale.{k}", f"is {short(sc[k])}; expected a positive number")
    unknown = set(sc) - set(_SCALE_KEYS)
    if unknown:
        raise _fail(label, "scale", f"has unknown key(s) {short(sorted(unknown), 80)}")
    if sc["compass_sectors"] != 8:
        raise _fail(label, "scale.compass_sectors", f"is {short(sc['compass_sectors'])}; the "
                    "compass has 8 sectors (N, NE, ... NW)")
    if sc["large_search_outer_radius"] < sc["large_search_radius"]:
        raise _fail(label, "scale.large_search_outer_radius",
                    "must be at least the large search radius")
    if sc["small_search_radius"] > sc["large_search_radius"]:
        raise _fail(label, "scale.small_search_radius", "must not exceed the large one")
    f = {k: float(sc[k]) for k in _SCALE_KEYS}
    scale = Scale(f["horse_miles"], f["foot_miles"], f["item_move_miles"],
                  f["small_search_radius"], f["large_search_radius"],
                  f["large_search_outer_radius"], f["starting_circle_radius"],
                  f["border_tolerance"], f["treasure_site_radius"], int(sc["compass_sectors"]))

    alt = data["altitude"]
    if not isinstance(alt, dict) or set(alt) != set(ALTITUDES):
        raise _fail(label, "altitude", f"must have exactly the keys {list(ALTITUDES)}")
    for k in ALTITUDES:
        if not _num(alt[k]) or alt[k] <= 0:
            raise _fail(label, f"altitude.{k}", f"is {short(alt[k])}; expected positive miles")
    altitude = {k: float(alt[k]) for k in ALTITUDES}

    island = _polygon(label, "island", data["island"])
    _inside(label, "island", island, board)
    rest = data["restricted"]
    if not isinstance(rest, dict) or set(rest) != {"deep_water", "mountains", "volcano"}:
        raise _fail(label, "restricted", "must have exactly the keys deep_water, mountains, "
                                         "volcano")
    deep = _polygons(label, "restricted.deep_water", rest["deep_water"])
    mountains_raw = rest["mountains"]
    if not isinstance(mountains_raw, list) or not mountains_raw:
        raise _fail(label, "restricted.mountains", "must be a non-empty list of polygons")
    mountains = tuple(_polygon(label, f"restricted.mountains[{i}]", m)
                      for i, m in enumerate(mountains_raw))
    volcano = _polygon(label, "restricted.volcano", rest["volcano"])
    for key, g in (("restricted.deep_water", deep), ("restricted.volcano", volcano),
                   *((f"restricted.mountains[{i}]", m) for i, m in enumerate(mountains))):
        _inside(label, key, g, board)
    restricted = shapely.union_all([deep, *mountains, volcano])
    free = board.difference(restricted)
    if free.geom_type != "Polygon":
        parts = len(getattr(free, "geoms", ()))
        raise _fail(label, "restricted", f"splits the free ground into {parts} parts; every "
                    "free point must be reachable (ruling TI2018-1)")
    temple = _polygon(label, "ruined_temple", data["ruined_temple"])
    if temple.intersection(restricted).area > _AREA_EPS:
        raise _fail(label, "ruined_temple", "lies in a restricted area")

    zraw = data["zones"]
    if not isinstance(zraw, dict) or set(zraw) != set(ZONES):
        raise _fail(label, "zones", f"must have exactly the keys {list(ZONES)}")
    zones = {z: _polygons(label, f"zones.{z}", zraw[z]) for z in ZONES}
    for i, a in enumerate(ZONES):
        _inside(label, f"zones.{a}", zones[a], board)
        if zones[a].intersection(restricted).area > _AREA_EPS:
            raise _fail(label, f"zones.{a}", "overlaps a restricted area")
        for bz in ZONES[i + 1:]:
            overlap = zones[a].intersection(zones[bz]).area
            if overlap > _AREA_EPS:
                raise _fail(label, f"zones.{a}", f"overlaps zones.{bz} ({overlap:.3f} square "
                            "miles); zone types must not overlap (ruling TI2018-7)")

    draw = data["districts"]
    if not isinstance(draw, list) or len(draw) != DISTRICTS:
        n = len(draw) if isinstance(draw, list) else draw
        raise _fail(label, "districts", f"lists {n} districts; the island has {DISTRICTS}")
    districts: list[District] = []
    names: set[str] = set()
    for i, d in enumerate(draw):
        key = f"districts[{i}]"
        if not isinstance(d, dict) or set(d) != {"id", "name", "polygon"}:
            raise _fail(label, key, "must be an object with keys id, name, polygon")
        if d["id"] != i + 1:
            raise _fail(label, f"{key}.id", f"is {short(d['id'])}; districts are numbered 1-11 "
                                            "in order")
        if not isinstance(d["name"], str) or not d["name"] or d["name"] in names:
            raise _fail(label, f"{key}.name", f"is {short(d['name'])}; expected a new name")
        names.add(d["name"])
        poly = _polygon(label, f"{key}.polygon", d["polygon"])
        _inside(label, f"{key}.polygon", poly, board)
        for other in districts:
            if poly.intersection(other.polygon).area > _AREA_EPS:
                raise _fail(label, f"{key}.polygon", f"overlaps districts[{other.id - 1}]")
        districts.append(District(i + 1, d["name"], poly))
    gap = board.area - sum(d.polygon.area for d in districts)
    if gap > _AREA_EPS:
        raise _fail(label, "districts", f"leave {gap:.3f} square miles of the board outside "
                                        "every district; they must tile the board")

    traw = data["towers"]
    if not isinstance(traw, list) or len(traw) != TOWERS:
        n = len(traw) if isinstance(traw, list) else traw
        raise _fail(label, "towers", f"lists {n} towers; the island has {TOWERS}")
    towers: list[Tower] = []
    for i, t in enumerate(traw):
        key = f"towers[{i}]"
        if not isinstance(t, dict) or set(t) != {"id", "xy"}:
            raise _fail(label, key, "must be an object with keys id, xy")
        if t["id"] != f"t{i + 1}":
            raise _fail(label, f"{key}.id", f"is {short(t['id'])}; expected 't{i + 1}'")
        xy = _xy(label, f"{key}.xy", t["xy"])
        _free_point(label, f"{key}.xy", xy, board, restricted)
        towers.append(Tower(t["id"], xy))

    sraw = data["starts"]
    if not isinstance(sraw, dict) or set(sraw) != set(COLOURS):
        raise _fail(label, "starts", f"must give a starting location for each of {list(COLOURS)}")
    starts = {}
    for c in COLOURS:
        xy = _xy(label, f"starts.{c}", sraw[c])
        _free_point(label, f"starts.{c}", xy, board, restricted)
        starts[c] = xy

    m = IslandMap(name, bounds, scale, altitude, island, deep, mountains, volcano, temple,
                  zones, tuple(districts), tuple(towers), starts)
    regions = m.altitude_regions
    common = regions["volcano"].intersection(regions["deep_water"]).intersection(
        regions["ruined_temple"])
    if common.area > _AREA_EPS:
        raise _fail(label, "altitude", "leaves points within all three altitude lines: the "
                    "ALTITUDE hint could not be given truthfully there (ruling TI2018-17)")
    if not m.lattice:
        raise _fail(label, "restricted", "leaves no valid place to bury the treasure")
    return m


def _free_point(label: str, key: str, xy: Pt, board: Polygon, restricted: Any) -> None:
    if not board.covers(Point(xy)):
        raise _fail(label, key, f"{list(xy)} is off the board")
    if restricted.intersects(Point(xy)):
        raise _fail(label, key, f"{list(xy)} lies in a restricted area")
