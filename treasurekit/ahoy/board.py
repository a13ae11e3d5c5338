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
from pathlib import Path
from typing import Any

from ..core.data import load_data
from ..core.errors import BoardDataError
from ..core.inputs import short

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


def load_board(source: str | Path | AhoyBoard | None = None) -> AhoyBoard:
    """Load a board: ``None`` or ``"standard"`` for the shipped one, a ``pathlib.Path``
    of a JSON file (read with a size limit), or an ``AhoyBoard`` (returned as is).

    A plain string is never a file name (see :mod:`treasurekit.core.data`).

    Raises:
        BoardDataError: the file is missing, too large, not JSON, or a key is wrong; the
            message names the file, the key (e.g. ``path[3].kind``) and what is expected.
    """
    if isinstance(source, AhoyBoard):
        return source
    return load_data(source, package="treasurekit.ahoy", bundled=BUNDLED,
                     kind="Ahoy board", parse=parse_board)


def _fail(label: str, key: str, problem: str) -> BoardDataError:
    return BoardDataError(f"{label}: key {short(key, 80)} {problem}")


def _xy(label: str, key: str, value: Any) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise _fail(label, key, f"is {short(value)}; expected [x, y] numbers")
    return (float(value[0]), float(value[1]))


def parse_board(data: Any, label: str = "board") -> AhoyBoard:
    """Validate already-parsed JSON data; see :func:`load_board` for the errors."""
    if not isinstance(data, dict):
        raise BoardDataError(f"{label}: the board must be a JSON object")
    for key in ("format", "name", "planks", "colours", "path", "island"):
        if key not in data:
            raise _fail(label, key, "is missing")
    if data["format"] != BOARD_FORMAT:
        raise _fail(label, "format", f"is {short(data['format'])}; expected {short(BOARD_FORMAT)}")
    planks = data["planks"]
    if not isinstance(planks, int) or planks < 0:
        raise _fail(label, "planks", f"is {short(planks)}; expected a whole number >= 0")

    raw_colours = data["colours"]
    if not isinstance(raw_colours, list) or not 2 <= len(raw_colours) <= 4:
        raise _fail(label, "colours", "must list 2 to 4 colours")
    colours = []
    for i, c in enumerate(raw_colours):
        key = f"colours[{i}]"
        if not isinstance(c, dict) or not isinstance(c.get("name"), str):
            raise _fail(label, key, "needs a 'name' string")
        letter = c.get("letter")
        if not isinstance(letter, str) or len(letter) != 1:
            raise _fail(label, f"{key}.letter", f"is {short(letter)}; expected one character")
        colours.append(Colour(c["name"], letter, _xy(label, f"{key}.xy", c.get("xy"))))
    if len({c.name for c in colours}) != len(colours):
        raise _fail(label, "colours", "has a repeated name")
    if len({c.letter for c in colours}) != len(colours):
        raise _fail(label, "colours", "has a repeated letter")

    raw_path = data["path"]
    if not isinstance(raw_path, list) or len(raw_path) < 5:
        raise _fail(label, "path", "must list at least 5 squares")
    kinds = ["start"]
    xys: list[tuple[float, float]] = [(0.0, 0.0)]
    for i, sq in enumerate(raw_path):
        key = f"path[{i}]"
        if not isinstance(sq, dict):
            raise _fail(label, key, "must be an object with square, kind, xy")
        if sq.get("square") != i + 1:
            raise _fail(label, f"{key}.square", f"is {short(sq.get('square'))}; expected {i + 1}")
        if sq.get("kind") not in ("land", "water"):
            raise _fail(label, f"{key}.kind", f"is {short(sq.get('kind'))}"
                                              "; expected 'land' or 'water'")
        kinds.append(sq["kind"])
        xys.append(_xy(label, f"{key}.xy", sq.get("xy")))
    if kinds[1] != "land":
        raise _fail(label, "path[0].kind", "must be 'land' (the first step off the big island)")
    if kinds[-1] != "land":
        raise _fail(label, f"path[{len(raw_path) - 1}].kind", "must be 'land' (before the island)")
    n_water = kinds.count("water")
    if n_water > planks:
        raise _fail(
            label, "planks", f"is {planks} but the path has {n_water} water squares to cover"
        )

    island = data["island"]
    if not isinstance(island, dict) or not isinstance(island.get("chests"), list):
        raise _fail(label, "island", "must be an object with 'xy' and 'chests'")
    chests = []
    for i, ch in enumerate(island["chests"]):
        key = f"island.chests[{i}]"
        if not isinstance(ch, dict) or ch.get("number") != i + 1:
            raise _fail(label, f"{key}.number", f"must be {i + 1} (chests are numbered 1 to 5)")
        value = ch.get("value")
        if not isinstance(value, int) or value < 0:
            raise _fail(label, f"{key}.value", f"is {short(value)}; expected a whole number")
        chests.append(Chest(i + 1, value, _xy(label, f"{key}.xy", ch.get("xy"))))
    if len(chests) != 5:
        raise _fail(label, "island.chests", f"lists {len(chests)} chests; expected 5")
    return AhoyBoard(
        name=str(data["name"]),
        colours=tuple(colours),
        kinds=tuple(kinds),
        xy=tuple(xys),
        planks=planks,
        chests=tuple(chests),
        island_xy=_xy(label, "island.xy", island.get("xy")),
    )
