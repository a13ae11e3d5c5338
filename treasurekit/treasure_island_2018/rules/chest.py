"""Chest tokens (TI2018 §5 Chest tokens & the Treasure, §11 Chest tokens): after a vain
search Silver may secretly give the searcher a Chest token, an item (used later in the
turn or another) or an information token, which must tell the truth (ruling TI2018-14).
Each token given lets him later play a hint with the Chest icon."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, who
from ..geometry import EPS, Pt
from ..map import IslandMap
from ..moves import Answer, TIMove
from ..position import ChestInfoView, TIPosition
from . import CHEST_TOKENS, R_CHEST, Problem

__all__ = ["apply", "chest_token_true", "legal", "problem"]


def legal(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """Nothing more, or any Chest token left that is an item or a true information."""
    out: list[TIMove] = [Answer("none")]
    out += [a for a in map(Answer, pos.chest_left) if problem(pos, ctx, a) is None]
    return out


@lru_cache(maxsize=64)
def _district_at(imap: IslandMap, p: Pt) -> int | None:
    """:meth:`IslandMap.district_at` of a point (the searcher's, the treasure's: asked
    again for each Chest token)."""
    return imap.district_at(p)


def problem(pos: TIPosition, ctx: TI2018Context, move: Answer) -> Problem:
    """Silver gives a token he still has; an information token must be true."""
    if move.token == "none":
        return None
    if move.token not in pos.chest_left:
        left = ", ".join(pos.chest_left) or "none"
        return (f"Silver has no Chest token {move.token!r} left (left: {left})", CHEST_TOKENS)
    if ctx.decks.chest_token(move.token).kind == "info":
        assert pos.last_search is not None and pos.treasure is not None
        _, _, at = pos.last_search
        district = _district_at(ctx.map, at) if type(at) is tuple else ctx.map.district_at(at)
        if not chest_token_true(move.token, at, district, pos.treasure, ctx.map):
            return (f"the Chest token {move.token!r} would be false: an information token "
                    "must tell the truth", R_CHEST)
    return None


def apply(d: Draft[TIPosition], ctx: TI2018Context, move: Answer) -> list[Event]:
    """The searcher receives the token (secretly); the turn goes on."""
    assert d.last_search is not None
    seat, _, at = d.last_search
    base: dict[str, Any] = {"phase": Phase.ACTIONS, "last_search": None}
    if move.token == "none":
        for name, value in base.items():
            setattr(d, name, value)
        return [Event("Silver says nothing more: the search was unsuccessful", CHEST_TOKENS,
                      "answer")]
    tok = ctx.decks.chest_token(move.token)
    counts = list(d.chest_counts)
    counts[seat] += 1
    base.update(chest_left=tuple(t for t in d.chest_left if t != move.token),
                chest_credit=d.chest_credit + 1, chest_counts=tuple(counts))
    if tok.kind == "item":
        items = list(d.chest_items)
        items[seat] = (*items[seat], move.token)
        base["chest_items"] = tuple(items)
    else:
        info = list(d.chest_info)
        district = ctx.map.district_at(at) if move.token == "district" else None
        info[seat] = (*info[seat], ChestInfoView(move.token, at, district))
        base["chest_info"] = tuple(info)
    for name, value in base.items():
        setattr(d, name, value)
    return [Event(f"Silver secretly gives {who(ctx, seat)} a Chest token", CHEST_TOKENS,
                  "chest")]


def chest_token_true(token: str, at: Pt, district: int | None, t: Pt, imap: IslandMap) -> bool:
    """Is a Chest information token true for the treasure at ``t``? (A treasure exactly
    on the line counts as both west and east.)"""
    if token == "west":
        return t[0] <= at[0] + EPS
    if token == "east":
        return t[0] >= at[0] - EPS
    if token == "district":
        if district is None:
            return False
        return (_district_at(imap, t) if type(t) is tuple else imap.district_at(t)) != district
    return True
