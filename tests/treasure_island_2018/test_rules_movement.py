"""TI2018 §7 Game Sequence: Horse move, Full Gallop, the Thoroughbred (``rules/movement.py``)."""

from __future__ import annotations

import pytest

import treasurekit.treasure_island_2018 as ti
from treasurekit.core import IllegalMoveError

T = (10.0, 13.0)  # the treasure in hand-made positions


# ----- TI2018 §7 Horse move ----------------------------------------------------------------------
def test_horse_move_goes_up_to_6_miles_in_a_straight_line() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    assert s.why_illegal("horse red 15,11") is None
    problem = s.why_illegal("horse red 15.01,11")
    assert problem and "at most 6 miles" in problem and "Horse move" in problem
    s.play("horse red 15,11")
    assert s.position_of("red") == (15.0, 11.0)
    assert s.data.lines[-1].a == (9.0, 11.0) and s.data.lines[-1].b == (15.0, 11.0)


def test_horse_move_may_not_cross_a_restricted_area() -> None:
    s = ti.TIGame().position(T, positions={"red": (14.5, 14.6)})
    problem = s.why_illegal("horse red 20.5,14.6")
    assert problem and "cross a restricted area (the volcano)" in problem


def test_horse_move_may_not_stop_in_a_restricted_area() -> None:
    s = ti.TIGame().position(T, positions={"red": (14.0, 14.6)})
    problem = s.why_illegal("horse red 17.5,14.6")
    assert problem and "stop in a restricted area (the volcano)" in problem


def test_horse_move_may_not_go_nowhere() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    assert "must go somewhere" in (s.why_illegal("horse red 9,11") or "")


def test_illegal_move_leaves_the_state_unchanged() -> None:
    s = ti.TIGame().position(T, positions={"red": (14.0, 14.6)})
    before = (str(s), s.view(0), s.history)
    with pytest.raises(IllegalMoveError):
        s.play("horse red 17.5,14.6")
    assert (str(s), s.view(0), s.history) == before


def test_full_gallop_goes_anywhere_but_restricted_ground_without_a_line() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)})
    assert "restricted" in (s.why_illegal("gallop red 17.5,14.6") or "")
    lines = len(s.data.lines)
    s.play("gallop red 27,9")
    assert s.position_of("red") == (27.0, 9.0) and len(s.data.lines) == lines
    assert s.uses_left(1, "gallop") == 0


def test_ability_thoroughbred_two_six_mile_legs() -> None:
    s = ti.TIGame().position(T, day=2, positions={"blue": (9.0, 6.0)})
    assert s.why_illegal("horse blue 15,6 21,6") is None
    s.play("horse blue 15,6 21,6")
    assert s.position_of("blue") == (21.0, 6.0)
    s2 = ti.TIGame().position(T, day=1, positions={"red": (9.0, 11.0)})
    assert "Thoroughbred" in (s2.why_illegal("horse red 15,11 21,11") or "")
