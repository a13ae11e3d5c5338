"""What a click on the map means (``TIState.moves_at``) and moves in words
(``text.move_words``): every move returned is legal, a click where nothing legal is aimed
returns none, a click on a piece means that piece too."""

from __future__ import annotations

import random
from typing import Any

import pytest

import treasurekit.treasure_island_2018 as ti
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2018.clicks import REACH, PlaceError, moves_at
from treasurekit.treasure_island_2018.text import move_words, place_words, short_rule

T = (10.0, 13.0)  # the treasure in hand-made positions


def texts(moves: list[Any]) -> list[str]:
    return [str(m) for m in moves]


def all_legal(state: ti.TIState, moves: list[Any]) -> bool:
    return all(state.why_illegal(m) is None for m in moves)


# ----- TI2018 §6 Burying the treasure --------------------------------------------------------
def test_click_buries_the_treasure_there_and_not_in_the_volcano() -> None:
    s = ti.TIGame().new_initial_state(seed=1)
    assert texts(s.moves_at((10, 13))) == ["bury 10,13"]
    assert s.moves_at((17.5, 14.6)) == []  # the volcano: restricted
    assert "restricted" in (s.why_illegal("bury 17.5,14.6") or "")


# ----- TI2018 §7 Horse move, Foot move & Small search, Large search ---------------------------
def test_click_within_a_ride_offers_the_horse_foot_and_gallop_moves() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    moves = s.moves_at((12, 11))
    assert texts(moves) == ["horse red 12,11", "foot red 12,11", "gallop red 12,11",
                            "monkey 12,11"]
    assert all_legal(s, moves)


def test_click_beyond_a_foot_move_offers_no_walk_and_far_away_nothing() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    near = texts(s.moves_at((14, 11)))  # 5 miles: a ride, not a walk
    assert "horse red 14,11" in near and "foot red 14,11" not in near
    before = s.history, s.data
    assert s.moves_at((30, 1)) == [] or all(
        isinstance(m, (ti.Gallop, ti.Remote)) for m in s.moves_at((30, 1)))
    assert (s.history, s.data) == before  # asking changes nothing


def test_click_on_the_own_miniature_means_searches_there_and_the_compass() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    moves = texts(s.moves_at((9.0, 11.0)))
    assert moves[:2] == ["search small red 9,11", "search large red 9,11"]
    assert "compass red" in moves
    assert "compass red" in texts(s.moves_at((9.0 + REACH * 0.9, 11.0)))
    assert "compass red" not in texts(s.moves_at((9.0 + REACH * 1.5, 11.0)))


def test_click_on_another_seats_miniature_moves_mine_there_not_theirs() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0), "blue": (11.0, 11.0)})
    moves = s.moves_at((11.0, 11.0))
    assert moves and all(getattr(m, "mini", "red") == "red" for m in moves)
    assert "compass blue" not in texts(moves)


# ----- TI2018 §7 Special ability, Thoroughbred and Spyglass ----------------------------------
def test_click_beyond_one_leg_offers_olivier_two_legs() -> None:
    s = ti.TIGame().position(T, positions={"blue": (9.0, 11.0)}, day=2)
    assert s.active == 2  # Olivier
    moves = s.moves_at((18, 11))
    assert "horse blue 13.5,11 18,11" in texts(moves)
    assert "spyglass 18,11" in texts(moves)
    assert all_legal(s, moves)
    anne = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    assert not [m for m in anne.moves_at((18, 11)) if isinstance(m, ti.Horse)]


# ----- TI2018 §7 Calendar event, Prison ------------------------------------------------------
def test_click_on_a_black_tower_at_the_prison_event_puts_silver_there(set_up: Any) -> None:
    s = set_up(0)
    while s.phase != "prison":
        if s.is_chance_node():
            s.resolve_chance()
        elif s.phase == "actions":
            s.play("done")
        else:
            s.play(s.legal_moves()[0])
    t6 = s.map.tower("t6").xy
    assert texts(s.moves_at((t6[0] + 0.2, t6[1] - 0.2))) == ["prison t6"]
    assert s.moves_at((1.0, 1.0)) == []


# ----- TI2018 §8 Long John Silver's Escape ----------------------------------------------------
def test_click_during_the_escape_rides_silver_there_or_onto_the_treasure() -> None:
    s = ti.TIGame().position(T, positions={"silver": (12.5, 12.5)}, phase="escape",
                             escape_round=1)
    assert s.current_player == 0
    assert texts(s.moves_at((14, 12.5))) == ["horse silver 14,12.5"]
    onto = s.moves_at((T[0] + 0.3, T[1] - 0.2))
    assert texts(onto)[0] == "horse silver 10,13"
    assert all_legal(s, onto)


# ----- TI2018 §10 hints, ruling TI2018-18 questions -------------------------------------------
def test_click_on_a_miniature_offers_silvers_hints_that_name_it() -> None:
    s = ti.TIGame().position(T, phase="hint", hand=("vast", "close", "deduction"))
    red = s.position_of("red")
    assert red is not None
    moves = s.moves_at(red)
    assert moves and all(isinstance(m, ti.PlayHint) and "red" in m.args for m in moves)
    assert all_legal(s, moves)


# ----- every answer is legal, over random positions -------------------------------------------
def test_every_move_a_click_offers_is_legal_in_random_games() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        s = ti.TIGame(players=3).new_initial_state(seed)
        for _ in range(150):
            if s.is_terminal():
                break
            if s.is_chance_node():
                assert s.moves_at((10, 10)) == []
                s.resolve_chance()
                continue
            p = (rng.uniform(0, 32), rng.uniform(0, 24))
            moves = s.moves_at(p)
            assert all_legal(s, moves), (s.history, p)
            checked += len(moves)
            s.play(rng.choice(moves) if moves and rng.random() < 0.5
                   else rng.choice(s.legal_moves()))
    assert checked > 50


def test_click_after_the_game_or_at_a_chance_node_means_nothing() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.5, 13.0)})
    s.play("search small red 10.5,13")
    assert s.is_terminal()
    assert s.moves_at((10.5, 13.0)) == []


@pytest.mark.parametrize("bad", ["8,11", (8,), (8, 11, 2), (True, 2), (float("nan"), 1),
                                 None, ("8", "11")])
def test_a_place_that_is_no_point_is_refused_by_name(bad: Any) -> None:
    s = ti.TIGame().position(T)
    with pytest.raises(PlaceError, match="an \\(x, y\\) point in miles") as info:
        s.moves_at(bad)
    assert isinstance(info.value, ValueError)
    assert moves_at(s, [9.0, 11.0]) == moves_at(s, (9, 11))


# ----- moves in words ---------------------------------------------------------------------------
def test_moves_in_words_name_the_distance_the_place_and_the_rule() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    ride = move_words(s, "horse red 15,11")
    assert ride.text == "Ride 6.0 miles to 15.0, 11.0"
    assert ride.rule == "TI2018 §7 Game Sequence: Horse move"
    assert ride.short == "Ride 6.0 miles to 15.0, 11.0 (§7 Horse move)"
    assert str(ride) == "Ride 6.0 miles to 15.0, 11.0 (TI2018 §7 Game Sequence: Horse move)"
    assert move_words(s, "search small red 9.5,11").text == "Search a small area around 9.5, 11.0"
    assert "Large search" in move_words(s, "search large red 9,11").rule
    assert move_words(s, "foot red 11,11").text == "Walk 2.0 miles to 11.0, 11.0"
    assert move_words(s, "done").text == "Done: end your turn"
    assert "monkey" in move_words(s, "monkey 4,7.5").text
    assert move_words(s, "compass red").rule.endswith("Compass")
    assert move_words(s, "gallop red 20,11").rule.endswith("Full Gallop")


def test_moves_in_words_for_silver_and_the_chest_tokens() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)})
    assert move_words(s, "answer west").text == "Give West Chest token"
    assert move_words(s, "answer none").text.startswith("Give nothing")
    assert move_words(s, "use move7 red 12,11").rule.endswith("Item tokens")
    assert move_words(s, "prison t3").text.startswith("Put Long John Silver in black tower t3")
    words = move_words(s, "hint vast red truth")
    assert words.text.startswith("Play ") and words.text.endswith("with a Truth token")
    assert "ask" not in move_words(s, "ask near red 6").text.lower()[:0]
    assert move_words(s, "ask near red 6").text == "Ask: Is the treasure within 6 miles of red?"
    deal = move_words(s, "deal p1 d7")
    assert "d7" not in deal.text and "7" not in deal.text  # a chance draw names no secret


def test_every_legal_move_has_words_with_a_rule_in_random_games() -> None:
    rng = random.Random(2)
    for seed in range(2):
        s = ti.TIGame(players=4).new_initial_state(seed)
        for _ in range(120):
            if s.is_terminal():
                break
            moves = [m for m, _ in s.chance_outcomes()] if s.is_chance_node() else (
                s.legal_moves())
            for m in rng.sample(moves, min(6, len(moves))):
                words = move_words(s, m)
                assert words.text and words.text[0].isupper()
                assert words.rule.startswith(("TI2018 §", "ruling TI2018-"))
                assert str(m) not in words.text  # words, not notation
            if s.is_chance_node():
                s.resolve_chance()
            else:
                s.play(rng.choice(moves))


def test_words_helpers() -> None:
    assert place_words((9.2, 8.9)) == "9.2, 8.9"
    assert short_rule("TI2018 §6 Preparation Phase: Burying the treasure") == (
        "§6 Burying the treasure")
    s = ti.TIGame().position(T)
    with pytest.raises(IllegalMoveError):
        move_words(s, "fly red 1,1")
