"""TI2018 §7 Game Sequence: Choose actions - a Foot move and a Small search as one action,
one miniature a turn, Verification, the Ancient Scrolls (``rules/actions.py``)."""

from __future__ import annotations

from typing import Any

import treasurekit.treasure_island_2018 as ti

T = (10.0, 13.0)  # the treasure in hand-made positions


# ----- TI2018 §7 Foot move & Small search -------------------------------------------------------
def test_foot_move_goes_up_to_3_miles_then_a_small_search_may_follow() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=2)
    assert "at most 3 miles" in (s.why_illegal("foot red 12.01,9") or "")
    s.play("foot red 9,11.5")
    assert s.actions_left == 1 and s.data.pending == "search"
    s.play("search small red 9,12")  # completes the same action
    assert s.actions_left == 1 and s.data.pending is None


def test_small_search_first_then_the_foot_move() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=1)
    s.play("search small red 9,9.5")
    if s.phase == "answer":
        s.play("answer none")
    assert s.data.pending == "foot" and s.actions_left == 0
    s.play("foot red 9,11")
    assert s.position_of("red") == (9.0, 11.0)


# ----- TI2018 §7 number of actions ---------------------------------------------------------------
def test_no_action_left_means_only_done() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=1)
    s.play("foot red 9,10")
    assert s.actions_left == 0
    assert "no action left" in (s.why_illegal("horse red 9,15") or "")
    s.play("done")
    assert s.day == 2


def test_all_actions_of_a_turn_use_one_miniature() -> None:
    g = ti.TIGame(players=2)  # one pirate with red, blue and yellow
    s = g.position(T, day=2, actions=2)
    s.play("horse blue 15.5,9")
    assert "one miniature" in (s.why_illegal("horse red 6,14.6") or "")
    assert s.why_illegal("horse blue 15.5,11") is None


def test_verification_looks_at_a_face_down_token() -> None:
    g = ti.TIGame()
    s = g.position(T, positions={"red": (6.0, 10.6)},
                   hints=[("vast", ["red"], "truth"), ("close", ["none"], "bluff")])
    assert "face up" in (s.why_illegal("verify 1") or "")
    assert s.view(1).hints[1].token == "hidden"
    s.play("verify 2")
    assert s.view(1).hints[1].token == "bluff"
    assert s.view(2).hints[1].token == "hidden"  # private to the pirate who looked
    assert s.uses_left(1, "verify") == 0


def test_ability_ancient_scrolls_charlotte_holds_three_district_hints(set_up: Any) -> None:
    s = set_up(5, players=4)
    assert len(s.data.dealt[3]) == 3 and s.characters[3].id == "charlotte"
