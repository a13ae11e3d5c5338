"""AHOY §9 Variation for cunning pirates (rules/cunning.py; the end: flow.py)."""

from __future__ import annotations

from tests.ahoy.helpers import B, R, game


# ----- AHOY §9 the cunning pirates variant ------------------------------------------
def test_cunning_fallen_pirates_leave_the_game() -> None:
    s = game(variant="cunning").position({1: "R"}, die=2, turn=R)
    events = s.play("move 1 2")
    assert s.pile(0, R) == (R,) * 3
    assert s.view(R).out == (1, 0)
    assert "out of the game" in events[0].text
    assert events[0].rule == "AHOY §9 Cunning pirates"
    assert s.planks == frozenset({3})


def test_cunning_game_ends_when_every_pirate_has_fallen_ruling_ahoy_6() -> None:
    s = game(variant="cunning").position(
        {1: "R"}, out={"R": 3, "B": 4}, die=2, turn=R
    )
    s.play("move 1 2")
    out = s.outcome()
    assert s.is_terminal() and out is not None
    assert out.termination == "no pirate is left to reach a chest"
    assert out.winners == (R, B) and "shared" in out.reason


def test_cunning_game_ends_when_the_rest_have_fallen_or_landed() -> None:
    s = game(variant="cunning").position({20: "R"}, chests="B", out={"R": 3, "B": 3}, die=1)
    s.play("move 20 1")
    out = s.outcome()
    assert out is not None and out.scores == (2, 1) and out.winners == (R,)


def test_basic_game_never_ends_for_lack_of_pirates() -> None:
    s = game().position({1: "R"}, die=2, turn=R)
    s.play("move 1 2")
    assert not s.is_terminal()
