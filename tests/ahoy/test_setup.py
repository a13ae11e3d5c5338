"""AHOY §3 Preparation and §4 How to play: the seats, the piles, who starts and
the order of turns (flow.py)."""

from __future__ import annotations

import pytest

from tests.ahoy.helpers import G, R, game


# ----- AHOY §3 Preparation --------------------------------------------------------
def test_preparation_four_pirates_piled_on_each_starting_square() -> None:
    s = game(players=3).new_initial_state(seed=0)
    for seat in range(3):
        assert s.pile(0, seat) == (seat,) * 4
    assert all(not s.pile(sq) for sq in range(1, s.board.island_square))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    assert game(players=players).num_players == players


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        game(players=players)


def test_turns_pass_clockwise_and_skip_seats_with_no_pirate_left_ruling_ahoy_5() -> None:
    s = game(players=3).position({}, chests="BBBB", die=1, turn=R)
    s.play("move start 1")
    assert s.turn == G  # Blue has all four pirates on the island


def test_first_player_option_ruling_ahoy_1() -> None:
    assert game(players=3, first_player=2).new_initial_state().turn == 2
    with pytest.raises(ValueError, match="first_player"):
        game(players=2, first_player=3)
