"""Exact odds and seeded simulations for Treasure Island (2003).

Exact answers are :class:`fractions.Fraction`:

* :func:`number_chance`: a needed number (or one of a set) shows on two dice;
* :func:`skirmish_chance`: each player's chance to win a skirmish (2 or more players);
* :func:`chest_odds`: what an unopened chest holds, given every card already seen.

>>> number_chance({4})
Fraction(11, 36)
>>> number_chance({2, 5})
Fraction(5, 9)
>>> skirmish_chance(3)
(Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))

Seeded bot-against-bot simulations (``enclosure_frequency``) are in ``studies.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .cards import GOLD, JOLLY, PURPLE
from .enclosure import placeable_squares
from .rules.skirmish import round_chances, win_chances
from .state import TIState
from .view import TIView

__all__ = [
    "ChestOdds",
    "chest_odds",
    "next_throw_chance",
    "number_chance",
    "skirmish_chance",
    "skirmish_round",
]


def number_chance(numbers: Iterable[int]) -> Fraction:
    """The chance that at least one of two dice shows one of ``numbers`` (TI2003 §4:
    a square can be taken when either die shows its number)."""
    k = len({n for n in numbers if 1 <= n <= 6})
    return 1 - Fraction(6 - k, 6) ** 2


def next_throw_chance(state: TIState, player: int, squares: Iterable[str] | None = None
                      ) -> Fraction:
    """The chance that ``player``'s next throw lets them take one of ``squares`` (default:
    the unopened treasure squares they may take now, by landing or advancing)."""
    board = state.board
    open_now = set(placeable_squares(board, state.position.owner, player))
    if squares is None:
        wanted = {s for s in board.treasure_at if s in open_now}
    else:
        wanted = {board.square(q) for q in squares} & open_now
    return number_chance(board.numbers[s] for s in wanted)


def skirmish_chance(players: int | Sequence[int] = 2) -> tuple[Fraction, ...]:
    """Each player's chance to win a skirmish: ``players`` is the number of players
    (from the start) or the hits each has scored so far, e.g. ``(2, 0)``.

    >>> skirmish_chance((2, 1))
    (Fraction(3, 4), Fraction(1, 4))
    """
    hits = (0,) * players if isinstance(players, int) else tuple(players)
    return win_chances(hits)


def skirmish_round(players: int) -> tuple[Fraction, Fraction]:
    """(chance a given player scores the hit, chance nobody does) in one round.

    >>> skirmish_round(2)
    (Fraction(575, 1296), Fraction(73, 648))
    """
    return round_chances(players)


@dataclass(frozen=True)
class ChestOdds:
    """What an unopened chest holds, given the cards seen so far.

    Attributes:
        chest: its id; ``cards``: how many cards it holds; ``unseen``: cards nobody has
            seen (the chest's among them).
        any_cannon, purple, gold, jolly: the chance of at least one such card.
        expected: the expected number of cards of each kind in the chest.
    """

    chest: str
    cards: int
    unseen: int
    any_cannon: Fraction
    purple: Fraction
    gold: Fraction
    jolly: Fraction
    expected: dict[str, Fraction]


def _at_least_one(total: int, good: int, draws: int) -> Fraction:
    if draws > total:
        raise ValueError("the chest holds more cards than are unseen")
    return 1 - Fraction(comb(total - good, draws), comb(total, draws))


def chest_odds(source: TIState | TIView, chest: str) -> ChestOdds:
    """Exact odds for an unopened chest (hypergeometric over the unseen cards: every
    unseen card is equally likely to lie in it, ruling TI2003-7).

    Works from a state or from a seat's view (which holds everything needed).
    """
    if isinstance(source, TIState):
        source = source.view(0)
    sizes = {c: n for c, n, _ in source.chests}
    opened = {c for c, _, cards in source.chests if cards is not None}
    if chest not in sizes:
        raise ValueError(f"{chest!r} is not a chest of this board ({', '.join(sizes)})")
    if chest in opened:
        raise ValueError(f"{chest!r} is already open: its cards are known")
    unseen = dict(source.unseen)
    total = sum(unseen.values())
    k = sizes[chest]
    purple, gold = unseen.get(PURPLE, 0), unseen.get(GOLD, 0)
    return ChestOdds(
        chest=chest,
        cards=k,
        unseen=total,
        any_cannon=_at_least_one(total, purple + gold, k),
        purple=_at_least_one(total, purple, k),
        gold=_at_least_one(total, gold, k),
        jolly=_at_least_one(total, unseen.get(JOLLY, 0), k),
        expected={kind: Fraction(k * n, total) for kind, n in unseen.items()},
    )
