"""AHOY §6 Important pirates' rules: you are obliged to move. Only when every pirate of
the seat is blocked, or every move would pass Buccaneer Island, does the turn pass to
the next seat (a :class:`Pass`, written ``pass``; ruling AHOY-12: passing is a move,
so records and bots handle it like any other).
"""

from __future__ import annotations

from ...core.events import Event
from .. import flow
from ..context import AhoyContext
from ..moves import AhoyMove, Pass
from ..position import AhoyPosition
from . import MUST_MOVE, end, moving

__all__ = ["apply", "legal", "problem"]


def legal(pos: AhoyPosition, ctx: AhoyContext) -> list[AhoyMove]:
    """``[Pass()]`` when the seat to move has no step, else ``[]``."""
    return [] if moving.legal(pos, ctx) else [Pass()]


def problem(pos: AhoyPosition, ctx: AhoyContext, move: Pass) -> tuple[str, str | None] | None:
    """Passing while a step is legal, or None."""
    steps = [str(m) for m in moving.legal(pos, ctx)]
    if not steps:
        return None
    who = ctx.board.colour_name(pos.turn)
    return (f"{who} is obliged to move and can: {', '.join(steps)}", MUST_MOVE)


def apply(pos: AhoyPosition, ctx: AhoyContext, move: Pass) -> tuple[AhoyPosition, list[Event]]:
    """The seat gives up its turn; the next seat rolls."""
    event = Event(f"{ctx.board.colour_name(pos.turn)} cannot move and passes", MUST_MOVE,
                  "pass")
    after = flow.end_turn(pos)
    return after, end.announce(after, ctx, [event])
