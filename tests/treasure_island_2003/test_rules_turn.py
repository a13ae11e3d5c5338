"""One test (or more) per rule of a Treasure Island turn (TI2003 §4 How to Play),
named after the rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

import treasurekit.treasure_island_2003 as ti
from treasurekit.core import CHANCE, IllegalMoveError, load_game
from treasurekit.treasure_island_2003 import Pass, Place, Roll, TIGame, TIState

R, B, G = 0, 1, 2


def game(**options: object) -> TIGame:
    g = load_game("treasure_island_2003", **options)
    assert isinstance(g, TIGame)
    return g


def squares(state: TIState) -> set[str]:
    return {m.square for m in state.legal_moves() if isinstance(m, Place)}


# ----- TI2003 §3 Setup / §4 first player --------------------------------------------
def test_setup_the_island_starts_empty_and_every_chest_closed() -> None:
    s = game(players=3).new_initial_state(seed=0)
    assert all(s.owner(sq) is None for sq in s.board.land)
    assert s.opened() == ()
    assert s.holdings.unseen_total() == 130


def test_first_player_is_the_highest_two_dice_total() -> None:
    s = game(players=3).new_initial_state(seed=0)
    assert s.current_player == CHANCE and s.phase == "opening"
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    assert dict((str(m), p) for m, p in outcomes)["roll 3 4"] == Fraction(1, 18)
    assert s.turn == R
    s.play("roll 2 3")
    assert s.turn == B
    s.play("roll 6 6")
    s.play("roll 1 1")
    assert s.phase == "roll" and s.turn == B and s.is_chance_node()


def test_first_player_ties_throw_again_ruling_ti2003_8() -> None:
    s = game(players=3).new_initial_state(seed=0)
    s.play("roll 4 5")
    s.play("roll 3 6")
    events = s.play("roll 1 2")
    assert "throw again" in events[-1].text
    assert s.phase == "opening" and s.turn == R  # Red and Blue throw again
    s.play("roll 1 2")
    s.play("roll 2 2")
    assert s.phase == "roll" and s.turn == B


def test_first_player_option_skips_the_opening_throws() -> None:
    s = game(players=4, first_player=2).new_initial_state(seed=0)
    assert s.phase == "roll" and s.turn == G


# ----- §4 the dice: one number ----------------------------------------------------------
def test_two_dice_each_throw_has_its_exact_chance() -> None:
    s = game(first_player=0).new_initial_state(seed=0)
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Roll(2, 2)] == Fraction(1, 36) and outcomes[Roll(1, 6)] == Fraction(2, 36)


def test_using_one_die_the_square_shows_one_of_the_numbers() -> None:
    s = game(board="small").position({"R": "a7 b7"}, dice=(2, 5))
    legal = squares(s)
    assert legal and all(s.board.numbers[s.board.square(q)] in (2, 5) for q in legal)
    with pytest.raises(IllegalMoveError, match="shows 1, but the dice allow only 2 or 5") as info:
        s.play("place d7")
    assert info.value.rule == "TI2003 §4 How to Play"


def test_using_one_die_one_counter_per_throw_then_the_next_player() -> None:
    s = game(board="small").position({"R": "a7 b7"}, dice=(2, 5))
    s.play("place c7")
    assert s.owner("c7") == R
    assert s.phase == "roll" and s.turn == B


# ----- §4 Landings ----------------------------------------------------------------------
def test_landings_the_first_counter_must_land_on_an_anchorage() -> None:
    s = game(first_player=0).new_initial_state(seed=0)
    s.play("roll 2 5")
    assert squares(s) == {"d2", "c3", "a8", "c11", "j13", "g14"}  # anchorages showing 2 or 5
    assert all(s.board.square(q) in s.board.anchorages for q in squares(s))
    reason = s.why_illegal("place e4") or ""
    assert "first counter must land on an anchorage" in reason and "§4 Landings" in reason


def test_landings_the_anchorage_must_be_empty() -> None:
    s = game(board="small").position({"B": "e2"}, dice=(2, 3), turn=R)
    assert "e2" not in squares(s)
    with pytest.raises(IllegalMoveError, match="e2 already holds Blue's counter"):
        s.play("place e2")


def test_landings_allowed_any_time_while_an_anchorage_is_free() -> None:
    s = game(board="small").position({"R": "a7 b7 c7"}, dice=(2, 4))
    assert "e2" in squares(s)  # far from Red's counters
    events = s.play("place e2")
    assert events[0].kind == "landing" and "lands at the anchorage e2" in events[0].text


# ----- §4 Advances ----------------------------------------------------------------------
def test_advances_onto_an_orthogonal_neighbour_of_ones_own_counter() -> None:
    s = game(board="small").position({"R": "b4"}, dice=(1, 3))
    assert squares(s) == {"c4", "b5", "k6", "l5"}  # beside b4, and the free anchorages
    events = s.play("place c4")
    assert events[0].kind == "advance" and events[0].rule == "TI2003 §4 Advances"


def test_advances_never_diagonally() -> None:
    s = game(board="small").position({"R": "b4"}, dice=(5, 5))
    assert squares(s) == {"j3", "j9", "e11"}  # c3 and c5 touch b4 only at a corner
    reason = s.why_illegal("place c5") or ""
    assert "not an anchorage and Red has no counter beside it" in reason


def test_advances_never_across_a_river() -> None:
    s = game().position({"R": "f7"}, dice=(1, 6))  # Silver Creek runs between f7 and g7
    assert "g7" not in squares(s)
    with pytest.raises(IllegalMoveError, match="a river runs between f7 and g7") as info:
        s.play("place g7")
    assert info.value.rule == "TI2003 §4 Advances"


def test_advances_across_a_partly_covered_boundary_are_allowed() -> None:
    s = game().position({"R": "f6"}, dice=(5, 5))  # the river covers f6|f7 only partly
    assert "f7" in squares(s)
    s.play("place f7")
    assert s.owner("f7") == R


def test_advances_only_beside_ones_own_counters_not_an_opponents() -> None:
    s = game(board="small").position({"R": "a7", "B": "e2"}, dice=(1, 1), turn=R)
    assert "d2" not in squares(s)  # beside Blue's e2, not Red's


def test_counters_never_move_once_placed() -> None:
    s = game(board="small").position({"R": "a7"}, dice=(4, 4))
    s.play("place b7")
    assert s.squares_of(R) == ["a7", "b7"]
    assert s.counters(R) == 2


# ----- §4 Passing ------------------------------------------------------------------------
def test_passing_when_neither_number_can_be_used() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "c7"}, dice=(1, 4), turn=R)
    assert s.legal_moves() == [Pass()]  # b6 and b8 show 2; no anchorage shows 1 or 4
    events = s.play("pass")
    assert events[0].kind == "pass"
    assert s.turn == B and s.phase == "roll"


def test_a_throw_that_cannot_be_used_says_so() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "c7"}, turn=R)
    events = s.play("roll 1 4")
    assert events[0].text == "Red throws 1 and 4 and cannot place: pass"
    assert s.legal_moves() == [Pass()]


def test_passing_is_refused_while_a_counter_can_be_placed_ruling_ti2003_9() -> None:
    s = game(board="small").position({"R": "a7"}, dice=(4, 5))
    with pytest.raises(IllegalMoveError, match="must; a player passes only when") as info:
        s.play("pass")
    assert info.value.rule == "TI2003 §4 Advances"


# ----- §4 Doubles ---------------------------------------------------------------------------
def test_doubles_a_move_and_then_another_throw() -> None:
    s = game(board="small").position({"R": "a7"}, dice=(4, 4))
    events = s.play("place b7")
    assert any(e.kind == "doubles" for e in events)
    assert s.phase == "roll" and s.turn == R
    s.play("roll 2 2")
    s.play("place c7")
    s.play("roll 1 1")
    s.play("place d7")
    s.play("roll 1 3")
    assert s.phase == "place" and s.turn == R
    s.play(s.legal_moves()[0])
    assert s.turn == B


def test_doubles_that_cannot_be_used_still_throw_again_ruling_ti2003_10() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "c7"}, dice=(1, 1), turn=R)
    assert s.legal_moves() == [Pass()]
    s.play("pass")
    assert s.phase == "roll" and s.turn == R


def test_a_whole_turn_in_events_cites_the_rules() -> None:
    s = game(players=2, first_player=0).new_initial_state(seed=3)
    events = s.play("roll 2 6")
    assert events[0].kind == "roll" and "one number" in events[0].text
    events = s.play("place d2")
    assert events[0].text == "Red lands at the anchorage d2 (2)"


def test_str_shows_the_grid_and_who_is_to_move() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "e2"}, dice=(2, 6))
    text = str(s)
    assert text.splitlines()[0] == (
        "Treasure Island (2003), Small Board, 2 players - ply 0: Red to place (dice 2 and 6, "
        "one number; usable 2 6)")
    assert " 7  R^ R  2  1  6* 2" in text
    assert "~~ ~~ ~~ 1  B^ 5" in text
    assert str(s) == str(s.copy())


def test_package_exports_the_public_names() -> None:
    assert ti.TIGame.name == "treasure_island_2003"
    assert ti.COLOURS[:2] == ("red", "blue")
