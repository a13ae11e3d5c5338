"""treasurekit's Jupyter boards (ipywidgets + bqplot), imported as ``treasurekit_widgets``.

``AhoyBoard(players=3, seed=1)`` shows a playable Ahoy Treasures! board; ``GameBoard``
is the base every game's board builds on. The engine (``treasurekit``) never imports
this package.
"""

from .ahoy import AhoyBoard
from .base import HUMAN, GameBoard
from .sjorovaron import SjoBoard
from .skeleton_island import SkeletonBoard
from .treasure_island_2003 import TreasureIslandBoard
from .treasure_island_2018 import LongJohnBoard

__all__ = [
    "HUMAN",
    "AhoyBoard",
    "GameBoard",
    "LongJohnBoard",
    "SjoBoard",
    "SkeletonBoard",
    "TreasureIslandBoard",
]
