"""TI2003 §3 Setup: a new game, its options, hand-set positions and the package's
public names."""

from __future__ import annotations

import pytest

import treasurekit.treasure_island_2003 as ti
from tests.treasure_island_2003.helpers import (
    G,
    game,
    small,
)
from treasurekit.core import OptionError, load_game


# ----- TI2003 §3 Setup / §4 first player --------------------------------------------
def test_setup_the_island_starts_empty_and_every_chest_closed() -> None:
    s = game(players=3).new_initial_state(seed=0)
    assert all(s.owner(sq) is None for sq in s.board.land)
    assert s.opened() == ()
    assert s.holdings.unseen_total() == 130


def test_first_player_option_skips_the_opening_throws() -> None:
    s = game(players=4, first_player=2).new_initial_state(seed=0)
    assert s.phase == "roll" and s.turn == G


def test_package_exports_the_public_names() -> None:
    assert ti.TIGame.name == "treasure_island_2003"
    assert ti.COLOURS[:2] == ("red", "blue")


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="first_player=3"):
        load_game("treasure_island_2003", first_player=3)
    with pytest.raises(OptionError, match="'roll' or a seat"):
        load_game("treasure_island_2003", first_player="me")
    with pytest.raises(OptionError, match="cannons"):
        load_game("treasure_island_2003", cannons="never")


def test_position_refuses_bad_input_naming_it() -> None:
    g = small()
    with pytest.raises(ValueError, match="'P' is not a colour"):
        g.position({"P": "a7"})
    with pytest.raises(ValueError, match="a1 is sea"):
        g.position({"R": "a1"})
    with pytest.raises(ValueError, match="given twice"):
        g.position({"R": "a7", "B": "a7"})
    with pytest.raises(ValueError, match="piles: 'ivory'"):
        g.position({}, piles={"R": {"ivory": 1}})
    with pytest.raises(ValueError, match="deck has 6"):
        g.position({}, piles={"R": {"diamonds": 5}, "B": {"diamonds": 2}})
    with pytest.raises(ValueError, match="holds no 'rum' to protect"):
        g.position({}, protected={"R": "rum"})
    with pytest.raises(ValueError, match="dice"):
        g.position({}, dice=(0, 7))
