"""The calendar (TI2018 §7 Game Sequence: Calendar update, Calendar events): each day
gives one pirate its turn (one or two actions, the day's stars); a day's event asks
Silver for a Starting or Black Spot Hint, gives him an Information Bluff token, puts
his miniature in prison, deals the Black Spot, or starts the escape (§8).

``advance`` moves the game on after every move until someone must decide: it ends a
pirate's turn once nothing is left to do, skips a hint Silver cannot play, and turns
the calendar.
"""

from __future__ import annotations

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, who
from ..geometry import fmt_pt
from ..moves import Prison, TIMove
from ..position import PositionOrDraft, TIPosition
from . import (
    BLACK_SPOT,
    BLACK_SPOT_EVENT,
    BLUFF_EVENT,
    CALENDAR_UPDATE,
    ESCAPE_EVENT,
    PRISON,
    R_REDRAW,
    R_WINNER,
    STARTING_EVENT,
    Problem,
)
from . import escape as _escape
from . import hints as _hints
from .setup import prune_chance

__all__ = ["advance", "apply_prison", "end_event", "legal_prison", "problem_prison"]


def advance(d: Draft[TIPosition], ctx: TI2018Context, events: list[Event]) -> list[TIMove] | None:
    """Move on until a player (or chance) must decide, adding the events to ``events``.

    Returns:
        Silver's hint options when it stopped on a hint (computed to see whether he can
        play one; the state keeps them as the legal moves), else None.
    """
    for _ in range(1000):
        prune_chance(d)
        if d.winner is not None or d.chance:
            return None
        phase = d.phase
        if phase == Phase.ACTIONS:
            assert d.active is not None
            if d.actions_left > 0 or d.pending is not None or d.chest_items[d.active]:
                return None
            d.phase = Phase.NEXT
            continue
        if phase == Phase.HINT:
            options = _hints.legal(d, ctx)
            if options:
                return options
            events.append(Event("Silver has no hint he may play: the event passes", R_REDRAW,
                                "info"))
            d.phase = Phase.ACTIONS
            d.hint_deck = None
            continue
        if phase == Phase.SHARE and not d.share_seats:
            d.phase = Phase.ACTIONS
            continue
        if phase == Phase.NEXT:
            events += _next_turn(d, ctx)
            continue
        return None
    raise RuntimeError("the calendar did not settle")  # pragma: no cover


def _next_turn(d: Draft[TIPosition], ctx: TI2018Context) -> list[Event]:
    if d.escape_round:
        return _escape.next_turn(d, ctx)
    day = d.day + 1
    if day >= ctx.escape_day:
        d.day = day
        d.escape_round = 1
        d.phase = Phase.ESCAPE
        d.active = None
        d.actions_left = 0
        d.turn_mini = None
        d.pending = None
        d.hint_deck = None
        return [Event(f"{day} June: a Turn Order token reaches the Escape space - Long John "
                      "Silver escapes! From now on Silver and the pirates play in turn, "
                      "Silver first", ESCAPE_EVENT, "escape")]
    space = ctx.calendar[day - 1]
    seat = ctx.pirates[(day - 1) % len(ctx.pirates)]
    d.day = day
    d.active = seat
    d.actions_left = space.stars
    d.turn_mini = None
    d.pending = None
    d.hint_deck = None
    d.phase = Phase.ACTIONS
    stars = "1 action" if space.stars == 1 else "2 actions"
    events = [Event(f"{day} June: {who(ctx, seat)}'s turn ({stars})", CALENDAR_UPDATE, "day")]
    events += _start_event(d, ctx, space.event)
    return events


def _start_event(d: Draft[TIPosition], ctx: TI2018Context, event: str | None) -> list[Event]:
    if event is None:
        return []
    if event == "starting_hint":
        d.phase = Phase.HINT
        d.hint_deck = "starting"
        return [Event("Calendar event: Silver plays a Starting Hint", STARTING_EVENT, "event")]
    if event == "black_spot_hint":
        d.phase = Phase.HINT
        d.hint_deck = "black_spot"
        return [Event("Calendar event: Silver plays a Black Spot Hint", BLACK_SPOT_EVENT,
                      "event")]
    if event == "bluff":
        d.bluff = d.bluff + 1
        d.bluff_received = d.bluff_received + 1
        return [Event("Calendar event: Silver takes an Information Bluff token", BLUFF_EVENT,
                      "event")]
    if event == "prison":
        d.phase = Phase.PRISON
        return [Event(f"Calendar event: Prison - {who(ctx, d.active or 1)} chooses the "
                      "black tower where Silver's miniature is held", PRISON, "event")]
    assert event == "black_spot"
    n = min(3, len(d.bs_pile))
    d.start_hand = ()
    d.chance = (*d.chance, *(("draw", "black_spot"),) * n)
    return [Event("Calendar event: The Black Spot - Silver discards his Starting Hints "
                  "and draws three Black Spot Hints", BLACK_SPOT, "event")]


def legal_prison(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """Prison: the pirate whose turn it is chooses one of the black towers."""
    return [Prison(t.id) for t in ctx.map.towers]


def problem_prison(pos: TIPosition, ctx: TI2018Context, move: Prison) -> Problem:
    """The tower must be one of the map's black towers."""
    if move.tower not in {t.id for t in ctx.map.towers}:
        return (f"{move.tower!r} is not a black tower (t1-t{len(ctx.map.towers)})", PRISON)
    return None


def apply_prison(d: Draft[TIPosition], ctx: TI2018Context, move: Prison) -> list[Event]:
    """Silver's miniature goes on the tower (his escape starts there)."""
    tower = ctx.map.tower(move.tower)
    i = ctx.mini_index["silver"]
    pos = list(d.pos)
    pos[i] = tower.xy
    d.pos = tuple(pos)
    d.crosses = (*d.crosses, ("silver", tower.xy))
    d.phase = Phase.ACTIONS
    return [Event(f"{who(ctx, d.active or 1)} puts Long John Silver's miniature in "
                  f"the black tower {tower.id} ({fmt_pt(tower.xy)})", PRISON, "prison")]


def end_event(pos: PositionOrDraft, ctx: TI2018Context) -> Event:
    """The last event of a game: who won and how."""
    winner = "Long John Silver" if pos.winner == 0 else who(ctx, pos.winner or 1)
    return Event(f"Game over ({pos.end}): {winner} wins.", R_WINNER, "end")
