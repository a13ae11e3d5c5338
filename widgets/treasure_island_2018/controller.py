"""`TI2018Controller`: what the Treasure Island (2018) board decides, with no widget.

Issue 25 point 6. :class:`TI2018Hooks` are the board's words and what a click on the map
means (seats by character, what the human to move can do, the engine's reason a click
means nothing, a move in words, what a ply reveals); :class:`TI2018Controller` adds the
"Your move" box's decisions: which moves are buttons (every move without a map point but
Done, at most :data:`MAX_BUTTONS`), whether Done may be pressed, what a pressed or typed
button plays (:meth:`~TI2018Controller.decide`), and what the box's title says. The view
(:class:`~treasurekit_widgets.treasure_island_2018.LongJohnBoard` and its
:class:`~.move_box.MoveBox`) draws the buttons it is told.

>>> from treasurekit import load_game
>>> c = TI2018Controller(load_game("treasure_island_2018", players=3), {}, seed=3)
>>> c.hooks.prompt(c.state)
'Your turn, Long John Silver: click the map where to bury the treasure'
>>> c.sort_moves(c.state.legal_moves(), acting=False) or (c.decisions, c.done_moves)
([], [])
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from treasurekit import Event
from treasurekit.core.game import Game
from treasurekit.treasure_island_2018 import (
    Answer,
    Bury,
    Compass,
    Confess,
    Done,
    Foot,
    Gallop,
    Horse,
    PlayHint,
    Remote,
    Search,
    Share,
    TIGame,
    TIState,
    UseItem,
    Verify,
    move_words,
)
from treasurekit.treasure_island_2018.flow import Phase
from treasurekit.treasure_island_2018.text import place_words

from ..controller import BoardController, Click, Hooks
from ..places import pair

__all__ = ["MAP_MOVES", "MAX_BUTTONS", "NEWS_KINDS", "QUIET_KINDS", "SILVER", "TI2018Controller",
           "TI2018Hooks", "is_map_move"]

#: Move types played by a click on the map (every other move is a button).
MAP_MOVES = (Bury, Horse, Foot, Search, Gallop, Remote, UseItem)
MAX_BUTTONS = 24  # decision buttons shown at once (the text box plays any other move)
#: Long John Silver's seat.
SILVER = 0

#: Event kinds that concern every human seat (shown in the status until the human acts).
NEWS_KINDS = ("found", "end", "hint", "prison")
#: Event kinds the "last:" line skips: chance housekeeping that tells the player nothing.
QUIET_KINDS = ("draw", "deal")


def is_map_move(move: Any) -> bool:
    """True if ``move`` is played by a click on the map (not by a button)."""
    return isinstance(move, MAP_MOVES) and not (isinstance(move, UseItem)
                                                 and getattr(move, "to", None) is None)


class TI2018Hooks(Hooks):
    """Treasure Island (2018)'s words and clicks on the map, for :class:`TI2018Controller`
    (the board's are these)."""

    controller: TI2018Controller

    def reveal_of(self, before: Any, move: Any) -> str | None:
        """A search (small, large, the monkey's, the spyglass's, a Chest token's) is
        answered from where the treasure lies, a Verification shows a hint's token, and a
        Compass or a hint Silver plays is drawn from his secret map. None while no
        pirate is human (Silver knows it all)."""
        c = self.controller
        if not any(c.is_human(s) for s in range(1, c.game.num_players)):
            return None
        if isinstance(move, Search | Remote) or (isinstance(move, UseItem)
                                                  and move.item == "search"):
            return "the search has been answered"
        if isinstance(move, Verify):
            return "the hint's token has been seen"
        if isinstance(move, Compass | PlayHint | Confess | Answer | Share):
            return "Silver has shown something of his map"
        return None

    def seat_name(self, seat: int) -> str:
        """A seat by its character: "Long John Silver", "Anne", "Olivier"... ("Pirate 2",
        as the play app's form says, for a pirate without a character)."""
        if seat == SILVER:
            return "Long John Silver"
        c = self.controller.game.seat_characters[seat]
        return c.name if c else f"Pirate {seat}"

    def prompt(self, state: Any) -> str:
        """Whose turn it is and, for a human, what to do now, in words."""
        seat = self.turn_of(state)
        if seat is None or not self.controller.is_human(seat):
            return html.escape(self._status_words(state))
        return html.escape(f"Your turn, {self.seat_name(seat)}: {self.todo(state)}")

    def _status_words(self, state: TIState) -> str:
        text = state.status()
        for s in range(1, self.controller.game.num_players):
            text = text.replace(state.who(s), self.seat_name(s))
        return text

    def todo(self, state: TIState | None = None) -> str:
        """What the human to move can do now, in words (an instruction for the status)."""
        state = state if state is not None else self.controller.state
        d = state.data
        phase = state.phase
        if phase == Phase.ACTIONS:
            foot = state.map.scale.foot_miles
            if d.pending == "search":
                return ("you may still make this action's Small search: click where to "
                        "search, or press Done")
            if d.pending == "foot":
                return (f"you may still make this action's Foot move (up to {foot:g} miles): "
                        "click where to walk, or press Done")
            left = d.actions_left
            if left < 1:
                return "no action left: use a Chest token (buttons) or press Done"
            return (f"{left} action{'s' if left != 1 else ''} left. Click the map to move or "
                    "search; press Done to end your turn")
        return {
            "bury": "click the map where to bury the treasure",
            "hint": "play a hint (buttons right), or click a miniature, tower or district "
                    "for the hints that name it",
            "ask": "CONFESSION: choose the question to ask Silver (buttons right)",
            "confess": "answer the pirate's question (buttons right)",
            "share": "PARROT: choose the District Hint to show (buttons right)",
            "prison": "Prison: click a black tower (triangle) to lock Long John Silver in it",
            "answer": "the search was in vain: answer it (buttons right)",
            "compass": "give a true Compass Hint (buttons right)",
            "escape": "your escape: click the map where to ride (at most "
                      f"{state.map.scale.horse_miles:g} miles)",
        }.get(phase, "make your move (buttons right)")

    def concerns(self, event: Event, seat: int) -> bool:
        """The treasure found, the game's end, a hint played and the Prison concern every
        human seat; other events those that name the seat (but not the calendar's "4 June:
        Anne's turn", nor Silver's draws)."""
        if event.kind in QUIET_KINDS or event.kind == "day":
            return False  # a draw, a deal or the calendar naming whose turn it is
        return event.kind in NEWS_KINDS or super().concerns(event, seat)

    def describe_move(self, move: Any) -> str:
        """A move in words with its rule, for its button: "Ride 6.0 miles to 9.2, 8.9
        (§7 Horse move)" (``text.move_words``)."""
        return move_words(self.controller.state, move).short

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """The engine's reason (``why_not_at``); where no rule explains it, what to do now."""
        x, y = pair(place)  # the point click_at passed
        refusal = self.controller.state.why_not_at((float(x), float(y)))
        if refusal is None:
            return "nothing to do there now", None
        if refusal.rule:
            return refusal.reason, refusal.rule
        seat = self.turn_of(self.controller.state)
        state = self.controller.state
        todo = (self.todo(state) if self.controller.is_human(seat)
                else self._status_words(state))
        return f"{refusal.reason}: {todo}", None

    def choice_title(self, place: object, moves: Any) -> str:
        x, y = pair(place)  # the point click_at passed
        return f"{len(moves)} moves go to {place_words((float(x), float(y)))}: choose one"


class TI2018Controller(BoardController):
    """The board's controller, and the "Your move" box's decisions.

    :attr:`decisions` are the moves offered as buttons now, :attr:`done_moves` the Done
    the Done button plays (empty: the button is off), :attr:`acting` whether the human
    to move may act on the position on display (set by :meth:`sort_moves`).
    """

    hooks: TI2018Hooks
    game: TIGame
    state: TIState

    def __init__(self, game: Game[Any], seats: Mapping[int, Any] | None, seed: int,
                 hooks: TI2018Hooks | None = None, **kwargs: Any) -> None:
        super().__init__(game, seats, seed, hooks if hooks is not None else TI2018Hooks(),
                         **kwargs)
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
