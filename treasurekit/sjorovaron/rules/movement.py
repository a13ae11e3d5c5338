"""SJO §5 Movement over Land: exactly the number rolled, each hex once per turn, no
passing an unharmed opponent, the locked-in pirate; where a pirate may end a move
(SJO §7: not on a pirate about to stand up). The walks themselves are found by
:mod:`..paths`.
"""

from __future__ import annotations

from .. import rules
from ..flow import Next
from ..moves import (
    PIRATE_NAMES,
    Walk,
)
from ..position import Problem, SjoDraft
from . import map_pieces


def landing_problem(d: SjoDraft, h: int, seat: int) -> Problem:
    """Why seat may not end a move on land hex ``h`` (occupied), or None."""
    stand = d.standing_at(h, seat)
    if stand is not None:
        return (f"{PIRATE_NAMES[stand.name]} stands unharmed on {d.h(h)}",
                rules.OPPONENTS)
    for p in d.lying_at(h, seat):
        if p.wound == 0:
            return (f"{PIRATE_NAMES[p.name]} lies on {d.h(h)} and stands up at his "
                    "next turn: no pirate may end a move there", rules.STANDING_UP)
    return None


def blockers(d: SjoDraft, seat: int) -> tuple[int, int]:
    blocked = no_end = 0
    for p in d.pirates:
        if p is None or p.seat == seat or p.out or p.aboard or p.at < 0:
            continue
        if not d.board.is_land(p.at):
            continue
        if p.wound is None:
            blocked |= 1 << p.at
        elif p.wound == 0:
            no_end |= 1 << p.at
    return blocked, no_end


def loot_hexes(d: SjoDraft, seat: int) -> list[int]:
    """Hexes worth passing: a chest lying free, wounded pirates' map pieces."""
    out = []
    if d.chest[0] == "land":
        out.append(d.chest[1])
    for p in d.pirates:
        if p is None or p.seat == seat or p.out or p.wound is None or p.aboard:
            continue
        if not d.pieces[p.seat]:
            continue
        if d.board.is_land(p.at):
            out.append(p.at)
        else:
            out += [h for h in d.board.neighbours[p.at] if d.board.is_land(h)]
    return list(dict.fromkeys(out))


def _obstacles(d: SjoDraft, seat: int) -> tuple[int, int, list[int]]:
    """:func:`blockers` and :func:`loot_hexes` in one pass over the pirates (asked at
    every land roll)."""
    board = d.board
    land = d.walker.land
    blocked = no_end = 0
    loot: list[int] = []
    chest = d.chest
    if chest[0] == "land":
        loot.append(chest[1])
    pieces = d.pieces
    for p in d.pirates:
        if p is None or p.seat == seat or p.out or p.aboard:
            continue
        at = p.at
        wound = p.wound
        on_land = at >= 0 and land >> at & 1
        if wound is None:
            if on_land:
                blocked |= 1 << at
            continue
        if wound == 0 and on_land:
            no_end |= 1 << at
        if pieces[p.seat]:
            if board.is_land(at):
                loot.append(at)
            else:
                loot += [h for h in board.neighbours[at] if land >> h & 1]
    if len(loot) > 1:
        loot = list(dict.fromkeys(loot))
    return blocked, no_end, loot


def walks(d: SjoDraft) -> dict[int, tuple[int, ...]]:
    """End hex -> path for the rolled land move of the seat to move."""
    turn = d.turn
    die = d.die
    pirates = d.pirates
    chest = d.chest
    pieces = d.pieces
    hit = d.cache.get("walks")
    # the same pirates and hands by identity (a position's tuples are kept until changed)
    if (hit is not None and hit[2] is pirates and hit[4] is pieces and hit[0] == turn
            and hit[1] == die and hit[3] == chest):
        cached: dict[int, tuple[int, ...]] = hit[5]
        return cached
    assert die is not None
    p = pirates[turn]
    assert p is not None
    blocked, no_end, loot = _obstacles(d, p.seat)
    walks = d.walker.walks(
        p.at, die, blocked, no_end, prefer=loot, revisit_start=d.ctx.return_to_start)
    d.cache["walks"] = (turn, die, pirates, chest, pieces, walks)
    return walks


def walk_problem(d: SjoDraft, move: Walk) -> Problem:
    assert d.die is not None
    p = d.p(d.turn)
    die = d.die
    if len(move.path) != die:
        return (f"you rolled {die}: the path must enter exactly {die} hexes, not "
                f"{len(move.path)}", rules.EXACT)
    board = d.board
    try:
        path = d.walker.path_of(move.path)
    except ValueError as exc:
        return (str(exc), rules.MOVE)
    blocked, no_end = blockers(d, p.seat)
    prev = p.at
    seen = {p.at} if not d.ctx.return_to_start else set()
    for h in path:
        if h not in board.steps[prev]:
            what = board.kinds[h]
            return (f"{d.h(prev)} to {d.h(h)} is not a step over land "
                    f"({d.h(h)} is {what}; water, rocks, cliffs and hexes that are "
                    "not neighbours cannot be walked)", rules.MOVE)
        if h in seen:
            if h == p.at:
                return (f"the walk comes back to its starting hex {d.h(h)}",
                        rules.ruling(5))
            return (f"the path enters {d.h(h)} twice; a hex may be entered only "
                    "once in a turn", rules.ONCE)
        if blocked >> h & 1:
            stand = d.standing_at(h, p.seat)
            assert stand is not None
            return (f"{PIRATE_NAMES[stand.name]} stands unharmed on {d.h(h)}: no "
                    "passing through or stopping on an unharmed opponent",
                    rules.OPPONENTS)
        seen.add(h)
        prev = h
    if no_end >> path[-1] & 1:
        problem = landing_problem(d, path[-1], p.seat)
        assert problem is not None
        return problem
    return None


def apply_walk(d: SjoDraft, move: Walk) -> Next:
    """Walk the path (SJO §5), taking map pieces and the chest passed (SJO §8, §9)."""
    seat = d.turn
    path = d.walker.path_of(move.path)
    start = d.p(seat).at
    d.put(seat, path[-1])
    d.say(f"{d.who(seat)} walks {d.h(start)} -> {' -> '.join(move.path)}",
          rules.EXACT, "walk")
    if map_pieces.anything_to_take(d, seat):
        for h in path:
            map_pieces.visit(d, seat, h)
    arrive(d, seat)
    d.die = None
    return Next.AFTER_ACTION


def arrive(d: SjoDraft, seat: int) -> None:
    """Seat's pirate ends a move on land: pushing becomes possible (SJO §7)."""
    p = d.p(seat)
    at = p.at
    # any(x.wound for x in d.lying_at(at, seat)) and bool(board.shore(at)), in one loop
    board = d.board
    pushable = False
    for x in d.pirates:
        if (x is not None and x.wound and x.seat != seat and x.at == at and not x.out
                and board.is_land(at)):
            pushable = bool(board.shore(at))
            break
    d.pushable = pushable
    if (d.chest == ("carried", seat) and p.at == d.board.raft_hex
            and d.raft_state == "landing"):
        d.say(f"{d.who(seat)} stands by the raft with the chest and may launch "
                  "it next turn", rules.RAFT, "raft")


def stay_problem(d: SjoDraft) -> Problem:
    """Only a pirate locked in (no walk of the roll) may stay (SJO §5)."""
    ends = walks(d)
    if ends:
        return (f"you can still walk {d.die} hexes (to {', '.join(sorted(d.h(e) for e in ends))}"
                "); only a pirate locked in loses his move", rules.LOCKED)
    return None
