"""A standard turn: take an uncovered card, look at it, keep it (SKEL §3 Game Turn:
standard turn, uncovered cards, the second card).

The seat takes an uncovered card (no other card overlaps it: ``Pile.uncovered`` in
``pile.py``); a face-down one is turned over (a chance move drawn from the unseen
pool). It keeps the card, or rests it on the edge of the pile (``resting.py``) and
may take a second uncovered card, which it must keep. Keeping ends the standard turn.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.events import Event
from .. import flow
from ..context import SkeletonContext
from ..flow import end_standard_turn
from ..moves import Keep, Reveal, SkeletonMove, Take
from ..position import SkeletonPosition, replace
from . import PIRATE, SECOND, STANDARD, UNCOVERED, Problem, event, label, seat_name
from .islands import collect
from .setup import reveal as setup_reveal
from .setup import reveals

__all__ = [
    "finish_standard_turn",
    "keep",
    "keep_hand",
    "keep_problem",
    "legal",
    "no_hand",
    "outcomes",
    "reveal",
    "second_optional",
    "take",
    "take_problem",
]


def second_optional(ctx: SkeletonContext) -> bool:
    """The second card after resting is a choice (SKEL §3), unless
    ``second_card="must"`` (ruling SKEL-7)."""
    return bool(ctx.second_card == "optional")


def legal(pos: SkeletonPosition, ctx: SkeletonContext) -> list[SkeletonMove]:
    """Take an uncovered card (at the start, or as the second card: not the one just
    rested), or keep the card in hand."""
    if pos.phase == flow.START:
        return [*map(take_move, pos.pile.uncovered())]
    if pos.phase == flow.HAND:
        return [_KEEP]
    if pos.phase == flow.SECOND:
        rested = pos.rested
        return [take_move(i) for i in pos.pile.uncovered() if i != rested]
    return []


#: ``Take(card)``, made once per card id (moves are frozen values: the engine hands out
#: copies, never these).
take_move = lru_cache(maxsize=4096)(Take)
_KEEP = Keep()


def outcomes(pos: SkeletonPosition, ctx: SkeletonContext) -> list[tuple[SkeletonMove, Fraction]]:
    """The face of the face-down card just taken, drawn from the unseen pool (SKEL §2)."""
    assert pos.hand is not None
    return reveals(pos, ctx, pos.hand[0])


def no_hand(pos: SkeletonPosition, ctx: SkeletonContext, verb: str) -> Problem:
    """Why the seat cannot ``verb`` (keep, rest) the card in hand: it holds none."""
    who = seat_name(pos.turn)
    if pos.phase == flow.SECOND:
        if second_optional(ctx):
            return (f"{who} rested a card and may now take a second uncovered card, "
                    "which is kept ('take N'), or take none ('stop')", SECOND)
        return (f"{who} rested a card and must now take a second uncovered card, which "
                "is kept", SECOND)
    return (f"{who} holds no card to {verb}: take an uncovered card first", STANDARD)


def keep_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Keep) -> Problem:
    """Why the seat may not keep a card now (it holds none), or None."""
    return no_hand(pos, ctx, "keep") if pos.phase != flow.HAND else None


def take_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Take) -> Problem:
    """Why card ``move.card`` may not be taken now, or None."""
    who = seat_name(pos.turn)
    pile = pos.pile
    if pos.phase == flow.HAND:
        assert pos.hand is not None
        return (f"{who} holds card {pos.hand[0]}: keep it or rest it on the edge of "
                "the pile first", STANDARD)
    if move.card not in pile:
        return (f"card {move.card} is not in the Sand Pile", STANDARD)
    if pos.phase == flow.SECOND and move.card == pos.rested:
        return (f"card {move.card} was just rested on the edge: the second card must be "
                "another uncovered card (ruling SKEL-7)", SECOND)
    above = sorted(pile.above(move.card))
    if above:
        return (f"card {move.card} is covered by card{'s' if len(above) > 1 else ''} "
                f"{', '.join(map(str, above))}: only an uncovered card (no card above "
                f"overlaps it) may be taken; uncovered now: "
                f"{', '.join(map(str, pile.uncovered()))}", UNCOVERED)
    return None


def finish_standard_turn(
    pos: SkeletonPosition, ctx: SkeletonContext, **changes: Any
) -> tuple[SkeletonPosition, list[Event]]:
    """The standard turn ends: the turn passes, or the second of two standard turns
    begins (after a pirate turn's ``double``). ``changes`` are further fields of the
    next position (see :func:`~..flow.next_turn`)."""
    pos, again = end_standard_turn(pos, ctx, **changes)
    if again:
        return pos, [Event(f"{seat_name(pos.turn)} plays the second of two standard turns",
                           PIRATE, "info")]
    return pos, []


def keep_hand(pos: SkeletonPosition, ctx: SkeletonContext) -> tuple[SkeletonPosition, list[Event]]:
    """The seat keeps the card in hand (it is collected) and its standard turn ends."""
    assert pos.hand is not None
    card, kind = pos.hand
    assert kind is not None
    seat = pos.turn
    rule = SECOND if pos.second else STANDARD
    events = [event(f"{seat_name(seat)} keeps card {card} ({label(ctx.deck, kind)})",
                    rule, "keep")]
    changes, more = collect(pos, ctx, seat, card, kind)
    events += more
    pos, more = finish_standard_turn(pos, ctx, idle=0, **changes)
    return pos, events + more


def keep(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Keep
) -> tuple[SkeletonPosition, list[Event]]:
    """Keep the card in hand (:func:`keep_hand`)."""
    return keep_hand(pos, ctx)


def reveal(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Reveal
) -> tuple[SkeletonPosition, list[Event]]:
    """Turn over a card: one of the spread during setup (:func:`.setup.reveal`), else
    the face-down card just taken (kept at once if it is the second card)."""
    if pos.setup_left:
        return setup_reveal(pos, ctx, move)
    pos = replace(pos, hand=(move.card, move.kind))
    events = [event(f"Card {move.card} is turned over: {label(ctx.deck, move.kind)}",
                    STANDARD, "reveal")]
    if pos.second:
        pos, more = keep_hand(pos, ctx)
        events += more
    return pos, events


def take(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Take
) -> tuple[SkeletonPosition, list[Event]]:
    """Take an uncovered card into the hand (a second card is kept at once)."""
    card = pos.pile.cards[move.card]
    second = pos.phase == flow.SECOND
    pos = replace(pos, pile=pos.pile.without(move.card), hand=(move.card, card.kind),
                  acted=True, second=second, phase=flow.HAND)
    what = label(ctx.deck, card.kind) if card.face_up else "face down"
    nth = "a second" if second else "an"
    events = [event(f"{seat_name(pos.turn)} takes {nth} uncovered card, {move.card} ({what})",
                    SECOND if second else STANDARD, "take")]
    if second and card.kind is not None:
        pos, more = keep_hand(pos, ctx)
        events += more
    return pos, events
