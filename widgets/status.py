"""The status area of :class:`~treasurekit_widgets.base.GameBoard`: whose turn it is, what
the human can do now, what befell the human's seat, and how the game ended.

:class:`StatusText` holds the hooks a game's board overrides to say it in its own words
(``seat_colour``, ``prompt``, ``detail``, ``final_text``; ``turn_of`` and ``seat_name``
are :class:`~.controller.Hooks`', the controller's too)
and builds the three fixed lines of the status (:func:`~.controls.status_html`), the
finished game's verdict for a lone human, the board's short summary and the seed note.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from .controls import status_html

if TYPE_CHECKING:
    import ipywidgets as w  # type: ignore[import-untyped]

    from treasurekit import Outcome
    from treasurekit.core.game import Game, State

    from .controller import BoardController

__all__ = ["MOVE_TIP", "PLY_TIP", "StatusText"]

#: Tooltip of the status's "ply N": what is counted.
PLY_TIP = ("a ply is one roll of the dice or one move; the log and the Replay slider "
           "number them the same way")
MOVE_TIP = PLY_TIP  # the former name


class StatusText:
    """What the status says, in words; every method may be overridden by a board."""

    # provided by GameBoard
    game: Game[Any]
    state: State[Any]
    seed: int
    roll_button: w.Button
    controller: BoardController

    if TYPE_CHECKING:
        def turn_of(self, state: State[Any]) -> int | None: ...

        def seat_name(self, seat: int) -> str: ...

        def is_human(self, seat: int | None) -> bool: ...

        def shown_state(self) -> State[Any]: ...

    def seat_colour(self, seat: int) -> str | None:
        """A CSS colour for the seat's chip in the status line, or None."""
        return None

    def prompt(self, state: State[Any]) -> str:
        """HTML telling the player to move what to do (the game is live and not over)."""
        seat = self.turn_of(state)
        if seat is None:
            return "Chance to play"
        who = html.escape(self.seat_name(seat))
        if not self.is_human(seat):
            return f"{who} (bot) to {'roll' if state.is_chance_node() else 'move'}"
        if state.is_chance_node():
            return f"Your turn, {who}: press <b>{html.escape(self.roll_button.description)}</b>"
        return f"Your turn, {who}: make your move"

    def detail(self, state: State[Any]) -> str:
        """Plain text under the prompt (one line): by default the number of moves played.

        The last event gets a line of its own (see :meth:`_status_html`).
        """
        return f"ply {state.ply}"

    def final_text(self, outcome: Outcome) -> str:
        """The game-over line, from the engine's outcome."""
        scores = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(outcome.scores))
        names = " and ".join(self.seat_name(p) for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        return f"Game over: {outcome.termination}. {scores}. {names} {verb}{outcome.reason}."

    def _last_event(self, ply: int) -> str:
        for events in reversed(self.controller.entries[:ply]):
            if events:
                return events[-1].text
        return ""

    def _seed_note_html(self) -> str:
        """The finished game's seed (a secret while the game is on: it fixes every draw)."""
        # nowrap: the controls row is narrow; "seed hidden" broken over two lines looked
        # like two labels
        if self.state.is_terminal():
            return (f"<span class='tk-muted' style='white-space:nowrap' title='type it in the "
                    f"Seed box to deal this game again'>this game's seed: {self.seed}</span>")
        return ("<span class='tk-muted' style='white-space:nowrap' title='the seed fixes every "
                "die and draw to come, so it is shown when the game is over'>seed hidden</span>")

    def _status_html(self, shown: State[Any], live: bool, seat: int | None) -> str:
        last = self._last_event(shown.ply)
        if not live:
            return status_html(
                f"Replay: the position after ply {shown.ply} of {self.state.ply}",
                "read-only; drag the slider to the end to play on", last)
        news = "; ".join(self.controller.news) if shown.ply == self.state.ply else ""
        outcome = shown.outcome()
        if outcome is not None:
            final = " ".join(t for t in (self.final_text(outcome), self.verdict(outcome)) if t)
            return status_html(html.escape(final), self.detail(shown), last,
                               detail_tip=PLY_TIP, news=news)
        colour = self.seat_colour(seat) if seat is not None else None
        return status_html(self.prompt(shown), self.detail(shown), last, colour,
                           detail_tip=PLY_TIP, news=news)

    def thinking_html(self, seat: int) -> str:
        """The status while the bot of ``seat`` chooses its move (issue 26.5): who is
        thinking, the ply, the last event."""
        who = html.escape(self.seat_name(seat))
        state = self.state
        return status_html(f"{who} (bot) is thinking…", self.detail(state),
                           self._last_event(state.ply), self.seat_colour(seat),
                           detail_tip=PLY_TIP)

    def verdict(self, outcome: Outcome) -> str:
        """For a board with one human seat: "You (Red) won." / "You (Red) lost." ("" else,
        or when :meth:`final_text` already says it)."""
        humans = [p for p in range(self.game.num_players) if self.is_human(p)]
        if len(humans) != 1 or "You " in self.final_text(outcome):
            return ""
        me = humans[0]
        who = f"You ({self.seat_name(me)})"
        if me in outcome.winners:
            return f"{who} {'share the win' if len(outcome.winners) > 1 else 'won'}."
        return f"{who} lost."

    def summary(self) -> str:
        """A few words on the live position: "Blue to move", "Red to roll", "game over"."""
        state = self.state
        if state.is_terminal():
            return "game over"
        seat = self.turn_of(state)
        who = self.seat_name(seat) if seat is not None else "chance"
        return f"{who} to {'roll' if state.is_chance_node() else 'move'}"
