"""Ahoy Treasures! positions set up by hand, for lessons and tests
(``AhoyGame.position``; docs/architecture.md §4).

Piles are written with the colours' letters, bottom to top (``{7: "RB"}``: a blue
pirate on top of a red one on square 7); pirates not placed stay on their starting
squares.

>>> from treasurekit.ahoy import AhoyGame
>>> pos = build_position(AhoyGame().context, {7: "RB"}, chests="B", die=3)
>>> pos.squares[7], pos.start, pos.chests
((0, 1), (3, 2), (1, None, None, None, None))
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.errors import check_seat
from .context import AhoyContext
from .moves import FACES
from .position import PIRATES_PER_COLOUR, AhoyPosition

__all__ = ["build_position"]


def build_position(
    ctx: AhoyContext,
    squares: Mapping[int, str] | None = None,
    *,
    chests: str = "",
    planks: tuple[int, ...] = (),
    out: Mapping[str, int] | None = None,
    turn: int = 0,
    die: int | None = None,
) -> AhoyPosition:
    """A position from piles of colour letters (see :meth:`AhoyGame.position`).

    Raises:
        ValueError: an unknown letter or square, a plank off the water, a pirate on
            open water, more chests than the island has, more than four pirates of a
            colour, a turn that is not a seat, or a die that is not a face.
    """
    n, island, water = ctx.players, ctx.island, ctx.water
    letters = {c.letter: i for i, c in enumerate(ctx.board.colours[:n])}

    def seat_of(letter: str, where: str) -> int:
        if letter not in letters:
            raise ValueError(f"{where}: unknown colour letter {letter!r}; use {sorted(letters)}")
        return letters[letter]

    for plank in planks:
        if not 0 < plank < island or not water[plank]:
            raise ValueError(f"planks: square {plank} is not a water square")
    start = [PIRATES_PER_COLOUR] * n
    piles: list[list[int]] = [[] for _ in range(island)]
    for square, pile in (squares or {}).items():
        if not 0 < square < island:
            raise ValueError(f"squares: {square} is not a path square 1-{island - 1}")
        if pile and water[square] and square not in planks:
            raise ValueError(f"squares: {square} is open water; no pirate can stand there")
        for letter in pile:
            seat = seat_of(letter, f"squares[{square}]")
            piles[square].append(seat)
            start[seat] -= 1
    owners: list[int | None] = [None] * len(ctx.board.chests)
    if len(chests) > len(owners):
        raise ValueError(f"chests: {chests!r} names {len(chests)} chests; the island has "
                         f"{len(owners)}")
    for number, letter in enumerate(chests):
        seat = seat_of(letter, "chests")
        owners[number] = seat
        start[seat] -= 1
    gone = [0] * n
    for letter, count in (out or {}).items():
        seat = seat_of(letter, "out")
        gone[seat] += count
        start[seat] -= count
    for seat, left in enumerate(start):
        if left < 0:
            raise ValueError(f"{ctx.board.colour_name(seat)} has only {PIRATES_PER_COLOUR} "
                             "pirates")
    check_seat(turn, n, "turn")
    if die is not None and die not in FACES:
        raise ValueError("die must be 1-5, 6 (the ship) or None")
    return AhoyPosition(
        start=tuple(start),
        squares=tuple(map(tuple, piles)),
        chests=tuple(owners),
        planks=frozenset(planks),
        out=tuple(gone),
        falls=(0,) * n,
        die=die,
        turn=turn,
    )
