"""treasurekit: learn, play and analyse treasure-hunt board games.

>>> import treasurekit
>>> game = treasurekit.load_game("ahoy", players=3)
>>> state = game.new_initial_state(seed=7)
>>> state.current_player == treasurekit.CHANCE
True
"""

from . import ahoy as _ahoy  # noqa: F401  (registers the game)
from . import sjorovaron as _sjorovaron  # noqa: F401  (registers the game)
from . import skeleton_island as _skeleton_island  # noqa: F401  (registers the game)
from . import treasure_island_2003 as _treasure_island_2003  # noqa: F401  (registers the game)
from . import treasure_island_2018 as _treasure_island_2018  # noqa: F401  (registers the game)
from .core import (
    CHANCE,
    GAMES,
    TERMINAL,
    Event,
    GameRecord,
    IllegalMoveError,
    MCTSBot,
    Outcome,
    RandomBot,
    SeatRecord,
    load_game,
    replay,
    replay_seat,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Event",
    "GameRecord",
    "IllegalMoveError",
    "MCTSBot",
    "Outcome",
    "RandomBot",
    "SeatRecord",
    "__version__",
    "load_game",
    "replay",
    "replay_seat",
]
