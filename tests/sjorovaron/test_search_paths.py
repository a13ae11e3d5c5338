"""The cheap paths search takes (issue 12) answer exactly what the rules' own checks
answer: the walks are the first walks in the neighbours' order (SJO §5, ruling SJO-5),
the shooting targets are the seats ``shoot_problem`` lets the shooter name (SJO §7,
rulings SJO-9, SJO-10), and the start of a turn offers exactly the declarations
``problem`` allows (SJO §4). Positions come from seeded random games."""

from __future__ import annotations

import random

import pytest

from treasurekit.sjorovaron import SjoGame, SjoState
from treasurekit.sjorovaron.flow import START
from treasurekit.sjorovaron.moves import (
    Climb,
    Cross,
    Dig,
    Drag,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Shoot,
    SjoMove,
    Wait,
)
from treasurekit.sjorovaron.paths import Walker
from treasurekit.sjorovaron.rules import sections, shooting, turn


def _first_walks(w: Walker, start: int, steps: int, blocked: int, no_end: int,
                 revisit_start: bool) -> dict[int, tuple[int, ...]]:
    """Every self-avoiding walk, in the neighbours' order, no pruning: the first walk
    to each end hex (the reference :meth:`Walker.walks` must agree with)."""
    found: dict[int, tuple[int, ...]] = {}

    def rec(h: int, r: int, visited: int, path: tuple[int, ...]) -> None:
        for n in w.steps[h]:
            if visited >> n & 1 or blocked >> n & 1:
                continue
            if r == 1:
                if not no_end >> n & 1 and n not in found:
                    found[n] = (*path, n)
            else:
                rec(n, r - 1, visited | 1 << n, (*path, n))

    rec(start, steps, 0 if revisit_start else 1 << start, ())
    return found


def test_walks_exactly_the_roll_are_the_first_walks_in_neighbour_order() -> None:
    """SJO §5: with and without opponents in the way (blocked), hexes a walk may not
    end on, and the starting hex open again (option ``return_to_start``)."""
    w = SjoGame().walker
    board = w.board
    land = [h for h in range(len(board.hexes)) if board.is_land(h)]
    rng = random.Random(12)
    for _ in range(120):
        start = rng.choice(land)
        steps = rng.randint(1, 5)
        blocked = no_end = 0
        for _ in range(rng.randint(0, 4)):
            blocked |= 1 << rng.choice(land)
        for _ in range(rng.randint(0, 2)):
            no_end |= 1 << rng.choice(land)
        blocked &= ~(1 << start)
        revisit = rng.random() < 0.25
        got = w.walks(start, steps, blocked, no_end, revisit_start=revisit)
        assert got == _first_walks(w, start, steps, blocked, no_end, revisit)


def _states(players: int, seeds: range, **options: object) -> list[SjoState]:
    """Every position of seeded random games where a seat is to move."""
    out = []
    for seed in seeds:
        s = SjoGame(players=players, **options).new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.ply < 400:
            if s.is_chance_node():
                s.resolve_chance()
                continue
            out.append(s.copy())
            s.play(rng.choice(s.legal_moves()))
    return out


@pytest.mark.parametrize("blockers", ["wounded", "all"])
def test_targets_named_are_the_seats_with_a_line_of_fire(blockers: str) -> None:
    """SJO §7 (rulings SJO-9, SJO-10): the targets offered are the seats that
    ``shoot_problem`` accepts, in seat order."""
    g = SjoGame(players=3, line_blockers=blockers)
    h, s_, m = "hook", "svullo", "marquis"
    by_hand = [  # n14 and o15 lie between n13 and o16
        g.position({h: "n13", s_: "o16", m: "n14"}, wounded={m: 2}),  # a wounded between
        g.position({h: "n13", s_: "o16", m: "o15"}),  # an unharmed pirate between
        g.position({h: "n13", s_: "o16", m: "e12"}),  # a clear line; e12 off every line
    ]
    offered = [shooting.targets(x.facts) for x in by_hand]
    assert offered[0] == [] and offered[2] == [1]  # e12: no straight line
    assert offered[1] == ([2] if blockers == "all" else [1, 2])
    checked = 0
    for s in by_hand + _states(4, range(3), line_blockers=blockers):
        d = s.facts
        if not shooting.can_shoot(d):
            continue
        allowed = [p.seat for p in d.pirates if p is not None and p.seat != d.turn
                   and shooting.shoot_problem(d, Shoot(p.name)) is None]
        assert shooting.targets(d) == allowed
        checked += 1
    assert checked > 50


def _declarations(s: SjoState) -> list[SjoMove]:
    """Every action the seat to move might declare at the start of a turn."""
    board = s.board
    moves: list[SjoMove] = [Go(), Dig(), Drag(), Launch(), Wait(), Float(), Jump(None),
                            Fire(None)]
    moves += [Fire(p.name) for p in s.pirates if p is not None]
    for j in board.jumps:  # jumps go both ways
        moves += [Jump(board.label(j.to)), Jump(board.label(j.frm))]
    for c in board.crossings:
        moves += [Cross(board.label(x)) for x in c.stones]
    moves += [Climb(board.label(h)) for h in range(len(board.hexes)) if board.is_land(h)]
    return moves


def _by_hand() -> list[SjoState]:
    """Turns where digging (SJO §9), dragging, launching or boarding the raft (SJO §10)
    is possible or nearly so, which random games seldom reach."""
    g = SjoGame(players=2)
    h, s = "hook", "svullo"
    return [
        g.position({h: "i17", s: "e12"}, spot="cave", knows=[h]),  # on the spot: dig
        g.position({h: "q14", s: "e12"}, spot="cave", knows=[h]),  # knows, elsewhere
        g.position({h: "i17", s: "e12"}, spot="cave"),  # on the spot, does not know
        g.position({h: "j9", s: "l10"}, chest="j10"),  # the chest sunk next to him?
        g.position({h: "l8", s: "e12"}, chest=h),  # by the raft with the chest: launch
        g.position({h: "l8", s: "e12"}),  # by the raft without it
        g.position({h: "e12", s: "l12"}, raft="k12", chest="raft", turn=s),  # board
        g.position({h: "e12", s: "l11"}, raft="k12", chest="raft", turn=s),
    ]


def test_one_action_a_turn_offers_exactly_the_declarations_allowed() -> None:
    """SJO §4: at the start of a turn the legal moves hold every declaration whose
    problem is None, and no other (the start moves skip sections whose first
    condition fails without writing their reasons)."""
    checked = 0
    kinds: set[str] = set()
    for s in _by_hand() + _states(3, range(4)):
        if s.phase != START:
            continue
        d = s.facts
        legal = {str(m) for m in turn.start_moves(d) if not isinstance(m, Shoot)}
        allowed = {str(m) for m in _declarations(s) if sections.problem(d, m) is None}
        assert legal == allowed
        kinds |= {m.split()[0] if m != "jump raft" else m for m in allowed}
        checked += 1
    assert checked > 50
    assert {"dig", "drag", "launch", "jump raft", "jump", "cross", "wait"} <= kinds


def test_walks_on_the_empty_island_are_built_from_the_neighbours_walks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """SJO §5: the kept walks of the empty island, searched or built from the
    neighbours' walks one step shorter, are the first walks in the neighbours' order,
    listed by end hex."""
    w = Walker(SjoGame().board)  # a fresh walker: nothing kept yet
    built = []
    compose = w._compose
    monkeypatch.setattr(w, "_compose", lambda start, steps: built.append(start) or
                        compose(start, steps))
    board = w.board
    land = [h for h in range(len(board.hexes)) if board.is_land(h)]
    starts = random.Random(3).sample(land, 25)
    for steps in range(1, 6):  # roll by roll: the neighbours' shorter walks are kept
        for start in land if steps < 5 else starts:
            got = w.walks(start, steps, 0, 0)
            if start in starts:
                want = _first_walks(w, start, steps, 0, 0, False)
                assert got == want and list(got) == sorted(want)
    assert len(built) > 100
