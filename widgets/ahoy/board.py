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
from treasurekit.ahoy import SHIP, AhoyGame, AhoyState, GreedyBot, Pass, Step
from treasurekit.ahoy import rules as ahoy_rules
from treasurekit.ahoy.analysis import roll_odds

from ..base import HUMAN, GameBoard
from ..clicks import pair
from ..controls import Refused, muted, ranking_html
from .draw import AhoyPicture, Piece, seat_colour

__all__ = ["AhoyBoard"]


class AhoyBoard(GameBoard):
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

    def turn_of(self, state: Any) -> int | None:
        """The seat whose turn it is, also before its roll; None once the game is over."""
        if state.is_terminal():
            return None
        player = state.current_player
        return player if player >= 0 else int(state.turn)

    def seat_name(self, seat: int) -> str:
        return str(self.state.colour(seat))

    def seat_colour(self, seat: int) -> str | None:
        return seat_colour(self.game.board, seat)

    def prompt(self, state: Any) -> str:
        seat = self.turn_of(state)
        if seat is None:
            return "Game over"
        name = html.escape(self.seat_name(seat))
        if not self.is_human(seat):
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
        source = self._picked()
        if source is None:
            return (f"Your turn, {name}: you rolled the ship: click a pirate with an orange "
                    "ring, then choose 1 to 5 squares")
        return (f"Your turn, {name}: the ship: how many squares for the pirate on "
                f"{self._where(source)}? Choose below")

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
        source = self._picked()
        if source is None:
            self._tell("click a pirate first, then choose how many squares")
            raise Refused(self._notice)
        return self.play(Step(source, steps))

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

    def _picked(self) -> int | None:
        """The square of the pirate whose steps the choice buttons offer (after the ship)."""
        offered = self.offered()
        return offered[0].source if offered and isinstance(offered[0], Step) else None

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on pirate ``place`` = ``(square, seat)`` moves nothing."""
        if self.state.is_chance_node():
            who = self.seat_name(int(self.state.turn))
            return f"{who} must roll the die first: press Roll the die", ahoy_rules.DIE
        return super().nothing_here(pair(place))  # _click passes (square, seat)

    def describe_move(self, move: Any) -> str:
        """A choice button's words: "Move Red's pirate 3 squares to square 12"."""
        if not isinstance(move, Step):
            return self.move_phrase(move)
        who = self.seat_name(int(self.state.turn))
        count = f"{move.steps} square{'s' if move.steps != 1 else ''}"
        target = self.state.target(move.source, move.steps)
        island = self.game.board.island_square
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
        state = self.state if state is None else state
        target = state.target(move.source, move.steps)
        island = self.game.board.island_square
        origin = "start" if move.source == 0 else f"square {move.source}"
        if target is None:
            goal = "past Buccaneer Island"
        elif target == island:
            goal = "Buccaneer Island"
        else:
            goal = str(target) if move.source else f"square {target}"
        count = f"{move.steps} square{'s' if move.steps != 1 else ''}"
        return f"{origin} → {goal} ({count})"

    # ----- drawing ---------------------------------------------------------------------------
    def _render(self, shown: Any, live: bool) -> None:
        seat = self.turn_of(shown)
        viewer = seat if seat is not None and self.is_human(seat) else self._first_human()
        view = shown.view(viewer)
        acting = live and seat is not None and self.is_human(seat) and view.die is not None
        moves = shown.legal_moves() if acting else []
        movable = {m.source for m in moves if isinstance(m, Step)}
        self.picture.draw(view, seat, movable, self._picked() if acting else None,
                          shown.scores())
        self.pass_button.disabled = not (acting and moves == [Pass()])
        self.hint_panel.layout.display = "block" if self.hint_button.value else "none"
        if self.hint_button.value:
            self.hint_panel.value = self._hint_html(shown, live)

    def _first_human(self) -> int:
        return next((p for p, who in sorted(self.seats.items()) if who == HUMAN), 0)

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
        if not live:
            return muted("Hints are for the live position.")
        if shown.is_terminal():
            return muted("The game is over.")
        odds = self._odds_html(shown)
        if shown.is_chance_node():
            return odds + muted("Roll, and the hint ranks the moves the die allows.")
        rows = GreedyBot().explain(shown)
        note = "(best first; score = sum of the reasons)"
        return odds + ranking_html(rows, lambda m: self.move_phrase(m, shown), note)
