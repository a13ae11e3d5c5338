"""AHOY §5 What appears on the die (rules/die.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.ahoy.helpers import game
from treasurekit.ahoy import SHIP, Roll, Step
from treasurekit.core import CHANCE, IllegalMoveError


# ----- AHOY §5 The die ------------------------------------------------------------
def test_die_has_five_dot_faces_and_the_ship_each_one_sixth() -> None:
    s = game().new_initial_state(seed=0)
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert [m for m, _ in outcomes] == [Roll(1), Roll(2), Roll(3), Roll(4), Roll(5), Roll(SHIP)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)


def test_die_dots_move_exactly_that_many_squares() -> None:
    s = game().position({6: "R"}, die=3)
    assert set(map(str, s.legal_moves())) == {"move start 3", "move 6 3"}
    with pytest.raises(IllegalMoveError, match="exactly 3") as info:
        s.play("move 6 2")
    assert info.value.rule == "AHOY §5 The die"


def test_die_ship_lets_the_player_choose_one_to_five() -> None:
    s = game().position({1: "R"}, die=SHIP)
    steps = sorted(m.steps for m in s.legal_moves() if isinstance(m, Step) and m.source == 1)
    assert steps == [1, 2, 3, 4, 5]
    assert "choose 1 to 5" in (s.why_illegal("move 1 6") or "")


def test_rolling_twice_is_refused() -> None:
    s = game().new_initial_state()
    s.play("roll 4")
    with pytest.raises(IllegalMoveError, match="already shows 4"):
        s.play("roll 2")


def test_moving_before_rolling_is_refused() -> None:
    s = game().new_initial_state()
    with pytest.raises(IllegalMoveError, match="chance node"):
        s.play("move start 3")
