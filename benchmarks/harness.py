"""A tiny timing harness: best-of-N wall-clock timings with the machine described."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One benchmark figure: ``value`` in ``unit`` (higher or lower is better, as named)."""

    game: str
    name: str
    value: float
    unit: str

    def row(self) -> str:
        v = f"{self.value:,.0f}" if self.value >= 100 else f"{self.value:.3g}"
        return f"| {self.game} | {self.name} | {v} {self.unit} |"


def best_time(fn: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of ``repeat`` runs of ``fn``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def machine() -> str:
    """One line describing the machine and Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"
