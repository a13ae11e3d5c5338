"""Nothing lost in a notebook (issue 27.3), at widget level: the "Play" board of each game
notebook saves after each move made in the browser and, built and shown again (its cell
run again after a reload or a kernel restart), offers Resume your game at the same ply,
with the same seats and bots.

"The browser" is simulated as in the kernel: ``stepping.from_the_browser`` says True while a
click is handled, and the keeper's ``stored_keys`` are set as the browser sets them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import pytest

import treasurekit
from treasurekit.ahoy import GreedyBot as AhoyGreedy
from treasurekit_widgets import (
    AhoyBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
    stepping,
)
from treasurekit_widgets.apps import play_app
from treasurekit_widgets.nb_resume import NotebookSaving, board_signature
from treasurekit_widgets.saving import SaveError, new_key

BIG = 7_340_000_000_456  # a seed whose digits cannot turn up by chance


def ahoy_play_board() -> AhoyBoard:
    """Notebook 01's "Play" board (its MCTS bot with fewer iterations: same kind of seat)."""
    green = treasurekit.MCTSBot(iterations=8, seed=2, playout_bot=AhoyGreedy(seed=2))
    return AhoyBoard(players=3, seats={0: "human", 1: AhoyGreedy(seed=1), 2: green}, seed=2024)


#: The "Play" board of each game notebook, as its cell builds it.
PLAY_BOARDS: dict[str, Callable[[], Any]] = {
    "ahoy": ahoy_play_board,
    "treasure_island_2003": lambda: TreasureIslandBoard(players=4, board="large", seed=2024),
    "treasure_island_2018": lambda: LongJohnBoard(players=4, seed=2024),
    "sjorovaron": lambda: SjoBoard(seed=2024),
    "skeleton_island": lambda: SkeletonBoard(players=3, seed=2024),
}


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TREASUREKIT_SAVES", str(tmp_path))
    monkeypatch.setattr(stepping.BotStepping, "BOT_PAUSE_S", 0.0)
    return tmp_path


@pytest.fixture
def clicks(monkeypatch: pytest.MonkeyPatch) -> Callable[[bool], None]:
    """``clicks(True)``: from now on the kernel handles clicks from the browser."""
    def set_to(on: bool) -> None:
        monkeypatch.setattr(stepping, "from_the_browser", lambda: on)
    set_to(False)
    return set_to


def shown(board: Any) -> NotebookSaving:
    """Display the board as a cell's result does; its notebook saving."""
    bundle = board._repr_mimebundle_()
    assert bundle["text/plain"] == repr(board)  # what nbval compares is unchanged
    assert board.notebook_saving is not None
    return board.notebook_saving  # type: ignore[no-any-return]


def human_move(board: Any, rng: random.Random) -> None:
    """One action of the human to move: a roll, or a random legal move."""
    if board.state.is_chance_node():
        board.roll()
    else:
        board.play(rng.choice(board.state.legal_moves()))


def saved(saves: Path, key: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((saves / f"{key}.json").read_text())
    return data


def bots_of(board: Any) -> dict[int, tuple[str, Any]]:
    return {seat: (repr(bot), getattr(bot, "rng", None) and bot.rng.getstate())
            for seat, bot in board.seats.items() if bot != "human"}


@pytest.mark.parametrize("game", list(PLAY_BOARDS))
def test_a_notebook_board_reopened_offers_its_game_at_the_same_ply_seats_and_bots(
        game: str, saves: Path, clicks: Callable[[bool], None]) -> None:
    board = PLAY_BOARDS[game]()
    saving = shown(board)
    assert saving.keeper.kind == "board" and saving.offer.layout.display == "none"
    assert saving.offer in board.children and saving.keeper in board.children
    rng = random.Random(3)
    human_move(board, rng)  # the notebook's own code (Run All) plays: nothing is written
    assert list(saves.iterdir()) == [] and saving.keeper.key == ""
    clicks(True)
    for _ in range(5):  # five moves from the browser, each saved at once, bots' replies too
        human_move(board, rng)
        key = saving.keeper.key
        assert key == saving.saver.key
        assert saved(saves, key)["record"]["moves"] == [str(m) for m in board.state.history]
    assert not board.state.is_terminal()
    assert len(list(saves.iterdir())) == 1

    clicks(False)  # the page reloads, or the kernel restarts: the cell runs again
    again = PLAY_BOARDS[game]()
    assert again.state.history != board.state.history
    saving2 = shown(again)
    saving2.keeper.stored_keys = [new_key(), "not a key", key]  # what the browser sends
    assert saving2.offer.layout.display == "flex"
    assert f"ply {board.state.ply}" in saving2.offer_text.value
    assert saving2.offered == key
    clicks(True)
    saving2.resume_button.click()
    assert saving2.offer.layout.display == "none"
    assert again.state.history == board.state.history and again.seed == board.seed
    assert again.log_lines == board.log_lines
    assert bots_of(again) == bots_of(board)
    assert {s for s, b in again.seats.items() if b == "human"} == \
        {s for s, b in board.seats.items() if b == "human"}
    assert saving2.keeper.key == key  # saved on under the same key
    for _ in range(3):  # the bots go on as they would have: the same game in both
        seed = random.randrange(1000)
        human_move(board, random.Random(seed))
        human_move(again, random.Random(seed))
    assert again.state.history == board.state.history
    assert saved(saves, key)["ply"] == again.state.ply


def test_only_a_board_of_the_same_cell_is_offered_the_game(
        saves: Path, clicks: Callable[[bool], None]) -> None:
    board = SjoBoard(seed=2024)
    saving = shown(board)
    clicks(True)
    rng = random.Random(1)
    for _ in range(3):
        human_move(board, rng)
    key = saving.keeper.key
    clicks(False)
    for other in (SjoBoard(seed=1), SjoBoard(seed=2024, players=3),
                  SkeletonBoard(players=4, seed=2024), SjoBoard()):
        offer = shown(other)
        offer.keeper.stored_keys = [key]
        assert offer.offer.layout.display == "none", other
    assert board_signature(SjoBoard())["seed"] is None
    # a board whose seed the code leaves to chance matches a saved game of any seed
    loose = SjoBoard(seed=None)
    saving3 = shown(loose)
    clicks(True)
    human_move(loose, rng)
    clicks(False)
    reopened = shown(SjoBoard())
    reopened.keeper.stored_keys = [key, saving3.keeper.key]
    assert reopened.offered == saving3.keeper.key
    reopened.resume_button.click()
    assert reopened.board.state.history == loose.state.history


def test_a_finished_or_broken_game_is_not_offered_and_a_failed_resume_says_why(
        saves: Path, clicks: Callable[[bool], None]) -> None:
    board = SkeletonBoard(players=2, seed=5)
    saving = shown(board)
    clicks(True)
    rng = random.Random(2)
    human_move(board, rng)
    key = saving.keeper.key
    good = saved(saves, key)
    clicks(False)
    (saves / f"{key}.json").write_text(json.dumps({**good, "finished": True}))
    again = shown(SkeletonBoard(players=2, seed=5))
    again.keeper.stored_keys = [key]
    assert again.offer.layout.display == "none"
    moves = [*good["record"]["moves"], "fly away"]
    (saves / f"{key}.json").write_text(json.dumps({**good, "record": {**good["record"],
                                                                       "moves": moves}}))
    third = shown(SkeletonBoard(players=2, seed=5))
    third.keeper.stored_keys = [key]
    assert third.offer.layout.display == "flex"
    history = third.board.state.history
    third.resume_button.click()  # guarded: the board stays as it was and says why
    assert third.board.state.history == history
    assert "cannot be resumed" in third.offer_text.value and "illegal" in third.offer_text.value
    with pytest.raises(SaveError, match="not a save key"):
        third.resume("../x")


def test_an_app_board_and_a_board_inside_a_box_get_no_notebook_saving() -> None:
    app = play_app("ahoy", seed=3)
    app._repr_mimebundle_()
    assert app.board.notebook_saving is None
    board = AhoyBoard(players=2, seed=3)
    box = w.VBox([board])
    box._repr_mimebundle_()
    assert board.notebook_saving is None
    board.saver = None  # saving turned off by hand
    board._repr_mimebundle_()
    assert board.notebook_saving is None


def test_nothing_of_the_signature_or_seed_goes_to_the_browser(
        saves: Path, clicks: Callable[[bool], None], monkeypatch: pytest.MonkeyPatch) -> None:
    from comm.base_comm import BaseComm

    sent: list[str] = []
    probe = w.Button()
    kind = type(probe.comm)
    probe.close()
    assert issubclass(kind, BaseComm)
    original = kind.publish_msg

    def record(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
               buffers: Any = None, **keys: Any) -> None:
        sent.append(json.dumps(data, default=repr))
        original(self, msg_type, data, metadata, buffers, **keys)

    monkeypatch.setattr(kind, "publish_msg", record)
    board = LongJohnBoard(players=3, seed=BIG)
    saving = shown(board)
    clicks(True)
    rng = random.Random(5)
    for _ in range(3):
        human_move(board, rng)
    key = saving.keeper.key
    assert saved(saves, key)["signature"]["seed"] == BIG  # on the server only
    clicks(False)
    again = shown(LongJohnBoard(players=3, seed=BIG))
    again.keeper.stored_keys = [key]
    again.resume_button.click()
    assert again.board.state.history == board.state.history
    assert any(key in text for text in sent)  # the key goes to the browser, nothing else
    assert all(str(BIG) not in text and "LongJohnBoard" not in text for text in sent)
