"""The engine contract every game follows (OpenSpiel-style Game/State split).

A :class:`Game` holds the rules and options and is immutable; a :class:`State`
is one position in one game. Subclasses implement a handful of small hooks
(``_legal_moves``, ``_check``, ``_apply``...); the checked, atomic ``play``,
``undo``, ``copy``, records and the seeded chance stream live here once.
"""

from __future__ import annotations

import difflib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar, overload

from .chance import check_distribution, float_pick, sample_outcome, sample_table
from .errors import IllegalMoveError, MoveParseError, OptionError, Refusal, check_seat
from .events import CHANCE, TERMINAL, Event, Outcome
from .inputs import MAX_MOVE_CHARS, seed_problem, short
from .moves import field_problem, fresh_move, fresh_moves, notation_problem
from .offered import find_offered, unchanged_copy
from .records import GameRecord
from .seat import SeatRecord, view_delta

__all__ = ["Game", "Option", "State", "whole_number"]

M = TypeVar("M")
S = TypeVar("S", bound="State[Any]")


def whole_number(lo: int, hi: int) -> Callable[[Any], str | None]:
    """An :class:`Option` validator accepting whole numbers from ``lo`` to ``hi``.

    >>> whole_number(2, 4)(5)
    'expected a whole number from 2 to 4'
    """

    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            return f"expected a whole number from {lo} to {hi}"
        return None

    return check


@dataclass(frozen=True)
class Option:
    """One keyword option of a game: its default, its allowed values and what it means."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    validate: Callable[[Any], str | None] | None = None

    def check(self, name: str, value: Any) -> None:
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(
                f"option {name}={short(value)} is not allowed; choose one of {allowed}")
        if self.validate is not None:
            problem = self.validate(value)
            if problem:
                raise OptionError(f"option {name}={short(value)}: {problem}")


class Game(ABC, Generic[M]):
    """Immutable rules plus options. ``game.new_initial_state(seed)`` starts a game.

    Subclasses set ``name``, ``title``, ``OPTIONS`` and implement ``new_initial_state``
    and ``parse_move``. Every option has a default, so ``load_game(name)`` is playable.

    Raises:
        OptionError: on an unknown option name (with a suggestion) or a bad value.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[Mapping[str, Option]]
    #: The move classes of this game (``typing.get_args`` of its move union); a move
    #: object of any other type is refused by ``play``/``why_illegal``.
    MOVE_TYPES: ClassVar[tuple[type, ...]] = ()

    def __init__(self, /, **options: Any) -> None:
        for key, value in options.items():
            if key not in self.OPTIONS:
                near = difflib.get_close_matches(str(key)[:100], list(self.OPTIONS), n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                known = ", ".join(self.OPTIONS)
                raise OptionError(
                    f"{self.name} has no option {short(key)}{hint} (options: {known})")
            self.OPTIONS[key].check(key, value)
        self._options = {k: options.get(k, opt.default) for k, opt in self.OPTIONS.items()}
        #: ``parse_move(text)`` for move texts already read back (a pure function of the
        #: text and these immutable rules; bounded, see ``core.moves.notation_problem``).
        self._parsed: dict[str, Any] = {}

    @property
    def options(self) -> dict[str, Any]:
        """A copy of every option with its value (defaults filled in)."""
        return dict(self._options)

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats (0..n-1)."""

    #: The game's :class:`State` class: ``state_type(game, seed, position)`` is the one
    #: constructor by which a state receives a position (docs/architecture.md §4).
    state_type: ClassVar[type[State[Any]]]

    def new_initial_state(self, seed: int = 0) -> State[M]:
        """A fresh game; ``seed`` fixes every chance outcome.

        Raises:
            OptionError: ``seed`` is not a non-negative integer."""
        return self.state_type(self, seed)

    def state_at(self, position: Any, seed: int = 0) -> State[M]:
        """A game standing at ``position``, a position of this game built elsewhere
        (a study's set-up, a determinization, a record's replay), with no history.

        Raises:
            OptionError: ``seed`` is not a non-negative integer."""
        return self.state_type(self, seed, position)

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Parse move text. Raises :class:`MoveParseError` naming the accepted forms."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"load_game({self.name!r}, {opts})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game) and other.name == self.name and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(map(repr, self._options.items())))))


class State(ABC, Generic[M]):
    """One position of one game.

    Public API (docs/architecture.md §2): ``current_player``, ``is_chance_node``, ``is_terminal``,
    ``legal_moves``, ``chance_outcomes``, ``play``, ``why_illegal``, ``resolve_chance``,
    ``undo``, ``copy``, ``history``, ``outcome``, ``view``, ``to_record``.

    Subclasses implement: ``_current_player``, ``_legal_moves``, ``_chance_outcomes``,
    ``_check`` (reason and rule, or None), ``_apply`` (replace the position, return
    events), ``outcome``, ``view``.

    The whole mutable state of a game is one frozen value, ``self._position`` (a
    frozen dataclass of the game's ``position.py``; docs/architecture.md §4). Undo and
    copy are core's: a snapshot *is* the position (no copying, nothing to alias), and a
    copy shares it. ``_apply`` never mutates a position; it builds the next one.
    """

    #: The whole mutable state of the game as one immutable value (docs/architecture.md §4).
    _position: Any
    #: The moves offered at ``_offered_for`` (a position, by identity): kept while that
    #: position is current, so the rules list them once a ply and ``play`` finds an
    #: offered move among them instead of checking it again. A new position (apply,
    #: advance, undo, ``_restore``, a copy's own moves) is a new object: a new list.
    _offered_for: Any = None
    _offered_moves: Sequence[Any] = ()
    #: The copies the last :meth:`legal_moves` handed out, with the offered list they copy
    #: (``_was_offered`` finds a handed-out move by identity).
    _handed: tuple[Sequence[Any], list[Any]] | None = None

    def __init__(self, game: Game[M], seed: int, position: Any = None) -> None:
        """The one constructor (``game.state_type(game, seed, position)``): a state
        standing at ``position``, or at the game's start (:meth:`_initial_position`)
        when it is None. A subclass sets what ``_initial_position`` reads *before*
        calling this."""
        problem = seed_problem(seed)
        if problem:
            raise OptionError(problem)
        self.game = game
        self.seed = seed
        self._history: list[M] = []
        self._undo_stack: list[Any] = []
        self._position = self._initial_position() if position is None else position

    # ----- hooks -----------------------------------------------------------
    @abstractmethod
    def _initial_position(self) -> Any:
        """The position a new game starts from (the game's set-up rules)."""

    @abstractmethod
    def _current_player(self) -> int: ...

    @abstractmethod
    def _legal_moves(self) -> list[M]: ...

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[M, Fraction]]: ...

    @abstractmethod
    def _check(self, move: M) -> tuple[str, str | None] | None:
        """Why ``move`` is illegal here as ``(reason, rule)``, or None if it is legal."""

    @abstractmethod
    def _apply(self, move: M) -> list[Event]:
        """Apply a legal move (mutating); return what happened."""

    def _advance(self, move: M) -> None:
        """Apply a legal move for search: the same next position as ``_apply``, without
        building its events (:meth:`advance`). Games whose events cost much override
        this with an event-free path; the default applies and drops the events."""
        self._apply(move)

    def _chance_table(self) -> tuple[Sequence[M], Sequence[float]] | None:
        """The chance outcomes for :meth:`sample_chance` as a table built once from fixed
        data (:func:`~.chance.chance_table`: the moves and the running sums of their
        probabilities as floats), or None (the default) to read ``_chance_outcomes``."""
        return None

    def _exact_chance_table(self) -> tuple[Sequence[M], int, Sequence[int]] | None:
        """The chance outcomes for :meth:`resolve_chance` as a table built once from fixed
        data (:func:`~.chance.exact_table`: checked, over a common denominator), or None
        (the default) to check and sample ``_chance_outcomes`` each time."""
        return None

    def _snapshot(self) -> Any:
        """Everything ``_apply`` can change, as one immutable value: the position."""
        return self._position

    def _restore(self, snapshot: Any) -> None:
        """Put back a snapshot taken by ``_snapshot`` (a frozen position: shared, not copied)."""
        self._position = snapshot

    @property
    def position(self) -> Any:
        """The whole state of the game as one frozen value (omniscient: it holds every
        secret; give a seat :meth:`view` instead). Equal positions are equal games."""
        return self._position

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None until the game is over; then scores and winners."""

    @abstractmethod
    def view(self, player: int) -> Any:
        """What seat ``player`` may know: hidden information (and the seed) removed."""

    # ----- the contract ----------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to move, or ``CHANCE``, or ``TERMINAL``."""
        return self._current_player()

    def is_chance_node(self) -> bool:
        return self._current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    @property
    def history(self) -> tuple[M, ...]:
        """Every move played so far, chance moves included (new objects: changing one
        changes nothing in the state)."""
        return tuple(fresh_moves(self._history))

    @property
    def ply(self) -> int:
        """Number of moves played (the index of the next move)."""
        return len(self._history)

    def legal_moves(self) -> list[M]:
        """The moves the player to move may make (chance outcomes at a chance node).

        The moves are new objects on every call: a game may keep its legal moves in a
        cache, and changing a move handed out (even with ``object.__setattr__``) must not
        change what is legal (issue 23 point 7)."""
        offered = self._offered()
        moves = fresh_moves(offered)
        self._handed = (offered, moves)
        return moves

    def _offered(self) -> Sequence[M]:
        """What :meth:`legal_moves` lists, as the rules' own (possibly shared) objects:
        for the engine only, never handed out nor changed. Listed once per position."""
        pos = getattr(self, "_position", None)
        if pos is not None and self._offered_for is pos:
            return self._offered_moves
        moves = self._list_offered()
        if pos is not None:
            self._keep_offered(pos, moves)
        return moves

    def _keep_offered(self, position: Any, moves: Sequence[M]) -> None:
        """Remember ``moves`` as what is offered at ``position`` (for a game whose
        ``_apply`` already knows the next position's moves)."""
        self._offered_for, self._offered_moves = position, moves

    def _was_offered(self, move: M) -> bool:
        """True if ``move`` is one the state offers now (equal and of the same shape,
        :func:`~.offered.find_offered`): legal without a check. A copy the last
        :meth:`legal_moves` handed out is found by identity, and taken as offered if its
        fields are still the offered move's very objects (:func:`~.offered.unchanged_copy`)."""
        offered = self._offered()
        handed = self._handed
        if handed is not None and handed[0] is offered:
            for i, copy in enumerate(handed[1]):
                if copy is move:
                    if unchanged_copy(offered[i], move):
                        return True
                    break
        return find_offered(offered, move)

    def _list_offered(self) -> list[M]:
        player = self._current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [m for m, _ in self._chance_outcomes()]
        return self._legal_moves()

    def chance_outcomes(self) -> list[tuple[M, Fraction]]:
        """``[(move, Fraction)]`` at a chance node (sums to exactly 1); ``[]`` elsewhere."""
        if not self.is_chance_node():
            return []
        outcomes = self._chance_outcomes()
        check_distribution(outcomes)
        return [(fresh_move(m), p) for m, p in outcomes]

    def parse_move(self, move: M | str) -> M:
        """Turn move text into a move object (moves pass through).

        Raises:
            MoveParseError: the text is not in the game's notation, or is longer
                than ``MAX_MOVE_CHARS``.
        """
        if isinstance(move, str):
            if len(move) > MAX_MOVE_CHARS:
                raise MoveParseError(move, f"the move text is {len(move):,} characters long; "
                                           f"a move is at most {MAX_MOVE_CHARS}")
            return self.game.parse_move(move)
        return move

    def why_illegal(self, move: M | str) -> str | None:
        """None if ``move`` is legal now, else the reason in plain words with its rule,
        ``"reason [rule]"`` (the text of :meth:`refusal`)."""
        refusal = self.refusal(move)
        return None if refusal is None else str(refusal)

    def refusal(self, move: M | str) -> Refusal | None:
        """None if ``move`` (a move or its text) is legal now, else why not as data: a
        :class:`~treasurekit.core.errors.Refusal` (``reason``, ``rule``). Never raises."""
        try:
            mv = self.parse_move(move)
        except MoveParseError as exc:
            return Refusal(exc.reason, exc.rule)
        if self._was_offered(mv):
            return None
        problem = self._problem(mv)
        return None if problem is None else Refusal(*problem)

    def _problem(self, move: M) -> tuple[str, str | None] | None:
        """Why ``move`` is illegal, or None. A move object of another type or with a
        field of the wrong type is refused here, before the game's ``_check``; an
        unexpected error while checking (never while applying) also refuses it."""
        problem = field_problem(move, self.game.MOVE_TYPES, self.game.title)
        if problem is None and self.game.MOVE_TYPES:
            game = self.game
            problem = notation_problem(move, game.parse_move, game._parsed, game.title)
        if problem is not None:
            return (problem, None)
        player = self._current_player()
        if player == TERMINAL:
            return ("the game is over; no move can be played", None)
        if player == CHANCE:
            outcomes = [m for m, _ in self._chance_outcomes()]
            if move not in outcomes:
                listed = ", ".join(str(m) for m in outcomes[:12])
                more = f" … ({len(outcomes)} outcomes)" if len(outcomes) > 12 else ""
                return (f"this is a chance node; the outcome must be one of: {listed}{more}",
                        None)
            return None
        try:
            return self._check(move)
        except (LookupError, TypeError, AttributeError, ValueError, ArithmeticError) as exc:
            return (f"the move {short(move, 60)} cannot be checked: a field is not valid "
                    f"({type(exc).__name__}: {short(str(exc), 60)})", None)

    def play(self, move: M | str) -> list[Event]:
        """Play a move (or its text). Checked and atomic.

        A move the state offers now (one of ``legal_moves()``, ``moves_at()``, a chance
        outcome) is legal by construction and is not checked again; any other move is
        checked in full (``_problem``), which refuses it with its reason or accepts it.

        Returns:
            The events, in order.

        Raises:
            IllegalMoveError: with ``.reason`` and ``.rule``; the state is unchanged.
        """
        mv = self.parse_move(move)
        if not self._was_offered(mv):
            problem = self._problem(mv)
            if problem is not None:
                raise IllegalMoveError(mv, problem[0], problem[1])
        return self.apply(mv)

    def apply(self, move: M, *, undoable: bool = True) -> list[Event]:
        """Play a move already known to be legal (the unchecked path for simulations).

        Still atomic: if applying fails the state is restored. With ``undoable=False``
        (fast playouts on a throw-away copy) no undo information is kept, and
        :meth:`undo` refuses to take such a move back.
        """
        move = fresh_move(move)  # the state keeps its own object, never the caller's
        if not undoable:
            events = self._apply(move)
            self._history.append(move)
            self._undo_stack.append(None)
            return events
        snap = self._snapshot()
        try:
            events = self._apply(move)
        except Exception:
            self._restore(snap)
            raise
        self._history.append(move)
        self._undo_stack.append(snap)
        return events

    def advance(self, move: M) -> None:
        """Play a move already known to be legal, for search on a throw-away copy: no
        check, no undo information (:meth:`undo` refuses to take it back) and no events.
        The position reached is the one :meth:`apply` reaches."""
        move = fresh_move(move)
        self._advance(move)
        self._history.append(move)
        self._undo_stack.append(None)

    def sample_chance(self, rng: Any) -> M:
        """Draw a chance outcome with ``rng`` (a ``random.Random``): for bots and
        simulations that must not use the game's own seeded stream. One ``rng.random()``
        per call, compared with the running sums of the probabilities as floats."""
        return fresh_move(float_pick(self._chance_table(), self._chance_outcomes, rng.random()))

    def resolve_chance(self) -> list[Event]:
        """Sample the chance node from the seeded stream (a pure function of seed and ply)."""
        if self._current_player() != CHANCE:
            raise IllegalMoveError("resolve_chance", "it is not a chance node: a player must move")
        table = self._exact_chance_table()
        if table is not None:
            return self.apply(sample_table(table, self.game.name, self.seed,
                                           len(self._history)))
        outcome = sample_outcome(self._chance_outcomes(), self.game.name, self.seed,
                                 len(self._history), check=True)
        return self.apply(outcome)

    def undo(self) -> M:
        """Take back the last move (chance moves included) and return it.

        Raises:
            IndexError: nothing to undo.
        """
        if not self._history:
            raise IndexError("nothing to undo: no move has been played")
        if self._undo_stack[-1] is None:
            raise IndexError("the last move was applied with undoable=False; it cannot be undone")
        self._restore(self._undo_stack.pop())
        return fresh_move(self._history.pop())

    def copy(self: S) -> S:
        """An independent copy with the same history (undo works on it too)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._restore(self._snapshot())
        new._history = list(self._history)
        new._undo_stack = list(self._undo_stack)
        return new

    @overload
    def to_record(self, seat: None = None) -> GameRecord: ...

    @overload
    def to_record(self, seat: int) -> SeatRecord: ...

    def to_record(self, seat: int | None = None) -> GameRecord | SeatRecord:
        """The record of the game so far.

        Without ``seat``: the omniscient, replayable record (game, options, seed and
        every move, chance outcomes and hidden decisions included), for replays after
        the game; ``treasurekit.replay`` plays it back.

        With ``seat=p``: a :class:`~treasurekit.core.seat.SeatRecord` holding only what
        seat ``p`` may know (no seed; hidden parts of moves written ``?``; p's view and
        event texts at every ply); ``treasurekit.replay_seat`` plays it back.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        if seat is None:
            return GameRecord(
                game=self.game.name,
                options=self.game.options,
                seed=self.seed,
                moves=tuple(str(m) for m in self._history),
            )
        n = self.game.num_players
        check_seat(seat, n, "seat")
        again = self.copy()  # walked back to the start: custom set-ups are kept
        try:
            while again.ply:
                again.undo()
        except IndexError:  # a move applied with undoable=False
            again = self.game.new_initial_state(self.seed)
        moves: list[str] = []
        events: list[tuple[str, ...]] = []
        before = again.view(seat)
        views = [view_delta(None, before)]
        for move in self._history:
            moves.append(again._seat_move_text(move, seat))
            events.append(tuple(str(e) for e in again._seat_events(again.apply(move), seat)))
            after = again.view(seat)
            views.append(view_delta(before, after))
            before = after
        return SeatRecord(self.game.name, self.game.options, seat, tuple(moves),
                          tuple(views), tuple(events))

    def _seat_move_text(self, move: M, seat: int) -> str:
        """How ``move`` (about to be played in this state) is written for ``seat``:
        its text with every part ``seat`` may not know replaced by ``?``.

        Games with hidden chance outcomes or hidden decisions override this; the
        default (everything on the table) is the move's text.
        """
        return str(move)

    def _seat_events(self, events: list[Event], seat: int) -> list[Event]:
        """The events of one move that ``seat`` may read (default: all of them; event
        texts are written for every seat at the table)."""
        return events

    def returns(self) -> tuple[float, ...]:
        """Per-seat rewards (1 shared among winners) once terminal; zeros before."""
        out = self.outcome()
        if out is None:
            return tuple(0.0 for _ in range(self.game.num_players))
        return out.returns()

    def determinize(self: S, player: int, rng: Any) -> S:
        """A copy in which what ``player`` cannot know is resampled (for MCTS).

        Games with hidden information override this; the default is a plain copy.
        """
        return self.copy()

    def moves_at(self, place: object) -> list[M]:
        """What a click on ``place`` could mean: the legal moves of the seat to move that
        use that place (empty when none; always empty at a chance node or once the game
        is over). Every move returned is legal now (``why_illegal`` is None).

        ``place`` is what a board's picture knows at a click; each game documents its
        own (Ahoy: a square number or a pirate ``(square, seat)``; Treasure Island 2003:
        a square name or index; Treasure Island 2018: an ``(x, y)`` point in miles;
        Sjörövarön: a hex name; Skeleton Island: an ``(x, y)`` point in cm on the table,
        or a collected card's id). A board shows one move at once, several as choice
        buttons, none with the reason (``why_illegal``) of the nearest candidate.

        Raises:
            PlaceError: ``place`` is not a place of this game (a ValueError).
            NotImplementedError: the game does not say what a click means.
        """
        raise NotImplementedError(
            f"{self.game.title} does not say what a click on a place means (moves_at)")

    def why_not_at(self, place: object) -> Refusal | None:
        """None when a click on ``place`` means a move now (``moves_at(place)`` is not
        empty), else why it means nothing, as data: the rule the click runs into (a
        covered card, water, a walk of the wrong length...), from the game's own
        ``_why_not_at``. Boards show it instead of re-deriving rules.

        Raises:
            PlaceError: ``place`` is not a place of this game.
        """
        if self.moves_at(place):
            return None
        if self.is_terminal():
            return Refusal("the game is over; no move can be played")
        return self._why_not_at(place)

    def _why_not_at(self, place: object) -> Refusal:
        """Why a click on ``place`` means nothing now (``moves_at(place)`` is empty and the
        game is not over)."""
        expecting = getattr(self, "expecting", None)
        what = f": {expecting()}" if callable(expecting) else ""
        return Refusal(f"nothing to do there now{what}")

    def _repr_text_moves(self, moves: Sequence[M]) -> str:
        return ", ".join(str(m) for m in moves)
