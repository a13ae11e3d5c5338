"""``AhoyState.moves_at``: what a click on a square or a pirate means (AHOY §5, §6)."""

from __future__ import annotations

import pytest

from treasurekit.ahoy import SHIP, AhoyGame, Step
from treasurekit.core.errors import PlaceError


def test_moves_at_a_pirate_after_the_ship_offers_every_step_it_may_take() -> None:
    state = AhoyGame(players=2).position({4: "R"}, turn=0, die=SHIP)
    moves = state.moves_at(4)
    assert moves == [Step(4, k) for k in range(1, 6)]
    assert state.moves_at((4, 0)) == moves
    assert all(state.why_illegal(m) is None for m in moves)


def test_moves_at_a_pirate_after_a_dot_roll_is_the_one_step_of_the_face() -> None:
    state = AhoyGame(players=2).position({4: "R"}, turn=0, die=3)
    assert state.moves_at(4) == [Step(4, 3)]
    assert state.moves_at(0) == [Step(0, 3)]  # Red's starting pile


def test_moves_at_an_empty_square_or_a_foreign_pirate_are_none() -> None:
    state = AhoyGame(players=2).position({4: "R", 6: "B", 7: "RB"}, turn=0, die=2)
    assert state.moves_at(2) == []  # nobody there
    assert state.moves_at(6) == []  # Blue's pirate
    assert state.moves_at((0, 1)) == []  # Blue's starting pile
    assert state.moves_at(7) == []  # Blue on top of Red: only the top pirate moves
    assert state.moves_at((7, 0)) == []


def test_moves_at_is_empty_before_the_roll() -> None:
    state = AhoyGame(players=2).position({4: "R"}, turn=0, die=None)
    assert state.moves_at(4) == []


def test_moves_at_a_step_past_the_island_is_not_offered() -> None:
    state = AhoyGame(players=2).position({20: "R"}, turn=0, die=SHIP)
    assert state.moves_at(20) == [Step(20, 1)]


@pytest.mark.parametrize("place", ["c7", -1, 22, (4,), (4, 2), (4, "red"), True, 2.0])
def test_moves_at_a_place_that_is_not_on_the_board_is_refused(place: object) -> None:
    state = AhoyGame(players=2).position({4: "R"}, turn=0, die=3)
    with pytest.raises(PlaceError, match="not a"):
        state.moves_at(place)
