"""What the rules of Ahoy Treasures! read besides the position: the board's tables and
the options, as one frozen value (:class:`AhoyContext`).

``AhoyGame`` builds it once (``game.context``) and the state hands it to every rule
and flow function, which take it as ``ctx`` (docs/architecture.md §3): the rule
modules read data and never the game object.

>>> from treasurekit.ahoy import AhoyGame
>>> ctx = AhoyGame(players=3, variant="cunning").context
>>> ctx.players, ctx.island, ctx.cunning, ctx.bounce, ctx.water[3]
(3, 21, True, False, True)
>>> ctx.step_columns[3][:2]
(Step(source=0, steps=3), Step(source=1, steps=3))
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import AhoyBoard
from .moves import Step

__all__ = ["AhoyContext"]


@dataclass(frozen=True, slots=True)
class AhoyContext:
    """The board's tables and the option values the rules of one game read.

    Attributes:
        board: the validated board (colours in seat order, chests in arrival order,
            square kinds; AHOY §3 Preparation).
        players: the number of seats, 2-4 (option ``players``, AHOY §3).
        variant: ``"basic"`` or ``"cunning"`` (option ``variant``, AHOY §9).
        cunning: True for the cunning pirates variant: a fallen pirate leaves the game
            (AHOY §9).
        bounce: True if a move past the island counts back from it (option
            ``overshoot="bounce"``, ruling AHOY-4); False: such a move is not allowed
            (AHOY §7).
        island: Buccaneer Island's square (``board.island_square``), its distance from
            a starting square.
        water: ``water[s]`` is True if path square ``s`` is a water square, planked or
            not (AHOY §6 water); one entry per square of ``board.kinds``.
        steps: ``steps[source][k - 1]`` is ``Step(source, k)`` for every square below
            the island and k 1-5, built once (moves are immutable; listing the legal
            moves is the hot path of every playout).
        step_columns: ``step_columns[k]`` (k a dot face 1-5) is ``Step(source, k)`` for
            every source that the step does not take past the island (every square
            below the island with ``bounce``), in square order; ``step_columns[0]`` and
            ``step_columns[6]`` (the ship) are empty.
    """

    board: AhoyBoard
    players: int
    variant: str
    cunning: bool
    bounce: bool
    island: int
    water: tuple[bool, ...]
    steps: tuple[tuple[Step, ...], ...]
    step_columns: tuple[tuple[Step, ...], ...]
