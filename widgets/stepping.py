"""Bot stepping of :class:`~treasurekit_widgets.base.GameBoard`, as the view draws it.

The controller (:mod:`.controller`) holds who sits where (a human, played through the
widget, or a bot with ``choose(state)``) and plays the automatic plies after every
change of the live state: bots' moves, and chance on a bot's turn (or on every turn with
``auto_roll``). For a click in the browser (:func:`from_the_browser`) the human's own
move is drawn at once and each bot move after it, each left on screen for
:attr:`BotStepping.BOT_PAUSE_S`; called from a cell's code, the board redraws once.
What befell a human seat during the bots' plies is kept for the status
(:attr:`BotStepping.news`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .controller import HUMAN
from .updates import assign

if TYPE_CHECKING:
    from treasurekit.core.game import State

    from .controller import BoardController

__all__ = ["HUMAN", "BotStepping", "from_the_browser"]

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
    """The view of the automatic plies after a human's action: what the status says while
    a bot thinks, and each bot move drawn as it is played for a click in the browser.
    Who sits where and which ply comes next are the controller's
    (:class:`~.controller.BoardController`: ``seats``, ``auto_ply``, ``news_since``)."""

    #: Seconds each bot move stays on screen before the next one is drawn, when a click
    #: in the browser started them (a move drawn sooner is never seen). The human's own
    #: move is drawn at once, before any bot plays.
    BOT_PAUSE_S = 0.12

    # provided by GameBoard
    controller: BoardController
    _shown_at: float

    if TYPE_CHECKING:
        def turn_of(self, state: State[Any]) -> int | None: ...
        def thinking_html(self, seat: int) -> str: ...
        status: Any
        def _on_change(self) -> None: ...
        def _refresh(self) -> None: ...
        def add_class(self, name: str) -> Any: ...
        def remove_class(self, name: str) -> Any: ...

    def is_human(self, seat: int | None) -> bool:
        """True if ``seat`` is played through the widget (None, i.e. nobody's, is not)."""
        return self.controller.is_human(seat)

    def _advance(self, step_by_step: bool = False) -> None:
        """Let bots (and chance on their turns, or with auto_roll) play until a human acts.
        ``step_by_step``: redraw after each bot move (not after a bot's roll alone), each
        left on screen at least :attr:`BOT_PAUSE_S` before the next one is drawn.
        """
        if not step_by_step:
            self.controller.advance()
            return
        self.controller.advance(
            before=lambda chance: None if chance else self._say_thinking(),
            after=lambda chance: None if chance else self._show_step())

    def _say_thinking(self) -> None:
        """Before a bot chooses, in a click's step-by-step replies: the status says who is
        thinking (:meth:`~.status.StatusText.thinking_html`), unless a hot-seat cover is
        up or no bot is to move."""
        c = self.controller
        seat = self.turn_of(c.state)
        if seat is None or c.is_human(seat) or c.covered or c.state.is_terminal():
            return
        assign(self.status, value=self.thinking_html(seat))

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
        c = self.controller
        start = len(c.entries)
        c.news = []  # a human acted (or the game changed): older news is stale
        if from_the_browser() and c.auto_ply_follows():
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
                    c.news = c.news_since(start)
                self._show_step()
            finally:
                self.remove_class("tk-busy")
            return
        try:
            self._advance()
        finally:
            c.news = c.news_since(start)
        self._on_change()
        self._refresh()

    @property
    def news(self) -> list[str]:
        """What happened to a human seat during the bots' plies since the human's last
        action (event texts, oldest first); shown in the status until the human acts."""
        return list(self.controller.news)
