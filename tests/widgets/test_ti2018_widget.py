"""The Treasure Island (2018) board widget, driven without a browser: map clicks go
through the Image mark's custom-message callback exactly as bqplot's front end sends
them, buttons through ``Button.click``."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from treasurekit import IllegalMoveError, load_game
from treasurekit.treasure_island_2018 import GreedyBot, SilverBot
from treasurekit_widgets import GameBoard, LongJohnBoard
from treasurekit_widgets.ti2018_draw import CLEAR_PNG, heat_png

ALL_BOTS = {0: SilverBot(seed=0), 1: GreedyBot(seed=1), 2: GreedyBot(seed=2),
            3: GreedyBot(seed=3)}


def click_map(board: LongJohnBoard, x: float, y: float) -> None:
    """Deliver a click at (x, y) miles as the bqplot front end does."""
    layer = board.picture.heat
    layer._msg_callbacks(layer, {"event": "element_click",
                                 "data": {"click_x": x, "click_y": y}}, None)


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.fixture(scope="module")
def finished() -> LongJohnBoard:
    """Silver and three pirates, all bots: the board plays the game to its end."""
    return LongJohnBoard(players=4, seed=3, seats=ALL_BOTS)


def test_default_seats_and_first_human_turn() -> None:
    board = LongJohnBoard(players=4, seed=3)
    assert isinstance(board, GameBoard)
    assert board.is_human(1) and not board.is_human(0) and not board.is_human(2)
    assert board.shown_seat == 1
    assert board.state.current_player == 1 and board.state.phase == "actions"
    assert "p1 (Anne) to act" in plain(board.status.value)
    assert "tk-board" in board._dom_classes
    assert "tk-ti18-map" in board.picture.figure._dom_classes


def test_click_offers_the_moves_there_and_a_choice_button_plays_one() -> None:
    board = LongJohnBoard(players=4, seed=3)
    before = board.state.position_of("red")
    click_map(board, 8.0, 11.0)
    assert "horse red 8,11" in board.choices()
    assert board.state.position_of("red") == before  # nothing played yet
    button = next(b for b in board.choice_box.children if b.description == "horse red 8,11")
    assert "tk-ti18-choice" in button._dom_classes
    button.click()
    assert str(board.state.history[17]) == "horse red 8,11"
    assert board.choices() == []
    assert any("horse" in line.lower() for line in board.log_lines)
    # the ride's line is drawn on the map, from the start to the click
    assert board.picture.moves.visible
    # bqplot keeps one line as a flat array and several as an array of arrays
    lines_x, lines_y = board.picture.moves.x, board.picture.moves.y
    if np.ndim(lines_x) == 1 and len(lines_x) and np.ndim(lines_x[0]) == 0:
        lines_x, lines_y = [lines_x], [lines_y]
    ends = {(float(xs[-1]), float(ys[-1])) for xs, ys in zip(lines_x, lines_y, strict=True)}
    assert (8.0, 11.0) in ends


def test_refused_click_shows_the_engines_reason_and_changes_nothing() -> None:
    board = LongJohnBoard(players=4, seed=3)
    history = board.state.history
    click_map(board, 30.0, 1.0)
    assert board.state.history == history
    assert "at most 6 miles" in board.notice
    assert "TI2018" in board.notice
    assert "at most 6 miles" in plain(board.notice_box.value)


def test_illegal_text_move_raises_and_is_shown() -> None:
    board = LongJohnBoard(players=4, seed=3)
    with pytest.raises(IllegalMoveError):
        board.play("foot red 30,1")
    assert "at most 3 miles" in board.notice


def test_decision_buttons_play_moves_without_a_point() -> None:
    board = LongJohnBoard(players=4, seed=3)
    assert board.decisions() == ["compass red", "done"]
    buttons = board.decision_list.children
    assert all("tk-ti18-decision" in b._dom_classes for b in buttons)
    ply = board.state.ply
    next(b for b in buttons if b.description == "done").click()
    assert board.state.ply > ply
    assert str(board.state.history[ply]) == "done"


def test_heatmap_toggle_and_trust_slider() -> None:
    board = LongJohnBoard(players=4, seed=3)
    assert "tk-heatmap" in board.heat_toggle._dom_classes
    shown = board.picture.heat.image.value
    assert shown != CLEAR_PNG and shown == heat_png(board.posterior().mass)
    board.heat_toggle.value = False
    assert board.picture.heat.image.value == CLEAR_PNG
    board.heat_toggle.value = True
    assert board.picture.heat.image.value == shown
    post = board.posterior()
    assert abs(float(post.mass.sum()) - 1.0) < 1e-6
    board.trust_slider.value = 0.3
    assert board.posterior().trust == pytest.approx(0.3)


def test_bots_play_until_the_human_acts() -> None:
    board = LongJohnBoard(players=4, seed=3)
    assert board.state.ply > 0
    assert board.log_lines[0].startswith("Long John Silver buries his treasure")
    board.play("done")
    assert board.state.current_player == 1 or board.state.is_terminal()


def test_undo_takes_back_to_the_previous_human_move() -> None:
    board = LongJohnBoard(players=4, seed=3)
    start = board.state.history
    board.play("done")
    assert board.state.history != start
    taken = board.undo()
    assert board.state.history == start
    assert str(taken[-1]) == "done"


def test_same_seed_same_game() -> None:
    a = LongJohnBoard(players=4, seed=5)
    b = LongJohnBoard(players=4, seed=5)
    for board in (a, b):
        board.play("done")
    assert a.log_lines == b.log_lines
    assert repr(a) == repr(b)


def test_full_game_silver_and_three_pirates_to_a_win(finished: LongJohnBoard) -> None:
    outcome = finished.state.outcome()
    assert outcome is not None and outcome.winners
    assert any(end in outcome.termination
               for end in ("found the treasure", "reached his treasure", "escape"))
    assert "Game over" in plain(finished.status.value)
    assert repr(finished).startswith("LongJohnBoard(players=4, ply=")


def test_the_treasure_is_never_drawn_for_a_pirate_seat(finished: LongJohnBoard) -> None:
    treasure = finished.state.treasure
    assert treasure is not None
    key = f"{treasure[0]:g},{treasure[1]:g}"
    for ply in (1, 20, finished.state.ply // 2, None):
        finished.show_ply(ply)
        for seat in (1, 2, 3):
            finished.shown_seat = seat
            assert finished.view().treasure is None
            assert not finished.picture.treasure.visible
            assert len(finished.picture.treasure.x) == 0
            assert "Treasure" not in finished.side_info.value
            assert key not in plain(finished.side_info.value)
        finished.shown_seat = 0
        assert finished.picture.treasure.visible
        assert list(finished.picture.treasure.x) == [treasure[0]]
    finished.shown_seat = 1


def test_repr_is_short_and_stable() -> None:
    board = LongJohnBoard(players=4, seed=3)
    text = repr(board)
    assert text == "LongJohnBoard(players=4, ply=17, shown=p1, p1 (Anne) to act (1 action left))"
    assert len(text) < 110


def test_hint_drawings_and_panels() -> None:
    board = LongJohnBoard(players=4, seed=3)
    assert "Hints so far" in board.hint_panel.value
    assert "BEARINGS" in board.hint_panel.value
    assert board.picture.hint_lines.visible  # the east-west line of the latest hint
    board.hint_pick.value = "none"
    assert not board.picture.hint_lines.visible
    assert "Escape" in board.calendar.value


def test_game_option_errors() -> None:
    with pytest.raises(TypeError):
        LongJohnBoard(load_game("treasure_island_2018", players=2), players=2)


def test_default_silver_buries_the_treasure_somewhere_else_for_each_seed() -> None:
    from treasurekit_widgets import LongJohnBoard

    spots = {str(LongJohnBoard(seed=seed).state.history[0]) for seed in range(4)}
    assert len(spots) > 1
    board = LongJohnBoard(seed=0)
    first = str(board.state.history[0])
    board.new_game(seed=0)
    assert str(board.state.history[0]) == first  # same seed, same game
