"""treasurekit: learn, play and analyse treasure-hunt board games.

>>> import treasurekit
>>> game = treasurekit.load_game("ahoy", players=3)
>>> state = game.new_initial_state(seed=7)
>>> state.current_player == treasurekit.CHANCE
True

The five games are declared here by name and imported only when first needed
(``load_game``, ``GAMES[name]``, ``treasurekit.ahoy``): ``import treasurekit`` alone
loads the core (docs/architecture.md §1).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

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

#: The game packages, registry name = subpackage name, in the registry's order.
_GAME_PACKAGES = ("ahoy", "sjorovaron", "skeleton_island", "treasure_island_2003",
                  "treasure_island_2018")
for _name in _GAME_PACKAGES:
    GAMES.declare(_name, f"{__name__}.{_name}")
del _name

if not TYPE_CHECKING:  # mypy resolves `treasurekit.ahoy` itself; keep typos in view

    def __getattr__(name: str) -> ModuleType:
        """``treasurekit.ahoy`` after a bare ``import treasurekit`` (PEP 562): the game
        package is imported on first access, as it was imported eagerly before."""
        if name in _GAME_PACKAGES:
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *_GAME_PACKAGES})


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
