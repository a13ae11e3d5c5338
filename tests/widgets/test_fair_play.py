"""Fair play on a play board (DESIGN §4 Play conventions; issue 23 points 1, 2 and 4).

* Undo takes back only what showed no human anything hidden: each game's test tries to
  peek with Undo (a die, a turned card, a vain search) and is refused, the position
  unchanged, the reason in the notice and on the disabled Undo button.
* A finished game is final: Undo is refused after the end; teaching mode lifts both.
* New game is new: every bot of a new game is seeded from it (Silver buries elsewhere);
  a typed seed deals its game again; the apps name the Silver policy they seat.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from treasurekit import MCTSBot, RandomBot
from treasurekit.ahoy import GreedyBot as AhoyGreedy
from treasurekit.treasure_island_2018 import Foot, Search, SilverBot
from treasurekit.treasure_island_2018 import GreedyBot as TI18Greedy
from treasurekit_widgets import (
    HUMAN,
    AhoyBoard,
    GameBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
)
from treasurekit_widgets.apps import play_app
from treasurekit_widgets.reseed import seeded_bot

BIG = 7_340_000_000_000
CHANCE = -1


def act_until_a_reveal_follows(board: GameBoard, seed: int = 1) -> None:
    """Play as the human (rolls and random moves) until a chance ply follows the human's
    last decision: Undo would now take that chance ply back."""
    human = RandomBot(seed=seed)
    for _ in range(200):
        movers = board._movers
        decisions = [i for i, p in enumerate(movers) if p >= 0 and board.is_human(p)]
        if decisions and CHANCE in movers[decisions[-1]:]:
            return
        assert not board.state.is_terminal()
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(human.choose(board.state.copy()))
    raise AssertionError("no chance ply followed a human decision")


def refused(board: GameBoard, words: str) -> None:
    """Undo is refused with ``words`` in the notice and the button's tooltip, the button
    stays pressable (a press shows the reason on the board), and nothing changed."""
    history = board.state.history
    assert not board.undo_button.disabled and words in board.undo_button.tooltip
    with pytest.raises(IndexError, match=f"cannot take back: {words}"):
        board.undo()
    board.undo_button.click()  # refused quietly: the notice says why
    assert board.state.history == history
    assert words in board.notice and "cannot take back" in board.notice_box.value


# ----- Undo cannot peek --------------------------------------------------------------------------
def test_undo_cannot_peek_at_the_ahoy_die() -> None:
    board = AhoyBoard(players=2, seed=BIG, seats={0: HUMAN, 1: AhoyGreedy(seed=1)})
    act_until_a_reveal_follows(board)
    refused(board, "the die has been rolled since")


def test_undo_cannot_peek_at_the_ti2003_dice() -> None:
    board = TreasureIslandBoard(players=2, seed=BIG, first_player=0,
                                seats={0: HUMAN, 1: RandomBot(seed=1)})
    act_until_a_reveal_follows(board)
    refused(board, "the dice have been thrown or a chest opened since")


def test_undo_cannot_peek_at_the_sjorovaron_die() -> None:
    board = SjoBoard(players=2, seed=BIG, seats={0: HUMAN, 1: RandomBot(seed=1)})
    act_until_a_reveal_follows(board)
    refused(board, "the die has been rolled or map pieces dealt since")


def test_undo_cannot_peek_at_a_skeleton_card_turned_over() -> None:
    """Turning a face-down card, Undo and another card would show the first card's
    face (issue 23: 7 times out of 7)."""
    board = SkeletonBoard(players=2, seed=BIG, seats={0: HUMAN, 1: RandomBot(seed=1)})
    board.play(f"take {board.state.uncovered()[0]}")
    assert board.state.hand is not None  # the card was turned over at once
    refused(board, "a card has been turned over or the wind has blown since")


def test_undo_cannot_peek_at_a_ti2018_vain_search() -> None:
    """A pirate who searched in vain may not take the search back (and search again)."""
    board = LongJohnBoard(players=3, seed=BIG + 1,
                          seats={0: SilverBot(seed=1), 1: HUMAN, 2: TI18Greedy(seed=2)})
    search = next(m for m in board.state.legal_moves() if isinstance(m, Search))
    board.play(search)
    if board.state.is_terminal():  # found it: the end is final anyway
        refused(board, "the game is over")
    else:
        refused(board, "the search has been answered since")


def test_undo_takes_back_a_move_that_showed_nothing() -> None:
    """A walk (no search yet) shows nothing hidden: Undo takes it back."""
    board = LongJohnBoard(players=3, seed=BIG + 1,
                          seats={0: SilverBot(seed=1), 1: HUMAN, 2: TI18Greedy(seed=2)})
    start = board.state.history
    walk = next(m for m in board.state.legal_moves() if isinstance(m, Foot))
    board.play(walk)
    assert board.state.data.pending == "search" and not board.undo_button.disabled
    assert board.undo() == [walk] and board.state.history == start


@pytest.mark.parametrize("make", [
    lambda: AhoyBoard(players=2, seed=BIG, seats={0: HUMAN, 1: AhoyGreedy(seed=1)},
                      teaching=True),
    lambda: SkeletonBoard(players=2, seed=BIG, seats={0: HUMAN, 1: RandomBot(seed=1)},
                          teaching=True),
], ids=["ahoy", "skeleton_island"])
def test_teaching_mode_keeps_unlimited_undo(make: Any) -> None:
    board = make()
    act_until_a_reveal_follows(board)
    ply = board.state.ply
    assert not board.undo_button.disabled and board.undo_blocker() is None
    taken = board.undo()  # the chance ply too: a teacher may show "what if"
    assert len(taken) >= 2 and board.state.ply == ply - len(taken)


# ----- the end is the end ------------------------------------------------------------------------
def play_to_the_end(board: GameBoard) -> None:
    human = RandomBot(seed=3)
    while not board.state.is_terminal():
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(human.choose(board.state.copy()))


def test_a_finished_game_is_final() -> None:
    board = AhoyBoard(players=2, seed=BIG + 5, seats={0: HUMAN, 1: AhoyGreedy(seed=1)})
    play_to_the_end(board)
    assert f"this game's seed: {BIG + 5}" in board.seed_note.value
    refused(board, "the game is over")
    board.show_ply(3)  # stepping back is read-only review
    assert board.undo_button.disabled and board.state.is_terminal()
    board.show_ply(None)
    assert board.state.is_terminal()


def test_teaching_mode_may_reopen_a_finished_game() -> None:
    board = AhoyBoard(players=2, seed=BIG + 5, seats={0: HUMAN, 1: AhoyGreedy(seed=1)},
                      teaching=True)
    play_to_the_end(board)
    board.undo()
    assert not board.state.is_terminal()


# ----- New game is new ---------------------------------------------------------------------------
def ti2018_seats() -> dict[int, Any]:
    """The honest Silver (his burial spreads over the island; the cunning one's spread
    is the engine's business, issue 23 point 5)."""
    return {0: SilverBot(seed=5, policy="truthful"), 1: HUMAN, 2: TI18Greedy(seed=2)}


def test_new_games_bury_the_treasure_elsewhere_and_a_typed_seed_deals_again() -> None:
    board = LongJohnBoard(players=3, seed=BIG + 6, seats=ti2018_seats())
    first = board.state.history
    spots = {board.state.treasure}
    for _ in range(5):
        board.new_button.click()
        spots.add(board.state.treasure)
    assert len(spots) == 6, "a New game buried the treasure where an earlier one did"
    board.seed_input.value = str(BIG + 6)  # the first game's seed, typed again
    board.new_button.click()
    assert board.state.history == first
    games = []
    for _ in range(2):  # another seed typed twice: its game twice
        board.seed_input.value = str(BIG + 7)
        board.new_button.click()
        games.append(board.state.history)
    again = games[0]
    assert games[1] == again != first
    other = LongJohnBoard(players=3, seed=BIG + 6, seats=ti2018_seats())
    other.new_game(seed=BIG + 7)
    assert other.state.history == again


def test_the_app_buries_elsewhere_in_every_new_game() -> None:
    app = play_app("treasure_island_2018", seed=BIG + 8)
    app.seat_picks[0].value = "silver-honest"  # not the default seating
    app.start()
    spots = {app.board.state.treasure}
    for i in range(4):  # typed seeds: the same every run (unpredictable ones may collide)
        app.board.seed_input.value = str(BIG + 100 + i)
        app.board.new_button.click()
        spots.add(app.board.state.treasure)
    assert len(spots) == 5


def test_every_bot_of_a_new_game_is_seeded_from_it() -> None:
    template = MCTSBot(iterations=5, seed=1, playout_bot=AhoyGreedy(seed=1))
    board = AhoyBoard(players=3, seed=BIG + 9, seats={0: HUMAN, 1: template,
                                                       2: RandomBot(seed=1)})
    assert board.seats[1].seed == 1 and board.seats[1] is not template  # as given
    seeds = set()
    for _ in range(3):
        board.new_button.click()
        bot, rand = board.seats[1], board.seats[2]
        seeds |= {bot.seed, bot.playout_bot.seed, rand.seed}
        states = {random.Random(s).random() for s in (bot.seed, rand.seed)}
        assert len(states) == 2 and bot.rng.getstate() != template.rng.getstate()
    assert len(seeds) == 9 and 1 not in seeds
    assert seeded_bot(HUMAN, 1, 0) == HUMAN


@pytest.mark.parametrize("key", ["silver", "silver-honest", "silver-bluff"])
def test_the_app_names_the_silver_policy_it_seats(key: str) -> None:
    app = play_app("treasure_island_2018", seed=BIG + 10)
    app.seat_picks[0].value = key
    app.start()
    label = dict((k, text) for text, k in app.spec.seat_options(0))[key]
    policy = app.board.seats[0].policy
    assert {"cunning": "cunning", "truthful": "honest", "deceptive": "bluff"}[policy] in label


# ----- hot seat ----------------------------------------------------------------------------------
def test_hot_seat_cover_hides_the_board_until_the_next_human_presses() -> None:
    """Two humans: when the turn passes, the cover is up, the board's parts hidden, a
    click refused and nothing of the next human drawn; the press shows their view; Undo
    never takes back the other human's move."""
    board = LongJohnBoard(players=3, seed=BIG + 11,
                          seats={0: SilverBot(seed=1), 1: HUMAN, 2: HUMAN})
    assert board.facing_seat == 1 and not board.covered
    assert "tk-pass" in board.cover_button._dom_classes
    side = board.side_info.value
    board.play("done")  # p1 ends the turn: the calendar passes it to p2
    assert board.turn_of(board.state) == 2 and board.covered
    assert board.cover_button.description == f"Pass to {board.seat_name(2)} — press when ready"
    assert all(part.layout.display == "none" for part in board._coverable())
    assert board.side_info.value == side and board.shown_seat == 1  # nothing redrawn
    assert "Pass the screen to" in board.status.value
    ply = board.state.ply
    board.click_at(10.0, 10.0)
    assert board.state.ply == ply and "press the Pass button" in board.notice
    board.undo_button.click()  # Undo on the cover would draw p1's view for p2 to see
    assert board.state.ply == ply and board.covered and board.shown_seat == 1
    assert "the screen is covered" in board.notice
    assert all(part.layout.display == "none" for part in board._coverable())
    board.cover_button.click()
    assert not board.covered and board.facing_seat == board.shown_seat == 2
    assert [s for _, s in board.seat_pick.options] == [2]
    assert board.calendar.layout.display != "none" and not board._hidden  # shown again
    assert board.undo_blocker() is not None  # p1's move, and Silver's draws since


def test_teaching_mode_shows_no_cover() -> None:
    board = SjoBoard(players=2, seed=BIG + 12, seats={0: HUMAN, 1: HUMAN}, teaching=True)
    for _ in range(30):
        assert not board.covered
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(board.state.legal_moves()[0])
    assert not board.hot_seat()
