"""What a click on a hex of the Sjörövarön map means (``SjoState.moves_at``).

A board's picture knows the hex under the pointer, by name (``"k11"``). The moves a
click there can mean are the legal moves of the seat to move that are aimed at that
hex: the listed walk ending there (SJO §5 Movement over Land), a jump, a river
crossing or a climb to it, a push of a wounded pirate into it, a pick of it as a
starting hex (SJO §3 Set Up), and a shot or a mortar fire at a pirate standing there
(SJO §7). Several moves (picks of different pirates, a walk and a shot) are offered
as choices by the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.errors import PlaceError, Refusal
from ..core.inputs import short
from .island import SjoMap
from .moves import Climb, Cross, Fire, Jump, Pick, Push, Shoot, SjoMove, Walk
from .position import Pirate
from .rules import MOVE, PICK, TURN

if TYPE_CHECKING:
    from .state import SjoState

__all__ = ["moves_at", "why_not_at"]


def _aim(move: SjoMove) -> str | None:
    """The hex name a move is aimed at, or None."""
    if isinstance(move, Walk):
        return move.end
    if isinstance(move, (Jump, Cross, Climb)):
        return move.to
    if isinstance(move, Push):
        return move.into
    if isinstance(move, Pick):
        return move.at
    return None


def moves_at(board: SjoMap, pirates: Sequence[Pirate | None], legal: Sequence[SjoMove],
             place: object) -> list[SjoMove]:
    """The moves among ``legal`` (the legal moves of the seat to move) that a click on
    hex ``place`` can mean, given where the ``pirates`` stand.

    Raises:
        PlaceError: ``place`` is not the name of a hex of the map.
    """
    h = _hex(board, place)
    name = board.label(h)
    standing = {p.name for p in pirates if p is not None and p.at == h and not p.out}
    return [m for m in legal
            if _aim(m) == name
            or (isinstance(m, (Shoot, Fire)) and m.target is not None and m.target in standing)]


def _hex(board: SjoMap, place: object) -> int:
    """The hex a place names.

    Raises:
        PlaceError: ``place`` is not the name of a hex of the map.
    """
    if not isinstance(place, str):
        raise PlaceError(f"{short(place, 40)} is not a place of Sjörövarön: a place is a hex "
                         "name such as 'k11'")
    try:
        return board.hex(place)
    except ValueError as exc:
        raise PlaceError(str(exc)) from exc


def why_not_at(state: SjoState, place: object) -> Refusal:
    """Why a click on hex ``place`` means nothing now (nothing is aimed there): during a
    walk, the hex is not land or no walk of exactly the roll ends there (SJO §5
    Movement over Land); at the pick, why the seat's next pirate may not start there
    (SJO §3 Set Up); otherwise nothing of this phase is aimed at a hex (SJO §4).

    Raises:
        PlaceError: ``place`` is not the name of a hex of the map.
    """
    board, phase, die = state.board, state.phase, state.die
    h = _hex(board, place)
    name = board.label(h)
    if phase == "pick":
        pirate = next((m.pirate for m in state.legal_moves() if isinstance(m, Pick)), None)
        refusal = None if pirate is None else state.refusal(Pick(pirate, name))
        return refusal or Refusal(f"no pirate may start on {name}", PICK)
    if phase == "walk":
        if not board.is_land(h):
            return Refusal(f"{name} is {board.kinds[h]}: a walk goes over land only", MOVE)
        return Refusal(f"no walk of exactly {die} ends on {name} (each hex once, around "
                       "other pirates)", MOVE)
    if phase == "roll":
        return Refusal("the die must be rolled first", MOVE)
    return Refusal(f"nothing to do on {name} now", TURN)
