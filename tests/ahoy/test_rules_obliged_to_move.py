"""AHOY §6 you are obliged to move; passing (rules/obliged_to_move.py)."""

from __future__ import annotations

import pytest

from tests.ahoy.helpers import B, R, game
from treasurekit.ahoy import Pass
from treasurekit.core import CHANCE, IllegalMoveError


# ----- AHOY §6 obliged to move, passing --------------------------------------------
def test_obliged_to_move_passing_is_illegal_when_a_move_exists() -> None:
    s = game().position({1: "R"}, die=2, turn=R)  # both moves fall in the water
    with pytest.raises(IllegalMoveError, match="obliged to move") as info:
        s.play("pass")
    assert info.value.rule == "AHOY §6 Pirates' rules: obliged to move"


def test_obliged_to_move_pass_when_every_pirate_is_blocked() -> None:
    s = game().position({5: "RRRRB"}, planks=(5,), die=1, turn=R)
    assert s.legal_moves() == [Pass()]
    s.play("pass")
    assert s.turn == B and s.current_player == CHANCE


def test_obliged_to_move_pass_when_every_move_overshoots() -> None:
    s = game().position({18: "RRRR"}, die=5, turn=R)
    assert s.legal_moves() == [Pass()]
