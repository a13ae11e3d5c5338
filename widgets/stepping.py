"""Seats and bot stepping of :class:`~treasurekit_widgets.base.GameBoard`.

:class:`BotStepping` holds who sits where (a human, played through the widget, or a
bot with ``choose(state)``) and plays the automatic plies after every change of the
live state: bots' moves, and chance on a bot's turn (or on every turn with
``auto_roll``). For a click in the browser (:func:`from_the_browser`) the human's own
move is drawn at once and each bot move after it, each left on screen for
:attr:`BotStepping.BOT_PAUSE_S`; called from a cell's code, the board redraws once.
What befell a human seat during the bots' plies is kept for the status
(:attr:`BotStepping.news`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .updates import assign

if TYPE_CHECKING:
    from treasurekit import Event
    from treasurekit.core.game import Game, State

__all__ = ["HUMAN", "BotStepping", "from_the_browser"]

#: The seat-map value for a seat played through the widget.
HUMAN = "human"


def from_the_browser() -> bool:
    """True while the kernel handles a message from a widget in the browser (a click),
    False in a cell's code or outside a kernel.

    A board shows each step of a click's answer as it is played only then: a notebook
    cell that plays a whole game through the API redraws once per call, as before.
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets depends on IPython
        return False
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None or not hasattr(kernel, "get_parent"):
        return False
    parent = kernel.get_parent() or {}
    return bool(parent.get("header", {}).get("msg_type") == "comm_msg")


class BotStepping:
    """The seats of a board and the automatic plies that follow a human's action."""

    #: Automatic plies allowed after one change (a guard against a bot that never ends).
    MAX_AUTO_PLIES = 10_000
    #: Seconds each bot move stays on screen before the next one is drawn, when a click
    #: in the browser started them (a move drawn sooner is never seen). The human's own
    #: move is drawn at once, before any bot plays.
    BOT_PAUSE_S = 0.12

    # provided by GameBoard
    game: Game[Any]
    state: State[Any]
    seats: dict[int, Any]
    auto_roll: bool
    _entries: list[tuple[Event, ...]]
    _movers: list[int]
    _news: list[str]
    _shown_at: float

    if TYPE_CHECKING:
        def turn_of(self, state: State[Any]) -> int | None: ...

        def seat_name(self, seat: int) -> str: ...

        def thinking_html(self, seat: int) -> str: ...

        status: Any

        def _apply(self, act: Any) -> list[Event]: ...

        def _on_change(self) -> None: ...

        def _refresh(self) -> None: ...

        def add_class(self, name: str) -> Any: ...

        def remove_class(self, name: str) -> Any: ...

    def concerns(self, event: Event, seat: int) -> bool:
        """True if ``event`` (played by a bot or chance) befell human seat ``seat``: it
        stays in the status until the human acts. Default: the event names the seat."""
        name = self.seat_name(seat)
        return bool(name) and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", event.text,
                                        re.IGNORECASE) is not None

    def _check_seats(self, seats: Mapping[int, Any]) -> dict[int, Any]:
        n = self.game.num_players
        out: dict[int, Any] = {p: HUMAN for p in range(n)}
        for seat, who in seats.items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"seat {seat!r} is not a seat of this game (0-{n - 1})")
            if who != HUMAN and not callable(getattr(who, "choose", None)):
                raise TypeError(f"seat {seat}: expected 'human' or a bot with choose(state), "
                                f"got {who!r}")
            out[seat] = who
        return out

    def is_human(self, seat: int | None) -> bool:
        """True if ``seat`` is played through the widget (None, i.e. nobody's, is not)."""
        return seat is not None and self.seats.get(seat) == HUMAN

    def _auto_ply(self) -> Any:
        """The next automatic ply as a function that plays it (a bot's move, chance on a
        bot's turn or with auto_roll), or None when a human acts or the game is over."""
        if not self._auto_ply_follows():
            return None
        state = self.state
        if state.is_chance_node():
            return state.resolve_chance
        seat = self.turn_of(state)
        assert seat is not None  # _auto_ply_follows: a bot's seat is to move
        choice = self.seats[seat].choose(state.copy())
        return lambda: self.state.play(choice)

    def _advance(self, step_by_step: bool = False) -> None:
        """Let bots (and chance on their turns, or with auto_roll) play until a human acts.

        ``step_by_step``: redraw after each bot move (not after a bot's roll alone), each
        left on screen at least :attr:`BOT_PAUSE_S` before the next one is drawn.
        """
        for _ in range(self.MAX_AUTO_PLIES):
            chance = self.state.is_chance_node()
            if step_by_step and not chance:
                self._say_thinking()
            act = self._auto_ply()
            if act is None:
                return
            self._apply(act)
            if step_by_step and not chance and self._auto_ply_follows():
                self._show_step()
        raise RuntimeError(f"bots played {self.MAX_AUTO_PLIES} plies without a human turn")

    def _say_thinking(self) -> None:
        """Before a bot chooses, in a click's step-by-step replies: the status says who is
        thinking (:meth:`~.status.StatusText.thinking_html`), unless a hot-seat cover is
        up or no bot is to move."""
        seat = self.turn_of(self.state)
        if seat is None or self.is_human(seat) or getattr(self, "covered", False) \
                or self.state.is_terminal():
            return
        assign(self.status, value=self.thinking_html(seat))

    def _auto_ply_follows(self) -> bool:
        """True if an automatic ply comes next: chance on a bot's turn (or with auto_roll,
        or nobody's), or a bot's move. No bot is asked to choose."""
        state = self.state
        if state.is_terminal():
            return False
        seat = self.turn_of(state)
        if state.is_chance_node():
            return not self.is_human(seat) or seat is None or self.auto_roll
        return seat is not None and not self.is_human(seat)

    def _show_step(self) -> None:
        """Redraw now, after the previous step has been on screen for BOT_PAUSE_S."""
        wait = self.BOT_PAUSE_S - (time.monotonic() - self._shown_at)
        if wait > 0:
            time.sleep(wait)
        self._on_change()
        self._refresh()
        self._shown_at = time.monotonic()

    def _after_change(self) -> None:
        """Redraw after a change of the live state, bots' replies included.

        For a click in the browser, the human's own move is drawn first, then each bot
        move as it is played (:meth:`_show_step`); called from code (a notebook cell), the
        board redraws once, when the bots are done. What befell a human seat during the
        bots' plies is kept in :attr:`news` for the status.
        """
        start = len(self._entries)
        self._news = []  # a human acted (or the game changed): older news is stale
        if from_the_browser() and self._auto_ply_follows():
            # tk-busy: the bots are playing (tests and styles can wait for it); set before
            # the human's move is drawn, so whoever sees that move sees the class too
            self.add_class("tk-busy")
            try:
                self._on_change()
                self._refresh()  # the human's move, at once
                self._shown_at = time.monotonic()
                try:
                    self._advance(step_by_step=True)
                finally:
                    self._news = self._news_since(start)
                self._show_step()
            finally:
                self.remove_class("tk-busy")
            return
        try:
            self._advance()
        finally:
            self._news = self._news_since(start)
        self._on_change()
        self._refresh()

    def _news_since(self, start: int) -> list[str]:
        """Texts of the events since ply ``start`` that befell a human seat, played by
        bots or chance (the human's own plies are in "last:")."""
        humans = [p for p in range(self.game.num_players) if self.is_human(p)]
        if not humans:
            return []
        news: list[str] = []
        for mover, events in zip(self._movers[start:], self._entries[start:], strict=True):
            if self.is_human(mover):
                news = []  # the human acted since: older news is stale
                continue
            news += [e.text for e in events if any(self.concerns(e, p) for p in humans)]
        if self.state.is_terminal() and len(self._entries) > start and self._entries[-1]:
            last = self._entries[-1][-1].text  # the game ended during the bots' plies: why
            if last not in news:
                news.append(last)
        return news

    @property
    def news(self) -> list[str]:
        """What happened to a human seat during the bots' plies since the human's last
        action (event texts, oldest first); shown in the status until the human acts."""
        return list(self._news)
