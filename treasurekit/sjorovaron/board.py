"""The Sjörövarön hex map as data: load and validate ``data/map.json``.

The printed board is not public, so the map is treasurekit's own design (ruling
SJO-1) built from what the rulebook names (SJO §3 Set Up and §5-§11): land, striped
hexes at cliff jumps and river crossings (a double crossing has a striped middle
hex), the river with its flow arrows, the waterfall and the hex it splashes into, the
Sulfur Lake, the sea, rocks that stop shots, the tower with the mortar's double-marked
hex, the raft's hex near the waterfall, rowing boats with double-marked starting hexes,
nine named hiding spots, three double-marked water hexes before the sea and ravine
bottoms.

Hexes are axial ``[q, r]`` (see :mod:`.hexes`). The file's keys:

* ``terrain``: one row per ``r`` from 0, each ``{"r", "q" (first hex), "cells"}``, one
  character per hex: ``~`` sea, ``=`` river, ``_`` river on the plateau, ``o`` Sulfur
  Lake, ``.`` lowland, ``:`` plateau, ``/`` slope (joins lowland and plateau), ``v``
  ravine bottom, ``t`` tower, ``#`` rock (a drawn obstacle: no walking, stops shots).
  Walking steps join land hexes of one height; a slope joins both heights.
* ``flow``: ``[[water hex, downstream neighbour], ...]`` for every river and lake hex
  (the arrows); a downstream sea hex means "out to sea".
* ``sulfur_lake``, ``waterfall`` (``lip`` above, ``splash`` below), ``jumps`` (``kind``
  cliff/river/waterfall, ``from``/``to`` striped hexes, ``over`` the hex jumped over,
  ``fail`` where a failed jump lands), ``crossings`` (``stones``: 2 striped banks, or
  bank, middle, bank; ``water`` between them), ``tower`` (``hexes``, ``mortar``),
  ``raft`` (``hex`` on land, ``launch`` the water it enters), ``boats`` (``start``
  double-marked hex, ``boat`` in the sea), ``spots`` (nine hiding spots), and
  ``marked_water`` (the three double-marked river hexes before the sea, in order).

Every error names the file and the key, e.g. ``jumps[2].over``.

>>> m = load_map()
>>> len(m.spots), len(m.boats), m.label(m.mortar), m.label(m.raft_hex)
(9, 6, 't9', 'l8')
>>> [m.label(h) for h in m.marked]
['l17', 'k18', 'k19']
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from ..core.data import data_loader
from ..core.errors import BoardDataError
from ..core.inputs import short
from ..core.schema import Int, NonEmpty, Slug, fail, read_as
from .hexes import DIRECTIONS, Hex, between, label
from .island import KINDS, LAND_KINDS, WATER_KINDS, Boat, Crossing, Jump, SjoMap, Spot

__all__ = [
    "KINDS",
    "MAP_FORMAT",
    "Boat",
    "Crossing",
    "Jump",
    "SjoMap",
    "Spot",
    "load_map",
    "parse_map",
]

#: Bundled data: option value -> file in the package.
BUNDLED = {"standard": "data/map.json"}

MAP_FORMAT = "treasurekit-sjorovaron-map/1"

_HexRef = tuple[Int, Int]  # axial [q, r]


class _RowFile(TypedDict):
    r: Int
    q: Int
    cells: NonEmpty


class _WaterfallFile(TypedDict):
    lip: _HexRef
    splash: _HexRef


_JumpFile = TypedDict("_JumpFile", {
    "id": Slug, "kind": Literal["cliff", "river", "waterfall"], "from": _HexRef,
    "to": _HexRef, "over": _HexRef, "fail": _HexRef})


class _CrossingFile(TypedDict):
    id: Slug
    stones: Annotated[list[_HexRef], Field(min_length=2, max_length=3)]
    water: list[_HexRef]  # one fewer than the stones: checked after


class _TowerFile(TypedDict):
    hexes: Annotated[list[_HexRef], Field(min_length=1)]
    mortar: _HexRef


class _RaftFile(TypedDict):
    hex: _HexRef
    launch: _HexRef


class _BoatFile(TypedDict):
    id: Slug
    start: _HexRef
    boat: _HexRef


class _SpotFile(TypedDict):
    id: Slug
    name: NonEmpty
    hex: _HexRef


class _MapFile(TypedDict):
    """The JSON of a map file (keys not listed are ignored)."""

    format: Literal["treasurekit-sjorovaron-map/1"]
    name: NonEmpty
    terrain: Annotated[list[_RowFile], Field(min_length=3)]
    flow: Annotated[list[tuple[_HexRef, _HexRef]], Field(min_length=1)]
    sulfur_lake: Annotated[list[_HexRef], Field(min_length=1)]
    waterfall: _WaterfallFile
    jumps: Annotated[list[_JumpFile], Field(min_length=1)]
    crossings: Annotated[list[_CrossingFile], Field(min_length=1)]
    tower: _TowerFile
    raft: _RaftFile
    boats: Annotated[list[_BoatFile], Field(min_length=6)]
    spots: Annotated[list[_SpotFile], Field(min_length=9, max_length=9)]
    marked_water: Annotated[list[_HexRef], Field(min_length=3, max_length=3)]


class _Parser:
    def __init__(self, where: str) -> None:
        self.where = where
        self.index: dict[Hex, int] = {}
        self.kinds: list[str] = []
        self.heights: list[int | None] = []
        self.hexes: list[Hex] = []

    def fail(self, key: str, problem: str) -> BoardDataError:
        return fail(self.where, key, problem)

    def name(self, i: int) -> str:
        q, r = self.hexes[i]
        return f"{label((q, r))} [{q}, {r}]"

    def hex(self, key: str, value: Hex, *kinds: str) -> int:
        """The index of hex ``value`` of the map, optionally of one of ``kinds``."""
        if value not in self.index:
            raise self.fail(key, f"is {short(list(value))}, which is not a hex of the terrain")
        i = self.index[value]
        if kinds and self.kinds[i] not in kinds:
            raise self.fail(key, f"is {self.name(i)}, a {self.kinds[i]} hex; expected "
                            f"{' or '.join(kinds)}")
        return i


_LAND = tuple(sorted(LAND_KINDS))


def parse_map(data: Any, where: str = "map") -> SjoMap:
    """Validate already-parsed JSON data; see :func:`load_map` for the errors."""
    doc = read_as(_MapFile, data, where)
    p = _Parser(where)

    # ----- terrain ---------------------------------------------------------------------
    for r, row in enumerate(doc["terrain"]):
        key = f"terrain[{r}]"
        if row["r"] != r:
            raise p.fail(f"{key}.r", f"is {short(row['r'])}; expected {r} (rows in order from 0)")
        q0, cells = row["q"], row["cells"]
        for k, ch in enumerate(cells):
            if ch not in KINDS:
                raise p.fail(f"{key}.cells", f"has {short(ch)} at position {k}; expected one of "
                             f"{''.join(KINDS)}")
            ax = (q0 + k, r)
            try:
                label(ax)
            except ValueError:
                raise p.fail(f"{key}.q", f"puts hex {ax} outside columns a-z") from None
            p.index[ax] = len(p.hexes)
            p.hexes.append(ax)
            kind, height = KINDS[ch]
            p.kinds.append(kind)
            p.heights.append(height)
    n = len(p.hexes)
    kinds, heights = p.kinds, p.heights
    nbrs = tuple(
        tuple(p.index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in p.index)
        for q, r in p.hexes
    )

    def walk_ok(a: int, b: int) -> bool:
        if kinds[a] not in LAND_KINDS or kinds[b] not in LAND_KINDS:
            return False
        ha, hb = heights[a], heights[b]
        return ha is None or hb is None or ha == hb

    steps = tuple(tuple(b for b in nbrs[a] if walk_ok(a, b)) for a in range(n))

    # ----- flow --------------------------------------------------------------------------
    flow = [-1] * n
    for k, pair in enumerate(doc["flow"]):
        key = f"flow[{k}]"
        a = p.hex(f"{key}[0]", pair[0], "river", "lake")
        b = p.hex(f"{key}[1]", pair[1], "river", "lake", "sea")
        if b not in nbrs[a]:
            raise p.fail(key, f"points from {p.name(a)} to {p.name(b)}, which is not a "
                         "neighbour")
        if flow[a] != -1:
            raise p.fail(key, f"gives {p.name(a)} a second downstream hex")
        flow[a] = b
    for i in range(n):
        if kinds[i] in WATER_KINDS and flow[i] == -1:
            raise p.fail("flow", f"has no arrow for the {kinds[i]} hex {p.name(i)}")
    for i in range(n):
        if flow[i] == -1:
            continue
        seen, cur = {i}, flow[i]
        while kinds[cur] != "sea":
            if cur in seen:
                raise p.fail("flow", f"loops: the arrows from {p.name(i)} never reach the sea")
            seen.add(cur)
            cur = flow[cur]

    # ----- Sulfur Lake and waterfall -------------------------------------------------------
    lake_cells = {i for i in range(n) if kinds[i] == "lake"}
    lake = {p.hex(f"sulfur_lake[{k}]", v, "lake")
            for k, v in enumerate(doc["sulfur_lake"])}
    if lake != lake_cells:
        raise p.fail("sulfur_lake", "must list exactly the 'o' hexes of the terrain")
    wf = doc["waterfall"]
    lip = p.hex("waterfall.lip", wf["lip"], "river", "lake")
    splash = p.hex("waterfall.splash", wf["splash"], "river")
    if flow[lip] != splash:
        raise p.fail("waterfall", f"lip {p.name(lip)} must flow into splash {p.name(splash)}")
    if heights[lip] != 1 or heights[splash] != 0:
        raise p.fail("waterfall", "must fall from plateau water ('_' or 'o') to low water ('=')")
    for i in range(n):
        if flow[i] != -1 and kinds[flow[i]] != "sea" and heights[flow[i]] != heights[i] and (
                i != lip):
            raise p.fail("flow", f"runs from {p.name(i)} to {p.name(flow[i])} between "
                         "heights away from the waterfall")

    # ----- jumps and crossings -------------------------------------------------------------
    jumps: list[Jump] = []
    jumps_from: dict[int, list[tuple[int, Jump]]] = {}
    for k, jraw in enumerate(doc["jumps"]):
        key = f"jumps[{k}]"
        jid, kind = jraw["id"], jraw["kind"]
        a = p.hex(f"{key}.from", jraw["from"], *_LAND)
        b = p.hex(f"{key}.to", jraw["to"], *_LAND)
        over = p.hex(f"{key}.over", jraw["over"])
        lands = p.hex(f"{key}.fail", jraw["fail"])
        line = between(p.hexes[a], p.hexes[b])
        if line is None or len(line) != 1 or p.index.get(line[0]) != over:
            raise p.fail(f"{key}.over", f"must be the one hex between {p.name(a)} and "
                         f"{p.name(b)} on a straight line")
        if kind == "cliff" and (kinds[over] != "ravine" or lands != over):
            raise p.fail(f"{key}.fail", "of a cliff jump must be the ravine bottom jumped over")
        if kind == "river" and (kinds[over] not in WATER_KINDS or lands != over):
            raise p.fail(f"{key}.fail", "of a river jump must be the water jumped over")
        if kind == "waterfall" and (over != lip or lands != splash):
            raise p.fail(f"{key}.fail", "of the waterfall jump must be the splash hex, "
                         "jumping over the lip")
        jump = Jump(jid, kind, a, b, over, lands)
        jumps.append(jump)
        jumps_from.setdefault(a, []).append((b, jump))
        jumps_from.setdefault(b, []).append((a, jump))
    crossings: list[Crossing] = []
    cross_from: dict[int, list[tuple[int, int, Crossing]]] = {}
    for k, craw in enumerate(doc["crossings"]):
        key = f"crossings[{k}]"
        cid = craw["id"]
        stones = tuple(p.hex(f"{key}.stones[{i}]", v, *_LAND)
                       for i, v in enumerate(craw["stones"]))
        if len(craw["water"]) != len(stones) - 1:
            raise p.fail(f"{key}.water", f"lists {len(craw['water'])} items; expected "
                                         f"{len(stones) - 1}")
        water = tuple(p.hex(f"{key}.water[{i}]", v, "river")
                      for i, v in enumerate(craw["water"]))
        for i, w in enumerate(water):
            line = between(p.hexes[stones[i]], p.hexes[stones[i + 1]])
            if line is None or len(line) != 1 or p.index.get(line[0]) != w:
                raise p.fail(f"{key}.water[{i}]", f"must lie between stones {i} and {i + 1} "
                             "on a straight line")
        crossing = Crossing(cid, stones, water)
        crossings.append(crossing)
        for i, w in enumerate(water):
            cross_from.setdefault(stones[i], []).append((stones[i + 1], w, crossing))
            cross_from.setdefault(stones[i + 1], []).append((stones[i], w, crossing))
    ids = [j.id for j in jumps] + [c.id for c in crossings]
    if len(set(ids)) != len(ids):
        raise p.fail("jumps", "and 'crossings' repeat an id")

    # ----- tower, raft, boats, spots, marked water ---------------------------------------------
    tw = doc["tower"]
    tower = {p.hex(f"tower.hexes[{k}]", v, "tower") for k, v in enumerate(tw["hexes"])}
    if tower != {i for i in range(n) if kinds[i] == "tower"}:
        raise p.fail("tower.hexes", "must list exactly the 't' hexes of the terrain")
    mortar = p.hex("tower.mortar", tw["mortar"], "tower")
    rf = doc["raft"]
    raft_hex = p.hex("raft.hex", rf["hex"], *_LAND)
    launch = p.hex("raft.launch", rf["launch"], "river")
    if launch not in nbrs[raft_hex]:
        raise p.fail("raft.launch", "must be a river hex next to the raft's hex")
    striped = {j.frm for j in jumps} | {j.to for j in jumps}
    for c in crossings:
        striped.update(c.stones)
    boats: list[Boat] = []
    for k, braw in enumerate(doc["boats"]):
        key = f"boats[{k}]"
        start = p.hex(f"{key}.start", braw["start"], *_LAND)
        boat = p.hex(f"{key}.boat", braw["boat"], "sea")
        if boat not in nbrs[start]:
            raise p.fail(f"{key}.boat", "must be a sea hex next to the starting hex")
        if start in striped:
            raise p.fail(f"{key}.start", "must not be a striped hex")
        boats.append(Boat(braw["id"], start, boat))
    if len({b.id for b in boats}) != len(boats) or len({b.start for b in boats}) != len(boats):
        raise p.fail("boats", "repeat an id or a starting hex")
    spots: list[Spot] = []
    special = striped | {b.start for b in boats} | {mortar, raft_hex}
    for k, sraw in enumerate(doc["spots"]):
        h = p.hex(f"spots[{k}].hex", sraw["hex"], *_LAND)
        if h in special:
            raise p.fail(f"spots[{k}].hex", "must not be striped, a start, the mortar or the raft")
        spots.append(Spot(sraw["id"], sraw["name"], h))
    if len({s.id for s in spots}) != 9 or len({s.hex for s in spots}) != 9:
        raise p.fail("spots", "repeat an id or a hex")
    marked = tuple(p.hex(f"marked_water[{k}]", v, "river")
                   for k, v in enumerate(doc["marked_water"]))
    for k in range(2):
        if flow[marked[k]] != marked[k + 1]:
            raise p.fail(f"marked_water[{k + 1}]", "must be the downstream hex of the one "
                         "before it")
    if kinds[flow[marked[2]]] != "sea":
        raise p.fail("marked_water[2]", "must flow into the sea")
    if any(kinds[x] in LAND_KINDS for x in nbrs[marked[2]]):
        raise p.fail("marked_water[2]", "must not neighbour any land (SJO §11 The Mortar)")

    name = doc["name"]
    up: list[list[int]] = [[] for _ in range(n)]
    for i, f in enumerate(flow):
        if f >= 0:
            up[f].append(i)
    board = SjoMap(
        name=name,
        hexes=tuple(p.hexes),
        kinds=tuple(kinds),
        heights=tuple(heights),
        neighbours=nbrs,
        steps=steps,
        flow=tuple(flow),
        lake=frozenset(lake),
        lip=lip,
        splash=splash,
        jumps=tuple(jumps),
        crossings=tuple(crossings),
        tower=frozenset(tower),
        mortar=mortar,
        raft_hex=raft_hex,
        raft_launch=launch,
        boats=tuple(boats),
        spots=tuple(spots),
        marked=marked,
        index=dict(p.index),
        labels=tuple(label(h) for h in p.hexes),
        by_label={label(h): i for i, h in enumerate(p.hexes)},
        upstream_table=tuple(tuple(u) for u in up),
        jumps_table={k: tuple(v) for k, v in jumps_from.items()},
        crossings_table={k: tuple(v) for k, v in cross_from.items()},
    )
    return board


#: ``load_map(source=None)``: the bundled data, a ``pathlib.Path`` or a ``SjoMap`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_map = data_loader(SjoMap, package="treasurekit.sjorovaron", bundled=BUNDLED,
                       kind="Sjörövarön map", parse=parse_map,
                       example_key="boats[1].start")
