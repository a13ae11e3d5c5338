"""The Sjörövarön island as data: terrain kinds, jump and crossing sites, boats,
hiding spots and :class:`SjoMap`, the validated map with its geometry (SJO §3 Set Up,
§5-§11; the map is treasurekit's own design, ruling SJO-1). ``board.py`` loads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.inputs import short
from .hexes import Hex, between, centre, corners, distance, parse_label

__all__ = ["KINDS", "LAND_KINDS", "WATER_KINDS", "Boat", "Crossing", "Jump", "SjoMap", "Spot"]

#: terrain character -> (kind, height); height None: a slope (joins both) or a rock.
KINDS: dict[str, tuple[str, int | None]] = {
    "~": ("sea", 0),
    "=": ("river", 0),
    "_": ("river", 1),
    "o": ("lake", 1),
    ".": ("lowland", 0),
    ":": ("plateau", 1),
    "/": ("slope", None),
    "v": ("ravine", 0),
    "t": ("tower", 0),
    "#": ("rock", None),
}
LAND_KINDS = frozenset({"lowland", "plateau", "slope", "ravine", "tower"})
WATER_KINDS = frozenset({"river", "lake"})


@dataclass(frozen=True)
class Jump:
    """A jump site (SJO §6): from striped hex ``frm`` over ``over`` to striped ``to``.

    ``kind`` is "cliff" (a failure lands in the ravine), "river" (in the water jumped
    over) or "waterfall" (in the splash hex below); ``fail`` is that hex. Jumps go
    both ways; the hexes are board indices.
    """

    id: str
    kind: str
    frm: int
    to: int
    over: int
    fail: int


@dataclass(frozen=True)
class Crossing:
    """A river crossing (SJO §6): ``stones`` are the striped hexes (two banks, or bank,
    middle, bank for a double crossing) and ``water`` the river hexes between them."""

    id: str
    stones: tuple[int, ...]
    water: tuple[int, ...]

    @property
    def double(self) -> bool:
        return len(self.stones) == 3


@dataclass(frozen=True)
class Boat:
    """A rowing boat: its double-marked starting hex (land) and the boat (sea)."""

    id: str
    start: int
    boat: int


@dataclass(frozen=True)
class Spot:
    """One of the nine hiding spots, with the map piece of the same ``id``."""

    id: str
    name: str
    hex: int


@dataclass(frozen=True)
class SjoMap:
    """A validated map. Hexes are indices ``0..len(hexes)-1`` into these tuples.

    Attributes:
        name: "standard" for the shipped map.
        hexes: axial ``(q, r)`` per index; ``index`` maps back.
        kinds: "sea", "river", "lake", "lowland", "plateau", "slope", "ravine",
            "tower" or "rock" per hex (the drawing data for a widget).
        heights: 0 (low), 1 (plateau) or None (slope, rock) per hex.
        neighbours: per hex, the indices of the hexes around it on the map.
        steps: per hex, the land hexes a walking pirate may step to (SJO §5).
        flow: per hex, the downstream hex of a river or lake hex (a sea hex means out
            to sea), -1 elsewhere.
        jumps, crossings, boats, spots: the features; ``marked``: the three
            double-marked water hexes, upstream first; ``lake``: the Sulfur Lake.
        lip, splash: the waterfall; mortar, tower: the tower; raft_hex, raft_launch.
    """

    name: str
    hexes: tuple[Hex, ...]
    kinds: tuple[str, ...]
    heights: tuple[int | None, ...]
    neighbours: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[int, ...], ...]
    flow: tuple[int, ...]
    lake: frozenset[int]
    lip: int
    splash: int
    jumps: tuple[Jump, ...]
    crossings: tuple[Crossing, ...]
    tower: frozenset[int]
    mortar: int
    raft_hex: int
    raft_launch: int
    boats: tuple[Boat, ...]
    spots: tuple[Spot, ...]
    marked: tuple[int, ...]
    index: dict[Hex, int] = field(repr=False, compare=False, hash=False)
    labels: tuple[str, ...] = field(repr=False)
    by_label: dict[str, int] = field(repr=False, compare=False, hash=False)
    upstream_table: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)
    jumps_table: dict[int, tuple[tuple[int, Jump], ...]] = field(
        repr=False, compare=False, hash=False)
    crossings_table: dict[int, tuple[tuple[int, int, Crossing], ...]] = field(
        repr=False, compare=False, hash=False)

    # ----- names -------------------------------------------------------------------
    def label(self, h: int) -> str:
        """The name of hex ``h`` ("k11")."""
        return self.labels[h]

    def hex(self, text: str) -> int:
        """The index of the hex named ``text``.

        Raises:
            ValueError: not the name of a hex on this map.
        """
        i = self.by_label.get(text)
        if i is not None:
            return i
        ax = parse_label(text)
        if ax is None or ax not in self.index:
            raise ValueError(f"{short(text)} is not a hex of the map (names like 'k11': a column "
                             f"letter and a row number)")
        return self.index[ax]

    def centre(self, h: int, size: float = 1.0) -> tuple[float, float]:
        """Drawing position (x east, y up) of hex ``h``."""
        return centre(self.hexes[h], size)

    def corners(self, h: int, size: float = 1.0) -> tuple[tuple[float, float], ...]:
        """The six corners of hex ``h`` for drawing (x east, y up)."""
        return corners(self.hexes[h], size)

    # ----- terrain -----------------------------------------------------------------
    def is_land(self, h: int) -> bool:
        """Land a pirate may stand on (not water, sea or rock)."""
        return self.kinds[h] in LAND_KINDS

    def is_water(self, h: int) -> bool:
        """River or lake: water with flow arrows (SJO §6)."""
        return self.kinds[h] in WATER_KINDS

    def is_sea(self, h: int) -> bool:
        return self.kinds[h] == "sea"

    def is_rock(self, h: int) -> bool:
        return self.kinds[h] == "rock"

    def distance(self, a: int, b: int) -> int:
        """Hex distance on an open grid (a lower bound on walking steps)."""
        return distance(self.hexes[a], self.hexes[b])

    def between(self, a: int, b: int) -> tuple[int, ...] | None:
        """Map hexes strictly between ``a`` and ``b`` on a straight line, or None if they
        are not on one of the six straight lines (or the line leaves the map)."""
        line = between(self.hexes[a], self.hexes[b])
        if line is None:
            return None
        out = []
        for ax in line:
            i = self.index.get(ax)
            if i is None:
                return None
            out.append(i)
        return tuple(out)

    def can_climb(self, water: int, land: int) -> bool:
        """True if a pirate floating in ``water`` may climb onto neighbouring ``land``:
        a land hex of the water's height or a slope (SJO §6)."""
        if not self.is_land(land) or land not in self.neighbours[water]:
            return False
        hl = self.heights[land]
        return hl is None or hl == self.heights[water]

    def shore(self, h: int) -> tuple[int, ...]:
        """Water hexes (river, lake or sea) around land hex ``h`` (SJO §7 pushing)."""
        return tuple(n for n in self.neighbours[h] if self.is_water(n) or self.is_sea(n))

    def upstream(self, h: int) -> tuple[int, ...]:
        """Water hexes whose arrow points into ``h``."""
        return self.upstream_table[h]

    # ----- features ------------------------------------------------------------------
    @property
    def striped(self) -> frozenset[int]:
        """Every striped hex: both ends of the jumps and every crossing stone."""
        out = {j.frm for j in self.jumps} | {j.to for j in self.jumps}
        for c in self.crossings:
            out.update(c.stones)
        return frozenset(out)

    @property
    def ravines(self) -> frozenset[int]:
        """The ravine bottoms (where a failed cliff jump lands)."""
        return frozenset(i for i, k in enumerate(self.kinds) if k == "ravine")

    @property
    def rocks(self) -> frozenset[int]:
        return frozenset(i for i, k in enumerate(self.kinds) if k == "rock")

    @property
    def starts(self) -> tuple[int, ...]:
        """The double-marked starting hexes, one per rowing boat."""
        return tuple(b.start for b in self.boats)

    def spot(self, piece: str) -> Spot:
        """The hiding spot of map piece ``piece``."""
        for s in self.spots:
            if s.id == piece:
                return s
        raise ValueError(f"no hiding spot {short(piece)}; spots: {', '.join(self.piece_ids)}")

    @property
    def piece_ids(self) -> tuple[str, ...]:
        """The nine map pieces (one per hiding spot), in map order."""
        return tuple(s.id for s in self.spots)

    def jump_sites(self, h: int) -> tuple[tuple[int, Jump], ...]:
        """``(landing hex, jump)`` for every jump that starts at striped hex ``h``."""
        return self.jumps_table.get(h, ())

    def crossing_sites(self, h: int) -> tuple[tuple[int, int, Crossing], ...]:
        """``(landing stone, water between, crossing)`` for every crossing from ``h``."""
        return self.crossings_table.get(h, ())

    def river_path(self, h: int, steps: int) -> list[int]:
        """The hexes a floating pirate passes in ``steps`` moves along the arrows from
        ``h`` (ending early on a sea hex: out to sea)."""
        out = []
        cur = h
        for _ in range(steps):
            cur = self.flow[cur]
            out.append(cur)
            if self.kinds[cur] == "sea":
                break
        return out
