"""Every message a board or an app sends holds no other seat's secret and no live seed.

Issue 23 point 3 and issue 24 point 6. The :class:`~tests.widgets.wire.Wire` records
every comm message from widget creation on; after each step (the first draw, a move, a
roll, Undo, New game, Start with each seat mix, bots' turns, the game's end, a press on
the hot-seat cover) the messages of that step are checked:

* the seed of a game in play is in none of them (it may show once the game is over);
* nothing drawn for another seat, and not for the seat the screen faces, is in any of
  them (an oracle board draws the same position for every seat: ``seat_secrets``);
* Treasure Island (2018): no mark is sent the treasure's point while a pirate faces the
  screen.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from treasurekit import RandomBot
from treasurekit.sjorovaron import GreedyBot as SjoGreedy
from treasurekit.skeleton_island import GreedyBot as SkelGreedy
from treasurekit.treasure_island_2018 import GreedyBot as TI18Greedy
from treasurekit.treasure_island_2018 import SilverBot
from treasurekit_widgets import (
    HUMAN,
    AhoyBoard,
    GameBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
    stepping,
)
from treasurekit_widgets import apps as app_module
from treasurekit_widgets import base as board_base
from treasurekit_widgets.apps import APPS, play_app
from treasurekit_widgets.stepping import BotStepping

from .wire import Wire, oracle_for, seat_secrets

BIG = 7_340_000_000_000  # 13-digit seeds: their digits cannot turn up by chance


@pytest.fixture(autouse=True)
def dealt_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """New game and Start deal seeds from a fixed 13-digit sequence, not the operating
    system's (``fresh_seed``), so that each run plays the same games: a failure repeats.
    ``TREASUREKIT_WIRE_DEAL=k`` deals the k-th other sequence (to try other games)."""
    start = BIG + 1_000 * (1 + int(os.environ.get("TREASUREKIT_WIRE_DEAL", "0")))
    seeds = iter(range(start, start + 1_000))
    monkeypatch.setattr(board_base, "fresh_seed", lambda: next(seeds))
    monkeypatch.setattr(app_module, "fresh_seed", lambda: next(seeds))


def check_step(wire: Wire, board: GameBoard, oracle: GameBoard | None, since: int,
               what: str, at_screen: int | None = None) -> None:
    """The messages since ``since`` hold no live seed and nothing that only a seat other
    than ``at_screen`` (default: the seat the board faces) may see."""
    if not board.state.is_terminal():
        assert str(board.seed) not in wire.text(since), f"{what}: the live seed was sent"
    humans = [p for p in range(board.game.num_players) if board.is_human(p)]
    if oracle is None or not humans:
        return  # nobody human: a spectator may see every seat
    facing = board.facing_seat if at_screen is None else at_screen
    with wire.pause():
        secrets = seat_secrets(oracle, wire.drawn_since(since, board), facing)
    leaked = wire.all_leaves(since) & secrets
    assert not leaked, f"{what}: sent another seat's secret to seat {facing}: " \
                       f"{sorted(map(str, leaked))[:3]}"
    if isinstance(board, LongJohnBoard) and facing != 0 and board.state.treasure:
        assert not wire.drew_point(board.state.treasure, since), f"{what}: the treasure"


def at_screen(board: GameBoard, before: int, what: str) -> int:
    """Who sat at the screen during a step: the human who acted (``before``, the seat
    the board faced before it), or, for a press on the cover, the human who pressed."""
    return board.facing_seat if what == "pass" else before


def step(board: GameBoard, human: Any, rng: random.Random) -> str:
    """One action of the human at the screen: press the cover, Undo (when allowed),
    roll, or a move; New game once the game is over."""
    state = board.state
    if board.covered:
        board.cover_button.click()
        return "pass"
    if state.is_terminal():
        board.new_button.click()
        return "new game"
    if not board.undo_button.disabled and rng.random() < 0.3:
        board.undo_button.click()
        return "undo"
    if state.is_chance_node():
        board.roll()
        return "roll"
    board.play(human.choose(state.copy()))
    return "move"


def play_and_check(wire: Wire, board: GameBoard, oracle: GameBoard, steps: int,
                   seed: int) -> list[str]:
    rng, human = random.Random(seed), RandomBot(seed=seed)
    done = []
    for _ in range(steps):
        since, before = wire.mark(), board.facing_seat
        what = step(board, human, rng)
        check_step(wire, board, oracle, since, what, at_screen(board, before, what))
        done.append(what)
    return done


# ----- the five boards ----------------------------------------------------------------------------
BOARDS: dict[str, Callable[[dict[int, Any], int], GameBoard]] = {
    "ahoy": lambda seats, seed: AhoyBoard(players=3, seats=seats, seed=seed),
    "treasure_island_2003": lambda seats, seed: TreasureIslandBoard(players=3, seats=seats,
                                                                    seed=seed),
    "treasure_island_2018": lambda seats, seed: LongJohnBoard(players=3, seats=seats,
                                                              seed=seed),
    "sjorovaron": lambda seats, seed: SjoBoard(players=3, seats=seats, seed=seed),
    "skeleton_island": lambda seats, seed: SkeletonBoard(players=3, seats=seats, seed=seed),
}


def human_last(name: str) -> dict[int, Any]:
    """The human at the last seat (2), bots before: a first draw for seat 0 or 1 is a
    leak (Treasure Island 2018's "View of" list once started at seat 1)."""
    if name == "treasure_island_2018":
        return {0: SilverBot(seed=1), 1: TI18Greedy(seed=1), 2: HUMAN}
    bot = {"sjorovaron": SjoGreedy, "skeleton_island": SkelGreedy}.get(name, RandomBot)
    return {0: bot(seed=1), 1: bot(seed=2), 2: HUMAN}


@pytest.mark.parametrize("clicked", [False, True], ids=["from code", "as clicks"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_every_message_of_a_board_is_clean(name: str, clicked: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """First draw, moves, rolls, Undo, bots' turns, New game, and a game played to its
    end by bots: no message holds another seat's secret or the live seed. "As clicks":
    each bot move is drawn as it is played, as for a click in the browser."""
    if clicked:
        monkeypatch.setattr(stepping, "from_the_browser", lambda: True)
        monkeypatch.setattr(BotStepping, "BOT_PAUSE_S", 0.0)
    with Wire() as wire:
        board = wire.watch(BOARDS[name](human_last(name), BIG + 1))
        with wire.pause():
            oracle = oracle_for(board)
        check_step(wire, board, oracle, 0, "first draw")
        play_and_check(wire, board, oracle, 6, 1)
        since = wire.mark()
        board.new_button.click()
        check_step(wire, board, oracle, since, "new game")
        play_and_check(wire, board, oracle, 4, 2)
        since = wire.mark()
        board.new_game(seats={p: RandomBot(seed=p) for p in range(3)})  # played to the end
        assert board.state.is_terminal()
        check_step(wire, board, oracle, since, "game end")
        since = wire.mark()
        board.new_game(seats=human_last(name))
        check_step(wire, board, oracle, since, "new game after the end")


def test_ti2018_first_draw_is_for_the_human_seat() -> None:
    """With the human at seat 2, no message of the board's creation holds seat 1's (or
    Silver's) view: the "View of" list starts at the human, not at seat 1."""
    with Wire() as wire:
        board = LongJohnBoard(players=3, seats=human_last("treasure_island_2018"),
                              seed=BIG + 2)
        assert board.shown_seat == 2
        with wire.pause():
            oracle = oracle_for(board)
        check_step(wire, board, oracle, 0, "first draw")


# ----- the five apps ------------------------------------------------------------------------------
def seat_mixes(game: str) -> dict[str, dict[int, str]]:
    spec = APPS[game]
    n = spec.default_players
    bot = {seat: next(k for _, k in spec.seat_options(seat) if k != HUMAN) for seat in range(n)}
    return {
        "human and bots": {seat: spec.default_seat(seat) for seat in range(n)},
        "two humans": {seat: HUMAN if seat < 2 else bot[seat] for seat in range(n)},
        "all bots": bot,
    }


@pytest.mark.parametrize("game", list(APPS))
def test_every_message_of_an_app_is_clean(game: str) -> None:
    """Start with every seat mix (human and bots, two humans, all bots), play, New game:
    no message of the app holds another seat's secret or the live seed."""
    with Wire() as wire:
        app = play_app(game, seed=BIG + 3)
        board = app.board
        with wire.pause():
            oracle = oracle_for(board)
        check_step(wire, board, oracle, 0, "first draw")
        for k, (mix, seats) in enumerate(seat_mixes(game).items()):
            for seat, key in seats.items():
                app.seat_picks[seat].value = key
            since = wire.mark()
            app.start_button.click()
            board = wire.watch(app.board)
            check_step(wire, board, oracle, since, f"Start ({mix})")
            if board.state.is_terminal():  # all bots: the game ran to its end at Start
                continue
            play_and_check(wire, board, oracle, 3, k)
            since = wire.mark()
            board.new_button.click()
            check_step(wire, board, oracle, since, f"New game ({mix})")


# ----- hot seat -----------------------------------------------------------------------------------
HOT_SEATS: dict[str, Callable[[int], GameBoard]] = {
    # Silver and a pirate both human: the pirate's turn must not show the treasure
    "treasure_island_2018": lambda seed: LongJohnBoard(
        players=3, seed=seed, seats={0: HUMAN, 1: HUMAN, 2: TI18Greedy(seed=2)}),
    "sjorovaron": lambda seed: SjoBoard(players=3, seed=seed,
                                        seats={0: HUMAN, 1: HUMAN, 2: SjoGreedy(seed=2)}),
    "skeleton_island": lambda seed: SkeletonBoard(
        players=3, seed=seed, seats={0: HUMAN, 1: HUMAN, 2: SkelGreedy(seed=2)}),
}


@pytest.mark.parametrize("clicked", [False, True], ids=["from code", "as clicks"])
@pytest.mark.parametrize("name", list(HOT_SEATS))
def test_hot_seat_sends_nothing_of_the_other_human(name: str, clicked: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Two humans at one screen: when the turn passes, the board hides its parts and
    shows "Pass to X — press when ready"; no message sent during one human's turn (the
    cover's included) holds what only the other human sees."""
    if clicked:  # the human's move drawn at once, then each bot move
        monkeypatch.setattr(stepping, "from_the_browser", lambda: True)
        monkeypatch.setattr(BotStepping, "BOT_PAUSE_S", 0.0)
    with Wire() as wire:
        board = HOT_SEATS[name](BIG + 4)
        with wire.pause():
            oracle = oracle_for(board)
        check_step(wire, board, oracle, 0, "first draw")
        rng, human = random.Random(4), RandomBot(seed=4)
        covers = passes = 0
        for _ in range(40):
            if board.state.is_terminal() or passes >= 3:
                break
            since, before = wire.mark(), board.facing_seat
            what = step(board, human, rng)
            check_step(wire, board, oracle, since, what, at_screen(board, before, what))
            if board.covered:
                covers += 1
                assert "Pass to " in board.cover_button.description
                assert "press when ready" in board.cover_button.description
                assert board.cover.layout.display != "none"
                assert all(part.layout.display == "none" for part in board._coverable())
            else:
                assert board.cover.layout.display == "none"
                if board.is_human(board.turn_of(board.state)):
                    assert board.facing_seat == board.turn_of(board.state)
            passes += what == "pass"
            if isinstance(board, LongJohnBoard):
                assert [s for _, s in board.seat_pick.options] == [board.facing_seat]
        assert covers >= 2 and passes >= 2


def test_the_wire_sees_a_leak() -> None:
    """The harness itself: Silver's view drawn on a pirate's board (teaching mode, by
    hand) is caught, both as another seat's values and as the treasure's point; a
    binary bqplot array comes back as numbers."""
    with Wire() as wire:
        board = LongJohnBoard(players=3, seats=human_last("treasure_island_2018"),
                              seed=BIG + 5)
        with wire.pause():
            oracle = oracle_for(board)
        since = wire.mark()
        board.teaching = True
        board.shown_seat = 0  # Silver's view: the treasure
        treasure = board.state.treasure
        assert treasure is not None and wire.drew_point(treasure, since)
        with wire.pause():
            secrets = seat_secrets(oracle, board.state, 2)
        assert wire.all_leaves(since) & secrets
        with pytest.raises(AssertionError, match="secret"):
            check_step(wire, board, oracle, since, "leak", at_screen=2)


def test_an_allowed_undo_and_a_refused_one_send_nothing_secret() -> None:
    """Undo of a walk (it showed nothing) redraws the human's own view only; a refused
    Undo sends a notice and nothing else of the game."""
    with Wire() as wire:
        board = LongJohnBoard(players=3, seats=human_last("treasure_island_2018"),
                              seed=BIG + 6)
        with wire.pause():
            oracle = oracle_for(board)
        walk = next(m for m in board.state.legal_moves() if type(m).__name__ == "Foot")
        board.play(walk)
        since = wire.mark()
        board.undo_button.click()
        assert board.state.history[-1] != walk
        check_step(wire, board, oracle, since, "undo")
        search = next(m for m in board.state.legal_moves() if type(m).__name__ == "Search")
        board.play(search)
        since, history = wire.mark(), board.state.history
        board.undo_button.click()
        assert board.state.history == history and "cannot take back" in board.notice
        check_step(wire, board, oracle, since, "refused undo")
