"""A Treasure Island (2003) game in progress: the engine contract as a thin facade.

``TIState`` holds one frozen :class:`~.position.TIPosition` (docs/architecture.md §4)
and hands every question to the module that decides it: whose turn to ``flow.py``,
legal moves to ``rules/`` by phase, problems and effects to ``rules/`` through the one
table :data:`TABLE` (move type -> rule section), views to ``view.py``, the text board to
``text.py``, clicks to ``clicks.py``, hand-set positions to ``build.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.chance import chance_table, exact_table
from ..core.dispatch import MoveTable, Section
from ..core.errors import Refusal, check_seat
from ..core.events import CHANCE, TERMINAL, Event, Outcome
from ..core.game import State
from ..core.moves import fresh_move
from . import clicks, flow
from .flow import CHANCE_PHASES, OVER, PLACE, REVEAL, ROLL, SKIRMISH, Phase, expecting
from .holdings import Holdings
from .moves import (
    Discard,
    End,
    Fire,
    Hit,
    Open,
    Pass,
    Place,
    Protect,
    Reveal,
    Roll,
    Stash,
    Take,
    TIMove,
)
from .position import TIPosition, draft
from .rules import advances, cannons, chests, locker, skirmish, turn
from .text import render
from .view import TIView, make_view, public_skirmish

if TYPE_CHECKING:
    from .board import Board
    from .cards import CardSet
    from .context import TI2003Context
    from .game import TIGame

__all__ = ["PHASES", "ROLLS", "TABLE", "TIState"]

ROLLS = turn.ROLLS
#: The throw of the two dice as fixed chance tables, built once (``State._exact_chance_table``,
#: ``State._chance_table``): the same picks as sampling ``ROLLS`` at every throw.
_ROLL_EXACT = exact_table(turn.ROLLS)
_ROLL_FLOATS = chance_table(turn.ROLLS)
PHASES = flow.PHASES
Problem = tuple[str, str | None] | None


def _chance_problem(p: TIPosition, ctx: TI2003Context, move: TIMove) -> Problem:
    return (f"{expecting(p, ctx)}; dice, cards and skirmish rounds are chance moves", None)


#: Who says which moves are legal, per phase (chance phases: ``_chance_outcomes``).
LEGAL: Mapping[str, Callable[[TIPosition, TI2003Context], list[Any]]] = {
    Phase.PLACE: advances.legal,
    Phase.CHOOSE: chests.legal,
    Phase.CANNON: cannons.legal,
    Phase.WRAP: locker.legal,
    Phase.DISCARD: locker.discard_legal,
}

#: The one table (docs/architecture.md §3): each move type's rule section, the problem
#: with such a move, ``problem(position, ctx, move)``, and its effect on a draft of the
#: next position, ``apply(draft, ctx, move) -> events`` (``ctx``: the game's
#: :class:`~.context.TI2003Context`).
_SECTIONS: dict[type, Section[list[Event]]] = {
    Roll: Section(_chance_problem, turn.roll_effect),
    Reveal: Section(_chance_problem, chests.reveal),
    Hit: Section(_chance_problem, skirmish.effect),
    Place: Section(advances.problem, advances.effect),
    Pass: Section(advances.pass_problem, advances.pass_effect),
    Open: Section(chests.problem, chests.effect),
    Fire: Section(cannons.fire_problem, cannons.fire_effect),
    Protect: Section(cannons.protect_problem, cannons.protect_effect),
    Stash: Section(cannons.stash_problem, cannons.stash_effect),
    Take: Section(locker.take_problem, locker.take_effect),
    End: Section(locker.end_problem, locker.end_effect),
    Discard: Section(locker.discard_problem, locker.discard_effect),
}
TABLE: MoveTable[list[Event]] = MoveTable("Treasure Island (2003)", _SECTIONS)

#: Each move type's effect, as in the table (a ply looks its effect up here, one call
#: fewer than ``TABLE.of(move).apply``).
_EFFECTS: dict[type, Callable[..., list[Event]]] = {t: sec.apply for t, sec in _SECTIONS.items()}


class TIState(State[TIMove]):
    """One Treasure Island (2003) game. Create it with ``game.new_initial_state(seed)``
    or by hand with ``game.position(...)``.

    >>> import treasurekit.treasure_island_2003 as ti
    >>> s = ti.TIGame(first_player=0).new_initial_state(seed=1)
    >>> _ = s.play("roll 2 5")
    >>> s.phase, [str(m) for m in s.legal_moves()][:2]
    (<Phase.PLACE: 'place'>, ['place d2', 'place c3'])
    >>> s.phase == "place", f"{s.phase}"
    (True, 'place')
    >>> s.why_illegal("place a1")
    'a1 is sea; counters go on land squares [TI2003 §1 Components: Game Board]'
    """

    game: TIGame
    _position: TIPosition

    def __init__(self, game: TIGame, seed: int, position: TIPosition | None = None) -> None:
        """The one constructor (``game.state_type``): a game at ``position``, or at the
        start (:meth:`_initial_position`) when it is None."""
        #: what the rules read from the game (its board, cards and options)
        self.context: TI2003Context = game.context
        self.board: Board = game.board
        self.cards: CardSet = game.cards
        #: chest id -> cards dealt to it on this board side (TI2003 §3 Setup)
        self.chest_cards = game.chest_cards
        super().__init__(game, seed, position)

    def _initial_position(self) -> TIPosition:
        """An empty island, every card unseen (TI2003 §3 Setup)."""
        return flow.start(self.context)

    # ----- the engine contract ----------------------------------------------------------
    def _current_player(self) -> int:
        # flow.current_player, inlined: asked two or three times a ply
        p = self._position
        phase = p.phase
        if phase is PLACE:  # the phase members themselves first (no comparison of text)
            turn: int = p.turn
            return turn
        if phase is ROLL or phase is REVEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        turn = p.turn
        return turn

    def _chance_outcomes(self) -> list[tuple[TIMove, Fraction]]:
        p = self._position
        if p.phase == REVEAL:
            return chests.outcomes(p, self.context)
        if p.phase == SKIRMISH:
            return skirmish.outcomes(p)
        return turn.ROLLS

    def _exact_chance_table(self) -> tuple[Sequence[TIMove], int, Sequence[int]] | None:
        p = self._position
        if p.phase == REVEAL:
            return chests.reveal_table(p, self.context)
        return skirmish.exact(p) if p.phase == SKIRMISH else _ROLL_EXACT

    def _chance_table(self) -> tuple[Sequence[TIMove], Sequence[float]] | None:
        p = self._position
        if p.phase == REVEAL:
            return chests.reveal_floats(p, self.context)
        return skirmish.floats(p) if p.phase == SKIRMISH else _ROLL_FLOATS

    def _legal_moves(self) -> list[TIMove]:
        legal = LEGAL.get(self._position.phase)
        return [] if legal is None else legal(self._position, self.context)

    def _check(self, move: TIMove) -> Problem:
        return TABLE.of(move).problem(self._position, self.context, move)

    def _apply(self, move: TIMove) -> list[Event]:
        ctx = self.context
        d = draft(self._position, ctx.cards)
        effect = _EFFECTS.get(type(move))
        if effect is None:  # no move type of this game: the table refuses it
            effect = TABLE.of(move).apply
        events = effect(d, ctx, move)
        if d.then is not None:
            events += turn.settle(d, ctx)
        p = self._position = d.freeze()
        placed = d.placed
        if (placed is not None and p.phase == PLACE and p.owner is placed[1]
                and p.turn == placed[2] and p.left is placed[3]
                and p.moves_left == placed[4]):
            # the squares open at this very position were found while building it
            self._keep_offered(p, advances.offer(placed[0], ctx))
        return events

    def outcome(self) -> Outcome | None:
        """Points and the winner once the Final Reckoning is over (TI2003 §10)."""
        p = self._position
        if p.phase != OVER or p.winner is None:
            return None
        return Outcome("the board is full and the Final Reckoning is done",
                       p.points, (p.winner,), p.reason)

    def view(self, player: int) -> TIView:
        """What seat ``player`` may know: everything on the table, nothing unseen.

        Raises:
            SeatError: ``player`` is not a seat of this game.
        """
        seat = check_seat(player, self.game.num_players)
        return make_view(self._position, self.context, seat, self.ply)

    def moves_at(self, place: object) -> list[TIMove]:
        """What a click on square ``place`` (a name such as ``"c7"`` or an index) can
        mean: ``[place <square>]`` when the dice allow a counter there now, else ``[]``
        (TI2003 §4). See :mod:`.clicks`.

        Raises:
            PlaceError: ``place`` is not a square of this board.
        """
        # new objects: the rules may keep their moves in a cache (issue 23 point 7)
        return [fresh_move(m) for m in clicks.moves_at(self, place)]

    def _why_not_at(self, place: object) -> Refusal:
        return clicks.why_not_at(self, place)

    def expecting(self) -> str:
        """What the player to move has to do now, in words."""
        return expecting(self._position, self.context)

    # ----- reading the position -----------------------------------------------------------
    def colour(self, seat: int) -> str:
        """The colour of a seat, capitalised ("Red")."""
        return flow.colour(seat)

    @property
    def phase(self) -> Phase:
        """Where the turn stands: a :class:`~.flow.Phase` (equal to its word)."""
        return Phase(self._position.phase)

    @property
    def turn(self) -> int:
        """The seat whose turn it is (also while its dice or cards are pending)."""
        return flow.turn_of(self._position)

    @property
    def dice(self) -> tuple[int, int] | None:
        """The current throw (smaller first), or None."""
        return self._position.dice

    @property
    def usable(self) -> tuple[int, ...]:
        """The dice numbers still usable for a placement in this throw."""
        p = self._position
        return p.left if p.moves_left else ()

    @property
    def holdings(self) -> Holdings:
        """Every card's whereabouts, as a fresh working copy (changing it changes
        nothing in the game)."""
        return Holdings.thaw(self._position.holdings, self.cards)

    def owner(self, square: str | int) -> int | None:
        """The seat whose counter is on ``square`` (name or index), or None."""
        sq = self.board.square(square) if isinstance(square, str) else square
        o = self._position.owner[sq]
        return None if o < 0 else o

    def counters(self, seat: int) -> int:
        """Counters ``seat`` has on the board."""
        return self._position.counters[seat]

    def squares_of(self, seat: int) -> list[str]:
        """Names of the squares holding ``seat``'s counters, in board order."""
        owner = self._position.owner
        return [self.board.name_of(s) for s in self.board.land if owner[s] == seat]

    def using_both_dice(self, seat: int) -> bool:
        """True once ``seat`` can no longer reach an unopened treasure square (TI2003 §9)."""
        return self._position.both_dice[seat]

    def opened(self) -> tuple[str, ...]:
        """Chest ids opened so far (the Legacy included)."""
        return tuple(c for c, _ in self._position.holdings.opened)

    def limit(self, seat: int) -> int:
        """Treasure types ``seat`` may keep at the end of a turn: the Locker's number for
        this many players, plus one per Jolly Roger (TI2003 §6, §7)."""
        return self.cards.limit(self.game.num_players) + self._position.holdings.jolly[seat]

    def board_full(self) -> bool:
        return self._position.empty == 0

    def scores(self) -> tuple[int, ...]:
        """Points scored so far in the Final Reckoning (all zero before it)."""
        return self._position.points

    @property
    def awards(self) -> tuple[tuple[str, int, int, int, str], ...]:
        """Final Reckoning results so far: (type, seat, cards, points, how decided)."""
        return self._position.awards

    @property
    def skirmish(self) -> tuple[tuple[int, ...], tuple[int, ...], str] | None:
        """The skirmish in progress: (seats still in, their hits, what it decides)."""
        return public_skirmish(self._position)

    @property
    def legacy_winner(self) -> int | None:
        """The seat that opened Davy Jones' Legacy, or None (TI2003 §9)."""
        return self._position.legacy_winner

    def __str__(self) -> str:
        return render(self._position, self.context, self.ply)

    def __repr__(self) -> str:
        return f"<TIState ply={self.ply} seed={self.seed}>"
