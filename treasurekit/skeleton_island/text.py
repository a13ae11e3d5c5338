"""Text rendering of a Skeleton Island position (``str(state)``): the pile, the card in
hand, every seat's coins, Island cards and collection, and the cards out of the game.

The event texts are written by the rules that decide them (``rules/``).
"""

from __future__ import annotations

from collections import Counter

from . import flow
from .context import SkeletonContext
from .flow import phase
from .position import SkeletonPosition
from .rules import seat_name
from .rules.end import scores

__all__ = ["board_text"]


def _status(pos: SkeletonPosition, ctx: SkeletonContext) -> str:
    """One phrase: where the game stands."""
    who = seat_name(pos.turn)
    if pos.hand is not None and pos.hand[1] is None:
        return f"card {pos.hand[0]} is turned over"
    return {
        flow.SETUP: "setting up",
        flow.OVER: "game over",
        flow.START: f"{who} to move" + (" (two standard turns)" if pos.slots > 1 else ""),
        flow.HAND: f"{who} holds a card: keep or rest",
        flow.SECOND: f"{who} takes a second card",
        flow.PIRATE: f"{who} steals or plays double",
        flow.GUST: "the gust blows",
        flow.STEAL: f"{who} draws a card blind",
    }[phase(pos, ctx)]


def board_text(pos: SkeletonPosition, ctx: SkeletonContext, ply: int) -> str:
    """The position as a few lines of plain text, at ply ``ply``."""
    deck = ctx.deck
    pile = pos.pile
    lines = [f"Skeleton Island, {ctx.players} players - ply {ply}, {_status(pos, ctx)}"]
    unc = pile.uncovered()
    cards = ", ".join(f"{i} {pile.cards[i].kind or 'face-down'}" for i in unc)
    lines.append(f"pile:    {len(pile)} cards, {len(unc)} uncovered: {cards or '-'}")
    if pos.hand is not None:
        lines.append(f"hand:    {pos.hand[0]} {pos.hand[1] or 'face-down'}")
    totals = scores(pos, ctx)
    islands = dict(pos.islands)
    for seat in range(ctx.players):
        held = " ".join(k for _, k in sorted(pos.collections[seat], key=lambda e: (e[1], e[0])))
        won = ",".join(c for c in deck.colours if islands.get(c) == seat)
        coins = f"{totals[seat]} coin{'' if totals[seat] == 1 else 's'}"
        lines.append(f"{seat_name(seat)}:      {coins}; islands: "
                     f"{won or '-'}; cards: {held or '-'}")
    owners = " ".join(
        f"{c}:{seat_name(islands[c]) if c in islands else '-'}" for c in deck.colours
    )
    lines.append(f"islands: {owners}")
    gone = Counter(why for _, _, why in pos.out)
    lines.append(f"out:     {gone['discarded']} discarded, {gone['island']} used for Islands")
    return "\n".join(lines)
