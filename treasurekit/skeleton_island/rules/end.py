"""The end of the game, the scores and the winner (SKEL §4 End of the Game and
Victory; ruling SKEL-19 for ties).

The game ends when every Island card has been won or every Sand card has been taken
(:func:`~..flow.is_over`). Each seat adds up the coins of its Island cards and gold
coin cards; the largest treasure wins.
"""

from __future__ import annotations

from ...core.events import Event, Outcome
from ..context import SkeletonContext
from ..flow import is_over
from ..position import SkeletonPosition
from . import VICTORY, seat_name

__all__ = ["end_event", "outcome", "scores"]


def scores(pos: SkeletonPosition, ctx: SkeletonContext) -> tuple[int, ...]:
    """Each seat's coins: Island cards won plus gold coin cards held (SKEL §4)."""
    deck = ctx.deck
    totals = [0] * ctx.players
    for _, seat in pos.islands:
        totals[seat] += deck.island_coins
    for seat, coll in enumerate(pos.collections):
        totals[seat] += sum(deck.kinds[k].coins for _, k in coll)
    return tuple(totals)


def outcome(pos: SkeletonPosition, ctx: SkeletonContext) -> Outcome | None:
    """Scores and winners once the game is over, else None (SKEL §4; ruling SKEL-19)."""
    if not is_over(pos, ctx):
        return None
    if len(pos.islands) == len(ctx.deck.colours):
        termination = "every Island card has been won"
    elif pos.pile.cards or pos.hand is not None:
        termination = "a full round passed with no card kept (ruling SKEL-21)"
    else:
        termination = "the Sand Pile is empty"
    totals = scores(pos, ctx)
    best = max(totals)
    tied = [p for p, s in enumerate(totals) if s == best]
    reason = ""
    if len(tied) > 1 and ctx.tie_break == "islands":
        count = {p: sum(1 for _, s in pos.islands if s == p) for p in tied}
        most = max(count.values())
        leaders = [p for p in tied if count[p] == most]
        if len(leaders) < len(tied):
            tied, reason = leaders, "tie-break: most Island cards"
        else:
            reason = "tied on coins and on Island cards"
    elif len(tied) > 1:
        reason = "tied on coins"
    return Outcome(termination, totals, tuple(tied), reason)


def end_event(pos: SkeletonPosition, ctx: SkeletonContext) -> Event:
    """The event that closes a finished game: scores and winners."""
    out = outcome(pos, ctx)
    assert out is not None
    names = " and ".join(seat_name(w) for w in out.winners)
    listed = ", ".join(f"{seat_name(p)} {s}" for p, s in enumerate(out.scores))
    verb = "wins" if len(out.winners) == 1 else "share the win"
    why = f" ({out.reason})" if out.reason else ""
    return Event(f"Game over ({out.termination}). Scores: {listed}. {names} {verb}{why}.",
                 VICTORY, "end")
