"""The end of the game: Davy Jones' Legacy (TI2003 §9) and the Final Reckoning (§10).

* When every square holds a counter, the player with the most counters opens Davy
  Jones' Legacy (a skirmish decides a tie), uses its cannons and discards as usual.
* Then every other player, clockwise from the Legacy winner's left, has a last turn
  of Locker moves (and discards if over the limit) (ruling TI2003-19).
* The Final Reckoning goes through the treasure types, most valuable first: the one
  player holding the most cards of a type scores its points (a skirmish decides a
  tie); a type nobody holds (absent, or all in the Locker) scores nothing. The highest
  total wins; a skirmish decides a tied total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import Event
from ..core.text import count as n_cards
from . import rules

if TYPE_CHECKING:
    from .flow import TurnFlow

__all__ = ["award", "finish", "legacy_to", "next_in_round", "start_legacy", "start_reckoning"]


def start_legacy(state: TurnFlow) -> list[Event]:
    """The board is full: count counters and give the Legacy to the most."""
    counts = state._counters
    best = max(counts)
    tied = tuple(p for p, c in enumerate(counts) if c == best)
    tally = ", ".join(f"{state.colour(p)} {c}" for p, c in enumerate(counts))
    events = [Event(f"every square holds a counter ({tally})", rules.LEGACY, "full")]
    state._dice = None
    state._moves_left = 0
    state._left = ()
    if len(tied) > 1:
        names = " and ".join(state.colour(p) for p in tied)
        events.append(Event(f"{names} tie with {best} counters: a skirmish decides who opens "
                            "Davy Jones' Legacy", rules.LEGACY, "tie"))
        state._start_skirmish(tied, ("legacy",))
        return events
    return events + legacy_to(state, tied[0])


def legacy_to(state: TurnFlow, winner: int) -> list[Event]:
    """``winner`` opens the Legacy as a turn of their own (cannons, Locker, discards)."""
    state._stage = "legacy"
    state._legacy_winner = winner
    state._turn = winner
    state._stolen = ()
    state._chest_no = 0
    ev = Event(f"{state.colour(winner)} takes Davy Jones' Legacy", rules.LEGACY, "legacy")
    return [ev, *state._start_chest("legacy")]


def next_in_round(state: TurnFlow) -> list[Event]:
    """After the Legacy: each other player in turn gets a last chance at the Locker."""
    if state._stage == "legacy":
        winner = state._legacy_winner
        assert winner is not None
        state._stage = "round"
        state._queue = tuple((winner + k) % state._n for k in range(1, state._n))
    if not state._queue:
        return start_reckoning(state)
    seat = state._queue[0]
    state._queue = state._queue[1:]
    state._turn = seat
    return state._end_turn()


def start_reckoning(state: TurnFlow) -> list[Event]:
    state._stage = "reckoning"
    state._reckon = 0
    ev = Event("the Final Reckoning: each treasure type scores for the player with the "
               "most cards of it", rules.SCORING, "reckoning")
    return [ev, *_continue(state)]


def _score(state: TurnFlow, kind: str, seat: int, how: str) -> Event:
    count = state._h.piles[seat].get(kind, 0)
    points = state.cards.points(kind, count)
    state._points[seat] += points
    state._awards = (*state._awards, (kind, seat, count, points, how))
    state._reckon += 1
    bonus = points - state.cards.treasure(kind).points
    extra = f", including {n_cards(bonus, 'bonus point')} for {count} cards" if bonus else ""
    held = n_cards(count, "card")
    return Event(f"{state.cards.label(kind)}: {state.colour(seat)} ({how}, {held}) "
                 f"scores {points}{extra}", rules.SCORING, "score")


def award(state: TurnFlow, kind: str, seat: int, how: str) -> list[Event]:
    """``seat`` scores ``kind`` (after a skirmish) and the reckoning goes on."""
    return [_score(state, kind, seat, how), *_continue(state)]


def _continue(state: TurnFlow) -> list[Event]:
    events: list[Event] = []
    h = state._h
    types = state.cards.treasures
    while state._reckon < len(types):
        t = types[state._reckon]
        counts = [pile.get(t.id, 0) for pile in h.piles]
        best = max(counts)
        if best == 0:
            where = ("all its cards are in Davy Jones' Locker" if t.id in h.locker
                     else "nobody holds any")
            events.append(Event(f"{t.name}: {where}; nobody scores", rules.SCORING, "score"))
            state._reckon += 1
            continue
        tied = tuple(p for p, c in enumerate(counts) if c == best)
        if len(tied) > 1:
            names = " and ".join(state.colour(p) for p in tied)
            events.append(Event(f"{t.name}: {names} hold {best} each; a skirmish decides who "
                                "scores", rules.SCORING, "tie"))
            state._start_skirmish(tied, ("reckon", t.id))
            return events
        events.append(_score(state, t.id, tied[0], "most cards"))
    best_total = max(state._points)
    leaders = tuple(p for p, s in enumerate(state._points) if s == best_total)
    if len(leaders) > 1:
        names = " and ".join(state.colour(p) for p in leaders)
        events.append(Event(f"{names} share the highest score, {best_total}: a final "
                            "skirmish decides the winner", rules.SCORING, "tie"))
        state._start_skirmish(leaders, ("final",))
        return events
    return events + finish(state, leaders[0], "")


def finish(state: TurnFlow, winner: int, reason: str) -> list[Event]:
    state._winner = winner
    state._reason = reason
    state._phase = "over"
    state._stage = "over"
    totals = ", ".join(f"{state.colour(p)} {s}" for p, s in enumerate(state._points))
    return [Event(f"Final scores: {totals}. {state.colour(winner)} wins{reason}.",
                  rules.SCORING, "end")]
