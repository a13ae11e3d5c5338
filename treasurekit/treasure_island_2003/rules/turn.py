"""A turn (TI2003 §4 How to Play, Doubles (Pasch); §9 Using both dice).

* The opening throws: every player throws two dice, the highest total goes first;
  tied players throw again (ruling TI2003-8).
* A turn begins with a throw of two dice. A player uses one number of it, or both in
  turn once none of their counters can reach an unopened treasure square any more
  (TI2003 §9 Using both dice; announced before the throw that uses them).
* Doubles: the player throws again after using them.
* The end of a turn: Locker moves if any are possible (``wrap``), discards down to the
  type limit (``discard``), then the next player clockwise; a full board starts Davy
  Jones' Legacy (``rules/reckoning.py``).

This module is the top of ``rules/``: it runs the :class:`~..flow.Step` a lower module
asks for (``TIDraft.goto``), so no rules module imports a module above it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ...core.events import Event
from .. import rules
from ..context import TI2003Context
from ..enclosure import placeable_squares, reaches_treasure
from ..flow import DISCARD, OPENING, PLACE, ROLL, WRAP, Stage, Step, colour
from ..holdings import Holdings
from ..moves import Roll, TIMove
from ..position import TIDraft
from . import advances, cannons, chests, reckoning

__all__ = ["ROLLS", "end_turn", "finish_turn", "next_turn", "roll_effect", "settle"]

#: The 21 throws of two dice with their chances (TI2003 §4: two dice).
ROLLS: list[tuple[TIMove, Fraction]] = [
    (Roll(a, b), Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)
]


def roll_effect(d: TIDraft, ctx: TI2003Context, roll: Roll) -> list[Event]:
    """A throw of two dice: an opening throw, or the throw that starts a turn."""
    if d.phase == OPENING:
        return _opening_roll(d, roll)
    seat = d.turn
    who = colour(seat)
    events = []
    if not d.both_dice[seat] and not reaches_treasure(ctx.board, d.owner, seat):
        d.both_dice = (*d.both_dice[:seat], True, *d.both_dice[seat + 1:])
        events.append(Event(f"{who} can no longer reach any unopened treasure square: "
                            f"from now on {who} uses both dice", rules.BOTH_DICE, "endgame"))
    d.dice = left = (roll.low, roll.high)
    d.left = left
    both = d.both_dice[seat]
    d.moves_left = moves_left = 2 if both else 1
    d.phase = PLACE
    how = "both numbers" if both else "one number"
    # advances.placing, inlined (the throw leaves one or two placements to make)
    owner = d.owner
    squares = placeable_squares(ctx.board, owner, seat, left)
    d.placed = (squares, owner, seat, left, moves_left)
    if not squares:
        how = "cannot place: pass"
        verb = "and"
    else:
        verb = "and uses"
    # the switch to both dice (if any) is announced before the throw that uses it
    if roll.low == roll.high:  # doubles
        events.append(Event(f"{who} throws {roll.low} and {roll.high} {verb} {how}; "
                            "doubles: another throw follows", rules.DOUBLES, "roll"))
    else:
        events.append(Event(f"{who} throws {roll.low} and {roll.high} {verb} {how}",
                            rules.PLACING, "roll"))
    return events


def _opening_roll(d: TIDraft, roll: Roll) -> list[Event]:
    assert d.opening is not None
    group, totals = d.opening
    seat = group[len(totals)]
    totals = (*totals, roll.total)
    events = [Event(f"{colour(seat)} throws {roll.low} and {roll.high} "
                    f"(total {roll.total}) for the first turn", rules.FIRST_PLAYER, "roll")]
    if len(totals) < len(group):
        d.opening = (group, totals)
        return events
    best = max(totals)
    tied = tuple(s for s, t in zip(group, totals, strict=True) if t == best)
    if len(tied) > 1:
        names = " and ".join(colour(s) for s in tied)
        d.opening = (tied, ())
        events.append(Event(f"{names} tie with {best}: they throw again (ruling TI2003-8)",
                            rules.ruling(8), "tie"))
        return events
    d.opening = None
    d.turn = tied[0]
    d.phase = ROLL
    events.append(Event(f"{colour(tied[0])} has the highest total and goes first",
                        rules.FIRST_PLAYER, "first"))
    return events


def end_of_throw(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """A placement is done: place again, throw again after doubles, or end the turn."""
    if d.empty == 0:
        return end_turn(d, ctx)
    if d.moves_left and advances.placing(d, ctx):
        d.phase = PLACE
        return []
    if d.dice is not None and d.dice[0] == d.dice[1]:
        d.phase = ROLL
        return [Event(f"{colour(d.turn)} threw doubles and throws again",
                      rules.DOUBLES, "doubles")]
    return end_turn(d, ctx)


def end_turn(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """The dice are put away: Locker moves if any are possible, else finish the turn."""
    d.moves_left = 0
    d.dice = None
    d.left = ()
    h = d.seen
    cannons_in = h.locker_cannons
    # nothing in the Locker: no Locker move (cannons.locker_moves, its first checks)
    if (h.locker or cannons_in["purple"] or cannons_in["gold"]) \
            and cannons.locker_moves(d, ctx, h):
        d.phase = WRAP
        return []
    return _finish_turn(d, ctx, h)


def finish_turn(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """Discards down to the type limit, else the next turn (TI2003 §6)."""
    return _finish_turn(d, ctx, d.seen)


def _finish_turn(d: TIDraft, ctx: TI2003Context, h: Holdings) -> list[Event]:
    """:func:`finish_turn` with the holdings read (``d.seen``)."""
    seat = d.turn
    allowed = ctx.cards.limit(ctx.players) + h.jolly[seat]  # flow.limit
    types = len(h.piles[seat])  # Holdings.types
    if types > allowed:
        d.phase = DISCARD
        return [Event(f"{colour(seat)} holds {types} treasure types, "
                      f"{types - allowed} more than allowed, and "
                      "must put whole types into Davy Jones' Locker", rules.LOCKER_PLACE,
                      "limit")]
    return next_turn(d, ctx)


def next_turn(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """The next player clockwise throws; a full board: Davy Jones' Legacy; after it,
    the last Locker turns and the Final Reckoning."""
    d.stolen = ()
    d.chest_no = 0
    if d.stage == _PLAY:
        if d.empty == 0:
            return reckoning.start_legacy(d, ctx)
        d.turn = (d.turn + 1) % ctx.players
        d.phase = ROLL
        return []
    return reckoning.next_in_round(d, ctx)


_PLAY = Stage.PLAY  # (a module name: ``Stage.X`` is a metaclass lookup)

STEPS: dict[str, Callable[..., list[Event]]] = {
    Step.END_OF_THROW: end_of_throw,
    Step.END_TURN: end_turn,
    Step.FINISH_TURN: finish_turn,
    Step.NEXT_TURN: next_turn,
    Step.CHEST_DONE: chests.chest_done,
    Step.ATTACK_DECIDED: cannons.finish_attack,
    Step.LEGACY_TO: reckoning.legacy_to,
    Step.AWARD: reckoning.award,
    Step.FINISH: reckoning.finish,
}


def settle(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """Run the steps the effect asked for (``TIDraft.goto``), in order; their events."""
    events: list[Event] = []
    while d.then is not None:
        step, args = d.then
        d.then = None
        events += STEPS[step](d, ctx, *args)
    return events


