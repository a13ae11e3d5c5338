"""Resting a card on the edge of the Sand Pile, and the second card (SKEL §3 Game Turn:
resting a card on the edge, the second card; rulings SKEL-5 and SKEL-7).

Instead of keeping the card taken, the seat may rest it face up on the edge of the
pile: uncovered and touching the table (the offered spots are ``Pile.rest_spots``; any
other placement is checked by ``Pile.rest_problem``). It may then take a second
uncovered card, which it must keep (``taking.py``), or take none (``stop``, unless
``second_card="must"``).
"""

from __future__ import annotations

from functools import lru_cache

from ...core.events import Event
from .. import flow
from ..context import SkeletonContext
from ..moves import Rest, SkeletonMove, Stop
from ..position import SkeletonPosition, replace
from . import IDLE, REST, SECOND, Problem, event, label, seat_name
from .taking import finish_standard_turn, no_hand, second_optional

__all__ = ["legal", "rest", "rest_problem", "stop", "stop_problem"]

_STOP = Stop()


@lru_cache(maxsize=8192)
def _rest_at(spot: tuple[float, float, float]) -> Rest:
    """The rest move at a resting spot's ``(x, y, angle)``, made once per spot (moves
    are frozen values: the engine hands out copies, never these)."""
    return Rest.of(*spot)


def legal(pos: SkeletonPosition, ctx: SkeletonContext) -> list[SkeletonMove]:
    """Rest the card in hand on an offered spot, or decline the second card."""
    if pos.phase == flow.HAND:
        if pos.second or not pos.pile.cards:
            return []
        deck = ctx.deck
        return [*map(_rest_at, pos.pile.rest_spot_values(deck.rest_spots, deck.rest_overlap_cm))]
    if pos.phase == flow.SECOND and second_optional(ctx):
        return [_STOP]
    return []


def stop_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Stop) -> Problem:
    """Why the seat may not decline the second card now, or None."""
    if pos.phase != flow.SECOND:
        return (f"'stop' declines the second card, which {seat_name(pos.turn)} may take "
                "only after resting a card on the edge of the pile", SECOND)
    if not second_optional(ctx):
        return ("with second_card='must' the second card must be taken (ruling "
                "SKEL-7)", SECOND)
    return None


def rest_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Rest) -> Problem:
    """Why the card in hand may not rest at ``move.placement`` now, or None."""
    if pos.phase != flow.HAND:
        return no_hand(pos, ctx, "rest")
    if pos.second:
        return ("the second card of a standard turn must be kept", SECOND)
    deck = ctx.deck
    if move.placement in pos.pile.rest_spots(deck.rest_spots, deck.rest_overlap_cm):
        return None  # a sampled spot: legal by construction
    reason = pos.pile.rest_problem(move.placement)
    return (reason, REST) if reason else None


def stop(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Stop
) -> tuple[SkeletonPosition, list[Event]]:
    """Take no second card."""
    who = seat_name(pos.turn)
    pos, events = finish_standard_turn(pos, ctx, idle=pos.idle + 1)
    return pos, [Event(f"{who} takes no second card (ruling SKEL-7)", SECOND, "stop"),
                 *events, *_idle_end(pos, ctx)]


def rest(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Rest
) -> tuple[SkeletonPosition, list[Event]]:
    """Rest the card in hand on the edge (the second card follows, if any is left)."""
    who = seat_name(pos.turn)
    assert pos.hand is not None
    card, kind = pos.hand
    pile = pos.pile.with_card_on_top(card, move.placement, kind)
    pos = replace(pos, pile=pile, hand=None, rested=card, phase=flow.SECOND)
    events = [event(
        f"{who} rests card {card} ({label(ctx.deck, kind)}) face up on the edge of the pile "
        f"at {move.x:g},{move.y:g} turned {move.angle:g}° (ruling SKEL-5)", REST, "rest")]
    if not [i for i in pile.uncovered() if i != card]:
        events.append(Event(
            f"No other card is uncovered: {who} takes no second card (ruling SKEL-7)",
            SECOND, "info"))
        pos, more = finish_standard_turn(pos, ctx, idle=pos.idle + 1)
        events += more + _idle_end(pos, ctx)
    return pos, events


def _idle_end(pos: SkeletonPosition, ctx: SkeletonContext) -> list[Event]:
    """The event of the game ending by ruling SKEL-21, if it just did."""
    if not flow.idle_round(pos, ctx):
        return []
    rounds = ctx.idle_rounds
    return [Event(f"{'A full round' if rounds == 1 else f'{rounds} full rounds'} passed with "
                  "every card taken rested again and none kept: the game ends (ruling "
                  "SKEL-21)", IDLE, "info")]
