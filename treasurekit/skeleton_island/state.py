"""The Skeleton Island state: a thin facade over the frozen position and the rules.

Where each rule lives (SKEL = the rulebook, see ``rules/__init__.py`` for the sections):

* the spread and the face-up half ............ ``rules/setup.py``              (§2)
* uncovered cards (positive-area overlap) ...... ``Pile.uncovered`` in ``pile.py`` (§3)
* the standard turn: take, keep ............... ``rules/taking.py``             (§3)
* resting on the edge; the second card ........ ``rules/resting.py``            (§3)
* the pirate turn: discard, steal or double .... ``rules/pirate_turn.py``        (§3)
* blowing once when 1-2 cards are uncovered .... ``rules/blowing.py``            (§3)
* completing a map wins the Island card ........ ``rules/islands.py``            (§3)
* whose turn, what ends a turn, the phases ..... ``flow.py``                     (§3)
* the end and the scores ....................... ``flow.is_over``, ``rules/end.py`` (§4)

The whole state of a game is one frozen :class:`~.position.SkeletonPosition`
(``state.position``); each move builds the next one, so undo and copy are core's
(docs/architecture.md §4). Hidden information: a face-down card has no identity in
the position. When one is revealed (taken from the pile), a chance node lists every
kind still unseen with the exact probability count / pool size, so nothing about
face-down cards is fixed in advance and nothing can leak (docs/architecture.md §5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..core.dispatch import MoveTable, Section
from ..core.errors import Refusal
from ..core.events import CHANCE as CHANCE_NODE
from ..core.events import TERMINAL, Event, Outcome
from ..core.game import State
from . import clicks, flow
from .cards import Deck
from .context import SkeletonContext
from .moves import (
    Blow,
    Discard,
    Double,
    Gust,
    Keep,
    Rest,
    Reveal,
    SkeletonMove,
    Spread,
    Steal,
    Stolen,
    Stop,
    Take,
)
from .pile import Pile
from .position import SkeletonPosition, unseen
from .rules import Problem, blowing, end, label, pirate_turn, resting, seat_name, setup, taking
from .rules.islands import completion
from .text import board_text
from .view import SkeletonView, view

if TYPE_CHECKING:
    from .game import SkeletonGame

__all__ = ["TABLE", "SkeletonState", "completion"]


def _chance(pos: SkeletonPosition, ctx: SkeletonContext, move: SkeletonMove) -> Problem:
    """The moves the engine draws (``resolve_chance``), never a seat."""
    return (f"{str(move)!r} is a chance move (the engine draws it with "
            f"resolve_chance); it is {seat_name(pos.turn)}'s turn to choose", None)


def _pirate_first(problem: Callable[[SkeletonPosition, SkeletonContext, Any], Problem]
                  ) -> Callable[[SkeletonPosition, SkeletonContext, Any], Problem]:
    """A standard turn's move: after a discard only a steal or ``double`` may follow."""
    def check(pos: SkeletonPosition, ctx: SkeletonContext, move: SkeletonMove) -> Problem:
        waiting = pirate_turn.follow_up(pos)
        return waiting if waiting is not None else problem(pos, ctx, move)
    return check


#: The one table (docs/architecture.md §3): each move type's rule section, the problem
#: with such a move, ``problem(position, context, move)``, and its effect,
#: ``apply(position, context, move) -> (position, events)``.
TABLE: MoveTable[tuple[SkeletonPosition, list[Event]]] = MoveTable("Skeleton Island", {
    Spread: Section(_chance, setup.spread),
    Reveal: Section(_chance, taking.reveal),  # of the spread, or of the card just taken
    Gust: Section(_chance, blowing.gust),
    Stolen: Section(_chance, pirate_turn.stolen),
    Take: Section(_pirate_first(taking.take_problem), taking.take),
    Keep: Section(_pirate_first(taking.keep_problem), taking.keep),
    Rest: Section(_pirate_first(resting.rest_problem), resting.rest),
    Stop: Section(_pirate_first(resting.stop_problem), resting.stop),
    Discard: Section(pirate_turn.discard_problem, pirate_turn.discard),
    Steal: Section(pirate_turn.steal_problem, pirate_turn.steal),
    Double: Section(pirate_turn.double_problem, pirate_turn.double),
    Blow: Section(blowing.problem, blowing.blow),
})

#: The rules modules offering moves in each phase, in the order moves are listed.
LEGAL: dict[str, tuple[ModuleType, ...]] = {
    flow.START: (taking, blowing, pirate_turn),
    flow.HAND: (taking, resting),
    flow.SECOND: (taking, resting),
    flow.PIRATE: (pirate_turn,),
}
#: The phases whose next move is drawn (a gust, a blind steal).
_DRAWN = (flow.GUST, flow.STEAL)

#: The rules module drawing the chance move of each phase (else: a card turned over).
CHANCE: dict[str, ModuleType] = {flow.GUST: blowing, flow.STEAL: pirate_turn}


class SkeletonState(State[SkeletonMove]):
    """One Skeleton Island position. Create it with ``game.new_initial_state(seed)``.

    The game starts with chance moves: the spread (one of the seeded layouts), then one
    reveal per face-up card. Then seats take turns (``first_player`` begins).

    >>> import treasurekit
    >>> s = treasurekit.load_game("skeleton_island").new_initial_state(seed=1)
    >>> while s.is_chance_node():
    ...     _ = s.resolve_chance()
    >>> s.current_player, len(s.pile)
    (0, 49)
    >>> s.why_illegal("keep")
    'p0 holds no card to keep: take an uncovered card first [SKEL §3 Game Turn: standard turn]'
    """

    game: SkeletonGame
    _position: SkeletonPosition

    def __init__(self, game: SkeletonGame, seed: int,
                 position: SkeletonPosition | None = None) -> None:
        self.deck: Deck = game.deck
        #: What the rules read besides the position (:class:`~.context.SkeletonContext`).
        self.context: SkeletonContext = game.context
        self._colours = len(game.context.deck.colours)
        #: The last position ``_current_player`` was asked about, and its answer: the
        #: engine asks several times a ply (positions are frozen values).
        self._asked: SkeletonPosition | None = None
        self._answer = 0
        super().__init__(game, seed, position)

    def _initial_position(self) -> SkeletonPosition:
        """Before the spread: an empty table, ``first_player`` to play (SKEL §2)."""
        return flow.initial(self.context)

    # ----- names ---------------------------------------------------------------
    @staticmethod
    def seat_name(seat: int) -> str:
        """How events and the notation name a seat: ``p0``..``p3``."""
        return seat_name(seat)

    def label(self, kind: str | None) -> str:
        """Words for a kind ("red map half"), or "face down" for None."""
        return label(self.deck, kind)

    # ----- queries ---------------------------------------------------------------
    @property
    def position(self) -> SkeletonPosition:
        """The whole game as one frozen :class:`~.position.SkeletonPosition`."""
        return self._position

    @property
    def pile(self) -> Pile:
        """The Sand Pile (immutable; see :class:`~treasurekit.skeleton_island.pile.Pile`)."""
        return self._position.pile

    @property
    def turn(self) -> int:
        """The seat whose turn it is (also while a chance move of that turn is due)."""
        return self._position.turn

    @property
    def phase(self) -> flow.Phase:
        """The :class:`~.flow.Phase`: ``"setup"``, ``"start"``, ``"hand"``, ``"second"``,
        ``"pirate"``, ``"gust"``, ``"steal"`` or ``"over"`` (see :class:`SkeletonView`)."""
        return flow.phase(self._position, self.context)

    @property
    def rested(self) -> int | None:
        """The card just rested on the pile's edge this turn (not a second card), or None."""
        return self._position.rested

    @property
    def hand(self) -> tuple[int, str | None] | None:
        """``(id, kind)`` of the card just taken (kind None until revealed), or None."""
        return self._position.hand

    @property
    def islands(self) -> dict[str, int]:
        """Colour -> seat for every Island card won so far."""
        return dict(self._position.islands)

    @property
    def out(self) -> tuple[tuple[int, str, str], ...]:
        """``(id, kind, why)`` of the cards out of the game (discarded or used for an Island)."""
        return self._position.out

    def moves_at(self, place: object) -> list[SkeletonMove]:
        """What a click on ``place`` can mean: ``place`` is an ``(x, y)`` point in cm on
        the table (rest the card in hand on the offered spot there, or take the topmost
        card there) or a collected card's id (steal it, after a pirate turn's discard).
        See :mod:`.clicks` (SKEL §3, §4).

        Raises:
            PlaceError: ``place`` is neither a point nor a card id of the deck.
        """
        return clicks.moves_at(self, place)

    def _why_not_at(self, place: object) -> Refusal:
        return clicks.why_not_at(self, place)

    def collection(self, seat: int) -> tuple[tuple[int, str], ...]:
        """``(id, kind)`` of the Sand cards in front of ``seat``, in the order collected."""
        return self._position.collections[seat]

    def uncovered(self) -> tuple[int, ...]:
        """Ids of the uncovered cards in the Sand Pile (SKEL §3)."""
        return self._position.pile.uncovered()

    @property
    def turn_begins(self) -> bool:
        """True at the first decision of a turn (nothing blown, taken or discarded yet)."""
        return flow.turn_begins(self._position, self.context)

    def can_blow(self) -> bool:
        """True when the player to move may blow on the pile now (SKEL §3, ruling SKEL-10)."""
        return blowing.problem(self._position, self.context) is None and self._current_player() >= 0

    def unseen(self) -> dict[str, int]:
        """Kind -> how many Sand cards of it nobody has seen yet (zero counts left out).

        This is every Sand card minus those face up on the table, in hand, collected and
        out of the game; the face-down cards are drawn from it when revealed.
        """
        return unseen(self._position, self.deck)

    def unknown_distribution(self) -> dict[str, Fraction]:
        """Kind -> exact probability that a face-down card is of that kind (SKEL §2)."""
        pool = self.unseen()
        total = sum(pool.values())
        return {k: Fraction(n, total) for k, n in pool.items()} if total else {}

    def scores(self) -> tuple[int, ...]:
        """Each seat's coins: Island cards won plus gold coin cards held (SKEL §4)."""
        return end.scores(self._position, self.context)

    # ----- the engine contract (docs/architecture.md §2) -----------------------------
    def _current_player(self) -> int:
        # flow.current_player, inlined and kept for the position it was worked out for:
        # the engine asks it several times a ply
        pos = self._position
        if pos is self._asked:
            return self._answer
        if pos.layout is None or pos.setup_left:  # setting up
            player = CHANCE_NODE
        else:
            hand = pos.hand
            if (len(pos.islands) == self._colours or (hand is None and not pos.pile.cards)
                    or (pos.idle and flow.idle_round(pos, self.context))):
                player = TERMINAL
            elif pos.phase in _DRAWN or (hand is not None and hand[1] is None):
                player = CHANCE_NODE
            else:
                player = pos.turn
        self._asked = pos
        self._answer = player
        return player

    def _chance_outcomes(self) -> list[tuple[SkeletonMove, Fraction]]:
        pos = self._position
        if flow.setting_up(pos):
            return setup.outcomes(pos, self.context)
        return CHANCE.get(pos.phase, taking).outcomes(pos, self.context)  # type: ignore[no-any-return]

    def _fixed_chance(self) -> str | None:
        """Which fixed chance node ``pos`` is at (``"spread"``, ``"gust"``), else None."""
        pos = self._position
        if flow.setting_up(pos):
            return "spread" if pos.layout is None else None
        return "gust" if pos.phase == flow.GUST else None

    def _exact_chance_table(self) -> tuple[Sequence[SkeletonMove], int, Sequence[int]] | None:
        """The spread and the gust: tables made once; a card turned over: its reveal
        table in whole numbers (``setup.reveal_table``); a blind steal: None."""
        node = self._fixed_chance()
        if node is not None:
            return self.game.chance_tables[node][0]
        pos = self._position
        if pos.setup_left:  # the spread's next face-up card
            return setup.reveal_table(pos, self.context, pos.setup_left[0])
        if pos.phase == flow.GUST or pos.phase == flow.STEAL or pos.hand is None:
            return None
        return setup.reveal_table(pos, self.context, pos.hand[0])

    def _chance_table(self) -> tuple[Sequence[SkeletonMove], Sequence[float]] | None:
        node = self._fixed_chance()
        return None if node is None else self.game.chance_tables[node][1]

    def _legal_moves(self) -> list[SkeletonMove]:
        pos, ctx = self._position, self.context
        moves: list[SkeletonMove] = []
        for rules in LEGAL.get(pos.phase, ()):
            moves += rules.legal(pos, ctx)
        return moves

    def _check(self, move: SkeletonMove) -> Problem:
        return TABLE.of(move).problem(self._position, self.context, move)

    def _apply(self, move: SkeletonMove) -> list[Event]:
        pos, ctx = self._position, self.context
        pos, events = TABLE.of(move).apply(pos, ctx, move)
        self._position = pos
        if flow.is_over(pos, ctx):
            events.append(end.end_event(pos, ctx))
        return events

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over (SKEL §4; ruling SKEL-19 for ties)."""
        return end.outcome(self._position, self.context)

    # ----- views and text ----------------------------------------------------------------------
    def view(self, player: int) -> SkeletonView:
        """What seat ``player`` may know (no seed; face-down cards have no identity yet).

        Raises:
            SeatError: (a ValueError) ``player`` is not a seat.
        """
        return view(self._position, self.context, player, self.ply)

    def __str__(self) -> str:
        return board_text(self._position, self.context, self.ply)

    def __repr__(self) -> str:
        return f"<SkeletonState ply={self.ply} seed={self.seed}>"
