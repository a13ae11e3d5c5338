"""AHOY §8 End of the game: scoring and the tie-break (rules/end.py)."""

from __future__ import annotations

from tests.ahoy.helpers import B, G, R, game
from treasurekit.core import TERMINAL


# ----- AHOY §8 the end, scoring and the tie-break --------------------------------------
def test_end_when_all_five_chests_are_taken() -> None:
    s = game().position({20: "B"}, chests="RBRB", die=1, turn=B)
    s.play("move 20 1")
    assert s.current_player == TERMINAL
    out = s.outcome()
    assert out is not None and out.termination == "all five chests are taken"


def test_scoring_adds_up_the_chest_values() -> None:
    s = game().position({20: "B"}, chests="RBRB", die=1, turn=B)
    s.play("move 20 1")
    out = s.outcome()
    assert out is not None
    assert out.scores == (1 + 3, 2 + 4 + 5)
    assert out.winners == (B,)


def test_tie_break_first_onto_the_island_wins_ruling_ahoy_7() -> None:
    # R: chests 1 and 4 = 5; B: chests 2 and 3 = 5; G: chest 5 = 5. Red was first.
    s = game(players=3).position({20: "G"}, chests="RBBR", die=1, turn=G)
    s.play("move 20 1")
    out = s.outcome()
    assert out is not None
    assert out.scores == (5, 5, 5)
    assert out.winners == (R,)
    assert "tie-break" in out.reason
