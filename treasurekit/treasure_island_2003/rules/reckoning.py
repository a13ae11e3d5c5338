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

from ...core.events import Event
from ...core.text import count as n_cards
from .. import rules
from ..context import TI2003Context
from ..flow import OVER, Stage, Step, colour
from ..position import TIDraft
from . import chests, skirmish

__all__ = ["award", "finish", "legacy_to", "next_in_round", "start_legacy", "start_reckoning"]


def start_legacy(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """The board is full: count counters and give the Legacy to the most."""
    counts = d.counters
    best = max(counts)
    tied = tuple(p for p, c in enumerate(counts) if c == best)
    tally = ", ".join(f"{colour(p)} {c}" for p, c in enumerate(counts))
    events = [Event(f"every square holds a counter ({tally})", rules.LEGACY, "full")]
    d.dice = None
    d.moves_left = 0
    d.left = ()
    if len(tied) > 1:
        names = " and ".join(colour(p) for p in tied)
        events.append(Event(f"{names} tie with {best} counters: a skirmish decides who opens "
                            "Davy Jones' Legacy", rules.LEGACY, "tie"))
        skirmish.start(d, tied, ("legacy",))
        return events
    return events + legacy_to(d, ctx, tied[0])


def legacy_to(d: TIDraft, ctx: TI2003Context, winner: int) -> list[Event]:
    """``winner`` opens the Legacy as a turn of their own (cannons, Locker, discards)."""
    d.stage = Stage.LEGACY
    d.legacy_winner = winner
    d.turn = winner
    d.stolen = ()
    d.chest_no = 0
    ev = Event(f"{colour(winner)} takes Davy Jones' Legacy", rules.LEGACY, "legacy")
    return [ev, *chests.start_chest(d, ctx, "legacy")]


def next_in_round(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """After the Legacy: each other player in turn gets a last chance at the Locker."""
    n = ctx.players
    if d.stage == Stage.LEGACY:
        winner = d.legacy_winner
        assert winner is not None
        d.stage = Stage.ROUND
        d.queue = tuple((winner + k) % n for k in range(1, n))
    if not d.queue:
        return start_reckoning(d, ctx)
    seat = d.queue[0]
    d.queue = d.queue[1:]
    d.turn = seat
    d.goto(Step.END_TURN)
    return []


def start_reckoning(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """The Final Reckoning begins with the most valuable treasure type."""
    d.stage = Stage.RECKONING
    d.reckon = 0
    ev = Event("the Final Reckoning: each treasure type scores for the player with the "
               "most cards of it", rules.SCORING, "reckoning")
    return [ev, *_continue(d, ctx)]


def _score(d: TIDraft, ctx: TI2003Context, kind: str, seat: int, how: str) -> Event:
    cards = ctx.cards
    count = d.seen.piles[seat].get(kind, 0)
    points = cards.points(kind, count)
    scores = list(d.points)
    scores[seat] += points
    d.points = tuple(scores)
    d.awards = (*d.awards, (kind, seat, count, points, how))
    d.reckon += 1
    bonus = points - cards.treasure(kind).points
    extra = f", including {n_cards(bonus, 'bonus point')} for {count} cards" if bonus else ""
    held = n_cards(count, "card")
    return Event(f"{cards.label(kind)}: {colour(seat)} ({how}, {held}) "
                 f"scores {points}{extra}", rules.SCORING, "score")


def award(d: TIDraft, ctx: TI2003Context, kind: str, seat: int, how: str) -> list[Event]:
    """``seat`` scores ``kind`` (after a skirmish) and the reckoning goes on."""
    return [_score(d, ctx, kind, seat, how), *_continue(d, ctx)]


def _continue(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    events: list[Event] = []
    h = d.seen
    types = ctx.cards.treasures
    while d.reckon < len(types):
        t = types[d.reckon]
        counts = [pile.get(t.id, 0) for pile in h.piles]
        best = max(counts)
        if best == 0:
            where = ("all its cards are in Davy Jones' Locker" if t.id in h.locker
                     else "nobody holds any")
            events.append(Event(f"{t.name}: {where}; nobody scores", rules.SCORING, "score"))
            d.reckon += 1
            continue
        tied = tuple(p for p, c in enumerate(counts) if c == best)
        if len(tied) > 1:
            names = " and ".join(colour(p) for p in tied)
            events.append(Event(f"{t.name}: {names} hold {best} each; a skirmish decides who "
                                "scores", rules.SCORING, "tie"))
            skirmish.start(d, tied, ("reckon", t.id))
            return events
        events.append(_score(d, ctx, t.id, tied[0], "most cards"))
    best_total = max(d.points)
    leaders = tuple(p for p, s in enumerate(d.points) if s == best_total)
    if len(leaders) > 1:
        names = " and ".join(colour(p) for p in leaders)
        events.append(Event(f"{names} share the highest score, {best_total}: a final "
                            "skirmish decides the winner", rules.SCORING, "tie"))
        skirmish.start(d, leaders, ("final",))
        return events
    return events + finish(d, ctx, leaders[0], "")


def finish(d: TIDraft, ctx: TI2003Context, winner: int, reason: str) -> list[Event]:
    """The game is over: the final scores and the winner."""
    d.winner = winner
    d.reason = reason
    d.phase = OVER
    d.stage = Stage.OVER
    totals = ", ".join(f"{colour(p)} {s}" for p, s in enumerate(d.points))
    return [Event(f"Final scores: {totals}. {colour(winner)} wins{reason}.",
                  rules.SCORING, "end")]
