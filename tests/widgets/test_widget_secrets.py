"""What goes to the browser holds no secret, and the boards do not leak widget models.

* Every live widget model of a board shown to a seat (``get_state()``, what the front
  end receives) is the same whether another seat's secrets are one way or another:
  the board is rebuilt on a twin state that differs only in what the seat cannot know
  (``determinize`` plus more), and every model's state is compared. Direct checks too:
  the treasure's point is in no mark and no text of a pirate's board.
* The seed of a game in play is in no widget model; a new game without a typed seed
  gets an unpredictable one; a typed seed deals the same game.
* The number of live widget models stays flat over a long game on every board.
* Treasure Island (2018): other seats' views only in teaching mode.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from ipywidgets.widgets.widget import _instances

from treasurekit import RandomBot
from treasurekit.sjorovaron import GreedyBot as SjoGreedy
from treasurekit.treasure_island_2018 import SilverBot
from treasurekit.treasure_island_2018.geometry import fmt_pt
from treasurekit_widgets import (
    AhoyBoard,
    GameBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
)

BIG = 7_340_000_000_000  # seeds with 13 digits: their text cannot turn up by chance


# ----- what the browser receives -----------------------------------------------------------------
def _plain(value: Any, follow: Callable[[str], Any]) -> Any:
    """A widget state value as plain data: model references followed, binary arrays as
    lists, other binary data (PNG images) as a digest."""
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        return follow(value[len("IPY_MODEL_"):])
    if isinstance(value, dict):
        if isinstance(value.get("value"), (bytes, memoryview)) and "dtype" in value:
            arr = np.frombuffer(value["value"], dtype=value["dtype"])
            if arr.dtype.kind == "f":  # NaN (a gap in a curve) is not equal to itself
                return np.where(np.isnan(arr), None, arr).reshape(value["shape"]).tolist()
            return arr.reshape(value["shape"]).tolist()
        return {k: _plain(v, follow) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, follow) for v in value]
    if isinstance(value, (bytes, memoryview)):
        return "sha1:" + hashlib.sha1(bytes(value)).hexdigest()
    return value


def model_tree(widget: Any) -> Any:
    """Every model reachable from ``widget`` with its state, references inlined (the
    second reference to a model becomes its number): what the browser is sent."""
    numbers: dict[str, int] = {}

    def follow(model_id: str) -> Any:
        if model_id in numbers:
            return f"<model {numbers[model_id]}>"
        numbers[model_id] = len(numbers)
        state = _instances[model_id].get_state()
        return {k: _plain(v, follow) for k, v in sorted(state.items())}

    return follow(widget.model_id)


def live_states(since: set[str]) -> list[dict[str, Any]]:
    """The state of every live widget model created after the ids in ``since``."""
    return [{k: _plain(v, lambda ref: ref) for k, v in w.get_state().items()}
            for mid, w in list(_instances.items()) if mid not in since]


def same_for_the_seat(board: GameBoard, twin: Any) -> None:
    """The board's models are identical with ``twin`` (another-secrets version of its
    state) in place of its state, each drawn afresh by ``refresh``."""
    live = board.state
    trees = []
    for state in (live, twin, live):
        board.state = state
        board._post_key = None  # type: ignore[attr-defined]  # TI2018's map cache
        board.refresh()
        trees.append(model_tree(board))
    assert trees[1] == trees[0]


def points(state: dict[str, Any]) -> set[tuple[float, float]]:
    xs, ys = state.get("x"), state.get("y")
    if not isinstance(xs, list) or not isinstance(ys, list) or len(xs) != len(ys):
        return set()
    flat = [(x, y) for x, y in zip(xs, ys, strict=True)
            if isinstance(x, (int, float)) and isinstance(y, (int, float))]
    return {(round(x, 6), round(y, 6)) for x, y in flat}


# ----- Treasure Island (2018) --------------------------------------------------------------------
def scramble_ti2018(state: Any, seat: int, k: int) -> Any:
    """A twin whose secrets differ for ``seat``: another treasure (``determinize``), and
    the other pirates' District Hints, Chest tokens, Compass Hints and verifications."""
    twin = state.determinize(seat, random.Random(k))
    d = twin.position
    others = [q for q in twin.pirates if q != seat]
    dealt = list(d.dealt)
    for i, q in enumerate(others):
        dealt[q] = d.dealt[others[(i + 1) % len(others)]]
    mine = [q == seat for q in range(twin.n)]
    twin._restore(replace(
        d, dealt=tuple(dealt),
        chest_items=tuple(x if m else () for x, m in zip(d.chest_items, mine, strict=True)),
        chest_info=tuple(x if m else () for x, m in zip(d.chest_info, mine, strict=True)),
        verified=tuple(x if m else () for x, m in zip(d.verified, mine, strict=True)),
        compass_given=tuple((s, c) for s, c in d.compass_given if s == seat)))
    return twin


def test_ti2018_a_pirates_board_sends_no_other_seats_secret() -> None:
    since = set(_instances)
    board = LongJohnBoard(players=4, seed=BIG + 2)  # Silver a bot, p1 human, p2-p3 bots
    human = RandomBot(seed=1)
    checked = 0
    while not board.state.is_terminal() and checked < 5:
        state = board.state
        treasure = state.treasure
        assert treasure is not None and board.shown_seat == 1
        twin = scramble_ti2018(state, 1, checked)
        assert twin.treasure != treasure
        same_for_the_seat(board, twin)
        spot = re.compile(r"(?<![\d.])" + re.escape(fmt_pt(treasure)) + r"(?![\d])")
        for model in live_states(since):
            assert (round(treasure[0], 6), round(treasure[1], 6)) not in points(model)
            assert not spot.search(json.dumps(model, default=str))
        checked += 1
        board.play(human.choose(state.copy()))
    assert checked >= 3


def test_ti2018_other_seats_views_only_in_teaching_mode() -> None:
    board = LongJohnBoard(players=4, seed=BIG + 3)
    assert not board.teaching
    assert board.viewable_seats() == [1] and board.seat_pick.disabled
    assert [v for _, v in board.seat_pick.options] == [1]
    with pytest.raises(ValueError, match="teaching=True"):
        board.shown_seat = 0
    assert board.view().treasure is None and not board.picture.treasure.visible
    board.teaching = True
    assert [v for _, v in board.seat_pick.options] == [0, 1, 2, 3]
    board.shown_seat = 0
    assert board.view().treasure == board.state.treasure and board.picture.treasure.visible
    board.teaching = False
    assert board.shown_seat == 1 and not board.picture.treasure.visible
    hot_seat = LongJohnBoard(players=3, seed=BIG + 3, seats={0: SilverBot(seed=1),
                                                             1: "human", 2: "human"})
    # two humans at one screen: only the human to move, never the other one's view
    assert hot_seat.viewable_seats() == [hot_seat.turn_of(hot_seat.state)] == [1]
    assert hot_seat.seat_pick.disabled
    spectator = LongJohnBoard(players=2, seed=BIG + 3, seats=all_bots(2))
    assert spectator.teaching and spectator.viewable_seats() == [0, 1]
    assert LongJohnBoard(players=3, seed=BIG + 3, teaching=True).viewable_seats() == [0, 1, 2]


# ----- Sjörövarön and Skeleton Island ------------------------------------------------------------
def test_sjorovaron_a_seats_board_sends_no_other_seats_pieces() -> None:
    board = SjoBoard(players=3, seed=BIG + 5,
                     seats={0: "human", 1: SjoGreedy(seed=1), 2: SjoGreedy(seed=2)})
    board.hint_button.value = True  # the greedy hint shown to the seat, too
    human = SjoGreedy(seed=7)
    checked = differed = 0
    while not board.state.is_terminal() and checked < 12:
        state = board.state
        if state.is_chance_node():
            board.roll()
            continue
        if state.phase not in ("order", "pick", "deal"):
            twin = state.determinize(0, random.Random(checked))
            differed += any(twin.pieces(p) != state.pieces(p) for p in (1, 2)) or (
                twin.hidden_piece != state.hidden_piece)
            same_for_the_seat(board, twin)
            # the board shows the seat's own pieces (pale hiding spots), no one else's
            mine = state.pieces(0)
            assert board.picture.spot_marks.opacities.tolist() == [
                0.25 if s.id in mine else 1.0 for s in board.game.board.spots]
            checked += 1
        board.play(human.choose(state.copy()))
    assert checked >= 6 and differed >= 3


SEED_TWINS: dict[str, Callable[[int], GameBoard]] = {
    "skeleton_island": lambda seed: SkeletonBoard(
        players=3, seed=seed, seats={0: "human", 1: RandomBot(seed=1), 2: RandomBot(seed=2)}),
    "treasure_island_2003": lambda seed: TreasureIslandBoard(
        players=3, seed=seed, seats={0: "human", 1: RandomBot(seed=1), 2: RandomBot(seed=2)}),
    "ahoy": lambda seed: AhoyBoard(
        players=3, seed=seed, seats={0: "human", 1: RandomBot(seed=1), 2: RandomBot(seed=2)}),
}


@pytest.mark.parametrize("name", list(SEED_TWINS))
def test_board_is_the_same_for_another_seed_with_the_same_history(name: str) -> None:
    """Face-down cards (Skeleton Island), unopened chests (TI2003) and dice to come: a
    board (hint panel open) shows nothing that depends on the seed's future draws."""
    board = SEED_TWINS[name](BIG + 6)
    board.hint_button.value = True  # the greedy hint shown to the seat, too
    human = RandomBot(seed=3)
    checked = 0
    for step in range(40):
        state = board.state
        if state.is_terminal() or checked == 8:
            break
        if state.is_chance_node():
            board.roll()
            continue
        twin = state.game.new_initial_state(BIG + 600 + step)
        for move in state.history:
            twin.apply(move)
        same_for_the_seat(board, twin)
        assert str(BIG + 6) not in json.dumps(model_tree(board), default=str)
        checked += 1
        board.play(human.choose(state.copy()))
    assert checked >= 5


# ----- the seed -----------------------------------------------------------------------------------
BOARDS: dict[str, Callable[..., GameBoard]] = {
    "ahoy": lambda **kw: AhoyBoard(players=3, **kw),
    "treasure_island_2003": lambda **kw: TreasureIslandBoard(players=3, **kw),
    "treasure_island_2018": lambda **kw: LongJohnBoard(players=3, **kw),
    "sjorovaron": lambda **kw: SjoBoard(players=3, **kw),
    "skeleton_island": lambda **kw: SkeletonBoard(players=3, **kw),
}


def all_bots(n: int) -> dict[int, Any]:
    return {p: RandomBot(seed=p) for p in range(n)}


@pytest.mark.parametrize("name", list(BOARDS))
def test_the_seed_of_a_game_in_play_is_never_sent_to_the_browser(name: str) -> None:
    board = BOARDS[name](seed=BIG + 8)
    assert not board.state.is_terminal()
    assert str(BIG + 8) not in json.dumps(model_tree(board), default=str)
    assert board.seed_input.value == "" and "seed hidden" in board.seed_note.value
    n = board.game.num_players
    over = BOARDS[name](seed=BIG + 4, seats=all_bots(n))  # bots play it to the end
    assert over.state.is_terminal()
    assert f"this game's seed: {BIG + 4}" in over.seed_note.value


@pytest.mark.parametrize("name", list(BOARDS))
def test_new_game_without_a_typed_seed_is_unpredictable_and_a_typed_seed_deals_again(
        name: str) -> None:
    board = BOARDS[name](seed=BIG + 10)
    seeds = set()
    for _ in range(3):
        board.new_button.click()
        assert board.seed_input.value == ""
        seeds.add(board.seed)
    assert len(seeds) == 3 and not seeds & {BIG + 10, BIG + 11, 0, 1}
    board.seed_input.value = str(BIG + 10)
    board.new_button.click()
    assert board.seed == BIG + 10 and board.seed_input.value == ""
    assert board.state.history == BOARDS[name](seed=BIG + 10).state.history
    board.seed_input.value = "forty-two"
    with pytest.raises(ValueError, match="whole number"):
        board.new_game()
    board.notice_box.value = ""
    board.new_button.click()  # the button shows the refusal, raises nothing
    assert "whole number" in board.notice and "whole number" in board.notice_box.value
    assert board.seed == BIG + 10


def test_a_board_made_without_a_seed_gets_an_unpredictable_one() -> None:
    seeds = {AhoyBoard(players=2).seed for _ in range(3)}
    assert len(seeds) == 3 and not seeds & {0, 1}


# ----- widget models stay flat ------------------------------------------------------------------
LONG_GAMES: dict[str, tuple[Callable[[], GameBoard], Any]] = {
    "ahoy": (lambda: AhoyBoard(players=3, seed=5), RandomBot(seed=2)),
    "treasure_island_2003": (lambda: TreasureIslandBoard(players=3, seed=5), RandomBot(seed=2)),
    "treasure_island_2018": (  # a human Silver: a long game of his decisions
        lambda: LongJohnBoard(players=3, seed=8, seats={
            0: "human", 1: RandomBot(seed=1), 2: RandomBot(seed=2)}), RandomBot(seed=9)),
    "sjorovaron": (lambda: SjoBoard(players=3, seed=5), RandomBot(seed=2)),
    "skeleton_island": (lambda: SkeletonBoard(players=3, seed=5), RandomBot(seed=2)),
}


@pytest.mark.parametrize("name", list(LONG_GAMES))
def test_live_widget_models_stay_flat_over_a_long_game(name: str) -> None:
    make, human = LONG_GAMES[name]
    board = make()
    counts = []
    while not board.state.is_terminal():
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(human.choose(board.state.copy()))
        counts.append(len(_instances))  # closed models leave it; nothing else does
    # A leak grows with every move (TI2018 made 17 models a move); a pool of buttons
    # may grow by a few buttons when a turn offers more choices than any before.
    assert len(counts) >= 18  # human actions, each followed by the bots' replies
    settled = counts[len(counts) // 3]
    assert max(counts[len(counts) // 3:]) - settled <= 30, counts
