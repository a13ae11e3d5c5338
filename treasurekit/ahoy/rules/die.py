"""AHOY §5 What appears on the die: five dot faces and the pirate vessel ("the ship").

A roll is a chance move (:class:`Roll`), each face with chance 1/6. Dots move one
pirate exactly that many squares; the ship lets the player choose 1 to 5 (ruling
AHOY-10: any number, whatever the board ahead).

>>> from treasurekit.ahoy import AhoyGame
>>> game = AhoyGame()
>>> pos, events = apply(game.new_initial_state().position, game.context, Roll(SHIP))
>>> pos.die, steps(pos.die), str(events[0])
(6, (1, 2, 3, 4, 5), 'Red rolls the ship: choose 1 to 5 squares [AHOY §5 The die]')
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...core.chance import chance_table, exact_table
from ...core.draft import replacer
from ...core.events import Event
from ..context import AhoyContext
from ..moves import FACES, SHIP, AhoyMove, Roll, Step
from ..position import AhoyPosition
from . import DIE

__all__ = ["EXACT", "OUTCOMES", "TABLE", "advance", "apply", "count_problem", "face_text",
           "outcomes", "problem", "steps"]

#: Every roll's outcomes: each face with chance 1/6 (built once: moves are immutable).
OUTCOMES: tuple[tuple[AhoyMove, Fraction], ...] = tuple(
    (Roll(face), Fraction(1, 6)) for face in FACES
)
#: :data:`OUTCOMES` for sampling with a ``random.Random`` (``State.sample_chance``).
TABLE: tuple[tuple[AhoyMove, ...], tuple[float, ...]] = (
    tuple(chance_table(OUTCOMES)[0]), tuple(chance_table(OUTCOMES)[1]))
#: :data:`OUTCOMES` checked once and over their common denominator (``resolve_chance``).
EXACT: tuple[tuple[AhoyMove, ...], int, tuple[int, ...]] = exact_table(OUTCOMES)
_ALL_STEPS = (1, 2, 3, 4, 5)


def outcomes(pos: AhoyPosition, ctx: AhoyContext) -> list[tuple[AhoyMove, Fraction]]:
    """The chance outcomes of a roll: ``[(Roll(face), 1/6)]`` for the six faces."""
    return list(OUTCOMES)


def steps(die: int) -> tuple[int, ...]:
    """The numbers of squares a face lets a pirate move: the dots, or 1-5 for the ship."""
    return _ALL_STEPS if die == SHIP else (die,)


def face_text(die: int | None) -> str:
    """A face in words: "the ship" or the number of dots."""
    return "the ship" if die == SHIP else f"{die}"


def problem(pos: AhoyPosition, ctx: AhoyContext, move: Roll) -> tuple[str, str | None] | None:
    """A roll while the die already shows a face: the seat must move first."""
    who = ctx.board.colour_name(pos.turn)
    return (f"the die already shows {face_text(pos.die)}: {who} must move", DIE)


def count_problem(pos: AhoyPosition, move: Step) -> tuple[str, str | None] | None:
    """A step of another number of squares than the face allows, or None."""
    if pos.die != SHIP and move.steps != pos.die:
        return (f"you rolled {pos.die}: move exactly {pos.die} squares", DIE)
    if pos.die == SHIP and not 1 <= move.steps <= 5:
        return ("the ship lets you choose 1 to 5 squares, no more and no fewer", DIE)
    return None


def apply(pos: AhoyPosition, ctx: AhoyContext, move: Roll) -> tuple[AhoyPosition, list[Event]]:
    """The die shows ``move.face``; the same seat is now to move."""
    return advance(pos, move), [_rolled(ctx.board.colour_name(pos.turn), move.face)]


def advance(pos: AhoyPosition, move: Roll) -> AhoyPosition:
    """The position after the roll ``move``, without its event (the search path)."""
    return _replace(pos, die=move.face)


@lru_cache(maxsize=256)
def _rolled(who: str, face: int) -> Event:
    """The event of ``who`` rolling ``face`` (events are immutable: made once each)."""
    if face == SHIP:
        return Event(f"{who} rolls the ship: choose 1 to 5 squares", DIE, "roll")
    return Event(f"{who} rolls {face}", DIE, "roll")


#: ``AhoyPosition``'s own ``replace`` (a roll builds a position).
_replace = replacer(AhoyPosition)
