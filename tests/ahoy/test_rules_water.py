"""AHOY §6 water and the planks (rules/water.py)."""

from __future__ import annotations

from tests.ahoy.helpers import B, R, game


# ----- AHOY §6 water and planks ----------------------------------------------------
def test_water_a_pirate_landing_in_water_goes_back_to_the_start() -> None:
    s = game().position({1: "R"}, die=2, turn=R)  # square 3 is water
    assert s.board.kinds[3] == "water"
    events = s.play("move 1 2")
    assert s.pile(3) == ()
    assert s.pile(0, R) == (R,) * 4
    assert "fell into the water at square 3" in events[0].text
    assert events[0].rule == "AHOY §6 Pirates' rules: water"


def test_water_a_plank_covers_the_square_a_pirate_fell_from() -> None:
    s = game().position({1: "R"}, die=2, turn=R)
    s.play("move 1 2")
    assert s.planks == frozenset({3})


def test_water_a_planked_square_is_firm_for_everyone() -> None:
    s = game().position({1: "B"}, planks=(3,), die=2, turn=B)
    s.play("move 1 2")
    assert s.pile(3) == (B,)
    assert s.planks == frozenset({3})


def test_water_squares_count_as_steps_when_passed_over() -> None:
    s = game().position({2: "R"}, die=2, turn=R)  # 3 is water, 4 is land
    s.play("move 2 2")
    assert s.pile(4) == (R,)


def test_water_pirates_on_top_never_fall_with_another_ruling_ahoy_3() -> None:
    """Only the top pirate moves, so a falling pirate never carries a pile along."""
    s = game().position({2: "BR"}, die=1, turn=R)
    s.play("move 2 1")
    assert s.pile(2) == (B,)
    assert s.pile(0, R) == (R,) * 4


def test_water_nine_planks_cover_the_nine_water_squares() -> None:
    board = game().board
    assert board.planks == 9
    assert len(board.water_squares) == 9
