"""The two-dice throw as fixed chance tables built once: the same picks as sampling its
outcomes at every throw; the other chance nodes (reveals, skirmishes) sample as before."""

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


def test_throws_pick_from_the_table_what_sampling_picks() -> None:
    s = treasurekit.load_game("treasure_island_2003").new_initial_state(3)
    rng = random.Random(3)
    seen = set()
    while not s.is_terminal() and s.ply < 600:
        if s.is_chance_node():
            outcomes = s._chance_outcomes()
            table = s._exact_chance_table()
            if table is None:
                seen.add("reveal or skirmish")
                assert s._chance_table() is None
            else:
                seen.add("roll")
                assert s._chance_table() is ti_state._ROLL_FLOATS
                assert list(table[0]) == [m for m, _ in outcomes]
                assert s._chance_table() == chance_table(outcomes)
                for ply in range(s.ply, s.ply + 30):
                    assert sample_table(table, s.game.name, s.seed, ply) \
                        == sample_outcome(outcomes, s.game.name, s.seed, ply, check=True)
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))
    assert seen == {"roll", "reveal or skirmish"}
