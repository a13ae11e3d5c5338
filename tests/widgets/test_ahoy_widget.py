"""The Ahoy board widget, driven without a browser: clicks go through the same paths
bqplot and ipywidgets use (the scatter's custom-message callbacks, ``Button.click``)."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from fractions import Fraction
from typing import Any

import bqplot as bq
import ipywidgets as w
import pytest

from treasurekit import CHANCE, IllegalMoveError, load_game
from treasurekit.ahoy import SHIP, AhoyState, GreedyBot, Pass, Step
from treasurekit.core.errors import MoveParseError
from treasurekit_widgets import AhoyBoard, GameBoard
from treasurekit_widgets.ahoy.draw import (
    _UNIT,
    BIG_ISLAND,
    BOX_LEFT,
    BOX_RIGHT,
    KEY_ROWS_Y,
    PICKED,
    STACK_MAX,
    Y_RANGE,
    layout_pieces,
    pile_badges,
    points_label,
)
from treasurekit_widgets.charts import bar_chart, line_chart
from treasurekit_widgets.controls import SLOT_HEIGHT, STATUS_HEIGHT, notice_html

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


def notice_text(board: AhoyBoard) -> str:
    """The notice shown in the slot under the picture (a refused move's reason)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", board.notice_box.value))


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
        board.choose_steps(move.steps)


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
    assert "Your turn, Blue: roll the die" in status_text(board)


def test_click_on_a_covered_pirate_leaves_the_state_unchanged_and_shows_why() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 1, move start 1, roll 2")  # Blue on Red
    before = board.state.history
    click_pirate(board, index_of(board, 1, seat=0, top=False))
    assert board.state.history == before
    text = notice_text(board)
    assert "the top pirate on square 1 is Blue's" in text
    assert "AHOY §6" in text


def test_click_on_an_opponents_pirate_or_pile_shows_why_and_changes_nothing() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 2")
    before = board.state.history
    click_pirate(board, index_of(board, 0, seat=0))  # Blue to move: Red's starting pile
    assert "that is Red's starting pile" in notice_text(board)
    click_pirate(board, index_of(board, 1, seat=0))  # Red's pirate on square 1
    assert "the top pirate on square 1 is Red's" in notice_text(board)
    assert board.state.history == before


def test_click_before_the_roll_asks_for_the_roll() -> None:
    board = AhoyBoard(players=2, seed=1)
    click_pirate(board, index_of(board, 0, seat=0))
    assert board.state.ply == 0
    assert "Red must roll the die first" in notice_text(board)


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
    row = board.choice_buttons.box
    assert row.layout.display == "none"
    click_pirate(board, index_of(board, 18, seat=0))
    assert row.layout.display == "flex"
    buttons = [b for b in row.children if isinstance(b, w.Button)]
    assert all("tk-ship-choice" in b._dom_classes and "tk-choice" in b._dom_classes
               for b in buttons)
    # only the legal steps are offered (4 and 5 would pass the island), in words
    assert [b.description for b in buttons] == [
        "Move Red's pirate 1 square to square 19", "Move Red's pirate 2 squares to square 20",
        "Move Red's pirate 3 squares to Buccaneer Island"]
    assert board.offered() == [Step(18, k) for k in (1, 2, 3)]
    buttons[2].click()
    assert board.state.history[-1] == Step(18, 3)
    assert board.state.chests[0] == 0
    assert row.layout.display == "none"


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
    board = AhoyBoard(players=3, seed=5, teaching=True)  # the mechanics: past rolls too
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
    assert "nothing to take back" in notice_text(board)
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
    board.seed_input.value = "12"
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
    assert board.state.ply == 4 and "earlier position" in notice_text(board)
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
    assert err.value.reason in notice_text(board)
    with pytest.raises(MoveParseError):
        board.play("fly to the island")
    assert "is not an Ahoy move" in notice_text(board)


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
    assert board.state.is_terminal() and "game is over" in notice_text(board)


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
    assert "Your turn, Red: you rolled 2" in status_text(board)


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


# ----- layout stability (user report 1) ----------------------------------------------------
def heights(board: AhoyBoard) -> list[tuple[str, str | None, str | None]]:
    """Each child of the board: its type and its layout's height and min-height."""
    return [(type(c).__name__, c.layout.height, c.layout.min_height) for c in board.children]


def lines_of(markup: str) -> int:
    return len(re.findall(r'<div class="tk-(?:prompt|detail|last|news)"', markup))


def test_the_status_area_keeps_its_height_and_always_three_lines_never_cut() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    status = board.status.layout
    # at least three lines high; a line too long for a narrow window wraps (issue 24.5)
    assert status.min_height == STATUS_HEIGHT and status.height is None
    assert status.overflow == "hidden"  # its lines' width never widens the board
    seen = [board.status.value]
    board.roll()
    seen.append(board.status.value)
    click_pirate(board, index_of(board, 0, seat=1))  # refused: Blue's starting pile
    seen.append(board.status.value)
    board.show_ply(0)
    seen.append(board.status.value)
    board.show_ply(None)
    # the prompt wraps (never cut); the two muted lines are single lines (tooltip, log)
    assert all(lines_of(v) == 3 and v.count("text-overflow:ellipsis") == 2 for v in seen)
    assert all("overflow-wrap:anywhere" in v.split('class="tk-detail"')[0] for v in seen)
    assert "last: Red rolls 3" in status_text(board)
    assert "last:" not in status_text(board).split("last:")[0]  # once, on its own line


def test_a_refused_click_changes_nothing_above_the_picture() -> None:
    board = AhoyBoard(players=3, seed=1)
    board.roll()
    children, layout, status = list(board.children), heights(board), board.status.value
    click_pirate(board, index_of(board, 0, seat=1))  # Blue's starting pile
    assert notice_text(board).strip()
    assert board.status.value == status  # the notice is not in the status area
    assert list(board.children) == children and heights(board) == layout
    assert board.notice_box in board.slot.children
    figure_at = board.children.index(board.picture.figure)
    assert board.children.index(board.slot) == figure_at + 1  # the notice comes under it


def test_transient_rows_live_in_fixed_slots_below_the_picture() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    kids = list(board.children)
    figure, slot = kids.index(board.picture.figure), kids.index(board.slot)
    controls = next(i for i, c in enumerate(kids)
                    if board.roll_button in getattr(c, "children", ()))
    assert kids.index(board.status) < figure < slot < controls < kids.index(board.hint_panel)
    assert board.choice_buttons.box in board.slot.children
    assert board.slot.layout.min_height == SLOT_HEIGHT  # grows only if its buttons wrap
    assert board.picture.figure.layout.height == board.picture.figure.layout.min_height
    layout = heights(board)
    board.hint_button.value = True
    play_script(board, "roll 4, move start 4, roll 1, move start 1, roll 5, move 4 5, "
                       "roll 1, move 1 1, roll 4, move 9 4, roll 2, move 2 2, "
                       "roll 5, move 13 5, roll 2, move 4 2, roll ship")
    click_pirate(board, index_of(board, 18, seat=0))
    assert board.choice_buttons.box.layout.display == "flex"
    assert heights(board) == layout and list(board.children) == kids


def test_a_long_notice_is_clamped_to_two_lines_with_its_full_text_as_tooltip() -> None:
    text = notice_html("x " * 300, "AHOY §6 Pirates' rules: stacking")
    assert "-webkit-line-clamp:2" in text and "max-height:34px" in text
    assert 'title="x x' in text and "tk-muted" in text  # the rule is muted


# ----- legend, points and move wording (user report 2) -------------------------------------
def key_texts(board: AhoyBoard) -> str:
    marks = board.picture.figure.marks
    return " | ".join(t for m in marks if isinstance(m, bq.Label) for t in m.text)


def test_the_picture_has_a_key_and_scores_in_points() -> None:
    board = AhoyBoard(players=3, seed=1)
    text = key_texts(board)
    for word in ("land", "water", "plank", "chest: number = points", "can move", "picked"):
        assert word in text
    assert list(board.picture.score_labels.text) == ["Red 0 pts", "Blue 0 pts", "Green 0 pts"]
    assert points_label("yellow", 1) == "Yellow 1 pt"


def test_the_picked_pirate_gets_its_own_ring_after_a_ship_roll() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    board.state = board.game.position({9: "R", 6: "B"}, turn=0, die=SHIP)
    board.refresh()
    assert list(board.picture.picked.x) == []
    pirate = index_of(board, 9, seat=0)
    click_pirate(board, pirate)
    piece = board.pieces()[pirate]
    assert list(board.picture.picked.x) == [piece.x]
    assert list(board.picture.picked.y) == [piece.y]
    assert board.picture.picked.stroke == PICKED and board.picture.picked.fill is False
    board.choice_buttons.buttons[1].click()
    assert board.state.history[-1] == Step(9, 2)
    assert list(board.picture.picked.x) == []


def test_status_says_ply_and_points_not_chests() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    play_script(board, "roll 1, move start 1, roll 2")
    text = status_text(board)
    assert "ply 3 · points: Red 0, Blue 0" in text
    assert "move 3" not in text and "chests:" not in text
    assert "a ply is one roll of the dice or one move" in board.status.value
    assert repr(board) == "AhoyBoard(players=2, ply=3, Blue to move)"  # nbval compares it


# ----- geometry (user report 3) -------------------------------------------------------------
def in_big_island(x: float, y: float, margin: float) -> bool:
    cx, cy, rx, ry = BIG_ISLAND
    return ((x - cx) / (rx - margin)) ** 2 + ((y - cy) / (ry - margin)) ** 2 <= 1


def test_starting_boxes_sit_inside_the_big_island_and_clear_of_square_one() -> None:
    board = AhoyBoard(players=4, seats={p: "human" for p in range(4)}, seed=1)
    board.state = board.game.position({1: "RBGYR"}, turn=3, die=2)
    board.refresh()
    data = board.game.board
    square1_left = data.xy[1][0] - 0.33
    pirate_r = 0.2
    for seat in range(4):
        y = data.colours[seat].xy[1]
        for x, yy in [(BOX_LEFT, y - 0.3), (BOX_RIGHT, y - 0.3), (BOX_LEFT, y + 0.3),
                      (BOX_RIGHT, y + 0.3)]:
            assert in_big_island(x, yy, margin=0.1), (seat, x, yy)
    starts = [p for p in board.pieces() if p.square == 0]
    assert max(p.x for p in starts) + pirate_r < BOX_RIGHT < square1_left - 0.2
    on_one = [p for p in board.pieces() if p.square == 1]
    assert min(p.x for p in on_one) - pirate_r > BOX_RIGHT


def test_tall_piles_keep_the_height_of_four_and_get_a_count_badge() -> None:
    board = AhoyBoard(players=4, seats={p: "human" for p in range(4)}, seed=1)
    board.state = board.game.position({6: "RBGYRB", 9: "GY"}, turn=0, die=2)
    board.refresh()
    six = [p for p in board.pieces() if p.square == 6]
    assert len(six) == 6
    assert max(p.y for p in six) - min(p.y for p in six) == pytest.approx(STACK_MAX)
    assert list(board.picture.badges.text) == ["×6"]
    assert list(board.picture.badges.x) == [six[0].x]
    assert board.picture.badges.y[0] > max(p.y for p in six) + 0.3
    four = layout_pieces(board.game.position({6: "RBGY"}).view(0), board.game.board)
    assert pile_badges(four) == []


def test_the_key_stays_under_the_path_and_inside_the_figure() -> None:
    pic = AhoyBoard(players=2, seed=1).picture
    data = pic.board
    px = 1 / _UNIT  # one pixel in board units
    text_top = KEY_ROWS_Y[0] - 4 * px + 9 * px  # the upper row's 11 px labels (y_offset 4)
    key_right = max(pic.key_ends)  # a generous estimate of the text widths
    for square in range(1, data.island_square):
        x, y = data.xy[square]
        if x - 0.3 < key_right:  # the square's number is above the key: a clear gap
            assert y - 0.42 - 4 * px > text_top + 3 * px, square
    assert min(KEY_ROWS_Y) - 0.3 > Y_RANGE[0]
    assert key_right < data.xy[15][0] - 0.3


# ----- no pan/zoom toolbar (user report 4) --------------------------------------------------
def test_board_and_charts_hide_the_bqplot_toolbar() -> None:
    assert AhoyBoard(players=2, seed=1).picture.figure.display_toolbar is False
    chart = line_chart([1, 2], {"a": [0.1, 0.2], "b": [0.3, 0.4]}, "t", x_label="x")
    assert chart.figure.display_toolbar is False
    assert bar_chart(["a"], [0.5], "b").figure.display_toolbar is False


# ----- hint rows in words (user report 5) ---------------------------------------------------
def test_hint_rows_say_where_a_move_goes_in_words() -> None:
    board = AhoyBoard(players=2, seats=TWO_HUMANS, seed=1)
    board.state = board.game.position({9: "R", 6: "B"}, turn=0, die=4)
    board.refresh()
    board.hint_button.value = True
    panel = html.unescape(board.hint_panel.value)
    assert "square 9 → 13 (4 squares)" in panel and "move 9 4" in panel
    assert "start → square 4 (4 squares)" in panel
    state = board.game.position({18: "R"}, turn=0, die=3)
    assert board.move_phrase(Step(18, 3), state) == "square 18 → Buccaneer Island (3 squares)"
    assert board.move_phrase(Step(0, 1), state) == "start → square 1 (1 square)"
    bouncy = AhoyBoard(players=2, seed=1, overshoot="bounce")
    far = bouncy.game.position({18: "R"}, turn=0, die=5)
    assert bouncy.move_phrase(Step(18, 5), far) == "square 18 → 19 (5 squares)"


# ----- the right rule for someone else's starting pile (user report 6) ----------------------
def test_clicking_another_players_starting_pile_cites_how_to_play() -> None:
    board = AhoyBoard(players=3, seed=1)
    board.roll()
    click_pirate(board, index_of(board, 0, seat=2))
    text = notice_text(board)
    assert "that is Green's starting pile" in text
    assert "move only your own (red) pirates" in text
    assert "[AHOY §4 How to play]" in text and "top pirate" not in text
    assert board.state.ply == 1


# ----- one number per move in the log (user report 7) ---------------------------------------
def test_game_over_log_numbers_each_move_once_and_indents_its_further_events() -> None:
    board = AhoyBoard(players=3, seats={p: "human" for p in range(3)}, seed=1)
    board.state = board.game.position({20: "G"}, chests="RBBR", turn=2, die=1)
    board.refresh()
    board.play("move 20 1")
    assert board.state.is_terminal()
    log = board.log_box.value
    assert len(board._entries[-1]) == 2  # the move and the end of the game
    assert log.count("tk-log-line") == 2 and log.count("tk-log-more") == 1
    assert len(re.findall(r">1\.<", log)) == 1
    assert log.index("takes chest 5") < log.index("tk-log-more") < log.index("Game over")


def test_log_numbers_match_the_move_count_over_a_whole_game() -> None:
    board = AhoyBoard(players=3, seed=3)
    while not board.state.is_terminal():
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(str(board.state.legal_moves()[0]))
    numbers = [int(n) for n in re.findall(r'class="tk-muted"[^>]*>(\d+)\.<', board.log_box.value)]
    assert numbers == list(range(1, board.state.ply + 1))
    assert f"ply {board.state.ply}" in status_text(board)


# ----- charts (user report 8) ---------------------------------------------------------------
def test_charts_fill_the_width_with_room_for_the_y_label() -> None:
    chart = line_chart([1, 2, 3], {"a": [0.1, 0.2, 0.3], "b": [0.3, 0.2, 0.1]}, "Two lines",
                       x_label="turns")
    assert repr(chart) == "Chart('Two lines')"
    assert chart.layout.width == "100%" and chart.layout.max_width == "900px"
    assert chart.figure.layout.width == "100%"
    y_axis = next(a for a in chart.figure.axes if a.side == "left")
    assert y_axis.label == "probability" and y_axis.label_offset is not None
    assert int(y_axis.label_offset.rstrip("px")) + 10 < chart.figure.fig_margin["left"]
    assert int(y_axis.label_offset.rstrip("px")) >= 45  # clear of tick labels like "0.90"


def test_the_line_chart_legend_sits_outside_the_plot() -> None:
    chart = line_chart([1, 2], {"reaches": [0.1, 0.2], "falls": [0.3, 0.4]}, "t", x_label="x")
    (lines,) = chart.figure.marks
    assert lines.display_legend is False  # no legend box over the curves
    header = chart.header.value
    assert "tk-chart-legend" in header and "reaches" in header and "falls" in header
    assert chart.children[0] is chart.header and chart.children[1] is chart.figure
    single = line_chart([1, 2], {"only": [0.1, 0.2]}, "one", x_label="x")
    assert "tk-chart-legend" not in single.header.value


def test_bar_chart_takes_an_optional_legend() -> None:
    chart = bar_chart(["1", "2"], [Fraction(1, 3), Fraction(2, 3)], "Landing",
                      colors=["#2f7fb8", "#c8a165"],
                      legend={"water": "#2f7fb8", "land": "#c8a165"})
    assert repr(chart) == "Chart('Landing')"
    header = chart.header.value
    assert header.index("Landing") < header.index("water") < header.index("land")
    assert "#c8a165" in header and chart.legend == {"water": "#2f7fb8", "land": "#c8a165"}
    assert "tk-chart-legend" not in bar_chart(["a"], [1.0], "plain").header.value
    with pytest.raises(ValueError, match="same length"):
        bar_chart(["a", "b"], [1.0], "bad")


def test_new_game_button_without_a_typed_seed_picks_an_unpredictable_seed() -> None:
    board = AhoyBoard(players=2, seed=5)
    board.new_button.click()
    assert board.seed not in (5, 6) and board.seed_input.value == ""
    board.seed_input.value = "5"
    board.new_button.click()
    assert board.seed == 5  # a typed seed is used as it is: the same deal again
    assert board.seed_input.value == ""  # and the box does not show the game's seed


def test_new_game_button_refuses_a_negative_seed_and_keeps_the_game() -> None:
    board = AhoyBoard(players=2, seed=5)
    board.roll()
    history = board.state.history
    board.seed_input.value = "-3"
    board.new_button.click()
    assert board.seed == 5 and board.state.history == history
    assert "seed must be a whole number from 0" in board.notice
