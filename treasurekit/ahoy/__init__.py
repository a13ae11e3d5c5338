"""Ahoy Treasures! (AHOY): a stacking dice race to Buccaneer Island, 2-4 players.

``treasurekit.load_game("ahoy", players=3, variant="cunning")``. The package has the
shape of every game (docs/architecture.md §3), and is the smallest one to read first:

* ``board.py`` the board data and its validation; ``moves.py`` the move notation;
* ``position.py`` the whole state of a game as one frozen value;
* ``flow.py`` phases, whose turn, what ends a turn and the game;
* ``rules/`` one module per rulebook section: ``die``, ``moving``, ``water``,
  ``obliged_to_move``, ``buccaneer_island``, ``end``, ``cunning``;
* ``view.py`` a seat's view; ``text.py`` the board as text; ``clicks.py`` what a click
  means; ``build.py`` positions set up by hand;
* ``state.py`` the state, a thin facade over the above; ``game.py`` the options;
* ``bots.py`` GreedyBot; ``analysis.py`` exact odds; ``studies.py`` bot-against-bot
  comparisons.
"""

from .board import AhoyBoard, load_board
from .bots import GreedyBot
from .flow import Phase
from .game import AhoyGame
from .moves import SHIP, Pass, Roll, Step, parse_move
from .position import AhoyPosition
from .state import AhoyState
from .view import AhoyView

__all__ = [
    "SHIP",
    "AhoyBoard",
    "AhoyGame",
    "AhoyPosition",
    "AhoyState",
    "AhoyView",
    "GreedyBot",
    "Pass",
    "Phase",
    "Roll",
    "Step",
    "load_board",
    "parse_move",
]
