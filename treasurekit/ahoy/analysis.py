"""Exact odds for Ahoy Treasures! (docs/architecture.md §6).

Bot-against-bot studies (the strategy comparison) are in :mod:`.studies`, which may
import the bots; this module does not.

Exact answers use :class:`fractions.Fraction` and a Markov chain over a *lone pirate*:
one pirate moved on every turn, as when it is a player's only pirate that can move.
Its state is (square, planks on the board); a roll of dots moves it exactly, the
ship face lets it choose 1-5 squares (by a stated policy), a move past the island is
not allowed (the turn passes), landing on open water sends it back to the start
(basic game) or out of the game (cunning variant) and lays a plank there.

>>> from fractions import Fraction
>>> chain = LonePirate()
>>> chain.reach_island_within(1, source=19)[0]   # 2 squares to go: a 2 or the ship
Fraction(1, 3)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from .board import AhoyBoard, load_board
from .moves import FACES, SHIP, Step
from .rules import buccaneer_island, moving, water
from .state import AhoyState

if TYPE_CHECKING:
    pass

__all__ = [
    "FaceOdds",
    "LonePirate",
    "RollOdds",
    "roll_odds",
    "safest_furthest",
]

SIXTH = Fraction(1, 6)
OUT = -1  # the pirate left the game (cunning variant)

ShipPolicy = Callable[[int, frozenset[int], AhoyBoard], int | None]


def safest_furthest(pos: int, planks: frozenset[int], board: AhoyBoard) -> int | None:
    """Ship policy: the island if it is 1-5 away, else the furthest firm square, else 1.

    Returns the number of squares to move, or None if every choice overshoots.
    """
    island = board.island_square
    options = [k for k in range(1, 6) if pos + k <= island]
    if not options:
        return None
    if island - pos in options:
        return island - pos
    firm = [k for k in options if board.kinds[pos + k] == "land" or pos + k in planks]
    return max(firm) if firm else min(options)


State = tuple[int, frozenset[int], bool]  # (square or OUT, planks, has fallen at least once)


class LonePirate:
    """The exact Markov chain of one pirate that moves every turn.

    Args:
        board: the board (the shipped one by default).
        variant: "basic" (a fallen pirate restarts) or "cunning" (it leaves the game).
        ship_policy: how the ship face is used; default :func:`safest_furthest`.
    """

    def __init__(
        self,
        board: AhoyBoard | None = None,
        variant: str = "basic",
        ship_policy: ShipPolicy = safest_furthest,
    ) -> None:
        if variant not in ("basic", "cunning"):
            raise ValueError(f"variant must be 'basic' or 'cunning', got {variant!r}")
        self.board = board or load_board()
        self.variant = variant
        self.ship_policy = ship_policy
        self._succ: dict[tuple[int, frozenset[int]], tuple[tuple[int, frozenset[int]], ...]] = {}
        self._histories: dict[
            tuple[int, frozenset[int], int | None], list[dict[tuple[int, frozenset[int]], int]]
        ] = {}

    def step(self, pos: int, planks: frozenset[int], k: int | None) -> tuple[int, frozenset[int]]:
        """Where a move of ``k`` squares from ``pos`` ends (None or overshoot: stays)."""
        board = self.board
        if k is None or pos + k > board.island_square:
            return pos, planks
        target = pos + k
        if target < board.island_square and board.kinds[target] == "water" and (
            target not in planks
        ):
            return (OUT if self.variant == "cunning" else 0), planks | {target}
        return target, planks

    def _successors(
        self, pos: int, planks: frozenset[int]
    ) -> tuple[tuple[int, frozenset[int]], ...]:
        """The six (square, planks) a turn from ``(pos, planks)`` leads to, one per face."""
        key = (pos, planks)
        hit = self._succ.get(key)
        if hit is None:
            hit = tuple(
                self.step(pos, planks, self.ship_policy(pos, planks, self.board) if face == SHIP
                          else face)
                for face in (1, 2, 3, 4, 5, SHIP)
            )
            self._succ[key] = hit
        return hit

    def _counts(
        self, turns: int, source: int, planks: frozenset[int], stop_at: int | None
    ) -> list[dict[tuple[int, frozenset[int]], int]]:
        """Exact distributions after 1..``turns`` turns as whole numbers of the 6**t
        equally likely roll sequences (turn t's counts add up to 6**t).

        Integer counting is exact and much faster than adding fractions; whether the
        pirate has fallen needs no state of its own, since every fall lays a plank.
        Histories are cached per (source, planks, stop_at) and extended on demand.
        """
        key = (source, planks, stop_at)
        history = self._histories.setdefault(key, [])
        island = self.board.island_square
        dist = history[-1] if history else {(source, planks): 1}
        while len(history) < turns:
            out: dict[tuple[int, frozenset[int]], int] = defaultdict(int)
            for state, n in dist.items():
                pos = state[0]
                if pos in (island, OUT) or pos == stop_at:
                    out[state] += 6 * n
                    continue
                for nxt in self._successors(*state):
                    out[nxt] += n
            dist = dict(out)
            history.append(dist)
        return history[:turns]

    def _check(self, turns: int, source: int) -> None:
        if turns < 1:
            raise ValueError("turns must be at least 1")
        if not 0 <= source < self.board.island_square:
            raise ValueError(f"source must be 0 (start) to {self.board.length}, got {source}")

    def run(
        self, turns: int, source: int = 0, planks: Iterable[int] = (), stop_at: int | None = None
    ) -> list[dict[State, Fraction]]:
        """Distributions over (square, planks, fell) after 1..``turns`` turns.

        ``stop_at``: a square that absorbs the pirate (for first-landing chances).

        Raises:
            ValueError: ``source`` is not a square of the board, or ``turns`` < 1.
        """
        self._check(turns, source)
        start = frozenset(planks)
        return [
            {(pos, pl, len(pl) > len(start)): Fraction(n, 6**t) for (pos, pl), n in d.items()}
            for t, d in enumerate(self._counts(turns, source, start, stop_at), start=1)
        ]

    def _chances(
        self,
        turns: int,
        source: int,
        planks: Iterable[int],
        hit: Callable[[int, frozenset[int]], bool],
        stop_at: int | None = None,
    ) -> list[Fraction]:
        """``[P(hit(square, planks)) after t turns for t in 1..turns]``, exact."""
        self._check(turns, source)
        start = frozenset(planks)
        return [
            Fraction(sum(n for (pos, pl), n in d.items() if hit(pos, pl)), 6**t)
            for t, d in enumerate(self._counts(turns, source, start, stop_at), start=1)
        ]

    def reach_island_within(
        self, turns: int, source: int = 0, planks: Iterable[int] = ()
    ) -> list[Fraction]:
        """``[P(on the island after t turns) for t in 1..turns]``, exact."""
        island = self.board.island_square
        return self._chances(turns, source, planks, lambda pos, _: pos == island)

    def fall_within(
        self, turns: int, source: int = 0, planks: Iterable[int] = ()
    ) -> list[Fraction]:
        """``[P(fallen into the water at least once by turn t)]``, exact (AHOY §6).

        Every fall lays a plank, so the pirate has fallen exactly when the board has
        more planks than it started with.
        """
        laid = len(frozenset(planks))
        return self._chances(turns, source, planks, lambda _, pl: len(pl) > laid)

    def landing_chance(
        self, square: int, turns: int, source: int = 0, planks: Iterable[int] = ()
    ) -> Fraction:
        """P(the pirate lands on ``square`` at least once within ``turns`` turns).

        Landing on open water counts (that is how a pirate falls in). A pirate that
        starts on ``square`` (``source == square``) counts as being there: chance 1.

        Raises:
            ValueError: ``square`` is not 1 to the island, ``turns`` < 1 or a bad ``source``.
        """
        if not 1 <= square <= self.board.island_square:
            raise ValueError(f"square must be 1 to {self.board.island_square}, got {square}")
        start = frozenset(planks)
        island = self.board.island_square
        if square < island and self.board.kinds[square] == "water" and square not in start:
            # a landing in open water shows as the plank laid there
            return self._chances(turns, source, start, lambda _, pl: square in pl)[-1]
        return self._chances(
            turns, source, start, lambda pos, _: pos == square, stop_at=square
        )[-1]

    def landing_chances(
        self, turns: int, source: int = 0, planks: Iterable[int] = ()
    ) -> dict[int, Fraction]:
        """``{square: P(landed on within turns)}`` for every path square and the island."""
        return {
            s: self.landing_chance(s, turns, source, planks)
            for s in range(1, self.board.island_square + 1)
        }


# ----- the next roll, from a real position -------------------------------------------
@dataclass(frozen=True)
class FaceOdds:
    """What one die face lets the player to move do."""

    face: int
    moves: tuple[str, ...]
    falls: tuple[str, ...]
    island: tuple[str, ...]

    @property
    def label(self) -> str:
        return "ship" if self.face == SHIP else str(self.face)


@dataclass(frozen=True)
class RollOdds:
    """Exact chances for the next roll of the seat whose turn it is.

    Attributes:
        seat: the seat.
        faces: one :class:`FaceOdds` per die face.
        must_pass: P(no legal move: the turn passes).
        must_fall: P(every legal move falls into the water).
        can_reach_island: P(some legal move reaches Buccaneer Island).
        can_stay_dry: P(some legal move stays out of the water).
    """

    seat: int
    faces: tuple[FaceOdds, ...]
    must_pass: Fraction
    must_fall: Fraction
    can_reach_island: Fraction
    can_stay_dry: Fraction


def roll_odds(state: AhoyState) -> RollOdds:
    """Exact odds of the next roll for ``state.turn`` (the pending roll, or the next one).

    Raises:
        ValueError: the game is over.
    """
    if state.is_terminal():
        raise ValueError("the game is over: there is no next roll")
    ctx, pos = state.context, state.position
    faces = []
    for face in FACES:  # a die showing now is looked past: this is the seat's next roll
        rolled = replace(pos, die=face)
        moves = [m for m in moving.legal(rolled, ctx) if isinstance(m, Step)]
        falls, island = [], []
        for m in moves:
            target = buccaneer_island.target(ctx, m.source, m.steps)
            if target == ctx.island:
                island.append(str(m))
            elif target is not None and water.open_water(rolled, ctx, target):
                falls.append(str(m))
        faces.append(FaceOdds(face, tuple(map(str, moves)), tuple(falls), tuple(island)))

    def chance(pred: Callable[[FaceOdds], bool]) -> Fraction:
        return SIXTH * sum(1 for f in faces if pred(f))

    return RollOdds(
        seat=state.turn,
        faces=tuple(faces),
        must_pass=chance(lambda f: not f.moves),
        must_fall=chance(lambda f: bool(f.moves) and len(f.falls) == len(f.moves)),
        can_reach_island=chance(lambda f: bool(f.island)),
        can_stay_dry=chance(lambda f: len(f.falls) < len(f.moves)),
    )
