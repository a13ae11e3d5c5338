"""SKEL §4 End of the Game and Victory (``rules/end.py``): when the game ends, scores, ties."""

from __future__ import annotations

from tests.skeleton_island.helpers import P0, P1, P2, game, ids, row
from treasurekit.core import TERMINAL
from treasurekit.skeleton_island import (
    Discard,
)


# ----- SKEL §4 end of the game and scoring ------------------------------------------------
def test_end_when_every_island_card_has_been_won_ruling_skel_18() -> None:
    s = game().position(row("map-red-half", "coin-1", None),
                        collections={P0: ["map-red-half"]},
                        islands={"blue": P1, "green": P1, "yellow": P0, "purple": P1})
    s.play("take 0")
    events = s.play("keep")
    assert s.is_terminal() and s.current_player == TERMINAL and len(s.pile) == 2
    out = s.outcome()
    assert out is not None and out.termination == "every Island card has been won"
    assert events[-1].kind == "end" and events[-1].rule == "SKEL §4 Victory"


def test_end_in_the_middle_of_a_double_turn_ruling_skel_18() -> None:
    s = game().position(row("map-red-half", "coin-1", "coin-2"),
                        collections={P0: ["map-red-half", "pirate-hook", "pirate-skull",
                                          "pirate-compass"]},
                        islands={"blue": P1, "green": P1, "yellow": P0, "purple": P1})
    s.play(Discard(tuple(ids(s, P0)[1:])))
    s.play("double")
    s.play("take 0")
    s.play("keep")
    assert s.is_terminal() and s.legal_moves() == []


def test_end_when_the_sand_pile_is_empty() -> None:
    s = game().position(row("coin-2"))
    s.play("take 0")
    assert not s.is_terminal()
    s.play("keep")
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.termination == "the Sand Pile is empty"


def test_scoring_island_cards_and_gold_coin_cards_count() -> None:
    s = game(players=3).position(
        row("coin-1"),
        collections={P0: ["coin-3", "coin-2", "pirate-hook", "map-blue-half"],
                     P1: ["coin-1"] * 3, P2: []},
        islands={"red": P0, "green": P2, "blue": P2},
    )
    assert s.scores() == (5 + 3 + 2, 3, 10)


def test_victory_the_largest_treasure_wins() -> None:
    s = game().position(row("coin-1"), collections={P0: ["coin-3"], P1: ["coin-2"]}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.scores == (3, 3)
    assert out.winners == (0, 1)  # tied on coins and on Island cards (none)


def test_ties_more_island_cards_win_ruling_skel_19() -> None:
    s = game().position(row("coin-1"), collections={P1: ["coin-3", "coin-2"]},
                        islands={"red": P0}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.scores == (5, 6)
    s = game().position(row("coin-1"), collections={P1: ["coin-3", "coin-1"]},
                        islands={"red": P0}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.scores == (5, 5) and out.winners == (0,)
    assert "most Island cards" in out.reason


def test_ties_shared_with_the_option_ruling_skel_19() -> None:
    s = game(tie_break="shared").position(row("coin-1"),
                                          collections={P1: ["coin-3", "coin-1"]},
                                          islands={"red": P0}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.winners == (0, 1)
