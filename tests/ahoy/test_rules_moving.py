"""AHOY §6 only the top pirate moves, and stacking (rules/moving.py)."""

from __future__ import annotations

from tests.ahoy.helpers import B, G, R, game


# ----- AHOY §6 only the top pirate moves, stacking ----------------------------------
def test_only_the_top_pirate_of_a_pile_moves() -> None:
    s = game().position({6: "RB"}, die=1, turn=R)
    assert "move 6 1" not in map(str, s.legal_moves())
    reason = s.why_illegal("move 6 1") or ""
    assert "top pirate on square 6 is Blue's" in reason
    assert "AHOY §6" in reason


def test_only_the_top_pirate_of_the_starting_pile_moves() -> None:
    s = game().new_initial_state(seed=0)
    s.play("roll 2")
    s.play("move start 2")
    assert s.pile(0, R) == (R, R, R)
    assert s.pile(2) == (R,)


def test_stacking_a_pirate_reaching_an_occupied_square_goes_on_top() -> None:
    s2 = game().position({4: "B", 2: "R"}, die=2, turn=R)
    events = s2.play("move 2 2")
    assert s2.pile(4) == (B, R)
    assert "climbs on top of Blue" in events[0].text
    assert events[0].rule == "AHOY §6 Pirates' rules: stacking"


def test_stacking_any_number_of_pirates_can_share_a_square() -> None:
    s = game(players=3).position({4: "BGBGB"}, die=4, turn=R)
    s.play("move start 4")
    assert s.pile(4) == (B, G, B, G, B, R)


def test_occupied_squares_count_as_steps_ruling_ahoy_2() -> None:
    s = game().position({1: "B", 2: "BB", 4: "B"}, die=4, turn=R)
    s.play("move start 4")
    assert s.pile(4) == (B, R)
