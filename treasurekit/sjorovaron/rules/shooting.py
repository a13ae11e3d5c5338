"""SJO §7 Shooting: the named target, the straight uninterrupted line (rulings SJO-9,
SJO-10), the shooting die, wounds, and pushing a wounded pirate into the water
(ruling SJO-12). Lines of fire are drawn by :mod:`..lines`.
"""

from __future__ import annotations

from .. import rules
from ..flow import AFTER, SHOT, START, WALK, Next
from ..lines import line_problem, lines_from
from ..moves import (
    PIRATE_NAMES,
    PIRATES,
    Push,
    Shoot,
    Shot,
    SjoMove,
)
from ..position import Problem, SjoDraft
from . import mortar, wounds

#: A shot at each pirate, made once (frozen values, equal to new ones).
_SHOOT = {name: Shoot(name) for name in PIRATES}


def shoot_moves(d: SjoDraft) -> list[SjoMove]:
    if not can_shoot(d):
        return []
    pirates = d.pirates
    return [_SHOOT[pirates[t].name] for t in targets(d)]


#: The phases a shot may be named in.
_SHOOTING = (START, WALK, AFTER)


def can_shoot(d: SjoDraft) -> bool:
    """The seat to move may shoot now: its shot unused, in a phase of the turn, unharmed,
    on the raft or on land (``d.on_land``, inlined: asked several times a turn)."""
    if d.shot_used or d.phase not in _SHOOTING:
        return False
    p = d.pirates[d.turn]
    assert p is not None
    if p.wound is not None:
        return False
    if p.aboard:
        return True
    at = p.at
    return not p.out and at >= 0 and d.walker.land >> at & 1 == 1


def shot_blockers(d: SjoDraft, seat: int) -> dict[int, str]:
    out: dict[int, str] = {}
    all_block = d.ctx.line_blockers == "all"
    for p in d.pirates:
        if p is None or p.out or p.seat == seat:
            continue
        at = d.raft if p.aboard else p.at
        if p.wound is not None:
            out[at] = f"the wounded {PIRATE_NAMES[p.name]}"
        elif all_block and at not in out:
            out[at] = f"{PIRATE_NAMES[p.name]}"
    return out


def targets(d: SjoDraft) -> list[int]:
    """Seats the seat to move could shoot at now (line of fire, unharmed): the seats
    :func:`shoot_problem` would let it name, without building the reasons."""
    seat = d.turn
    pirates = d.pirates
    raft = d.raft
    hit = d.cache.get("targets")
    # the same pirates (by identity: a position's tuple is kept until a pirate changes)
    if hit is not None and hit[1] is pirates and hit[0] == seat and hit[2] == raft:
        cached: list[int] = hit[3]
        return cached
    me = pirates[seat]
    assert me is not None
    here = raft if me.aboard else me.at
    # what shot_blockers lists, as a bitmask: wounded pirates (every pirate with the
    # option line_blockers="all"); the lines hold map hexes only (0 and up); and the
    # unharmed opponents to aim at, with their hexes, in one pass
    all_block = d.ctx.line_blockers == "all"
    blocking = 0
    aims = []
    for p in pirates:
        if p is None or p.out or p.seat == seat:
            continue
        at = raft if p.aboard else p.at
        if p.wound is None:
            aims.append((p.seat, at))
            if not all_block:
                continue
        if at >= 0:
            blocking |= 1 << at
    out = []
    if aims:
        lines = lines_from(d.board, here)
        for t, at in aims:
            # a line holds the hexes strictly between: never the target's own hex, so
            # the target standing in the blockers (shoot_problem leaves it out) is moot
            line = lines.get(at)
            if line is not None and not line & blocking:
                out.append(t)
    d.cache["targets"] = (seat, pirates, raft, out)
    return out


def shoot_problem(d: SjoDraft, move: Shoot) -> Problem:
    phase = d.phase
    seat = d.turn
    if phase not in (START, WALK, AFTER):
        return ("no shot now", rules.SHOT_TIMING)
    if d.shot_used:
        return (f"{d.who(seat)} has used this turn's shot (one roll of the shooting "
                "die per turn)", rules.SHOT_TIMING)
    me = d.p(seat)
    if me.wound is not None:
        return ("a wounded pirate cannot shoot", rules.WOUND)
    if d.in_water(me):
        return (f"{d.who(seat)} is in the water: no shooting while floating",
                rules.SHOOT)
    t = d.seat_of(move.target)
    if t is None:
        return (f"{PIRATE_NAMES[move.target]} is not in this game; name one of "
                f"{', '.join(d.who(p.seat) for p in d.alive() if p.seat != seat)}",
                rules.NAMED)
    if t == seat:
        return ("a pirate cannot shoot at himself", rules.NAMED)
    target = d.p(t)
    if target.out:
        return (f"{d.who(t)} is out of the game", rules.NAMED)
    if target.wound is not None:
        return (f"{d.who(t)} is wounded and cannot be shot at until he recovers",
                rules.NO_WOUNDED_TARGET)
    here = d.raft if me.aboard else me.at
    there = d.raft if target.aboard else target.at
    blockers = {h: w for h, w in shot_blockers(d, seat).items() if h != there}
    problem = line_problem(d.board, here, there, blockers)
    if problem is not None:
        return (f"no line of fire to {d.who(t)}: {problem}", rules.LINE)
    return None


def push_targets(d: SjoDraft) -> list[int]:
    if not d.pushable:
        return []
    p = d.p(d.turn)
    if not d.on_land(p) or not any(x.wound for x in d.lying_at(p.at, p.seat)):
        return []
    raft = d.raft if d.raft_state == "afloat" else -1
    sea = d.ctx.sea_push == "out"
    return [w for w in d.board.shore(p.at)
            if w != raft and (sea or not d.board.is_sea(w))]


def push_problem(d: SjoDraft, move: Push) -> Problem:
    targets = push_targets(d)
    if not targets:
        return ("there is no wounded pirate on your hex to push (only right after "
                "ending a move there)", rules.PUSH)
    try:
        h = d.board.hex(move.into)
    except ValueError as exc:
        return (str(exc), rules.PUSH)
    if h not in targets:
        where = ", ".join(d.h(w) for w in targets)
        return (f"{move.into} is not a water hex next to you (push into {where})",
                rules.PUSH)
    return None


def declare_shot(d: SjoDraft, move: Shoot) -> Next:
    """Name the target; the shooting die follows (SJO §7)."""
    t = d.seat_of(move.target)
    assert t is not None
    d.shot = ("pistol", t)
    d.shot_used = True
    d.shot_return = d.phase
    d.phase = SHOT
    d.say(f"{d.who(d.turn)}: \"Shooting at {d.who(t)}!\"", rules.NAMED, "aim")
    return Next.NOTHING


def resolve_shot(d: SjoDraft, move: Shot) -> Next:
    """The shooting die: a pistol shot (SJO §7) or the mortar (SJO §11)."""
    hit = move.hit
    assert d.shot is not None
    kind, t = d.shot
    d.shot = None
    shooter = d.turn
    if kind == "mortar":
        mortar.resolve_fire(d, t, hit)
        return Next.NOTHING
    if not hit:
        d.say(f"{d.who(shooter)} misses {d.who(t)} (a blank side)", rules.SHOOT,
                  "miss")
    else:
        wounds.hit(d, t, f"{d.who(shooter)} hits {d.who(t)}")
    d.phase = d.shot_return
    return Next.AFTER_SHOT


def apply_push(d: SjoDraft, move: Push) -> Next:
    """Push the wounded pirates on this hex into the water (SJO §7; ruling SJO-12)."""
    seat = d.turn
    into = d.board.hex(move.into)
    here = d.p(seat).at
    d.pushable = False
    for p in d.lying_at(here, seat):
        if not p.wound:
            continue
        if d.board.is_sea(into):
            wounds.drown(d, p.seat, f"{d.who(seat)} pushes the wounded {d.who(p.seat)} "
                        f"into the sea at {move.into}: he is out of the game "
                        "(ruling SJO-12)", rules.PUSH)
            continue
        d.set(p.seat, at=into)
        d.say(f"{d.who(seat)} pushes the wounded {d.who(p.seat)} into the water "
                  f"at {move.into}; he drifts for the {p.wound} turn"
                  f"{'s' if p.wound > 1 else ''} he still lies wounded", rules.PUSH, "push")
    return Next.AFTER_OR_END
