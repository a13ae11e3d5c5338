"""Blowing on the Sand Pile (SKEL §3 Game Turn: blowing on the pile; rulings SKEL-10
and SKEL-11).

When only one or two cards are uncovered, the seat may close its eyes and blow once,
in a single gust, before taking its turn. The gust is a chance move: a direction and
a strength, all equally likely; the uncovered cards fly that far and land on top
(``Pile.blown``).
"""

from __future__ import annotations

from fractions import Fraction

from ...core.events import Event
from .. import flow
from ..context import SkeletonContext
from ..moves import Blow, Gust, SkeletonMove
from ..position import SkeletonPosition, replace
from . import BLOW, Problem, seat_name

__all__ = ["blow", "gust", "legal", "outcomes", "problem"]


def problem(
    pos: SkeletonPosition, ctx: SkeletonContext, move: SkeletonMove | None = None
) -> Problem:
    """Why the seat to move may not blow now, or None."""
    if pos.phase != flow.START or pos.acted:
        return ("blowing is allowed only before the turn, before any card is taken or "
                "discarded (ruling SKEL-10)", BLOW)
    if pos.blown:
        return ("the pile may be blown on only once per turn", BLOW)
    n = len(pos.pile.uncovered())
    if not 1 <= n <= 2:
        return (f"blowing is allowed only when one or two cards are uncovered; "
                f"{n} are", BLOW)
    return None


def legal(pos: SkeletonPosition, ctx: SkeletonContext) -> list[SkeletonMove]:
    """``[Blow()]`` when the seat may blow now, else ``[]``."""
    return [_BLOW] if problem(pos, ctx) is None else []


_BLOW = Blow()


def outcomes(pos: SkeletonPosition, ctx: SkeletonContext) -> list[tuple[SkeletonMove, Fraction]]:
    """The gust: every direction and strength equally likely (ruling SKEL-11)."""
    return ctx.gust_outcomes


def blow(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Blow
) -> tuple[SkeletonPosition, list[Event]]:
    """Blow on the pile (the gust is drawn next)."""
    return replace(pos, blown=True, phase=flow.GUST), [Event(
        f"{seat_name(pos.turn)} closes their eyes and blows once on the Sand Pile",
        BLOW, "blow")]


def gust(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Gust
) -> tuple[SkeletonPosition, list[Event]]:
    """The gust carries the uncovered cards."""
    before = len(pos.pile.uncovered())
    distance = ctx.deck.gust_strengths[move.strength]
    pile = pos.pile.blown(move.direction, distance)
    after = len(pile.uncovered())
    return replace(pos, pile=pile, phase=flow.START), [Event(
        f"The gust blows towards {move.direction.upper()} ({move.strength}): the "
        f"uncovered cards fly {distance:g} cm and land on top; uncovered cards: "
        f"{before} -> {after} (ruling SKEL-11)", BLOW, "gust")]
