"""A turn (TI2003 §4 How to Play, Doubles; §9 Using both dice): the opening throws,
the dice, doubles, the end of a turn (``rules/turn.py``). One test or more per rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.treasure_island_2003.helpers import (
    SMALL,
    TREASURES,
    B,
    R,
    game,
    small,
    squares,
)
from treasurekit.core import CHANCE, IllegalMoveError
from treasurekit.treasure_island_2003 import (
    Pass,
    Place,
    Roll,
)


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


def test_a_throw_that_cannot_be_used_says_so() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "c7"}, turn=R)
    events = s.play("roll 1 4")
    assert events[0].text == "Red throws 1 and 4 and cannot place: pass"
    assert s.legal_moves() == [Pass()]


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


# ----- §9 Using both dice -----------------------------------------------------------------------
def test_using_both_dice_once_no_unopened_treasure_can_be_reached() -> None:
    s = small().position({"R": "a7", "B": TREASURES}, turn=R)
    events = s.play("roll 2 4")
    assert s.using_both_dice(R) and any(e.kind == "endgame" for e in events)
    # the switch is announced first, then the throw that uses both numbers
    assert events[0].rule == "TI2003 §9 Using both dice"
    assert events[1].kind == "roll" and "uses both numbers" in events[1].text
    assert s.usable == (2, 4)
    s.play("place b7")  # the 4
    assert s.phase == "place" and s.usable == (2,) and s.turn == R
    assert {m.square for m in s.legal_moves() if isinstance(m, Place)} >= {"b6", "b8"}
    s.play("place b6")
    assert s.turn == B


def test_using_both_dice_only_for_the_player_who_is_cut_off() -> None:
    anchorages = [SMALL.name_of(a) for a in sorted(SMALL.anchorages) if SMALL.name_of(a) != "a7"]
    s = small().position({"R": "a7 b7", "B": " ".join([*anchorages, "b6", "b8", "c7"])})
    s.play("roll 1 2")  # Red is boxed in: no treasure square can be reached any more
    assert s.using_both_dice(R) and s.legal_moves() == [s.parse_move("pass")]
    s.play("pass")
    s.play("roll 1 2")
    assert not s.using_both_dice(B)  # Blue still reaches treasure squares: one number


def test_using_both_dice_doubles_two_counters_and_another_throw_ruling_ti2003_18() -> None:
    s = small().position({"R": "a7 b7", "B": TREASURES}, turn=R)
    s.play("roll 2 2")
    assert s.usable == (2, 2)
    s.play("place b6")
    s.play("place b8")
    assert s.phase == "roll" and s.turn == R


def test_using_both_dice_the_second_number_unusable_ends_the_throw() -> None:
    s = small().position({"R": "a7", "B": TREASURES}, turn=R)
    s.play("roll 1 4")
    s.play("place b7")
    assert s.turn == B  # b6/b8 show 2: the 1 cannot be used
