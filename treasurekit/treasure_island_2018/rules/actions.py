"""A pirate's turn (TI2018 §7 Game Sequence: Choose actions): one or two actions with one
miniature - a Horse move, a Foot move and a Small search (either order, one action), a
Large search, a special action (Compass, Verification, Full Gallop, once a game each;
ruling TI2018-4) or a character's ability (the monkey, the spyglass) - and the Chest item
tokens it holds (TI2018 §11); ``done`` ends the turn.

Moving is in ``movement.py``, searching in ``searches.py``, Silver's Compass Hint in
``compass.py``; this module decides which action is allowed now and what it costs.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, who
from ..geometry import Pt, fmt_pt, mi
from ..map import IslandMap
from ..moves import (
    Compass,
    Done,
    Foot,
    Gallop,
    Horse,
    Remote,
    Search,
    TIMove,
    UseItem,
    Verify,
)
from ..position import PositionOrDraft, TIPosition, has_ability, position_of, seat_minis, uses_left
from . import (
    ABILITIES,
    ACTIONS,
    CHEST_ITEMS,
    COMPASS,
    FOOT,
    GALLOP,
    HORSE,
    LARGE_SEARCH,
    POINT_CACHE,
    R_COMPASS,
    R_USES,
    R_VERIFY,
    SMALL_SEARCH,
    VERIFICATION,
    Problem,
)
from .compass import true_cards
from .movement import (
    DIRS8,
    end_points,
    foot_block,
    gallop_problem,
    leg_problem,
    mini_problem,
    move_builder,
    move_mini,
    raw_move,
    sample_ends,
)
from .searches import placement_problem, placement_spots, radius, remote_block, search, template

__all__ = ["compass", "compass_problem", "done", "done_problem", "foot", "foot_problem",
           "full_gallop_problem", "gallop", "horse", "horse_problem", "item_problem",
           "legal", "remote", "remote_problem", "search_at", "search_problem", "use_item",
           "verify", "verify_problem"]

_DONE = Done()


@lru_cache(maxsize=POINT_CACHE)
def _mini_block(imap: IslandMap, m: str, at: Pt, thorough: bool, small_r: float,
                large_r: float, compass: bool, gallop: bool) -> tuple[TIMove, ...]:
    """The sampled actions of one miniature standing at ``at`` (ruling TI2018-33): Horse
    moves of 5.99 and 2.99 miles and Foot moves of 2.99 and 1.49 miles in the 8 compass
    directions (a hair short of the limit, so that rounding to 0.01 mile never makes one
    too long), two straight 5.99-mile legs for the Thoroughbred, searches centred on the
    cross and 0.9 template radius N, E, S, W of it, Full Gallops to the map's gallop
    spots."""
    sc = imap.scale
    h, f = sc.horse_miles - 0.01, sc.foot_miles - 0.01
    lengths = sorted({h, sc.horse_miles / 2 - 0.01, f, sc.foot_miles / 2 - 0.01},
                     reverse=True)
    pts = end_points(at, lengths)
    ends: list[Pt] = [(x, y) for x, y in pts.tolist()]
    # an end is offered where it lies on the board, its line touches no restricted
    # area and it goes somewhere (imap.paths_clear, and e != at)
    x0, y0, x1, y1 = imap.bounds
    ok = [not hit and x0 <= e[0] <= x1 and y0 <= e[1] <= y1 and e != at
          for hit, e in zip(imap.lines_hit(at, pts), ends, strict=True)]
    out: list[TIMove] = []
    # ends lists the points length by length, 8 directions each
    k = len(DIRS8)
    first = {length: i * k for i, length in enumerate(lengths)}
    horse, foot = move_builder(Horse), move_builder(Foot)
    for length in (h, sc.horse_miles / 2 - 0.01):
        i = first[length]
        out += [horse(m, (e,)) for e, g in zip(ends[i:i + k], ok[i:i + k], strict=True) if g]
    if thorough:
        i = first[h]
        firsts = ends[i:i + k]
        seconds = [(mi(e[0] + u[0] * h), mi(e[1] + u[1] * h))
                   for e, u in zip(firsts, DIRS8, strict=True)]
        ok2 = imap.segments_clear(list(zip(firsts, seconds, strict=True)))
        out += [horse(m, (a, b)) for a, b, g, g1 in zip(firsts, seconds, ok2, ok[i:i + k],
                                                        strict=True)
                if g and g1 and b != a]
    for length in (f, sc.foot_miles / 2 - 0.01):
        i = first[length]
        out += [foot(m, e) for e, g in zip(ends[i:i + k], ok[i:i + k], strict=True) if g]
    search = move_builder(Search)
    out += [search("small", m, p) for p in placement_spots(
        imap, at, sc.small_search_radius, small_r)]
    out += [search("large", m, p) for p in placement_spots(
        imap, at, sc.large_search_radius, large_r)]
    if compass:
        out.append(Compass(m))
    if gallop:
        out += [g for g in _gallops(imap, m) if g.to != at]
    return tuple(out)


@lru_cache(maxsize=64)
def _gallops(imap: IslandMap, m: str) -> tuple[Gallop, ...]:
    """The sampled Full Gallops of miniature ``m``: to each of the map's gallop spots."""
    gallop = move_builder(Gallop)
    return tuple(gallop(m, p) for p in imap.gallop_spots)


def _spot_move(cls: type, at: Pt, spot: Pt, *fields: str) -> TIMove:
    """``cls(*fields, spot)`` for a search spot of ``placement_spots``: built without
    re-rounding except for the miniature's own point ``at`` (the others are rounded)."""
    return cls(*fields, spot) if spot is at else raw_move(cls, *fields, spot)  # type: ignore[no-any-return]


def _turn_minis(pos: TIPosition, ctx: TI2018Context) -> tuple[str, ...]:
    assert pos.active is not None
    if pos.turn_mini is not None:
        return (pos.turn_mini,)
    return seat_minis(ctx, pos.active)


def _at(pos: PositionOrDraft, ctx: TI2018Context, mini: str) -> Pt:
    at = position_of(pos, ctx, mini)
    assert at is not None
    return at


def legal(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """The sampled actions of the pirate whose turn it is (ruling TI2018-33), ``done``
    last."""
    seat = pos.active
    assert seat is not None
    imap = ctx.map
    sc = imap.scale
    out: list[TIMove] = []
    minis = _turn_minis(pos, ctx)
    character = ctx.seat_characters[seat]
    abilities = character.abilities if character is not None else ()  # has_ability
    # radius(ctx, "small" / "large", seat) and template(ctx, "small"), read once
    small_r = small_t = sc.small_search_radius
    large_r = sc.large_search_outer_radius if "fortune" in abilities else sc.large_search_radius
    if pos.pending == "search" and pos.turn_mini is not None:
        at = _at(pos, ctx, pos.turn_mini)
        out += [_spot_move(Search, at, p, "small", pos.turn_mini)
                for p in placement_spots(imap, at, small_t, small_r)]
    if pos.pending == "foot" and pos.turn_mini is not None:
        out += foot_block(imap, pos.turn_mini, _at(pos, ctx, pos.turn_mini))
    if pos.actions_left >= 1:
        uses = dict(pos.uses[seat])  # uses_left(pos, seat, action), read once
        thorough = "thoroughbred" in abilities
        compass = uses.get("compass", 0) > 0
        gallop = uses.get("gallop", 0) > 0
        for m in minis:
            out += _mini_block(imap, m, _at(pos, ctx, m), thorough, small_r, large_r,
                               compass, gallop)
        if uses.get("verify", 0):
            mine = pos.verified[seat]
            out += [Verify(h.number) for h in pos.played
                    if not h.face_up and h.number not in mine]
        if "king_georges" in abilities and uses.get("monkey", 0):
            out += remote_block(imap, "monkey", small_r)
        if "spyglass" in abilities and uses.get("spyglass", 0):
            out += remote_block(imap, "spyglass", large_r)
    items = pos.chest_items[seat]
    if items:
        for m in minis:
            at = _at(pos, ctx, m)
            if "move7" in items:
                out += [raw_move(UseItem, "move7", m, e) for e in sample_ends(
                    imap, at, sc.item_move_miles, DIRS8, (1.0,))]  # rounded ends
            if "search" in items:
                out += [_spot_move(UseItem, at, p, "search", m)
                        for p in placement_spots(imap, at, small_t, small_r)]
        if "action" in items:
            out.append(UseItem("action"))
    out.append(_DONE)
    return list(dict.fromkeys(out)) if pos.pending or items else out


def _foot_completes(pos: PositionOrDraft, move: Foot) -> bool:
    """A Foot move after a Small search with the same miniature: the second half of one
    action (TI2018 §7 Foot move & Small search)."""
    return pos.pending == "foot" and move.mini == pos.turn_mini


def _search_completes(pos: PositionOrDraft, move: Search) -> bool:
    """A Small search after a Foot move with the same miniature: the second half of one
    action (TI2018 §7 Foot move & Small search)."""
    return move.size == "small" and pos.pending == "search" and move.mini == pos.turn_mini


_NOWHERE: Pt = (0.0, 0.0)


def _start(pos: TIPosition, ctx: TI2018Context, mini: str | None = None,
           completes: bool = False) -> tuple[Problem, int, Pt]:
    """Whether the pirate to act may take an action now (one left, or completing one)
    with miniature ``mini`` (its own; None: the action moves none); the seat acting and
    where that miniature stands."""
    seat = pos.active
    assert seat is not None
    if not completes and pos.actions_left < 1:
        return (f"{who(ctx, seat)} has no action left this turn: 'done' ends it",
                ACTIONS), seat, _NOWHERE
    if mini is None:
        return None, seat, _NOWHERE
    why = mini_problem(pos, ctx, mini, seat)
    if why:
        return why, seat, _NOWHERE
    return None, seat, _at(pos, ctx, mini)


def done_problem(pos: TIPosition, ctx: TI2018Context, move: Done) -> Problem:
    """The pirate may always end the turn."""
    return None


def item_problem(pos: TIPosition, ctx: TI2018Context, move: UseItem) -> Problem:
    """Whether the pirate holds the Chest item token and may use it so (TI2018 §11)."""
    seat = pos.active
    assert seat is not None
    if move.item not in pos.chest_items[seat]:
        return (f"{who(ctx, seat)} holds no Chest item token {move.item!r}", CHEST_ITEMS)
    if move.item == "action":
        return None
    assert move.mini is not None and move.to is not None
    why = mini_problem(pos, ctx, move.mini, seat)
    if why:
        return why
    here = _at(pos, ctx, move.mini)
    if move.item == "move7":
        return leg_problem(ctx.map, here, move.to, ctx.map.scale.item_move_miles, "move",
                           CHEST_ITEMS)
    p = placement_problem(ctx.map, move.to, radius(ctx, "small", seat), here)
    return (p, CHEST_ITEMS) if p else None


def horse_problem(pos: TIPosition, ctx: TI2018Context, move: Horse) -> Problem:
    """A Horse move: straight 6-mile legs (two only for the Thoroughbred)."""
    why, seat, at = _start(pos, ctx, move.mini)
    if why:
        return why
    if len(move.path) == 2 and not has_ability(ctx, seat, "thoroughbred"):
        return ("only Olivier's Thoroughbred rides two 6-mile legs in one Horse move",
                ABILITIES["thoroughbred"])
    start = at
    for end in move.path:
        why = leg_problem(ctx.map, start, end, ctx.map.scale.horse_miles, "Horse move",
                          HORSE)
        if why:
            return why
        start = end
    return None


def foot_problem(pos: TIPosition, ctx: TI2018Context, move: Foot) -> Problem:
    """A Foot move: one straight 3-mile leg."""
    why, _, at = _start(pos, ctx, move.mini, _foot_completes(pos, move))
    if why:
        return why
    return leg_problem(ctx.map, at, move.to, ctx.map.scale.foot_miles, "Foot move", FOOT)


def search_problem(pos: TIPosition, ctx: TI2018Context, move: Search) -> Problem:
    """A Small or Large search: the template touches the miniature and lies on the map."""
    why, seat, at = _start(pos, ctx, move.mini, _search_completes(pos, move))
    if why:
        return why
    r = radius(ctx, move.size, seat)
    p = placement_problem(ctx.map, move.at, template(ctx, move.size), at)
    if p is None:
        p = placement_problem(ctx.map, move.at, r, None)
    rule = SMALL_SEARCH if move.size == "small" else LARGE_SEARCH
    return (p, rule) if p else None


def remote_problem(pos: TIPosition, ctx: TI2018Context, move: Remote) -> Problem:
    """A search from afar: the monkey (King George's) or the spyglass."""
    why, seat, _ = _start(pos, ctx)
    if why:
        return why
    name = who(ctx, seat)
    ability = "king_georges" if move.kind == "monkey" else "spyglass"
    if not has_ability(ctx, seat, ability):
        return (f"{name} has no {move.kind}: it belongs to "
                f"{'Anne' if move.kind == 'monkey' else 'Olivier'}", ABILITIES[ability])
    if not uses_left(pos, seat, move.kind):
        return (f"{name} has used the {move.kind} already", R_USES)
    size = "small" if move.kind == "monkey" else "large"
    p = placement_problem(ctx.map, move.at, radius(ctx, size, seat), None)
    return (p, ABILITIES[ability]) if p else None


def compass_problem(pos: TIPosition, ctx: TI2018Context, move: Compass) -> Problem:
    """A Compass action: one left, with the pirate's own miniature."""
    why, seat, _ = _start(pos, ctx, move.mini)
    if why:
        return why
    if not uses_left(pos, seat, "compass"):
        return (f"{who(ctx, seat)} has no Compass action left", R_USES)
    return None


def full_gallop_problem(pos: TIPosition, ctx: TI2018Context, move: Gallop) -> Problem:
    """A Full Gallop (see :func:`.movement.gallop_problem`)."""
    why, seat, at = _start(pos, ctx, move.mini)
    if why:
        return why
    return gallop_problem(pos, ctx, seat, move, at, who(ctx, seat))


def verify_problem(pos: TIPosition, ctx: TI2018Context, move: Verify) -> Problem:
    """A Verification: one left, a hint on the calendar whose token is face down."""
    why, seat, _ = _start(pos, ctx)
    if why:
        return why
    name = who(ctx, seat)
    if not uses_left(pos, seat, "verify"):
        return (f"{name} has no Verification left", R_USES)
    if not 1 <= move.number <= len(pos.played):
        return (f"there is no hint {move.number} on the calendar (hints 1-"
                f"{len(pos.played)})", VERIFICATION)
    h = pos.played[move.number - 1]
    if h.face_up:
        return (f"hint {move.number}'s Information token already lies face up", R_VERIFY)
    if move.number in pos.verified[seat]:
        return (f"{name} has already looked at hint {move.number}'s token", R_VERIFY)
    return None


def _spend(pos: PositionOrDraft, seat: int, action: str) -> tuple[tuple[tuple[str, int], ...], ...]:
    uses = [list(u) for u in pos.uses]
    uses[seat] = [(a, k - 1 if a == action else k) for a, k in uses[seat]]
    return tuple(tuple(u) for u in uses)


def _act(d: Draft[TIPosition], ctx: TI2018Context, mini: str | None = None,
         completing: bool = False) -> tuple[int, str]:
    """Spend an action (or complete the pending half); ``mini`` is the turn's miniature
    from now on. The seat acting and its name."""
    seat = d.active
    assert seat is not None
    if completing:
        d.pending = None
    else:
        d.actions_left = d.actions_left - 1
        d.pending = None
    if mini is not None:
        d.turn_mini = mini
    return seat, who(ctx, seat)


def done(d: Draft[TIPosition], ctx: TI2018Context, move: Done) -> list[Event]:
    """End the turn."""
    assert d.active is not None
    d.actions_left = 0
    d.pending = None
    d.phase = Phase.NEXT
    return [Event(f"{who(ctx, d.active)} ends the turn", ACTIONS, "done")]


def use_item(d: Draft[TIPosition], ctx: TI2018Context, move: UseItem) -> list[Event]:
    """Use a Chest item token: an additional action, a 7-mile move or a Small search."""
    seat = d.active
    assert seat is not None
    name = who(ctx, seat)
    items = list(d.chest_items[seat])
    items.remove(move.item)
    all_items = list(d.chest_items)
    all_items[seat] = tuple(items)
    d.chest_items = tuple(all_items)
    d.pending = None
    if move.item == "action":
        d.actions_left = d.actions_left + 1
        return [Event(f"{name} uses a Chest token: one additional action this turn",
                      CHEST_ITEMS, "item")]
    assert move.mini is not None and move.to is not None
    d.turn_mini = move.mini
    if move.item == "move7":
        move_mini(d, ctx, move.mini, (move.to,), "item")
        return [Event(f"{name} uses a Chest token: {move.mini} moves to "
                      f"{fmt_pt(move.to)}", CHEST_ITEMS, "move")]
    return search(d, ctx, seat, move.mini, move.to, "item", radius(ctx, "small", seat),
                  CHEST_ITEMS)


def horse(d: Draft[TIPosition], ctx: TI2018Context, move: Horse) -> list[Event]:
    """Ride the miniature along the Horse move's legs."""
    _, name = _act(d, ctx, move.mini)
    move_mini(d, ctx, move.mini, move.path, "horse")
    legs = " then ".join(fmt_pt(p) for p in move.path)
    rule = HORSE if len(move.path) == 1 else ABILITIES["thoroughbred"]
    return [Event(f"{name} rides {move.mini} to {legs}", rule, "move")]


def foot(d: Draft[TIPosition], ctx: TI2018Context, move: Foot) -> list[Event]:
    """Walk the miniature; a Small search may complete the action."""
    completing = _foot_completes(d, move)
    _, name = _act(d, ctx, move.mini, completing)
    move_mini(d, ctx, move.mini, (move.to,), "foot")
    if not completing:
        d.pending = "search"
    return [Event(f"{name} walks {move.mini} to {fmt_pt(move.to)}", FOOT, "move")]


def search_at(d: Draft[TIPosition], ctx: TI2018Context, move: Search) -> list[Event]:
    """A Small or Large search (a Small one may be completed by a Foot move)."""
    completing = _search_completes(d, move)
    seat, _ = _act(d, ctx, move.mini, completing)
    if move.size == "small" and not completing:
        d.pending = "foot"
    rule = SMALL_SEARCH if move.size == "small" else LARGE_SEARCH
    if move.size == "large" and has_ability(ctx, seat, "fortune"):
        rule = ABILITIES["fortune"]
    return search(d, ctx, seat, move.mini, move.at, move.size,
                  radius(ctx, move.size, seat), rule)


def remote(d: Draft[TIPosition], ctx: TI2018Context, move: Remote) -> list[Event]:
    """Search from afar with the monkey or the spyglass."""
    seat, _ = _act(d, ctx)
    ability = "king_georges" if move.kind == "monkey" else "spyglass"
    size = "small" if move.kind == "monkey" else "large"
    d.uses = _spend(d, seat, move.kind)
    mini = d.turn_mini or seat_minis(ctx, seat)[0]
    return search(d, ctx, seat, mini, move.at, move.kind, radius(ctx, size, seat),
                  ABILITIES[ability])


def gallop(d: Draft[TIPosition], ctx: TI2018Context, move: Gallop) -> list[Event]:
    """A Full Gallop: no line is drawn."""
    seat, name = _act(d, ctx, move.mini)
    d.uses = _spend(d, seat, "gallop")
    move_mini(d, ctx, move.mini, (move.to,), "gallop", line=False)
    return [Event(f"{name} gallops {move.mini} to {fmt_pt(move.to)} (no line "
                  "is drawn)", GALLOP, "move")]


def verify(d: Draft[TIPosition], ctx: TI2018Context, move: Verify) -> list[Event]:
    """Look secretly at a hint's Information token."""
    seat, name = _act(d, ctx)
    verified = list(d.verified)
    verified[seat] = (*verified[seat], move.number)
    d.uses = _spend(d, seat, "verify")
    d.verified = tuple(verified)
    return [Event(f"{name} secretly looks at hint {move.number}'s Information token",
                  VERIFICATION, "verify")]


def compass(d: Draft[TIPosition], ctx: TI2018Context, move: Compass) -> list[Event]:
    """Lay the large compass: Silver gives a true Compass Hint, if he holds one."""
    seat, name = _act(d, ctx, move.mini)
    d.uses = _spend(d, seat, "compass")
    at = _at(d, ctx, move.mini)
    events = [Event(f"{name} lays the large compass around {move.mini}", COMPASS, "compass")]
    if not true_cards(d, ctx, at):
        events.append(Event(
            "Silver holds no Compass Hint that is true here: the pirate learns nothing "
            "(ruling TI2018-5)", R_COMPASS, "compass"))
        return events
    d.phase = Phase.COMPASS
    d.compass_at = (move.mini, at)
    return events
