"""`TI2018Controller`: what the Treasure Island (2018) board decides, with no widget.

The shared :class:`~treasurekit_widgets.controller.BoardController` decides what a click
on the map means; this one adds the "Your move" box's decisions (issue 25 point 6): which
moves are buttons (every move without a map point but Done, at most :data:`MAX_BUTTONS`),
whether Done may be pressed, what a pressed or typed button plays, and what the box's
title says. The view (:class:`~.move_box.MoveBox`) draws the buttons it is told.

>>> from treasurekit import load_game
>>> c = TI2018Controller(load_game("treasure_island_2018", players=3), {}, seed=3)
>>> c.sort_moves(c.state.legal_moves(), acting=False) or (c.decisions, c.done_moves)
([], [])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from treasurekit.treasure_island_2018 import (
    Bury,
    Done,
    Foot,
    Gallop,
    Horse,
    Remote,
    Search,
    UseItem,
)

from ..controller import BoardController, Click

__all__ = ["MAP_MOVES", "MAX_BUTTONS", "TI2018Controller", "is_map_move"]

#: Move types played by a click on the map (every other move is a button).
MAP_MOVES = (Bury, Horse, Foot, Search, Gallop, Remote, UseItem)
MAX_BUTTONS = 24  # decision buttons shown at once (the text box plays any other move)


def is_map_move(move: Any) -> bool:
    """True if ``move`` is played by a click on the map (not by a button)."""
    return isinstance(move, MAP_MOVES) and not (isinstance(move, UseItem)
                                                 and getattr(move, "to", None) is None)


class TI2018Controller(BoardController):
    """The board's controller, and the "Your move" box's decisions.

    :attr:`decisions` are the moves offered as buttons now, :attr:`done_moves` the Done
    the Done button plays (empty: the button is off), :attr:`acting` whether the human
    to move may act on the position on display (set by :meth:`sort_moves`).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decisions: list[Any] = []
        self.done_moves: list[Any] = []
        self.acting = False

    def sort_moves(self, moves: Sequence[Any], acting: bool) -> None:
        """Sort ``moves``, the legal moves of the human to act (``acting``; empty
        otherwise), into the box's buttons and Done."""
        self.acting = acting
        done = [m for m in moves if isinstance(m, Done)]
        self.decisions = [m for m in moves if not is_map_move(m)
                          and not isinstance(m, Done)][:MAX_BUTTONS]
        self.done_moves = [Done()] if done else []
        self.changed.add("choices")

    def decide(self, text: str, words: Callable[[Any], str] = str) -> Click:
        """What pressing the choice, decision or Done button whose move is ``text``
        (notation or ``words``, the button's words) means: a ``"play"``, or a
        ``"notice"`` saying there is no such button now."""
        for move in [*self.offered, *self.decisions, *self.done_moves]:
            if text in (str(move), words(move)):
                return Click("play", (move,))
        return Click("notice", reason=f"no button '{text}' now")

    def move_title(self, game_over: bool, waiting: str = "") -> tuple[str, bool]:
        """The box's title after "Your move" (``""``: nothing more), and True if it is
        greyed out (nothing to do); ``waiting`` why a play app's board waits."""
        if not self.acting or waiting:
            return (waiting or ("the game is over" if game_over else
                                "wait: it is not your turn")), True
        if self.offered:
            return "", False
        return ("click the map, or a button below" if self.decisions else "click the map"), False
