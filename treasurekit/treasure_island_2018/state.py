"""The Treasure Island (2018) state: a thin facade over one frozen position
(docs/architecture.md §2-§4).

Where each rule lives (TI2018 = the rulebook, see ``rules/__init__.py`` for the sections):

* burying the treasure, the deals and draws ....... ``rules/setup.py``       (§6)
* the calendar update, its events, the Prison ..... ``rules/calendar.py``    (§7)
* playing a hint, Information tokens, redrawing,
  PARROT's sharing ................................ ``rules/hints.py``      (§5, §10)
* CONFESSION's questions and answers .............. ``rules/confession.py`` (§10)
* a pirate's actions, special actions, items ...... ``rules/actions.py``    (§7, §11)
* Horse, Foot, Full Gallop ........................ ``rules/movement.py``   (§7)
* a Small search, a Large search, from afar ....... ``rules/searches.py``   (§7)
* Chest tokens .................................... ``rules/chest.py``      (§5, §11)
* the Compass and Compass Hints ................... ``rules/compass.py``    (§5, §7)
* Long John Silver's escape and the two wins ...... ``rules/escape.py``     (§8, §1)

Whose move it is and what each phase means is in ``flow.py``; what a seat may know in
``view.py``. Hidden information: the treasure, Silver's hands and tokens and each
pirate's District Hints, Compass Hints and Chest tokens live in the position;
``view(p)`` hands out only what seat ``p`` may know. Hints are drawn lazily (a chance
node lists the cards still in the pile at the moment of the draw).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from ..core.dispatch import MoveTable, Section
from ..core.draft import Draft
from ..core.errors import Refusal
from ..core.events import Event, Outcome
from ..core.game import State
from . import clicks as _clicks
from . import flow
from .context import TI2018Context
from .decks import CalendarSpace, Character, Decks
from .determinize import determinized
from .flow import Phase, who
from .geometry import Pt
from .hints import Situation
from .map import IslandMap
from .moves import (
    Answer,
    Ask,
    Bury,
    Card,
    Compass,
    Confess,
    Deal,
    Done,
    Draw,
    Foot,
    Gallop,
    Horse,
    PlayHint,
    Prison,
    Redraw,
    Remote,
    Reveal,
    Search,
    Share,
    TIMove,
    UseItem,
    Verify,
)
from .position import (
    PlayedHint,
    TIPosition,
    has_ability,
    initial_position,
    position_of,
    seat_minis,
    situation,
    uses_left,
)
from .rules import (
    ACTIONS,
    BURY,
    COMPASS,
    ESCAPE,
    PLAY_HINT,
    PRISON,
    SEQUENCE,
    SMALL_SEARCH,
    Problem,
    actions,
    calendar,
    chest,
    compass,
    confession,
    escape,
    hints,
    setup,
)
from .rules import hint as hint_rule
from .text import board_text
from .view import TIView, seat_move_text, seat_view

if TYPE_CHECKING:
    from .game import TIGame

__all__ = ["TABLE", "PlayedHint", "TIState"]

_Legal = Callable[[TIPosition, TI2018Context], list[TIMove]]
_Check = Callable[[TIPosition, TI2018Context, Any], Problem]
_Apply = Callable[[Draft[TIPosition], TI2018Context, Any], list[Event]]

#: The legal moves of each phase in which a player decides.
_LEGAL: dict[Phase, _Legal] = {
    Phase.BURY: setup.legal,
    Phase.HINT: hints.legal,
    Phase.ASK: confession.legal_ask,
    Phase.CONFESS: confession.legal_confess,
    Phase.SHARE: hints.legal_share,
    Phase.PRISON: calendar.legal_prison,
    Phase.ANSWER: chest.legal,
    Phase.COMPASS: compass.legal,
    Phase.ESCAPE: escape.legal,
    Phase.ACTIONS: actions.legal,
}
#: What the player to move must do, when a move of another kind is tried.
_EXPECT = {
    Phase.HINT: "play a hint: 'hint <kind> <args> truth|bluff' (or 'redraw')",
    Phase.ASK: "ask a CONFESSION question, e.g. 'ask near red 5'",
    Phase.CONFESS: "answer a CONFESSION question: 'confess pN yes|no truth|bluff'",
    Phase.SHARE: "choose the District Hint to show: 'share dN'",
    Phase.PRISON: "put Silver's miniature on a black tower: 'prison tN'",
    Phase.ANSWER: "answer the search: 'answer none' or give a Chest token",
    Phase.COMPASS: "give a Compass Hint: 'card N' (or 'card none')",
    Phase.ESCAPE: "make a Horse move: 'horse silver x,y'",
    Phase.ACTIONS: "act: horse, foot, search, compass, verify, gallop, use or done",
}
_PHASE_RULE = {
    Phase.HINT: PLAY_HINT, Phase.ASK: hint_rule("CONFESSION", True),
    Phase.CONFESS: hint_rule("CONFESSION", True), Phase.SHARE: hint_rule("PARROT", True),
    Phase.PRISON: PRISON, Phase.ANSWER: SMALL_SEARCH, Phase.COMPASS: COMPASS,
    Phase.ESCAPE: ESCAPE, Phase.ACTIONS: ACTIONS,
}


def _chance(pos: TIPosition, ctx: TI2018Context, move: TIMove) -> Problem:
    return (f"{str(move)!r} is a chance move (resolve_chance draws it); it is "
            f"{who(ctx, flow.current_player(pos, ctx))}'s turn to choose", None)


def _expected(pos: TIPosition, ctx: TI2018Context) -> Problem:
    """What a move of a kind the phase does not take is told."""
    phase = pos.phase
    if phase == Phase.BURY:
        return ("Long John Silver must first bury the treasure: 'bury x,y'", BURY)
    name = who(ctx, flow.current_player(pos, ctx))
    return (f"{name} must now {_EXPECT[phase]}", _PHASE_RULE.get(phase, SEQUENCE))


def _buried(pos: TIPosition, ctx: TI2018Context) -> Problem:
    return ("the treasure is already buried", BURY)


def _phased(by_phase: dict[Phase, tuple[_Check, _Apply]],
            refuse: Callable[[TIPosition, TI2018Context], Problem] = _expected
            ) -> Section[list[Event]]:
    """The section of a move type played in the phases of ``by_phase`` (phase ->
    (problem, effect)); in any other phase it is refused with ``refuse``."""
    def problem(pos: TIPosition, ctx: TI2018Context, move: TIMove) -> Problem:
        entry = by_phase.get(pos.phase)
        return refuse(pos, ctx) if entry is None else entry[0](pos, ctx, move)
    if len(by_phase) == 1:
        (_, effect), = by_phase.values()
        return Section(problem, effect)
    return Section(problem, lambda d, ctx, move: by_phase[d.phase][1](d, ctx, move))


#: The one table (docs/architecture.md §3): each move type's rule section, by phase
#: for a move type two phases take (Horse, Done): the problem with such a move,
#: ``problem(position, ctx, move)``, and its effect, ``apply(draft, ctx, move) ->
#: events`` (``ctx``: the game's :class:`.TI2018Context`).
TABLE: MoveTable[list[Event]] = MoveTable("Treasure Island (2018)", {
    Deal: Section(_chance, setup.deal),
    Reveal: Section(_chance, setup.reveal),
    Draw: Section(_chance, setup.draw),
    Bury: _phased({Phase.BURY: (setup.problem, setup.apply)}, _buried),
    PlayHint: _phased({Phase.HINT: (hints.problem, hints.apply)}),
    Redraw: _phased({Phase.HINT: (hints.problem_redraw, hints.apply_redraw)}),
    Ask: _phased({Phase.ASK: (confession.problem_ask, confession.apply_ask)}),
    Confess: _phased({Phase.CONFESS: (confession.problem_confess, confession.apply_confess)}),
    Share: _phased({Phase.SHARE: (hints.problem_share, hints.apply_share)}),
    Prison: _phased({Phase.PRISON: (calendar.problem_prison, calendar.apply_prison)}),
    Answer: _phased({Phase.ANSWER: (chest.problem, chest.apply)}),
    Card: _phased({Phase.COMPASS: (compass.problem, compass.apply)}),
    Horse: _phased({Phase.ESCAPE: (escape.ride_problem, escape.ride),
                    Phase.ACTIONS: (actions.horse_problem, actions.horse)}),
    Done: _phased({Phase.ESCAPE: (escape.stuck_problem, escape.stuck),
                   Phase.ACTIONS: (actions.done_problem, actions.done)}),
    Foot: _phased({Phase.ACTIONS: (actions.foot_problem, actions.foot)}),
    Search: _phased({Phase.ACTIONS: (actions.search_problem, actions.search_at)}),
    Remote: _phased({Phase.ACTIONS: (actions.remote_problem, actions.remote)}),
    Compass: _phased({Phase.ACTIONS: (actions.compass_problem, actions.compass)}),
    Verify: _phased({Phase.ACTIONS: (actions.verify_problem, actions.verify)}),
    Gallop: _phased({Phase.ACTIONS: (actions.full_gallop_problem, actions.gallop)}),
    UseItem: _phased({Phase.ACTIONS: (actions.item_problem, actions.use_item)}),
})


class TIState(State[TIMove]):
    """One Treasure Island (2018) game. Create it with ``game.new_initial_state(seed)``.

    Seat 0 is Long John Silver; seats 1.. are the pirates. The game opens with Silver
    burying the treasure (``bury x,y``), then chance deals the District Hints and draws
    Silver's hands, then the calendar starts on 1 June.

    >>> import treasurekit.treasure_island_2018 as ti
    >>> s = ti.TIGame().new_initial_state(seed=1)
    >>> s.current_player, str(s.phase)
    (0, 'bury')
    >>> s.why_illegal("bury 17.5,14.6")
    'the treasure cannot be buried at 17.5,14.6: it lies in a restricted area (the volcano) \
[TI2018 §6 Preparation Phase: Burying the treasure]'
    >>> _ = s.play("bury 10,13")
    >>> while s.is_chance_node():
    ...     _ = s.resolve_chance()
    >>> s.day, str(s.phase), s.current_player
    (1, 'hint', 0)
    """

    game: TIGame
    _position: TIPosition

    def __init__(self, game: TIGame, seed: int, position: TIPosition | None = None) -> None:
        """The one constructor (core's): ``game.new_initial_state(seed)`` or
        ``game.state_at(position, seed)``."""
        #: What the rules read of the game (its tables and options), handed to every rule.
        self.context: TI2018Context = game.context
        self.map: IslandMap = game.map
        self.decks: Decks = game.decks
        self.n: int = game.num_players
        self.pirates: tuple[int, ...] = game.pirates
        self.characters: tuple[Character | None, ...] = game.seat_characters
        self.minis: tuple[str, ...] = game.miniatures
        self.owner: dict[str, int] = game.owner
        self.calendar: tuple[CalendarSpace, ...] = game.calendar
        self.escape_day: int = game.escape_day
        # the legal moves as a set, for _check, and the list it was built from (the
        # position's offered moves, State._offered): built only when a move from elsewhere
        # is checked (the search path, State.advance, and offered moves never check)
        self._legal_set: set[TIMove] = set()
        self._legal_set_of: Sequence[TIMove] | None = None
        super().__init__(game, seed, position)

    def _initial_position(self) -> TIPosition:
        """Before burying: full piles, no hands (TI2018 §4, §6; ``position.py``)."""
        return initial_position(self.context)

    # ----- names and queries ---------------------------------------------------------
    @staticmethod
    def seat_name(seat: int) -> str:
        """``p0`` (Long John Silver) .. ``p4``."""
        return f"p{seat}"

    def who(self, seat: int) -> str:
        """A seat in words: "Long John Silver" or "p2 (Olivier)"."""
        return who(self.context, seat)

    @property
    def phase(self) -> Phase:
        """``bury``, ``setup``, ``hint``, ``ask``, ``confess``, ``share``, ``prison``,
        ``actions``, ``answer``, ``compass``, ``escape`` or ``over`` (a :class:`.Phase`,
        equal to its word)."""
        return flow.shown_phase(self._position)

    @property
    def day(self) -> int:
        """The calendar day (1 = 1 June); 0 before the first day."""
        return self._position.day

    @property
    def treasure(self) -> Pt | None:
        """Where the treasure is buried (Silver's secret), or None before burying."""
        return self._position.treasure

    @property
    def active(self) -> int | None:
        """The pirate seat whose turn it is (None otherwise)."""
        return self._position.active

    @property
    def actions_left(self) -> int:
        return self._position.actions_left

    @property
    def escape_round(self) -> int:
        """0 before the escape; then the round of play (1, 2, ...)."""
        return self._position.escape_round

    @property
    def hints(self) -> tuple[PlayedHint, ...]:
        """Every Starting and Black Spot Hint played, in order."""
        return self._position.played

    @property
    def position(self) -> TIPosition:
        """The whole game as one frozen :class:`.TIPosition` (omniscient)."""
        return self._position

    @property
    def data(self) -> TIPosition:
        """The whole position (the same as :attr:`position`; the older name)."""
        return self._position

    def position_of(self, mini: str) -> Pt | None:
        """Where miniature ``mini`` stands (None for Silver before the Prison event)."""
        return position_of(self._position, self.context, mini)

    def seat_minis(self, seat: int) -> tuple[str, ...]:
        """The miniatures a seat moves (Silver's only during the escape)."""
        return seat_minis(self.context, seat)

    def uses_left(self, seat: int, action: str) -> int:
        """How many times ``seat`` may still use a limited special action."""
        return uses_left(self._position, seat, action)

    def has_ability(self, seat: int, ability: str) -> bool:
        return has_ability(self.context, seat, ability)

    def situation(self) -> Situation:
        """The board now, as hints see it (miniatures on the board, their lines and crosses,
        last moves, search circles)."""
        return situation(self._position, self.context)

    def moves_at(self, place: object) -> list[TIMove]:
        """The legal moves of the seat to move that a click on the map at ``place`` (an
        ``(x, y)`` point in miles) could mean; see :func:`.clicks.moves_at`.

        Raises:
            PlaceError: ``place`` is not a point (a ``ValueError``).
        """
        return _clicks.moves_at(self, place)

    def _why_not_at(self, place: object) -> Refusal:
        return _clicks.why_not_at(self, place)

    # ----- the contract's hooks ---------------------------------------------------------
    def _current_player(self) -> int:
        return flow.current_player(self._position, self.context)

    def _chance_outcomes(self) -> list[tuple[TIMove, Fraction]]:
        return setup.chance_outcomes(self._position, self.context)

    def _exact_chance_table(self) -> tuple[Sequence[TIMove], int, Sequence[int]] | None:
        # every draw is uniform over n cards: over the denominator n, the running
        # numerators are 1..n (what chance.exact_table makes of _chance_outcomes)
        moves = tuple(setup.chance_moves(self._position, self.context))
        n = len(moves)
        return (moves, n, tuple(range(1, n + 1))) if n else None

    def _chance_table(self) -> tuple[Sequence[TIMove], Sequence[float]] | None:
        # the running sums of 1/n as floats, added in order (as chance.chance_table does)
        moves = setup.chance_moves(self._position, self.context)
        if not moves:
            return None
        share = 1 / len(moves)
        sums = []
        acc = 0.0
        for _ in moves:
            acc += share
            sums.append(acc)
        return moves, sums

    def _legal_moves(self) -> list[TIMove]:
        pos = self._position
        if self._offered_for is pos:  # Silver's hint options, kept by _apply (read-only)
            return cast(list[TIMove], self._offered_moves)
        legal = _LEGAL.get(pos.phase)
        return legal(pos, self.context) if legal else []

    def _check(self, move: TIMove) -> Problem:
        offered = self._offered()
        if self._legal_set_of is not offered:
            self._legal_set, self._legal_set_of = set(offered), offered
        if move in self._legal_set:
            return None
        return self._slow_check(move)

    def _slow_check(self, move: TIMove) -> Problem:
        """The full check, without the shortcut through the sampled legal moves."""
        return TABLE.of(move).problem(self._position, self.context, move)

    def _apply(self, move: TIMove) -> list[Event]:
        ctx = self.context
        d = Draft(self._position)
        events = TABLE.of(move).apply(d, ctx, move)
        options = calendar.advance(d, ctx, events)
        if d.winner is not None:
            events.append(calendar.end_event(d, ctx))
        self._position = pos = d.freeze()
        if options is not None:
            self._keep_offered(pos, options)
        return events

    def outcome(self) -> Outcome | None:
        """The winner (a pirate who found the treasure, or Silver) once the game is over
        (TI2018 §1; ruling TI2018-29: the winner scores 1, everyone else 0)."""
        return flow.outcome(self._position, self.context)

    # ----- what a seat may know -------------------------------------------------------------
    def _seat_move_text(self, move: TIMove, seat: int) -> str:
        """``move`` as ``seat`` may know it (see :func:`.view.seat_move_text`)."""
        return seat_move_text(self._position, self.context, move, seat)

    def view(self, player: int) -> TIView:
        """What seat ``player`` may know (see ``view.py``); never the seed.

        Raises:
            SeatError: ``player`` is not a seat (a ValueError).
        """
        return seat_view(self._position, self.context, player, self.ply)

    def status(self) -> str:
        """One line: whose move it is and what is expected."""
        return flow.status(self._position, self.context)

    def __str__(self) -> str:
        return board_text(self._position, self.context, self.ply)

    def __repr__(self) -> str:
        return f"<TIState ply={self.ply} seed={self.seed}>"

    # ----- hidden information for search bots ------------------------------------------------
    def determinize(self, player: int, rng: Any) -> TIState:
        """A copy in which everything ``player`` cannot see is resampled from ``rng``,
        consistently with ``view(player)`` (for MCTS): for a pirate, the treasure, the
        face-down Information tokens it has not verified, the District Hints it has not
        seen, the other pirates' Chest tokens and Compass Hints, and Silver's hands
        (``determinize.py`` says how, TI2018 §5-§7). Silver knows everything but the
        future draws: his copy is plain. ``view(player)`` is the same in the copy."""
        twin = self.copy()
        twin._restore(determinized(self._position, self.context, self.view, player, rng))
        return twin

