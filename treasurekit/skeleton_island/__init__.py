"""Skeleton Island (SKEL): dig treasure-map pieces and gold out of a pile of cards.

``treasurekit.load_game("skeleton_island", players=3, steal="blind")``. The shape of
every game package (docs/architecture.md §3):

* ``cards.py`` (card data and its validation), ``pile.py`` (the Sand Pile as shapely
  geometry), ``moves.py`` (notation);
* ``position.py`` (the whole game as one frozen value), ``flow.py`` (the phases, whose
  turn it is, what ends a turn and the game);
* ``rules/`` (one module per rulebook section: ``setup``, ``taking``, ``resting``,
  ``pirate_turn``, ``blowing``, ``islands``, ``end``);
* ``state.py`` (the thin facade), ``view.py`` (what a seat may know), ``text.py``,
  ``clicks.py``, ``build.py`` (positions set up by hand), ``game.py``;
* ``bots.py`` (GreedyBot), ``analysis.py`` (exact card odds), ``studies.py``
  (seeded bot-against-bot studies).
"""

from .bots import GreedyBot, playout_value
from .cards import CardKind, Deck, load_cards
from .flow import PHASES, Phase
from .game import SkeletonGame
from .moves import (
    Blow,
    Discard,
    Double,
    Gust,
    Keep,
    Rest,
    Reveal,
    Spread,
    Steal,
    Stolen,
    Stop,
    Take,
    parse_move,
)
from .pile import AREA_EPS, Pile, Placement, TableCard, uncovered_cards
from .position import SkeletonPosition
from .state import SkeletonState, completion
from .view import CardView, HandView, SkeletonView

__all__ = [
    "AREA_EPS",
    "PHASES",
    "Blow",
    "CardKind",
    "CardView",
    "Deck",
    "Discard",
    "Double",
    "GreedyBot",
    "Gust",
    "HandView",
    "Keep",
    "Phase",
    "Pile",
    "Placement",
    "Rest",
    "Reveal",
    "SkeletonGame",
    "SkeletonPosition",
    "SkeletonState",
    "SkeletonView",
    "Spread",
    "Steal",
    "Stolen",
    "Stop",
    "TableCard",
    "Take",
    "completion",
    "load_cards",
    "parse_move",
    "playout_value",
    "uncovered_cards",
]
