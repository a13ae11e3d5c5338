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

from ...core.events import Event
from ..flow import Phase, TIGame, who
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
from ..position import Draft, TIPosition, has_ability, position_of, seat_minis, uses_left
from . import (
    ABILITIES,
    ACTIONS,
    CHEST_ITEMS,
    COMPASS,
    FOOT,
    GALLOP,
    HORSE,
    LARGE_SEARCH,
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
    ends_array,
    foot_block,
    gallop_problem,
    leg_problem,
    mini_problem,
    move_mini,
    raw_move,
    sample_ends,
)
from .searches import placement_problem, placement_spots, radius, remote_block, search, template

__all__ = ["apply", "legal", "problem"]

_DONE = Done()


@lru_cache(maxsize=8192)
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
    ends = ends_array(at, lengths)
    ok = imap.paths_clear(at, ends)
    good = {e for e, g in zip(ends, ok, strict=True) if g and e != at}
    out: list[TIMove] = []
    # the same points as ends_array(at, [length]) for each length: ends lists them
    # length by length, 8 directions each (elementwise the same arithmetic)
    k = len(DIRS8)
    by_len = {length: ends[i * k:(i + 1) * k] for i, length in enumerate(lengths)}
    for length in (h, sc.horse_miles / 2 - 0.01):
        out += [raw_move(Horse, m, (e,)) for e in by_len[length] if e in good]
    if thorough:
        firsts = list(by_len[h])
        seconds = [(mi(e[0] + u[0] * h), mi(e[1] + u[1] * h))
                   for e, u in zip(firsts, DIRS8, strict=True)]
        ok2 = imap.segments_clear(list(zip(firsts, seconds, strict=True)))
        ok2 = [g and a in good for g, a in zip(ok2, firsts, strict=True)]
        out += [raw_move(Horse, m, (a, b)) for a, b, g in zip(firsts, seconds, ok2, strict=True)
                if g and b != a]
    for length in (f, sc.foot_miles / 2 - 0.01):
        out += [raw_move(Foot, m, e) for e in by_len[length] if e in good]
    out += [raw_move(Search, "small", m, p) for p in placement_spots(
        imap, at, sc.small_search_radius, small_r)]
    out += [raw_move(Search, "large", m, p) for p in placement_spots(
        imap, at, sc.large_search_radius, large_r)]
    if compass:
        out.append(Compass(m))
    if gallop:
        out += [raw_move(Gallop, m, p) for p in imap.gallop_spots if p != at]
    return tuple(out)


def _spot_move(cls: type, at: Pt, spot: Pt, *fields: str) -> TIMove:
    """``cls(*fields, spot)`` for a search spot of ``placement_spots``: built without
    re-rounding except for the miniature's own point ``at`` (the others are rounded)."""
    return cls(*fields, spot) if spot is at else raw_move(cls, *fields, spot)  # type: ignore[no-any-return]


def _turn_minis(pos: TIPosition, game: TIGame) -> tuple[str, ...]:
    assert pos.active is not None
    if pos.turn_mini is not None:
        return (pos.turn_mini,)
    return seat_minis(game, pos.active)


def _at(pos: TIPosition, game: TIGame, mini: str) -> Pt:
    at = position_of(pos, game, mini)
    assert at is not None
    return at


def legal(pos: TIPosition, game: TIGame) -> list[TIMove]:
    """The sampled actions of the pirate whose turn it is (ruling TI2018-33), ``done``
    last."""
    seat = pos.active
    assert seat is not None
    imap = game.map
    sc = imap.scale
    out: list[TIMove] = []
    minis = _turn_minis(pos, game)
    small_r = radius(game, "small", seat)
    large_r = radius(game, "large", seat)
    small_t = template(game, "small")
    if pos.pending == "search" and pos.turn_mini is not None:
        at = _at(pos, game, pos.turn_mini)
        out += [_spot_move(Search, at, p, "small", pos.turn_mini)
                for p in placement_spots(imap, at, small_t, small_r)]
    if pos.pending == "foot" and pos.turn_mini is not None:
        out += foot_block(imap, pos.turn_mini, _at(pos, game, pos.turn_mini))
    if pos.actions_left >= 1:
        thorough = has_ability(game, seat, "thoroughbred")
        compass = uses_left(pos, seat, "compass") > 0
        gallop = uses_left(pos, seat, "gallop") > 0
        for m in minis:
            out += _mini_block(imap, m, _at(pos, game, m), thorough, small_r, large_r,
                               compass, gallop)
        if uses_left(pos, seat, "verify"):
            mine = pos.verified[seat]
            out += [Verify(h.number) for h in pos.played
                    if not h.face_up and h.number not in mine]
        for kind, ability, size in (("monkey", "king_georges", "small"),
                                    ("spyglass", "spyglass", "large")):
            if has_ability(game, seat, ability) and uses_left(pos, seat, kind):
                out += remote_block(imap, kind, radius(game, size, seat))
    items = pos.chest_items[seat]
    if items:
        for m in minis:
            at = _at(pos, game, m)
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


def _completes(pos: TIPosition, move: TIMove) -> bool:
    """A Foot move after a Small search, or a Small search after a Foot move, with the
    same miniature: the second half of one action (TI2018 §7 Foot move & Small search)."""
    if isinstance(move, Foot):
        return pos.pending == "foot" and move.mini == pos.turn_mini
    return (isinstance(move, Search) and move.size == "small" and pos.pending == "search"
            and move.mini == pos.turn_mini)


def _item_problem(pos: TIPosition, game: TIGame, seat: int, move: UseItem) -> Problem:
    if move.item not in pos.chest_items[seat]:
        return (f"{who(game, seat)} holds no Chest item token {move.item!r}", CHEST_ITEMS)
    if move.item == "action":
        return None
    assert move.mini is not None and move.to is not None
    why = mini_problem(pos, game, move.mini, seat)
    if why:
        return why
    here = _at(pos, game, move.mini)
    if move.item == "move7":
        return leg_problem(game.map, here, move.to, game.map.scale.item_move_miles, "move",
                           CHEST_ITEMS)
    p = placement_problem(game.map, move.to, radius(game, "small", seat), here)
    return (p, CHEST_ITEMS) if p else None


def _verify_problem(pos: TIPosition, seat: int, move: Verify, name: str) -> Problem:
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


def _remote_problem(pos: TIPosition, game: TIGame, seat: int, move: Remote,
                    name: str) -> Problem:
    ability = "king_georges" if move.kind == "monkey" else "spyglass"
    if not has_ability(game, seat, ability):
        return (f"{name} has no {move.kind}: it belongs to "
                f"{'Anne' if move.kind == 'monkey' else 'Olivier'}", ABILITIES[ability])
    if not uses_left(pos, seat, move.kind):
        return (f"{name} has used the {move.kind} already", R_USES)
    size = "small" if move.kind == "monkey" else "large"
    p = placement_problem(game.map, move.at, radius(game, size, seat), None)
    return (p, ABILITIES[ability]) if p else None


def problem(pos: TIPosition, game: TIGame, move: TIMove) -> Problem:
    """Whether the pirate may take this action now: an action left (or completing one),
    its own miniature, and the action's own limits."""
    seat = pos.active
    assert seat is not None
    sc = game.map.scale
    name = who(game, seat)
    if isinstance(move, Done):
        return None
    if isinstance(move, UseItem):
        return _item_problem(pos, game, seat, move)
    if not _completes(pos, move) and pos.actions_left < 1:
        return (f"{name} has no action left this turn: 'done' ends it", ACTIONS)
    at: Pt = (0.0, 0.0)
    if isinstance(move, (Horse, Foot, Search, Compass, Gallop)):
        why = mini_problem(pos, game, move.mini, seat)
        if why:
            return why
        at = _at(pos, game, move.mini)
    if isinstance(move, Horse):
        if len(move.path) == 2 and not has_ability(game, seat, "thoroughbred"):
            return ("only Olivier's Thoroughbred rides two 6-mile legs in one Horse move",
                    ABILITIES["thoroughbred"])
        start = at
        for end in move.path:
            why = leg_problem(game.map, start, end, sc.horse_miles, "Horse move", HORSE)
            if why:
                return why
            start = end
        return None
    if isinstance(move, Foot):
        return leg_problem(game.map, at, move.to, sc.foot_miles, "Foot move", FOOT)
    if isinstance(move, Search):
        r = radius(game, move.size, seat)
        p = placement_problem(game.map, move.at, template(game, move.size), at)
        if p is None:
            p = placement_problem(game.map, move.at, r, None)
        rule = SMALL_SEARCH if move.size == "small" else LARGE_SEARCH
        return (p, rule) if p else None
    if isinstance(move, Remote):
        return _remote_problem(pos, game, seat, move, name)
    if isinstance(move, Compass):
        if not uses_left(pos, seat, "compass"):
            return (f"{name} has no Compass action left", R_USES)
        return None
    if isinstance(move, Gallop):
        return gallop_problem(pos, game, seat, move, at, name)
    if isinstance(move, Verify):
        return _verify_problem(pos, seat, move, name)
    return (f"{move!s} is not a pirate action", ACTIONS)


def _spend(pos: TIPosition, seat: int, action: str) -> tuple[tuple[tuple[str, int], ...], ...]:
    uses = [list(u) for u in pos.uses]
    uses[seat] = [(a, k - 1 if a == action else k) for a, k in uses[seat]]
    return tuple(tuple(u) for u in uses)


def _apply_item(d: Draft, game: TIGame, seat: int, move: UseItem) -> list[Event]:
    name = who(game, seat)
    items = list(d.chest_items[seat])
    items.remove(move.item)
    all_items = list(d.chest_items)
    all_items[seat] = tuple(items)
    d.set(chest_items=tuple(all_items), pending=None)
    if move.item == "action":
        d.set(actions_left=d.actions_left + 1)
        return [Event(f"{name} uses a Chest token: one additional action this turn",
                      CHEST_ITEMS, "item")]
    assert move.mini is not None and move.to is not None
    d.set(turn_mini=move.mini)
    if move.item == "move7":
        move_mini(d, game, move.mini, (move.to,), "item")
        return [Event(f"{name} uses a Chest token: {move.mini} moves to "
                      f"{fmt_pt(move.to)}", CHEST_ITEMS, "move")]
    return search(d, game, seat, move.mini, move.to, "item", radius(game, "small", seat),
                  CHEST_ITEMS)


def apply(d: Draft, game: TIGame, move: TIMove) -> list[Event]:
    """Take the action: spend it (or complete the pending half), move, search, use a
    special action or an item, or end the turn."""
    seat = d.active
    assert seat is not None
    name = who(game, seat)
    if isinstance(move, Done):
        d.set(actions_left=0, pending=None, phase=Phase.NEXT)
        return [Event(f"{name} ends the turn", ACTIONS, "done")]
    if isinstance(move, UseItem):
        return _apply_item(d, game, seat, move)
    completing = _completes(d, move)
    if completing:
        d.set(pending=None)
    else:
        d.set(actions_left=d.actions_left - 1, pending=None)
    if isinstance(move, (Horse, Foot, Search, Compass, Gallop)):
        d.set(turn_mini=move.mini)
    if isinstance(move, Horse):
        move_mini(d, game, move.mini, move.path, "horse")
        legs = " then ".join(fmt_pt(p) for p in move.path)
        rule = HORSE if len(move.path) == 1 else ABILITIES["thoroughbred"]
        return [Event(f"{name} rides {move.mini} to {legs}", rule, "move")]
    if isinstance(move, Foot):
        move_mini(d, game, move.mini, (move.to,), "foot")
        if not completing:
            d.set(pending="search")
        return [Event(f"{name} walks {move.mini} to {fmt_pt(move.to)}", FOOT,
                      "move")]
    if isinstance(move, Search):
        if move.size == "small" and not completing:
            d.set(pending="foot")
        rule = SMALL_SEARCH if move.size == "small" else LARGE_SEARCH
        if move.size == "large" and has_ability(game, seat, "fortune"):
            rule = ABILITIES["fortune"]
        return search(d, game, seat, move.mini, move.at, move.size,
                      radius(game, move.size, seat), rule)
    if isinstance(move, Remote):
        ability = "king_georges" if move.kind == "monkey" else "spyglass"
        size = "small" if move.kind == "monkey" else "large"
        d.set(uses=_spend(d, seat, move.kind))
        mini = d.turn_mini or seat_minis(game, seat)[0]
        return search(d, game, seat, mini, move.at, move.kind, radius(game, size, seat),
                      ABILITIES[ability])
    if isinstance(move, Gallop):
        d.set(uses=_spend(d, seat, "gallop"))
        move_mini(d, game, move.mini, (move.to,), "gallop", line=False)
        return [Event(f"{name} gallops {move.mini} to {fmt_pt(move.to)} (no line "
                      "is drawn)", GALLOP, "move")]
    if isinstance(move, Verify):
        verified = list(d.verified)
        verified[seat] = (*verified[seat], move.number)
        d.set(uses=_spend(d, seat, "verify"), verified=tuple(verified))
        return [Event(f"{name} secretly looks at hint {move.number}'s Information token",
                      VERIFICATION, "verify")]
    assert isinstance(move, Compass)
    d.set(uses=_spend(d, seat, "compass"))
    at = _at(d, game, move.mini)
    events = [Event(f"{name} lays the large compass around {move.mini}", COMPASS, "compass")]
    if not true_cards(d, game, at):
        events.append(Event(
            "Silver holds no Compass Hint that is true here: the pirate learns nothing "
            "(ruling TI2018-5)", R_COMPASS, "compass"))
        return events
    d.set(phase=Phase.COMPASS, compass_at=(move.mini, at))
    return events
