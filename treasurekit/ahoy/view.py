"""What a seat may know in Ahoy Treasures!: everything on the table.

Ahoy has no hidden cards; the only unknown is the future die, so a view carries the
whole board but never the seed (which would reveal every future roll;
docs/architecture.md §5).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import check_seat
from .context import AhoyContext
from .flow import current_player
from .position import AhoyPosition

__all__ = ["AhoyView", "view_for"]


@dataclass(frozen=True)
class AhoyView:
    """A seat's view of an Ahoy position.

    Attributes:
        player: the seat this view is for.
        to_move: seat to move, or ``CHANCE`` / ``TERMINAL``.
        die: the face showing (1-5, 6 = ship) or None before the roll.
        start: pirates on each seat's starting pile, per seat.
        squares: path squares 1..length; each a tuple of seats, bottom to top.
        planks: path squares covered by a plank.
        chests: owner seat of chests 1-5 (None while free).
        out: pirates out of the game per seat (cunning variant).
        falls: how many times each seat's pirates fell in.
        ply: moves played so far (a ply is one roll of the die or one move).
    """

    player: int
    to_move: int
    die: int | None
    start: tuple[int, ...]
    squares: tuple[tuple[int, ...], ...]
    planks: frozenset[int]
    chests: tuple[int | None, ...]
    out: tuple[int, ...]
    falls: tuple[int, ...]
    ply: int


def view_for(pos: AhoyPosition, ctx: AhoyContext, player: int, ply: int) -> AhoyView:
    """Seat ``player``'s view of ``pos`` at ply ``ply``.

    Raises:
        SeatError: (a ValueError) ``player`` is not a seat of the game.
    """
    check_seat(player, ctx.players)
    return AhoyView(
        player=player,
        to_move=current_player(pos, ctx),
        die=pos.die,
        start=pos.start,
        squares=pos.squares[1:],
        planks=pos.planks,
        chests=pos.chests,
        out=pos.out,
        falls=pos.falls,
        ply=ply,
    )
