"""Issue 26 point 5: while a bot chooses its move after a click, the status says who is
thinking; the position after the human's move was drawn first."""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit_widgets.stepping as stepping
from treasurekit.ahoy import GreedyBot
from treasurekit_widgets import AhoyBoard


class Peeking:
    """A bot that notes the board's status text when it is asked to choose."""

    def __init__(self, bot: Any, board: list[Any], seen: list[str]) -> None:
        self.bot, self.board, self.seen = bot, board, seen

    def __deepcopy__(self, memo: dict[int, Any]) -> Peeking:
        return self  # the board copies its bots; this one must keep writing to ``seen``

    def choose(self, state: Any) -> Any:
        if self.board:
            self.seen.append(self.board[0].status.value)
        return self.bot.choose(state)


@pytest.mark.parametrize("browser", [True, False])
def test_the_status_says_which_bot_is_thinking(browser: bool,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    ref: list[Any] = []
    board = AhoyBoard(players=3, seed=2, seats={0: "human",
                                                 1: Peeking(GreedyBot(seed=1), ref, seen),
                                                 2: Peeking(GreedyBot(seed=2), ref, seen)})
    ref.append(board)
    board.BOT_PAUSE_S = 0.0
    monkeypatch.setattr(stepping, "from_the_browser", lambda: browser)
    for _ in range(10):  # until a human action is answered by the bots
        seen.clear()
        if board.state.is_chance_node():
            board.roll()
        else:
            board.play(board.state.legal_moves()[0])
        if seen:
            break
    assert seen, "the bots never replied"
    names = [board.seat_name(1), board.seat_name(2)]
    if browser:  # each bot's turn: its name and "is thinking" in the status
        assert all("(bot) is thinking" in s for s in seen), seen
        assert all(any(n in s for n in names) for s in seen)
    else:  # driven from code: one redraw at the end, no status while the bots play
        assert not any("is thinking" in s for s in seen)
    assert "is thinking" not in board.status.value  # the human's turn again
