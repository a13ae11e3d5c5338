"""`SjoController`: what the Sjörövarön board decides, with no widget (issue 25 point 6).

:class:`SjoHooks` are the board's words and what a click on a hex means (the seat to
move, also before its roll; at the pick, ``moves_at(hex)`` narrowed to the pirate chosen
in the list, :meth:`SjoHooks.picked`); :class:`SjoController` adds what the side panel
shows: the yellow hexes a click plays, the decision buttons (one per move without a hex),
the pirates still free at the pick, what a pressed button plays (:meth:`~SjoController.decide`)
and the greedy bot's hint. :class:`~treasurekit_widgets.sjorovaron.SjoBoard` is the view:
its hooks are these, with the pirate list's choice as :meth:`SjoHooks.picked`.

>>> from treasurekit import load_game
>>> c = SjoController(load_game("sjorovaron", players=2), {}, seed=1)
>>> c.turn_problem() is None, c.state.is_chance_node()
(True, True)
>>> c.decide("End the turn").reason
"cannot press 'End the turn': no buttons now: press Roll the die"
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from typing import Any

from treasurekit.core.game import Game
from treasurekit.sjorovaron import (
    PIRATE_NAMES,
    PIRATES,
    Climb,
    Cross,
    Dig,
    Drag,
    End,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Pick,
    Push,
    Shoot,
    SjoGame,
    SjoState,
    Stay,
    Wait,
    Walk,
)
from treasurekit.sjorovaron import rules as sjo_rules
from treasurekit.sjorovaron.bots import GreedyBot
from treasurekit.sjorovaron.flow import Phase

from ..controller import BoardController, Click, Hooks

__all__ = ["AUTO_PHASES", "HEX_MOVES", "SjoController", "SjoHooks", "move_label"]

#: Chance the board resolves by itself whoever's turn it is: the deal, the shooting die.
AUTO_PHASES = ("deal", "shot")
#: Moves that are played by clicking a hex rather than by a button.
HEX_MOVES = (Walk, Pick)


def move_label(move: Any) -> str:
    """A decision in words, for its button.

    >>> move_label(Shoot("svullo")), move_label(Jump("i4")), move_label(End())
    ('Shoot at Svullo', 'Jump to i4 (needs 3+)', 'End the turn')
    """
    if isinstance(move, Shoot):
        return f"Shoot at {PIRATE_NAMES.get(move.target, move.target)}"
    if isinstance(move, Fire):
        return ("Fire the mortar at the raft" if move.target is None else
                f"Fire the mortar at {PIRATE_NAMES.get(move.target, move.target)}")
    if isinstance(move, Go):
        return "Move over land (roll)"
    if isinstance(move, Jump):
        return "Jump aboard the raft (needs 3+)" if move.to is None else \
            f"Jump to {move.to} (needs 3+)"
    if isinstance(move, Cross):
        return f"Cross the river to {move.to} (needs 2+)"
    if isinstance(move, Float):
        return "Float along the arrows"
    if isinstance(move, Climb):
        return f"Climb out onto {move.to}"
    if isinstance(move, Dig):
        return "Dig for the chest (needs 4+)"
    if isinstance(move, Drag):
        return "Drag the chest out of the water (needs 4+)"
    if isinstance(move, Launch):
        return "Launch the raft"
    if isinstance(move, Wait):
        return "Wait by the mortar"
    if isinstance(move, Push):
        return f"Push the wounded pirate into {move.into}"
    if isinstance(move, Stay):
        return "Stay: no walk is possible"
    if isinstance(move, End):
        return "End the turn"
    if isinstance(move, Pick):
        return f"Pick {PIRATE_NAMES.get(move.pirate, move.pirate)} at {move.at}"
    return str(move)


class SjoHooks(Hooks):
    """Sjörövarön's words and clicks, for :class:`SjoController` (the board's are these)."""

    controller: SjoController

    def turn_of(self, state: Any) -> int | None:
        """The seat whose turn it is, also before its roll; None once the game is over
        and while the board deals or throws the shooting die by itself."""
        if state.is_terminal() or state.phase in AUTO_PHASES:
            return None
        return int(state.turn)

    def seat_name(self, seat: int) -> str:
        p = self.controller.state.pirate(seat)
        return PIRATE_NAMES[p.name] if p is not None else self.seat_word(seat)

    def seat_word(self, seat: int) -> str:
        """The engine's ``p0`` in the log (the starting rolls and the picks): "Player 1",
        as the play app's form names the seat."""
        return f"Player {seat + 1}"

    def picked(self) -> str | None:
        """The pirate chosen for the pick (the board: its list's; else the controller's
        :attr:`~SjoController.pirate` if still free, else the first free one, as the list
        shows it)."""
        c = self.controller
        free = [p for p in PIRATES if any(isinstance(m, Pick) and m.pirate == p
                                          for m in c.state.legal_moves())]
        return c.pirate if c.pirate in free or not free else free[0]

    def prompt(self, state: Any) -> str:
        seat = self.turn_of(state)
        if seat is None:
            return "Game over" if state.is_terminal() else "The board deals or shoots"
        name = html.escape(self.seat_name(seat))
        if not self.controller.is_human(seat):
            return f"{name} (bot) to {'roll' if state.is_chance_node() else 'move'}"
        phase = state.phase
        turn = f"Your turn, {name}"
        if phase == Phase.ORDER:
            return f"{turn}: roll for the starting order, press <b>Roll the die</b>"
        if phase == Phase.PICK:
            return f"{turn}: choose a pirate (list below) and click a ringed starting hex"
        if phase == Phase.ROLL:
            return f"{turn}: press <b>Roll the die</b> ({html.escape(state.action or '')})"
        if phase == Phase.WALK:
            return f"{turn}: you rolled {state.die}: click a yellow hex to walk there"
        if phase == Phase.START:
            return f"{turn}: choose an action with the action buttons"
        return f"{turn}: shoot, push, or end the turn with the action buttons"

    def moves_for(self, place: object) -> list[Any]:
        """``moves_at(hex)``; at the pick, narrowed to the pirate chosen (:meth:`picked`)."""
        state = self.controller.state
        moves = list(state.moves_at(place))
        if state.phase == Phase.PICK:
            moves = [m for m in moves
                     if isinstance(m, Pick) and m.pirate == self.picked()] or moves
        return moves

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on hex ``place`` (a name) means nothing now."""
        state = self.controller.state
        who = self.seat_name(int(state.turn))
        name = str(place)
        if state.is_chance_node():
            return f"{who} must roll the die first: press Roll the die", sjo_rules.MOVE
        if state.phase == Phase.WALK:
            reason, rule = super().nothing_here(place)
            return f"{reason}: click a yellow hex", rule
        if state.phase == Phase.PICK:  # the pirate chosen in the list
            refusal = state.refusal(f"pick {self.picked()} {name}")
            return ((refusal.reason, refusal.rule) if refusal
                    else ("pick a pirate in the list first", None))
        return (f"nothing to do on {name} now: {who} chooses an action with the buttons beside "
                "the map", sjo_rules.TURN)

    def describe_move(self, move: Any) -> str:
        return move_label(move)

    def concerns(self, event: Any, seat: int) -> bool:
        """Events naming the seat's pirate (shot, wounded, robbed, pushed, out...), but
        not the deal of the map pieces."""
        return event.kind != "deal" and super().concerns(event, seat)


class SjoController(BoardController):
    """The board's controller, and what Sjörövarön's side panel offers.

    :meth:`sort_moves` sets, for the position on display: :attr:`acting` (the human to
    move may act), :attr:`targets` (the hexes a click plays, by name), :attr:`decisions`
    (the moves offered as buttons), :attr:`picking` and :attr:`free_pirates` (the pick's
    list). :attr:`pirate` is the pirate chosen for the pick when the hooks have no list.
    """

    hooks: SjoHooks
    game: SjoGame
    state: SjoState

    def __init__(self, game: Game[Any], seats: Mapping[int, Any] | None, seed: int,
                 hooks: SjoHooks | None = None, **kwargs: Any) -> None:
        super().__init__(game, seats, seed, hooks if hooks is not None else SjoHooks(),
                         **kwargs)
        self.pirate: str | None = None
        self.acting = False
        self.targets: list[str] = []
        self.decisions: list[Any] = []
        self.picking = False
        self.free_pirates: list[str] = []

    def sort_moves(self, shown: SjoState, live: bool) -> None:
        """Sort the moves of the human to act on ``shown`` (``live``: the live position)
        into hexes to click and buttons."""
        seat = self.hooks.turn_of(shown)
        self.acting = (live and seat is not None and self.is_human(seat)
                       and not shown.is_chance_node())
        moves: Sequence[Any] = shown.legal_moves() if self.acting else []
        board = self.game.board
        self.targets = sorted({m.end if isinstance(m, Walk) else m.at
                               for m in moves if isinstance(m, HEX_MOVES)}, key=board.hex)
        self.decisions = [m for m in moves if not isinstance(m, HEX_MOVES)]
        self.picking = self.acting and shown.phase == Phase.PICK
        self.free_pirates = [p for p in PIRATES if any(isinstance(m, Pick) and m.pirate == p
                                                       for m in moves)] if self.picking else []
        self.changed.add("choices")

    def decisions_head(self, shown: SjoState, live: bool) -> tuple[str, str]:
        """The decision panel's title and its (muted) note: ``("Your decision", "(one
        button per move)")`` while buttons are offered, else what to do instead."""
        if self.decisions:
            return "Your decision", "(one button per move)"
        waiting = (live and shown.is_chance_node()
                   and self.is_human(self.hooks.turn_of(shown)))
        text = ("click a yellow hex" if self.acting else
                "press Roll the die" if waiting else "none now")
        return "Decisions", f"({text})"

    def decide(self, text: str) -> Click:
        """What pressing the decision button whose label or notation is ``text`` means:
        a ``"play"``, or a ``"notice"`` naming the buttons there are."""
        for move in self.decisions:
            if text in (str(move), move_label(move)):
                return Click("play", (move,))
        if not self.decisions:
            return Click("notice", reason=f"cannot press '{text}': no buttons now: press "
                         "Roll the die" if self.state.is_chance_node() else
                         f"cannot press '{text}': no buttons now")
        return Click("notice", reason=f"no decision '{text}' now; the buttons offer: "
                     + "; ".join(move_label(m) for m in self.decisions))

    def hint(self) -> Any:
        """The greedy bot's choice for the human to move, computed from what that seat
        knows (the pieces it has not seen are reshuffled), or None."""
        state = self.state
        seat = self.hooks.turn_of(state)
        if seat is None or state.is_chance_node() or state.is_terminal():
            return None
        rows = self.ranking(state, seat)
        return rows[0].move if rows else None

    def ranking(self, state: Any, seat: int) -> list[Any]:
        """The greedy bot's ranked choices for ``seat``, from what it knows."""
        guess = state.determinize(seat, random.Random(state.ply))
        legal = set(map(str, state.legal_moves()))
        return [c for c in GreedyBot().explain(guess) if str(c.move) in legal]

    def hint_note(self, shown: Any, live: bool) -> str | None:
        """Why the hint panel shows no ranking now, or None (it shows one)."""
        if not live:
            return "Hints are for the live position."
        if shown.is_terminal():
            return "The game is over."
        seat = self.hooks.turn_of(shown)
        if seat is None or not self.is_human(seat):
            return "Waiting for the bots."
        if shown.is_chance_node():
            return "Roll, and the hint ranks what the die allows."
        return None
