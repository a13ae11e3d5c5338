"""SKEL §3 Game Turn, completing a treasure map wins its Island card (``rules/islands.py``)."""

from __future__ import annotations

import pytest

from tests.skeleton_island.helpers import P0, P1, game, ids, kinds, row
from treasurekit.skeleton_island import (
    Discard,
)


# ----- SKEL §3 completing a treasure map --------------------------------------------------
@pytest.mark.parametrize(
    ("held", "last"),
    [
        (["map-red-half"], "map-red-half"),  # two halves
        (["map-red-half", "map-red-quarter"], "map-red-quarter"),  # a half and two quarters
        (["map-red-quarter"] * 2, "map-red-half"),  # the half may come last
        (["map-red-quarter"] * 3, "map-red-quarter"),  # four quarters
    ],
)
def test_map_the_three_ways_to_complete_a_map_win_the_island_card(held: list[str],
                                                                  last: str) -> None:
    s = game().position(row(last, "coin-1"), collections={P0: held})
    s.play("take 0")
    events = s.play("keep")
    assert s.islands == {"red": P0}
    island = next(e for e in events if e.kind == "island")
    assert "wins the red Island card" in island.text
    assert island.rule == "SKEL §3 Game Turn: completing a treasure map"
    assert s.scores() == (5, 0)


def test_map_three_quarters_or_a_half_and_a_quarter_are_not_a_map() -> None:
    s = game().position(row("map-red-quarter", "coin-1"),
                        collections={P0: ["map-red-quarter"] * 2, P1: ["map-blue-half"]})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {}
    s.play("take 1")
    s.play("keep")
    assert s.islands == {}


def test_map_pieces_of_different_colours_do_not_make_a_map_ruling_skel_2() -> None:
    s = game().position(row("map-blue-half", "coin-1"), collections={P0: ["map-red-half"]})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {}


def test_map_used_pieces_leave_the_game_ruling_skel_13() -> None:
    s = game().position(row("map-red-half", "coin-1"),
                        collections={P0: ["map-red-half", "map-red-quarter"]})
    s.play("take 0")
    s.play("keep")
    assert kinds(s, P0) == ["map-red-quarter"]
    assert sorted(why for _, _, why in s.out) == ["island", "island"]


def test_map_used_pieces_stay_with_the_option_kept_ruling_skel_13() -> None:
    s = game(used_maps="kept").position(row("map-red-half", "coin-1"),
                                        collections={P0: ["map-red-half"]})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {"red": P0}
    assert kinds(s, P0) == ["map-red-half", "map-red-half"] and s.out == ()


def test_map_only_the_first_player_to_complete_it_wins_the_island_ruling_skel_14() -> None:
    s = game().position(row("map-red-half", "coin-1"),
                        collections={P0: ["map-red-half"], P1: ["map-red-quarter"] * 2},
                        islands={})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {"red": P0}
    s2 = game().position(row("map-red-half", "coin-1"),
                         collections={P0: ["map-red-quarter"] * 2}, islands={"red": P1})
    s2.play("take 0")
    s2.play("keep")  # the red Island card is already taken: nothing more to win
    assert s2.islands == {"red": P1} and kinds(s2, P0).count("map-red-quarter") == 2


def test_map_completed_by_the_second_card_wins_at_once_ruling_skel_15() -> None:
    s = game().position(row("coin-1", "map-red-half"), collections={P0: ["map-red-half"]})
    s.play("take 0")
    s.play("rest 10,8.9,0")
    events = s.play("take 1")
    assert s.islands == {"red": P0}
    assert [e.kind for e in events] == ["take", "keep", "island"]


def test_map_completed_by_a_stolen_card_ruling_skel_15() -> None:
    s = game().position(row("coin-1"), collections={
        P0: ["map-red-half", "pirate-hook", "pirate-skull", "pirate-compass"],
        P1: ["map-red-half"]})
    hook, skull, compass = ids(s, P0)[1:]
    s.play(Discard((hook, skull, compass)))
    s.play(f"steal p1 {ids(s, P1)[0]}")
    assert s.islands == {"red": P0}


def test_map_a_hand_made_whole_map_without_its_island_is_refused() -> None:
    with pytest.raises(ValueError, match="whole red map"):
        game().position(row("coin-1"), collections={P0: ["map-red-half"] * 2})
