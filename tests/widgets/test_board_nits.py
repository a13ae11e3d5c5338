"""Issue 24's last board nits, found by a fresh user in the apps (widget level).

* on a hot-seat cover, the "Your moves" list's one item presses the cover's Pass;
* before a play app's Start, the board says what to do and answers a click, a button
  or a key in words, playing nothing; code may still play on it;
* Skeleton Island names its seats as the app's form does ("Player 1"), in the status,
  the log, the notices, the table and the picture's words; the other apps' forms name
  each seat as its board does ("Player 1 (Red)");
* Skeleton Island's "keep" item says what it does; its legend fits its picture;
* the Hint button is disabled once the game is over.
"""

from __future__ import annotations

import random
import re
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import pytest

from treasurekit import RandomBot
from treasurekit.skeleton_island.moves import Keep
from treasurekit.treasure_island_2018 import SilverBot
from treasurekit_widgets import AhoyBoard, LongJohnBoard, SkeletonBoard
from treasurekit_widgets.a11y import READY
from treasurekit_widgets.apps import APPS, play_app, widget_tree
from treasurekit_widgets.base import HUMAN
from treasurekit_widgets.start_gate import BEFORE_START

BIG = 7_340_000_000_777


# ----- 1. the hot-seat cover by keyboard ---------------------------------------------------
def test_enter_on_the_covers_one_item_presses_pass() -> None:
    board = LongJohnBoard(players=3, seed=BIG + 1,
                          seats={0: SilverBot(seed=1), 1: HUMAN, 2: HUMAN})
    board.play("done")  # p1 ends the turn: the calendar passes it to p2
    assert board.covered and board.turn_of(board.state) == 2
    keys = board.a11y
    assert keys.moves == [READY]
    assert keys.items == [f"Pass the screen to {board.seat_name(2)}: press Enter when ready"]
    keys._on_key(keys, {"play": 0, "version": keys.version}, [])  # as the browser sends it
    assert not board.covered and board.facing_seat == 2
    assert keys.moves and READY not in keys.moves  # p2's own moves now


# ----- 5. before Start ----------------------------------------------------------------------
@pytest.mark.parametrize("game", list(APPS))
def test_before_start_the_board_says_what_to_do_and_plays_nothing(
        game: str, browser_click: None) -> None:
    app = play_app(game, seed=BIG + 2)
    board = app.board
    assert BEFORE_START in board.status.value
    shown = " ".join(str(x.value) for x in widget_tree(board) if isinstance(x, w.HTML))
    assert "Your turn" not in shown and "click the map" not in shown  # TI2018's move box
    keys = board.a11y
    assert keys.items == [] and BEFORE_START in keys.idle
    history = board.state.history
    keys._on_key(keys, {"idle": True}, [])  # Enter on the list's one line
    assert "press Start" in board.notice
    board._clear_notice()
    board.click_place((0, 0))  # a click on the picture, whatever it hits
    assert "press Start" in board.notice and board.state.history == history
    moves = board.state.legal_moves() if not board.state.is_chance_node() else []
    if board.roll_button.layout.display != "none" and not board.roll_button.disabled:
        board._clear_notice()
        board.roll_button.click()
        assert "press Start" in board.notice
    elif moves:
        board._clear_notice()
        board.guarded(lambda: board.play(moves[0]))  # what a board's own buttons do
        assert "press Start" in board.notice
    assert board.state.history == history and board.error == ""
    app.start()  # the new board is a game: "Your turn" and the human's moves
    assert app.board.waiting_for_start == "" and BEFORE_START not in app.board.status.value
    assert app.board.a11y.items


def test_code_plays_on_the_first_board_and_that_starts_it() -> None:
    app = play_app("ahoy", seed=BIG + 3)
    board = app.board
    assert board.waiting_for_start
    board.click_place(0)  # from code: no gate (a cell may drive the board)
    board.roll()
    assert board.state.ply >= 1 and board.waiting_for_start == ""
    assert BEFORE_START not in board.status.value and board.a11y.items


def test_an_empty_lists_line_is_answered_in_the_notice() -> None:
    board = AhoyBoard(players=2, seed=3, seats={0: HUMAN, 1: RandomBot(seed=1)})
    board.roll()
    board.play(board.state.legal_moves()[0])
    board.show_ply(0)  # a replay: the list is empty and says why
    keys = board.a11y
    assert keys.moves == [] and "earlier position" in keys.idle
    keys.press_idle()
    assert "earlier position" in board.notice


def test_an_idle_press_on_a_list_with_moves_does_nothing() -> None:
    app = play_app("skeleton_island", seed=BIG + 4)
    app.start()
    board = app.board
    assert board.a11y.moves
    board.a11y.press_idle()
    assert board.notice == "" and board.state.ply == len(board.state.history)


# ----- 6. no Hint after the end ------------------------------------------------------------
@pytest.mark.parametrize("game", ["ahoy", "treasure_island_2003", "sjorovaron",
                                  "skeleton_island"])
def test_the_hint_button_closes_and_disables_at_the_end(game: str) -> None:
    app = play_app(game)
    app.players.value = 2  # the human and a bot
    app.board.seed_input.value = str(BIG + 5)
    app.start()
    board: Any = app.board
    board.teaching = True  # Undo after the end, to end the game again with the hint open
    hint = board.hint_button
    pick = 0
    while not board.state.is_terminal():
        assert not hint.disabled
        if board.state.is_chance_node():
            board.roll()
        else:
            moves = board.state.legal_moves()
            board.play(moves[pick % len(moves)])
            pick += 1
    assert hint.disabled and not hint.value
    last = board.undo()[-1]  # the human's last decision, and the bots' plies after it
    assert not hint.disabled
    hint.value = True  # the panel is open when the game ends
    assert board.hint_panel.layout.display == "block"
    board.play(last)
    if not board.state.is_terminal():  # the bots may answer otherwise: play on
        while not board.state.is_terminal():
            if board.state.is_chance_node():
                board.roll()
            else:
                board.play(board.state.legal_moves()[0])
    assert hint.disabled and not hint.value
    assert board.hint_panel.layout.display == "none"


# ----- 3. Skeleton Island's one-word items --------------------------------------------------
def test_skeleton_moves_without_a_card_are_said_in_words() -> None:
    board = SkeletonBoard(players=2, seed=BIG + 6, seats={0: HUMAN, 1: RandomBot(seed=1)})
    keys = board.a11y
    take = next(k for k, m in enumerate(keys.moves) if type(m).__name__ == "Take")
    keys.press_enter(take, keys.version)  # a card in hand: Keep or Rest
    hand = board.state.view(0).hand
    assert hand is not None and Keep() in keys.moves
    item = keys.items[keys.moves.index(Keep())]
    assert item.startswith(f"Keep the card you hold (card {hand.id}, ")
    assert item.endswith("[keep]")
    for move, item in zip(keys.moves, keys.items, strict=True):
        words = item.split("  [")[0]
        assert words != str(move) and len(words.split()) >= 3, f"bare item {item!r}"


# ----- 2. one name per seat -------------------------------------------------------------
SEAT_CODE = re.compile(r"(?<![\w-])p\d(?![\w-])")


def student_texts(board: Any) -> str:
    """What a student reads on the board: status, notice, log, the picture's words and
    the moves list's words (the notation in brackets aside)."""
    items = " ".join(item.split("  [")[0] for item in board.a11y.items)
    return " ".join([board.status.value, board.notice, " ".join(board.log_lines),
                     board.a11y.picture_label, items])


@pytest.mark.parametrize("game", list(APPS))
def test_the_form_and_the_board_name_each_seat_alike(game: str) -> None:
    app = play_app(game, seed=BIG + 7)
    app.start()
    board = app.board
    rng = random.Random(3)
    for _ in range(60):  # into the game: Sjörövarön's pirates are picked by then
        if board.state.is_terminal():
            break
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(rng.choice(board.state.legal_moves()))
    for seat, pick in enumerate(app.seat_picks):
        name = board.seat_name(seat)
        assert name in str(pick.description) or (
            game == "sjorovaron" and board.state.pirate(seat) is not None
            and f"Player {seat + 1} takes {name}" in " ".join(board.log_lines)), (
            f"{game}: the form says {pick.description!r}, the board {name!r}")
    if game in ("skeleton_island", "sjorovaron", "treasure_island_2018"):
        if game == "sjorovaron":  # its hexes are p1, p2...: only the set-up's seats
            assert not SEAT_CODE.search(" ".join(board.log_lines[:12]))
        else:
            assert not SEAT_CODE.search(student_texts(board)), student_texts(board)


def test_skeleton_island_says_player_n_in_notices_and_on_the_table() -> None:
    app = play_app("skeleton_island", seed=BIG + 8)
    board: Any = app.board
    assert board.seat_name(0) == "Player 1" and "Player 1" in board.status.value
    board.guarded(lambda: board.play("steal p1 99"))  # the engine: "p1 holds no card..."
    assert board.notice and not SEAT_CODE.search(board.notice)
    names = list(board.table.names.text)
    assert names[:2] == ["Player 1 · you", "Player 2 · bot"]


# ----- 4. Skeleton Island's legend fits its picture -----------------------------------------
def test_the_skeleton_legend_fits_the_pile_picture_in_lines() -> None:
    from treasurekit_widgets.skeleton_island.layout import CHAR_EM, LEGEND_PX, PILE_W

    board: Any = SkeletonBoard(players=2, seed=BIG + 9, seats={0: HUMAN, 1: RandomBot(seed=1)})
    seen = set()
    keys = board.a11y
    rng = random.Random(4)
    for _ in range(12):  # the usual legend, then the resting spots' one
        legend = board.picture.legend
        lines, ys = list(legend.text), list(legend.y)
        seen.add(" ".join(lines))
        x0, x1 = board.picture.window[:2]
        scale = PILE_W / (x1 - x0)
        for line, x in zip(lines, legend.x, strict=True):
            right = (x - x0) * scale + len(line) * CHAR_EM * LEGEND_PX
            assert right <= PILE_W, f"legend line cut: {line!r} ends at {right:.0f} px"
        assert ys == sorted(ys, reverse=True) and len(set(ys)) == len(ys)  # top to bottom
        if keys.moves:
            keys.press_enter(rng.randrange(len(keys.moves)), keys.version)
    assert any("orange outline" in text for text in seen)
