"""Skeleton Island (SKEL): dig treasure-map pieces and gold out of a pile of cards.

``treasurekit.load_game("skeleton_island", players=3, steal="blind")``. Files:
``cards.py`` (card data and its validation), ``pile.py`` (the Sand Pile as shapely
geometry), ``moves.py`` (notation), ``state.py`` (every rule), ``view.py``,
``bots.py`` (GreedyBot), ``analysis.py`` (exact card odds and simulations).
"""

from .bots import GreedyBot
from .cards import CardKind, Deck, load_cards
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
from .state import SkeletonState, completion
from .view import CardView, HandView, SkeletonView

__all__ = [
    "AREA_EPS",
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
    "Pile",
    "Placement",
    "Rest",
    "Reveal",
    "SkeletonGame",
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
    "uncovered_cards",
]
