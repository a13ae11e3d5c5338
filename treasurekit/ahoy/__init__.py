"""Ahoy Treasures! (AHOY): a stacking dice race to Buccaneer Island, 2-4 players.

``treasurekit.load_game("ahoy", players=3, variant="cunning")``. Files: ``board.py``
(board data and its validation), ``moves.py`` (notation), ``state.py`` (every rule),
``view.py``, ``bots.py`` (GreedyBot), ``analysis.py`` (exact odds and simulations).
"""

from .board import AhoyBoard, load_board
from .bots import GreedyBot
from .game import AhoyGame
from .moves import SHIP, Pass, Roll, Step, parse_move
from .state import AhoyState
from .view import AhoyView

__all__ = [
    "SHIP",
    "AhoyBoard",
    "AhoyGame",
    "AhoyState",
    "AhoyView",
    "GreedyBot",
    "Pass",
    "Roll",
    "Step",
    "load_board",
    "parse_move",
]
