"""Skirmishes (TI2003 §8): the chances, exactly, and the rounds as chance moves.

In a round every player still in the skirmish throws two dice; the one highest total,
if it is unique, scores a hit; equal highest totals score nothing and the round is
thrown again. The first player to three hits wins. With three or more players, as
soon as two players each have a hit the others drop out. A player who reaches three
hits while nobody else has one wins at once (ruling TI2003-17).

>>> round_chances(2)
(Fraction(575, 1296), Fraction(73, 648))
>>> win_chances((0, 0, 0))
(Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
>>> win_chances((2, 0))
(Fraction(7, 8), Fraction(1, 8))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from ...core.chance import chance_table, exact_table
from ...core.events import Event
from .. import rules
from ..context import TI2003Context
from ..flow import SKIRMISH, Step, colour
from ..moves import Hit, TIMove
from ..position import TIDraft, TIPosition

__all__ = ["HITS_TO_WIN", "TOTALS", "after_hit", "effect", "exact", "floats", "hits_of", "outcomes",
           "round_chances", "round_outcomes", "start", "win_chances"]

#: Hits needed to win a skirmish.
HITS_TO_WIN = 3

#: Two-dice totals and their chances.
TOTALS = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


@cache
def round_chances(players: int) -> tuple[Fraction, Fraction]:
    """(chance that a given player scores the hit, chance that nobody does) in one round
    with ``players`` throwing two dice each."""
    if players < 2:
        raise ValueError("a skirmish needs at least two players")
    below = {t: sum((p for u, p in TOTALS.items() if u < t), Fraction(0)) for t in TOTALS}
    each = sum((p * below[t] ** (players - 1) for t, p in TOTALS.items()), Fraction(0))
    return each, 1 - players * each


def round_outcomes(active: Sequence[int]) -> list[tuple[int | None, Fraction]]:
    """The chance node of one round: each active seat's hit, then "no hit"."""
    each, none = round_chances(len(active))
    return [*((seat, each) for seat in active), (None, none)]


def after_hit(
    players: tuple[int, ...], hits: tuple[int, ...], seat: int
) -> tuple[tuple[int, ...], tuple[int, ...], int | None]:
    """Score a hit for ``seat``: returns (players still in, their hits, winner or None)."""
    i = players.index(seat)
    hits = (*hits[:i], hits[i] + 1, *hits[i + 1:])
    if hits[i] >= HITS_TO_WIN:
        return players, hits, seat
    scorers = [k for k, h in enumerate(hits) if h > 0]
    if len(players) > 2 and len(scorers) >= 2:
        players = tuple(players[k] for k in scorers)
        hits = tuple(hits[k] for k in scorers)
    return players, hits, None


def win_chances(hits: Sequence[int]) -> tuple[Fraction, ...]:
    """Each participant's chance to win a skirmish from the hits already scored.

    Rounds without a hit change nothing, and every player still in is equally likely
    to score the next hit, so the answer does not depend on the dice.
    """
    return _win(tuple(hits))


@cache
def _win(hits: tuple[int, ...]) -> tuple[Fraction, ...]:
    m = len(hits)
    if m < 2:
        raise ValueError("a skirmish needs at least two players")
    result = [Fraction(0)] * m
    seats = tuple(range(m))
    for k in range(m):
        players, new_hits, winner = after_hit(seats, hits, k)
        if winner is not None:
            result[k] += Fraction(1, m)
            continue
        sub = _win(new_hits)
        for j, p in zip(players, sub, strict=True):
            result[j] += Fraction(1, m) * p
    return tuple(result)


def hits_of(players: tuple[int, ...], hits: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``hits`` with one more for ``seat`` (before anybody drops out)."""
    i = players.index(seat)
    return (*hits[:i], hits[i] + 1, *hits[i + 1:])


def start(d: TIDraft, players: tuple[int, ...], context: tuple[Any, ...]) -> None:
    """A skirmish between ``players`` begins; ``context`` says what it decides
    (``("steal", attacker, defender, kind, from_locker)``, ``("legacy",)``,
    ``("reckon", kind)`` or ``("final",)``)."""
    d.skirmish = (players, (0,) * len(players), context)
    d.phase = SKIRMISH


def outcomes(p: TIPosition) -> list[tuple[TIMove, Fraction]]:
    """The chance node of the round being thrown: each seat's hit, then "no hit"."""
    assert p.skirmish is not None
    return [(Hit(s), q) for s, q in round_outcomes(p.skirmish[0])]


def _seats(p: TIPosition) -> tuple[int, ...] | None:
    """The seats still in, when they are plain seat numbers (the tables' key), else None."""
    assert p.skirmish is not None
    active = p.skirmish[0]
    return active if type(active) is tuple and set(map(type, active)) == {int} else None


@lru_cache(maxsize=256)
def _exact(active: tuple[int, ...]) -> tuple[tuple[TIMove, ...], int, tuple[int, ...]]:
    return exact_table([(Hit(s), q) for s, q in round_outcomes(active)])


@lru_cache(maxsize=256)
def _floats(active: tuple[int, ...]) -> tuple[list[TIMove], list[float]]:
    return chance_table([(Hit(s), q) for s, q in round_outcomes(active)])


def exact(p: TIPosition) -> tuple[tuple[TIMove, ...], int, tuple[int, ...]]:
    """:func:`outcomes` as :func:`~treasurekit.core.chance.exact_table` makes it (the same
    picks as sampling them), made once per set of seats still in (the chances depend on
    nothing else)."""
    active = _seats(p)
    return exact_table(outcomes(p)) if active is None else _exact(active)


def floats(p: TIPosition) -> tuple[list[TIMove], list[float]]:
    """:func:`outcomes` as :func:`~treasurekit.core.chance.chance_table` makes it, made
    once per set of seats still in."""
    active = _seats(p)
    return chance_table(outcomes(p)) if active is None else _floats(active)


def effect(d: TIDraft, ctx: TI2003Context, move: Hit) -> list[Event]:
    """One round: a hit (or none); the skirmish's winner goes on with what it decided."""
    assert d.skirmish is not None
    seat = move.seat
    players, hits, context = d.skirmish
    rule = rules.SKIRMISH_TWO if len(players) == 2 else rules.SKIRMISH_MANY
    if seat is None:
        return [Event("equal highest totals: no hit, throw again", rule, "skirmish")]
    players2, hits2, winner = after_hit(players, hits, seat)
    shown = hits_of(players, hits, seat)
    score = ", ".join(f"{colour(p)} {h}" for p, h in zip(players, shown, strict=True))
    events = [Event(f"{colour(seat)} scores a hit ({score})", rule, "skirmish")]
    if len(players2) < len(players):
        out = [p for p in players if p not in players2]
        events.append(Event(f"two players have hits: {', '.join(map(colour, out))} "
                            "drop out", rules.SKIRMISH_MANY, "skirmish"))
    if winner is None:
        d.skirmish = (players2, hits2, context)
        return events
    d.skirmish = None
    events.append(Event(f"{colour(winner)} wins the skirmish", rule, "skirmish"))
    kind = context[0]
    if kind == "steal":
        d.goto(Step.ATTACK_DECIDED, context, winner)
    elif kind == "legacy":
        d.goto(Step.LEGACY_TO, winner)
    elif kind == "reckon":
        d.goto(Step.AWARD, context[1], winner, "won the skirmish")
    else:
        d.goto(Step.FINISH, winner, " after a final skirmish")
    return events
