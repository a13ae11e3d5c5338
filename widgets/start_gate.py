"""A board that waits for a Start button outside it (a play app's form; issue 24).

A play app shows a board before its **Start** is pressed: the board of the form's
default seats, so the page is not empty. Until Start, that board is not a game in play:

* its status says what to do (:data:`BEFORE_START`: "Choose the seats, then press
  Start") instead of "Your turn";
* a click on its picture, a press of one of its buttons (Roll, Keep, a choice...) or
  Enter in its "Your moves" list is answered in words in the notice (read out as an
  alert), and nothing is played;
* a move played from code (``board.play(...)`` in a cell, not a click in the browser:
  :func:`~.stepping.from_the_browser`) starts the game on this board: a cell's author
  plays on purpose.

Start builds a new board, which does not wait. :class:`StartGate` is a part of
:class:`~treasurekit_widgets.base.GameBoard`.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from . import stepping
from .controls import Refused, status_html

if TYPE_CHECKING:
    from treasurekit.core.game import State

__all__ = ["BEFORE_START", "StartGate"]

#: What the status of a board waiting for Start says.
BEFORE_START = "Choose the seats, then press Start"


class StartGate:
    """Whether the board waits for a Start outside it, and what it says meanwhile."""

    if TYPE_CHECKING:
        def _tell(self, notice: str, rule: str | None = None) -> None: ...

        def _refresh(self) -> None: ...

        def detail(self, state: State[Any]) -> str: ...

    _before_start: str

    def _init_start_gate(self) -> None:
        self._before_start = ""

    def wait_for_start(self, words: str = BEFORE_START) -> None:
        """Make the board wait for a Start button outside it (see the module docstring);
        ``words`` are what the status says meanwhile ("" stops waiting)."""
        self._before_start = words
        self._refresh()

    @property
    def waiting_for_start(self) -> str:
        """What the status says while the board waits for Start ("" once it is a game)."""
        return self._before_start

    def start_words(self) -> str:
        """The answer to a click or a key while the board waits for Start ("" if it does
        not wait)."""
        if not self._before_start:
            return ""
        return f"{self._before_start}: the game begins then (nothing was played)"

    def start_problem(self) -> str | None:
        """Why a click or a key in the browser acts on nothing (None: it may act): the
        board waits for Start. From code (a cell), None: code may play on this board."""
        words = self.start_words()
        return words if words and stepping.from_the_browser() else None

    def _check_started(self) -> None:
        """Called by ``play`` and ``roll`` first: while the board waits for Start, a press
        in the browser is refused in the notice; a move from code starts the game.

        Raises:
            ValueError: a press in the browser before Start (the notice says so).
        """
        problem = self.start_problem()
        if problem is not None:
            self._tell(problem)
            raise Refused(problem)
        self._before_start = ""

    def _start_status(self, shown: State[Any]) -> str:
        """The status while the board waits for Start ("" when it does not)."""
        if not self._before_start:
            return ""
        return status_html(f"<b>{html.escape(self._before_start)}</b>",
                           f"{self.detail(shown)} · the board shows the first position; "
                           "nothing is played before Start")
