"""`AhoyController`: what the Ahoy Treasures! board decides, with no widget.

Issue 25 point 6. :class:`AhoyHooks` are the board's words and what a click on a pirate
means (the seat to move, also before its roll; the engine's reason a click moves
nothing; a step in words); :class:`AhoyController` adds the ship roll's step choice
(:meth:`~AhoyController.picked`: the pirate whose steps the choice offers;
:meth:`~AhoyController.choose_steps`), which pirates may move, whether Pass may be
pressed and the hint's note. :class:`~treasurekit_widgets.ahoy.AhoyBoard` is the view.

>>> from treasurekit import load_game
>>> c = AhoyController(load_game("ahoy", players=2), {}, seed=1)
>>> c.hooks.prompt(c.state)
'Your turn, Red: roll the die (press <b>Roll the die</b>)'
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from treasurekit.ahoy import SHIP, AhoyGame, AhoyState, Pass, Step
from treasurekit.ahoy import rules as ahoy_rules
from treasurekit.core.game import Game

from ..controller import HUMAN, BoardController, Click, Hooks
from ..places import pair

__all__ = ["AhoyController", "AhoyHooks"]


class AhoyHooks(Hooks):
    """Ahoy's words and clicks, for :class:`AhoyController` (the board's are these)."""

    controller: AhoyController

    def turn_of(self, state: Any) -> int | None:
        """The seat whose turn it is, also before its roll; None once the game is over."""
        if state.is_terminal():
            return None
        player = state.current_player
        return player if player >= 0 else int(state.turn)

    def seat_name(self, seat: int) -> str:
        return str(self.controller.state.colour(seat))

    def prompt(self, state: Any) -> str:
        seat = self.turn_of(state)
        if seat is None:
            return "Game over"
        name = html.escape(self.seat_name(seat))
        if not self.controller.is_human(seat):
            return f"{name} (bot) to {'roll' if state.is_chance_node() else 'move'}"
        if state.is_chance_node():
            return f"Your turn, {name}: roll the die (press <b>Roll the die</b>)"
        die = state.view(seat).die
        rolled = "the pirate ship" if die == SHIP else str(die)
        if state.legal_moves() == [Pass()]:
            return (f"Your turn, {name}: you rolled {rolled}, but none of your pirates can "
                    "move: press <b>Pass</b>")
        if die != SHIP:
            squares = f"{die} square{'s' if die != 1 else ''}"
            # (short enough for one line of the 800 px board: a prompt too long wraps)
            return (f"Your turn, {name}: you rolled {rolled}: click a pirate with an orange "
                    f"ring to move it {squares}")
        source = self.controller.picked()
        if source is None:
            return (f"Your turn, {name}: you rolled the ship: click a pirate with an orange "
                    "ring, then choose 1 to 5 squares")
        return (f"Your turn, {name}: the ship: how many squares for the pirate on "
                f"{self._where(source)}? Choose below")

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on pirate ``place`` = ``(square, seat)`` moves nothing."""
        if self.controller.state.is_chance_node():
            who = self.seat_name(int(self.controller.state.turn))
            return f"{who} must roll the die first: press Roll the die", ahoy_rules.DIE
        return super().nothing_here(pair(place))  # _click passes (square, seat)

    def describe_move(self, move: Any) -> str:
        """A choice button's words: "Move Red's pirate 3 squares to square 12"."""
        if not isinstance(move, Step):
            return self.move_phrase(move)
        who = self.seat_name(int(self.controller.state.turn))
        count = f"{move.steps} square{'s' if move.steps != 1 else ''}"
        target = self.controller.state.target(move.source, move.steps)
        island = self.controller.game.board.island_square
        goal = ("Buccaneer Island" if target == island else "the start" if target == 0
                else f"square {target}")
        return f"Move {who}'s pirate {count} to {goal}"

    def choice_title(self, place: object, moves: Any) -> str:
        square, _ = pair(place)  # _click passes (square, seat)
        return f"Ship: how far from {self._where(square)}?"

    def _where(self, square: int) -> str:
        return "the starting square" if square == 0 else f"square {square}"

    def move_phrase(self, move: Any, state: Any = None) -> str:
        """A move in words: ``move 9 4`` is "square 9 → 13 (4 squares)".

        The destination comes from the engine (so the bounce-back overshoot option is
        followed); a roll or a pass is named as is.
        """
        if not isinstance(move, Step):
            return "no pirate can move: pass" if isinstance(move, Pass) else str(move)
        state = self.controller.state if state is None else state
        target = state.target(move.source, move.steps)
        island = self.controller.game.board.island_square
        origin = "start" if move.source == 0 else f"square {move.source}"
        if target is None:
            goal = "past Buccaneer Island"
        elif target == island:
            goal = "Buccaneer Island"
        else:
            goal = str(target) if move.source else f"square {target}"
        count = f"{move.steps} square{'s' if move.steps != 1 else ''}"
        return f"{origin} → {goal} ({count})"


class AhoyController(BoardController):
    """The board's controller, and the ship roll's step choice.

    :meth:`sort_moves` sets, for the position on display: :attr:`acting` (the human to
    move has rolled), :attr:`movable` (the squares of the pirates a click moves) and
    :attr:`can_pass` (Pass is the only move).
    """

    hooks: AhoyHooks
    game: AhoyGame
    state: AhoyState

    def __init__(self, game: Game[Any], seats: Mapping[int, Any] | None, seed: int,
                 hooks: AhoyHooks | None = None, **kwargs: Any) -> None:
        super().__init__(game, seats, seed, hooks if hooks is not None else AhoyHooks(),
                         **kwargs)
        self.acting = False
        self.movable: set[int] = set()
        self.can_pass = False

    def picked(self) -> int | None:
        """The square of the pirate whose steps the choice buttons offer (after the ship),
        or None."""
        offered = self.offered
        return offered[0].source if offered and isinstance(offered[0], Step) else None

    def choose_steps(self, steps: int) -> Click:
        """What choosing ``steps`` squares for the picked pirate means (after a ship roll
        and a pirate click): a ``"play"``, or a ``"notice"`` if no pirate is picked."""
        source = self.picked()
        if source is None:
            return Click("notice", reason="click a pirate first, then choose how many squares")
        return Click("play", (Step(source, steps),))

    def first_human(self) -> int:
        """The first human seat (0 if none): whose view is drawn on a bot's turn."""
        return next((p for p, who in sorted(self.seats.items()) if who == HUMAN), 0)

    def viewer(self, shown: AhoyState) -> int:
        """The seat whose view of ``shown`` is drawn: the human to move, else the first
        human seat."""
        seat = self.hooks.turn_of(shown)
        return seat if seat is not None and self.is_human(seat) else self.first_human()

    def sort_moves(self, shown: AhoyState, live: bool) -> None:
        """What a click may do on ``shown`` (``live``: the live position)."""
        seat = self.hooks.turn_of(shown)
        view = shown.view(self.viewer(shown))
        self.acting = (live and seat is not None and self.is_human(seat)
                       and view.die is not None)
        moves: Sequence[Any] = shown.legal_moves() if self.acting else []
        self.movable = {m.source for m in moves if isinstance(m, Step)}
        self.can_pass = self.acting and list(moves) == [Pass()]
        self.changed.add("choices")

    def hint_note(self, shown: AhoyState, live: bool) -> str | None:
        """Why the hint panel shows no ranking (nor odds) now, or None."""
        if not live:
            return "Hints are for the live position."
        if shown.is_terminal():
            return "The game is over."
        return None
