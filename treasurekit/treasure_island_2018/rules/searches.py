"""Searches (TI2018 §7 Game Sequence: Small search, Large search; the monkey of King
Georges and Olivier's spyglass search from afar; Fortune's larger template; a Chest
item's additional Small search): where a template may lie and what a search finds.

A template lies on the board with the miniature's cross inside it, and not wholly over
a restricted area (ruling TI2018-12). Sampled placements: on the cross, and 0.9
template radius N, E, S and W of it.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, who
from ..geometry import EPS, Pt, disc_cover, distance, fmt_pt
from ..map import IslandMap
from ..moves import Remote, TIMove
from ..position import SearchView, TIPosition, has_ability, position_of
from . import GOAL, POINT_CACHE

__all__ = ["placement_problem", "placement_spots", "radius", "remote_block", "search",
           "template"]

_WHAT = {"small": "a Small search", "large": "a Large search",
         "monkey": "the monkey's search", "spyglass": "a spyglass search",
         "item": "an additional Small search"}


def radius(ctx: TI2018Context, size: str, seat: int) -> float:
    """The radius searched by ``seat`` with the ``small`` or ``large`` template (Fortune
    searches to the large template's outer edge)."""
    sc = ctx.map.scale
    if size == "small":
        return sc.small_search_radius
    if has_ability(ctx, seat, "fortune"):
        return sc.large_search_outer_radius
    return sc.large_search_radius


def template(ctx: TI2018Context, size: str) -> float:
    """The radius of the ``small`` or ``large`` template itself."""
    sc = ctx.map.scale
    return sc.small_search_radius if size == "small" else sc.large_search_radius


def placement_problem(imap: IslandMap, at: Pt, radius: float, cross: Pt | None) -> str | None:
    """Template placement (TI2018 §7 Small search; ruling TI2018-12): on the board, the
    miniature's cross inside the circle (``cross`` None for remote searches), and not the
    whole circle over restricted areas."""
    if not imap.on_board(at):
        return f"{fmt_pt(at)} is off the board"
    if cross is not None:
        gap = distance(at, cross)
        if gap > radius + EPS:
            return (f"the miniature's cross must show inside the template: the circle's "
                    f"centre is {gap:.2f} miles from it, more than the radius {radius:g}")
    if not imap.in_restricted(at):
        return None  # the circle's centre is free ground, so the circle is not all red
    if cross is not None and distance(at, cross) <= radius:
        return None  # the miniature's cross (always on free ground) is inside
    if imap.restricted.covers(disc_cover(at, radius).intersection(imap.board)):
        return "the template may not lie wholly over a restricted area"
    return None


@lru_cache(maxsize=POINT_CACHE)
def placement_spots(imap: IslandMap, at: Pt, template: float, radius: float) -> tuple[Pt, ...]:
    """Sampled search centres: on the cross, and 0.9 template radius N, E, S and W of it.
    (The cross is inside each, so no circle is wholly over a restricted area.)"""
    r = template * 0.9
    x, y = at
    # mi(at[0] + dx * r) for dx in (0, 1, 0, -1), inline (+ 0.0 turns -0.0 into 0.0)
    xe, xw, xs = round(x + r, 2) + 0.0, round(x - r, 2) + 0.0, round(x + 0.0, 2) + 0.0
    yn, ys, ym = round(y + r, 2) + 0.0, round(y - r, 2) + 0.0, round(y + 0.0, 2) + 0.0
    x0, y0, x1, y1 = imap.bounds
    return tuple(p for p in (at, (xs, yn), (xe, ym), (xs, ys), (xw, ym))
                 if x0 <= p[0] <= x1 and y0 <= p[1] <= y1)


@lru_cache(maxsize=64)
def remote_block(imap: IslandMap, kind: str, radius: float) -> tuple[TIMove, ...]:
    """The sampled searches from afar (monkey, spyglass): at the map's gallop spots."""
    return tuple(Remote(kind, p) for p in imap.gallop_spots
                 if placement_problem(imap, p, radius, None) is None)


def search(d: Draft[TIPosition], ctx: TI2018Context, seat: int, mini: str, at: Pt, kind: str,
           radius: float, rule: str) -> list[Event]:
    """Search the circle: the pirate wins if the treasure is inside (TI2018 §1); else the
    circle is drawn and, while Chest tokens remain, Silver may answer."""
    assert d.treasure is not None
    name = who(ctx, seat)
    gap = distance(at, d.treasure)
    what = _WHAT[kind]
    if gap <= radius + EPS:
        end = (f"{name} makes {what} at {fmt_pt(at)} (radius {radius:g}) and finds Long "
               f"John Silver's treasure at {fmt_pt(d.treasure)}!")
        d.winner = seat
        d.end = "a pirate found the treasure"
        d.phase = Phase.OVER
        return [Event(end, GOAL, "found")]
    d.searches = (*d.searches, SearchView(seat, mini, kind, at[0], at[1], radius))
    events = [Event(f"{name} makes {what} at {fmt_pt(at)} (radius {radius:g}): the treasure "
                    "is not there", rule, "search")]
    if d.chest_left:
        here = position_of(d, ctx, mini)
        assert here is not None
        d.last_search = (seat, mini, here)
        d.phase = Phase.ANSWER
    return events
