"""Exact Ahoy odds, checked against hand computations and against simulation."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import treasurekit
from treasurekit.ahoy import GreedyBot
from treasurekit.ahoy.analysis import LonePirate, compare_strategies, roll_odds, safest_furthest
from treasurekit.core import RandomBot

SIXTH = Fraction(1, 6)


def test_reach_island_two_squares_away_in_one_turn_is_one_third() -> None:
    # from square 19 the island (21) needs a 2, or the ship choosing 2
    assert LonePirate().reach_island_within(1, source=19) == [Fraction(1, 3)]


def test_reach_island_chances_grow_with_turns_and_stay_probabilities() -> None:
    r = LonePirate().reach_island_within(12)
    assert all(0 <= p <= 1 for p in r)
    assert r == sorted(r)
    assert r[3] == 0  # 21 squares need at least 5 turns of at most 5
    assert r[4] > 0


def test_fall_chance_from_the_start_in_one_turn_is_two_sixths() -> None:
    # squares 3 and 5 are water; the ship picks the furthest firm square (4)
    assert LonePirate().fall_within(1) == [2 * SIXTH]


def test_cunning_pirate_that_falls_never_reaches_the_island() -> None:
    basic = LonePirate().reach_island_within(30)[-1]
    cunning = LonePirate(variant="cunning").reach_island_within(30)[-1]
    assert cunning < basic


def test_landing_chance_on_square_one_in_one_turn() -> None:
    # a 1, or the ship: safest_furthest picks 4, so only the 1
    assert LonePirate().landing_chance(1, turns=1) == SIXTH
    assert LonePirate().landing_chance(3, turns=1) == SIXTH  # water: falls in with a 3


def test_landing_chances_match_a_seeded_simulation() -> None:
    chain = LonePirate()
    exact = chain.landing_chances(4)
    rng = random.Random(0)
    n = 20000
    hits = dict.fromkeys(exact, 0)
    for _ in range(n):
        pos, planks, seen = 0, frozenset[int](), set()
        for _ in range(4):
            if pos == chain.board.island_square:
                break
            face = rng.randint(1, 6)
            k = safest_furthest(pos, planks, chain.board) if face == 6 else face
            if k is not None and pos + k <= chain.board.island_square:
                seen.add(pos + k)
            pos, planks = chain.step(pos, planks, k)
        for s in seen:
            hits[s] += 1
    for s, p in exact.items():
        assert abs(hits[s] / n - float(p)) < 0.02, s


def test_roll_odds_from_the_start() -> None:
    s = treasurekit.load_game("ahoy").new_initial_state()
    odds = roll_odds(s)
    assert odds.must_fall == 2 * SIXTH  # a 3 or a 5
    assert odds.must_pass == 0 and odds.can_reach_island == 0
    assert odds.can_stay_dry == 4 * SIXTH


def test_roll_odds_refuses_a_finished_game() -> None:
    g = treasurekit.load_game("ahoy")
    s = g.position({20: "B"}, chests="RBRB", die=1, turn=1)  # type: ignore[attr-defined]
    s.play("move 20 1")
    with pytest.raises(ValueError, match="over"):
        roll_odds(s)


def test_compare_strategies_is_reproducible_and_has_intervals() -> None:
    bots = {"greedy": GreedyBot, "random": RandomBot}
    a = compare_strategies(bots, games=30, seed=5, progress=False)
    b = compare_strategies(bots, games=30, seed=5, progress=False)
    assert [str(r) for r in a] == [str(r) for r in b]
    assert abs(sum(r.wins.value for r in a) - 1) < 1e-9
    lo, hi = a[0].wins.interval
    assert lo <= a[0].wins.value <= hi


def test_greedy_bot_beats_random_bot_clearly() -> None:
    greedy, _random = compare_strategies(
        {"greedy": GreedyBot, "random": RandomBot}, games=200, seed=1, progress=False
    )
    assert greedy.wins.interval[0] > 0.5


def test_greedy_bot_explains_its_choice() -> None:
    s = treasurekit.load_game("ahoy").position({18: "R"}, die=SHIP)  # type: ignore[attr-defined]
    rows = GreedyBot().explain(s)
    assert str(rows[0].move) == "move 18 3"
    assert "reaches the island" in rows[0].reasons[0]
    assert any("falls into the water" in " ".join(r.reasons) for r in rows)


SHIP = 6
