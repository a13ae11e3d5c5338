"""The board's controller (widgets/controller.py) driven without any widget (issue 25.6).

A click that plays, a refused click with its reason and rule, a pending choice, undo
(fair and teaching), new game, the hot-seat hand-over and the bots' plies: each decided
by :class:`~treasurekit_widgets.controller.BoardController` with its default
:class:`~treasurekit_widgets.controller.Hooks`, no ipywidgets, bqplot or traitlets.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

import pytest

from treasurekit import load_game
from treasurekit.ahoy import GreedyBot, Step
from treasurekit_widgets.controller import (
    HUMAN,
    NOTHING_TO_UNDO,
    NOWHERE,
    BoardController,
    Click,
    Hooks,
)

CONTROLLER = Path(__file__).resolve().parents[2] / "widgets" / "controller.py"


class AhoyHooks(Hooks):
    """Ahoy's turn, also before its roll (as AhoyBoard says): the seat whose roll it is."""

    def turn_of(self, state: Any) -> int | None:
        return None if state.is_terminal() else int(state.turn)


def ahoy(seats: dict[int, Any] | None = None, hooks: Hooks | None = None,
         **kw: Any) -> BoardController:
    return BoardController(load_game("ahoy", players=2), seats if seats is not None
                           else {0: HUMAN, 1: HUMAN}, seed=5,
                           hooks=hooks if hooks is not None else AhoyHooks(), **kw)


def roll(c: BoardController) -> None:
    assert c.state.is_chance_node()
    c.apply(c.state.resolve_chance)


def click_a_step(c: BoardController) -> Any:
    """Click the square of a legal step; play what the click means (choosing the step
    when it offers several). Returns the move played."""
    step = next(m for m in c.state.legal_moves() if isinstance(m, Step))
    click = c.click(step.source)
    if click.kind == "offer":
        assert c.offered == list(click.moves) and step in click.moves
        move = c.chosen(str(step))
        assert move == step and c.offered == []
    else:
        assert click.kind == "play", click
        move = click.moves[0]
    c.apply(lambda: c.state.play(move))
    return move


def human_turn(c: BoardController) -> int:
    """Seat to move rolls and clicks until the turn passes; returns that seat."""
    seat = c.hooks.turn_of(c.state)
    assert seat is not None
    while c.hooks.turn_of(c.state) == seat and not c.state.is_terminal():
        if c.state.is_chance_node():
            roll(c)
        elif any(isinstance(m, Step) for m in c.state.legal_moves()):
            click_a_step(c)
        else:
            move = c.state.legal_moves()[0]
            c.apply(lambda move=move: c.state.play(move))
    return seat


def test_the_controller_imports_no_widget_library() -> None:
    tree = ast.parse(CONTROLLER.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0}
    assert not imported & {"ipywidgets", "bqplot", "traitlets", "IPython", "anywidget"}


def test_a_click_before_the_roll_is_refused_with_its_reason_and_rule() -> None:
    c = ahoy()
    click = c.click(0)
    assert click.kind == "notice" and "roll the die first" in click.reason
    assert click.rule  # the rulebook's section on the die
    c.tell(click.reason, click.rule)
    assert c.notice_parts == (click.reason, click.rule) and c.notice_said == 1
    assert c.notice == f"{click.reason} [{click.rule}]"
    c.tell(click.reason, click.rule)  # the same notice again is counted
    assert c.notice_said == 2
    assert "notice" in c.take_changes() and c.take_changes() == set()


def test_a_click_that_plays_logs_its_ply_and_clears_the_notice() -> None:
    c = ahoy()
    c.tell("an old notice")
    roll(c)
    assert c.notice_parts == ("", None)
    move = click_a_step(c)
    assert c.state.history[-1] == move and c.movers == [-1, 0]
    assert len(c.entries) == 2 and c.seen == c.state.history
    assert c.human_plies() == [1]


def test_the_preamble_says_why_a_click_means_nothing() -> None:
    c = ahoy({1: GreedyBot(seed=1)})
    assert c.turn_problem() is None
    human_turn(c)  # seat 0 plays; the bot's turn is not played until advance
    assert c.click(0) == Click("notice", reason=c.turn_problem() or "")
    assert "played by a bot" in (c.turn_problem() or "")
    c.advance()
    assert c.hooks.turn_of(c.state) == 0 and c.turn_problem() is None
    assert c.click(NOWHERE).reason.startswith("nothing there to click")
    c.show_ply(1)
    assert not c.live and "earlier position" in (c.turn_problem() or "")
    c.show_ply(None)
    assert c.live


def test_undo_is_fair_on_a_play_board_and_takes_back_to_the_last_decision() -> None:
    c = ahoy({1: GreedyBot(seed=1)})
    assert (c.undo_blocker() or "").startswith(NOTHING_TO_UNDO)
    human_turn(c)
    c.advance()  # the bot rolled: a chance outcome drawn since the human's move
    assert "cannot take back: the die has been rolled" not in (c.undo_blocker() or "")
    assert (c.undo_blocker() or "").startswith("cannot take back: a chance outcome")
    teaching = ahoy({1: GreedyBot(seed=1)}, teaching=True)
    human_turn(teaching)
    teaching.advance()
    assert teaching.undo_blocker() is None
    last = teaching.human_plies()[-1]
    taken = teaching.take_back()
    assert taken and teaching.state.ply == last and len(teaching.entries) == last
    assert teaching.hooks.turn_of(teaching.state) == 0


def test_new_game_deals_the_seed_and_forgets_the_old_game() -> None:
    c = ahoy()
    human_turn(c)
    c.tell("a notice")
    c.new_game(7)
    assert c.seed == 7 and c.state.ply == 0 and c.entries == [] and c.movers == []
    assert c.notice == "" and c.offered == [] and c.live
    again = ahoy()
    again.new_game(7)
    assert again.state.view(0) == c.state.view(0)  # the same seed deals the same game
    with pytest.raises(ValueError, match="not a seat"):
        c.new_game(8, {5: HUMAN})
    with pytest.raises(TypeError, match="bot with choose"):
        c.new_game(8, {0: object()})


class Secrets(AhoyHooks):
    SEAT_SECRETS = True  # as the boards of the games with seat secrets say


def test_hot_seat_covers_the_screen_until_the_next_human_is_ready() -> None:
    c = ahoy(hooks=Secrets())
    assert c.hot_seat()
    assert c.update_cover() == (False, True)  # the screen faces seat 0 from the start
    assert c.facing_seat == 0
    human_turn(c)
    assert c.update_cover() == (True, False) and c.covered and c.cover_for == 1
    assert "press the Pass button" in (c.turn_problem() or "")
    assert "screen is covered" in (c.undo_blocker() or "")
    assert c.ready() and c.facing_seat == 1 and not c.covered
    assert c.update_cover() == (False, False) and not c.ready()
    assert not ahoy(hooks=Secrets(), teaching=True).hot_seat()  # teaching: no cover
    assert not ahoy().hot_seat()  # no seat secrets: no cover


def test_bots_answer_and_news_says_what_befell_the_human() -> None:
    c = ahoy({1: GreedyBot(seed=1)}, auto_roll=True)
    assert c.auto_ply_follows()  # auto_roll: the human's roll is automatic too
    seen: list[bool] = []
    c.advance(before=seen.append)
    assert c.hooks.turn_of(c.state) == 0 and not c.state.is_chance_node()
    human_turn(c)
    start = len(c.entries)
    c.advance()
    assert c.hooks.turn_of(c.state) == 0 or c.state.is_terminal()
    assert all(m != 0 for m in c.movers[start:])
    assert isinstance(c.news_since(start), list)


def test_the_boards_are_views_of_a_controller() -> None:
    from treasurekit_widgets import AhoyBoard

    board = AhoyBoard(players=2, seed=5)
    assert board.controller.hooks is board and board.state is board.controller.state
    board.click(0)  # before the roll: refused in the notice
    assert board.notice == board.controller.notice and "roll the die" in board.notice
    assert "treasurekit_widgets.controller" in sys.modules
