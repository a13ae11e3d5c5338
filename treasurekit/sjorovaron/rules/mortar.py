"""SJO §11 The Mortar: waiting in the tower, firing at the pirate with the chest on a
rowing boat or at the raft on a double-marked hex, and the extra turn after a hit.
"""

from __future__ import annotations

from .. import flow, rules
from ..flow import SHOT, Next
from ..moves import (
    PIRATE_NAMES,
    Fire,
    Wait,
)
from ..position import Pirate, Problem, SjoDraft
from . import wounds


def fire_targets(d: SjoDraft) -> list[str | None]:
    """Mortar targets at the start of the turn in the tower (SJO §11)."""
    p = d.p(d.turn)
    if p.at != d.board.mortar or p.aboard or p.wound is not None or d.acted:
        return []
    out: list[str | None] = []
    if d.escape is not None and d.escape != p.seat:
        out.append(d.p(d.escape).name)
    if (d.raft_state == "afloat" and d.chest[0] == "raft"
            and d.raft in d.board.marked):
        out.append(None)
    return out


def fire_problem(d: SjoDraft, move: Fire) -> Problem:
    p = d.p(d.turn)
    if p.at != d.board.mortar or p.aboard:
        return (f"the mortar stands on {d.h(d.board.mortar)} in the tower; only a "
                "pirate who ended his move there fires it", rules.MORTAR)
    if d.shot_used:
        return ("the mortar is fired at the start of the turn, instead of the shot",
                rules.MORTAR)
    targets = fire_targets(d)
    if move.target not in targets:
        if move.target is None:
            return ("the mortar may fire at the raft only while it carries the chest on "
                    "one of the double-marked water hexes", rules.MORTAR_RAFT)
        return (f"the mortar fires only at the pirate with the chest waiting on a rowing "
                f"boat; {PIRATE_NAMES[move.target]} is not", rules.MORTAR_BOAT)
    return None


def declare_fire(d: SjoDraft, move: Fire) -> Next:
    """Fire the mortar instead of this turn's shot (SJO §11)."""
    if move.target is None:
        d.shot = ("mortar", -1)
        what = "the raft"
    else:
        t = d.seat_of(move.target)
        assert t is not None
        d.shot = ("mortar", t)
        what = d.who(t)
    d.shot_used = True
    d.acted = True
    d.phase = SHOT
    d.say(f"{d.who(d.turn)} fires the mortar: \"Shooting at {what}!\"",
              rules.MORTAR, "aim")
    return Next.NOTHING


def wait(d: SjoDraft, move: Wait) -> Next:
    """Skip the turn in the tower by the mortar (SJO §11)."""
    d.say(f"{d.who(d.turn)} waits by the mortar", rules.MORTAR_WAIT, "wait")
    return Next.AFTER_ACTION


def resolve_fire(d: SjoDraft, t: int, hit: bool) -> None:
    seat = d.turn
    if not hit:
        d.say(f"The mortar misses {'the raft' if t < 0 else d.who(t)}",
                  rules.MORTAR, "miss")
        flow.end_turn(d)
        return
    if t >= 0:
        p = d.p(t)
        boat = next(i for i, b in enumerate(d.board.boats) if b.start == p.at)
        d.boats_wrecked |= {boat}
        d.say(f"The mortar hits the {d.board.boats[boat].id} rowing boat: it is "
                  "wrecked", rules.MORTAR_BOAT, "wreck")
        wounds.hit(d, t, f"The shrapnel hits {d.who(t)}")
    else:
        h = d.raft
        aboard = d.raft_aboard()
        d.raft_state = "destroyed"
        d.raft_pilot = None
        if aboard is not None:
            wounds.drown(d, aboard, f"The mortar hits the raft: {d.who(aboard)} is wounded "
                        "and floats out to sea, out of the game", rules.MORTAR_RAFT)
        else:
            d.say("The mortar hits the raft", rules.MORTAR_RAFT, "wreck")
        if h == d.board.marked[-1]:
            d.chest = ("lost", -1)
            d.result = (None, "the mortar sank the raft on the last double-marked hex",
                            rules.NO_WINNER)
            d.say("The chest sinks where no bank is near: the game ends without a "
                      "winner", rules.NO_WINNER, "end")
            return
        d.chest = ("water", h)
        d.say(f"The raft breaks up and the chest sinks at {d.h(h)}", rules.MORTAR_RAFT,
                  "chest")
    d.say(f"{d.who(seat)} gets a turn at once", rules.MORTAR_TURN, "extra")
    d.extra_turn = True
    flow.end_turn(d)


def wait_problem(d: SjoDraft, p: Pirate) -> Problem:
    """Only a pirate at the mortar may skip his turn (SJO §11)."""
    if p.at != d.board.mortar:
        return ("only a pirate at the mortar in the tower may skip his turn",
                rules.MORTAR_WAIT)
    return None
