"""An Ahoy Treasures! game in play: a thin facade over the position and the rules
(docs/architecture.md §3).

The state holds one frozen :class:`~.position.AhoyPosition` (core's undo and copy
share it) and asks the other modules everything:

* whose turn, the phase, the end of a turn and of the game ... ``flow.py``   (§4, §8, §9)
* the die, rolling and the count ................................ ``rules/die.py``  (§5)
* only the top pirate moves, stacking ....................... ``rules/moving.py``  (§6)
* falling into water and the planks .......................... ``rules/water.py``  (§6)
* obliged to move, passing ........................... ``rules/obliged_to_move.py``  (§6)
* the exact count to the island, the chests .......... ``rules/buccaneer_island.py``  (§7)
* scores, the winner and the tie-break ......................... ``rules/end.py``  (§8)
* cunning pirates ............................................ ``rules/cunning.py``  (§9)
* a seat's view, the board as text, clicks ......... ``view.py``, ``text.py``, ``clicks.py``
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.dispatch import MoveTable, Section
from ..core.errors import Refusal
from ..core.events import Event, Outcome
from ..core.game import State
from ..core.moves import fresh_moves
from . import clicks, flow, text
from .context import AhoyContext
from .moves import AhoyMove, Pass, Roll, Step
from .position import AhoyPosition
from .rules import buccaneer_island, die, end, moving, obliged_to_move
from .view import AhoyView, view_for

if TYPE_CHECKING:
    from .board import AhoyBoard
    from .game import AhoyGame

__all__ = ["TABLE", "AhoyState"]


#: The one table (docs/architecture.md §3): each move type's rule section, the problem
#: with such a move, ``problem(position, ctx, move)``, its effect,
#: ``apply(position, ctx, move) -> (position, events)``, and the search path's
#: ``advance(position, ctx, move) -> position`` (the same position, no events); ``ctx``
#: is the game's :class:`~.context.AhoyContext`.
TABLE: MoveTable[tuple[AhoyPosition, list[Event]]] = MoveTable("Ahoy Treasures!", {
    Roll: Section(die.problem, die.apply, lambda pos, ctx, move: die.advance(pos, move)),
    Step: Section(moving.problem, moving.apply, moving.advance),
    Pass: Section(obliged_to_move.problem, obliged_to_move.apply,
                  lambda pos, ctx, move: flow.end_turn(pos)),
})
_PASS_ONLY: tuple[AhoyMove, ...] = (Pass(),)


class AhoyState(State[AhoyMove]):
    """One Ahoy Treasures! game in play. Create it with ``game.new_initial_state(seed)``
    (or ``game.position(...)`` for a position set up by hand).

    Squares: 0 is the mover's own starting square, 1..``board.length`` the shared path,
    ``board.island_square`` is Buccaneer Island (reached only with the exact count).

    >>> import treasurekit
    >>> s = treasurekit.load_game("ahoy").new_initial_state(seed=1)
    >>> _ = s.play("roll 3")
    >>> [str(m) for m in s.legal_moves()]
    ['move start 3']
    >>> s.why_illegal("move start 4")
    'you rolled 3: move exactly 3 squares [AHOY §5 The die]'
    >>> s.phase, s.position.die
    (<Phase.MOVE: 'move'>, 3)
    """

    game: AhoyGame
    _position: AhoyPosition

    def __init__(self, game: AhoyGame, seed: int, position: AhoyPosition | None = None) -> None:
        """Core's one constructor (``game.state_type(game, seed, position)``): the game's
        initial position (AHOY §3 Preparation), or ``position``."""
        self.board: AhoyBoard = game.board
        #: What the rules read besides the position (built once by the game).
        self.context: AhoyContext = game.context
        super().__init__(game, seed, position)

    def _initial_position(self) -> AhoyPosition:
        """AHOY §3 Preparation: every colour's pirates on its starting square, the first
        player (option ``first_player``, ruling AHOY-1) to roll."""
        ctx = self.context
        return AhoyPosition.initial(ctx.players, ctx.island, len(ctx.board.chests),
                                    int(self.game.options["first_player"]))

    # ----- the engine's hooks ------------------------------------------------------
    def _current_player(self) -> int:
        return flow.current_player(self._position, self.context)

    def _chance_outcomes(self) -> list[tuple[AhoyMove, Fraction]]:
        return die.outcomes(self._position, self.context)

    def _legal_moves(self) -> list[AhoyMove]:
        # AHOY §6: obliged to move; only when no step is legal, the seat passes
        return moving.legal(self._position, self.context) or list(_PASS_ONLY)

    def _check(self, move: AhoyMove) -> tuple[str, str | None] | None:
        return TABLE.of(move).problem(self._position, self.context, move)

    def _apply(self, move: AhoyMove) -> list[Event]:
        self._position, events = TABLE.of(move).apply(self._position, self.context, move)
        return events

    def _advance(self, move: AhoyMove) -> None:
        # the search path (State.advance): the position _apply builds, without events
        advance = TABLE.of(move).advance
        assert advance is not None
        self._position = advance(self._position, self.context, move)

    def _chance_table(self) -> tuple[Sequence[AhoyMove], Sequence[float]]:
        return die.TABLE

    def _exact_chance_table(self) -> tuple[Sequence[AhoyMove], int, Sequence[int]]:
        return die.EXACT

    # ----- the position, read -----------------------------------------------------
    @property
    def position(self) -> AhoyPosition:
        """The whole game as one frozen :class:`AhoyPosition` (docs/architecture.md §4)."""
        return self._position

    @property
    def phase(self) -> flow.Phase:
        """Where the turn stands: ``Phase.ROLL``, ``Phase.MOVE`` or ``Phase.OVER``."""
        return flow.phase(self._position, self.context)

    @property
    def die(self) -> int | None:
        """The face showing this turn (1-5, 6 = ship), or None before the roll."""
        return self._position.die

    @property
    def turn(self) -> int:
        """The seat whose turn it is (also while its die roll is pending)."""
        return self._position.turn

    @property
    def planks(self) -> frozenset[int]:
        """Path squares covered by a plank."""
        return self._position.planks

    @property
    def chests(self) -> tuple[int | None, ...]:
        """Owner seat of each chest (index 0 is chest 1), None while free."""
        return self._position.chests

    def colour(self, seat: int) -> str:
        """The colour name of a seat, capitalised ("Red")."""
        return self.board.colour_name(seat)

    def pile(self, square: int, seat: int | None = None) -> tuple[int, ...]:
        """Seats of the pirates on a square, bottom to top.

        Square 0 means ``seat``'s starting pile (``seat`` defaults to the player to move).
        """
        pos = self._position
        if square == 0:
            owner = pos.turn if seat is None else seat
            return (owner,) * pos.start[owner]
        return pos.squares[square]

    def in_play(self, seat: int) -> int:
        """Pirates of ``seat`` still able to move (not on the island, not out)."""
        return self._position.in_play(seat)

    def target(self, source: int, steps: int) -> int | None:
        """The square where ``steps`` squares from ``source`` end (0 = the starting square,
        ``board.island_square`` = Buccaneer Island), or None when the move would pass the
        island (AHOY §7; with ``overshoot="bounce"`` it counts back instead, ruling AHOY-4).
        It does not check whose pirate is there or whether it may move."""
        return buccaneer_island.target(self.context, source, steps)

    def moves_at(self, place: object) -> list[AhoyMove]:
        """What a click on ``place`` can mean: the legal steps of the seat to move from
        that square. ``place`` is a square number (0 = the starting square) or a pirate
        ``(square, seat)`` as drawn (another seat's pirate means nothing). See
        :mod:`.clicks` (AHOY §5 The die, §6).

        Raises:
            PlaceError: ``place`` is not a square or pirate of this game.
        """
        # new objects: the rules may keep their moves in a cache (issue 23 point 7)
        return fresh_moves(clicks.moves_at(self._position, self.context, place))

    def _why_not_at(self, place: object) -> Refusal:
        return clicks.why_not_at(self, place)

    # ----- result, views and text ----------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each seat's total chest value so far (AHOY §8)."""
        return end.scores(self._position, self.context)

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over (AHOY §8; ruling AHOY-7 for ties)."""
        return end.outcome(self._position, self.context)

    def view(self, player: int) -> AhoyView:
        """Everything on the table, for seat ``player`` (no seed, no future rolls).

        Raises:
            SeatError: (a ValueError) ``player`` is not a seat of the game.
        """
        return view_for(self._position, self.context, player, self.ply)

    def __str__(self) -> str:
        return text.board_text(self._position, self.context, self.ply)

    def __repr__(self) -> str:
        return f"<AhoyState ply={self.ply} seed={self.seed}>"
