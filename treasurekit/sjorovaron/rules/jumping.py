"""SJO §6 Jumping and Crossing a River: jumps (3 or more) and crossings (2 or more)
declared from a striped hex, and what a failure does (the ravine bottom of a cliff,
the water below a waterfall or river; ruling SJO-7).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import rules
from ..moves import (
    Cross,
    Jump,
)
from ..position import Pirate, Problem, SjoDraft
from . import map_pieces, movement


def jump_problem(d: SjoDraft, at: int, to: int, seat: int) -> Problem:
    """Why seat may not jump from ``at`` to ``to``: the landing hex is occupied, or (a
    cliff jump) the ravine bottom a failure drops into is (ruling SJO-7)."""
    problem = movement.landing_problem(d, to, seat)
    if problem is not None:
        return problem
    jump = dict(d.board.jump_sites(at))[to]
    if jump.kind == "cliff":
        fall = movement.landing_problem(d, jump.fail, seat)
        if fall is not None:
            return (f"a failed jump drops into the ravine at {d.h(jump.fail)}, where "
                    f"no pirate may end a move now: {fall[0]} (ruling SJO-7)", rules.CLIFF)
    return None


def resolve_jump(d: SjoDraft, ok: bool) -> None:
    seat = d.turn
    p = d.p(seat)
    sites = dict(d.board.jump_sites(p.at))
    jump = sites[d.target]
    if ok:
        land_on(d, seat, d.target, f"jumps over to {d.h(d.target)}")
        return
    carrying = d.chest == ("carried", seat)
    if jump.kind == "cliff":
        d.set(seat, at=jump.fail)
        d.say(f"{d.who(seat)} falls to the bottom of the ravine at "
                  f"{d.h(jump.fail)}", rules.CLIFF, "fall")
        if carrying:
            d.chest = ("ravine", jump.fail)
            d.say(f"The chest lies in the ravine at {d.h(jump.fail)}: it must "
                      "be dug up again", rules.CHEST, "chest")
        # he ends his move there like any other: a wounded pirate lying there is
        # robbed of his map pieces (and a chest he dropped), SJO §5, §8, §9
        map_pieces.visit(d, seat, jump.fail)
        movement.arrive(d, seat)
        return
    rule = rules.WATERFALL if jump.kind == "waterfall" else rules.RIVER_FAIL
    fall_in(d, seat, jump.fail, rule, carrying)


def resolve_cross(d: SjoDraft, ok: bool) -> None:
    seat = d.turn
    p = d.p(seat)
    for to, water, crossing in d.board.crossing_sites(p.at):
        if to != d.target:
            continue
        if ok:
            rest = ""
            if crossing.double and to == crossing.stones[1]:
                rest = "; the other bank needs a second crossing"
            land_on(d, seat, to, f"crosses to {d.h(to)}{rest}")
        else:
            fall_in(d, seat, water, rules.RIVER_FAIL, d.chest == ("carried", seat))
        return


def land_on(d: SjoDraft, seat: int, h: int, what: str) -> None:
    d.set(seat, at=h)
    d.say(f"{d.who(seat)} {what}", rules.JUMP, "jump")
    map_pieces.visit(d, seat, h)
    movement.arrive(d, seat)


def fall_in(d: SjoDraft, seat: int, water: int, rule: str, carrying: bool) -> None:
    at = d.free_water(water)
    d.set(seat, at=at, must_float=True)
    d.say(f"{d.who(seat)} falls into the water at {d.h(at)} and must float "
              "along the river next turn", rule, "fall")
    if carrying:
        d.chest = ("water", water)
        d.say(f"The chest sinks in the water at {d.h(water)}: it can be dragged "
                  "up from the bank", rules.CHEST, "chest")


def _site_problem(d: SjoDraft, p: Pirate, target: str | None, verb: str,
                  sites_of: Callable[[int], list[int]],
                  landing: Callable[[int], Problem]) -> Problem:
    """Why ``p`` may not declare a ``verb`` (jump, cross) to ``target`` (SJO §6: from a
    striped hex, to the site's other side, then ``landing(to)``), or None."""
    board = d.board
    who = d.who(p.seat)
    assert target is not None
    try:
        to = board.hex(target)
    except ValueError as exc:
        return (str(exc), rules.DECLARE)
    sites = sites_of(p.at)
    if to not in sites:
        if not sites:
            other = "a jump" if board.crossing_sites(p.at) else "a crossing" if (
                board.jump_sites(p.at)) else None
            hint = f" (this is {other} site)" if other else ""
            return (f"{who} must end a turn on a striped hex at a {verb} site to "
                    f"{verb}; {d.h(p.at)} is not one{hint}", rules.DECLARE)
        opts = ", ".join(d.h(t) for t in sites)
        return (f"from {d.h(p.at)} the {verb} goes to {opts}, not {target}",
                rules.DECLARE)
    return landing(to)


def jump_site_problem(d: SjoDraft, p: Pirate, move: Jump) -> Problem:
    """Why ``p`` may not declare this jump (SJO §6: from a striped hex at a jump site,
    to its other side, onto a hex he may jump to), or None."""
    return _site_problem(d, p, move.to, "jump",
                         lambda at: [t for t, _ in d.board.jump_sites(at)],
                         lambda to: jump_problem(d, p.at, to, p.seat))


def cross_site_problem(d: SjoDraft, p: Pirate, move: Cross) -> Problem:
    """Why ``p`` may not declare this crossing (SJO §6: from a striped hex at a crossing
    site, to its other side, onto a free hex), or None."""
    return _site_problem(d, p, move.to, "cross",
                         lambda at: [t for t, _, _ in d.board.crossing_sites(at)],
                         lambda to: movement.landing_problem(d, to, p.seat))
