"""SJO §10 The Raft: launching it with the chest, floating it down the river, jumping
aboard (3 or more), the raft and swimmers never sharing a space, out to sea.
"""

from __future__ import annotations

from .. import rules
from ..position import Pirate, Problem, SjoDraft


def board_problem(d: SjoDraft, p: Pirate) -> Problem:
    """Why ``p`` may not try to jump aboard the raft now (SJO §10), or None."""
    if d.raft_state != "afloat":
        return ("the raft is not in the water", rules.RAFT_JUMP)
    if not d.on_land(p):
        return ("a pirate can jump aboard the raft only from a land hex", rules.RAFT_JUMP)
    if d.raft not in d.board.neighbours[p.at]:
        return (f"the raft at {d.h(d.raft)} is not next to {d.h(p.at)}",
                rules.RAFT_JUMP)
    aboard = d.raft_aboard()
    if aboard is not None:
        return (f"{d.who(aboard)} is aboard the raft", rules.ruling(17))
    return None


def launch_problem(d: SjoDraft, p: Pirate) -> Problem:
    if d.raft_state != "landing":
        return ("the raft has already left its hex", rules.RAFT)
    if p.at != d.board.raft_hex:
        return (f"the raft ride starts from the raft's hex {d.h(d.board.raft_hex)}",
                rules.RAFT)
    if d.carrier() != p.seat:
        return ("only the pirate with the chest may use the raft", rules.RAFT)
    return None


def resolve_board(d: SjoDraft, ok: bool) -> None:
    seat = d.turn
    who = d.who(seat)
    if ok:
        d.set(seat, at=d.raft, aboard=True, must_float=False)
        d.raft_pilot = seat
        d.say(f"{who} lands on the raft at {d.h(d.raft)} and now steers it "
                  "with the chest", rules.RAFT_JUMP, "board")
        return
    at = d.behind_raft()
    d.set(seat, at=at, must_float=True)
    d.say(f"{who} misses the raft and falls into the water behind it at "
              f"{d.h(at)}", rules.RAFT_JUMP, "fall")


def launch(d: SjoDraft, face: int) -> None:
    seat = d.turn
    board = d.board
    d.raft_state = "afloat"
    d.raft_pilot = seat
    d.chest = ("raft", -1)
    d.set(seat, aboard=True)
    d.say(f"{d.who(seat)} launches the raft into the river at "
              f"{d.h(board.raft_launch)}", rules.RAFT, "raft")
    move_raft(d, face, [board.raft_launch, *board.river_path(board.raft_launch, face - 1)])


def move_raft(d: SjoDraft, face: int, path: list[int] | None = None) -> None:
    board = d.board
    aboard = d.raft_aboard()
    if path is None:
        path = board.river_path(d.raft, face)
    swimmers = {p.at for p in d.pirates
                if p is not None and not p.out and not p.aboard and p.at >= 0
                and board.is_water(p.at)}
    while path and not board.is_sea(path[-1]) and path[-1] in swimmers:
        path.append(board.flow[path[-1]])  # the raft never stops on a swimmer (§10)
    if path and board.is_sea(path[-1]):
        if aboard is not None:
            d.set(aboard, at=-1)
            d.raft_state = "gone"
            d.result = (aboard, f"{d.who(aboard)} escaped on the raft with the "
                            "treasure", rules.WIN)
            d.say(f"{d.who(aboard)} floats past the double-marked hexes out to sea "
                      "on the raft with the treasure chest and wins!", rules.WIN, "win")
        else:
            d.raft_state = "gone"
            d.chest = ("lost", -1)
            d.result = (None, "the raft with the chest drifted out to sea with "
                            "nobody aboard", rules.NO_WINNER)
            d.say("The raft drifts out to sea with the chest and nobody aboard: the "
                      "game ends without a winner", rules.NO_WINNER, "end")
        return
    prev = d.raft
    d.raft_prev = path[-2] if len(path) > 1 else prev
    d.raft = path[-1]
    if aboard is not None:
        d.set(aboard, at=d.raft)
    d.say(f"The raft floats to {d.h(d.raft)}", rules.RAFT, "raft")
    raft_landed(d)


def raft_landed(d: SjoDraft) -> None:
    if d.raft in d.board.marked:
        k = d.board.marked.index(d.raft) + 1
        d.say(f"The raft is on double-marked hex {k} of 3 ({d.h(d.raft)}): "
                  "the mortar may fire at it", rules.MORTAR_RAFT, "marked")
