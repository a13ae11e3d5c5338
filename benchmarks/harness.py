"""A tiny timing harness: best-of-N wall-clock timings with the machine described."""

from __future__ import annotations

import os
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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


def playouts(
    game: Any,
    n: int,
    checked: bool = False,
    undoable: bool = True,
    bots: Callable[[int], list[Any]] | None = None,
    text: bool = True,
) -> int:
    """Play ``n`` seeded games of ``game`` to the end and return the plies played.

    Random moves by default (``random.Random(0)``), or ``bots(seed)`` seat by seat.
    ``checked`` sends every move as text through ``play`` (parse, legality check, apply),
    or with ``text=False`` the move object itself (the checked path of
    benchmarks/openspiel.py: an offered move is not checked again); otherwise the
    unchecked ``apply`` is used, keeping undo information if ``undoable``.
    """
    rng = random.Random(0)
    plies = 0
    for seed in range(n):
        state = game.new_initial_state(seed)
        seats = bots(seed) if bots is not None else None
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance()
            elif seats is not None:
                state.play(seats[state.current_player].choose(state))
            elif checked:
                move = rng.choice(state.legal_moves())
                state.play(str(move) if text else move)
            else:
                state.apply(rng.choice(state.legal_moves()), undoable=undoable)
        plies += state.ply
    return plies
