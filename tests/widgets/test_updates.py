"""What a click sends to the browser, counted with a fake comm (no browser, no timings).

Issue 9, point 1: the human's own move is drawn before any bot plays, then each bot
move as it is played. Point 2: only what changed is sent: the move log appends lines
instead of re-sending the whole log, and marks whose data did not change are not
rewritten.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import bqplot as bq
import comm
import ipywidgets as w
import numpy as np
import pytest

import treasurekit_widgets.base as base
import treasurekit_widgets.stepping as stepping
from treasurekit import Event
from treasurekit_widgets import (
    AhoyBoard,
    GameBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
)
from treasurekit_widgets.updates import MoveLog, assign, same


@dataclass
class Sent:
    """Every comm message the widgets sent: (model id, method, state, bytes)."""

    messages: list[tuple[str, str, dict[str, Any], int]] = field(default_factory=list)

    def clear(self) -> None:
        self.messages.clear()

    def to(self, widget: Any) -> list[dict[str, Any]]:
        return [state for mid, _, state, _ in self.messages if mid == widget.model_id]

    def bytes_to(self, widgets: list[Any]) -> int:
        ids = {x.model_id for x in widgets}
        return sum(n for mid, _, _, n in self.messages if mid in ids)

    @property
    def total(self) -> int:
        return sum(n for *_, n in self.messages)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    """Record what every widget sends (the comm the kernel would use, faked)."""
    record = Sent()

    def publish(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                buffers: Any = None, **keys: Any) -> None:
        data = data or {}
        size = len(json.dumps(data, default=str)) + sum(len(b) for b in buffers or [])
        state = dict(data.get("state", {}))
        for path in data.get("buffer_paths", []):  # binary traits (a PNG) travel apart
            state.setdefault(path[0], None)
        record.messages.append((self.comm_id, data.get("method", msg_type), state, size))

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    yield record


def every_widget(root: Any) -> list[Any]:
    """``root`` and every widget reachable from its traits (children, marks, scales...)."""
    seen: dict[str, Any] = {}
    todo = [root]
    while todo:
        x = todo.pop()
        if not isinstance(x, w.Widget) or x.model_id in seen:
            continue
        seen[x.model_id] = x
        for name in x.keys:
            value = getattr(x, name)
            items = value.values() if isinstance(value, dict) else \
                value if isinstance(value, list | tuple) else [value]
            todo.extend(v for v in items if isinstance(v, w.Widget))
    return list(seen.values())


def snapshot(value: Any) -> Any:
    if isinstance(value, memoryview):  # an Image widget's PNG
        return bytes(value)
    try:
        return copy.deepcopy(value)
    except NotImplementedError:  # widgets (a mark's scales) are compared by identity
        return value


def values(widgets: list[Any]) -> dict[str, dict[str, Any]]:
    """A copy of every trait value of ``widgets`` (what the browser holds of them now)."""
    return {x.model_id: {k: snapshot(getattr(x, k)) for k in x.keys} for x in widgets}


def equal(a: Any, b: Any) -> bool:
    a, b = (bytes(x) if isinstance(x, memoryview) else x for x in (a, b))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if a is None or b is None or np.shape(a) != np.shape(b):
            return False
        x, y = np.asarray(a), np.asarray(b)
        nan = x.dtype.kind == "f" and y.dtype.kind == "f"
        return bool(np.array_equal(x, y, equal_nan=nan))
    return bool(json.dumps(a, default=str) == json.dumps(b, default=str))


def redundant(before: dict[str, dict[str, Any]], sent: Sent,
              widgets: list[Any]) -> list[str]:
    """Updates of ``widgets`` that re-sent a trait whose value had not changed."""
    now = {x.model_id: x for x in widgets}
    found = []
    for mid, method, state, _ in sent.messages:
        if method != "update" or mid not in before:
            continue
        for key in state:
            if key in before[mid] and equal(before[mid][key], getattr(now[mid], key)):
                found.append(f"{type(now[mid]).__name__}.{key}")
    return found


def ahoy_long_game(plies: int = 100) -> AhoyBoard:
    board = AhoyBoard(players=3, seed=5)
    bot = __import__("treasurekit.ahoy", fromlist=["GreedyBot"]).GreedyBot(seed=0)
    while board.state.ply < plies and not board.state.is_terminal():
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(bot.choose(board.state))
    return board


# ----- the log -----------------------------------------------------------------------------
def test_the_log_appends_lines_instead_of_resending_the_whole_log(sent: Sent) -> None:
    board = ahoy_long_game()
    whole = len(board.log_box.value)
    assert whole > 6000, "a long log to start from"
    assert board.state.is_chance_node()
    lines_before = len(board.log_lines)
    sent.clear()
    board.roll()
    log_bytes = sent.bytes_to(every_widget(board.log_box))
    assert len(board.log_lines) > lines_before  # the roll is in the log
    assert 0 < log_bytes < whole / 4, (log_bytes, whole)
    assert "rolls" in board.log_box.value.rsplit("tk-log-line", 1)[-1]


def test_the_log_sends_only_the_chunk_it_cuts_on_undo_and_replay(sent: Sent) -> None:
    board = ahoy_long_game()
    whole = len(board.log_box.value)
    chunks = len(board.log_box.chunks)
    sent.clear()
    board.show_ply(board.state.ply - 30)  # the log as it was 30 plies ago
    assert len(board.log_box.chunks) < chunks
    assert sent.bytes_to(every_widget(board.log_box)) < whole / 3
    sent.clear()
    board.show_ply(None)
    assert len(board.log_box.chunks) == chunks
    assert sent.bytes_to(every_widget(board.log_box)) < whole / 3
    assert len(board.log_box.value) == whole


def test_move_log_shows_every_line_once_numbered_and_the_empty_text() -> None:
    log = MoveLog(empty="Nothing yet.")
    assert "Nothing yet." in log.value
    entries = [(n, Event(f"event {n}{s}")) for n in range(1, 40) for s in ("a", "b")]
    log.show(entries)
    text = log.value
    assert all(f"event {n}a" in text and f"event {n}b" in text for n in range(1, 40))
    assert "Nothing yet." not in text
    assert len(log.chunks) == -(-39 // MoveLog.CHUNK)
    assert text.count("tk-log-more") == 39  # the second event of a move is indented
    log.show(entries[:10])
    assert "event 6a" not in log.value and "event 5b" in log.value
    assert len(log.chunks) == 1
    log.show([])
    assert "Nothing yet." in log.value


# ----- marks ------------------------------------------------------------------------------
BOARDS: dict[str, Callable[[], GameBoard]] = {
    "ahoy": lambda: AhoyBoard(players=3, seed=3),
    "ti2003": lambda: TreasureIslandBoard(players=4, board="large", seed=3),
    "sjorovaron": lambda: SjoBoard(seed=3),
    "skeleton": lambda: SkeletonBoard(players=3, seed=3),
    "ti2018": lambda: LongJohnBoard(players=4, seed=3),
}


def human_step(board: GameBoard) -> None:
    """One human action as a click would do it: roll, else a legal move (the hint's)."""
    state = board.state
    if state.is_chance_node():
        board.roll()
    else:
        board.play(state.legal_moves()[0])


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_marks_whose_data_did_not_change_are_not_resent(name: str, sent: Sent) -> None:
    board = BOARDS[name]()
    for _ in range(6):
        marks = [x for x in every_widget(board) if isinstance(x, bq.Mark | bq.Scale)]
        before = values(marks)
        sent.clear()
        human_step(board)
        assert sent.messages, "a click changes something"
        assert redundant(before, sent, marks) == [], f"{name}: re-sent unchanged values"
        if board.state.is_terminal():
            break


def test_ti2018_a_walk_resends_only_the_map_marks_it_changed(sent: Sent) -> None:
    """The human walks a miniature (no bot plays after it): the move line, the miniature,
    its name, the cross where it stood and the click ring change; the hint drawings, the
    search circles, the treasure, the probability map and the island are not re-sent."""
    board = LongJohnBoard(players=4, seed=3)
    picture = board.picture
    marks = [x for x in every_widget(board) if isinstance(x, bq.Mark | bq.Scale | w.Image)]
    board.click_at(6.0, 12.0)  # several moves go there: choice buttons
    walk = next(m for m in board.offered() if type(m).__name__ == "Foot")
    ply, seat = board.state.ply, board.state.current_player
    before = values(marks)
    sent.clear()
    board.choose(str(walk))
    assert board.state.ply == ply + 1 and board.state.current_player == seat  # no bot played
    updated = {mid for mid, method, state, _ in sent.messages if method == "update" and state}
    changed = {x.model_id for x in marks
               if any(not equal(before[x.model_id][k], getattr(x, k)) for k in x.keys)}
    assert redundant(before, sent, marks) == []
    assert updated & set(before) == changed  # every changed mark was sent, nothing else
    assert {picture.moves.model_id, picture.minis.model_id} <= changed
    untouched = [picture.hint_areas, picture.hint_lines, picture.searches, picture.treasure,
                 picture.heat, picture.heat.image, picture.catcher, *picture.figure.marks[:5]]
    assert not {x.model_id for x in untouched} & updated
    assert len(changed) <= 6 < len(marks)


def test_a_redraw_of_an_unchanged_position_sends_nothing(sent: Sent) -> None:
    for make in BOARDS.values():
        board = make()
        sent.clear()
        board.refresh()
        assert sent.messages == [], type(board).__name__


def test_same_compares_arrays_and_lists_by_value() -> None:
    assert same(np.array([[1.0, np.nan]]), [[1.0, np.nan]])
    assert not same(np.array([1.0, 2.0]), [1.0, 2.5])
    assert not same(np.array([1.0, 2.0]), [[1.0, 2.0]])
    assert same("a", "a") and not same("a", "b") and not same(True, 1)
    label = w.HTML("x")
    assert assign(label, value="x", description="") == []
    assert assign(label, value="y") == ["value"] and label.value == "y"


# ----- the order of what a click shows ----------------------------------------------------
class Watching:
    """Bots that note how many status updates the browser had got when asked to move."""

    def __init__(self, bot: Any, board_ref: list[GameBoard], sent: Sent, seen: list[int]):
        self.bot, self.board_ref, self.sent, self.seen = bot, board_ref, sent, seen

    def __deepcopy__(self, memo: dict[int, Any]) -> Watching:
        return self  # the board copies its bots; these must keep writing to ``seen``

    def choose(self, state: Any) -> Any:
        if self.board_ref:  # (not while the board is being built)
            self.seen.append(len(self.sent.to(self.board_ref[0].status)))
        return self.bot.choose(state)


def test_the_human_move_is_drawn_before_the_bots_play_then_each_bot_move(
        sent: Sent, monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit.ahoy import GreedyBot

    seen: list[int] = []
    ref: list[GameBoard] = []
    seats = {0: "human", 1: Watching(GreedyBot(seed=1), ref, sent, seen),
             2: Watching(GreedyBot(seed=2), ref, sent, seen)}
    board = AhoyBoard(players=3, seats=seats, seed=2)
    ref.append(board)
    board.BOT_PAUSE_S = 0.0
    monkeypatch.setattr(stepping, "from_the_browser", lambda: True)  # as a click does
    for _ in range(8):  # until a human move is answered by bots
        seen.clear()
        sent.clear()
        ply = board.state.ply
        human_step(board)
        if seen:
            break
    assert seen, "the bots never replied"
    statuses = [s["value"] for s in sent.to(board.status) if "value" in s]
    # the first status update went out before the first bot was asked, and showed the
    # position right after the human's move
    assert seen[0] >= 1
    assert f"move {ply + 1} " in statuses[0] or f"ply {ply + 1} " in statuses[0], statuses[0]
    # every bot decision was drawn: a status update between consecutive bot decisions
    assert seen == sorted(seen) and len(set(seen)) == len(seen), seen
    assert len(statuses) >= len(seen) + 1


def test_a_board_driven_from_code_redraws_once_per_call(sent: Sent) -> None:
    board = AhoyBoard(players=3, seed=2)
    assert base.from_the_browser() is False  # no kernel here
    for _ in range(8):
        sent.clear()
        human_step(board)
        assert len([s for s in sent.to(board.status) if "value" in s]) <= 1


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_click_sends_the_status_first_and_the_human_move_before_any_bot_thinks(
        name: str, sent: Sent, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9, point 1, on every board: of what a click sends, the status (what the click
    did, what to do next) leaves first, in a message of its own, before the picture; and
    the position after the human's own move is sent before the first bot is asked."""
    board = BOARDS[name]()
    board.BOT_PAUSE_S = 0.0
    seen: list[int] = []
    ref: list[GameBoard] = [board]
    board.seats = {p: who if who == "human" else Watching(who, ref, sent, seen)
                   for p, who in board.seats.items()}
    monkeypatch.setattr(stepping, "from_the_browser", lambda: True)  # as a click does
    firsts = []
    for _ in range(40):  # until a human move is answered by bots
        seen.clear()
        sent.clear()
        human_step(board)
        shown = [mid for mid, method, state, _ in sent.messages
                 if method == "update" and set(state) - {"_dom_classes"}]
        assert shown, "a click changes something"
        firsts.append(shown[0] == board.status.model_id)
        first = sent.messages[[m[0] for m in sent.messages].index(board.status.model_id)]
        assert set(first[2]) == {"value"}  # the status alone, not batched with the picture
        if seen or board.state.is_terminal():
            break
    assert all(firsts), firsts
    assert seen, "the bots never replied"
    assert seen[0] >= 1  # the status of the human's move went out before a bot chose


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_seed_note_stays_on_one_line(name: str) -> None:
    """The fresh reader's check saw "seed hidden" broken over two lines in the controls
    row (it read as two labels): the note never wraps, during the game or after it."""
    board = BOARDS[name]()
    assert "seed hidden" in board.seed_note.value
    assert "white-space:nowrap" in board.seed_note.value
    board.state = board.game.new_initial_state(1)
    while not board.state.is_terminal():  # the note after the game names the seed
        state = board.state
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(state.legal_moves()[0])
    board.refresh()
    assert "this game's seed" in board.seed_note.value
    assert "white-space:nowrap" in board.seed_note.value
