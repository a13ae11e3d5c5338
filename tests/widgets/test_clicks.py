"""The one click path every board shares (widgets/clicks.py): the preamble, what a click
means (the engine's ``moves_at``), choice buttons, internal errors shown as errors, and
statuses that say whose turn it is, what to do, and what befell the human meanwhile."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest

from treasurekit_widgets import (
    AhoyBoard,
    GameBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
)


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def ahoy() -> tuple[GameBoard, Callable[[], None]]:
    board = AhoyBoard(players=2, seed=1)
    board.roll()
    index = next(i for i, p in enumerate(board.pieces()) if p.seat == 0)
    return board, lambda: board.click(index)


def ti2003() -> tuple[GameBoard, Callable[[], None]]:
    board = TreasureIslandBoard(players=2, seed=1, first_player=0)
    board.roll()
    square = board.highlighted()[0]
    return board, lambda: board.click(square)


def sjo() -> tuple[GameBoard, Callable[[], None]]:
    board = SjoBoard(seed=1)
    board.roll()
    target = board.highlighted()[0]
    return board, lambda: board.click(target)


def skeleton() -> tuple[GameBoard, Callable[[], None]]:
    board = SkeletonBoard(players=3, seed=1)
    spot = board.card_spot(board.state.uncovered()[0])
    assert spot is not None
    return board, lambda: board.click_at(*spot)


def ti2018() -> tuple[GameBoard, Callable[[], None]]:
    board = LongJohnBoard(players=4, seed=3)
    return board, lambda: board.click_at(6.0, 12.0)


BOARDS = {"ahoy": ahoy, "ti2003": ti2003, "sjo": sjo, "skeleton": skeleton, "ti2018": ti2018}


@pytest.mark.parametrize("make", BOARDS.values(), ids=BOARDS.keys())
def test_a_click_that_hits_an_internal_error_shows_it_and_the_board_stays_usable(
        make: Callable[[], tuple[GameBoard, Callable[[], None]]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    board, click = make()
    before = board.state.history

    def broken(self: Any, place: object) -> list[Any]:
        raise KeyError("a bug in moves_at")

    monkeypatch.setattr(type(board.state), "moves_at", broken)
    click()  # never raises
    assert board.state.history == before
    assert board.error == "KeyError: 'a bug in moves_at'"
    assert "tk-error" in board.notice_box.value and "Internal error" in board.notice_box.value
    assert "KeyError" in text_of(board.notice_box.value)
    assert board.error_box.layout.display == "block"
    assert "Traceback" in text_of(board.error_box.value) and "broken" in board.error_trace
    monkeypatch.undo()
    click()  # the same click works once the engine does
    assert board.error == "" and "tk-error" not in board.notice_box.value
    assert board.error_box.layout.display == "none"
    assert board.state.history != before or board.offered()


def test_a_button_that_hits_an_internal_error_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    board = AhoyBoard(players=2, seed=1)

    def broken(self: Any) -> list[Any]:
        raise RuntimeError("dice fell off the table")

    monkeypatch.setattr(type(board.state), "resolve_chance", broken)
    board.roll_button.click()
    assert board.state.ply == 0
    assert board.error == "RuntimeError: dice fell off the table"
    assert "tk-error" in board.notice_box.value
    monkeypatch.undo()
    board.roll_button.click()
    assert board.state.ply == 1 and board.error == ""


def test_only_an_illegal_move_is_a_players_notice() -> None:
    board = AhoyBoard(players=2, seed=1)

    def refused() -> None:
        board.play("move start 5")  # before the roll: refused by the engine

    board.guarded(refused)
    assert board.error == "" and "chance node" in board.notice
    assert "tk-notice" in board.notice_box.value and "tk-error" not in board.notice_box.value

    def bug() -> None:
        raise ValueError("not a refusal the board showed")

    board.guarded(bug)
    assert board.error == "ValueError: not a refusal the board showed"


def test_the_preamble_is_shared_replay_bot_turn_and_game_over() -> None:
    board = AhoyBoard(players=2, seed=1)
    board.roll()
    board.show_ply(0)
    board.click_place((0, 0))
    assert "earlier position" in board.notice
    board.show_ply(None)
    board.seats[0] = board.seats[1]  # a bot's seat now
    board.click_place((0, 0))
    assert "played by a bot" in board.notice


def test_several_moves_at_a_place_become_choice_buttons_in_words() -> None:
    board = AhoyBoard(players=2, seats={0: "human", 1: "human"}, seed=1)
    board.play("roll ship")
    board.click_place((0, 0))
    assert board.choices() == [f"Move Red's pirate {k} square{'s' if k > 1 else ''} to "
                               f"square {k}" for k in range(1, 6)]
    row = board.choice_buttons.box
    assert row.layout.display == "flex" and row in board.slot.children
    assert [b.description for b in row.children[1:]] == board.choices()
    with pytest.raises(ValueError, match="no choice"):
        board.choose("fly away")
    assert board.state.ply == 1
    board.choose("move start 4")  # by notation
    assert str(board.state.history[-1]) == "move start 4" and board.choices() == []
    assert row.layout.display == "none"


def test_nothing_at_a_place_says_why_in_words() -> None:
    board = TreasureIslandBoard(players=2, seed=1, first_player=0)
    board.roll()
    allowed = set(board.highlighted())
    other = next(board.game.board.name_of(i) for i in range(board.game.board.size ** 2)
                 if board.game.board.name_of(i) not in allowed)
    refusal = board.state.why_not_at(other)  # the engine says why, as data
    assert refusal is not None and refusal.rule is not None
    board.click(other)
    assert board.notice == str(refusal) and board.state.ply == 1
    assert refusal.reason in text_of(board.notice_box.value)
    assert f"[{refusal.rule}]" in text_of(board.notice_box.value)  # the rule, muted


def test_only_a_refusal_the_board_raised_is_swallowed() -> None:
    """A request the board refused and explained (``Refused``) is the player's notice;
    a bug raising a ValueError with the very same words is an internal error."""
    board = AhoyBoard(players=2, seats={0: "human", 1: "human"}, seed=1)
    board.play("roll ship")
    board.click_place((0, 0))
    board.guarded(lambda: board.choose("fly away"))
    assert board.error == "" and "no choice 'fly away'" in board.notice
    notice = board.notice

    def bug() -> None:
        raise ValueError(notice)

    board.guarded(bug)
    assert board.error == f"ValueError: {notice}"


# ----- statuses ---------------------------------------------------------------------------
def human_step(board: GameBoard) -> None:
    state = board.state
    if state.is_chance_node():
        board.roll()
    else:
        board.play(state.legal_moves()[0])


STATUS_BOARDS: dict[str, Callable[[], GameBoard]] = {
    "ahoy": lambda: AhoyBoard(players=3, seed=2),
    "ti2003": lambda: TreasureIslandBoard(players=3, seed=2),
    "sjo": lambda: SjoBoard(seed=2),
    "skeleton": lambda: SkeletonBoard(players=3, seed=2),
}


@pytest.mark.parametrize("make", STATUS_BOARDS.values(), ids=STATUS_BOARDS.keys())
def test_the_status_always_says_whose_turn_and_what_to_do(make: Callable[[], GameBoard]) -> None:
    board = make()
    for _ in range(12):
        if board.state.is_terminal():
            break
        seat = board.turn_of(board.state)
        assert seat is not None and board.is_human(seat)
        prompt = text_of(board.status.value).strip()
        assert prompt.startswith(f"Your turn, {board.seat_name(seat)}:"), prompt
        assert re.search(r"press|click|choose|Keep|roll|throw", prompt), prompt
        assert re.search(r"ply \d+", prompt) and "a ply is one roll" in board.status.value
        human_step(board)


@pytest.mark.parametrize("make", STATUS_BOARDS.values(), ids=STATUS_BOARDS.keys())
def test_what_befell_the_human_during_bot_turns_stays_in_the_status_until_they_act(
        make: Callable[[], GameBoard]) -> None:
    board = make()
    for _ in range(400):
        if board.state.is_terminal() or board.news:
            break
        human_step(board)
    if not board.news:
        pytest.skip("this seed's game gave the human no news")  # pragma: no cover
    status = text_of(board.status.value)
    assert "While you waited:" in status and board.news[0][:30] in status
    human = next(p for p in range(board.game.num_players) if board.is_human(p))
    assert all(board.concerns(type("E", (), {"text": t, "kind": "x"})(), human)
               or board.state.is_terminal() for t in board.news)
    board.hint_button.value = not board.hint_button.value  # not an action: news stays
    assert "While you waited:" in text_of(board.status.value)
    if not board.state.is_terminal():
        ply = board.state.ply
        human_step(board)  # the human acts: only what the bots did since is news
        since = {e.text for events in board._entries[ply:] for e in events}
        assert set(board.news) <= since
        if all(board.is_human(m) for m in board._movers[ply:]):
            assert board.news == [] and "While you waited" not in text_of(board.status.value)


def test_a_game_lost_during_bot_turns_says_so_and_why() -> None:
    board = AhoyBoard(players=3, seed=3)
    while not board.state.is_terminal():
        human_step(board)
    status = text_of(board.status.value)
    assert "Game over" in status
    outcome = board.state.outcome()
    assert outcome is not None
    if 0 not in outcome.winners:
        assert "You (Red) lost." in status
    if board._movers[-1] != 0:
        assert "While you waited:" in status and "Game over" in status.split("While")[1]


def test_seed_and_words_say_ply_with_its_meaning() -> None:
    board = AhoyBoard(players=2, seed=1)
    board.roll()
    board.show_ply(0)
    assert "the position after ply 0 of 1" in text_of(board.status.value)


def test_the_same_refusal_twice_still_answers_the_click() -> None:
    """A click refused for the same reason as the one before must still change the page
    (an unchanged notice sends nothing: the click looked unanswered, and the alert was not
    read out again). Found by `make latency` in the real notebooks (issue 24)."""
    board = AhoyBoard(players=2, seed=1)
    pirate = next(i for i, p in enumerate(board.pieces()) if p.seat == 0)
    shown = []
    for _ in range(3):
        board.click(pirate)  # before the roll: refused, for the same reason each time
        shown.append(board.notice_box.value)
    assert len(set(shown)) == 3
    assert "again" not in text_of(shown[0]) and "again, 2nd time" in text_of(shown[1])
    assert "again, 3rd time" in text_of(shown[2])
    assert "roll the die first" in board.notice and "again" not in board.notice
    board.roll()
    board.click(pirate)  # now played: the notice goes
    assert board.notice == "" and board.notice_box.value == ""
