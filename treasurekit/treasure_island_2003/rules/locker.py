"""Davy Jones' Locker at the end of a turn (TI2003 §6, §7 Jolly Roger Cards).

* At the end of a turn the player may take out of the Locker every card of a type
  they already hold (not a type they put there themselves: ruling TI2003-23), and
  any cannon they can use at once (``rules/cannons.py``); ``end`` ends the turn.
* A player holding more treasure types than the Locker's number for this many
  players (plus one per Jolly Roger) puts whole types into the Locker until within
  the limit; a purple cannon under a discarded pile goes to the fired pile.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.events import Event
from .. import rules
from ..context import TI2003Context
from ..flow import DISCARD, WRAP, Step, colour, limit, wrong
from ..holdings import read
from ..moves import Discard, End, Fire, Protect, Take
from ..position import TIDraft, TIPosition
from . import cannons

__all__ = ["discard_effect", "discard_legal", "discard_problem", "end_problem", "legal",
           "take_effect", "take_problem"]

Problem = tuple[str, str | None] | None


def legal(p: TIPosition, ctx: TI2003Context) -> list[Take | Fire | Protect | End]:
    """The legal moves of the ``wrap`` phase: Locker moves, or ``end``."""
    return [*cannons.locker_moves(p, ctx, read(p.holdings, ctx.cards)), End()]


def take_problem(p: TIPosition, ctx: TI2003Context, move: Take) -> Problem:
    """Why ``take <type>`` is illegal now, or None."""
    if p.phase != WRAP:
        return wrong(p, ctx, move)
    h = read(p.holdings, ctx.cards)
    kind = move.kind
    if kind not in ctx.cards.type_ids:
        return (f"{kind!r} is not a treasure type; cannons leave the Locker by being fired "
                "or used to protect ('fire gold from locker at ...')", rules.LOCKER_CANNON_TAKE)
    label = ctx.cards.label(kind)
    if kind not in h.locker:
        return (f"there are no {label} in Davy Jones' Locker", rules.LOCKER_TAKE)
    if kind not in h.piles[p.turn]:
        return (f"{colour(p.turn)} holds no {label}: only a player who already "
                "has a type may take it out of the Locker", rules.LOCKER_TAKE)
    if p.turn in h.locker_by.get(kind, frozenset()):
        return (f"{colour(p.turn)} put the {label} into Davy Jones' Locker: only "
                "the other players may take them out (ruling TI2003-23)", rules.LOCKER_TAKE)
    return None


def take_effect(d: TIDraft, ctx: TI2003Context, move: Take) -> list[Event]:
    """Every card of the type comes out of the Locker to the player."""
    n = d.h.take(d.turn, move.kind)
    text = (f"{colour(d.turn)} takes {ctx.cards.amount(move.kind, n)} out of "
            "Davy Jones' Locker")
    return [Event(text, rules.LOCKER_TAKE, "take"), *cannons.after_cannon(d, ctx, True)]


def end_problem(p: TIPosition, ctx: TI2003Context, move: End) -> Problem:
    """``end`` ends a turn in which Locker moves were possible."""
    return None if p.phase == WRAP else wrong(p, ctx, move)


def end_effect(d: TIDraft, ctx: TI2003Context, move: End) -> list[Event]:
    """No more Locker moves: the turn ends."""
    d.goto(Step.FINISH_TURN)
    return []


#: ``discard <type>`` made once per type (a frozen value the legal-move lists share).
_discard = lru_cache(maxsize=1024, typed=True)(Discard)


def discard_legal(p: TIPosition, ctx: TI2003Context) -> list[Discard]:
    """The legal moves of the ``discard`` phase: any type the player holds."""
    pile = read(p.holdings, ctx.cards).piles[p.turn]
    return [_discard(k) for k in ctx.cards.type_ids if k in pile]


def discard_problem(p: TIPosition, ctx: TI2003Context, move: Discard) -> Problem:
    """Why ``discard <type>`` is illegal now, or None."""
    if p.phase != DISCARD:
        return wrong(p, ctx, move)
    if move.kind not in read(p.holdings, ctx.cards).piles[p.turn]:
        return (f"{colour(p.turn)} holds no {move.kind!r} to discard", rules.LOCKER_PLACE)
    return None


def discard_effect(d: TIDraft, ctx: TI2003Context, move: Discard) -> list[Event]:
    """The whole type goes into the Locker; within the limit, the next turn."""
    seat = d.turn
    h = d.h
    n, was = h.discard(seat, move.kind)
    text = f"{colour(seat)} puts {ctx.cards.amount(move.kind, n)} into Davy Jones' Locker"
    events = [Event(text, rules.LOCKER_PLACE, "discard")]
    if was:
        events.append(Event("the purple cannon that protected them goes to the fired "
                            "pile", rules.LOCKER_DISCARDED_CANNON, "fired"))
    if h.types(seat) > limit(ctx, h, seat):
        return events
    d.goto(Step.NEXT_TURN)
    return events
