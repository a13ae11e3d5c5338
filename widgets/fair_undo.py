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

import random
from typing import TYPE_CHECKING, Any

from treasurekit.core.events import CHANCE

if TYPE_CHECKING:
    from treasurekit import Event
    from treasurekit.core.game import Game, State

__all__ = ["NOTHING_TO_UNDO", "FairUndo"]

#: How a refusal starts when no human decision has been played (the button is then off).
NOTHING_TO_UNDO = "nothing to take back"

#: Plies whose reveal check is kept (a cache, keyed by the history up to the ply).
_CACHE_SIZE = 512


class FairUndo:
    """The fair-Undo rule of a board: :meth:`undo_blocker` says why Undo is refused now."""

    #: How a chance ply is named in a refusal ("the die has been rolled").
    CHANCE_WORDS = "a chance outcome has been drawn"

    # provided by GameBoard
    game: Game[Any]
    state: State[Any]
    _entries: list[tuple[Event, ...]]
    _movers: list[int]
    _teaching: bool | None

    if TYPE_CHECKING:
        def is_human(self, seat: int | None) -> bool: ...

        def seat_name(self, seat: int) -> str: ...

        @property
        def facing_seat(self) -> int: ...

        def hot_seat(self) -> bool: ...

    @property
    def teaching(self) -> bool:
        """Teaching mode: unlimited Undo (past reveals and after the end). Off by default."""
        return bool(self._teaching)

    @teaching.setter
    def teaching(self, on: bool) -> None:
        self._teaching = bool(on)

    def reveal_of(self, before: State[Any], move: Any) -> str | None:
        """Hook: what ``move``, played at ``before``, shows that was hidden (words for
        "cannot take back: ... since"), or None. Default: None (the engine checks do)."""
        return None

    def undo_blocker(self) -> str | None:
        """Why Undo is refused now, or None if it may take back the plies since the last
        human decision (a notice: "cannot take back: the die has been rolled since ...")."""
        humans = [i for i, p in enumerate(self._movers) if p >= 0 and self.is_human(p)]
        if not humans:
            return f"{NOTHING_TO_UNDO}: no human move has been played yet"
        if self.teaching:
            return None
        if getattr(self, "covered", False):  # hot seat: the screen is passed to the next human
            return ("cannot take back: the screen is covered; the next player presses "
                    "the pass button first")
        if self.state.is_terminal():
            return "cannot take back: the game is over, and a finished game is final"
        last = humans[-1]
        if self.hot_seat() and self._movers[last] != self.facing_seat:
            return (f"cannot take back: the last move was {self.seat_name(self._movers[last])}'s,"
                    " not yours")
        for ply in range(last, len(self._movers)):
            reveal = self._reveal(ply)
            if reveal:
                return f"cannot take back: {reveal}"
        return None

    def _reveal(self, ply: int) -> str | None:
        """What ply ``ply`` (0-based) revealed, or None; cached by the history up to it."""
        history = self.state.history
        key = history[: ply + 1]
        cache: dict[Any, str | None] = self.__dict__.setdefault("_reveal_cache", {})
        if key in cache:
            return cache[key]
        before = self.state.copy()
        while before.ply > ply:
            before.undo()
        found = self._find_reveal(before, history[ply], ply)
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        cache[key] = found
        return found

    def _find_reveal(self, before: State[Any], move: Any, ply: int) -> str | None:
        events = self._entries[ply] if ply < len(self._entries) else ()
        said = f" ({events[-1].text})" if events else ""
        if before.is_chance_node() or self._movers[ply] == CHANCE:
            return f"{self.CHANCE_WORDS} since{said}"
        told = self.reveal_of(before, move)
        if told:
            return f"{told} since{said}"
        for seat in range(self.game.num_players):
            if self.is_human(seat) and self._shows_hidden(before, move, seat, ply):
                return f"{self.seat_name(seat)} has seen something hidden since{said}"
        return None

    @staticmethod
    def _shows_hidden(before: State[Any], move: Any, seat: int, ply: int) -> bool:
        """True if ``seat``'s view after ``move`` depends on what the seat could not know
        before it (the engine's ``determinize`` twin sees something else)."""
        twin = before.determinize(seat, random.Random(ply))
        if twin.view(seat) != before.view(seat):
            return False  # the game's determinize is not view-exact: no comparison
        after = before.copy()
        after.apply(move)
        try:
            twin.play(move)
        except Exception:  # refused on the twin: the move depends on secrets
            return True
        return bool(twin.view(seat) != after.view(seat))
