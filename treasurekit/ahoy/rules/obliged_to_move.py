"""AHOY §6 Important pirates' rules: you are obliged to move. Only when every pirate of
the seat is blocked, or every move would pass Buccaneer Island, does the turn pass to
the next seat (a :class:`Pass`, written ``pass``; ruling AHOY-12: passing is a move,
so records and bots handle it like any other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from .. import flow
from ..moves import AhoyMove, Pass
from ..position import AhoyPosition
from . import MUST_MOVE, end, moving

if TYPE_CHECKING:
    from ..game import AhoyGame

__all__ = ["apply", "legal", "problem"]


def legal(pos: AhoyPosition, game: AhoyGame) -> list[AhoyMove]:
    """``[Pass()]`` when the seat to move has no step, else ``[]``."""
    return [] if moving.legal(pos, game) else [Pass()]


def problem(pos: AhoyPosition, game: AhoyGame, move: Pass) -> tuple[str, str | None] | None:
    """Passing while a step is legal, or None."""
    steps = [str(m) for m in moving.legal(pos, game)]
    if not steps:
        return None
    who = game.board.colour_name(pos.turn)
    return (f"{who} is obliged to move and can: {', '.join(steps)}", MUST_MOVE)


def apply(pos: AhoyPosition, game: AhoyGame, move: Pass) -> tuple[AhoyPosition, list[Event]]:
    """The seat gives up its turn; the next seat rolls."""
    event = Event(f"{game.board.colour_name(pos.turn)} cannot move and passes", MUST_MOVE,
                  "pass")
    after = flow.end_turn(pos, game)
    return after, end.announce(after, game, [event])
