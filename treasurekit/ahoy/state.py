"""An Ahoy Treasures! position and every rule of play.

Where each rule lives (AHOY = the rulebook, see ``rules.py`` for the sections):

* the die and the ship face ............ ``_chance_outcomes``, ``_die_steps``  (§5)
* only the top pirate of a pile moves ... ``_movable_sources``                 (§6)
* stacking on arrival ................... ``_arrive``                          (§6)
* falling into water and planks ......... ``_arrive``                          (§6, §9)
* exact roll to reach the island ........ ``target``                          (§7)
* obliged to move / passing ............. ``_legal_moves``, ``_check``          (§6)
* the end and scoring with tie-break .... ``_over``, ``outcome``                (§8, §9)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.events import CHANCE, TERMINAL, Event, Outcome
from ..core.game import State
from . import clicks, rules
from .moves import SHIP, AhoyMove, Pass, Roll, Step
from .view import AhoyView

if TYPE_CHECKING:
    from .game import AhoyGame

__all__ = ["AhoyState"]

_FACE = Fraction(1, 6)
_PIRATES = 4  # AHOY §1: four pirates per colour
# AHOY §5: five dot faces and the pirate vessel (the "ship"), each 1/6. Every roll
# node has these outcomes, so the list is built once (moves are immutable).
_ROLLS: tuple[tuple[AhoyMove, Fraction], ...] = tuple(
    (Roll(face), _FACE) for face in (1, 2, 3, 4, 5, SHIP)
)
_ALL_STEPS = (1, 2, 3, 4, 5)


class AhoyState(State[AhoyMove]):
    """One Ahoy Treasures! position. Create it with ``game.new_initial_state(seed)``.

    Squares: 0 is the mover's own starting square, 1..``board.length`` the shared path,
    ``board.island_square`` is Buccaneer Island (reached only with the exact count).

    >>> import treasurekit
    >>> s = treasurekit.load_game("ahoy").new_initial_state(seed=1)
    >>> _ = s.play("roll 3")
    >>> [str(m) for m in s.legal_moves()]
    ['move start 3']
    >>> s.why_illegal("move start 4")
    'you rolled 3: move exactly 3 squares [AHOY §5 The die]'
    """

    game: AhoyGame

    def __init__(self, game: AhoyGame, seed: int) -> None:
        super().__init__(game, seed)
        board = game.board
        n = game.num_players
        self.board = board
        self._n = n
        self._island = board.island_square
        self._water = tuple(k == "water" for k in board.kinds)
        self._start = [_PIRATES] * n
        self._squares: list[list[int]] = [[] for _ in range(board.island_square)]
        self._chests: list[int | None] = [None] * len(board.chests)
        self._planks: frozenset[int] = frozenset()
        self._out = [0] * n
        self._falls = [0] * n
        self._die: int | None = None
        self._turn = int(game.options["first_player"])
        # the game's options, read once (the game is immutable): hot in search
        self._cunning = game.cunning
        self._bounce = game.options["overshoot"] == "bounce"

    @classmethod
    def from_position(
        cls,
        game: AhoyGame,
        squares: Mapping[int, str],
        chests: str,
        planks: tuple[int, ...],
        out: Mapping[str, int],
        turn: int,
        die: int | None,
        seed: int,
    ) -> AhoyState:
        """See :meth:`AhoyGame.position`."""
        state = cls(game, seed)
        letters = {c.letter: i for i, c in enumerate(state.board.colours[: state._n])}

        def seat_of(letter: str, where: str) -> int:
            if letter not in letters:
                known = sorted(letters)
                raise ValueError(f"{where}: unknown colour letter {letter!r}; use {known}")
            return letters[letter]

        for plank in planks:
            if not 0 < plank < state._island or not state._water[plank]:
                raise ValueError(f"planks: square {plank} is not a water square")
        state._planks = frozenset(planks)
        for square, pile in squares.items():
            if not 0 < square < state._island:
                raise ValueError(f"squares: {square} is not a path square 1-{state._island - 1}")
            if pile and state._water[square] and square not in state._planks:
                raise ValueError(f"squares: {square} is open water; no pirate can stand there")
            for letter in pile:
                seat = seat_of(letter, f"squares[{square}]")
                state._squares[square].append(seat)
                state._start[seat] -= 1
        for number, letter in enumerate(chests):
            seat = seat_of(letter, "chests")
            state._chests[number] = seat
            state._start[seat] -= 1
        for letter, count in out.items():
            seat = seat_of(letter, "out")
            state._out[seat] += count
            state._start[seat] -= count
        for seat, left in enumerate(state._start):
            if left < 0:
                raise ValueError(f"{state.colour(seat)} has only {_PIRATES} pirates")
        if not 0 <= turn < state._n:
            raise ValueError(f"turn must be a seat 0-{state._n - 1}")
        if die is not None and die not in (1, 2, 3, 4, 5, SHIP):
            raise ValueError("die must be 1-5, 6 (the ship) or None")
        state._turn, state._die = turn, die
        return state

    # ----- names -------------------------------------------------------------
    def colour(self, seat: int) -> str:
        """The colour name of a seat, capitalised ("Red")."""
        return self.board.colours[seat].name.capitalize()

    # ----- snapshot ------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (
            tuple(self._start),
            tuple(map(tuple, self._squares)),
            tuple(self._chests),
            self._planks,
            tuple(self._out),
            tuple(self._falls),
            self._die,
            self._turn,
        )

    def _restore(self, snap: Any) -> None:
        start, squares, chests, planks, out, falls, die, turn = snap
        self._start = list(start)
        self._squares = list(map(list, squares))
        self._chests = list(chests)
        self._planks = planks
        self._out = list(out)
        self._falls = list(falls)
        self._die = die
        self._turn = turn

    # ----- queries ---------------------------------------------------------------
    @property
    def die(self) -> int | None:
        """The face showing this turn (1-5, 6 = ship), or None before the roll."""
        return self._die

    @property
    def turn(self) -> int:
        """The seat whose turn it is (also while its die roll is pending)."""
        return self._turn

    @property
    def planks(self) -> frozenset[int]:
        return self._planks

    @property
    def chests(self) -> tuple[int | None, ...]:
        """Owner seat of each chest (index 0 is chest 1), None while free."""
        return tuple(self._chests)

    def pile(self, square: int, seat: int | None = None) -> tuple[int, ...]:
        """Seats of the pirates on a square, bottom to top.

        Square 0 means ``seat``'s starting pile (``seat`` defaults to the player to move).
        """
        if square == 0:
            owner = self._turn if seat is None else seat
            return (owner,) * self._start[owner]
        return tuple(self._squares[square])

    def in_play(self, seat: int) -> int:
        """Pirates of ``seat`` still able to move (not on the island, not out)."""
        return _PIRATES - self._chests.count(seat) - self._out[seat]

    def _over(self) -> bool:
        if None not in self._chests:
            return True  # AHOY §8: all five chests are held
        if not self._cunning:
            return False  # fallen pirates restart, and 5 chests are fewer than the pirates
        # AHOY §9 (ruling AHOY-6): nobody has a pirate left that could reach a chest
        return all(self.in_play(p) == 0 for p in range(self._n))

    def _current_player(self) -> int:
        if self._over():
            return TERMINAL
        if self._die is None:
            return CHANCE
        return self._turn

    def _chance_outcomes(self) -> list[tuple[AhoyMove, Fraction]]:
        # AHOY §5: five dot faces and the pirate vessel (the "ship"), each 1/6
        return list(_ROLLS)

    def _die_steps(self) -> tuple[int, ...]:
        assert self._die is not None
        return (1, 2, 3, 4, 5) if self._die == SHIP else (self._die,)

    def _movable_sources(self, seat: int) -> list[int]:
        """Squares whose top pirate is ``seat``'s (0 = its starting pile). AHOY §6."""
        sources = [0] if self._start[seat] else []
        sources += [s for s, pile in enumerate(self._squares) if pile and pile[-1] == seat]
        return sources

    def target(self, source: int, steps: int) -> int | None:
        """The square where ``steps`` squares from ``source`` end (0 = the starting square,
        ``board.island_square`` = Buccaneer Island), or None when the move would pass the
        island (AHOY §7; with ``overshoot="bounce"`` it counts back instead, ruling AHOY-4).
        It does not check whose pirate is there or whether it may move."""
        target = source + steps
        if target <= self._island:
            return target
        if self._bounce:
            return 2 * self._island - target
        return None

    def moves_at(self, place: object) -> list[AhoyMove]:
        """What a click on ``place`` can mean: the legal steps of the seat to move from
        that square. ``place`` is a square number (0 = the starting square) or a pirate
        ``(square, seat)`` as drawn (another seat's pirate means nothing). See
        :mod:`.clicks` (AHOY §5 The die, §6).

        Raises:
            PlaceError: ``place`` is not a square or pirate of this game.
        """
        return clicks.moves_at(self, place)

    def _legal_moves(self) -> list[AhoyMove]:
        # The same moves as "every movable source and die step whose target() is not
        # None", with target()'s test inlined: this is the hot path of every playout.
        assert self._die is not None
        steps = _ALL_STEPS if self._die == SHIP else (self._die,)
        island, bounce = self._island, self._bounce
        moves: list[AhoyMove] = [
            Step(src, k)
            for src in self._movable_sources(self._turn)
            for k in steps
            if bounce or src + k <= island
        ]
        return moves or [Pass()]  # AHOY §6: obliged to move, else the next player rolls

    def _check(self, move: AhoyMove) -> tuple[str, str | None] | None:
        who = self.colour(self._turn)
        if isinstance(move, Roll):
            return (f"the die already shows {self._face_text()}: {who} must move", rules.DIE)
        if isinstance(move, Pass):
            legal = [str(m) for m in self._legal_moves() if not isinstance(m, Pass)]
            if legal:
                return (
                    f"{who} is obliged to move and can: {', '.join(legal)}",
                    rules.MUST_MOVE,
                )
            return None
        return self._check_step(move, who)

    def _check_step(self, move: Step, who: str) -> tuple[str, str | None] | None:
        if self._die != SHIP and move.steps != self._die:
            return (f"you rolled {self._die}: move exactly {self._die} squares", rules.DIE)
        if self._die == SHIP and not 1 <= move.steps <= 5:
            return ("the ship lets you choose 1 to 5 squares, no more and no fewer", rules.DIE)
        if move.source == 0:
            if not self._start[self._turn]:
                return (f"{who}'s starting pile is empty", rules.TOP_ONLY)
        elif not 1 <= move.source < self._island:
            return (
                f"square {move.source} is not on the path (squares 1-{self._island - 1}; "
                "'start' is your starting square)",
                None,
            )
        else:
            pile = self._squares[move.source]
            if not pile:
                return (f"there is no pirate on square {move.source}", rules.TOP_ONLY)
            if pile[-1] != self._turn:
                return (
                    f"the top pirate on square {move.source} is {self.colour(pile[-1])}'s; "
                    f"only the top pirate of a pile moves, and {who} moves only {who}'s",
                    rules.TOP_ONLY,
                )
        if self.target(move.source, move.steps) is None:
            need = self._island - move.source
            return (
                f"{move.steps} squares from {self._where(move.source)} go past Buccaneer "
                f"Island, which needs exactly {need}",
                rules.EXACT_ROLL,
            )
        return None

    # ----- effects --------------------------------------------------------------------
    def _apply(self, move: AhoyMove) -> list[Event]:
        if isinstance(move, Roll):
            self._die = move.face
            who = self.colour(self._turn)
            if move.face == SHIP:
                text = f"{who} rolls the ship: choose 1 to 5 squares"
            else:
                text = f"{who} rolls {move.face}"
            return [Event(text, rules.DIE, "roll")]
        events = [Event(f"{self.colour(self._turn)} cannot move and passes", rules.MUST_MOVE,
                        "pass")] if isinstance(move, Pass) else self._step(move)
        self._die = None
        self._next_turn()
        if self._over():
            events.append(self._end_event())
        return events

    def _step(self, move: Step) -> list[Event]:
        seat = self._turn
        if move.source == 0:
            self._start[seat] -= 1
        else:
            self._squares[move.source].pop()
        target = self.target(move.source, move.steps)
        assert target is not None
        return self._arrive(seat, move.source, target)

    def _arrive(self, seat: int, source: int, target: int) -> list[Event]:
        who = self.colour(seat)
        origin = self._where(source)
        if target == self._island:
            number = self._chests.index(None) + 1
            self._chests[number - 1] = seat
            value = self.board.chests[number - 1].value
            return [Event(
                f"{who}'s pirate sails from {origin} to Buccaneer Island with the exact "
                f"count and takes chest {number} (worth {value})",
                rules.EXACT_ROLL, "island",
            )]
        if self._water[target] and target not in self._planks:
            self._planks = self._planks | {target}
            self._falls[seat] += 1
            if self.game.cunning:
                self._out[seat] += 1
                fate, rule = "is out of the game", rules.CUNNING
            else:
                self._start[seat] += 1
                fate, rule = "goes back to the starting square", rules.WATER
            return [Event(
                f"{who}'s pirate from {origin} fell into the water at square {target} and "
                f"{fate}; a plank now covers square {target}",
                rule, "fall",
            )]
        pile = self._squares[target]
        covered, rule = "", rules.DIE
        if pile:
            below = f"{self.colour(pile[-1])}'s pirate"
            if len(pile) > 1:
                below += f" (a pile of {len(pile) + 1} now)"
            covered, rule = f" and climbs on top of {below}", rules.STACKING
        pile.append(seat)
        return [Event(f"{who}'s pirate moves from {origin} to square {target}{covered}",
                      rule, "move")]

    def _next_turn(self) -> None:
        # Ruling AHOY-5: a seat with no pirate left in play is skipped.
        for k in range(1, self._n + 1):
            seat = (self._turn + k) % self._n
            if self.in_play(seat):
                self._turn = seat
                return

    def _end_event(self) -> Event:
        out = self.outcome()
        assert out is not None
        names = " and ".join(self.colour(w) for w in out.winners)
        scores = ", ".join(f"{self.colour(p)} {s}" for p, s in enumerate(out.scores))
        return Event(f"Game over ({out.termination}). Scores: {scores}. {names} "
                     f"win{'s' if len(out.winners) == 1 else ''}"
                     f"{f' ({out.reason})' if out.reason else ''}.", rules.END, "end")

    def _where(self, square: int) -> str:
        return "the starting square" if square == 0 else f"square {square}"

    def _face_text(self) -> str:
        return "the ship" if self._die == SHIP else f"{self._die}"

    # ----- result ----------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each seat's total chest value so far (AHOY §8)."""
        totals = [0] * self._n
        for number, seat in enumerate(self._chests):
            if seat is not None:
                totals[seat] += self.board.chests[number].value
        return tuple(totals)

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over (AHOY §8; ruling AHOY-7 for ties)."""
        if not self._over():
            return None
        termination = (
            "all five chests are taken" if None not in self._chests
            else "no pirate is left to reach a chest"
        )
        scores = self.scores()
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        reason = ""
        if len(tied) > 1:
            firsts = [self._chests.index(p) for p in tied if p in self._chests]
            if firsts:  # the tied player who moved a pirate onto the island first
                first = self._chests[min(firsts)]
                assert first is not None
                tied, reason = [first], "tie-break: first onto the island"
            else:
                reason = "a shared win: nobody reached the island"
        return Outcome(termination, scores, tuple(tied), reason)

    # ----- views and text --------------------------------------------------------------
    def view(self, player: int) -> AhoyView:
        """Everything on the table, for seat ``player`` (no seed, no future rolls)."""
        if not 0 <= player < self._n:
            raise ValueError(f"player must be a seat 0-{self._n - 1}, got {player}")
        return AhoyView(
            player=player,
            to_move=self._current_player(),
            die=self._die,
            start=tuple(self._start),
            squares=tuple(tuple(s) for s in self._squares[1:]),
            planks=self._planks,
            chests=tuple(self._chests),
            out=tuple(self._out),
            falls=tuple(self._falls),
            ply=self.ply,
        )

    def __str__(self) -> str:
        letters = [c.letter for c in self.board.colours]
        to_move = self._current_player()
        if to_move == TERMINAL:
            status = "game over"
        elif to_move == CHANCE:
            status = f"{self.colour(self._turn)} to roll"
        else:
            status = f"{self.colour(self._turn)} to move, die shows {self._face_text()}"
        variant = self.game.options["variant"]
        lines = [f"Ahoy Treasures! {self._n} players, {variant} - ply {self.ply}, {status}"]
        lines.append("start:  " + "  ".join(
            f"{letters[p]}x{self._start[p]}" for p in range(self._n)))
        cells = []
        for s in range(1, self._island):
            pile = "".join(letters[p] for p in self._squares[s])
            ground = ("=" if s in self._planks else "~") if self._water[s] else "."
            cells.append(f"{s}{ground}{pile}")
        lines.append("path:   " + " ".join(cells))
        chests = " ".join(
            f"{n + 1}:{letters[o] if o is not None else '-'}" for n, o in enumerate(self._chests))
        lines.append(f"island: {chests}   scores: {' '.join(map(str, self.scores()))}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<AhoyState ply={self.ply} seed={self.seed}>"
