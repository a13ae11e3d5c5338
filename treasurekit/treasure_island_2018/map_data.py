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

from typing import Annotated, Any, Literal

import shapely  # type: ignore[import-untyped]
from pydantic import Field
from shapely.geometry import Point, Polygon, box  # type: ignore[import-untyped]
from typing_extensions import TypedDict

from ..core.data import data_loader
from ..core.inputs import short
from ..core.schema import XY, Float, Int, NonEmpty, Str, closed, fail, read_as
from .geometry import Pt
from .map import COLOURS, ZONES, District, IslandMap, Scale, Tower

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
_Positive = Annotated[Float, Field(gt=0)]
_Ring = Annotated[list[XY], Field(min_length=4)]  # closed: the last point repeats the first
_Polygon = Annotated[list[_Ring], Field(min_length=1)]  # exterior ring first, then holes
_Polygons = Annotated[list[_Polygon], Field(min_length=1)]


@closed
class _ScaleFile(TypedDict):
    horse_miles: _Positive
    foot_miles: _Positive
    item_move_miles: _Positive
    small_search_radius: _Positive
    large_search_radius: _Positive
    large_search_outer_radius: _Positive
    starting_circle_radius: _Positive
    border_tolerance: _Positive
    treasure_site_radius: _Positive
    compass_sectors: _Positive


@closed
class _AltitudeFile(TypedDict):
    volcano: _Positive
    deep_water: _Positive
    ruined_temple: _Positive


@closed
class _RestrictedFile(TypedDict):
    deep_water: _Polygons
    mountains: _Polygons
    volcano: _Polygon


@closed
class _ZonesFile(TypedDict):
    water: _Polygons
    buildings: _Polygons
    forest: _Polygons


@closed
class _DistrictFile(TypedDict):
    id: Int
    name: NonEmpty
    polygon: _Polygon


@closed
class _TowerFile(TypedDict):
    id: Str
    xy: XY


@closed
class _StartsFile(TypedDict):
    red: XY
    blue: XY
    yellow: XY
    green: XY


class _MapFile(TypedDict):
    """The JSON of a map file (keys not listed, such as ``about``, are ignored)."""

    format: Literal["treasurekit-ti2018-map/1"]
    name: NonEmpty
    units: Literal["miles"]
    board: tuple[Float, Float, Float, Float]  # x0, y0, x1, y1
    scale: _ScaleFile
    altitude: _AltitudeFile
    island: _Polygon
    restricted: _RestrictedFile
    ruined_temple: _Polygon
    zones: _ZonesFile
    districts: list[_DistrictFile]
    towers: list[_TowerFile]
    starts: _StartsFile


def _polygon(label: str, key: str, rings: list[list[Pt]], board: Polygon) -> Polygon:
    for r, ring in enumerate(rings):
        if ring[0] != ring[-1]:
            raise fail(label, f"{key}[{r}]", "is not closed: its last point must repeat the first")
    poly = Polygon(rings[0], rings[1:])
    if not poly.is_valid:
        raise fail(label, key, f"is not a valid polygon ({shapely.is_valid_reason(poly)})")
    if poly.area <= 0:
        raise fail(label, key, "has no area")
    if poly.difference(board).area > _AREA_EPS:
        raise fail(label, key, "reaches outside the board")
    return poly


def _polygons(label: str, key: str, value: list[list[list[Pt]]], board: Polygon) -> Any:
    return shapely.union_all([_polygon(label, f"{key}[{i}]", v, board)
                              for i, v in enumerate(value)])


def parse_map(data: Any, label: str = "map") -> IslandMap:
    """Validate already-parsed JSON data; see :func:`load_map` for the errors."""
    doc = read_as(_MapFile, data, label)
    bounds = doc["board"]
    if not (bounds[2] > bounds[0] and bounds[3] > bounds[1]):
        raise fail(label, "board", f"is {short(list(bounds))}"
                                   "; expected [x0, y0, x1, y1] with x1 > x0, y1 > y0")
    board = box(*bounds)
    sc = doc["scale"]
    if sc["compass_sectors"] != 8:
        raise fail(label, "scale.compass_sectors", f"is {short(sc['compass_sectors'])}; the "
                   "compass has 8 sectors (N, NE, ... NW)")
    if sc["large_search_outer_radius"] < sc["large_search_radius"]:
        raise fail(label, "scale.large_search_outer_radius",
                   "must be at least the large search radius")
    if sc["small_search_radius"] > sc["large_search_radius"]:
        raise fail(label, "scale.small_search_radius", "must not exceed the large one")
    scale = Scale(sc["horse_miles"], sc["foot_miles"], sc["item_move_miles"],
                  sc["small_search_radius"], sc["large_search_radius"],
                  sc["large_search_outer_radius"], sc["starting_circle_radius"],
                  sc["border_tolerance"], sc["treasure_site_radius"], int(sc["compass_sectors"]))
    alt = doc["altitude"]
    altitude = {"volcano": alt["volcano"], "deep_water": alt["deep_water"],
                "ruined_temple": alt["ruined_temple"]}  # in ALTITUDES order

    island = _polygon(label, "island", doc["island"], board)
    rest = doc["restricted"]
    deep = _polygons(label, "restricted.deep_water", rest["deep_water"], board)
    mountains = tuple(_polygon(label, f"restricted.mountains[{i}]", m, board)
                      for i, m in enumerate(rest["mountains"]))
    volcano = _polygon(label, "restricted.volcano", rest["volcano"], board)
    restricted = shapely.union_all([deep, *mountains, volcano])
    free = board.difference(restricted)
    if free.geom_type != "Polygon":
        parts = len(getattr(free, "geoms", ()))
        raise fail(label, "restricted", f"splits the free ground into {parts} parts; every "
                   "free point must be reachable (ruling TI2018-1)")
    temple = _polygon(label, "ruined_temple", doc["ruined_temple"], board)
    if temple.intersection(restricted).area > _AREA_EPS:
        raise fail(label, "ruined_temple", "lies in a restricted area")

    zones = {z: _polygons(label, f"zones.{z}", doc["zones"][z], board)  # type: ignore[literal-required]
             for z in ZONES}
    for i, a in enumerate(ZONES):
        if zones[a].intersection(restricted).area > _AREA_EPS:
            raise fail(label, f"zones.{a}", "overlaps a restricted area")
        for bz in ZONES[i + 1:]:
            overlap = zones[a].intersection(zones[bz]).area
            if overlap > _AREA_EPS:
                raise fail(label, f"zones.{a}", f"overlaps zones.{bz} ({overlap:.3f} square "
                           "miles); zone types must not overlap (ruling TI2018-7)")

    draw = doc["districts"]
    if len(draw) != DISTRICTS:
        raise fail(label, "districts", f"lists {len(draw)} districts; the island has {DISTRICTS}")
    districts: list[District] = []
    for i, d in enumerate(draw):
        key = f"districts[{i}]"
        if d["id"] != i + 1:
            raise fail(label, f"{key}.id", f"is {short(d['id'])}; districts are numbered 1-11 "
                                           "in order")
        if d["name"] in {other.name for other in districts}:
            raise fail(label, f"{key}.name", f"is {short(d['name'])}; expected a new name")
        poly = _polygon(label, f"{key}.polygon", d["polygon"], board)
        for other in districts:
            if poly.intersection(other.polygon).area > _AREA_EPS:
                raise fail(label, f"{key}.polygon", f"overlaps districts[{other.id - 1}]")
        districts.append(District(i + 1, d["name"], poly))
    gap = board.area - sum(d.polygon.area for d in districts)
    if gap > _AREA_EPS:
        raise fail(label, "districts", f"leave {gap:.3f} square miles of the board outside "
                                       "every district; they must tile the board")

    traw = doc["towers"]
    if len(traw) != TOWERS:
        raise fail(label, "towers", f"lists {len(traw)} towers; the island has {TOWERS}")
    towers: list[Tower] = []
    for i, t in enumerate(traw):
        if t["id"] != f"t{i + 1}":
            raise fail(label, f"towers[{i}].id", f"is {short(t['id'])}; expected 't{i + 1}'")
        _free_point(label, f"towers[{i}].xy", t["xy"], board, restricted)
        towers.append(Tower(t["id"], t["xy"]))
    starts: dict[str, Pt] = {c: doc["starts"][c] for c in COLOURS}  # type: ignore[literal-required]
    for c, xy in starts.items():
        _free_point(label, f"starts.{c}", xy, board, restricted)

    m = IslandMap(doc["name"], bounds, scale, altitude, island, deep, mountains, volcano,
                  temple, zones, tuple(districts), tuple(towers), starts)
    regions = m.altitude_regions
    common = regions["volcano"].intersection(regions["deep_water"]).intersection(
        regions["ruined_temple"])
    if common.area > _AREA_EPS:
        raise fail(label, "altitude", "leaves points within all three altitude lines: the "
                   "ALTITUDE hint could not be given truthfully there (ruling TI2018-17)")
    if not m.lattice:
        raise fail(label, "restricted", "leaves no valid place to bury the treasure")
    return m


def _free_point(label: str, key: str, xy: Pt, board: Polygon, restricted: Any) -> None:
    if not board.covers(Point(xy)):
        raise fail(label, key, f"{list(xy)} is off the board")
    if restricted.intersects(Point(xy)):
        raise fail(label, key, f"{list(xy)} lies in a restricted area")


#: ``load_map(source=None)``: the bundled data, a ``pathlib.Path`` or a ``IslandMap`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_map = data_loader(IslandMap, package="treasurekit.treasure_island_2018", bundled=BUNDLED,
                       kind="Treasure Island map", parse=parse_map,
                       example_key="districts[3].polygon")
