"""SJO §6 Jumping and Crossing a River: floating along the arrows (through the Sulfur
Lake, over the waterfall, out to sea) and climbing out onto the bank.
"""

from __future__ import annotations

from .. import rules
from ..flow import Next
from ..moves import (
    Climb,
)
from ..position import Pirate, Problem, SjoDraft
from . import map_pieces, movement, wounds


def climb_targets(d: SjoDraft, p: Pirate) -> list[int]:
    return [h for h in d.board.neighbours[p.at]
            if d.board.can_climb(p.at, h) and movement.landing_problem(d, h, p.seat) is None]


def float_down(d: SjoDraft, seat: int, face: int) -> None:
    p = d.p(seat)
    board = d.board
    path = board.river_path(p.at, face)
    over = board.lip in [p.at, *path[:-1]] and board.splash in path
    via = " over the waterfall" if over else ""
    lake = " through the Sulfur Lake" if any(h in board.lake for h in path) else ""
    if path and board.is_sea(path[-1]):
        wounds.drown(d, seat, f"{d.who(seat)} drifts{lake}{via} out to sea and is out of "
                    "the game", rules.SEA)
        return
    end = path[-1]
    if d.raft_state == "afloat" and end == d.raft:
        end = path[-2] if len(path) > 1 else p.at
        d.say(f"{d.who(seat)} stops behind the raft", rules.RAFT_SPACE, "raft")
    d.set(seat, at=end, must_float=False)
    d.say(f"{d.who(seat)} floats{lake}{via} to {d.h(end)}", rules.FLOAT, "float")


def apply_climb(d: SjoDraft, move: Climb) -> Next:
    """Climb out of the water onto the bank (SJO §6)."""
    seat = d.turn
    h = d.board.hex(move.to)
    d.set(seat, at=h, must_float=False)
    d.say(f"{d.who(seat)} climbs out of the water onto {move.to}", rules.CLIMB,
              "climb")
    map_pieces.visit(d, seat, h)
    movement.arrive(d, seat)
    return Next.AFTER_ACTION


def climb_problem(d: SjoDraft, p: Pirate, move: Climb) -> Problem:
    """Why ``p`` in the water may not climb out onto ``move.to`` (SJO §6), or None."""
    if p.must_float:
        return (f"{d.who(p.seat)} fell in this turn and must float along the river first",
                rules.RIVER_FAIL)
    board = d.board
    try:
        h = board.hex(move.to)
    except ValueError as exc:
        return (str(exc), rules.CLIMB)
    if not board.can_climb(p.at, h):
        return (f"{move.to} is not land next to the water at {d.h(p.at)} "
                "that a swimmer can reach", rules.CLIMB)
    return movement.landing_problem(d, h, p.seat)
