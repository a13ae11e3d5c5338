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

from ..core.errors import PlaceError, Refusal
from ..core.places import point_place
from .flow import Phase
from .moves import Rest, SkeletonMove, Steal, Take
from .pile import card_polygon
from .rules import REST, UNCOVERED

if TYPE_CHECKING:
    from .state import SkeletonState

__all__ = ["moves_at", "why_not_at"]


def moves_at(state: SkeletonState, place: object) -> list[SkeletonMove]:
    """The legal moves of the seat to move that a click on ``place`` can mean.

    Raises:
        PlaceError: ``place`` is neither an ``(x, y)`` point nor a card id of the deck.
    """
    card_or_point = _place(state, place)
    if isinstance(card_or_point, int):
        return _card_moves(state, card_or_point)
    x, y = card_or_point
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


def _place(state: SkeletonState, place: object) -> int | tuple[float, float]:
    """A collected card's id, or an ``(x, y)`` point in cm on the table.

    Raises:
        PlaceError: ``place`` is neither an ``(x, y)`` point nor a card id of the deck.
    """
    title = state.game.title
    if isinstance(place, int) and not isinstance(place, bool):
        if not 0 <= place < state.deck.total:
            raise PlaceError(f"{place} is not a card of {title}'s deck (ids 0-"
                             f"{state.deck.total - 1})")
        return place
    try:
        return point_place(place, "cm", title)
    except PlaceError:
        raise PlaceError(f"{place!r:.40} is not a place of {title}: a place is an (x, y) "
                         "point in cm on the table, or the id of a collected card") from None


def _steal(state: SkeletonState, card: int) -> Steal | None:
    """The steal a click on collected card ``card`` would mean (None: nobody holds it)."""
    owner = next((p for p in range(state.game.num_players)
                  if card in dict(state.collection(p))), None)
    if owner is None:
        return None
    return Steal(owner) if state.game.options["steal"] == "blind" else Steal(owner, card)


def _card_moves(state: SkeletonState, card: int) -> list[SkeletonMove]:
    """A click on collected card ``card``: a steal of it, when legal now."""
    if state.current_player < 0:
        return []
    move = _steal(state, card)
    return [move] if move is not None and state.why_illegal(move) is None else []


def why_not_at(state: SkeletonState, place: object) -> Refusal:
    """Why a click on ``place`` takes, rests or steals nothing now: the bare table (keep
    the card in hand or rest it; SKEL §3 Game Turn), the reason the card under the point
    may not be taken (covered: SKEL §3 uncovered cards), or the reason the collected
    card may not be stolen (SKEL §3 pirate turn).

    Raises:
        PlaceError: ``place`` is neither an ``(x, y)`` point nor a card id of the deck.
    """
    card_or_point = _place(state, place)
    if state.is_chance_node():
        return Refusal("a card is being turned over (a chance move comes first)")
    if isinstance(card_or_point, int):
        steal = _steal(state, card_or_point)
        if steal is None:
            return Refusal(f"card {card_or_point} is in nobody's collection")
        return state.refusal(steal) or Refusal("nothing to do on that card now")
    card = state.pile.card_at(*card_or_point)
    if card is None:
        if state.phase == Phase.HAND:
            return Refusal("that is the bare table: keep the card, or rest it on an offered "
                           "spot", REST)
        return Refusal("that is the bare table: take an uncovered card", UNCOVERED)
    return state.refusal(Take(card)) or Refusal("nothing to do on that card now")
