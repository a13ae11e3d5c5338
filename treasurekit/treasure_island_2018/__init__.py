"""Treasure Island (Matagot, 2018; TI2018): Long John Silver hides his treasure and
gives hints; 1-4 pirates move, search and deduce on a map measured in miles.

``treasurekit.load_game("treasure_island_2018", players=4)``. Files: ``map.py`` (the
island as validated shapely geometry), ``decks.py`` (cards, characters, calendars as
validated data), ``geometry.py``, ``hints.py`` (every hint: truth, region, drawing),
``moves.py`` (notation), ``state.py`` (every rule), ``view.py``, ``posterior.py`` (the
probability map), ``bots.py`` (SilverBot, GreedyBot), ``analysis.py``.
"""

from .analysis import Shrinkage, feasible_history, hint_shrinkage, treasure_rank
from .bots import GreedyBot, SilverBot
from .clicks import PlaceError, moves_at
from .clues import Clue, clues_for
from .decks import Decks, load_decks
from .game import TIGame
from .hint_words import describe
from .hints import Situation, truthful
from .map import IslandMap
from .map_data import load_map
from .moves import (
    Answer,
    Ask,
    Bury,
    Card,
    Compass,
    Confess,
    Deal,
    Done,
    Draw,
    Foot,
    Gallop,
    Horse,
    PlayHint,
    Prison,
    Redraw,
    Remote,
    Reveal,
    Search,
    Share,
    TIMove,
    UseItem,
    Verify,
    parse_move,
)
from .posterior import Grid, Posterior, coverage, posterior_for, sample_treasure
from .regions import Drawing, drawings, region
from .state import PlayedHint, TIState
from .studies import bot_match
from .text import MoveWords, move_words
from .view import TIView

__all__ = [
    "Answer",
    "Ask",
    "Bury",
    "Card",
    "Clue",
    "Compass",
    "Confess",
    "Deal",
    "Decks",
    "Done",
    "Draw",
    "Drawing",
    "Foot",
    "Gallop",
    "GreedyBot",
    "Grid",
    "Horse",
    "IslandMap",
    "MoveWords",
    "PlaceError",
    "PlayHint",
    "PlayedHint",
    "Posterior",
    "Prison",
    "Redraw",
    "Remote",
    "Reveal",
    "Search",
    "Share",
    "Shrinkage",
    "SilverBot",
    "Situation",
    "TIGame",
    "TIMove",
    "TIState",
    "TIView",
    "UseItem",
    "Verify",
    "bot_match",
    "clues_for",
    "coverage",
    "describe",
    "drawings",
    "feasible_history",
    "hint_shrinkage",
    "load_decks",
    "load_map",
    "move_words",
    "moves_at",
    "parse_move",
    "posterior_for",
    "region",
    "sample_treasure",
    "treasure_rank",
    "truthful",
]
