"""What the Treasure Island (2003) rules read from the game, as data: the rules context.

``TIGame`` builds one :class:`TI2003Context` when it is made (its board side, its card
data, its options) and every state of that game keeps it; ``flow.py`` and the modules
of ``rules/`` take it as ``ctx`` and import nothing above themselves
(docs/architecture.md §3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .board import Board
from .cards import CardSet

__all__ = ["TI2003Context"]


@dataclass(frozen=True, eq=False)
class TI2003Context:
    """The tables and options one game's rules read (shared, never changed).

    Attributes:
        board: the board side in play, validated (TI2003 §1 Components: Game Board, the
            Large Board 14 x 14 or the Small Board 12 x 12, or a board file of one's own).
        cards: the card data, validated: the deck, the Treasure Board's chests and
            Davy Jones' Legacy, the Locker's limits, the scoring (TI2003 §1, §3, §10;
            rulings TI2003-1 to 5).
        chest_cards: chest id -> cards dealt face down to it on this board side
            (TI2003 §3 Setup), in Treasure Board order.
        players: the number of seats, 2 to 6 (``players`` option; TI2003 §3 Setup).
        first_player: ``"roll"`` (the opening throws decide, TI2003 §4) or the seat
            that throws first (``first_player`` option).
        cannons: ``"must"`` (a usable cannon must be used) or ``"optional"`` (any
            cannon may go to the Locker): ruling TI2003-13, ``cannons`` option.
        stolen_protection: ``"any"`` (any purple cannon in hand may protect a freshly
            stolen pile) or ``"same_chest"`` (only one from the stealing cannon's
            chest): ruling TI2003-14, ``stolen_protection`` option.
    """

    board: Board
    cards: CardSet
    chest_cards: Mapping[str, int]
    players: int
    first_player: str | int
    cannons: str
    stolen_protection: str
