"""The seeded chance stream.

The outcome sampled at ply ``k`` of a game with seed ``s`` is a pure function of
``(game name, s, k)``: it does not depend on what happened earlier, on the machine,
on the Python version or on any global random state. Undo, copy and replay
therefore see the same rolls.

>>> from fractions import Fraction
>>> faces = [(f, Fraction(1, 6)) for f in "123456"]
>>> sample_outcome(faces, game="demo", seed=7, ply=0) == sample_outcome(faces, "demo", 7, 0)
True
"""

from __future__ import annotations

import bisect
import hashlib
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

__all__ = [
    "chance_table", "check_distribution", "exact_table", "float_pick", "sample_outcome",
    "sample_table", "stream_int",
]

T = TypeVar("T")


def stream_int(game: str, seed: int, ply: int, salt: str = "") -> int:
    """A 256-bit integer determined only by ``(game, seed, ply, salt)``."""
    digest = hashlib.sha256(f"treasurekit|{game}|{seed}|{ply}|{salt}".encode()).digest()
    return int.from_bytes(digest, "big")


def check_distribution(outcomes: Sequence[tuple[T, Fraction]]) -> None:
    """Raise ``ValueError`` unless the probabilities are positive and sum to exactly 1."""
    if not outcomes:
        raise ValueError("a chance node must have at least one outcome")
    # Exact integer arithmetic over the common denominator (Fraction sums are slow).
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    numerators = [p.numerator * (denominator // p.denominator) for _, p in outcomes]
    if sum(numerators) != denominator or min(numerators) <= 0:
        total = Fraction(sum(numerators), denominator)
        raise ValueError(f"chance probabilities must be positive and sum to 1, got {total}")


def sample_outcome(
    outcomes: Sequence[tuple[T, Fraction]], game: str, seed: int, ply: int, salt: str = "",
    *, check: bool = False,
) -> T:
    """Pick one outcome with its exact probability, as a pure function of the arguments.

    The probabilities are put over a common denominator ``D`` and the outcome whose
    cumulative interval contains ``stream_int(...) mod D`` is returned (bias < 2**-200).
    With ``check=True`` the distribution is first checked as :func:`check_distribution`
    does (the same ``ValueError``), sharing its common denominator.
    """
    if check and not outcomes:
        check_distribution(outcomes)
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    numerators = [p.numerator * (denominator // p.denominator) for _, p in outcomes]
    if check and (sum(numerators) != denominator or min(numerators) <= 0):
        check_distribution(outcomes)  # raises, naming the sum
    r = stream_int(game, seed, ply, salt) % denominator
    acc = 0
    for (outcome, _), numerator in zip(outcomes, numerators, strict=True):
        acc += numerator
        if r < acc:
            return outcome
    raise ValueError("chance probabilities sum to less than 1")


def chance_table(outcomes: Sequence[tuple[T, Fraction]]) -> tuple[list[T], list[float]]:
    """The outcomes' moves and the running sums of their probabilities as floats, for
    sampling with a ``random.Random`` (``State.sample_chance``): each sum adds
    ``p.numerator / p.denominator`` (``float(p)``) in order, so a table built once from
    fixed outcomes gives exactly the floats built on every draw.

    >>> chance_table([("a", Fraction(1, 4)), ("b", Fraction(3, 4))])
    (['a', 'b'], [0.25, 1.0])
    """
    moves = []
    sums = []
    acc = 0.0
    for move, p in outcomes:
        acc += p.numerator / p.denominator
        moves.append(move)
        sums.append(acc)
    return moves, sums


def float_pick(
    table: tuple[Sequence[T], Sequence[float]] | None,
    outcomes: Callable[[], Sequence[tuple[T, Fraction]]], x: float,
) -> T:
    """The outcome that ``x`` (a float in [0, 1), one ``rng.random()``) picks: from
    ``table`` (:func:`chance_table`'s moves and running float sums) when there is one,
    else from ``outcomes()`` with their probabilities summed as floats in order (the
    same floats as a table of those outcomes; ``State.sample_chance``).

    >>> float_pick((["a", "b"], [0.25, 1.0]), list, 0.5)
    'b'
    >>> float_pick(None, lambda: [("a", Fraction(1, 4)), ("b", Fraction(3, 4))], 0.1)
    'a'
    """
    if table is not None:
        moves, sums = table
        for move, total in zip(moves, sums, strict=True):
            if x < total:
                return move
        return moves[-1]
    listed = outcomes()
    acc = 0.0
    for move, p in listed:
        acc += p.numerator / p.denominator  # float(p), without the numbers-ABC detour
        if x < acc:
            return move
    return listed[-1][0]


def exact_table(
    outcomes: Sequence[tuple[T, Fraction]],
) -> tuple[tuple[T, ...], int, tuple[int, ...]]:
    """Fixed outcomes, checked once (:func:`check_distribution`) and put over their
    common denominator ``D``: ``(moves, D, running numerators)``. :func:`sample_table`
    picks from it exactly what :func:`sample_outcome` picks from ``outcomes``.

    >>> exact_table([("a", Fraction(1, 4)), ("b", Fraction(3, 4))])
    (('a', 'b'), 4, (1, 4))
    """
    check_distribution(outcomes)
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    running = []
    acc = 0
    for _, p in outcomes:
        acc += p.numerator * (denominator // p.denominator)
        running.append(acc)
    return tuple(m for m, _ in outcomes), denominator, tuple(running)


def sample_table(
    table: tuple[Sequence[T], int, Sequence[int]], game: str, seed: int, ply: int
) -> T:
    """:func:`sample_outcome` for a table made by :func:`exact_table` (the same pick)."""
    moves, denominator, running = table
    return moves[bisect.bisect_right(running, stream_int(game, seed, ply) % denominator)]
