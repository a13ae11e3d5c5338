"""treasurekit's Jupyter boards (ipywidgets + bqplot), imported as ``treasurekit_widgets``.

``AhoyBoard(players=3, seed=1)`` shows a playable Ahoy Treasures! board; ``GameBoard``
is the base every game's board builds on. The engine (``treasurekit``) never imports
this package.

Each board is imported on first use (``from treasurekit_widgets import AhoyBoard``
imports only the Ahoy board and game), so a notebook about one game does not pay for
the other four.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .base import HUMAN, GameBoard

if TYPE_CHECKING:
    from .ahoy import AhoyBoard
    from .sjorovaron import SjoBoard
    from .skeleton_island import SkeletonBoard
    from .treasure_island_2003 import TreasureIslandBoard
    from .treasure_island_2018 import LongJohnBoard

#: Board class name -> the module of this package that defines it.
_BOARDS = {
    "AhoyBoard": "ahoy",
    "SjoBoard": "sjorovaron",
    "SkeletonBoard": "skeleton_island",
    "TreasureIslandBoard": "treasure_island_2003",
    "LongJohnBoard": "treasure_island_2018",
}

__all__ = [
    "HUMAN",
    "AhoyBoard",
    "GameBoard",
    "LongJohnBoard",
    "SjoBoard",
    "SkeletonBoard",
    "TreasureIslandBoard",
]


def __getattr__(name: str) -> Any:
    """The board ``name``, importing its module on first use (PEP 562)."""
    if name in _BOARDS:
        board = getattr(importlib.import_module(f".{_BOARDS[name]}", __name__), name)
        globals()[name] = board
        return board
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
