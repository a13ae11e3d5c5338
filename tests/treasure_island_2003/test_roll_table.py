"""The two-dice throw as a fixed chance table: the same picks as sampling its outcomes."""

from __future__ import annotations

import random

import treasurekit
from treasurekit.core.chance import chance_table, sample_outcome, sample_table
from treasurekit.treasure_island_2003 import state as ti_state


def test_the_roll_table_picks_what_sampling_the_rolls_picks() -> None:
    for seed in range(40):
        for ply in range(60):
            assert sample_table(ti_state._ROLL_EXACT, "treasure_island_2003", seed, ply) \
                == sample_outcome(ti_state.ROLLS, "treasure_island_2003", seed, ply, check=True)
    assert chance_table(ti_state.ROLLS) == ti_state._ROLL_FLOATS


def test_a_throw_uses_the_table_and_other_chance_nodes_do_not() -> None:
    s = treasurekit.load_game("treasure_island_2003").new_initial_state(3)
    rng = random.Random(3)
    seen = set()
    while not s.is_terminal() and s.ply < 400:
        if s.is_chance_node():
            table = s._exact_chance_table()
            outcomes = [m for m, _ in s._chance_outcomes()]
            if table is None:
                seen.add("other")
                assert outcomes != [m for m, _ in ti_state.ROLLS]
            else:
                seen.add("roll")
                assert list(table[0]) == outcomes
                assert s._chance_table() is ti_state._ROLL_FLOATS
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))
    assert seen == {"roll", "other"}
