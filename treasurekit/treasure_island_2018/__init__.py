"""Treasure Island (Matagot, 2018; TI2018): Long John Silver hides his treasure and
gives hints; 1-4 pirates move, search and deduce on a map measured in miles.

``treasurekit.load_game("treasure_island_2018", players=4)``. The package has the shape
of every game (docs/architecture.md §3):

* data: ``map.py`` (the island as shapely geometry), ``map_data.py`` (loading and
  validating the map file), ``decks.py`` (cards, characters, calendars), ``geometry.py``;
  ``hints.py`` (every hint's parameters and truth), ``regions.py`` (its region and
  drawings), ``hint_words.py`` (its words), ``clues.py`` (what a pirate knows);
  ``moves.py`` (the notation);
* ``context.py`` (:class:`TI2018Context`, the tables and options the rules read, built
  by ``game.py``), ``position.py`` (:class:`TIPosition`, the whole game as one frozen
  value), ``flow.py``
  (:class:`Phase`, whose move, the end), ``rules/`` (one module per rulebook section:
  setup, calendar, hints, confession, actions, movement, searches, chest, compass,
  escape), ``state.py`` (:class:`TIState`, a thin facade);
* ``view.py`` (what a seat may know), ``text.py`` (words), ``clicks.py`` (what a click on
  the map means), ``build.py`` (positions set up by hand);
* ``posterior.py`` (the probability map), ``danger.py``, ``silver_bot.py`` and
  ``bots.py`` (SilverBot, GreedyBot), ``analysis.py``, ``studies.py`` (bot against bot).
"""

from .analysis import Shrinkage, feasible_history, hint_shrinkage, treasure_rank
from .bots import GreedyBot, SilverBot
from .clicks import PlaceError, moves_at
from .clues import Clue, clues_for
from .context import TI2018Context
from .decks import Decks, load_decks
from .flow import Phase
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
from .position import TIPosition
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
    "Phase",
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
    "TI2018Context",
    "TIGame",
    "TIMove",
    "TIPosition",
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
