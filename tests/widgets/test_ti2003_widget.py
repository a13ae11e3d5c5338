"""The Treasure Island (2003) board widget, driven without a browser: clicks go through
the same paths bqplot and ipywidgets use (the marks' custom-message callbacks,
``Button.click``)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from treasurekit import IllegalMoveError, load_game
from treasurekit.treasure_island_2003 import GreedyBot, Open, Pass, TIState
from treasurekit_widgets import GameBoard, TreasureIslandBoard
from treasurekit_widgets.controls import SLOT_HEIGHT, STATUS_HEIGHT
from treasurekit_widgets.palette import SEAT_COLOURS
from treasurekit_widgets.treasure_island_2003.draw import CODES, RING, river_segment, short_pirate

TWO_HUMANS = {0: "human", 1: "human"}
WALL = "c3 d3 b4 b5 b6 e4 e5 e6 d7"  # Red's wall around c4-d6 on the Small Board, open at c7


def small_board(**kw: Any) -> TreasureIslandBoard:
    """Two human seats on the Small Board, Red first (no opening throws)."""
    return TreasureIslandBoard(players=2, board="small", seats=TWO_HUMANS, first_player=0,
                               **kw)


def at(board: TreasureIslandBoard, state: TIState) -> TreasureIslandBoard:
    board.state = state
    board.refresh()
    return board


def click_cell(board: TreasureIslandBoard, name: str) -> None:
    """Deliver a click on a square's cell exactly as the bqplot front end does."""
    sq = board.game.board.square(name)
    row, col = divmod(sq, board.game.board.size)
    content = {"event": "element_click",
               "data": {"rowNum": row, "columnNum": col, "row": row, "column": col,
                        "cellNum": sq, "color": 2.0}}
    board.picture.cells._msg_callbacks(board.picture.cells, content, None)


def click_mark(mark: Any, index: int) -> None:
    """A click on point ``index`` of a Scatter or Label mark."""
    mark._msg_callbacks(mark, {"event": "element_click", "data": {"index": index}}, None)


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def status_text(board: TreasureIslandBoard) -> str:
    return plain(board.status.value)


def notice_text(board: TreasureIslandBoard) -> str:
    return plain(board.notice_box.value)


def press(board: TreasureIslandBoard, label: str) -> None:
    """Click the decision button showing ``label``."""
    for button in board.decision_list.children:
        if getattr(button, "description", None) == label:
            button.click()
            return
    raise AssertionError(f"no button {label!r}: {board.decisions()}")


def take_human_turn(board: TreasureIslandBoard) -> None:
    """Roll, then do what a player would: click a yellow square (first in board order) and
    press the first decision button until the turn passes (or the game ends)."""
    board.roll_button.click()
    while not board.state.is_terminal() and not board.state.is_chance_node():
        if board.highlighted():
            click_cell(board, board.highlighted()[0])
        else:
            board.decision_list.children[0].click()


# ----- placing counters by clicking -------------------------------------------------------
def test_roll_then_click_on_a_usable_square_places_a_counter() -> None:
    board = small_board(seed=1)
    assert board.highlighted() == []
    board.roll_button.click()
    lit = board.highlighted()
    state = board.state
    assert lit == [m.square for m in state.legal_moves()]  # only landings: anchorages
    click_cell(board, lit[0])
    assert state.owner(lit[0]) == 0
    assert board.log_lines[-1].startswith(f"Red lands at the anchorage {lit[0]}")
    assert board.state.is_chance_node() and "Your turn, Blue: throw the dice" in status_text(board)
    assert board.highlighted() == []


def test_usable_squares_are_yellow_with_a_violet_frame() -> None:
    board = small_board(seed=1)
    board.roll()
    size = board.game.board.size
    codes = board.picture.cells.color.reshape(-1)
    lit = {board.game.board.square(n) for n in board.highlighted()}
    assert {s for s in range(size * size) if codes[s] == CODES["usable"]} == lit
    rings = board.picture.rings
    assert rings.stroke == RING and rings.fill is False
    assert sorted(zip(rings.x, rings.y, strict=True)) == sorted(
        (s % size + 0.5, s // size + 0.5) for s in lit)


def test_click_on_a_square_the_dice_do_not_allow_changes_nothing_and_shows_why() -> None:
    board = small_board(seed=1)
    click_cell(board, "e2")  # before the throw
    assert board.state.ply == 0 and "Red must throw the dice first" in notice_text(board)
    board.roll()
    before = board.state.history
    click_cell(board, "a1")
    assert "a1 is sea; counters go on land squares" in notice_text(board)
    assert "TI2003 §1 Components: Game Board" in notice_text(board)
    dice = board.state.dice
    inland = next(n for n in ("d3", "e3", "f3", "c4") if
                  board.game.board.numbers[board.game.board.square(n)] not in dice)
    click_cell(board, inland)
    assert "but the dice allow only" in notice_text(board)
    assert board.state.history == before
    legal = board.highlighted()[0]
    click_cell(board, legal)
    assert board.notice == "" and board.state.owner(legal) == 0


def test_first_counter_must_land_on_an_anchorage() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(dice=(2, 5)))
    click_cell(board, "d3")  # a 2, but inland
    assert "the first counter must land on an anchorage" in notice_text(board)
    assert "TI2003 §4 Landings" in notice_text(board)


def test_an_advance_never_crosses_a_river_and_the_click_says_so() -> None:
    board = small_board(seed=1)
    at(board, board.game.position({"R": "c9"}, dice=(4, 4)))  # c8 lies across the creek
    click_cell(board, "c8")
    text = notice_text(board)
    assert "a river runs between c9 and c8" in text and "TI2003 §4 Advances" in text
    assert board.state.owner("c8") is None


def test_clicks_on_a_counter_or_a_frame_reach_that_square_and_text_lets_clicks_through(
) -> None:
    board = small_board(seed=1)
    board.roll()
    pic = board.picture
    target = board.highlighted()[0]
    sq = board.game.board.square(target)
    click_mark(pic.rings, pic.highlighted.index(sq))  # the violet frame
    assert board.state.owner(target) == 0
    board.roll()
    click_mark(pic.counters, pic._counter_squares.index(sq))  # Red's counter: occupied
    assert f"{target} already holds Red's counter" in notice_text(board)
    assert "text.label { pointer-events: none; }" in board.key_box.value
    assert "tk-ti-figure" in board.key_box.value


def test_pass_button_when_no_square_can_be_taken() -> None:
    board = small_board(seed=1)
    at(board, board.game.position({"R": "c3", "B": "b4 e2 a7 c9 e11 h10 j10 j9 k6 l5 j3"},
                                  dice=(4, 5)))
    assert board.highlighted() == []
    assert board.decisions() == [("Pass: no square can be taken", "pass")]
    assert "cannot use them: press Pass" in status_text(board)
    press(board, "Pass: no square can be taken")
    assert board.state.history[-1] == Pass() and board.state.turn == 1


# ----- chests and cannons through the buttons ---------------------------------------------
def test_several_chests_won_by_an_enclosure_open_in_the_order_chosen() -> None:
    board = small_board(seed=3)
    at(board, board.game.position({"R": WALL, "B": "j10"}, dice=(2, 2)))
    click_cell(board, "c7")
    assert board.state.phase == "choose"
    assert board.decisions() == [("Open Long John Silver's chest (5)", "open long-john"),
                                 ("Open Ben Gunn's chest (3)", "open ben-gunn")]
    assert "won several chests" in status_text(board)
    press(board, "Open Ben Gunn's chest (3)")
    assert Open("ben-gunn") in board.state.history
    assert board.state.opened()[:2] == ("ben-gunn", "long-john")  # cards drawn by the board
    assert board.state.phase not in ("choose", "reveal")
    assert sum(1 for line in board.log_lines if "Ben Gunn's chest, card" in line) == 3


def test_purple_cannon_steals_through_its_button() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("purple",)))
    assert [label for label, _ in board.decisions()] == [
        "Purple: steal Blue's 3 Rubies", "Purple: protect your 1 Ruby"]
    assert "found a purple cannon" in status_text(board)
    assert "purple cannon" in board.turn_box.value
    press(board, "Purple: steal Blue's 3 Rubies")
    h = board.state.holdings
    assert h.piles[0] == {"rubies": 4} and "rubies" not in h.piles[1]
    assert h.fired["purple"] == 1
    assert "Rubies 4" in board.players_box.value and "purple ×1" in board.locker_box.value


def test_purple_cannon_protects_through_its_button_and_the_pile_shows_it() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("purple",)))
    press(board, "Purple: protect your 1 Ruby")
    assert board.state.holdings.protected[0] == {"rubies"}
    assert "cannon</span>" in board.players_box.value  # the purple tag on Red's pile


def test_gold_cannon_against_a_protected_pile_is_a_skirmish_resolved_by_the_board() -> None:
    board = small_board(seed=2)
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  protected={"B": "rubies"}, cannons=("gold",)))
    assert board.decisions() == [("Gold: attack Blue's 3 Rubies (skirmish)",
                                  "fire gold at blue rubies")]
    press(board, "Gold: attack Blue's 3 Rubies (skirmish)")
    assert board.state.phase != "skirmish"
    assert any("wins the skirmish" in line for line in board.log_lines)
    assert any("hit" in str(m) for m in board.state.history)  # rounds are chance moves
    assert board.state.holdings.fired["gold"] == 1


def test_gold_cannon_steals_a_jolly_roger() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(jolly={"B": 1}, cannons=("gold",)))
    press(board, "Gold: steal Blue's Jolly Roger")
    assert board.state.holdings.jolly == [1, 0]
    assert "Jolly Roger ×1" in board.players_box.value


def test_locker_take_and_end_the_turn_through_the_buttons() -> None:
    board = small_board(seed=1)
    at(board, board.game.position({"R": "e2"}, dice=(2, 3), piles={"R": {"pearls": 1}},
                                  locker={"pearls": 2}))
    click_cell(board, board.highlighted()[0])
    assert board.state.phase == "wrap"
    assert board.decisions() == [("Take 2 Pearls from the Locker", "take pearls"),
                                 ("End the turn", "end")]
    assert "Pearls 2" in board.locker_box.value
    press(board, "Take 2 Pearls from the Locker")
    assert board.state.holdings.piles[0] == {"pearls": 3}
    assert board.state.turn == 1  # nothing else to take: the turn ends by itself


def test_discard_buttons_when_over_the_type_limit() -> None:
    board = small_board(seed=1)
    types = board.game.cards.type_ids[:10]  # 2 players keep 9 types
    at(board, board.game.position({"R": "e2"}, dice=(2, 3),
                                  piles={"R": {k: 1 for k in types}}))
    assert "10/9 types" in board.players_box.value
    click_cell(board, board.highlighted()[0])
    assert board.state.phase == "discard"
    labels = [label for label, _ in board.decisions()]
    assert labels[0] == "Discard 1 Diamond to the Locker" and len(labels) == 10
    assert "discard a type" in status_text(board)
    press(board, "Discard 1 Indigo to the Locker")
    assert "indigo" not in board.state.holdings.piles[0]
    assert board.state.holdings.types(0) == 9 and board.state.turn == 1


def test_decide_by_label_or_notation_and_unknown_decisions_are_refused() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("purple",)))
    with pytest.raises(ValueError, match="no decision 'fire gold"):
        board.decide("fire gold at blue rubies")
    assert "the buttons offer" in notice_text(board)
    board.decide("protect rubies")
    assert board.state.holdings.protected[0] == {"rubies"}


def test_clicking_a_square_while_a_decision_is_due_points_to_the_buttons() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("purple",)))
    click_cell(board, "e2")
    assert "use the buttons beside the board" in notice_text(board)
    assert board.state.phase == "cannon"


# ----- bots, undo, new game, replay --------------------------------------------------------
def test_bots_play_their_seats_until_the_humans_turn() -> None:
    board = TreasureIslandBoard(players=4, seed=5)
    assert repr(board).endswith("Red to roll)")
    for _ in range(3):
        take_human_turn(board)
    assert board.turn_of(board.state) == 0 and board.state.is_chance_node()
    for colour in ("Blue", "Green", "Yellow"):
        assert any(line.startswith(f"{colour} throws") for line in board.log_lines)
    assert not board.roll_button.disabled


def test_roll_button_only_for_the_humans_own_throw() -> None:
    board = small_board(seed=2)
    assert not board.roll_button.disabled and board.roll_button.description == "Roll the dice"
    board.roll()
    assert board.roll_button.disabled
    with pytest.raises(IllegalMoveError, match="not a chance node"):
        board.roll()


def test_undo_takes_back_bot_moves_up_to_the_previous_human_decision() -> None:
    board = TreasureIslandBoard(players=3, seed=5, first_player=0, teaching=True)
    take_human_turn(board)
    take_human_turn(board)
    assert not board.undo_button.disabled
    taken = board.undo()
    assert len(taken) > 1  # the human's placement, then the bots' throws and moves
    assert board.state.phase == "place" and board.turn_of(board.state) == 0
    assert board.highlighted()
    board.undo()
    assert board.state.ply == 1 and board.state.phase == "place"
    with pytest.raises(IndexError, match="nothing to take back"):
        board.undo()
    assert board.undo_button.disabled


def test_new_game_with_the_same_seed_replays_the_same_game() -> None:
    board = TreasureIslandBoard(players=4, seed=11)
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


def test_replay_shows_an_earlier_position_read_only() -> None:
    board = small_board(seed=1)
    board.play("roll 2 5")
    board.click(board.highlighted()[0])
    board.play("roll 3 4")
    live = list(board.picture.counters.x)
    board.replay_slider.value = 1
    assert not board.live and "Replay" in status_text(board)
    assert list(board.picture.counters.x) == [] and board.highlighted() == []
    click_cell(board, "e2")
    assert board.state.ply == 3 and "earlier position" in notice_text(board)
    board.replay_slider.value = 3
    assert board.live and list(board.picture.counters.x) == live


# ----- a whole game -----------------------------------------------------------------------
def test_full_four_seat_large_board_game_following_the_hint_reaches_the_final_reckoning() -> None:
    board = TreasureIslandBoard(players=4, board="large", seed=7)
    advisor = GreedyBot(seed=0)
    assert board.game.board.size == 14
    while not board.state.is_terminal():
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(advisor.choose(board.state))
    outcome = board.state.outcome()
    assert outcome is not None and board.state.board_full()
    text = status_text(board).strip()
    assert text.startswith("Game over:")
    for seat, score in enumerate(outcome.scores):
        assert f"{board.seat_name(seat)} {score}" in text
        assert f"<b>{score} pts</b>" in board.players_box.value
    lines = board.log_lines
    assert any("Davy Jones' Legacy" in line for line in lines)
    assert any("the Final Reckoning" in line for line in lines)
    assert lines[-1].startswith("Final scores:")
    assert repr(board) == f"TreasureIslandBoard(players=4, ply={board.state.ply}, game over)"
    click_cell(board, "g8")
    assert "game is over" in notice_text(board)
    assert board.roll_button.disabled and board.decisions() == []


def test_the_board_redraws_a_game_over_position_after_refresh() -> None:
    board = TreasureIslandBoard(players=2, board="small", seed=3,
                                seats={0: GreedyBot(0), 1: GreedyBot(1)})
    assert board.state.is_terminal()  # two bots play the whole game at once
    assert board.highlighted() == []
    assert "the Final Reckoning is done" in board.turn_box.value


# ----- the picture ------------------------------------------------------------------------
def test_the_picture_shows_rivers_treasure_names_and_square_names() -> None:
    board = TreasureIslandBoard(players=2, board="large", seed=1)
    data = board.game.board
    lines = [m for m in board.picture.figure.marks if type(m).__name__ == "Lines"]
    full = sum(len(r.edges) for r in data.rivers)
    partial = sum(len(r.partial) for r in data.rivers)
    styles = {m.line_style: len(m.x) for m in lines}
    assert styles == {"solid": full, "dashed": partial}
    names = list(board.picture.names.text)
    assert "Flint" in names and "Teach" in names and len(names) == 14
    assert short_pirate("Long John Silver") == "Silver"
    a, b = data.square("f7"), data.square("g7")  # Silver Creek runs between them
    assert river_segment(data, a, b) == ((6, 6), (6, 7))
    texts = [t for m in board.picture.figure.marks if type(m).__name__ == "Label"
             for t in m.text]
    assert "a" in texts and "n" in texts and "14" in texts


def test_counters_are_drawn_by_colour_and_enclosed_ones_paler() -> None:
    board = small_board(seed=1)
    at(board, board.game.position({"R": "d3 b4", "B": "e2"}, dice=(1, 2)))
    click_cell(board, "c4")  # encloses c3
    pic = board.picture
    by_square = dict(zip(pic._counter_squares, zip(pic.counters.colors, pic.counters.opacities,
                                                   strict=True), strict=True))
    sq = board.game.board.square
    assert by_square[sq("c3")] == (SEAT_COLOURS["red"], 0.5)
    assert by_square[sq("c4")] == (SEAT_COLOURS["red"], 1.0)
    assert by_square[sq("e2")][0] == SEAT_COLOURS["blue"]
    assert list(pic.last.x) == [2.5]  # the last square taken is ringed


def test_the_turn_box_draws_the_dice_and_greys_a_used_die() -> None:
    board = small_board(seed=1)
    at(board, board.game.position({"R": "a7"}, dice=(2, 4)))
    assert board.turn_box.value.count("tk-ti-die") == 2
    assert "opacity:0.35" not in board.turn_box.value
    assert "2 and 4: use one number" in board.turn_box.value


# ----- layout, repr, classes, views --------------------------------------------------------
def test_fixed_heights_keep_the_layout_from_jumping() -> None:
    board = small_board(seed=1)
    assert board.status.layout.min_height == STATUS_HEIGHT
    assert board.slot.layout.min_height == SLOT_HEIGHT
    panel = board.decision_panel.layout
    assert panel.height == panel.min_height and panel.overflow == "hidden"
    assert board.players_box.layout.height == board.players_box.layout.min_height
    kids = list(board.children)
    sizes = [(c.layout.height, c.layout.min_height) for c in kids]
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("purple",)))
    assert list(board.children) == kids
    assert [(c.layout.height, c.layout.min_height) for c in kids] == sizes


def test_repr_is_short_stable_and_has_no_model_ids() -> None:
    a, b = TreasureIslandBoard(players=4, seed=4), TreasureIslandBoard(players=4, seed=4)
    assert repr(a) == repr(b) == "TreasureIslandBoard(players=4, ply=0, Red to roll)"
    take_human_turn(a)
    take_human_turn(b)
    assert repr(a) == repr(b) and len(repr(a)) < 100
    assert not re.search(r"[0-9a-f]{32}", repr(a))
    assert a._repr_mimebundle_()["text/plain"] == repr(a)


def test_css_classes_for_tests_and_styling() -> None:
    board = small_board(seed=1)
    assert "tk-board" in board._dom_classes and isinstance(board, GameBoard)
    for widget, cls in [(board.status, "tk-status"), (board.roll_button, "tk-roll"),
                        (board.undo_button, "tk-undo"), (board.log_box, "tk-log"),
                        (board.picture.figure, "tk-ti-figure"), (board.hint_button, "tk-hint"),
                        (board.decision_panel, "tk-ti-decisions"),
                        (board.players_box, "tk-ti-players"), (board.side, "tk-ti-side")]:
        assert cls in widget._dom_classes
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("purple",)))
    assert all("tk-ti-decision" in b._dom_classes for b in board.decision_list.children)


def test_board_is_drawn_from_views_and_does_not_depend_on_the_seed(monkeypatch: Any) -> None:
    calls: list[int] = []
    original = TIState.view

    def spy(self: TIState, player: int) -> Any:
        calls.append(player)
        return original(self, player)

    monkeypatch.setattr(TIState, "view", spy)
    script = ["roll 2 5", "place e2", "roll 1 3", "place k6", "roll 4 6"]
    boards = [small_board(seed=s) for s in (1, 99)]
    for board in boards:
        for move in script:
            board.play(move)
    assert calls
    pics = [b.picture for b in boards]
    assert list(pics[0].counters.x) == list(pics[1].counters.x)
    assert list(pics[0].counters.colors) == list(pics[1].counters.colors)
    assert (pics[0].cells.color == pics[1].cells.color).all()
    assert boards[0].status.value == boards[1].status.value
    assert boards[0].players_box.value == boards[1].players_box.value


def test_hint_panel_ranks_the_squares_with_the_greedy_bots_reasons() -> None:
    board = small_board(seed=1)
    board.hint_button.value = True
    assert "chance that it lets you take a treasure square" in board.hint_panel.value
    board.roll()
    best = GreedyBot().explain(board.state)[0]
    assert str(best.move) in board.hint_panel.value
    assert board.hint_panel.layout.display == "block"


def test_options_and_bad_arguments() -> None:
    with pytest.raises(TypeError, match="not both"):
        TreasureIslandBoard(load_game("treasure_island_2003"), players=3)
    with pytest.raises(ValueError, match="not a seat"):
        TreasureIslandBoard(players=2, seats={2: "human"})
    board = TreasureIslandBoard(players=3, board="small", seed=1)
    assert board.game.board.name == "Small Board" and board.game.num_players == 3
    # 58 px rows, two players a row (so that six players leave Roll in a 1000 px window)
    assert board.players_box.layout.height == "116px"


# ----- wording, the decision list, the turn box ---------------------------------------------
def test_cannons_found_are_counted_in_the_status() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                                  cannons=("gold", "purple", "purple")))
    assert "found a gold cannon and two purple cannons: choose how to use them" in \
        status_text(board)


def test_the_status_says_who_went_first_when_the_human_turn_comes() -> None:
    board = TreasureIslandBoard(players=4, board="large", seed=2024)
    for _ in range(10):  # the opening throws (ties throw again)
        if board.state.phase != "opening":
            break
        board.roll()
    text = status_text(board)
    assert board.state.turn == 0 and board.state.phase == "roll"
    assert re.search(r"(Blue|Green|Yellow) went first; Your turn, Red: press Roll the "
                     r"dice|Your turn, Red: you go first: press Roll the dice", text), text
    take_human_turn(board)
    assert "goes first" not in status_text(board)


def test_more_decisions_than_fit_say_how_many_more_and_the_hint_best_comes_first() -> None:
    board = small_board(seed=1)
    types = board.game.cards.type_ids[:10]
    at(board, board.game.position({"R": "e2"}, dice=(2, 3),
                                  piles={"R": {k: 1 for k in types}}))
    click_cell(board, board.highlighted()[0])
    assert len(board.decisions()) == 10
    assert "+6 more ↓" in plain(board.decision_more.value)
    board.hint_button.value = True
    best = GreedyBot().choose(board.state.copy())
    assert board.decisions()[0][1] == str(best)
    assert board.decision_list.children[0].description.startswith("★ ")
    board.hint_button.value = False
    assert not board.decision_list.children[0].description.startswith("★ ")


def test_few_decisions_show_no_more_line() -> None:
    board = small_board(seed=1)
    at(board, board.game.position(jolly={"B": 1}, cannons=("gold",)))
    assert plain(board.decision_more.value) == ""


def test_the_turn_box_grows_or_scrolls_instead_of_hiding_long_chest_contents() -> None:
    board = small_board(seed=1)
    layout = board.turn_box.layout
    assert layout.height == "auto" and layout.max_height and "auto" in layout.overflow
