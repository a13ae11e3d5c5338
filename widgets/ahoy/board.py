"""`AhoyBoard`: play Ahoy Treasures! in JupyterLab against bots.

>>> board = AhoyBoard(players=3, seed=1)
>>> board
AhoyBoard(players=3, ply=0, Red to roll)
>>> _ = board.roll()
>>> board.state.die is not None
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import load_game
from treasurekit.ahoy import AhoyGame, AhoyState, GreedyBot, Pass
from treasurekit.ahoy.analysis import roll_odds

from ..base import HUMAN, GameBoard
from ..controls import Refused, muted, ranking_html
from .controller import AhoyController, AhoyHooks
from .draw import AhoyPicture, Piece, seat_colour

__all__ = ["AhoyBoard"]


class AhoyBoard(AhoyHooks, GameBoard):
    """An Ahoy Treasures! board: roll, click a pirate, and watch the bots answer.

    Args:
        game: a ``treasurekit.load_game("ahoy", ...)`` result, or None to load one
            from ``options`` (``players``, ``variant``, ``overshoot``...).
        seats: ``{seat: "human" or bot}``; default seat 0 human, others ``GreedyBot(seed=seat)``.
        seed: seed of the first game; None (default) picks an unpredictable one.
        auto_roll: roll for human seats too.
        teaching: unlimited Undo (past a reveal, after the end); default off (a
            play board, DESIGN §4).

    Raises:
        TypeError: both ``game`` and options were given.
        OptionError: an option is unknown or has a bad value (from ``load_game``).

    A click on a pirate goes through the shared click path: ``state.moves_at((square,
    seat))`` names the steps it can mean, one after a dot roll (played at once), up to
    five after the ship (choice buttons in words, classes ``tk-choice`` and
    ``tk-ship-choice``, in the fixed-height slot under the picture). A click that
    means nothing shows the engine's ``why_illegal`` reason in that slot. Extra
    classes: ``tk-ahoy-figure``, ``tk-pass``, ``tk-hint`` (toggle) and ``tk-hint-panel``
    (below the controls).
    """

    game: AhoyGame
    state: AhoyState
    controller: AhoyController
    CONTROLLER = AhoyController
    CHOICE_CLASS = "tk-ship-choice"
    CHANCE_WORDS = "the die has been rolled"

    def __init__(
        self,
        game: AhoyGame | None = None,
        seats: Mapping[int, Any] | None = None,
        seed: int | None = None,
        *,
        auto_roll: bool = False,
        teaching: bool = False,
        **options: Any,
    ) -> None:
        if game is None:
            loaded = load_game("ahoy", **options)
            assert isinstance(loaded, AhoyGame)
            game = loaded
        elif options:
            raise TypeError(f"give options to load_game or here, not both: {sorted(options)}")
        self.picture = AhoyPicture(game.board, game.num_players, self._click, self.click_nothing)
        self.pirates = self.picture.pirates
        self.pass_button = w.Button(description="Pass", tooltip="no pirate can move")
        self.pass_button.add_class("tk-pass")
        self.pass_button.on_click(lambda _: self._quietly(lambda: self.play(Pass())))
        self.hint_button = w.ToggleButton(description="Hint", icon="lightbulb-o",
                                          tooltip="what the greedy bot would play, and why")
        self.hint_button.add_class("tk-hint")
        self.hint_panel = w.HTML(layout=w.Layout(display="none", max_width="800px"))
        self.hint_panel.add_class("tk-hint-panel")
        self.hint_button.observe(lambda _: self.guarded(self._refresh), names="value")
        super().__init__(game, seats, seed, auto_roll=auto_roll, teaching=teaching)
        self.layout.max_width = "812px"

    # ----- hooks -------------------------------------------------------------------------
    def default_seats(self) -> dict[int, Any]:
        """Seat 0 human, every other seat ``GreedyBot(seed=seat)``."""
        return {0: HUMAN, **{p: GreedyBot(seed=p) for p in range(1, self.game.num_players)}}

    def _build_main(self) -> list[w.Widget]:
        return [self.picture.figure]

    def _extra_controls(self) -> list[w.Widget]:
        return [self.pass_button, self.hint_button]

    def _panels(self) -> list[w.Widget]:
        return [self.hint_panel, self.picture.letter_css]

    def _sync_widgets(self) -> list[w.Widget]:
        return [*self.picture.marks, self.pass_button, self.hint_panel]

    def seat_colour(self, seat: int) -> str | None:
        return seat_colour(self.game.board, seat)

    def detail(self, state: Any) -> str:
        points = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(state.scores()))
        if state.is_terminal():
            return f"ply {state.ply} · points: {points} · press New game to play again"
        return f"ply {state.ply} · points: {points}"

    def final_text(self, outcome: Any) -> str:
        """The game-over line: the winner first, then everyone's points."""
        names = " and ".join(self.seat_name(p) for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        points = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(outcome.scores))
        return f"Game over: {names} {verb}{outcome.reason}. Points: {points}"

    # ----- clicks ----------------------------------------------------------------------------
    def choose_steps(self, steps: int) -> list[Any]:
        """After a ship roll and a pirate click: move that pirate ``steps`` squares (the
        choice button of that many squares).

        Raises:
            IllegalMoveError: the engine refused it (the reason is shown).
            ValueError: no pirate has been chosen yet (shown in the notice).
        """
        click = self.controller.choose_steps(steps)
        if click.kind == "play":
            return self.play(click.moves[0])
        self._tell(click.reason, click.rule)
        raise Refused(self._notice)

    def click(self, index: int) -> None:
        """Act on a click on pirate ``index`` of ``picture.pieces`` (what a real click does).

        Plays the move if the engine allows it; otherwise shows why not. Never raises
        for a refused move.
        """
        self._click(index)

    def pieces(self) -> list[Piece]:
        """The pirates as drawn, in the order of the clickable scatter's points."""
        return list(self.picture.pieces)

    def _click(self, index: int) -> None:
        self.guarded(lambda: self.click_place(self._piece_place(index)))

    def _piece_place(self, index: int) -> tuple[int, int]:
        piece = self.picture.pieces[index]
        return piece.square, piece.seat

    # ----- drawing ---------------------------------------------------------------------------
    def _render(self, shown: Any, live: bool) -> None:
        seat = self.turn_of(shown)
        c = self.controller
        c.sort_moves(shown, live)
        self.picture.draw(shown.view(c.viewer(shown)), seat, c.movable,
                          c.picked() if c.acting else None, shown.scores())
        self.pass_button.disabled = not c.can_pass
        self.hint_panel.layout.display = "block" if self.hint_button.value else "none"
        if self.hint_button.value:
            self.hint_panel.value = self._hint_html(shown, live)

    def _odds_html(self, shown: Any) -> str:
        """Exact odds of the turn's roll for the seat to move (``roll_odds``)."""
        odds = roll_odds(shown)
        who = html.escape(self.seat_name(odds.seat))
        parts = [
            ("some move stays dry", odds.can_stay_dry),
            ("every move falls in", odds.must_fall),
            ("a pirate can reach the island", odds.can_reach_island),
            ("no move at all", odds.must_pass),
        ]
        items = ", ".join(f"{label} <b>{p}</b>" for label, p in parts if p)
        return (f"<div style='font-size:12.5px;margin-bottom:4px'><b>{who}'s roll</b> "
                f"{muted('(exact odds over the six faces)')}: {items}</div>")

    def _hint_html(self, shown: Any, live: bool) -> str:
        note = self.controller.hint_note(shown, live)
        if note is not None:
            return muted(note)
        odds = self._odds_html(shown)
        if shown.is_chance_node():
            return odds + muted("Roll, and the hint ranks the moves the die allows.")
        rows = GreedyBot().explain(shown)
        note = "(best first; score = sum of the reasons)"
        return odds + ranking_html(rows, lambda m: self.move_phrase(m, shown), note)
