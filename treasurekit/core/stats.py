"""Small statistics helpers for seeded Monte Carlo answers."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Estimate", "shares", "wilson_interval"]


def shares(values: Sequence[float]) -> tuple[float, ...]:
    """``values`` as shares summing to 1; equal shares while they are all zero (e.g. each
    seat's part of a standing, for ``MCTSBot(evaluate=...)``).

    >>> shares([3, 1])
    (0.75, 0.25)
    >>> shares([0, 0])
    (0.5, 0.5)
    """
    total = sum(values)
    if total <= 0:
        return tuple(1 / len(values) for _ in values)
    return tuple(v / total for v in values)


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    ``successes`` may be fractional (shared wins count a share each).

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if trials <= 0:
        raise ValueError("trials must be positive")
    if not 0 <= successes <= trials:
        raise ValueError("successes must be between 0 and trials")
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)  # exact at the ends
    return lo, hi


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo proportion with its 95% confidence interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(round(self.successes), self.trials)

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{self.value:.3f} (95% CI {lo:.3f}-{hi:.3f}, n={self.trials})"
