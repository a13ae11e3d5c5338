"""One test (or more) per rule of Ahoy Treasures! (AHOY), named after the rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

import treasurekit
from treasurekit.ahoy import SHIP, AhoyGame, Pass, Roll, Step
from treasurekit.core import CHANCE, TERMINAL, IllegalMoveError

R, B, G = 0, 1, 2


def game(**options: object) -> AhoyGame:
    g = treasurekit.load_game("ahoy", **options)
    assert isinstance(g, AhoyGame)
    return g


# ----- AHOY §3 Preparation --------------------------------------------------------
def test_preparation_four_pirates_piled_on_each_starting_square() -> None:
    s = game(players=3).new_initial_state(seed=0)
    for seat in range(3):
        assert s.pile(0, seat) == (seat,) * 4
    assert all(not s.pile(sq) for sq in range(1, s.board.island_square))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    assert game(players=players).num_players == players


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        game(players=players)


# ----- AHOY §5 The die ------------------------------------------------------------
def test_die_has_five_dot_faces_and_the_ship_each_one_sixth() -> None:
    s = game().new_initial_state(seed=0)
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert [m for m, _ in outcomes] == [Roll(1), Roll(2), Roll(3), Roll(4), Roll(5), Roll(SHIP)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)


def test_die_dots_move_exactly_that_many_squares() -> None:
    s = game().position({6: "R"}, die=3)
    assert set(map(str, s.legal_moves())) == {"move start 3", "move 6 3"}
    with pytest.raises(IllegalMoveError, match="exactly 3") as info:
        s.play("move 6 2")
    assert info.value.rule == "AHOY §5 The die"


def test_die_ship_lets_the_player_choose_one_to_five() -> None:
    s = game().position({1: "R"}, die=SHIP)
    steps = sorted(m.steps for m in s.legal_moves() if isinstance(m, Step) and m.source == 1)
    assert steps == [1, 2, 3, 4, 5]
    assert "choose 1 to 5" in (s.why_illegal("move 1 6") or "")


# ----- AHOY §6 only the top pirate moves, stacking ----------------------------------
def test_only_the_top_pirate_of_a_pile_moves() -> None:
    s = game().position({6: "RB"}, die=1, turn=R)
    assert "move 6 1" not in map(str, s.legal_moves())
    reason = s.why_illegal("move 6 1") or ""
    assert "top pirate on square 6 is Blue's" in reason
    assert "AHOY §6" in reason


def test_only_the_top_pirate_of_the_starting_pile_moves() -> None:
    s = game().new_initial_state(seed=0)
    s.play("roll 2")
    s.play("move start 2")
    assert s.pile(0, R) == (R, R, R)
    assert s.pile(2) == (R,)


def test_stacking_a_pirate_reaching_an_occupied_square_goes_on_top() -> None:
    s2 = game().position({4: "B", 2: "R"}, die=2, turn=R)
    events = s2.play("move 2 2")
    assert s2.pile(4) == (B, R)
    assert "climbs on top of Blue" in events[0].text
    assert events[0].rule == "AHOY §6 Pirates' rules: stacking"


def test_stacking_any_number_of_pirates_can_share_a_square() -> None:
    s = game(players=3).position({4: "BGBGB"}, die=4, turn=R)
    s.play("move start 4")
    assert s.pile(4) == (B, G, B, G, B, R)


def test_occupied_squares_count_as_steps_ruling_ahoy_2() -> None:
    s = game().position({1: "B", 2: "BB", 4: "B"}, die=4, turn=R)
    s.play("move start 4")
    assert s.pile(4) == (B, R)


# ----- AHOY §6 water and planks ----------------------------------------------------
def test_water_a_pirate_landing_in_water_goes_back_to_the_start() -> None:
    s = game().position({1: "R"}, die=2, turn=R)  # square 3 is water
    assert s.board.kinds[3] == "water"
    events = s.play("move 1 2")
    assert s.pile(3) == ()
    assert s.pile(0, R) == (R,) * 4
    assert "fell into the water at square 3" in events[0].text
    assert events[0].rule == "AHOY §6 Pirates' rules: water"


def test_water_a_plank_covers_the_square_a_pirate_fell_from() -> None:
    s = game().position({1: "R"}, die=2, turn=R)
    s.play("move 1 2")
    assert s.planks == frozenset({3})


def test_water_a_planked_square_is_firm_for_everyone() -> None:
    s = game().position({1: "B"}, planks=(3,), die=2, turn=B)
    s.play("move 1 2")
    assert s.pile(3) == (B,)
    assert s.planks == frozenset({3})


def test_water_squares_count_as_steps_when_passed_over() -> None:
    s = game().position({2: "R"}, die=2, turn=R)  # 3 is water, 4 is land
    s.play("move 2 2")
    assert s.pile(4) == (R,)


def test_water_pirates_on_top_never_fall_with_another_ruling_ahoy_3() -> None:
    """Only the top pirate moves, so a falling pirate never carries a pile along."""
    s = game().position({2: "BR"}, die=1, turn=R)
    s.play("move 2 1")
    assert s.pile(2) == (B,)
    assert s.pile(0, R) == (R,) * 4


def test_water_nine_planks_cover_the_nine_water_squares() -> None:
    board = game().board
    assert board.planks == 9
    assert len(board.water_squares) == 9


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


# ----- AHOY §7 the exact roll ------------------------------------------------------
def test_exact_roll_reaches_the_island() -> None:
    s = game().position({18: "R"}, die=3, turn=R)
    events = s.play("move 18 3")
    assert s.chests[0] == R
    assert "takes chest 1" in events[0].text


def test_exact_roll_overshooting_the_island_is_illegal() -> None:
    s = game().position({18: "RRRR"}, die=4, turn=R)
    reason = s.why_illegal("move 18 4") or ""
    assert "needs exactly 3" in reason and "AHOY §7" in reason


def test_exact_roll_bounce_option_counts_back_ruling_ahoy_4() -> None:
    s = game(overshoot="bounce").position({18: "RRRR"}, die=5, turn=R)
    s.play("move 18 5")  # 18 -> 21 is the island, two more: back to 19... 21-2 = 19
    assert s.pile(19) == () and s.planks == frozenset({19})  # 19 is water: fell in


def test_chests_are_taken_in_arrival_order() -> None:
    s = game().position({20: "RB"}, die=1, turn=B)
    s.play("move 20 1")
    s.play("roll 1")
    s.play("move 20 1")
    assert s.chests[:2] == (B, R)


def test_a_pirate_on_the_island_no_longer_moves() -> None:
    s = game().position({}, chests="R", die=1, turn=R)
    assert "move 21 1" not in map(str, s.legal_moves())
    assert "not on the path" in (s.why_illegal("move 21 1") or "")


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


def test_turns_pass_clockwise_and_skip_seats_with_no_pirate_left_ruling_ahoy_5() -> None:
    s = game(players=3).position({}, chests="BBBB", die=1, turn=R)
    s.play("move start 1")
    assert s.turn == G  # Blue has all four pirates on the island


def test_first_player_option_ruling_ahoy_1() -> None:
    assert game(players=3, first_player=2).new_initial_state().turn == 2
    with pytest.raises(ValueError, match="first_player"):
        game(players=2, first_player=3)


# ----- AHOY §9 the cunning pirates variant ------------------------------------------
def test_cunning_fallen_pirates_leave_the_game() -> None:
    s = game(variant="cunning").position({1: "R"}, die=2, turn=R)
    events = s.play("move 1 2")
    assert s.pile(0, R) == (R,) * 3
    assert s.view(R).out == (1, 0)
    assert "out of the game" in events[0].text
    assert events[0].rule == "AHOY §9 Cunning pirates"
    assert s.planks == frozenset({3})


def test_cunning_game_ends_when_every_pirate_has_fallen_ruling_ahoy_6() -> None:
    s = game(variant="cunning").position(
        {1: "R"}, out={"R": 3, "B": 4}, die=2, turn=R
    )
    s.play("move 1 2")
    out = s.outcome()
    assert s.is_terminal() and out is not None
    assert out.termination == "no pirate is left to reach a chest"
    assert out.winners == (R, B) and "shared" in out.reason


def test_cunning_game_ends_when_the_rest_have_fallen_or_landed() -> None:
    s = game(variant="cunning").position({20: "R"}, chests="B", out={"R": 3, "B": 3}, die=1)
    s.play("move 20 1")
    out = s.outcome()
    assert out is not None and out.scores == (2, 1) and out.winners == (R,)


def test_basic_game_never_ends_for_lack_of_pirates() -> None:
    s = game().position({1: "R"}, die=2, turn=R)
    s.play("move 1 2")
    assert not s.is_terminal()


# ----- the move notation and errors --------------------------------------------------
@pytest.mark.parametrize("text", ["move", "roll 7", "move x 3", "jump 2", "", "move start"])
def test_unknown_move_text_is_refused_with_the_accepted_forms(text: str) -> None:
    s = game().new_initial_state()
    with pytest.raises(IllegalMoveError, match="not an Ahoy move"):
        s.play(text)
    assert s.history == ()


def test_rolling_twice_is_refused() -> None:
    s = game().new_initial_state()
    s.play("roll 4")
    with pytest.raises(IllegalMoveError, match="already shows 4"):
        s.play("roll 2")


def test_moving_before_rolling_is_refused() -> None:
    s = game().new_initial_state()
    with pytest.raises(IllegalMoveError, match="chance node"):
        s.play("move start 3")


def test_position_refuses_a_pirate_on_open_water() -> None:
    with pytest.raises(ValueError, match="open water"):
        game().position({3: "R"})
