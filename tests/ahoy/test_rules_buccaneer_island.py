"""AHOY §7 Reaching Buccaneer Island (rules/buccaneer_island.py)."""

from __future__ import annotations

from tests.ahoy.helpers import B, R, game


# ----- AHOY §7 the exact roll ------------------------------------------------------
def test_exact_roll_reaches_the_island() -> None:
    s = game().position({18: "R"}, die=3, turn=R)
    events = s.play("move 18 3")
    assert s.chests[0] == R
    assert "takes chest 1" in events[0].text


def test_exact_roll_overshooting_the_island_is_illegal() -> None:
    s = game().position({18: "RRRR"}, die=4, turn=R)
    reason = s.why_illegal("move 18 4") or ""
    assert "needs exactly 3" in reason and "AHOY §7" in reason


def test_exact_roll_bounce_option_counts_back_ruling_ahoy_4() -> None:
    s = game(overshoot="bounce").position({18: "RRRR"}, die=5, turn=R)
    s.play("move 18 5")  # 18 -> 21 is the island, two more: back to 19... 21-2 = 19
    assert s.pile(19) == () and s.planks == frozenset({19})  # 19 is water: fell in


def test_chests_are_taken_in_arrival_order() -> None:
    s = game().position({20: "RB"}, die=1, turn=B)
    s.play("move 20 1")
    s.play("roll 1")
    s.play("move 20 1")
    assert s.chests[:2] == (B, R)


def test_a_pirate_on_the_island_no_longer_moves() -> None:
    s = game().position({}, chests="R", die=1, turn=R)
    assert "move 21 1" not in map(str, s.legal_moves())
    assert "not on the path" in (s.why_illegal("move 21 1") or "")
