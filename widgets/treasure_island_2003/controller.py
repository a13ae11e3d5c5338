"""`TI2003Controller`: what the Treasure Island (2003) board decides, with no widget.

Issue 25 point 6. :class:`TI2003Hooks` are the board's words and what a click on a square
means (the seat to move, also before its throw; the reason a click places nothing);
:class:`TI2003Controller` adds what the side panel shows: the yellow squares a click
plays, the decision buttons (one per move without a square, the hint's best choice
first), what a pressed button plays (:meth:`~TI2003Controller.decide`), the squares
ringed since the last throw and the greedy bot's ranking.
:class:`~treasurekit_widgets.treasure_island_2003.TreasureIslandBoard` is the view.

>>> from treasurekit import load_game
>>> c = TI2003Controller(load_game("treasure_island_2003", players=2, first_player=0),
...                      {}, seed=1)
>>> c.hooks.prompt(c.state)
'Your turn, Red: throw the dice (press <b>Roll the dice</b>)'
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from treasurekit.core.game import Game
from treasurekit.core.text import possessive
from treasurekit.treasure_island_2003 import (
    JOLLY,
    Discard,
    End,
    Fire,
    GreedyBot,
    Open,
    Pass,
    Place,
    Protect,
    Roll,
    Stash,
    Take,
    TIGame,
    TIState,
)
from treasurekit.treasure_island_2003 import rules as ti_rules
from treasurekit.treasure_island_2003.flow import Phase

from ..controller import BoardController, Click, Hooks

__all__ = ["AUTO_PHASES", "TI2003Controller", "TI2003Hooks", "cannon_words", "decision_label"]

#: Chance phases the board resolves by itself, whoever's turn it is: chest cards and
#: skirmish rounds (only a player's own throw waits for the Roll button).
AUTO_PHASES = ("reveal", "skirmish")


def decision_label(state: TIState, move: Any) -> str:
    """A decision in words, for its button: ``fire purple at blue rubies`` is
    "Purple: steal Blue's 3 Rubies".

    >>> import treasurekit.treasure_island_2003 as ti
    >>> s = ti.TIGame(board="small").position(
    ...     piles={"R": {"rubies": 1}, "B": {"rubies": 3}}, cannons=("purple",))
    >>> [decision_label(s, m) for m in s.legal_moves()]
    ["Purple: steal Blue's 3 Rubies", 'Purple: protect your 1 Ruby']
    """
    cards = state.cards
    h = state.holdings
    me = state.turn
    if isinstance(move, Open):
        spec = cards.chest(move.chest)
        return f"Open {possessive(spec.pirate)} chest ({state.chest_cards[move.chest]})"
    if isinstance(move, Fire):
        them = state.colour(move.target)
        src = "Locker " if move.from_locker else ""
        cannon = f"{src}{move.cannon}" if src else move.cannon.capitalize()
        if move.kind == JOLLY:
            return f"{cannon}: steal {them}'s Jolly Roger"
        amount = cards.amount(move.kind, h.piles[move.target].get(move.kind, 0))
        if move.kind in h.protected[move.target]:
            return f"{cannon}: attack {them}'s {amount} (skirmish)"
        return f"{cannon}: steal {them}'s {amount}"
    if isinstance(move, Protect):
        cannon = "Locker purple" if move.from_locker else "Purple"
        return f"{cannon}: protect your {cards.amount(move.kind, h.piles[me].get(move.kind, 0))}"
    if isinstance(move, Stash):
        return f"Put the {move.cannon} cannon in the Locker"
    if isinstance(move, Take):
        return f"Take {cards.amount(move.kind, h.locker.get(move.kind, 0))} from the Locker"
    if isinstance(move, Discard):
        return f"Discard {cards.amount(move.kind, h.piles[me].get(move.kind, 0))} to the Locker"
    if isinstance(move, End):
        return "End the turn"
    if isinstance(move, Pass):
        return "Pass: no square can be taken"
    return str(move)


NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def cannon_words(cannons: Any) -> str:
    """Cannons found, counted: ``("gold", "purple", "purple")`` is
    "a gold cannon and two purple cannons".

    >>> cannon_words(("purple",)), cannon_words(("gold", "purple", "purple"))
    ('a purple cannon', 'a gold cannon and two purple cannons')
    """
    kinds = sorted(set(cannons), key=list(cannons).index)
    parts = []
    for kind in kinds:
        n = list(cannons).count(kind)
        word = NUMBER_WORDS.get(n, str(n))
        parts.append(f"{word} {kind} cannon" + ("s" if n > 1 else ""))
    return " and ".join(parts)


class TI2003Hooks(Hooks):
    """Treasure Island (2003)'s words and clicks, for :class:`TI2003Controller` (the
    board's are these)."""

    controller: TI2003Controller

    def turn_of(self, state: Any) -> int | None:
        """The seat whose turn it is, also before its throw; None once the game is over
        and while the board draws chest cards or throws a skirmish by itself."""
        if state.is_terminal() or state.phase in AUTO_PHASES:
            return None
        player = state.current_player
        return player if player >= 0 else int(state.turn)

    def seat_name(self, seat: int) -> str:
        return str(self.controller.state.colour(seat))

    def prompt(self, state: Any) -> str:
        seat = self.turn_of(state)
        if seat is None:
            return "Game over" if state.is_terminal() else "The board is drawing cards"
        name = html.escape(self.seat_name(seat))
        if not self.controller.is_human(seat):
            return f"{name} (bot) to {'throw' if state.is_chance_node() else 'move'}"
        phase = state.phase
        turn = f"Your turn, {name}"
        if phase == Phase.OPENING:
            return f"{turn}: throw for the first turn, press <b>Roll the dice</b>"
        if phase == Phase.ROLL:
            first = self._went_first(state, seat)
            if first is not None:
                if first == self.seat_name(seat):
                    return f"{turn}: you go first: press <b>Roll the dice</b>"
                return (f"{html.escape(first)} went first; {turn}: "
                        "press <b>Roll the dice</b>")
            return f"{turn}: throw the dice (press <b>Roll the dice</b>)"
        if phase == Phase.PLACE:
            a, b = state.dice
            if state.legal_moves() == [Pass()]:
                return f"{turn}: you threw {a} and {b} and cannot use them: press <b>Pass</b>"
            nums = " or ".join(str(d) for d in sorted(set(state.usable)))
            return f"{turn}: you threw {a} and {b}: click a yellow square showing {nums}"
        if phase == Phase.CHOOSE:
            return f"{turn}: you won several chests: choose which to open first (right)"
        if phase == Phase.CANNON:
            cannons = state.view(seat).cannons
            found = cannon_words(cannons)
            them = "them" if len(cannons) > 1 else "it"
            return f"{turn}: you found {found}: choose how to use {them} (right)"
        if phase == Phase.WRAP:
            return f"{turn}: take from Davy Jones' Locker, or end the turn (right)"
        return (f"{turn}: you hold {state.holdings.types(seat)} treasure types but may keep "
                f"{state.limit(seat)}: discard a type (right)")

    def _went_first(self, state: Any, seat: int) -> str | None:
        """Who won the opening throws, while ``seat`` has not acted since (else None)."""
        entries = self.controller.entries[: state.ply]
        movers = self.controller.movers[: state.ply]
        for k in range(len(entries) - 1, -1, -1):
            if movers[k] == seat:
                return None
            for event in entries[k]:
                if event.kind == "first":
                    return str(event.text).split(" has the highest")[0]
        return None

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on square ``place`` (an index or a name) places nothing now."""
        state = self.controller.state
        if state.is_chance_node():
            who = self.seat_name(int(state.turn))
            return (f"{who} must throw the dice first: press Roll the dice", ti_rules.PLACING)
        if state.phase != Phase.PLACE:
            board = self.controller.game.board
            name = board.name_of(place) if isinstance(place, int) else str(place)
            return (f"{state.expecting()}: use the buttons beside the board (under it on a "
                    f"narrow screen), not {name}", None)
        return super().nothing_here(place)


class TI2003Controller(BoardController):
    """The board's controller, and what Treasure Island (2003)'s side panel offers.

    :meth:`sort_moves` sets, for the position on display: :attr:`acting` (the human to
    move may act), :attr:`squares` (the squares a click plays, by index),
    :attr:`decisions` (the moves offered as buttons, the hint's best first),
    :attr:`ranking` (the greedy bot's, when the hint is on) and :attr:`best`.
    """

    hooks: TI2003Hooks
    game: TIGame
    state: TIState

    def __init__(self, game: Game[Any], seats: Mapping[int, Any] | None, seed: int,
                 hooks: TI2003Hooks | None = None, **kwargs: Any) -> None:
        super().__init__(game, seats, seed, hooks if hooks is not None else TI2003Hooks(),
                         **kwargs)
        self.acting = False
        self.squares: list[int] = []
        self.decisions: list[Any] = []
        self.ranking: list[Any] = []
        self.best: Any = None

    def sort_moves(self, shown: TIState, live: bool, hint: bool = False) -> None:
        """Sort the moves of the human to act on ``shown`` (``live``: the live position)
        into squares to click and buttons; ``hint``: rank them (the hint is on), the
        best choice's button first."""
        seat = self.hooks.turn_of(shown)
        self.acting = (live and seat is not None and self.is_human(seat)
                       and not shown.is_chance_node())
        moves: Sequence[Any] = shown.legal_moves() if self.acting else []
        board = self.game.board
        self.squares = [board.square(m.square) for m in moves if isinstance(m, Place)]
        self.decisions = [m for m in moves if not isinstance(m, Place)]
        self.ranking = (GreedyBot().explain(shown) if hint and live and seat is not None
                        and not shown.is_chance_node() else [])
        self.best = self.ranking[0].move if self.ranking else None
        if self.best in self.decisions:  # the hint's best choice first, marked
            self.decisions.remove(self.best)
            self.decisions.insert(0, self.best)
        self.changed.add("choices")

    def decisions_head(self, shown: TIState) -> tuple[str, str]:
        """The decision panel's title and its (muted) note: what the buttons decide
        while there are any, else what to do instead."""
        if self.decisions:
            expecting = shown.expecting()
            return "Your decision", expecting.split(": ")[-1] if ": " in expecting else ""
        waiting = (self.live and shown.is_chance_node()
                   and self.is_human(self.hooks.turn_of(shown)))
        text = ("click a yellow square" if self.acting else
                "press Roll the dice" if waiting else "none now")
        return "Decisions", f"({text})"

    def decide(self, text: str) -> Click:
        """What pressing the decision button whose label or notation is ``text`` means:
        a ``"play"``, or a ``"notice"`` naming the buttons there are."""
        for move in self.decisions:
            if text in (str(move), decision_label(self.state, move)):
                return Click("play", (move,))
        return Click("notice", reason=f"no decision '{text}' now; the buttons offer: "
                     + "; ".join(decision_label(self.state, m) for m in self.decisions))

    def hint_note(self, shown: TIState, live: bool) -> str | None:
        """Why the hint panel shows no ranking now, or None (it shows one, after the
        throw's odds at a throw)."""
        if not live:
            return "Hints are for the live position."
        if shown.is_terminal():
            return "The game is over."
        if self.hooks.turn_of(shown) is None:
            return "The board is drawing cards."
        return None

    def last_squares(self, shown: Any) -> list[int]:
        """The squares placed on since the throw before the last placement: ringed."""
        board = self.game.board
        history = shown.history
        places = [i for i, m in enumerate(history) if isinstance(m, Place)]
        if not places:
            return []
        taken = []
        for move in reversed(history[: places[-1] + 1]):
            if isinstance(move, Roll):
                break
            if isinstance(move, Place):
                taken.append(board.square(move.square))
        return taken
