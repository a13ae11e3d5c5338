"""Moving the miniatures (TI2018 §7 Game Sequence: Horse move, Foot move, Full Gallop; the
Thoroughbred; a Chest item's 7-mile move): how far a straight leg may go, what it may
not cross, and the lines and crosses it leaves on the board.

Legal moves are sampled (ruling TI2018-33): the ends of straight moves in 8 (or 16)
directions at whole and half length, a hair short of the limit so that rounding to
0.01 mile never makes one too long.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ...core.draft import Draft, builder
from ..context import TI2018Context
from ..flow import who
from ..geometry import EPS, Pt, distance, fmt_pt
from ..map import IslandMap
from ..moves import Foot, Gallop, Horse, TIMove
from ..position import LineView, TIPosition, seat_minis, uses_left
from . import ACTIONS, GALLOP, POINT_CACHE, R_USES, Problem

__all__ = ["DIRS8", "DIRS16", "end_points", "ends_array", "foot_block", "gallop_problem",
           "horse_block", "leg_problem", "mini_problem", "move_builder", "move_mini", "raw_move",
           "sample_ends"]

DIRS8 = tuple((math.sin(math.radians(45 * k)), math.cos(math.radians(45 * k))) for k in range(8))
DIRS16 = tuple(
    (math.sin(math.radians(22.5 * k)), math.cos(math.radians(22.5 * k))) for k in range(16))
_DIR_ARRAY = np.array(DIRS8)


def end_points(at: Pt, lengths: Sequence[float]) -> Any:
    """The ends of straight moves from ``at`` of each length, 8 directions each, as an
    ``(n, 2)`` float array (rounded to 0.01 mile, never -0.0)."""
    return np.round(np.asarray(at) + _offsets(tuple(lengths)), 2).reshape(-1, 2) + 0.0


@lru_cache(maxsize=16)
def _offsets(lengths: tuple[float, ...]) -> Any:
    """Each length times each of the 8 directions, an ``(n, 8, 2)`` array (read only)."""
    out = np.asarray(lengths)[:, None, None] * _DIR_ARRAY[None, :, :]
    out.flags.writeable = False
    return out


def ends_array(at: Pt, lengths: Sequence[float]) -> list[Pt]:
    """The ends of straight moves from ``at`` of each length, 8 directions each."""
    return [(x, y) for x, y in end_points(at, lengths).tolist()]


@lru_cache(maxsize=POINT_CACHE)
def sample_ends(imap: IslandMap, start: Pt, limit: float, dirs: tuple[Pt, ...],
                fractions: tuple[float, ...]) -> tuple[Pt, ...]:
    """Sampled ends of legal straight moves from ``start`` (ruling TI2018-33): each
    direction at each fraction of the longest move, whose path crosses nothing."""
    x, y = start
    ends = []
    for f in fractions:
        length = limit * f - 0.01
        for ux, uy in dirs:
            # mi(x + ux * length), mi(y + uy * length) (+ 0.0 turns -0.0 into 0.0)
            e = (round(x + ux * length, 2) + 0.0, round(y + uy * length, 2) + 0.0)
            if e != start:
                ends.append(e)
    if not ends:
        return ()
    # imap.paths_clear(start, ends): no restricted area touched, the end on the board
    x0, y0, x1, y1 = imap.bounds
    hits = imap.lines_hit(start, np.array(ends))
    return tuple(e for e, hit in zip(ends, hits, strict=True)
                 if not hit and x0 <= e[0] <= x1 and y0 <= e[1] <= y1)


def move_builder(cls: type) -> Callable[..., Any]:
    """A function building a ``cls`` move from its field values, in field order, whose
    points are already rounded to 0.01 mile (it skips the rounding in the class's
    ``__post_init__``, which would leave them as they are): the same move, the same
    instance dict (each field written in order), several times faster than calling
    the class: core's :func:`~treasurekit.core.draft.builder`, made once per class."""
    return builder(cls)


def raw_move(cls: type, *values: object) -> Any:
    """Build a move whose points are already rounded to 0.01 mile (skips the rounding
    in its ``__post_init__``, which would leave them as they are): the same move."""
    return move_builder(cls)(*values)


@lru_cache(maxsize=POINT_CACHE)
def foot_block(imap: IslandMap, m: str, at: Pt) -> tuple[TIMove, ...]:
    """The sampled Foot moves of miniature ``m`` standing at ``at``."""
    return tuple(raw_move(Foot, m, e) for e in sample_ends(
        imap, at, imap.scale.foot_miles, DIRS8, (1.0, 0.5)))


@lru_cache(maxsize=POINT_CACHE)
def horse_block(imap: IslandMap, m: str, at: Pt, dirs: tuple[Pt, ...]) -> tuple[TIMove, ...]:
    """The sampled one-leg Horse moves of miniature ``m`` standing at ``at``: ``dirs``
    directions at the full and half Horse move."""
    return tuple(raw_move(Horse, m, (e,)) for e in sample_ends(
        imap, at, imap.scale.horse_miles, dirs, (1.0, 0.5)))


def leg_problem(imap: IslandMap, a: Pt, b: Pt, limit: float, what: str, rule: str) -> Problem:
    """A straight leg from ``a`` to ``b``: somewhere else, at most ``limit`` miles, over
    nothing the map forbids."""
    if a == b:
        return (f"the {what} must go somewhere: {fmt_pt(b)} is where the miniature stands",
                rule)
    length = distance(a, b)
    if length > limit + EPS:
        return (f"a {what} goes at most {limit:g} miles; {fmt_pt(a)} to {fmt_pt(b)} is "
                f"{length:.2f}", rule)
    why = imap.path_problem(a, b)
    if why:
        return (why, rule)
    return None


def mini_problem(pos: TIPosition, ctx: TI2018Context, mini: str, seat: int) -> Problem:
    """The pirate acts with its own miniature, the same one all turn."""
    if ctx.owner.get(mini) != seat:
        mine = ", ".join(seat_minis(ctx, seat))
        return (f"{mini} is not {who(ctx, seat)}'s miniature (theirs: {mine})", ACTIONS)
    if pos.turn_mini is not None and mini != pos.turn_mini:
        return (f"{who(ctx, seat)} acts with {pos.turn_mini} this turn: all actions of a "
                "turn use one miniature", ACTIONS)
    return None


def gallop_problem(pos: TIPosition, ctx: TI2018Context, seat: int, move: Gallop, at: Pt,
                   who: str) -> Problem:
    """A Full Gallop: once a game, to any free point of the board, drawing no line."""
    imap = ctx.map
    if not uses_left(pos, seat, "gallop"):
        return (f"{who} has no Full Gallop left", R_USES)
    if not imap.on_board(move.to):
        return (f"{fmt_pt(move.to)} is off the board", GALLOP)
    if imap.in_restricted(move.to):
        return (f"a Full Gallop may not end in a restricted area "
                f"({imap.restricted_name(move.to)})", GALLOP)
    if move.to == at:
        return ("the Full Gallop must go somewhere", GALLOP)
    return None


def move_mini(d: Draft[TIPosition], ctx: TI2018Context, mini: str, path: Sequence[Pt], kind: str, *,
              line: bool = True) -> None:
    """Move ``mini`` along ``path``: a cross at each stop, a line for each leg (none for
    a Full Gallop), and the last move remembered for the hints that refer to it."""
    i = ctx.mini_index[mini]
    start = d.pos[i]
    assert start is not None
    pos = list(d.pos)
    pos[i] = path[-1]
    lines = list(d.lines)
    crosses = list(d.crosses)
    last = list(d.last_line)
    a = start
    for b in path:
        if line:
            lines.append(LineView(mini, kind, a, b))
        crosses.append((mini, b))
        a = b
    last[i] = (start, path[-1]) if line else None
    d.pos = tuple(pos)
    d.lines = tuple(lines)
    d.crosses = tuple(crosses)
    d.last_line = tuple(last)
