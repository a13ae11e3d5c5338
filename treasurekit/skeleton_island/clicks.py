"""What a click on the Skeleton Island table means (``SkeletonState.moves_at``).

A board's picture knows, at a click, a point ``(x, y)`` in cm on the table (the Sand
Pile) or a collected card in front of a seat (its card id). A click can mean:

* on the pile, holding a card: resting it on the offered spot whose card-sized
  rectangle covers the point (the one centred nearest, when spots overlap; SKEL §3
  Game Turn: resting a card);
* on the pile otherwise: taking the topmost card under the point, when it is
  uncovered (SKEL §3: uncovered cards);
* on an opponent's collected card after a pirate turn's discard: stealing it (with
  ``steal="blind"`` only its owner counts; SKEL §4 Pirate turn).

Choosing three of your own cards for a pirate turn's discard takes three clicks and
is a selection on the board, not one move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shapely.geometry import Point  # type: ignore[import-untyped]

from ..core.errors import PlaceError
from ..core.places import point_place
from .moves import Rest, SkeletonMove, Steal, Take
from .pile import card_polygon

if TYPE_CHECKING:
    from .state import SkeletonState

__all__ = ["moves_at"]


def moves_at(state: SkeletonState, place: object) -> list[SkeletonMove]:
    """The legal moves of the seat to move that a click on ``place`` can mean.

    Raises:
        PlaceError: ``place`` is neither an ``(x, y)`` point nor a card id of the deck.
    """
    title = state.game.title
    if isinstance(place, int) and not isinstance(place, bool):
        if not 0 <= place < state.deck.total:
            raise PlaceError(f"{place} is not a card of {title}'s deck (ids 0-"
                             f"{state.deck.total - 1})")
        return _card_moves(state, place)
    try:
        x, y = point_place(place, "cm", title)
    except PlaceError:
        raise PlaceError(f"{place!r:.40} is not a place of {title}: a place is an (x, y) "
                         "point in cm on the table, or the id of a collected card") from None
    if state.current_player < 0:
        return []
    legal = state.legal_moves()
    width, height = state.deck.size_cm
    point = Point(x, y)
    rests = [m for m in legal if isinstance(m, Rest)
             and card_polygon(m.x, m.y, m.angle, width, height).covers(point)]
    if rests:
        return [min(rests, key=lambda m: (m.x - x) ** 2 + (m.y - y) ** 2)]
    card = state.pile.card_at(x, y)
    if card is None:
        return []
    return [m for m in legal if isinstance(m, Take) and m.card == card]


def _card_moves(state: SkeletonState, card: int) -> list[SkeletonMove]:
    """A click on collected card ``card``: a steal of it, when legal now."""
    if state.current_player < 0:
        return []
    owner = next((p for p in range(state.game.num_players)
                  if card in dict(state.collection(p))), None)
    if owner is None:
        return []
    blind = state.game.options["steal"] == "blind"
    move = Steal(owner) if blind else Steal(owner, card)
    return [move] if state.why_illegal(move) is None else []
