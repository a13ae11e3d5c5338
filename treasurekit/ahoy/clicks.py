"""What a click on the Ahoy Treasures! board means (``AhoyState.moves_at``;
docs/architecture.md §7).

A board's picture knows, at a click, a square (``0`` is the starting square, the
island is ``board.island_square``) or a pirate drawn there, ``(square, seat)``. The
moves a click can mean are the steps of the seat to move from that square: one after
a dot roll (move exactly the face, AHOY §5 The die), up to five after the ship (choose
1-5 squares), none when the top pirate there is not the mover's (AHOY §6: only the
top pirate of a pile moves) or when a click on a pirate names another seat's pirate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import PlaceError, Refusal
from ..core.inputs import short
from .context import AhoyContext
from .flow import game_over
from .moves import SHIP, AhoyMove, Step
from .position import AhoyPosition
from .rules import DIE, HOW_TO_PLAY, TOP_ONLY, moving

if TYPE_CHECKING:
    from .state import AhoyState

__all__ = ["moves_at", "place_square", "why_not_at"]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def place_square(ctx: AhoyContext, place: object) -> tuple[int, int | None]:
    """``(square, seat or None)`` of a place: a square number, or a pirate
    ``(square, seat)``.

    Raises:
        PlaceError: not a square of the board, or not a seat of the game.
    """
    island = ctx.island
    n = ctx.players
    square: object = place
    seat: object = None
    if isinstance(place, tuple) and len(place) == 2:
        square, seat = place
    if not _whole(square) or not 0 <= square <= island:  # type: ignore[operator]
        raise PlaceError(f"{short(place, 40)} is not a place of Ahoy Treasures!: a place is a "
                         f"square 0-{island} or a pirate (square, seat)")
    if seat is not None and (not _whole(seat) or not 0 <= seat < n):  # type: ignore[operator]
        raise PlaceError(f"{short(place, 40)}: seat {short(seat, 20)} is not a seat of this "
                         f"game (0-{n - 1})")
    return int(square), (None if seat is None else int(seat))  # type: ignore[call-overload]


def moves_at(pos: AhoyPosition, ctx: AhoyContext, place: object) -> list[AhoyMove]:
    """The legal steps of the seat to move from the square of ``place`` (see the module).

    Raises:
        PlaceError: ``place`` is not a square or a pirate of this game.
    """
    square, seat = place_square(ctx, place)
    if pos.die is None or game_over(pos, ctx):
        return []
    if seat is not None and seat != pos.turn:
        return []
    return [m for m in moving.legal(pos, ctx) if isinstance(m, Step) and m.source == square]


def why_not_at(state: AhoyState, place: object) -> Refusal:
    """Why a click on ``place`` moves nothing (``moves_at(place)`` is empty): the die is
    not rolled yet (AHOY §5 The die), another seat's starting pile (§4 How to play), a
    pirate under the mover's own on a pile (§6: only the top pirate moves), else the
    reason the step from that square is refused.

    Raises:
        PlaceError: ``place`` is not a square or a pirate of this game.
    """
    square, owner = place_square(state.context, place)
    seat = state.turn
    who = state.colour(seat)
    if state.is_chance_node():
        return Refusal(f"{who} must roll the die first", DIE)
    if owner is not None and owner != seat:
        if square == 0:
            return Refusal(f"that is {state.colour(owner)}'s starting pile: you play {who} and "
                           f"move only your own ({who.lower()}) pirates", HOW_TO_PLAY)
        pile = state.pile(square) if 0 < square < state.context.island else ()
        if pile and pile[-1] == seat:
            return Refusal(f"that {state.colour(owner)} pirate is under one of yours; only the "
                           f"top pirate of a pile moves: click the top of the pile on square "
                           f"{square}", TOP_ONLY)
    probe = Step(square, 1 if state.die == SHIP else int(state.die or 0))
    return state.refusal(probe) or Refusal("that pirate cannot move now")
