"""AHOY §6 Important pirates' rules, water: a pirate that lands on a water square falls
in and goes back to its starting square (AHOY §9: in the cunning variant it leaves the
game); a plank then covers that square, firm ground for every pirate after it.

Water squares passed over count as steps like any other. Only the top pirate of a
pile moves, so a falling pirate never carries others along (ruling AHOY-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from .. import flow
from ..moves import square_text
from ..position import AhoyPosition, with_count
from . import WATER, cunning

if TYPE_CHECKING:
    from ..game import AhoyGame

__all__ = ["fall", "fall_event", "open_water"]


def open_water(pos: AhoyPosition, game: AhoyGame, square: int) -> bool:
    """True if a pirate landing on path ``square`` falls in: water with no plank on it."""
    return game.water[square] and square not in pos.planks


def fall(
    pos: AhoyPosition, game: AhoyGame, square: int, start: tuple[int, ...],
    squares: tuple[tuple[int, ...], ...],
) -> AhoyPosition:
    """The pirate of ``pos.turn`` that left its square (giving ``start`` and ``squares``)
    lands on open water at ``square``: it falls in (back to its starting pile, or out of
    the game for cunning pirates), a plank covers the square, the turn ends."""
    seat = pos.turn
    out = pos.out
    if game.cunning:
        out = cunning.leave_the_game(out, seat)
    else:
        start = with_count(start, seat, 1)
    return flow.end_turn(pos, game, start=start, squares=squares, out=out,
                         planks=pos.planks | {square}, falls=with_count(pos.falls, seat, 1))


def fall_event(pos: AhoyPosition, game: AhoyGame, source: int, square: int) -> Event:
    """The event of :func:`fall` (``pos`` is the position before the move)."""
    fate, rule = cunning.FATE if game.cunning else ("goes back to the starting square", WATER)
    return Event(
        f"{game.board.colour_name(pos.turn)}'s pirate from {square_text(source)} fell into "
        f"the water at square {square} and {fate}; a plank now covers square {square}",
        rule, "fall",
    )
