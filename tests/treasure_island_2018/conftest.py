"""Helpers for the Treasure Island (2018) tests (the game is imported directly until the
lead registers it in ``treasurekit/__init__.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import treasurekit.treasure_island_2018 as ti


def new_game(**options: Any) -> ti.TIGame:
    return ti.TIGame(**options)


def set_up(seed: int = 0, treasure: str = "bury 10,13", **options: Any) -> ti.TIState:
    """A game after burying and the setup draws: Silver plays the first Starting Hint."""
    s = new_game(**options).new_initial_state(seed)
    s.play(treasure)
    while s.is_chance_node():
        s.resolve_chance()
    return s


def play_until(state: ti.TIState, stop: Any, seed: int = 0, limit: int = 3000) -> ti.TIState:
    """Random moves (and the seeded chance) until ``stop(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or state.is_terminal():
            return state
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    raise AssertionError("condition never reached")


@pytest.fixture(name="set_up")
def _set_up_fixture() -> Any:
    return set_up


@pytest.fixture(name="play_until")
def _play_until_fixture() -> Any:
    return play_until
