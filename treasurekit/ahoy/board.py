"""The Ahoy Treasures! board as data: load and validate ``data/board.json``.

The board is treasurekit's own design (AHOY §3 Preparation describes only its parts):
each colour's starting square on the big island, one shared path of numbered
squares (some of them water) and Buccaneer Island with five chests. Square 0 is a
colour's own starting square; path squares are 1..``length``; the island is one
step beyond the last path square (``island_square``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from ..core.data import data_loader
from ..core.schema import XY, Count, Int, Str, fail, read_as

__all__ = ["AhoyBoard", "Chest", "Colour", "load_board"]

BOARD_FORMAT = "treasurekit-ahoy-board/1"

#: Bundled boards: option value -> file in the package.
BUNDLED = {"standard": "data/board.json"}


@dataclass(frozen=True)
class Colour:
    """A pirate colour: name, one-letter code and its starting square's drawing position."""

    name: str
    letter: str
    xy: tuple[float, float]


@dataclass(frozen=True)
class Chest:
    """A treasure chest on Buccaneer Island: taken in ``number`` order, worth ``value``."""

    number: int
    value: int
    xy: tuple[float, float]


@dataclass(frozen=True)
class AhoyBoard:
    """A validated board.

    Attributes:
        name: the board's name ("standard" for the shipped one).
        colours: up to four colours, in seat order.
        kinds: ``kinds[s]`` is "land" or "water" for path square ``s`` (index 0 unused).
        xy: drawing position (board units) of each path square (index 0 unused).
        planks: number of planks in the box (AHOY §1 Contents: nine).
        chests: the five chests in arrival order.
        island_xy: drawing position of Buccaneer Island.
    """

    name: str
    colours: tuple[Colour, ...]
    kinds: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    planks: int
    chests: tuple[Chest, ...]
    island_xy: tuple[float, float]

    @property
    def length(self) -> int:
        """Number of path squares between the starting squares and the island."""
        return len(self.kinds) - 1

    @property
    def island_square(self) -> int:
        """The island's distance from a starting square (``length + 1`` steps)."""
        return len(self.kinds)

    @property
    def water_squares(self) -> tuple[int, ...]:
        return tuple(s for s in range(1, len(self.kinds)) if self.kinds[s] == "water")

    @cached_property
    def colour_names(self) -> tuple[str, ...]:
        """Every colour, capitalised as in a sentence ("Red"), in seat order."""
        return tuple(c.name.capitalize() for c in self.colours)

    def colour_name(self, seat: int) -> str:
        """The colour of a seat, capitalised as in a sentence ("Red")."""
        return self.colour_names[seat]


class _ColourFile(TypedDict):
    name: Str
    letter: Annotated[Str, Field(min_length=1, max_length=1)]
    xy: XY


class _SquareFile(TypedDict):
    square: Int
    kind: Literal["land", "water"]
    xy: XY


class _ChestFile(TypedDict):
    number: Int
    value: Count
    xy: XY


class _IslandFile(TypedDict):
    xy: XY
    chests: list[_ChestFile]


class _BoardFile(TypedDict):
    """The JSON of a board file (keys not listed, such as ``description``, are ignored)."""

    format: Literal["treasurekit-ahoy-board/1"]
    name: Str
    planks: Count
    colours: Annotated[list[_ColourFile], Field(min_length=2, max_length=4)]
    path: Annotated[list[_SquareFile], Field(min_length=5)]
    island: _IslandFile


def parse_board(data: Any, label: str = "board") -> AhoyBoard:
    """Validate already-parsed JSON data; see :func:`load_board` for the errors."""
    doc = read_as(_BoardFile, data, label)
    colours = tuple(Colour(c["name"], c["letter"], c["xy"]) for c in doc["colours"])
    for attr in ("name", "letter"):
        if len({getattr(c, attr) for c in colours}) != len(colours):
            raise fail(label, "colours", f"has a repeated {attr}")
    path = doc["path"]
    for i, sq in enumerate(path):
        if sq["square"] != i + 1:
            raise fail(label, f"path[{i}].square", f"is {sq['square']}; expected {i + 1}")
    kinds = ("start", *(sq["kind"] for sq in path))
    if kinds[1] != "land":
        raise fail(label, "path[0].kind", "must be 'land' (the first step off the big island)")
    if kinds[-1] != "land":
        raise fail(label, f"path[{len(path) - 1}].kind", "must be 'land' (before the island)")
    planks, n_water = doc["planks"], kinds.count("water")
    if n_water > planks:
        raise fail(label, "planks",
                   f"is {planks} but the path has {n_water} water squares to cover")
    chests = tuple(Chest(ch["number"], ch["value"], ch["xy"]) for ch in doc["island"]["chests"])
    for i, chest in enumerate(chests):
        if chest.number != i + 1:
            raise fail(label, f"island.chests[{i}].number",
                       f"must be {i + 1} (chests are numbered 1 to 5)")
    if len(chests) != 5:
        raise fail(label, "island.chests", f"lists {len(chests)} chests; expected 5")
    return AhoyBoard(
        name=doc["name"],
        colours=colours,
        kinds=kinds,
        xy=((0.0, 0.0), *(sq["xy"] for sq in path)),
        planks=planks,
        chests=chests,
        island_xy=doc["island"]["xy"],
    )


#: ``load_board(source=None)``: the bundled data, a ``pathlib.Path`` or a ``AhoyBoard`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_board = data_loader(AhoyBoard, package="treasurekit.ahoy", bundled=BUNDLED,
                         kind="Ahoy board", parse=parse_board,
                         example_key="path[3].kind")
