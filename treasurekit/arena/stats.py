"""Each bot's win rate and mean score over a batch of games, with 95% intervals.

A bot's **trials** are its seat-games: a bot that sits at two seats of one game counts
twice. Its **wins** are its summed shares of the win (1 shared among the winners, see
:mod:`treasurekit.arena.play`). The win rate's interval is the Wilson score interval
(``treasurekit.core.stats.wilson_interval``, fractional shares allowed); the mean score's
is the normal approximation, mean ± 1.96 standard errors (sample standard deviation).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.stats import wilson_interval
from .play import GameResult

__all__ = ["BotSummary", "format_table", "summarize"]

Z95 = 1.959964


@dataclass(frozen=True)
class BotSummary:
    """One bot's results over a batch.

    Attributes:
        name: the bot's name.
        trials: seat-games played.
        wins: summed shares of the win.
        win_interval: 95% Wilson interval of the win rate.
        mean_score: mean final score (the game's own points).
        score_interval: 95% interval of the mean score (normal approximation).
    """

    name: str
    trials: int
    wins: float
    win_interval: tuple[float, float]
    mean_score: float
    score_interval: tuple[float, float]

    @property
    def win_rate(self) -> float:
        return self.wins / self.trials

    def __str__(self) -> str:
        lo, hi = self.win_interval
        slo, shi = self.score_interval
        return (f"{self.name:<10} wins {self.win_rate:6.1%} (95% CI {lo:.1%}-{hi:.1%})  "
                f"mean score {self.mean_score:.2f} ({slo:.2f}-{shi:.2f})  n={self.trials}")


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (mean ± 1.96 standard errors).

    One value gives a zero-width interval.

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, 0.868, 3.132]
    """
    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        raise ValueError("no values")
    mean = float(arr.mean())
    half = Z95 * float(arr.std(ddof=1)) / math.sqrt(arr.size) if arr.size > 1 else 0.0
    return mean, mean - half, mean + half


def summarize(results: Sequence[GameResult]) -> list[BotSummary]:
    """One :class:`BotSummary` per bot name, in order of first appearance.

    Raises:
        ValueError: ``results`` is empty.
    """
    if not results:
        raise ValueError("no games to summarize")
    shares: dict[str, list[float]] = {}
    scores: dict[str, list[float]] = {}
    for row in results:
        for seat, name in enumerate(row.seats):
            shares.setdefault(name, []).append(row.shares[seat])
            scores.setdefault(name, []).append(row.scores[seat])
    out = []
    for name, won in shares.items():
        n, w = len(won), math.fsum(won)
        mean, lo, hi = mean_interval(scores[name])
        out.append(BotSummary(name, n, w, wilson_interval(w, n), mean, (lo, hi)))
    return out


def format_table(rows: Sequence[BotSummary]) -> str:
    """A markdown table of the summaries."""
    lines = ["| bot | seat-games | win rate (95% CI) | mean score (95% CI) |",
             "|---|---|---|---|"]
    for r in rows:
        lo, hi = r.win_interval
        slo, shi = r.score_interval
        lines.append(f"| {r.name} | {r.trials} | {r.win_rate:.1%} ({lo:.1%}-{hi:.1%}) | "
                     f"{r.mean_score:.2f} ({slo:.2f}-{shi:.2f}) |")
    return "\n".join(lines)
