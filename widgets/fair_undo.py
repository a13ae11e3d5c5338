"""Fair Undo for :class:`~treasurekit_widgets.base.GameBoard` (DESIGN §4 Play conventions).

On a play board (``teaching=False``, the default) Undo takes back only plies that
revealed nothing new to any human seat, and never reopens a finished game. A ply
*reveals* when

* it was a chance move (a die rolled, a card turned over or dealt): the draw is a pure
  function of the seed and the ply, so taking it back and playing again would show the
  same outcome ahead of time;
* the board's game says so (:meth:`FairUndo.reveal_of`, e.g. a Treasure Island (2018)
  search, whose answer depends on where the treasure lies);
* or, checked through the engine, what a human seat sees after it depends on what that
  seat could not know before: the position before the ply is re-dealt for the seat
  (``state.determinize``), the same move is played on both, and the seat's views after
  it differ (or the move cannot be played on the twin).

Teaching mode (``teaching=True``) keeps unlimited Undo, after the end too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .controller import NOTHING_TO_UNDO

if TYPE_CHECKING:
    from .controller import BoardController

__all__ = ["NOTHING_TO_UNDO", "FairUndo"]


class FairUndo:
    """The fair-Undo words of a board (:attr:`CHANCE_WORDS`; its ``reveal_of`` hook is
    :class:`~.controller.Hooks`') and its teaching switch; :meth:`undo_blocker` asks the
    controller why Undo is refused now (:meth:`~.controller.BoardController.undo_blocker`:
    the rule itself)."""

    #: How a chance ply is named in a refusal ("the die has been rolled").
    CHANCE_WORDS = "a chance outcome has been drawn"

    # provided by GameBoard
    controller: BoardController
    _teaching: bool | None

    @property
    def teaching(self) -> bool:
        """Teaching mode: unlimited Undo (past reveals and after the end). Off by default."""
        return bool(self._teaching)

    @teaching.setter
    def teaching(self, on: bool) -> None:
        self._teaching = bool(on)

    def undo_blocker(self) -> str | None:
        """Why Undo is refused now, or None if it may take back the plies since the last
        human decision (a notice: "cannot take back: the die has been rolled since ...")."""
        return self.controller.undo_blocker()
