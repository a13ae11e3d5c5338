"""The flow of a Skeleton Island game: phases, whose turn it is, what ends a turn and
when the game ends (SKEL §3 Game Turn, §4 End of the Game; docs/architecture.md §3).

A turn is a standard turn or a pirate turn (SKEL §3). Where a turn stands is its
:class:`Phase`; chance moves (the spread, a card turned over, a gust, a blind steal)
are due in the phases where :func:`current_player` says ``CHANCE``.
"""

from __future__ import annotations

from typing import Any

from ..core.events import CHANCE, TERMINAL
from ..core.phases import PhaseEnum
from .context import SkeletonContext
from .pile import Pile
from .position import SkeletonPosition, replace

__all__ = [
    "GUST",
    "HAND",
    "OVER",
    "PHASES",
    "PIRATE",
    "SECOND",
    "SETUP",
    "START",
    "STEAL",
    "Phase",
    "current_player",
    "end_standard_turn",
    "initial",
    "is_over",
    "next_turn",
    "phase",
    "setting_up",
    "turn_begins",
]


class Phase(PhaseEnum):
    """Where a Skeleton Island game stands (the values are the words views and records
    have always used)."""

    #: the spread and its face-up cards are being dealt (chance moves).
    SETUP = "setup"
    #: a turn begins or a standard turn begins: take, blow, or discard for a pirate turn.
    START = "start"
    #: a card was taken: keep it or rest it on the edge of the pile.
    HAND = "hand"
    #: a card was rested: take a second uncovered card (or stop, ruling SKEL-7).
    SECOND = "second"
    #: three cards were discarded: steal or play two standard turns.
    PIRATE = "pirate"
    #: the seat blew on the pile: the gust is due (chance).
    GUST = "gust"
    #: a blind steal: the stolen card is drawn (chance).
    STEAL = "steal"
    #: the game is over (SKEL §4).
    OVER = "over"


#: Every phase, in the order of a turn.
PHASES = tuple(Phase)
#: The members as module globals, for the hot paths: on Python 3.11 looking a member up
#: on its Enum class (``Phase.START``) costs over ten times reading ``flow.START``.
SETUP, START, HAND, SECOND, PIRATE, GUST, STEAL, OVER = PHASES


def initial(ctx: SkeletonContext) -> SkeletonPosition:
    """The position before the spread: an empty table, ``first_player`` to play first
    (SKEL §2; ruling SKEL-17)."""
    return SkeletonPosition(
        pile=Pile((), ctx.deck.size_cm),
        turn=ctx.first_player,
        phase=START,
        collections=((),) * ctx.players,
    )


def setting_up(pos: SkeletonPosition) -> bool:
    """True until the spread is laid and its face-up cards are revealed (SKEL §2)."""
    return pos.layout is None or bool(pos.setup_left)


def is_over(pos: SkeletonPosition, ctx: SkeletonContext) -> bool:
    """The game ends when every Island card has been won or every Sand card has been
    taken (SKEL §4 End of the Game)."""
    if setting_up(pos):
        return False
    if len(pos.islands) == len(ctx.deck.colours):
        return True
    if idle_round(pos, ctx):
        return True
    return not pos.pile.cards and pos.hand is None


def idle_round(pos: SkeletonPosition, ctx: SkeletonContext) -> bool:
    """Ruling SKEL-21: ``idle_rounds`` full rounds of standard turns passed in which each
    seat rested its card on the edge and kept none (take, rest, no second card could go
    on for ever: the pile never shrinks)."""
    return pos.hand is None and pos.idle >= ctx.players * ctx.idle_rounds


def current_player(pos: SkeletonPosition, ctx: SkeletonContext) -> int:
    """The seat to move, ``CHANCE`` (setup, a card to turn over, a gust, a blind
    steal) or ``TERMINAL``."""
    if pos.layout is None or pos.setup_left:  # setting up
        return CHANCE
    hand = pos.hand
    if len(pos.islands) == len(ctx.deck.colours) or (hand is None and not pos.pile.cards):
        return TERMINAL  # is_over, inlined: this is asked several times a ply
    if pos.idle and idle_round(pos, ctx):
        return TERMINAL
    if pos.phase == GUST or pos.phase == STEAL or (hand is not None and hand[1] is None):
        return CHANCE
    return pos.turn


def phase(pos: SkeletonPosition, ctx: SkeletonContext) -> Phase:
    """The phase of the game: ``SETUP`` and ``OVER`` around the phases of a turn."""
    if is_over(pos, ctx):
        return OVER
    if setting_up(pos):
        return SETUP
    return Phase(pos.phase)


def turn_begins(pos: SkeletonPosition, ctx: SkeletonContext) -> bool:
    """True at the first decision of a turn (nothing blown, taken or discarded yet)."""
    return (current_player(pos, ctx) >= 0 and pos.phase == START and not pos.acted
            and not pos.blown)


def next_turn(pos: SkeletonPosition, ctx: SkeletonContext, **changes: Any) -> SkeletonPosition:
    """The next seat clockwise begins its turn (SKEL §3: players take turns in order).

    ``changes`` are further fields of the next position (what the move itself changed),
    so that a move builds one new position.
    """
    return replace(pos, turn=(pos.turn + 1) % ctx.players, phase=START, hand=None,
                   second=False, rested=None, slots=1, acted=False, blown=False,
                   victim=None, **changes)


def end_standard_turn(
    pos: SkeletonPosition, ctx: SkeletonContext, **changes: Any
) -> tuple[SkeletonPosition, bool]:
    """A standard turn ends; after a pirate turn's ``double`` the same seat plays its
    second standard turn (then ``True`` is returned), else the turn passes.

    ``changes`` are further fields of the next position, as for :func:`next_turn`.
    """
    slots = pos.slots - 1
    islands = changes.get("islands", pos.islands)
    # the game goes on (is_over is False) while a card is left and an Island is free
    if slots > 0 and pos.pile.cards and len(islands) < len(ctx.deck.colours):
        return replace(pos, hand=None, second=False, rested=None, slots=slots,
                       phase=START, **changes), True
    return next_turn(pos, ctx, **changes), False
