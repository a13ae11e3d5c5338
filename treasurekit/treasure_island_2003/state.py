"""A Treasure Island (2003) position: the engine contract on top of the turn rules.

The rules of a turn live in ``flow.py`` (and ``cannons.py``, ``reckoning.py``); this
module lists legal moves, says why a move is illegal, snapshots and restores, and
builds views and the text board.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.events import CHANCE, TERMINAL, Event, Outcome
from . import cannons, clicks, reckoning, rules
from .enclosure import EMPTY, reaches_treasure
from .flow import PLACED, TurnFlow
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
from .skirmish import round_outcomes
from .view import TIView, make_view, render

if TYPE_CHECKING:
    from .game import TIGame

__all__ = ["PHASES", "ROLLS", "TIState"]

#: The 21 throws of two dice with their chances (TI2003 §4: two dice).
ROLLS: list[tuple[TIMove, Fraction]] = [
    (Roll(a, b), Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)
]
PHASES = ("opening", "roll", "place", "choose", "reveal", "cannon", "skirmish", "wrap",
          "discard", "over")
_CHANCE_PHASES = ("opening", "roll", "reveal", "skirmish")
Problem = tuple[str, str | None] | None

class TIState(TurnFlow):
    """One Treasure Island (2003) position. Create it with ``game.new_initial_state(seed)``
    or by hand with ``game.position(...)``.

    >>> import treasurekit.treasure_island_2003 as ti
    >>> s = ti.TIGame(first_player=0).new_initial_state(seed=1)
    >>> _ = s.play("roll 2 5")
    >>> s.phase, [str(m) for m in s.legal_moves()][:2]
    ('place', ['place d2', 'place c3'])
    >>> s.why_illegal("place a1")
    'a1 is sea; counters go on land squares [TI2003 §1 Components: Game Board]'
    """

    game: TIGame

    @classmethod
    def from_position(
        cls,
        game: TIGame,
        counters: Mapping[str, str],
        turn: int,
        dice: tuple[int, int] | None,
        piles: Mapping[str, Mapping[str, int]],
        protected: Mapping[str, str],
        jolly: Mapping[str, int],
        locker: Mapping[str, int],
        fired: Mapping[str, int],
        pending: tuple[str, ...],
        seed: int,
    ) -> TIState:
        """See :meth:`TIGame.position`."""
        state = cls(game, seed)
        board = state.board
        seat = state._seat_of
        for colour, squares in counters.items():
            p = seat(colour, "counters")
            for name in squares.split():
                sq = board.square(name)
                if not board.is_land(sq):
                    raise ValueError(f"counters: {name} is {board.kinds[sq]}, not land")
                if state._owner[sq] != EMPTY:
                    raise ValueError(f"counters: {name} is given twice")
                state._owner[sq] = p
                state._how[sq] = PLACED
                state._counters[p] += 1
                state._empty -= 1
        for sq, chest in board.treasure_at.items():
            if state._owner[sq] != EMPTY:
                state._h.opened[chest] = ()
        for c in pending:
            if c not in ("purple", "gold"):
                raise ValueError(f"cannons: {c!r} is not 'purple' or 'gold'")
        state._h.set_up(
            {seat(c, "piles"): p for c, p in piles.items()},
            {seat(c, "protected"): k.split() for c, k in protected.items()},
            {seat(c, "jolly"): k for c, k in jolly.items()},
            locker, fired, list(pending),
        )
        if not 0 <= turn < state._n:
            raise ValueError(f"turn must be a seat 0-{state._n - 1}")
        state._turn = turn
        state._opening = None
        if dice is not None:  # otherwise the next throw finds out (TI2003 §9)
            state._endgame[turn] = not reaches_treasure(board, state._owner, turn)
        if dice is not None and not all(1 <= d <= 6 for d in dice):
            raise ValueError("dice must be two numbers 1-6")
        state._dice = None if dice is None else (min(dice), max(dice))
        if pending:
            state._cannons = tuple(pending)
            state._chest_no = 1
            state._phase = "cannon"
        elif state._empty == 0:
            state._phase = "roll"
            reckoning.start_legacy(state)
        elif state._dice is not None:
            state._phase = "place"
            state._left = state._dice
            state._moves_left = 2 if state._endgame[turn] else 1
        else:
            state._phase = "roll"
        return state


    # ----- snapshot ------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (
            tuple(self._owner), tuple(self._how), tuple(self._counters), self._empty,
            tuple(self._endgame), self._h.snapshot(), self._phase, self._stage, self._turn,
            self._dice, self._left, self._moves_left, self._pending, self._chest,
            self._to_reveal, self._found, self._cannons, self._chest_no, self._stolen,
            self._skirmish, self._opening, self._queue, self._legacy_winner, self._reckon,
            tuple(self._points), self._awards, self._winner, self._reason,
        )

    def _restore(self, snap: Any) -> None:
        (owner, how, counters, self._empty, endgame, h, self._phase, self._stage,
         self._turn, self._dice, self._left, self._moves_left, self._pending, self._chest,
         self._to_reveal, self._found, self._cannons, self._chest_no, self._stolen,
         self._skirmish, self._opening, self._queue, self._legacy_winner, self._reckon,
         points, self._awards, self._winner, self._reason) = snap
        self._owner = list(owner)
        self._how = list(how)
        self._counters = list(counters)
        self._endgame = list(endgame)
        self._h = Holdings.__new__(Holdings)
        self._h.cards = self.cards
        self._h.restore(h)
        self._points = list(points)

    # ----- whose move -------------------------------------------------------------------
    def _current_player(self) -> int:
        if self._phase == "over":
            return TERMINAL
        if self._phase in _CHANCE_PHASES:
            return CHANCE
        return self._turn

    def _chance_outcomes(self) -> list[tuple[TIMove, Fraction]]:
        if self._phase in ("opening", "roll"):
            return ROLLS
        if self._phase == "reveal":
            unseen = self._h.unseen
            total = sum(unseen.values())
            return [(Reveal(k), Fraction(unseen[k], total)) for k in self.cards.deck
                    if unseen.get(k)]
        assert self._skirmish is not None
        return [(Hit(s), p) for s, p in round_outcomes(self._skirmish[0])]

    def _legal_moves(self) -> list[TIMove]:
        phase = self._phase
        if phase == "place":
            squares = self._placeable()
            if not squares:
                return [Pass()]
            return [Place(self.board.name_of(s)) for s in squares]
        if phase == "choose":
            return [Open(c) for c in self._pending]
        if phase == "cannon":
            return list(cannons.chest_cannon_moves(self))
        if phase == "wrap":
            return [*cannons.locker_moves(self), End()]
        if phase == "discard":
            return [Discard(k) for k in self.cards.type_ids if k in self._h.piles[self._turn]]
        return []

    def moves_at(self, place: object) -> list[TIMove]:
        """What a click on square ``place`` (a name such as ``"c7"`` or an index) can
        mean: ``[place <square>]`` when the dice allow a counter there now, else ``[]``
        (TI2003 §4). See :mod:`.clicks`.

        Raises:
            PlaceError: ``place`` is not a square of this board.
        """
        return clicks.moves_at(self, place)

    # ----- checks -------------------------------------------------------------------------
    def expecting(self) -> str:
        """What the player to move has to do now, in words."""
        who = self.colour(self._turn)
        phase = self._phase
        if phase == "place":
            nums = " or ".join(str(d) for d in sorted(set(self._left)))
            return f"{who} must place a counter on an empty square showing {nums}"
        if phase == "choose":
            return f"{who} must choose which chest to open first ({', '.join(self._pending)})"
        if phase == "cannon":
            found = " and ".join(f"a {c} cannon" for c in self._cannons)
            return f"{who} must decide what to do with {found} from the chest"
        if phase == "wrap":
            return f"{who} may take from Davy Jones' Locker, or 'end' the turn"
        if phase == "discard":
            return (f"{who} holds {self._h.types(self._turn)} treasure types but may keep "
                    f"{self.limit(self._turn)}: {who} must discard a type")
        return "a chance move is due"

    def _check(self, move: TIMove) -> Problem:
        phase = self._phase
        wrong = (f"{self.expecting()}; '{move}' does not do that", None)
        if isinstance(move, (Roll, Reveal, Hit)):
            return (f"{self.expecting()}; dice, cards and skirmish rounds are chance moves",
                    None)
        if isinstance(move, Place):
            return self._place_problem(move) if phase == "place" else wrong
        if isinstance(move, Pass):
            if phase != "place":
                return wrong
            squares = self._placeable()
            if squares:
                some = ", ".join(self.board.name_of(s) for s in squares[:4])
                return (f"{self.colour(self._turn)} can place a counter (e.g. on {some}) and "
                        "must; a player passes only when neither number can be used",
                        rules.PASSING)
            return None
        if isinstance(move, Open):
            if phase != "choose":
                return wrong
            if move.chest not in self._pending:
                return (f"{move.chest!r} is not a chest won now; choose one of "
                        f"{', '.join(self._pending)}", rules.SEVERAL_CHESTS)
            return None
        if isinstance(move, (Fire, Protect)):
            if move.from_locker:
                if phase != "wrap":
                    return (f"{self.expecting()}; cannons come out of the Locker at the end "
                            "of a turn", rules.LOCKER_CANNON_TAKE) if phase != "cannon" else (
                        f"{self.expecting()}; use the cannons from the chest first",
                        rules.SEVERAL_CHESTS)
            elif phase != "cannon":
                return wrong
            return cannons.problem(self, move)
        if isinstance(move, Stash):
            return cannons.problem(self, move) if phase == "cannon" else wrong
        if isinstance(move, Take):
            return cannons.take_problem(self, move) if phase == "wrap" else wrong
        if isinstance(move, End):
            return None if phase == "wrap" else wrong
        if isinstance(move, Discard):
            if phase != "discard":
                return wrong
            if move.kind not in self._h.piles[self._turn]:
                return (f"{self.colour(self._turn)} holds no {move.kind!r} to discard",
                        rules.LOCKER_PLACE)
            return None
        return wrong

    def _place_problem(self, move: Place) -> Problem:
        board = self.board
        who = self.colour(self._turn)
        try:
            sq = board.square(move.square)
        except ValueError as exc:
            return (str(exc), None)
        name = move.square
        if not board.is_land(sq):
            return (f"{name} is {board.kinds[sq]}; counters go on land squares", rules.BOARDS)
        if self._owner[sq] != EMPTY:
            return (f"{name} already holds {self.colour(self._owner[sq])}'s counter; "
                    "a counter goes on an empty square", rules.PLACING)
        number = board.numbers[sq]
        if number not in self._left:
            nums = " or ".join(str(d) for d in sorted(set(self._left)))
            return (f"{name} shows {number}, but the dice allow only {nums}", rules.PLACING)
        if sq in board.anchorages:
            return None
        if any(self._owner[m] == self._turn for m in board.neighbours[sq]):
            return None
        if not self._counters[self._turn]:
            return (f"{who} has no counter on the island yet: the first counter must land "
                    "on an anchorage", rules.LANDINGS)
        behind = [m for m in board.orthogonal(sq)
                  if self._owner[m] == self._turn and board.blocked(sq, m)]
        if behind:
            return (f"a river runs between {board.name_of(behind[0])} and {name}: "
                    "an advance never crosses a river", rules.ADVANCES)
        return (f"{name} is not an anchorage and {who} has no counter beside it",
                rules.ADVANCES)

    # ----- effects ----------------------------------------------------------------------
    def _apply(self, move: TIMove) -> list[Event]:
        if isinstance(move, Roll):
            if self._phase == "opening":
                return self._opening_roll(move)
            return self._roll(move)
        if isinstance(move, Reveal):
            return self._reveal(move.kind)
        if isinstance(move, Hit):
            return self._hit(move.seat)
        if isinstance(move, Place):
            return self._place(self.board.square(move.square))
        if isinstance(move, Pass):
            self._moves_left = 0
            ev = Event(f"{self.colour(self._turn)} cannot use {self._dice_text()} and passes",
                       rules.PASSING, "pass")
            return [ev, *self._end_of_throw()]
        if isinstance(move, Open):
            self._pending = tuple(c for c in self._pending if c != move.chest)
            return self._start_chest(move.chest)
        if isinstance(move, (Fire, Protect, Stash)):
            return cannons.apply(self, move)
        if isinstance(move, Take):
            return cannons.apply_take(self, move)
        if isinstance(move, End):
            return self._finish_turn()
        assert isinstance(move, Discard)
        return self._discard(move.kind)

    # ----- result, views, text -------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Points and the winner once the Final Reckoning is over (TI2003 §10)."""
        if self._phase != "over" or self._winner is None:
            return None
        return Outcome("the board is full and the Final Reckoning is done",
                       tuple(self._points), (self._winner,), self._reason)

    def view(self, player: int) -> TIView:
        """What seat ``player`` may know: everything on the table, nothing unseen."""
        if not 0 <= player < self._n:
            raise ValueError(f"player must be a seat 0-{self._n - 1}, got {player}")
        return make_view(self, player)

    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        return f"<TIState ply={self.ply} seed={self.seed}>"


