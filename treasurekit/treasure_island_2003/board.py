"""The two sides of the game board as data: load and validate the board files.

TI2003 §1 Components describes a double-sided board: the Small Board (12 x 12 squares)
and the Large Board (14 x 14), with lakes, rivers, orange anchorage squares along the
coast and black treasure squares named after pirates. The printed layouts are not
public, so both boards are treasurekit's own designs (ruling TI2003-6), in
``data/small_board.json`` and ``data/large_board.json``:

* ``rows``: one string per row, north first; a character per column, west first:
  ``~`` sea, ``o`` lake, ``1``-``6`` a land square and its number;
* ``anchorages``: coastal land squares where counters land;
* ``rivers``: each a name, ``edges`` (pairs of neighbouring squares the river
  separates completely) and ``partial`` (pairs it separates only part of the way: an
  advance across those is allowed, TI2003 §4 Advances; they are kept for drawing);
* ``treasures``: which square is which pirate's treasure square.

Squares are named like chess squares with row 1 at the top (north): ``a1`` is the
north-west corner, ``n14`` the south-east corner of the Large Board.

>>> board = load_board("large")
>>> board.size, len(board.land), len(board.anchorages), len(board.treasure_at)
(14, 118, 16, 14)
>>> board.number(board.square("g8")), board.treasure_at[board.square("g8")]
(6, 'flint')
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from ..core.data import data_loader
from ..core.inputs import is_digits, short
from ..core.schema import Int, Str, fail, read_as
from ..core.text import possessive
from .cards import CardSet

__all__ = ["BOARD_FORMAT", "Board", "River", "check_chests", "load_board", "parse_board"]

#: Bundled data: option value -> file in the package.
BUNDLED = {"large": "data/large_board.json", "small": "data/small_board.json"}

BOARD_FORMAT = "treasurekit-ti2003-board/1"
SEA, LAKE, LAND = "sea", "lake", "land"


@dataclass(frozen=True)
class River:
    """A river: the square pairs it separates fully (``edges``) and partly (``partial``)."""

    name: str
    edges: tuple[tuple[int, int], ...]
    partial: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Board:
    """A validated board side. Squares are indices ``row * size + column``.

    Attributes:
        name: "Large Board" or "Small Board" (or a custom name).
        side: "large" or "small": which chests of the Treasure Board it uses.
        size: squares per row and column.
        kinds: "sea", "lake" or "land" per square.
        numbers: the number printed on each land square (0 on water).
        anchorages: the anchorage squares.
        treasure_at: treasure square -> chest id.
        rivers: the rivers, for drawing.
        neighbours: per square, the orthogonal land neighbours not behind a river:
            the squares an advance from it may reach (TI2003 §4 Advances).
    """

    name: str
    side: str
    size: int
    kinds: tuple[str, ...]
    numbers: tuple[int, ...]
    anchorages: frozenset[int]
    treasure_at: dict[int, str]
    rivers: tuple[River, ...]
    neighbours: tuple[tuple[int, ...], ...]
    land: tuple[int, ...] = field(default=())

    # ----- squares ------------------------------------------------------------------
    @cached_property
    def names(self) -> tuple[str, ...]:
        """Every square's name by index (``names[i] == name_of(i)``), made once."""
        return tuple(self.name_of(i) for i in range(self.size * self.size))

    @cached_property
    def _index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    def square(self, text: str) -> int:
        """The index of a square name such as ``"c7"``.

        Raises:
            ValueError: not a square of this board.
        """
        if type(text) is str:
            hit = self._index.get(text)
            if hit is not None:
                return hit
        index = parse_square(text, self.size)
        if index is None:
            last = f"{chr(96 + self.size)}{self.size}"
            raise ValueError(f"{short(text)} is not a square of the {self.name} (a1 to {last})")
        return index

    def name_of(self, index: int) -> str:
        """The name of square ``index`` ("c7")."""
        row, col = divmod(index, self.size)
        return f"{chr(97 + col)}{row + 1}"

    def number(self, index: int) -> int:
        return self.numbers[index]

    def is_land(self, index: int) -> bool:
        return self.kinds[index] == LAND

    @property
    def chest_square(self) -> dict[str, int]:
        """Chest id -> its treasure square."""
        return {chest: sq for sq, chest in self.treasure_at.items()}

    def blocked(self, a: int, b: int) -> bool:
        """True if a river separates neighbouring land squares ``a`` and ``b`` fully."""
        return self.is_land(a) and self.is_land(b) and b not in self.neighbours[a] and (
            abs(a - b) == self.size or (abs(a - b) == 1 and a // self.size == b // self.size)
        )

    def orthogonal(self, index: int) -> list[int]:
        """The up-to-four orthogonal neighbours of a square, whatever they are."""
        row, col = divmod(index, self.size)
        out = []
        if row > 0:
            out.append(index - self.size)
        if row < self.size - 1:
            out.append(index + self.size)
        if col > 0:
            out.append(index - 1)
        if col < self.size - 1:
            out.append(index + 1)
        return out

    def is_coast(self, index: int) -> bool:
        """A square on the board's edge or beside a sea square."""
        row, col = divmod(index, self.size)
        if row in (0, self.size - 1) or col in (0, self.size - 1):
            return True
        return any(self.kinds[n] == SEA for n in self.orthogonal(index))


def parse_square(text: str, size: int) -> int | None:
    """``"c7"`` -> index on a ``size`` board, or None if it is not a square name."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    col = ord(text[0]) - 97
    digits = text[1:]
    if not is_digits(digits) or digits.startswith("0") or not 0 <= col < size:
        return None
    row = int(digits) - 1
    if not 0 <= row < size:
        return None
    return row * size + col


_Pair = tuple[Str, Str]  # two square names such as ["c7", "c8"]


class _RiverFile(TypedDict):
    name: Str
    edges: Annotated[list[_Pair], Field(min_length=1)]
    partial: NotRequired[list[_Pair]]


class _TreasureFile(TypedDict):
    chest: Str
    square: Str


class _BoardFile(TypedDict):
    """The JSON of a board file (keys not listed are ignored)."""

    format: Literal["treasurekit-ti2003-board/1"]
    name: Str
    side: Literal["large", "small"]
    size: Annotated[Int, Field(ge=4, le=26)]
    rows: list[Str]
    anchorages: Annotated[list[Str], Field(min_length=1)]
    rivers: list[_RiverFile]
    treasures: Annotated[list[_TreasureFile], Field(min_length=1)]


_ROW_CHARS = {"~": (SEA, 0), "o": (LAKE, 0), **{str(d): (LAND, d) for d in range(1, 7)}}


def parse_board(data: Any, label: str = "board") -> Board:
    """Validate already-parsed JSON data; see :func:`load_board` for the errors."""
    doc = read_as(_BoardFile, data, label)
    size, rows = doc["size"], doc["rows"]
    if len(rows) != size:
        raise fail(label, "rows", f"must list {size} rows (one string per row)")
    squares: list[tuple[str, int]] = []
    for r, row in enumerate(rows):
        if len(row) != size:
            raise fail(label, f"rows[{r}]", f"has {len(row)} characters; expected a string "
                                            f"of {size}")
        for c, ch in enumerate(row):
            if ch not in _ROW_CHARS:
                raise fail(label, f"rows[{r}][{c}]", f"is {short(ch)}; expected '~' (sea), "
                           "'o' (lake) or a land number 1-6")
            squares.append(_ROW_CHARS[ch])
    kinds = tuple(k for k, _ in squares)
    n = size * size
    base = Board(doc["name"], doc["side"], size, kinds, tuple(d for _, d in squares),
                 frozenset(), {}, (), tuple(() for _ in range(n)))
    _check_sea(label, base)

    def square(key: str, value: str) -> int:
        index = parse_square(value, size)
        if index is None:
            last = f"{chr(96 + size)}{size}"
            raise fail(label, key, f"is {short(value)}; expected a square name a1 to {last}")
        if kinds[index] != LAND:
            raise fail(label, key, f"is {short(value)}, a {kinds[index]} square; expected land")
        return index

    anchorages: set[int] = set()
    for i, a in enumerate(doc["anchorages"]):
        index = square(f"anchorages[{i}]", a)
        if not base.is_coast(index):
            raise fail(label, f"anchorages[{i}]", f"is {short(a)}, which is not on the coast")
        if index in anchorages:
            raise fail(label, f"anchorages[{i}]", f"repeats {short(a)}")
        anchorages.add(index)

    rivers: list[River] = []
    blocked: set[tuple[int, int]] = set()
    seen: set[tuple[int, int]] = set()
    for i, river in enumerate(doc["rivers"]):
        pairs: dict[str, list[tuple[int, int]]] = {"edges": [], "partial": []}
        for part, edges in (("edges", river["edges"]), ("partial", river.get("partial", []))):
            for j, edge in enumerate(edges):
                ekey = f"rivers[{i}].{part}[{j}]"
                one, two = square(ekey, edge[0]), square(ekey, edge[1])
                if two not in base.orthogonal(one):
                    raise fail(label, ekey, f"{short(list(edge))} are not orthogonal neighbours")
                pair = (min(one, two), max(one, two))
                if pair in seen:
                    raise fail(label, ekey, f"repeats the river edge {short(list(edge))}")
                seen.add(pair)
                pairs[part].append(pair)
        blocked.update(pairs["edges"])
        rivers.append(River(river["name"], tuple(pairs["edges"]), tuple(pairs["partial"])))

    treasure_at: dict[int, str] = {}
    for i, t in enumerate(doc["treasures"]):
        key = f"treasures[{i}]"
        index = square(f"{key}.square", t["square"])
        if index in anchorages:
            raise fail(label, f"{key}.square", f"is {short(t['square'])}, an anchorage; treasure "
                       "squares lie inland")
        if index in treasure_at:
            raise fail(label, f"{key}.square", f"repeats {short(t['square'])}")
        if t["chest"] in treasure_at.values():
            raise fail(label, f"{key}.chest", f"repeats {short(t['chest'])}")
        treasure_at[index] = t["chest"]

    neighbours = tuple(
        tuple(m for m in base.orthogonal(s) if kinds[m] == LAND
              and (min(s, m), max(s, m)) not in blocked) if kinds[s] == LAND else ()
        for s in range(n)
    )
    board = Board(
        name=base.name, side=base.side, size=size, kinds=base.kinds, numbers=base.numbers,
        anchorages=frozenset(anchorages), treasure_at=treasure_at, rivers=tuple(rivers),
        neighbours=neighbours, land=tuple(s for s in range(n) if kinds[s] == LAND),
    )
    _check_reachable(label, board)
    return board


def _check_sea(label: str, board: Board) -> None:
    """Every sea square must connect to the board's edge (inland water is a lake)."""
    size = board.size
    edge = [s for s in range(size * size) if board.kinds[s] == SEA and (
        s // size in (0, size - 1) or s % size in (0, size - 1))]
    reached = set(edge)
    todo = deque(edge)
    while todo:
        s = todo.popleft()
        for m in board.orthogonal(s):
            if board.kinds[m] == SEA and m not in reached:
                reached.add(m)
                todo.append(m)
    for s in range(size * size):
        if board.kinds[s] == SEA and s not in reached:
            r, c = divmod(s, size)
            raise fail(label, f"rows[{r}][{c}]", f"({board.name_of(s)}) is sea cut off from "
                        "the open sea; write 'o' for a lake")


def _check_reachable(label: str, board: Board) -> None:
    """TI2003 §4 Landings: the only way onto the island is an anchorage, so every land
    square must be reachable from one by advances (not across rivers, lakes or sea)."""
    reached = set(board.anchorages)
    todo = deque(board.anchorages)
    while todo:
        s = todo.popleft()
        for m in board.neighbours[s]:
            if m not in reached:
                reached.add(m)
                todo.append(m)
    for s in board.land:
        if s not in reached:
            r, c = divmod(s, board.size)
            raise fail(label, f"rows[{r}][{c}]", f"({board.name_of(s)}) cannot be reached "
                        "from any anchorage by advances (rivers, lakes or sea cut it off)")


def check_chests(board: Board, cards: CardSet, label: str = "board") -> None:
    """The board's treasure squares must match the Treasure Board in ``cards``: one
    square per chest dealt on this side, and the square's number equal to the cards
    in the chest (TI2003 §4 Treasure squares).

    Raises:
        BoardDataError: naming the treasure entry or the missing chest.
    """
    wanted = {c.id: c for c in cards.chests_for(board.side)}
    all_ids = {c.id for c in cards.chests}
    for i, (sq, chest) in enumerate(board.treasure_at.items()):
        if chest not in wanted:
            where = "an orange (Large Board only) area" if chest in all_ids else "no area"
            raise fail(label, f"treasures[{i}].chest", f"is {short(chest)}, which is {where} of "
                        f"the Treasure Board for the {board.side} side")
        need = wanted[chest].cards
        if board.numbers[sq] != need:
            raise fail(label, f"treasures[{i}].square", f"{board.name_of(sq)} shows "
                        f"{board.numbers[sq]}, but {possessive(wanted[chest].pirate)} chest "
                        f"holds {need} cards; the two must be equal")
    missing = [c for c in wanted if c not in board.treasure_at.values()]
    if missing:
        raise fail(label, "treasures", f"has no square for chest {short(missing[0])} of the "
                    f"Treasure Board ({board.side} side)")


#: ``load_board(source=None)``: the bundled data, a ``pathlib.Path`` or a ``Board`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_board = data_loader(Board, package="treasurekit.treasure_island_2003", bundled=BUNDLED,
                         kind="Treasure Island board", parse=parse_board,
                         example_key="rivers[0].edges[2]")
