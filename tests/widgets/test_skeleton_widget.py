"""The Skeleton Island board widget, driven without a browser: clicks go through the same
paths bqplot and ipywidgets use (the click layers' custom-message callbacks with data
coordinates, ``Button.click``)."""

from __future__ import annotations

import dataclasses
import html
import re
from typing import Any

import numpy as np
import pytest

from treasurekit import IllegalMoveError, load_game
from treasurekit.skeleton_island import (
    Blow,
    Discard,
    Double,
    GreedyBot,
    Gust,
    Keep,
    Rest,
    SkeletonState,
    Steal,
    Stolen,
    Take,
)
from treasurekit.skeleton_island.pile import card_corners
from treasurekit_widgets import GameBoard, SkeletonBoard
from treasurekit_widgets.skeleton_island.draw import (
    BACK_INNER,
    MAP_COLOURS,
    pile_window,
    visible_spot,
)

HUMANS3 = {0: "human", 1: "human", 2: "human"}


def click_pile(board: SkeletonBoard, x: float, y: float) -> None:
    """Deliver a click at table point (x, y) cm exactly as the bqplot front end does."""
    layer = board.picture.click_layer
    layer._msg_callbacks(layer, {"event": "element_click",
                                 "data": {"click_x": x, "click_y": y}}, None)


def click_card(board: SkeletonBoard, card: int) -> None:
    """Click the visible part of pile card ``card``."""
    spot = board.card_spot(card)
    assert spot is not None, f"card {card} is not visible"
    click_pile(board, *spot)


def click_collected(board: SkeletonBoard, card: int) -> None:
    """Click collected card ``card`` in the table beside the pile."""
    slot = board.table.slot_of(card)
    assert slot is not None, f"card {card} is not drawn in any collection"
    layer = board.table.click_layer
    x, y = slot.centre
    layer._msg_callbacks(layer, {"event": "element_click",
                                 "data": {"click_x": x, "click_y": y}}, None)


def status_text(board: SkeletonBoard) -> str:
    """The status as plain text, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", board.status.value)).split())


def at(board: SkeletonBoard, state: SkeletonState) -> SkeletonBoard:
    """Put a hand-made position on the board."""
    board.state = state
    board.refresh()
    return board


def hand_made(**options: Any) -> tuple[Any, SkeletonBoard]:
    game = load_game("skeleton_island", players=3, **options)
    # every seat human to set up positions by hand; teaching mode: no hot-seat cover
    return game, SkeletonBoard(game, seats=HUMANS3, teaching=True)


# ----- taking cards by click ------------------------------------------------------------
def test_click_on_an_uncovered_card_takes_it() -> None:
    board = SkeletonBoard(players=3, seed=1)
    card = board.state.uncovered()[0]
    ply = board.state.ply
    click_card(board, card)
    assert Take(card) in board.state.history[ply:]
    assert board.state.hand is not None and board.state.hand[0] == card
    assert board.state.phase == "hand"  # a face-down card was turned over at once
    assert "Keep card" in status_text(board) and "dashed spot" in status_text(board)
    assert not board.keep_button.disabled and not board.rest_button.disabled


def test_click_on_a_covered_card_changes_nothing_and_shows_why() -> None:
    game, board = hand_made()
    at(board, game.position([("coin-3", 0, 0, 0), ("map-red-half", 5.7, 0, 0),
                             (None, 8.5, 3, 30)]))
    assert board.state.uncovered() == (0, 2)
    before = board.state.history
    click_card(board, 1)  # its visible part: card 2 lies across one corner
    assert board.state.history == before
    assert "card 1 is covered by card 2" in board.notice
    assert "SKEL §3 Game Turn: uncovered cards" in board.notice
    assert "covered by card 2" in board.notice_box.value
    click_pile(board, -20, 20)
    assert board.state.history == before and "bare table" in board.notice


def test_cards_that_only_touch_are_both_uncovered_and_outlined() -> None:
    game, board = hand_made()
    at(board, game.position([("coin-3", 0, 0, 0), ("map-red-half", 5.7, 0, 0)]))
    assert set(board.picture.outlined) == {0, 1}
    click_pile(board, 2.8, 0)  # inside card 0, next to the shared edge
    assert board.state.history[-1] == Take(0)


def test_covered_cards_of_a_real_spread_refuse_the_click() -> None:
    board = SkeletonBoard(players=3, seed=1)
    state = board.state
    covered = [i for i in state.pile.cards if i not in state.uncovered()
               and board.card_spot(i) is not None]
    assert covered
    before = state.history
    click_card(board, covered[0])
    assert board.state.history == before
    assert f"card {covered[0]} is covered by" in board.notice


def test_the_outlined_cards_are_exactly_the_uncovered_ones() -> None:
    board = SkeletonBoard(players=3, seed=2)
    for _ in range(6):
        xs = np.atleast_2d(board.picture.outlines.x)  # one card: bqplot keeps a 1-d array
        ys = np.atleast_2d(board.picture.outlines.y)
        outlined = {(tuple(x), tuple(y)) for x, y in zip(xs.tolist(), ys.tolist(), strict=True)}
        size = board.state.deck.size_cm
        expected = set()
        for i in board.state.uncovered():
            c = board.state.pile.cards[i]
            corners = card_corners(c.x, c.y, c.angle, *size)
            expected.add((tuple(p[0] for p in corners), tuple(p[1] for p in corners)))
        assert outlined == expected
        assert set(board.picture.outlined) == set(board.state.uncovered())
        click_card(board, board.state.uncovered()[-1])
        board.keep_button.click()


# ----- keep, rest, the second card ---------------------------------------------------------
def rest_position() -> tuple[Any, SkeletonBoard]:
    game, board = hand_made()
    at(board, game.position([(None, 0, 0, 0), ("coin-2", 4, 1, 20),
                             ("map-blue-quarter", 15, 0, 90), ("coin-1", -12, 5, 45)]))
    return game, board


def test_keep_puts_the_card_in_front_of_you_and_the_turn_passes() -> None:
    _, board = rest_position()
    click_card(board, 3)
    assert board.keep_button.layout.display is None
    board.keep_button.click()
    assert board.state.collection(0) == ((3, "coin-1"),)
    assert board.state.turn == 1
    assert board.table.slot_of(3) is not None and board.table.slot_of(3).seat == 0
    assert board.keep_button.layout.display == "none"


def test_rest_then_a_second_card_which_is_kept() -> None:
    _, board = rest_position()
    click_card(board, 3)
    offered = [m for m in board.state.legal_moves() if isinstance(m, Rest)]
    assert len(np.atleast_2d(board.picture.rest.x)) == len(offered) == 8
    board.rest_button.click()  # the first offered spot
    assert board.state.history[-1] == offered[0]
    assert board.state.phase == "second"
    assert "a second card" in status_text(board)
    assert 3 in board.state.uncovered()  # rested: uncovered, but not outlined for taking
    assert set(board.picture.outlined) == set(board.state.uncovered()) - {3}
    click_card(board, 3)  # the rested card may not be taken back
    assert board.state.phase == "second" and "just rested" in board.notice
    second = next(i for i in board.state.uncovered() if i != 3)
    click_card(board, second)
    assert board.state.collection(0)[-1][0] == second
    assert board.state.turn == 1


def test_no_second_card_button_declines_the_second_card_ruling_skel_7() -> None:
    """SKEL §3: after resting, the second card is a choice: the board offers a button."""
    _, board = rest_position()
    assert board.stop_button.layout.display == "none"
    click_card(board, 3)
    board.rest_button.click()
    assert board.state.phase == "second"
    assert board.stop_button.layout.display is None and not board.stop_button.disabled
    assert "No second card" in status_text(board)
    board.stop_button.click()
    assert str(board.state.history[-1]) == "stop"
    assert board.state.collection(0) == ()
    assert board.state.turn == 1
    assert board.stop_button.layout.display == "none"


def test_click_on_a_dashed_spot_rests_the_card_there() -> None:
    _, board = rest_position()
    click_card(board, 3)
    spot, poly = board.picture.spots[3]
    point = poly.representative_point()
    click_pile(board, point.x, point.y)
    assert board.state.history[-1] == Rest.at(spot)
    assert board.state.pile.cards[3].face_up
    assert not board.picture.rest.visible  # no more spots once the card is rested


def test_rest_button_without_a_card_in_hand_is_refused_by_the_engine() -> None:
    _, board = rest_position()
    assert board.rest_button.disabled
    with pytest.raises(IllegalMoveError):
        board.rest()
    assert "take an uncovered card first" in board.notice


# ----- pirate turns ---------------------------------------------------------------------------
def pirate_position(**options: Any) -> SkeletonBoard:
    game, board = hand_made(**options)
    return at(board, game.position(
        [("coin-1", 0, 0, 0), (None, 10, 0, 0)],
        collections={0: ["map-red-half", "map-red-quarter", "map-blue-quarter",
                         "pirate-hook", "coin-2"],
                     1: ["map-green-half", "coin-3"]}))


def test_pirate_turn_choose_three_cards_discard_then_steal() -> None:
    board = pirate_position()
    assert board.discard_button.layout.display is None
    assert board.discard_button.disabled
    for card in (2, 3, 4):  # two red map cards: refused
        click_collected(board, card)
    assert board.selected == [2, 3, 4]
    assert board.discard_button.disabled
    assert "2 red map cards" in board.notice
    click_collected(board, 2)  # put the red half back, choose the hook
    click_collected(board, 5)
    assert board.selected == [3, 4, 5] and board.notice == ""
    assert not board.discard_button.disabled
    assert board.discard_button.description == "Discard 3/3"
    board.discard_button.click()
    assert board.state.history[-1] == Discard((3, 4, 5))
    assert board.state.phase == "pirate"
    assert board.steal_button.layout.display is None and board.steal_button.disabled
    assert not board.double_button.disabled
    click_collected(board, 8)  # p1's 3-coin card
    assert board.target == (1, 8) and not board.steal_button.disabled
    board.steal_button.click()
    assert board.state.history[-1] == Steal(1, 8)
    assert (8, "coin-3") in board.state.collection(0)
    assert board.state.turn == 1


def test_pirate_turn_discard_then_double() -> None:
    board = pirate_position()
    for card in (2, 4, 5):
        click_collected(board, card)
    board.discard_button.click()
    board.double_button.click()
    assert board.state.history[-1] == Double()
    assert board.state.view(0).standard_turns_left == 2
    assert "first of two standard turns" in status_text(board)


def test_gold_coins_and_opponents_cards_cannot_pay_for_a_pirate_turn() -> None:
    board = pirate_position()
    for card in (2, 4, 6):  # card 6 is a gold coin card
        click_collected(board, card)
    assert board.discard_button.disabled and "gold coin card" in board.notice
    click_collected(board, 7)  # an opponent's card before any discard
    assert "must first discard three cards" in board.notice
    assert board.state.ply == 0


def test_a_pirate_turn_is_chosen_before_any_card_is_taken() -> None:
    board = pirate_position()
    click_card(board, 0)
    assert board.state.phase == "hand"
    assert board.discard_button.layout.display == "none"
    click_collected(board, 2)
    assert board.selected == [] and "before any card is taken" in board.notice


def test_steal_without_a_chosen_card_is_refused() -> None:
    board = pirate_position()
    board.play("discard 3 4 5")
    with pytest.raises(ValueError, match="click an opponent's card first"):
        board.steal()
    click_collected(board, 2)  # one's own card after the discard
    assert "click an opponent's card" in board.notice


def test_blind_steal_draws_the_card_by_chance_at_once() -> None:
    board = pirate_position(steal="blind")
    board.play("discard 3 4 5")
    click_collected(board, 7)
    assert board.target == (1, 7)
    board.steal_button.click()
    moves = board.state.history
    assert moves[-2] == Steal(1) and isinstance(moves[-1], Stolen)
    assert not board.state.is_chance_node()


# ----- blowing ---------------------------------------------------------------------------------
def test_blow_is_enabled_only_with_one_or_two_uncovered_cards() -> None:
    game, board = hand_made()
    at(board, game.position([(None, 0, 0, 0), (None, 2, 1, 10), ("coin-2", 4, 0, 0)]))
    assert len(board.state.uncovered()) == 1
    assert not board.blow_button.disabled
    board.blow_button.click()
    moves = board.state.history
    assert moves[-2] == Blow() and isinstance(moves[-1], Gust)  # the gust drawn at once
    assert board.blow_button.disabled
    assert "only once per turn" in board.blow_button.tooltip
    at(board, game.position([("coin-1", 0, 0, 0), ("coin-2", 10, 0, 0), ("coin-3", 20, 0, 0)]))
    assert board.blow_button.disabled
    assert "one or two cards are uncovered; 3 are" in board.blow_button.tooltip


def test_blow_is_disabled_once_a_card_is_taken() -> None:
    game, board = hand_made()
    at(board, game.position([(None, 0, 0, 0), ("coin-2", 20, 0, 0)]))
    assert not board.blow_button.disabled
    click_card(board, 1)
    assert board.blow_button.disabled


# ----- bots, chance, undo, new game, replay ---------------------------------------------------
def test_bots_play_their_seats_until_the_humans_turn() -> None:
    board = SkeletonBoard(players=3, seed=5)
    assert board.seats[1].__class__ is GreedyBot and board.seats[0] == "human"
    click_card(board, board.state.uncovered()[0])
    board.keep_button.click()
    assert board.state.turn == 0 and board.state.phase == "start"
    assert any(line.startswith("Player 2 ") for line in board.log_lines)
    assert any(line.startswith("Player 3 ") for line in board.log_lines)


def test_chance_is_resolved_by_the_board_and_the_roll_button_stays_hidden() -> None:
    board = SkeletonBoard(players=2, seed=1)
    assert board.roll_button.layout.display == "none" and board.roll_button.disabled
    assert board.state.ply > 1 and not board.state.is_chance_node()  # spread and reveals
    for _ in range(5):
        click_card(board, board.state.uncovered()[0])
        assert not board.state.is_chance_node()
        board.keep_button.click()
        assert not board.state.is_chance_node()
        assert board.roll_button.disabled


def test_undo_takes_back_to_the_previous_human_decision() -> None:
    board = SkeletonBoard(players=3, seed=5, teaching=True)  # past turned cards too
    start = board.state.ply
    card = board.state.uncovered()[0]
    click_card(board, card)
    holding = board.state.ply
    board.keep_button.click()
    assert board.state.ply > holding + 2  # the bots played
    taken = board.undo()
    assert taken[-1] == Keep() and board.state.ply == holding
    assert board.state.hand is not None and board.state.hand[0] == card
    board.undo()
    assert board.state.ply == start and board.state.hand is None
    with pytest.raises(IndexError, match="nothing to take back"):
        board.undo()
    assert board.undo_button.disabled


def test_new_game_with_the_same_seed_replays_the_same_game() -> None:
    def three_turns(board: SkeletonBoard) -> None:
        for _ in range(3):
            click_card(board, board.state.uncovered()[-1])
            board.keep_button.click()

    board = SkeletonBoard(players=3, seed=11)
    three_turns(board)
    first = board.log_lines
    board.new_game(seed=11)
    assert board.state.ply in (25, 26)  # the spread and its 24 or 25 reveals
    three_turns(board)
    assert board.log_lines == first
    board.seed_input.value = "12"
    board.new_button.click()
    assert board.seed == 12 and board.log_lines != first[: len(board.log_lines)]


def test_replay_shows_an_earlier_position_read_only() -> None:
    board = SkeletonBoard(players=2, seed=1)
    click_card(board, board.state.uncovered()[0])
    board.keep_button.click()
    live = list(board.picture.cards.fill_colors)
    board.replay_slider.value = 1
    assert not board.live and "Replay" in status_text(board)
    assert not board.picture.cards.visible or list(board.picture.cards.fill_colors) != live
    click_pile(board, 0, 0)
    assert "earlier position" in board.notice and board.live is False
    board.replay_slider.value = board.state.ply
    assert board.live and list(board.picture.cards.fill_colors) == live


# ----- a whole game ----------------------------------------------------------------------------
def test_full_three_player_game_one_human_two_bots_to_the_final_count() -> None:
    board = SkeletonBoard(players=3, seed=3)
    advisor = GreedyBot(seed=0)
    for _ in range(500):
        if board.state.is_terminal():
            break
        assert board.state.turn == 0 and not board.state.is_chance_node()
        board.play(advisor.choose(board.state))
    outcome = board.state.outcome()
    assert outcome is not None
    assert not board.state.pile.cards or len(board.state.islands) == 5
    text = status_text(board).strip()
    assert text.startswith("Game over")
    for seat, score in enumerate(outcome.scores):
        assert f"Player {seat + 1} {score}" in text
    assert board.log_lines[-1].startswith("Game over")
    assert repr(board).endswith("game over)")
    for button in board._slot_widgets():
        assert button.disabled
    click_pile(board, 0, 0)
    assert "game is over" in board.notice


def test_programmatic_play_of_an_illegal_move_raises_and_changes_nothing() -> None:
    board = SkeletonBoard(players=3, seed=1)
    ply = board.state.ply
    covered = next(i for i in board.state.pile.cards if i not in board.state.uncovered())
    with pytest.raises(IllegalMoveError) as err:
        board.play(f"take {covered}")
    assert board.state.ply == ply and err.value.reason in board.notice


# ----- what the board shows ------------------------------------------------------------------
def test_repr_is_short_stable_and_has_no_model_ids() -> None:
    a, b = SkeletonBoard(players=3, seed=4), SkeletonBoard(players=3, seed=4)
    assert repr(a) == repr(b)
    assert re.fullmatch(r"SkeletonBoard\(players=3, ply=2[56], Player 1 to move\)", repr(a))
    click_card(a, a.state.uncovered()[0])
    click_card(b, b.state.uncovered()[0])
    assert repr(a) == repr(b) and len(repr(a)) < 100
    assert not re.search(r"[0-9a-f]{32}", repr(a))
    assert a._repr_mimebundle_()["text/plain"] == repr(a)


def test_face_down_cards_show_their_back_and_face_up_cards_their_kind() -> None:
    game, board = hand_made()
    at(board, game.position([(None, 0, 0, 0), ("map-red-half", 10, 0, 0),
                             ("coin-3", 20, 0, 0), ("pirate-parrot", 30, 0, 0)]))
    assert list(board.picture.symbols.text) == ["?", "R½", "3", "☠"]
    # the captions fit the cards as drawn (here too small for any); the hint panel names them
    assert list(board.picture.captions.text) == []
    names = ["0 face down", "1 red map half", "2 3-coin gold card", "3 parrot"]
    assert board.picture.uncovered_words == names
    board.hint_button.value = True
    assert "Uncovered cards" in board.hint_panel.value
    assert all(html.escape(n) in board.hint_panel.value for n in names)
    fills = list(board.picture.cards.fill_colors)
    assert fills[1] == BACK_INNER  # the sand-grey back of card 0
    assert fills[3] == MAP_COLOURS["red"]


def test_board_is_drawn_from_views(monkeypatch: Any) -> None:
    calls: list[int] = []
    original = SkeletonState.view

    def spy(self: SkeletonState, player: int) -> Any:
        calls.append(player)
        return original(self, player)

    monkeypatch.setattr(SkeletonState, "view", spy)
    SkeletonBoard(players=3, seed=1)
    assert calls and set(calls) == {0}


def test_collections_are_grouped_by_colour_and_islands_shown() -> None:
    game, board = hand_made()
    at(board, game.position([("coin-1", 0, 0, 0)], islands={"red": 1},
                            collections={0: ["coin-2", "map-blue-half", "pirate-hook",
                                             "map-green-quarter", "map-blue-quarter"]}))
    kinds = [s.kind for s in board.slots() if s.seat == 0]
    assert kinds == ["map-blue-half", "map-blue-quarter", "map-green-quarter", "pirate-hook",
                     "coin-2"]
    assert "P2" in list(board.table.tiles.text)  # the red Island card is Player 2's
    assert "5 coins" in list(board.table.notes.text)  # Player 2: the red Island card


def test_the_pile_window_holds_every_card_and_spot() -> None:
    board = SkeletonBoard(players=2, seed=9)
    view = board.state.view(0)
    x0, x1, y0, y1 = pile_window(view)
    for card in view.table:
        for x, y in card.corners(view.card_size):
            assert x0 < x < x1 and y0 < y < y1
    spot = visible_spot(view.table, view.uncovered[0], view.card_size)
    assert spot is not None and spot[2] > 2


def test_hint_panel_ranks_the_moves_with_exact_chances() -> None:
    board = SkeletonBoard(players=3, seed=1)
    assert board.hint_panel.layout.display == "none"
    board.hint_button.value = True
    text = board.hint_panel.value
    assert board.hint_panel.layout.display == "block"
    best = GreedyBot().explain(board.state)[0]
    assert str(best.move) in text
    coins = sum(n for k, n in board.state.unseen().items() if k.startswith("coin"))
    from fractions import Fraction
    assert f"P(gold coin) <b>{Fraction(coins, sum(board.state.unseen().values()))}</b>" in text


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(TypeError, match="bot with choose"):
        SkeletonBoard(players=2, seats={1: "robot"})
    with pytest.raises(ValueError, match="not a seat"):
        SkeletonBoard(players=2, seats={2: "human"})
    with pytest.raises(TypeError, match="not both"):
        SkeletonBoard(load_game("skeleton_island"), players=3)


def test_css_classes_for_tests_and_styling() -> None:
    board = SkeletonBoard(players=2, seed=1)
    assert isinstance(board, GameBoard) and "tk-board" in board._dom_classes
    for widget, cls in [(board.picture.figure, "tk-skeleton-pile"),
                        (board.table.figure, "tk-skeleton-table"),
                        (board.keep_button, "tk-keep"), (board.rest_button, "tk-rest"),
                        (board.blow_button, "tk-blow"), (board.discard_button, "tk-discard"),
                        (board.steal_button, "tk-steal"), (board.double_button, "tk-double"),
                        (board.hint_button, "tk-hint"), (board.hint_panel, "tk-hint-panel"),
                        (board.status, "tk-status"), (board.log_box, "tk-log"),
                        (board.undo_button, "tk-undo"), (board.new_button, "tk-new")]:
        assert cls in widget._dom_classes


# ----- the new user's second report --------------------------------------------------------
def test_coin_cards_are_white_with_a_gold_disc_unlike_yellow_map_pieces() -> None:
    from treasurekit_widgets.skeleton_island.draw import COIN, MAP_COLOURS, card_face

    game, board = hand_made()
    at(board, game.position([("map-yellow-half", 0, 0, 0), ("coin-2", 10, 0, 0)],
                            collections={0: ["coin-1", "map-yellow-quarter"]}))
    coin, yellow = card_face("coin-2", game.deck), card_face("map-yellow-half", game.deck)
    assert coin.fill != yellow.fill and coin.disc == COIN and yellow.disc is None
    fills = list(board.picture.cards.fill_colors)
    # card 0: frame, yellow; card 1: frame, white face, gold disc drawn on it
    assert fills[1] == MAP_COLOURS["yellow"]
    assert fills[3] == "#ffffff" and fills[4] == COIN and len(fills) == 5
    assert list(board.picture.captions.text) == ["map", "coins"]  # "yellow map" is too wide
    # the collection beside the pile draws the coin the same way
    assert COIN in list(board.table.boxes.fill_colors)
    xs = np.asarray(board.picture.cards.x)
    assert xs.ndim == 2  # paths padded to one length: bqplot needs a rectangular array


def pile_fits(window: tuple[float, ...], view: Any) -> bool:
    x0, x1, y0, y1 = window
    return all(x0 < x < x1 and y0 < y < y1
               for c in view.table for x, y in c.corners(view.card_size))


def test_the_pile_window_stays_fixed_for_the_whole_game() -> None:
    board = SkeletonBoard(players=3, seed=2024)
    deck = board.game.deck
    first = board.picture.window
    advisor = GreedyBot(seed=0)
    rested = changes = 0
    while not board.state.is_terminal():
        before = board.picture.window
        move = advisor.choose(board.state)
        rested += isinstance(move, Rest)
        board.play(move)
        window = board.picture.window
        view = board.state.view(0)
        assert pile_fits(window, view)
        # never shrinks: every later window holds the one before
        assert (window[0] <= before[0] and window[1] >= before[1]
                and window[2] <= before[2] and window[3] >= before[3])
        if window != before:  # only when a card or resting spot would fall outside
            changes += 1
            frame = board.state.pile.rest_spots(deck.rest_spots, deck.rest_overlap_cm)
            assert pile_window(view, frame, 0.0, before) != before
    assert rested >= 3 and changes <= 1
    assert first[1] - first[0] >= 80  # room for resting spots and gusts from the start
    board.new_game(seed=5)  # a new game sizes the window afresh, as a fresh board does
    assert board.picture.window == SkeletonBoard(players=3, seed=5).picture.window


def test_the_pile_window_grows_only_when_something_would_fall_outside() -> None:
    game, board = hand_made()
    at(board, game.position([("coin-1", 0, 0, 0), ("coin-2", 3, 0, 0)]))
    first = board.picture.window
    board.state = game.position([("coin-1", 0, 0, 0), ("coin-2", 3, 0, 0),
                                 ("coin-3", 60, 0, 0)])
    board._refresh()  # the same game as far as the picture knows: no reset
    grown = board.picture.window
    assert grown[1] > 60 and grown[0] <= first[0] and grown[2] <= first[2]
    board.state = game.position([("coin-1", 0, 0, 0)])
    board._refresh()
    assert board.picture.window == grown  # never shrinks within a game
    board.refresh()  # a state replaced from outside: sized afresh
    assert board.picture.window[1] < grown[1]


def test_rest_spots_are_labelled_on_the_pile_in_the_hint_and_the_tooltip() -> None:
    from treasurekit_widgets.skeleton_island.draw import COMPASS_NAMES, spot_labels

    board = SkeletonBoard(players=3, seed=2024)
    board.hint_button.value = True
    board.play(Take(board.state.uncovered()[0]))
    spots = [m.placement for m in board.state.legal_moves() if isinstance(m, Rest)]
    view = board.state.view(0)
    names = spot_labels(spots, view.table, view.card_size)
    assert sorted(names.values()) == sorted(COMPASS_NAMES)  # one spot on each side
    assert sorted(board.picture.spot_text.text) == sorted(COMPASS_NAMES)
    assert board.picture.spot_names == names
    assert f"spot {names[spots[0]]}" in board.rest_button.tooltip
    text = board.hint_panel.value
    assert "<code>rest E</code>" in text and "<code>rest NW</code>" in text
    assert not re.search(r"<code>rest -?\d", text)  # no bare coordinates as the move
    east = next(s for s, n in names.items() if n == "E")
    north = next(s for s, n in names.items() if n == "N")
    assert east.x > north.x and north.y > east.y


def test_picked_cards_are_violet_and_stay_below_the_seat_name() -> None:
    from treasurekit_widgets.skeleton_island.draw import HEADER_H, PICKED, UNCOVERED

    game, board = hand_made()
    at(board, game.position([("coin-1", 0, 0, 0), (None, 10, 0, 0)],
                            collections={0: ["map-red-half", "map-blue-quarter", "pirate-hook",
                                             "coin-2"]}))
    for card, _ in board.state.collection(0)[:3]:
        click_collected(board, card)
    assert len(board.selected) == 3
    assert PICKED != UNCOVERED and set(board.table.picks.colors) == {PICKED}
    assert board.discard_button.style.button_color == PICKED
    name_bottom = HEADER_H + 11 + 8  # the seat name's text, 13 px, centred at top + 11
    for slot in board.slots():
        assert slot.y0 >= name_bottom, slot


def test_a_covered_card_click_outlines_the_covering_cards_briefly() -> None:
    board = SkeletonBoard(players=3, seed=1)
    pile = board.state.pile
    covered = next(i for i in sorted(pile.cards)
                   if not pile.is_uncovered(i) and board.card_spot(i) is not None)
    click_card(board, covered)
    assert "is covered by" in board.notice
    assert board.picture.covering == tuple(sorted(pile.above(covered)))
    assert board.picture.flash.visible
    assert len(board.picture.flash.x) == len(pile.above(covered))
    board.picture.clear_covering()  # what the timer does after COVERING_SECONDS
    assert not board.picture.flash.visible
    click_card(board, covered)
    board.hint_button.value = True  # any later drawing takes the outline away too
    assert not board.picture.flash.visible and board.picture.covering == ()


def test_after_a_blow_a_ghost_and_arrow_show_the_gust_until_the_next_move() -> None:
    game, board = hand_made()
    at(board, game.position([(None, -3, 0, 0), (None, 3, 0, 0), ("coin-2", 0, 0, 90)]))
    assert not board.picture.ghosts.visible
    board.play(Blow())
    gust = board.state.history[-1]
    assert isinstance(gust, Gust)
    assert board.picture.ghosts.visible and board.picture.arrows.visible
    assert gust.direction.upper() in board.picture.legend.text[0]
    before, after = board._gust(board.state)[1][0]
    xs, ys = np.atleast_2d(board.picture.arrows.x), np.atleast_2d(board.picture.arrows.y)
    tip = (xs[0][1], ys[0][1])
    assert tip == (after.x, after.y) and (before.x, before.y) != (after.x, after.y)
    board.play(Take(board.state.uncovered()[0]))
    assert not board.picture.ghosts.visible and not board.picture.arrows.visible


def test_the_hint_labels_the_bots_numbers_as_a_heuristic_score_and_explains_it() -> None:
    from treasurekit.skeleton_island import bots

    board = SkeletonBoard(players=3, seed=2024)
    board.hint_button.value = True
    text = html.unescape(board.hint_panel.value)
    assert "heuristic score" in text and "exact chances" in text
    rule = board.score_rule()
    assert rule.startswith("score = ") and html.escape(rule) in board.hint_panel.value
    for value in (bots.MAP_WEIGHT, bots.FODDER, bots.GIFT, bots.BLOW_MARGIN, bots.DENIAL):
        assert str(value) in rule
    assert "expected worth" not in text and "worth 0." not in text
    assert "face down: score" in text  # a face-down card's row says what its number is


def test_the_final_line_tells_the_human_their_place() -> None:
    board = SkeletonBoard(players=3, seed=7)
    advisor = GreedyBot(seed=0)
    while not board.state.is_terminal():
        board.play(advisor.choose(board.state))
    outcome = board.state.outcome()
    assert outcome.winners == (1,) and outcome.scores[0] > outcome.scores[2]
    assert "You came 2nd." in status_text(board)
    assert board.final_text(dataclasses.replace(outcome, winners=(0,))).endswith("You won!")
    two = SkeletonBoard(players=2, seed=1, seats={0: "human", 1: "human"})
    assert "You" not in two.final_text(outcome)  # two humans: no single "you"


# ----- captions on the sand pile (issue 9, point 7) -----------------------------------------
def test_caption_is_full_short_or_left_out_by_the_size_the_card_is_drawn() -> None:
    from treasurekit.skeleton_island import CardView
    from treasurekit_widgets.skeleton_island.draw import card_face, fit_caption

    deck = load_game("skeleton_island", players=3).deck
    size = (5.7, 8.9)

    def fit(kind: str, angle: float, scale: float) -> str:
        card = CardView(7, 0.0, 0.0, angle, 0, True, kind, True)
        return fit_caption(card, card_face(kind, deck), size, scale)

    assert [fit("map-red-half", 0, s) for s in (16, 8, 5.5)] == ["red map", "map", ""]
    assert [fit("pirate-rum-bottle", 0, s) for s in (16, 8)] == ["rum bottle", ""]
    assert fit("coin-3", 0, 10) == "coins" and fit("coin-3", 0, 6) == ""
    assert fit("map-purple-quarter", 90, 12) == "purple map"  # a card lying across is wider


def test_sand_pile_captions_lie_inside_their_cards_clear_of_the_other_labels(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from shapely.geometry import Polygon

    import treasurekit_widgets.skeleton_island.pile as skeleton_pile
    from treasurekit_widgets.skeleton_island.layout import (
        CAPTION_PX,
        CHAR_EM,
        ID_DY,
        ID_PX,
        INSET_CM,
        LINE_EM,
        PILE_MARGIN,
        SYMBOL_DY,
        SYMBOL_PX,
    )

    def box(x: float, y: float, text: str, px: float, scale: float) -> Polygon:
        w, h = len(text) * px * 0.5 / scale / 2, px * LINE_EM * 0.8 / scale / 2  # text's core
        return Polygon([(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h)])

    # the pile drawn 2.5 times as big as on the board (about 18 px per cm): most cards have
    # room for a caption, the cards lying askew or with long names only for a short one
    pile_w = 1240
    monkeypatch.setattr(skeleton_pile, "PILE_W", pile_w)
    shown = 0
    for seed in (1, 3, 8):
        board = SkeletonBoard(players=3, seed=seed, seats={0: "human", 1: GreedyBot(seed=1),
                                                           2: GreedyBot(seed=2)})
        for _ in range(12):
            view, pic = board.state.view(0), board.picture
            x0, x1, _, _ = pic.window
            scale = (pile_w - 2 * PILE_MARGIN) / (x1 - x0)
            cards = [c for c in view.table if c.uncovered]
            w, h = view.card_size
            for x, y, text in zip(pic.captions.x, pic.captions.y, pic.captions.text, strict=True):
                card = min(cards, key=lambda c: (c.x - x) ** 2 + (c.y - y) ** 2)
                face = Polygon(card_corners(card.x, card.y, card.angle, w - 2 * INSET_CM,
                                            h - 2 * INSET_CM))
                mine = box(float(x), float(y), str(text), CAPTION_PX, scale)
                assert face.contains(mine), (seed, text, card)
                assert not mine.intersects(box(card.x, card.y + SYMBOL_DY, "R½", SYMBOL_PX,
                                               scale))
                assert not mine.intersects(box(card.x, card.y + ID_DY, str(card.id), ID_PX,
                                               scale))
                assert len(str(text)) * CAPTION_PX * CHAR_EM <= (w - 2 * INSET_CM) * scale \
                    or card.angle % 180 != 0
                shown += 1
            assert len(pic.uncovered_words) == len(cards)
            if board.state.is_terminal():
                break
            board.play(board.state.legal_moves()[0])
    assert shown > 10  # at this size most cards have a caption
