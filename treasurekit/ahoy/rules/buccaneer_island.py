"""AHOY §7 Reaching Buccaneer Island: only with the exact count; the first pirate there
takes chest 1, the next chest 2, and so on.

A move that would pass the island is not allowed (the seat passes if it has no other
move, AHOY §6); with ``overshoot="bounce"`` it counts back from the island instead
(ruling AHOY-4). A pirate on a chest never moves again.
"""

from __future__ import annotations

from ...core.events import Event
from .. import flow
from ..context import AhoyContext
from ..moves import Step, square_text
from ..position import AhoyPosition
from . import EXACT_ROLL

__all__ = ["chest_event", "overshoot_problem", "take_chest", "target"]


def target(ctx: AhoyContext, source: int, steps: int) -> int | None:
    """The square where ``steps`` squares from ``source`` end (0 = the starting square,
    ``board.island_square`` = Buccaneer Island), or None when the move would pass the
    island (with ``overshoot="bounce"`` it counts back instead). It does not check whose
    pirate is there or whether it may move.

    >>> from treasurekit.ahoy import AhoyGame
    >>> target(AhoyGame().context, 18, 3), target(AhoyGame().context, 18, 4)
    (21, None)
    >>> target(AhoyGame(overshoot="bounce").context, 18, 5)
    19
    """
    end = source + steps
    island = ctx.island
    if end <= island:
        return end
    if ctx.bounce:
        return 2 * island - end
    return None


def overshoot_problem(ctx: AhoyContext, move: Step) -> tuple[str, str | None] | None:
    """A step that would pass the island, or None."""
    if target(ctx, move.source, move.steps) is not None:
        return None
    need = ctx.island - move.source
    return (
        f"{move.steps} squares from {square_text(move.source)} go past Buccaneer "
        f"Island, which needs exactly {need}",
        EXACT_ROLL,
    )


def take_chest(
    pos: AhoyPosition, start: tuple[int, ...], squares: tuple[tuple[int, ...], ...],
) -> AhoyPosition:
    """The pirate of ``pos.turn`` that left its square (giving ``start`` and ``squares``)
    lands on the island and takes the lowest free chest; the turn ends."""
    chests = pos.chests
    number = chests.index(None)
    chests = (*chests[:number], pos.turn, *chests[number + 1:])
    return flow.end_turn(pos, start=start, squares=squares, chests=chests)


def chest_event(pos: AhoyPosition, ctx: AhoyContext, source: int) -> Event:
    """The event of :func:`take_chest` (``pos`` is the position before the move)."""
    number = pos.chests.index(None) + 1
    value = ctx.board.chests[number - 1].value
    return Event(
        f"{ctx.board.colour_name(pos.turn)}'s pirate sails from {square_text(source)} to "
        f"Buccaneer Island with the exact count and takes chest {number} (worth {value})",
        EXACT_ROLL, "island",
    )
