"""Treasure Island (Burley Games, 2003): a two-dice territory game, 2-6 players.

``treasurekit.load_game("treasure_island_2003", players=4, board="small")``. Files:
``board.py`` and ``cards.py`` (data and its validation), ``enclosure.py`` (enclosed
areas and reachability), ``moves.py`` (notation), ``flow.py`` (the rules of a turn),
``state.py`` (legal moves, checks, views), ``holdings.py`` (where every card is),
``cannons.py`` (cannons and the Locker), ``skirmish.py``, ``reckoning.py`` (Legacy and
Final Reckoning), ``view.py``, ``bots.py`` (GreedyBot), ``analysis.py``.
"""

from .analysis import (
    ChestOdds,
    chest_odds,
    next_throw_chance,
    number_chance,
    skirmish_chance,
    skirmish_round,
)
from .board import Board, River, check_chests, load_board
from .bots import GreedyBot, playout_value, standing
from .cards import GOLD, JOLLY, PURPLE, CardSet, ChestSpec, TreasureType, load_cards
from .flow import Phase
from .game import TIGame
from .moves import (
    COLOURS,
    Discard,
    End,
    Fire,
    Hit,
    Open,
    Pass,
    Place,
    Protect,
    Reveal,
    Roll,
    Stash,
    Take,
    TIMove,
    parse_move,
)
from .position import TIPosition
from .state import TIState
from .studies import enclosure_frequency
from .view import TIView

__all__ = [
    "COLOURS",
    "GOLD",
    "JOLLY",
    "PURPLE",
    "Board",
    "CardSet",
    "ChestOdds",
    "ChestSpec",
    "Discard",
    "End",
    "Fire",
    "GreedyBot",
    "Hit",
    "Open",
    "Pass",
    "Phase",
    "Place",
    "Protect",
    "Reveal",
    "River",
    "Roll",
    "Stash",
    "TIGame",
    "TIMove",
    "TIPosition",
    "TIState",
    "TIView",
    "Take",
    "TreasureType",
    "check_chests",
    "chest_odds",
    "enclosure_frequency",
    "load_board",
    "load_cards",
    "next_throw_chance",
    "number_chance",
    "parse_move",
    "playout_value",
    "skirmish_chance",
    "skirmish_round",
    "standing",
]
