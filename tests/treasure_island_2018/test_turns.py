"""TI2018 §7 Game Sequence: the calendar update and its events, the number of actions,
Horse and Foot moves, the searches and their answers, special actions and abilities."""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit.treasure_island_2018 as ti
from treasurekit.core import IllegalMoveError

T = (10.0, 13.0)  # the treasure in hand-made positions


def advance_to_day(state: ti.TIState, day: int) -> ti.TIState:
    """Fast forward: Silver plays his first legal hint, pirates end their turns, the first
    tower is chosen, chance is resolved."""
    while state.day < day or state.is_chance_node():
        if state.is_terminal():
            raise AssertionError("game over")
        if state.is_chance_node():
            state.resolve_chance()
        elif state.phase == "actions":
            state.play("done")
        elif state.phase == "prison":
            state.play("prison t1")
        else:
            state.play(state.legal_moves()[0])
    return state


# ----- TI2018 §7 Calendar update ----------------------------------------------------------------
def test_calendar_update_gives_each_day_to_the_next_pirate(set_up: Any) -> None:
    s = set_up(0, players=4)
    seen = []
    for day in range(1, 8):
        advance_to_day(s, day)
        while s.phase == "hint":
            s.play(s.legal_moves()[0])
            while s.is_chance_node():
                s.resolve_chance()
        seen.append((s.day, s.active, s.actions_left))
    assert [a for _, a, _ in seen] == [1, 2, 3, 1, 2, 3, 1]  # ruling TI2018-10
    stars = [sp.stars for sp in s.calendar]
    assert [n for _, _, n in seen] == stars[:7]


def test_one_pirate_plays_every_day(set_up: Any) -> None:
    s = set_up(0, players=2)
    advance_to_day(s, 3)
    assert s.active == 1


def test_a_turn_ends_when_its_actions_are_spent() -> None:
    g = ti.TIGame(players=4)
    s = g.position(T, positions={"red": (9.0, 11.0)}, day=1, actions=1)
    s.play("horse red 15,11")
    assert s.day == 2 and s.active == 2  # the next day began on its own


# ----- TI2018 §7 Calendar events ------------------------------------------------------------
def test_event_starting_hint_lets_silver_play_from_his_hand(set_up: Any) -> None:
    s = set_up(3)
    assert s.phase == "hint" and s.current_player == 0
    assert all(isinstance(m, ti.PlayHint) and m.kind in s.data.start_hand
               for m in s.legal_moves() if not isinstance(m, ti.Redraw))


def test_event_bluff_token_reaches_silver_on_day_5(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 4)
    assert s.data.bluff == 0
    advance_to_day(s, 5)
    assert s.data.bluff == 1 and s.data.bluff_received == 1
    advance_to_day(s, 11)
    assert s.data.bluff_received == 2


def test_event_prison_the_active_pirate_chooses_the_tower(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 7)
    while s.day < 8 or s.is_chance_node():
        if s.is_chance_node():
            s.resolve_chance()
        elif s.phase == "actions":
            s.play("done")
        else:
            s.play(s.legal_moves()[0])
    assert s.phase == "prison" and s.current_player == s.active
    assert [str(m) for m in s.legal_moves()] == [f"prison t{i}" for i in range(1, 10)]
    s.play("prison t6")
    assert s.position_of("silver") == s.map.tower("t6").xy
    assert s.phase == "actions"


def test_event_black_spot_discards_starting_hints_and_draws_three(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 9)
    d = s.data
    assert d.start_hand == () and len(d.bs_hand) == 3
    assert len(d.bs_pile) == 8


def test_event_black_spot_hint_is_played_from_the_black_spot_hand(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 9)
    while s.phase != "hint" or s.day < 10:
        advance_to_day(s, s.day + 1)
    assert s.day == 10
    assert all(getattr(m, "kind", None) in s.data.bs_hand for m in s.legal_moves()
               if isinstance(m, ti.PlayHint))


def test_event_escape_starts_the_escape(set_up: Any) -> None:
    s = set_up(0, players=4)
    advance_to_day(s, 18)
    while s.escape_round == 0:
        advance_to_day(s, s.day + 1)
    assert s.day == 19 and s.phase == "escape" and s.current_player == 0


# ----- TI2018 §7 Horse move ----------------------------------------------------------------------
def test_horse_move_goes_up_to_6_miles_in_a_straight_line() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    assert s.why_illegal("horse red 15,11") is None
    problem = s.why_illegal("horse red 15.01,11")
    assert problem and "at most 6 miles" in problem and "Horse move" in problem
    s.play("horse red 15,11")
    assert s.position_of("red") == (15.0, 11.0)
    assert s.data.lines[-1].a == (9.0, 11.0) and s.data.lines[-1].b == (15.0, 11.0)


def test_horse_move_may_not_cross_a_restricted_area() -> None:
    s = ti.TIGame().position(T, positions={"red": (14.5, 14.6)})
    problem = s.why_illegal("horse red 20.5,14.6")
    assert problem and "cross a restricted area (the volcano)" in problem


def test_horse_move_may_not_stop_in_a_restricted_area() -> None:
    s = ti.TIGame().position(T, positions={"red": (14.0, 14.6)})
    problem = s.why_illegal("horse red 17.5,14.6")
    assert problem and "stop in a restricted area (the volcano)" in problem


def test_horse_move_may_not_go_nowhere() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    assert "must go somewhere" in (s.why_illegal("horse red 9,11") or "")


def test_illegal_move_leaves_the_state_unchanged() -> None:
    s = ti.TIGame().position(T, positions={"red": (14.0, 14.6)})
    before = (str(s), s.view(0), s.history)
    with pytest.raises(IllegalMoveError):
        s.play("horse red 17.5,14.6")
    assert (str(s), s.view(0), s.history) == before


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


def test_small_search_template_must_show_the_cross() -> None:  # ruling TI2018-12
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)})
    problem = s.why_illegal("search small red 9,10.01")
    assert problem and "cross must show inside the template" in problem
    assert s.why_illegal("search small red 9,10") is None


def test_large_search_template_must_show_the_cross() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)})
    assert s.why_illegal("search large red 9,11") is None
    assert "template" in (s.why_illegal("search large red 9,11.01") or "")


def test_search_finds_the_treasure_on_the_circles_edge() -> None:
    """A treasure exactly on the circle counts as touched (TI2018 §7 Small search)."""
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.5)})
    events = s.play("search small red 10,12")  # the treasure is exactly 1 mile away
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.winners == (1,) and out.scores == (0, 1, 0, 0)
    assert "finds" in events[-2].text


def test_search_just_missing_the_treasure_finds_nothing() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.5)})
    s.play("search small red 10,11.99")
    assert not s.is_terminal() and s.phase == "answer"
    assert len(s.data.searches) == 1


def test_large_search_finds_within_2_miles() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.5)})
    s.play("search large red 10,11")  # 2 miles exactly
    assert s.is_terminal()


def test_search_template_may_overflow_but_not_lie_wholly_over_restricted_ground() -> None:
    s = ti.TIGame(players=4).position(T, positions={"blue": (14.0, 9.5)}, day=2)
    assert s.why_illegal("spyglass 17.5,14.6") is None  # 2-mile circle pokes out
    s2 = ti.TIGame(players=4).position(T, day=1)
    assert "wholly over a restricted area" in (s2.why_illegal("monkey 0.5,0.5") or "")


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


# ----- TI2018 §7 Special actions (limited uses) --------------------------------------------------
def test_compass_action_asks_silver_for_a_true_compass_hint() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(1, 3, 4, 5))
    s.play("compass red")
    assert s.phase == "compass" and s.current_player == 0
    # the treasure is due north (sector n): cards 1 (n, ne) would lie
    assert [str(m) for m in s.legal_moves()] == ["card 3", "card 4", "card 5"]
    assert "false" in (s.why_illegal("card 1") or "")
    s.play("card 4")
    assert s.data.compass_given[-1][1].skulls == (3, 4)
    assert s.uses_left(1, "compass") == 1  # Anne may use it twice (TI2018 §7 Compass ability)


def test_compass_action_uses_run_out() -> None:
    s = ti.TIGame().position(T, day=2, positions={"blue": (10.0, 9.0)},
                             compass_hand=(3, 4, 5))
    s.play("compass blue")
    s.play("card 3")
    assert s.uses_left(2, "compass") == 0
    assert "no Compass action left" in (s.why_illegal("compass blue") or "")


def test_compass_with_no_true_card_teaches_nothing() -> None:  # ruling TI2018-5
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(1, 8))
    events = s.play("compass red")
    assert any("learns nothing" in e.text for e in events)
    assert s.phase == "actions"


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


def test_full_gallop_goes_anywhere_but_restricted_ground_without_a_line() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)})
    assert "restricted" in (s.why_illegal("gallop red 17.5,14.6") or "")
    lines = len(s.data.lines)
    s.play("gallop red 27,9")
    assert s.position_of("red") == (27.0, 9.0) and len(s.data.lines) == lines
    assert s.uses_left(1, "gallop") == 0


# ----- TI2018 §7 Special abilities -------------------------------------------------------------
def test_ability_king_georges_small_search_anywhere() -> None:
    s = ti.TIGame().position(T, positions={"red": (27.0, 9.0)})
    s.play("monkey 10,14")
    assert s.is_terminal() and s.outcome().winners == (1,)  # type: ignore[union-attr]


def test_ability_king_georges_is_annes_only() -> None:
    s = ti.TIGame().position(T, day=2)
    assert "Anne" in (s.why_illegal("monkey 10,14") or "")


def test_ability_spyglass_large_search_anywhere() -> None:
    s = ti.TIGame().position(T, day=2)
    s.play("spyglass 11,14.5")
    assert s.is_terminal() and s.outcome().winners == (2,)  # type: ignore[union-attr]


def test_ability_thoroughbred_two_six_mile_legs() -> None:
    s = ti.TIGame().position(T, day=2, positions={"blue": (9.0, 6.0)})
    assert s.why_illegal("horse blue 15,6 21,6") is None
    s.play("horse blue 15,6 21,6")
    assert s.position_of("blue") == (21.0, 6.0)
    s2 = ti.TIGame().position(T, day=1, positions={"red": (9.0, 11.0)})
    assert "Thoroughbred" in (s2.why_illegal("horse red 15,11 21,11") or "")


def test_ability_fortune_traces_the_outer_edge_of_the_large_template() -> None:
    g = ti.TIGame(players=4, characters="ben,olivier,charlotte")
    s = g.position(T, positions={"green": (10.0, 8.5)})
    s.play("search large green 10,10.5")  # the treasure is 2.5 miles away
    assert s.is_terminal()
    g2 = ti.TIGame(players=4)
    s2 = g2.position(T, positions={"red": (10.0, 8.5)})
    s2.play("search large red 10,10.5")
    assert not s2.is_terminal()


def test_ability_compass_anne_has_two_compass_actions() -> None:
    s = ti.TIGame().position(T)
    assert s.uses_left(1, "compass") == 2 and s.uses_left(2, "compass") == 1


def test_ability_ancient_scrolls_charlotte_holds_three_district_hints(set_up: Any) -> None:
    s = set_up(5, players=4)
    assert len(s.data.dealt[3]) == 3 and s.characters[3].id == "charlotte"
