"""Seeded random games for the engine tests: every state on the way, checked play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import treasurekit
from treasurekit.core.game import State


def playout(name: str, seed: int, plies: int) -> Iterator[State[Any]]:
    """The states of one seeded random game of ``name`` (checked ``play`` of a random legal
    move, chance from the game's stream), up to ``plies`` plies. The state is the same
    object each time: read it before the next one is asked for."""
    state = treasurekit.load_game(name).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and state.ply < plies:
        yield state
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
