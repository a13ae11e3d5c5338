"""Helpers shared by the Skeleton Island rules tests: games, rows of cards, set-up states."""

from __future__ import annotations

import treasurekit
from treasurekit.skeleton_island import (
    SkeletonGame,
    SkeletonState,
)

P0, P1, P2 = 0, 1, 2
FAR = 40.0  # cards this far apart never touch


def game(**options: object) -> SkeletonGame:
    g = treasurekit.load_game("skeleton_island", **options)
    assert isinstance(g, SkeletonGame)
    return g


def row(*kinds: str | None) -> list[tuple[str | None, float, float, float]]:
    """Cards side by side, none touching: all uncovered."""
    return [(k, i * 10.0, 0.0, 0.0) for i, k in enumerate(kinds)]


def set_up(seed: int = 0, **options: object) -> SkeletonState:
    s = game(**options).new_initial_state(seed)
    while s.is_chance_node():
        s.resolve_chance()
    return s


def ids(state: SkeletonState, seat: int) -> list[int]:
    return [i for i, _ in state.collection(seat)]


def kinds(state: SkeletonState, seat: int) -> list[str]:
    return sorted(k for _, k in state.collection(seat))
