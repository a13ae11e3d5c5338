"""Bradley-Terry ratings from pairwise results, on the Elo scale.

The Bradley-Terry model gives each bot a strength ``π > 0``: bot ``i`` beats bot ``j``
with probability ``π_i / (π_i + π_j)``. The strengths are fitted by maximum likelihood
with the standard minorization-maximization iteration (Hunter 2004, "MM algorithms for
generalized Bradley-Terry models", eq. 3)::

    π_i  <-  W_i / Σ_j n_ij / (π_i + π_j)

where ``W_i`` is bot ``i``'s total wins and ``n_ij`` the games between ``i`` and ``j``.
A tie counts half a win to each side. So that a bot that won (or lost) every game still
gets a finite rating, ``prior`` virtual games are added to every pair as draws (default
one virtual drawn game: half a win each way); ``prior=0`` is the plain maximum-likelihood
fit. Ratings are ``400 · log10(π)`` (the Elo scale: 200 points apart means about 76% to
win), centred so that their mean is 1500. Their 95% intervals come from the observed
Fisher information of the log-strengths (mean ± 1.96 standard errors).

No well-kept Python package fits Bradley-Terry with these few lines of numpy alone; the
fit is tested against a case computed by hand (``tests/test_arena.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .play import ArenaError, GameResult

__all__ = ["Rating", "bradley_terry", "pairwise_wins"]

ELO_SCALE = 400.0 / math.log(10.0)  # rating points per unit of natural log-strength
CENTRE = 1500.0
Z95 = 1.959964


@dataclass(frozen=True)
class Rating:
    """One bot's Bradley-Terry rating on the Elo scale, with its 95% interval."""

    name: str
    rating: float
    interval: tuple[float, float]

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{self.name:<10} {self.rating:7.0f} (95% CI {lo:.0f}-{hi:.0f})"


def pairwise_wins(results: Sequence[GameResult],
                  names: Sequence[str] | None = None) -> tuple[list[str], NDArray[np.float64]]:
    """Pairwise wins from games of any number of seats.

    In each game, every pair of seats held by two different bots is one pairwise game:
    the seat with the larger share of the win beats the other; equal shares (two losers,
    or joint winners) are a tie, half a win each. Seats held by the same bot are not
    compared.

    Returns:
        The bot names and the matrix ``W`` with ``W[i, j]`` = wins of ``i`` over ``j``.
    """
    order = list(names) if names is not None else []
    for row in results:
        for name in row.seats:
            if name not in order:
                if names is not None:
                    raise ArenaError(f"bot {name!r} is not among the names {list(names)}")
                order.append(name)
    index = {name: i for i, name in enumerate(order)}
    wins = np.zeros((len(order), len(order)))
    for row in results:
        n = len(row.seats)
        for a in range(n):
            for b in range(a + 1, n):
                i, j = index[row.seats[a]], index[row.seats[b]]
                if i == j:
                    continue
                da, db = row.shares[a], row.shares[b]
                wa = 1.0 if da > db else 0.0 if da < db else 0.5
                wins[i, j] += wa
                wins[j, i] += 1.0 - wa
    return order, wins


def bradley_terry(names: Sequence[str], wins: NDArray[np.float64] | Sequence[Sequence[float]],
                  prior: float = 1.0, tol: float = 1e-10,
                  max_iter: int = 100_000) -> list[Rating]:
    """Fit Bradley-Terry strengths to pairwise wins; return Elo-scale ratings.

    Args:
        names: the bots, in the order of the matrix.
        wins: ``wins[i][j]`` = games ``i`` won against ``j`` (ties counted half each way).
        prior: virtual drawn games added to every pair (0 for the plain fit).

    Returns:
        One :class:`Rating` per name, in the given order.

    Raises:
        ArenaError: a matrix that is not square with one row per name, negative or
            non-finite entries, a negative prior, fewer than two bots, or (with
            ``prior=0``) results that leave a rating infinite (a bot that won or lost
            every one of its games, or bots never compared).

    >>> [round(r.rating - 1500, 1) for r in bradley_terry(["a", "b"], [[0, 3], [1, 0]], prior=0)]
    [95.4, -95.4]
    """
    w = np.asarray(wins, dtype=float)
    k = len(names)
    if k < 2:
        raise ArenaError("a rating needs at least two bots")
    if w.shape != (k, k):
        raise ArenaError(f"the wins matrix must be {k} x {k} (one row per bot), not "
                         f"{' x '.join(map(str, w.shape))}")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ArenaError("wins must be finite and not negative")
    if not math.isfinite(prior) or prior < 0:
        raise ArenaError(f"prior must be a number of at least 0, not {prior!r}")
    w = w.copy()
    np.fill_diagonal(w, 0.0)
    w = w + (prior / 2.0) * (1.0 - np.eye(k))
    games = w + w.T
    total = w.sum(axis=1)
    _check_finite(names, w, games)
    pi = np.ones(k)
    for _ in range(max_iter):
        denom = (games / (pi[:, None] + pi[None, :])).sum(axis=1)
        new = total / denom
        new /= math.exp(float(np.log(new).mean()))
        done = float(np.max(np.abs(new - pi))) < tol
        pi = new
        if done:
            break
    theta = np.log(pi)
    p = pi[:, None] / (pi[:, None] + pi[None, :])
    info = -(games * p * p.T)
    np.fill_diagonal(info, 0.0)
    np.fill_diagonal(info, -info.sum(axis=1))
    se = np.sqrt(np.clip(np.diag(np.linalg.pinv(info)), 0.0, None))
    out = []
    for i, name in enumerate(names):
        r = CENTRE + ELO_SCALE * float(theta[i])
        half = Z95 * ELO_SCALE * float(se[i])
        out.append(Rating(name, r, (r - half, r + half)))
    return out


def _check_finite(names: Sequence[str], w: NDArray[np.float64],
                  games: NDArray[np.float64]) -> None:
    """Refuse results whose maximum-likelihood strengths are not all finite and positive:
    every bot must have won and lost something, and the comparison graph must connect."""
    k = len(names)
    for i in range(k):
        if games[i].sum() == 0:
            raise ArenaError(f"bot {names[i]!r} played no pairwise game; it cannot be rated")
        if w[i].sum() == 0 or w[:, i].sum() == 0:
            what = "won" if w[i].sum() == 0 else "lost"
            raise ArenaError(f"bot {names[i]!r} {what} no game: its rating would be infinite; "
                             "use prior > 0")
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in np.nonzero(games[i])[0]:
            if int(j) not in seen:
                seen.add(int(j))
                todo.append(int(j))
    if len(seen) < k:
        raise ArenaError("the bots fall into groups that never played each other; use "
                         "prior > 0 or play the missing pairs")
