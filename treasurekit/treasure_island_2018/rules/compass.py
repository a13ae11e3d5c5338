"""The Compass (TI2018 §7 Game Sequence: Compass; §5 Compass Hints): a pirate lays the
large compass around a miniature and Silver must give a Compass Hint that is true there
(he cannot lie with one); with none true, the pirate learns nothing (ruling TI2018-5)."""

from __future__ import annotations

from typing import Any

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, who
from ..geometry import Pt, sector_of
from ..moves import Card, TIMove
from ..position import CompassView, PositionOrDraft, TIPosition
from . import COMPASS, COMPASS_HINTS, Problem

__all__ = ["apply", "legal", "problem", "true_cards"]


def true_cards(pos: PositionOrDraft, ctx: TI2018Context, at: Pt) -> list[int]:
    """Silver's Compass Hints with no skull on the treasure's sector seen from ``at``."""
    assert pos.treasure is not None
    where = set(sector_of(at, pos.treasure))
    return [c for c in pos.compass_hand
            if not where & set(ctx.decks.compass_card(c).skulls)]


def legal(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """Every true Compass Hint in Silver's hand."""
    assert pos.compass_at is not None
    return [Card(c) for c in true_cards(pos, ctx, pos.compass_at[1])]


def problem(pos: TIPosition, ctx: TI2018Context, move: Card) -> Problem:
    """A card of his hand that is true here; ``card none`` only when none is."""
    assert pos.compass_at is not None
    true = true_cards(pos, ctx, pos.compass_at[1])
    if move.card is None:
        if true:
            return ("Silver holds a true Compass Hint and must give one", COMPASS)
        return None
    if move.card not in pos.compass_hand:
        hand = ", ".join(map(str, pos.compass_hand)) or "none"
        return (f"Compass Hint {move.card} is not in Silver's hand ({hand})", COMPASS)
    if move.card not in true:
        return (f"Compass Hint {move.card} would be false here: Silver cannot lie with a "
                "Compass Hint", COMPASS)
    return None


def apply(d: Draft[TIPosition], ctx: TI2018Context, move: Card) -> list[Event]:
    """The pirate receives the card (secretly); its turn goes on."""
    assert d.compass_at is not None and d.active is not None
    mini, at = d.compass_at
    base: dict[str, Any] = {"phase": Phase.ACTIONS, "compass_at": None}
    if move.card is not None:
        card = ctx.decks.compass_card(move.card)
        given = CompassView(card.id, card.skulls, mini, at)
        base.update(compass_hand=tuple(c for c in d.compass_hand if c != card.id),
                    compass_given=(*d.compass_given, (d.active, given)))
    for name, value in base.items():
        setattr(d, name, value)
    return [Event(f"Silver secretly gives {who(ctx, d.active)} a Compass Hint",
                  COMPASS_HINTS, "compass")]
