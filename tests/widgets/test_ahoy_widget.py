"""The Ahoy board widget, driven without a browser: clicks go through the same paths
bqplot and ipywidgets use (the scatter's custom-message callbacks, ``Button.click``)."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from typing import Any

import pytest

from treasurekit import CHANCE, IllegalMoveError, load_game
from treasurekit.ahoy import SHIP, AhoyState, GreedyBot, Pass, Step
from treasurekit.core.errors import MoveParseError
from treasurekit_widgets import AhoyBoard, GameBoard

TWO_HUMANS = {0: "human", 1: "human"}


def click_pirate(board: AhoyBoard, index: int) -> None:
    """Deliver a click on pirate ``index`` exactly as the bqplot front end does."""
    piece = board.pieces()[index]
    content = {"event": "element_click",
               "data": {"index": index, "x": piece.x, "y": piece.y}}
    board.pirates._msg_callbacks(board.pirates, content, None)


def index_of(board: AhoyBoard, square: int, seat: int, top: bool = True) -> int:
    """The scatter index of ``seat``'s pirate on ``square`` (top of the pile, or the lowest)."""
    found = [i for i, p in enumerate(board.pieces())
             if p.square == square and p.seat == seat and p.top == top]
    assert found, f"no {'top ' if top else ''}pirate of seat {seat} on square {square}"
    return found[0]


def status_text(board: AhoyBoard) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", board.status.value))


def play_script(board: AhoyBoard, moves: str) -> None:
    for move in moves.split(","):
        board.play(move.strip())


def take_human_turn(board: AhoyBoard) -> None:
    """Roll, then do what a player would: click a highlighted pirate (and a step), or Pass."""
    board.roll_button.click()
    state = board.state
    move = state.legal_moves()[0]
    if isinstance(move, Pass):
        board.pass_button.click()
        return
    click_pirate(board, index_of(board, move.source, state.current_player))
    if state.die == SHIP:
        board.ship_buttons[move.steps - 1].click()


def marks_data(board: AhoyBoard) -> list[Any]:
    pic = board.picture
    return [[list(m.x), list(m.y), list(m.colors)] for m in (pic.pirates, pic.halo)] + [
        list(pic.squares.colors), list(pic.chests.colors), list(pic.pips.x), pic.ship.visible]


# ----- clicks ---------------------------------------------------------------------------
def test_roll_then_click_on_a_pirate_moves_that_pirate() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    board.roll()
    die = board.state.die
    assert die == 3
    click_pirate(board, index_of(board, 0, seat=0))
    assert board.state.history[-1] == Step(0, die)
    assert board.state.is_chance_node()
    assert "Blue to roll" in status_text(board)


def test_click_on_a_covered_pirate_leaves_the_state_unchanged_and_shows_why() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 1, move start 1, roll 2")  # Blue on Red
    before = board.state.history
    click_pirate(board, index_of(board, 1, seat=0, top=False))
    assert board.state.history == before
    text = status_text(board)
    assert "the top pirate on square 1 is Blue's" in text
    assert "AHOY §6" in text


def test_click_on_an_opponents_pirate_or_pile_shows_why_and_changes_nothing() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 2")
    before = board.state.history
    click_pirate(board, index_of(board, 0, seat=0))  # Blue to move: Red's starting pile
    assert "that is Red's starting pile" in status_text(board)
    click_pirate(board, index_of(board, 1, seat=0))  # Red's pirate on square 1
    assert "the top pirate on square 1 is Red's" in status_text(board)
    assert board.state.history == before


def test_click_before_the_roll_asks_for_the_roll() -> None:
    board = AhoyBoard(players=2, seed=1)
    click_pirate(board, index_of(board, 0, seat=0))
    assert board.state.ply == 0
    assert "Red must roll the die first" in status_text(board)


def test_only_top_pirates_of_the_player_to_move_are_highlighted() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 1, move start 1, roll 2")
    halo = board.picture.halo
    tops = {(p.x, p.y) for p in board.pieces() if p.top and p.seat == 0}
    assert set(zip(halo.x, halo.y, strict=True)) == tops - {
        (p.x, p.y) for p in board.pieces() if p.square == 1}
    assert len(halo.x) == 1  # only Red's starting pile: Blue covers Red on square 1


def test_ship_roll_offers_one_to_five_with_illegal_steps_disabled() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 4, move start 4, roll 1, move start 1, roll 5, move 4 5, "
                       "roll 1, move 1 1, roll 4, move 9 4, roll 2, move 2 2, "
                       "roll 5, move 13 5, roll 2, move 4 2, roll ship")
    assert board.ship_choice.layout.display == "none"
    click_pirate(board, index_of(board, 18, seat=0))
    assert board.selected == 18
    assert board.ship_choice.layout.display == "flex"
    assert "ship-choice" in " ".join(board.ship_choice._dom_classes)
    enabled = [not b.disabled for b in board.ship_buttons]
    assert enabled == [True, True, True, False, False]
    assert "past Buccaneer Island" in board.ship_buttons[3].tooltip
    board.ship_buttons[2].click()
    assert board.state.history[-1] == Step(18, 3)
    assert board.state.chests[0] == 0
    assert board.ship_choice.layout.display == "none"


def test_choosing_steps_without_a_pirate_is_refused() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    board.play("roll ship")
    with pytest.raises(ValueError, match="click a pirate first"):
        board.choose_steps(2)
    assert board.state.ply == 1


# ----- bots, undo, new game, replay ------------------------------------------------------
def test_bots_play_their_seats_until_the_humans_turn() -> None:
    board = AhoyBoard(players=3, seed=5)
    assert not board.roll_button.disabled
    take_human_turn(board)
    assert board.state.is_chance_node()
    assert board.turn_of(board.state) == 0
    assert not board.roll_button.disabled
    assert any(line.startswith("Blue") for line in board.log_lines)
    assert any(line.startswith("Green") for line in board.log_lines)


def test_roll_button_is_enabled_only_when_a_human_must_roll() -> None:
    board = AhoyBoard(players=2, seed=2)
    assert not board.roll_button.disabled
    board.roll()
    assert board.roll_button.disabled
    with pytest.raises(IllegalMoveError, match="not a chance node"):
        board.roll()


def test_undo_takes_back_bot_moves_up_to_the_previous_human_decision() -> None:
    board = AhoyBoard(players=3, seed=5)
    take_human_turn(board)
    take_human_turn(board)
    assert board.undo_button.disabled is False
    taken = board.undo()
    assert board.state.current_player == 0 and board.state.die is not None
    assert len(taken) > 1  # the human's move plus the bots' rolls and moves
    assert len(board.log_lines) == sum(len(board._entries[i]) for i in range(board.state.ply))
    board.undo()
    assert board.state.current_player == 0 and board.state.ply == 1
    with pytest.raises(IndexError, match="nothing to take back"):
        board.undo()
    assert "nothing to take back" in status_text(board)
    assert board.undo_button.disabled


def test_new_game_with_the_same_seed_replays_the_same_game() -> None:
    board = AhoyBoard(players=3, seed=11)
    for _ in range(4):
        take_human_turn(board)
    first = board.log_lines
    board.new_game(seed=11)
    assert board.state.ply == 0 and board.log_lines == []
    for _ in range(4):
        take_human_turn(board)
    assert board.log_lines == first
    board.seed_input.value = 12
    board.new_button.click()
    assert board.seed == 12 and board.state.ply == 0


def test_replay_slider_shows_an_earlier_position_read_only() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 2, move start 2")
    live = marks_data(board)
    assert board.replay_slider.max == 4
    board.replay_slider.value = 2
    assert not board.live and "Replay" in status_text(board)
    assert list(board.picture.pirates.y) != live[0][1]
    assert board.roll_button.disabled and board.undo_button.disabled
    click_pirate(board, 0)
    assert board.state.ply == 4 and "earlier position" in status_text(board)
    board.replay_slider.value = 4
    assert board.live and marks_data(board) == live


def test_programmatic_play_resumes_from_a_replay() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1")
    board.show_ply(0)
    board.play("roll 3")
    assert board.live and board.state.ply == 3


# ----- programmatic API ------------------------------------------------------------------
def test_illegal_programmatic_play_raises_shows_the_reason_and_changes_nothing() -> None:
    board = AhoyBoard(players=2, seed=1)
    board.roll()
    with pytest.raises(IllegalMoveError) as err:
        board.play("move start 5")
    assert board.state.ply == 1
    assert err.value.reason in status_text(board)
    with pytest.raises(MoveParseError):
        board.play("fly to the island")
    assert "is not an Ahoy move" in status_text(board)


def test_full_game_against_two_bots_ends_with_the_scores_in_the_status() -> None:
    board = AhoyBoard(players=3, seed=3)
    for _ in range(2000):
        state = board.state
        if state.is_terminal():
            break
        if state.is_chance_node():
            board.roll()
        else:
            board.play(str(state.legal_moves()[0]))
    outcome = board.state.outcome()
    assert outcome is not None
    text = status_text(board).strip()
    assert text.startswith("Game over")
    for seat, score in enumerate(outcome.scores):
        assert f"{board.seat_name(seat)} {score}" in text
    assert repr(board).endswith("game over)")
    assert board.roll_button.disabled
    click_pirate(board, 0)
    assert board.state.is_terminal() and "game is over" in status_text(board)


def test_repr_is_short_stable_and_has_no_model_ids() -> None:
    a, b = AhoyBoard(players=3, seed=4), AhoyBoard(players=3, seed=4)
    assert repr(a) == repr(b) == "AhoyBoard(players=3, ply=0, Red to roll)"
    take_human_turn(a)
    take_human_turn(b)
    assert repr(a) == repr(b)
    assert len(repr(a)) < 100
    assert not re.search(r"[0-9a-f]{32}", repr(a))
    assert a._repr_mimebundle_()["text/plain"] == repr(a)


def test_log_lines_carry_rule_references_and_the_log_widget_shows_them_newest_last() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 2")
    assert board.log_lines[0] == "Red rolls 1 [AHOY §5 The die]"
    log = board.log_box.value
    assert log.index("Red rolls 1") < log.index("Blue rolls 2")
    assert "tk-muted" in log and "[AHOY §5 The die]" in log


def test_hint_panel_lists_the_greedy_bots_ranking() -> None:
    board = AhoyBoard(players=2, seed=1)
    assert board.hint_panel.layout.display == "none"
    board.hint_button.value = True
    assert "Roll, and the hint ranks" in board.hint_panel.value
    board.roll()
    best = GreedyBot().explain(board.state)[0]
    assert str(best.move) in board.hint_panel.value
    assert board.hint_panel.layout.display == "block"


def test_board_state_replaced_from_outside_is_picked_up_by_refresh() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    state = load_game("ahoy", players=2).new_initial_state(seed=9)
    state.play("roll 2")
    board.state = state
    board.refresh()
    assert board.log_lines == ["Red rolls 2 [AHOY §5 The die]"]
    assert "Red rolled 2" in status_text(board)


def test_bad_seat_maps_are_refused() -> None:
    with pytest.raises(TypeError, match="bot with choose"):
        AhoyBoard(players=2, seats={1: "robot"})
    with pytest.raises(ValueError, match="not a seat"):
        AhoyBoard(players=2, seats={2: "human"})
    with pytest.raises(TypeError, match="not both"):
        AhoyBoard(load_game("ahoy"), players=3)


def test_css_classes_for_tests_and_styling() -> None:
    board = AhoyBoard(players=2, seed=1)
    assert "tk-board" in board._dom_classes
    assert isinstance(board, GameBoard)
    for widget, cls in [(board.status, "tk-status"), (board.roll_button, "tk-roll"),
                        (board.undo_button, "tk-undo"), (board.new_button, "tk-new"),
                        (board.log_box, "tk-log"), (board.replay_slider, "tk-replay"),
                        (board.picture.figure, "tk-ahoy-figure"), (board.hint_button, "tk-hint"),
                        (board.pass_button, "tk-pass")]:
        assert cls in widget._dom_classes


# ----- the widget renders views, never the seed ------------------------------------------
def test_board_is_drawn_from_views_and_does_not_depend_on_the_seed(monkeypatch: Any) -> None:
    calls: list[int] = []
    original = AhoyState.view

    def spy(self: AhoyState, player: int) -> Any:
        calls.append(player)
        return original(self, player)

    monkeypatch.setattr(AhoyState, "view", spy)
    script = "roll 2, move start 2, roll ship, move start 4, roll 3"
    boards = [AhoyBoard(players=2, seats=TWO_HUMANS, seed=s) for s in (1, 99)]
    for board in boards:
        play_script(board, script)
    assert calls
    assert marks_data(boards[0]) == marks_data(boards[1])
    assert boards[0].status.value == boards[1].status.value


def test_the_engine_never_imports_jupyter_packages() -> None:
    code = ("import sys, treasurekit, treasurekit.ahoy; "
            "bad = [m for m in ('ipywidgets', 'bqplot', 'IPython') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_chance_seat_is_known_before_the_roll() -> None:
    board = AhoyBoard(players=3, seed=1)
    assert board.state.current_player == CHANCE
    assert board.turn_of(board.state) == 0
    assert board.summary() == "Red to roll"


def test_hint_panel_shows_the_exact_odds_of_the_roll() -> None:
    board = AhoyBoard(players=3, seed=1)
    board.hint_button.value = True
    text = board.hint_panel.value
    assert "every move falls in <b>1/3</b>" in text  # a 3 or a 5 from the start
    assert "some move stays dry <b>2/3</b>" in text
