"""The accessibility companion without a browser (widgets/a11y.py, picture_words.py).

* "Your moves" offers exactly the human seat's legal moves (the Roll at its chance
  nodes, nothing on a bot's turn, in a replay or after the game) and Enter plays the
  chosen one: whole games of every board played through the list alone;
* a key press made on an older list is ignored; Escape drops a half-made choice;
* the picture's label says where the pieces stand, and it and the list are the same
  for twin states that differ only in what the human seat cannot know.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from treasurekit import RandomBot
from treasurekit_widgets import (
    AhoyBoard,
    GameBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
)
from treasurekit_widgets.a11y import KeyboardMoves, insert_after

BOARDS: dict[str, Callable[[], GameBoard]] = {
    "ahoy": lambda: AhoyBoard(players=2, seed=21, seats={0: "human", 1: RandomBot(seed=1)}),
    "treasure_island_2003": lambda: TreasureIslandBoard(
        players=2, seed=21, seats={0: "human", 1: RandomBot(seed=1)}),
    "treasure_island_2018": lambda: LongJohnBoard(players=2, seed=21),  # Silver bot, p1 human
    "treasure_island_2018_silver": lambda: LongJohnBoard(
        players=2, seed=21, seats={0: "human", 1: RandomBot(seed=1)}),
    "sjorovaron": lambda: SjoBoard(players=2, seed=21, seats={0: "human", 1: RandomBot(seed=1)}),
    "skeleton_island": lambda: SkeletonBoard(players=2, seed=21,
                                             seats={0: "human", 1: RandomBot(seed=1)}),
}


def expected(board: GameBoard) -> list[Any]:
    """What the list must offer: the human's legal moves, or the Roll waiting for them."""
    state = board.state
    seat = board.turn_of(state)
    if state.is_terminal() or not board.is_human(seat):
        return []
    return ["roll"] if state.is_chance_node() else list(state.legal_moves())


@pytest.mark.parametrize("name", list(BOARDS))
def test_the_moves_list_offers_the_humans_legal_moves_and_plays_them(name: str) -> None:
    board = BOARDS[name]()
    keys: KeyboardMoves = board.a11y
    assert keys in board.children
    pick = random.Random(5)
    made = 0
    while not board.state.is_terminal() and made < 400:
        want = expected(board)
        assert keys.moves == want
        assert len(keys.items) == len(want)
        assert want, "the human must have a move while the game is on"
        k = pick.randrange(len(want))
        before = board.state.ply
        keys.press_enter(k, keys.version)
        assert board.notice == "" and board.error == ""
        assert board.state.ply > before
        move = board.state.history[before]
        if want[k] != "roll":
            assert move == want[k]
        made += 1
    assert board.state.is_terminal(), f"{name}: no end after {made} keyboard moves"
    assert keys.moves == [] and "over" in keys.idle


def test_the_list_says_why_it_is_empty_and_words_each_move() -> None:
    board = AhoyBoard(players=2, seed=3, seats={0: "human", 1: RandomBot(seed=1)})
    keys = board.a11y
    assert keys.items == ["Roll the die"] and keys.idle == ""
    keys.press_enter(0, keys.version)
    assert all(item.startswith("Move Red's pirate") and "[move " in item
               for item in keys.items)
    keys.press_enter(0, keys.version)
    board.show_ply(0)  # a replay: nothing to play, and the list says why
    assert keys.moves == [] and "earlier position" in keys.idle
    board.show_ply(None)
    assert keys.moves == expected(board)


def test_a_key_press_on_an_older_list_is_ignored() -> None:
    board = AhoyBoard(players=2, seed=3, seats={0: "human", 1: RandomBot(seed=1)})
    keys = board.a11y
    old = keys.version
    keys.press_enter(0, old)  # roll
    assert board.state.ply == 1 and keys.version > old
    keys.press_enter(0, old)  # the Roll list is gone: nothing happens
    assert board.state.ply == 1
    keys._on_key(keys, {"play": 0, "version": keys.version}, [])  # as the browser sends it
    assert board.state.ply > 1


def test_escape_drops_a_half_made_choice() -> None:
    board = SjoBoard(players=2, seed=21, seats={0: "human", 1: RandomBot(seed=1)})
    while not board.state.legal_moves() or board.state.is_chance_node():
        board.roll()
    moves = board.state.legal_moves()
    board.offer(moves[:3])  # what a click on a place with several meanings shows
    assert board.offered() == moves[:3]
    board.a11y._on_key(board.a11y, {"cancel": True}, [])
    assert board.offered() == [] and board.choices() == []
    assert board.choice_buttons.box.layout.display == "none"
    ti = LongJohnBoard(players=2, seed=21)
    ti._clicked = (3.0, 4.0)  # a point picked on the map, awaiting its move
    ti.a11y.press_escape()
    assert ti.clicked is None


def test_the_picture_label_says_where_the_pieces_stand() -> None:
    board = AhoyBoard(players=2, seed=3, seats={0: "human", 1: RandomBot(seed=1)})
    label = board.a11y.picture_label
    assert label.startswith("Board picture (ahoy), as Red sees it")
    assert "Pirates at the start: Red 4, Blue 4" in label and "Lit" not in label
    board.roll()  # the pirates that may move are lit (ringed) in the picture, and named
    assert board.a11y.picture_label.endswith("Lit, where you can act: the start.")
    squares: list[int] = []
    while not squares:  # until a red pirate stands on the path (not fallen in)
        board.a11y.press_enter(0, board.a11y.version)
        # the square numbers the picture draws (square 0 is the start)
        squares = [p.square for p in board.pieces() if p.seat == 0 and p.square > 0]
    assert f"square {squares[0]}: Red" in board.a11y.picture_label
    assert f"square {squares[0] - 1}: Red" not in board.a11y.picture_label
    ti = TreasureIslandBoard(players=2, seed=4, seats={0: "human", 1: RandomBot(seed=1)})
    while not any(o == 0 for o in ti.state.view(0).owner):
        ti.a11y.press_enter(0, ti.a11y.version)
    square = ti.game.board.names[ti.state.view(0).owner.index(0)]
    assert f"Red holds 1 square: {square}" in ti.a11y.picture_label


def test_a_pile_of_pirates_is_read_top_first() -> None:
    """Ahoy: pirates on one square are read from the top one down ("Blue on Red"), at the
    square number the picture shows (found by the fresh user: one square off, and
    "Blue under Red (top first)")."""
    board = AhoyBoard(players=2, seed=3, seats={0: "human", 1: "human"})
    for _ in range(400):
        stacks = {}
        for p in board.pieces():
            if p.square > 0:
                stacks.setdefault(p.square, []).append(p)
        piles = {sq: ps for sq, ps in stacks.items() if len({q.seat for q in ps}) > 1}
        if piles or board.state.is_terminal():
            break
        board.a11y.press_enter(0, board.a11y.version)  # each human's first listed move
    assert piles, "no shared square in 400 steps"
    square, pile = next(iter(piles.items()))
    top_first = [board.seat_name(p.seat) for p in sorted(pile, key=lambda p: -p.level)]
    label = board.a11y.picture_label
    assert f"square {square}: {' on '.join(top_first)} (top first)" in label


def _twin_same(board: GameBoard, twin: Any) -> None:
    live = board.state
    seen = []
    for state in (live, twin):
        board.state = state
        board.refresh()
        seen.append((board.a11y.picture_label, list(board.a11y.items), board.a11y.idle))
    board.state = live
    board.refresh()
    assert seen[0] == seen[1]


def test_label_and_list_hold_no_secret_of_another_seat() -> None:
    """Sjörövarön (other seats' map pieces), TI2018 (the treasure), Skeleton Island
    (face-down cards: another seed, same history)."""
    sjo = SjoBoard(players=3, seed=31, seats={0: "human", 1: RandomBot(seed=1),
                                              2: RandomBot(seed=2)})
    ti = LongJohnBoard(players=3, seed=31)
    skel = SkeletonBoard(players=3, seed=31, seats={0: "human", 1: RandomBot(seed=1),
                                                    2: RandomBot(seed=2)})
    differed = 0
    for step in range(16):
        for board, seat in ((sjo, 0), (ti, 1)):
            state = board.state
            if state.is_terminal():
                continue
            if not state.is_chance_node() and getattr(state, "phase", "") not in (
                    "order", "pick", "deal"):
                twin = state.determinize(seat, random.Random(step))
                differed += (twin.treasure != state.treasure if board is ti else any(
                    twin.pieces(p) != state.pieces(p) for p in (1, 2)))
                board._post_key = None  # type: ignore[attr-defined]  # TI2018's cache
                _twin_same(board, twin)
            if board.a11y.moves:
                board.a11y.press_enter(step % len(board.a11y.moves), board.a11y.version)
        state = skel.state
        if not state.is_terminal():
            twin = state.game.new_initial_state(900 + step)
            for move in state.history:
                twin.apply(move)
            _twin_same(skel, twin)
            if skel.a11y.moves:
                skel.a11y.press_enter(step % len(skel.a11y.moves), skel.a11y.version)
    assert differed >= 5


def test_insert_after() -> None:
    a, b, c = object(), object(), object()
    assert insert_after([a, b], a, c) == (a, c, b)
    assert insert_after([a, b], object(), c) == (a, b, c)
    assert insert_after([a, c, b], b, c) == (a, b, c)


def test_a_pass_screen_hides_the_next_players_moves_and_view() -> None:
    """Silver and a pirate both human (hot-seat): while the board says it hides everything
    (its ``a11y_hidden``: the pass screen), Silver's moves (his hints name the treasure's
    whereabouts) and his view's label are not sent; once ready, they are."""
    board = LongJohnBoard(players=2, seed=21, seats={0: "human", 1: "human"})
    assert board.a11y.items and board.turn_of(board.state) == 0
    silver_items = list(board.a11y.items)
    board.a11y_hidden = lambda: "pass the screen to Long John Silver"  # type: ignore[attr-defined]
    board.refresh()
    assert board.a11y.moves == ["ready"]  # its one item presses the cover's Pass
    assert board.a11y.items == ["Pass the screen to Long John Silver: press Enter when ready"]
    assert not any("Silver sees" in item for item in board.a11y.items)
    assert "Silver sees" not in board.a11y.picture_label
    board.a11y_hidden = lambda: ""  # type: ignore[attr-defined]
    board.refresh()
    assert board.a11y.items == silver_items


def test_sjorovaron_picture_names_unpicked_seats_as_the_board_does() -> None:
    """Before the pick the picture's words say "Player 1", as the status and the panel
    do, not the engine's "p0" (found by the fresh user)."""
    from treasurekit_widgets import SjoBoard

    label = SjoBoard(seed=1).a11y.picture_label
    assert "Player 1 not on the island" in label and "Player 4 not" in label
    assert not re.search(r"\bp[0-3]\b", label)
