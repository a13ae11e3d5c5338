"""Sjörövarön movement over land (SJO §5); ``rules/movement.py`` and ``paths.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

import random
import time

import pytest

from tests.sjorovaron.helpers import H, S, at, game, play
from treasurekit.core import IllegalMoveError
from treasurekit.sjorovaron import Walk


# ----- SJO §5 Movement over Land -----------------------------------------------------------
def test_move_exactly_the_number_rolled() -> None:
    s = game().position({H: "q14", S: "e12"}, die=3)
    reason = s.why_illegal("walk q15 q16") or ""
    assert "exactly 3" in reason and "SJO §5" in reason
    with pytest.raises(IllegalMoveError) as info:
        s.play("walk q15")
    assert info.value.rule == "SJO §5 Movement over Land: exactly the number rolled"
    assert s.die == 3 and at(s, H) == "q14"
    play(s, "walk q15 q16 q17")
    assert at(s, H) == "q17"


def test_move_each_hex_entered_only_once_in_a_turn() -> None:
    s = game().position({H: "q14", S: "e12"}, die=3)
    assert "twice" in (s.why_illegal("walk q15 p15 q15") or "")


def test_move_may_not_come_back_to_its_start() -> None:
    s = game().position({H: "q14", S: "e12"}, die=3)
    assert "ruling SJO-5" in (s.why_illegal("walk q15 r15 q14") or "")
    assert s.walk_to("q14") is None
    t = game(return_to_start=True).position({H: "q14", S: "e12"}, die=3)
    assert t.why_illegal("walk q15 r15 q14") is None
    assert t.walk_to("q14") is not None


def test_move_only_over_land_between_neighbours() -> None:
    s = game().position({H: "j9", S: "e12"}, die=1)
    assert "not a step over land" in (s.why_illegal("walk k9") or "")  # water
    s = game().position({H: "g5", S: "e12"}, die=1)
    assert "not a step over land" in (s.why_illegal("walk h5") or "")  # cliff into the ravine


def test_move_never_through_or_onto_an_unharmed_opponent() -> None:
    s = game().position({H: "q14", S: "q15"}, die=2)
    reason = s.why_illegal("walk q15 q16") or ""
    assert "Svullo stands unharmed on q15" in reason and "SJO §5" in reason
    assert s.walk_to("q15") is None


def test_move_wounded_pirates_may_be_passed_and_ended_on() -> None:
    s = game().position({H: "q14", S: "q15"}, wounded={S: 2}, die=2)
    assert s.why_illegal("walk q15 q16") is None
    assert s.walk_to("q15") is not None


def test_move_not_onto_a_pirate_about_to_stand_up() -> None:
    s = game().position({H: "q14", S: "q15"}, wounded={S: 0}, die=2)
    assert s.why_illegal("walk q15 q16") is None  # passing is fine
    s = game().position({H: "q14", S: "q15"}, wounded={S: 0}, die=1)
    reason = s.why_illegal("walk q15") or ""
    assert "stands up at his next turn" in reason and "SJO §7" in reason


def test_move_locked_in_loses_the_move() -> None:
    # Hook on the islet k11 is surrounded by water: no walk at all
    s = game().position({H: "k11", S: "e12"})
    play(s, "move")
    events = s.play("roll 4")
    assert any("locked in" in e.text for e in events)
    assert at(s, H) == "k11" and s.current_player == 1


def test_move_locked_in_may_shoot_first_then_lose_the_move() -> None:
    s = game().position({H: "k11", S: "l13"}, die=2)
    assert s.phase == "walk"
    assert {str(m) for m in s.legal_moves()} == {"shoot svullo", "stay"}
    play(s, "shoot svullo", "miss")
    assert s.current_player == 1


def test_move_legal_moves_list_each_reachable_end_hex_with_a_path() -> None:
    s = game().position({H: "q14", S: "e12"}, die=2)
    walks = [m for m in s.legal_moves() if isinstance(m, Walk)]
    ends = [w.end for w in walks]
    assert len(ends) == len(set(ends)) == 15
    assert s.reachable()["q16"] == ("q15", "q16")
    for w in walks:
        assert s.why_illegal(w) is None and len(w.path) == 2
    # any other valid path is accepted too
    assert s.why_illegal("walk r15 q16") is None


def test_path_enumeration_for_a_roll_of_6_in_open_land() -> None:
    g = game()
    s = g.position({H: "o14", S: "e12"}, die=6)
    t0 = time.perf_counter()
    ends = s.reachable()
    elapsed = time.perf_counter() - t0
    assert len(ends) >= 60
    for end, path in ends.items():
        assert len(path) == 6 and path[-1] == end and len(set(path)) == 6
    assert elapsed < 0.5


def test_move_with_blockers_matches_brute_force() -> None:
    rng = random.Random(3)
    board = game().board
    land = [h for h in range(len(board.hexes)) if board.is_land(h) and h != board.hex("k11")]
    for _ in range(25):
        a, b = rng.sample(land, 2)
        die = rng.randint(1, 6)
        s = game().position({H: board.label(a), S: board.label(b)}, die=die)
        if s.phase != "walk":
            continue
        expect = set()

        def dfs(h: int, r: int, seen: frozenset[int], a: int = a, b: int = b,
                expect: set[int] = expect) -> None:
            if r == 0:
                expect.add(h)
                return
            for x in board.steps[h]:
                if x not in seen and x != b:
                    dfs(x, r - 1, seen | {x})

        dfs(a, die, frozenset({a}))
        assert {board.hex(e) for e in s.reachable()} == expect
