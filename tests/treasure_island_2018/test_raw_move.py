"""``raw_move`` builds the same move as the class does from points already rounded."""

from __future__ import annotations

import random

import treasurekit
from treasurekit.treasure_island_2018.rules.movement import raw_move


def test_raw_moves_equal_the_moves_built_by_their_class() -> None:
    state = treasurekit.load_game("treasure_island_2018").new_initial_state(2)
    rng = random.Random(2)
    compared = 0
    while not state.is_terminal() and state.ply < 150:
        if state.is_chance_node():
            state.resolve_chance()
            continue
        moves = state.legal_moves()
        for m in moves:
            values = list(m.__dict__.values())
            raw = raw_move(type(m), *values)
            built = type(m)(*values)
            assert raw == built == m
            assert list(raw.__dict__.items()) == list(built.__dict__.items())
            compared += 1
        state.play(rng.choice(moves))
    assert compared > 1000
