"""AHOY §8 End of the game: once all five chests are held (or, for cunning pirates,
no pirate is left: AHOY §9, ruling AHOY-6; :func:`treasurekit.ahoy.flow.game_over`),
each seat adds up the values of its chests; the highest total wins. A tie goes to
the tied seat whose pirate reached the island first (ruling AHOY-7); tied seats that
never reached it share the win.
"""

from __future__ import annotations

from ...core.events import Event, Outcome
from ..context import AhoyContext
from ..flow import game_over
from ..position import AhoyPosition
from . import END

__all__ = ["announce", "outcome", "scores"]


def scores(pos: AhoyPosition, ctx: AhoyContext) -> tuple[int, ...]:
    """Each seat's total chest value so far."""
    totals = [0] * ctx.players
    for number, seat in enumerate(pos.chests):
        if seat is not None:
            totals[seat] += ctx.board.chests[number].value
    return tuple(totals)


def outcome(pos: AhoyPosition, ctx: AhoyContext) -> Outcome | None:
    """Scores and winners once the game is over, else None."""
    if not game_over(pos, ctx):
        return None
    chests = pos.chests
    termination = (
        "all five chests are taken" if None not in chests
        else "no pirate is left to reach a chest"
    )
    totals = scores(pos, ctx)
    best = max(totals)
    tied = [p for p, s in enumerate(totals) if s == best]
    reason = ""
    if len(tied) > 1:
        firsts = [chests.index(p) for p in tied if p in chests]
        if firsts:  # the tied player who moved a pirate onto the island first
            first = chests[min(firsts)]
            assert first is not None
            tied, reason = [first], "tie-break: first onto the island"
        else:
            reason = "a shared win: nobody reached the island"
    return Outcome(termination, totals, tuple(tied), reason)


def announce(pos: AhoyPosition, ctx: AhoyContext, events: list[Event]) -> list[Event]:
    """``events``, with the end of the game told after them if ``pos`` ends it."""
    if not game_over(pos, ctx):
        return events
    out = outcome(pos, ctx)
    assert out is not None
    name = ctx.board.colour_name
    names = " and ".join(name(w) for w in out.winners)
    totals = ", ".join(f"{name(p)} {s}" for p, s in enumerate(out.scores))
    events.append(Event(f"Game over ({out.termination}). Scores: {totals}. {names} "
                        f"win{'s' if len(out.winners) == 1 else ''}"
                        f"{f' ({out.reason})' if out.reason else ''}.", END, "end"))
    return events
