"""Skirmishes (TI2003 §8; ``rules/skirmish.py``): one test or more per rule."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.treasure_island_2003.helpers import (
    B,
    G,
    R,
    full_board_for,
    small,
)
from treasurekit.treasure_island_2003 import (
    Hit,
)


def test_skirmish_with_three_players_two_with_hits_fight_on() -> None:
    s = small(players=3).position(full_board_for(3, {"R": 25, "B": 25, "G": 25}))
    assert s.phase == "skirmish" and s.skirmish == ((R, B, G), (0, 0, 0), "legacy")
    each = sum(Fraction(6 - abs(t - 7), 36) * sum(
        Fraction(6 - abs(u - 7), 36) for u in range(2, t)) ** 2 for t in range(2, 13))
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Hit(G)] == each and outcomes[Hit(None)] == 1 - 3 * each
    s.play("hit green")
    s.play("no hit")
    s.play("hit green")
    assert s.skirmish == ((R, B, G), (0, 0, 2), "legacy")
    events = s.play("hit red")  # two players have hits: Blue drops out
    now: Any = s.skirmish
    assert now == ((R, G), (1, 2), "legacy")
    assert any("Blue drop out" in e.text for e in events)
    assert dict(s.chance_outcomes())[Hit(R)] == Fraction(575, 1296)
    s.play("hit red")
    s.play("hit red")
    assert s.skirmish is None and s.legacy_winner == R


def test_skirmish_three_hits_before_anyone_else_wins_ruling_ti2003_17() -> None:
    s = small(players=3).position(full_board_for(3, {"R": 25, "B": 25, "G": 25}))
    for _ in range(3):
        s.play("hit blue")
    assert s.legacy_winner == B and s.phase == "reveal"


def test_skirmish_two_players_first_to_three_hits() -> None:
    s = small().position(full_board_for(2, {"R": 37, "B": 38}), jolly={})
    assert s.phase == "reveal" and s.legacy_winner == B  # no tie: Blue has the most
    t = small().position(full_board_for(2, {"R": 38, "B": 37}))
    assert t.legacy_winner == R
    u = small(players=4).position(full_board_for(4, {"R": 20, "B": 20, "G": 20, "Y": 15}))
    assert u.skirmish == ((R, B, G), (0, 0, 0), "legacy")


def test_skirmish_round_tables_pick_what_sampling_the_outcomes_picks() -> None:
    """The round's chance tables are made once per set of seats still in: the same picks
    from the seeded stream as sampling the outcomes, the same floats for search."""
    import dataclasses
    import itertools

    import treasurekit
    from treasurekit.core.chance import chance_table, sample_outcome, sample_table
    from treasurekit.treasure_island_2003.rules import skirmish

    state = treasurekit.load_game("treasure_island_2003", players=4).new_initial_state(0)
    for k in (2, 3, 4):
        for active in itertools.combinations(range(4), k):
            p = dataclasses.replace(state.position, phase="skirmish",
                                    skirmish=(active, (0,) * k, ("final",)))
            outcomes = skirmish.outcomes(p)
            assert skirmish.floats(p) == chance_table(outcomes)
            table = skirmish.exact(p)
            for seed in range(40):
                assert sample_table(table, "treasure_island_2003", seed, 3) == sample_outcome(
                    outcomes, "treasure_island_2003", seed, 3, check=True)
