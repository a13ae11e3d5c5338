"""What a click on a square of the Treasure Island (2003) board means
(``TIState.moves_at``).

A board's picture knows the square under the pointer, by name (``"c7"``) or index.
A click there can mean one move: putting a counter on that square, when the dice
allow it (TI2003 §4 Landings, Advances). Every other decision of a turn (which chest
first, cannons, the Locker, discards, passing) has no place on the board and is a
button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import PlaceError, Refusal
from ..core.inputs import short
from .flow import Phase, current_player
from .moves import Place, TIMove
from .rules import PLACING, advances

if TYPE_CHECKING:
    from .state import TIState

__all__ = ["moves_at", "place_name", "why_not_at"]


def place_name(state: TIState, place: object) -> str:
    """The square name of ``place`` (a name such as ``"c7"`` or a square index) on the
    board of ``state``.

    Raises:
        PlaceError: not a square of this board.
    """
    board = state.board
    cells = board.size * board.size
    if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < cells:
        return board.name_of(place)
    if isinstance(place, str):
        try:
            return board.name_of(board.square(place))
        except ValueError as exc:
            raise PlaceError(str(exc)) from exc
    raise PlaceError(f"{short(place, 40)} is not a place of {state.game.title}: a place is a "
                     f"square name such as 'c7' or an index 0-{cells - 1}")


def moves_at(state: TIState, place: object) -> list[TIMove]:
    """``[place <square>]`` when the dice allow a counter there now, else ``[]``.

    Raises:
        PlaceError: ``place`` is not a square of this board.
    """
    move = Place(place_name(state, place))
    p = state.position
    if current_player(p) < 0 or p.phase != Phase.PLACE:
        return []
    return [move] if advances.problem(p, state.context, move) is None else []


def why_not_at(state: TIState, place: object) -> Refusal:
    """Why a click on square ``place`` places nothing now: the dice are not thrown yet
    (TI2003 §4), the turn is at a decision that is not a square (a chest, a cannon...),
    or the reason a counter may not go there (TI2003 §4 Landings, Advances).

    Raises:
        PlaceError: ``place`` is not a square of this board.
    """
    name = place_name(state, place)
    if state.is_chance_node():
        return Refusal(f"{state.colour(int(state.turn))} must throw the dice first", PLACING)
    if state.phase != Phase.PLACE:
        return Refusal(f"{state.expecting()}; a click on {name} means nothing now")
    return state.refusal(Place(name)) or Refusal("nothing to do on that square now")
