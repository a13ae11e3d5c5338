"""The two-dice throw as fixed chance tables built once, the reveals as tables in whole
numbers: the same picks (and the same floats) as sampling their ``Fraction`` outcomes."""

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


def test_throws_and_reveals_pick_from_tables_what_sampling_picks() -> None:
    seen = set()
    for seed in (3, 4, 5):
        s = treasurekit.load_game("treasure_island_2003").new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.ply < 700:
            if s.is_chance_node():
                outcomes = s._chance_outcomes()
                table = s._exact_chance_table()
                if table is None:
                    seen.add("skirmish")
                    assert s._chance_table() is None
                else:
                    seen.add(str(s.phase))
                    assert list(table[0]) == [m for m, _ in outcomes]
                    floats = s._chance_table()
                    assert floats is not None
                    assert (list(floats[0]), list(floats[1])) == chance_table(outcomes)
                    for ply in range(s.ply, s.ply + 40):
                        assert sample_table(table, s.game.name, s.seed, ply) \
                            == sample_outcome(outcomes, s.game.name, s.seed, ply, check=True)
                s.resolve_chance()
            else:
                s.play(rng.choice(s.legal_moves()))
    assert {"reveal", "roll"} <= seen, seen


def test_reveal_tables_in_whole_numbers_equal_the_fraction_tables() -> None:
    """Pools whose counts share a factor too (``2/6`` is ``1/3``: the denominator shrinks)."""
    from types import SimpleNamespace

    from treasurekit.core.chance import exact_table
    from treasurekit.treasure_island_2003.rules import chests

    kinds = ("a", "b", "c", "d", "e")
    game = SimpleNamespace(cards=SimpleNamespace(deck=dict.fromkeys(kinds, 9)))
    rng = random.Random(5)
    shrunk = 0
    for _ in range(2000):
        factor = rng.choice((1, 2, 3, 6))
        pool = tuple((k, factor * rng.randrange(0, 5)) for k in kinds)
        if not any(n for _, n in pool):
            continue
        p = SimpleNamespace(holdings=SimpleNamespace(unseen=pool))
        outcomes = chests.outcomes(p, game)  # type: ignore[arg-type]
        table = chests.reveal_table(p, game)  # type: ignore[arg-type]
        assert table is not None and table == exact_table(outcomes)
        assert chests.reveal_floats(p, game) == chance_table(outcomes)  # type: ignore[arg-type]
        shrunk += table[1] < sum(n for _, n in pool)
    assert shrunk > 500


def test_the_pools_carried_from_reveal_to_reveal_are_the_pools_read_afresh() -> None:
    """``reveal`` carries the pool it drew from to the next unseen tuple
    (``chests._carry_pool``): it is the pool read pair by pair."""
    from treasurekit.treasure_island_2003.rules import chests

    carried = 0
    for seed in (6, 7):
        s = treasurekit.load_game("treasure_island_2003", players=3).new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                if str(s.phase) == "reveal":
                    p = s.position
                    last = chests._LAST_POOL
                    carried += last is not None and last[0] is p.holdings.unseen
                    moves, counts = chests._pool(p, s.context)
                    assert (list(moves), list(counts)) == chests._pool_by_scan(p, s.context)
                s.resolve_chance()
            else:
                s.play(rng.choice(s.legal_moves()))
    assert carried > 20
