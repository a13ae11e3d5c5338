"""An Ahoy Treasures! position: the whole state of a game as one frozen value.

Undo, copy and replay rest on it (docs/architecture.md §4): ``state.position`` is an
:class:`AhoyPosition`; a move never changes one, it builds the next one with
:func:`treasurekit.core.draft.replace` (a frozen dataclass with ``slots=True``: eight
fields read many times a ply, built by core's generated builder). Two positions are
equal exactly when the games stand the same (same piles, chests, planks, die and turn),
and a position is hashable.

Squares: 0 is each colour's own starting square (its pile is counted in ``start``),
1..``board.length`` the shared path, ``board.island_square`` Buccaneer Island (whose
pirates sit on the chests).

>>> p = AhoyPosition.initial(players=2, island_square=21, chests=5, turn=0)
>>> p.start, p.die, p.in_play(1)
((4, 4), None, 4)
>>> p == AhoyPosition.initial(players=2, island_square=21, chests=5, turn=0)
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "PIRATES_PER_COLOUR",
    "AhoyPosition",
    "in_play",
    "with_count",
    "with_pile",
]

#: AHOY §1 Contents: 16 pirates in four colours, four per colour.
PIRATES_PER_COLOUR = 4


@dataclass(frozen=True, slots=True)
class AhoyPosition:
    """Where every pirate is, which chests and planks are taken, the die and the turn.

    Attributes:
        start: pirates on each seat's starting pile, per seat.
        squares: ``squares[s]`` is the pile on path square ``s``, seats bottom to top
            (``squares[0]`` is always empty: starting piles are in ``start``); one
            entry per square below the island.
        chests: owner seat of each chest (index 0 is chest 1), None while free.
        planks: path squares covered by a plank (AHOY §6 water).
        out: pirates out of the game per seat (AHOY §9 cunning pirates).
        falls: how many times each seat's pirates fell into the water.
        die: the face showing this turn (1-5, 6 = the ship), None before the roll.
        turn: the seat whose turn it is (also while its roll is pending).
    """

    start: tuple[int, ...]
    squares: tuple[tuple[int, ...], ...]
    chests: tuple[int | None, ...]
    planks: frozenset[int]
    out: tuple[int, ...]
    falls: tuple[int, ...]
    die: int | None
    turn: int

    @classmethod
    def initial(cls, players: int, island_square: int, chests: int, turn: int) -> AhoyPosition:
        """AHOY §3 Preparation: every colour's four pirates piled on its starting square,
        the path empty, every chest free, no plank laid, nobody has rolled."""
        zeros = (0,) * players
        return cls(
            start=(PIRATES_PER_COLOUR,) * players,
            squares=((),) * island_square,
            chests=(None,) * chests,
            planks=frozenset(),
            out=zeros,
            falls=zeros,
            die=None,
            turn=turn,
        )

    def in_play(self, seat: int) -> int:
        """Pirates of ``seat`` still able to move (not on the island, not out)."""
        return in_play(self.chests, self.out, seat)


def in_play(chests: tuple[int | None, ...], out: tuple[int, ...], seat: int) -> int:
    """Pirates of ``seat`` neither on a chest nor out of the game."""
    return PIRATES_PER_COLOUR - chests.count(seat) - out[seat]


def with_count(counts: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    """``counts`` with ``seat``'s entry changed by ``change`` (a new tuple)."""
    return (*counts[:seat], counts[seat] + change, *counts[seat + 1:])


def with_pile(
    squares: tuple[tuple[int, ...], ...], square: int, pile: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """``squares`` with the pile on ``square`` replaced (a new tuple)."""
    return (*squares[:square], pile, *squares[square + 1:])
