"""Long John Silver's Escape (TI2018 §8): when the calendar reaches the Escape space,
Silver rides from his prison towards the treasure, a Horse move per round, and the
pirates get two actions each; he wins on the treasure's site, the pirates by finding it,
and after ``escape_rounds`` rounds he gets away with it (ruling TI2018-24)."""

from __future__ import annotations

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import SILVER, Phase, who
from ..geometry import EPS, Pt, distance, fmt_pt
from ..moves import Done, Horse, TIMove
from ..position import TIPosition, position_of
from . import ESCAPE, R_ESCAPE, Problem
from .movement import DIRS16, horse_block, leg_problem, move_mini

__all__ = ["legal", "next_turn", "ride", "ride_problem", "stuck", "stuck_problem"]


def _dedupe(moves: list[TIMove]) -> list[TIMove]:
    """``list(dict.fromkeys(moves))``. Horse moves of one miniature are equal exactly when
    their paths are: for those the paths are compared (tuples of floats, hashed in C)
    instead of hashing each move."""
    if all(type(m) is Horse for m in moves) and len({m.mini for m in moves}) == 1:  # type: ignore[union-attr]
        seen: set[tuple[Pt, ...]] = set()
        out: list[TIMove] = []
        for m in moves:
            path = m.path  # type: ignore[union-attr]
            if path not in seen:
                seen.add(path)
                out.append(m)
        return out
    return list(dict.fromkeys(moves))


def legal(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """Straight to the treasure if it is in reach, and the sampled Horse moves in 16
    directions (``done`` only when he cannot move at all)."""
    at = position_of(pos, ctx, "silver")
    assert at is not None and pos.treasure is not None
    imap = ctx.map
    sc = imap.scale
    out: list[TIMove] = []
    t = pos.treasure
    if 0 < distance(at, t) <= sc.horse_miles and imap.path_problem(at, t) is None:
        out.append(Horse("silver", (t,)))
    out += horse_block(imap, "silver", at, DIRS16)  # the sampled ends, as moves
    if not out:
        out.append(Done())
    return _dedupe(out)


def stuck_problem(pos: TIPosition, ctx: TI2018Context, move: Done) -> Problem:
    """Silver passes only when no Horse move is left to him."""
    assert position_of(pos, ctx, "silver") is not None
    if legal(pos, ctx) != [Done()]:
        return ("Long John Silver must make a Horse move during his escape", ESCAPE)
    return None


def ride_problem(pos: TIPosition, ctx: TI2018Context, move: Horse) -> Problem:
    """One straight Horse move of Silver's own miniature."""
    at = position_of(pos, ctx, "silver")
    assert at is not None
    if move.mini != "silver":
        return ("during his turn Long John Silver moves his own miniature: 'horse silver "
                "x,y'", ESCAPE)
    if len(move.path) != 1:
        return ("Silver's Horse move is one straight line", ESCAPE)
    return leg_problem(ctx.map, at, move.path[0], ctx.map.scale.horse_miles, "Horse move",
                       ESCAPE)


def ride(d: Draft[TIPosition], ctx: TI2018Context, move: Horse) -> list[Event]:
    """Silver rides; on the treasure's site he wins."""
    assert d.treasure is not None
    move_mini(d, ctx, "silver", move.path, "escape")
    end = move.path[0]
    events = [Event(f"Long John Silver rides to {fmt_pt(end)}", ESCAPE, "move")]
    if distance(end, d.treasure) <= ctx.map.scale.treasure_site_radius + EPS:
        d.winner = SILVER
        d.phase = Phase.OVER
        d.end = "Long John Silver reached his treasure"
        events.append(Event("Long John Silver stands on his treasure's site and wins!",
                            ESCAPE, "end"))
        return events
    d.phase = Phase.NEXT
    d.active = SILVER
    return events


def stuck(d: Draft[TIPosition], ctx: TI2018Context, move: Done) -> list[Event]:
    """Silver cannot move: the escape goes on with the next seat."""
    assert d.treasure is not None
    d.phase = Phase.NEXT
    d.active = SILVER
    return [Event("Long John Silver cannot move", ESCAPE, "move")]


def next_turn(d: Draft[TIPosition], ctx: TI2018Context) -> list[Event]:
    """The next turn of the escape: each pirate in seat order, then Silver (a new round)."""
    prev = d.active
    pirates = ctx.pirates
    if prev is None or prev == SILVER:
        seat = pirates[0]
    elif prev == pirates[-1]:
        seat = SILVER
    else:
        seat = prev + 1
    if seat == SILVER:
        rnd = d.escape_round + 1
        limit = ctx.escape_rounds
        if limit is not None and rnd > limit:
            d.winner = SILVER
            d.phase = Phase.OVER
            d.end = f"no pirate found the treasure in {limit} rounds of escape"
            return [Event(f"After {limit} rounds of escape no pirate has found the "
                          "treasure: Long John Silver gets away with it and wins "
                          "(ruling TI2018-24)", R_ESCAPE, "end")]
        d.escape_round = rnd
        d.phase = Phase.ESCAPE
        d.active = None
        d.actions_left = 0
        d.turn_mini = None
        d.pending = None
        return []
    d.active = seat
    d.actions_left = 2
    d.turn_mini = None
    d.pending = None
    d.phase = Phase.ACTIONS
    return [Event(f"Escape round {d.escape_round}: {who(ctx, seat)}'s turn (2 actions)",
                  ESCAPE, "day")]
