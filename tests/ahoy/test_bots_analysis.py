"""The GreedyBot, exact Ahoy odds (checked against hand computations and simulation) and
the bot-against-bot studies."""

from __future__ import annotations

import ast
import inspect
import random
from fractions import Fraction

import pytest

import treasurekit
from treasurekit.ahoy import GreedyBot, analysis
from treasurekit.ahoy.analysis import LonePirate, roll_odds, safest_furthest
from treasurekit.ahoy.studies import compare_strategies
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


def _every_roll_sequence(chain: LonePirate, turns: int, source: int = 0) -> dict[str, list[int]]:
    """Brute force: walk all 6**turns roll sequences one by one and count, per turn, the
    sequences that have reached the island, fallen in, or landed on each square."""
    from itertools import product

    island = chain.board.island_square
    counts: dict[str, list[int]] = {"island": [0] * turns, "fell": [0] * turns}
    for square in range(1, island + 1):
        counts[f"landed {square}"] = [0] * turns
    for rolls in product(range(1, 7), repeat=turns):
        pos, planks, fell, landed = source, frozenset[int](), False, set()
        for t, face in enumerate(rolls):
            if pos != island and pos != -1:
                k = safest_furthest(pos, planks, chain.board) if face == 6 else face
                if k is not None and pos + k <= island:
                    landed.add(pos + k)
                new, new_planks = chain.step(pos, planks, k)
                fell = fell or len(new_planks) > len(planks)
                pos, planks = new, new_planks
            # every whole sequence counts once at every turn t: P = count / 6**turns
            counts["island"][t] += pos == island
            counts["fell"][t] += fell
            for square in landed:
                counts[f"landed {square}"][t] += 1
    return counts


@pytest.mark.parametrize("variant", ["basic", "cunning"])
def test_lone_pirate_chain_counts_every_roll_sequence_exactly(variant: str) -> None:
    # AHOY §5-§7: the fast integer chain against a walk through all 6**5 roll sequences
    turns = 5
    brute = _every_roll_sequence(LonePirate(variant=variant), turns, source=4)
    chain = LonePirate(variant=variant)
    total = 6**turns
    assert chain.reach_island_within(turns, source=4) == [
        Fraction(n, total) for n in brute["island"]]
    assert chain.fall_within(turns, source=4) == [Fraction(n, total) for n in brute["fell"]]
    for square in range(1, chain.board.island_square + 1):
        expected = Fraction(brute[f"landed {square}"][-1], total) if square != 4 else 1
        assert chain.landing_chance(square, turns, source=4) == expected, square


def test_lone_pirate_answers_do_not_depend_on_what_was_asked_before() -> None:
    # the chain caches its distributions; a longer question must extend, not change them
    warm = LonePirate()
    long_first = warm.reach_island_within(14)
    short_after = warm.reach_island_within(9)
    assert short_after == long_first[:9] == LonePirate().reach_island_within(9)
    dist = LonePirate().run(6, source=2, planks=[3], stop_at=9)[-1]
    assert sum(dist.values()) == 1
    assert all(fell == bool(planks - {3}) for (_, planks, fell) in dist)


def test_lone_pirate_refuses_bad_questions() -> None:
    chain = LonePirate()
    with pytest.raises(ValueError, match="turns"):
        chain.reach_island_within(0)
    with pytest.raises(ValueError, match="source"):
        chain.fall_within(3, source=30)
    with pytest.raises(ValueError, match="square"):
        chain.landing_chance(0, 3)


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


def test_roll_odds_look_past_a_die_already_showing() -> None:
    s = treasurekit.load_game("ahoy").new_initial_state()
    before = roll_odds(s)
    s.play("roll 3")
    assert roll_odds(s) == before  # the odds of the seat's next roll, not of the face shown
    assert s.die == 3


def test_analysis_imports_neither_bots_nor_studies_at_module_level() -> None:
    tree = ast.parse(inspect.getsource(analysis))
    top = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    assert not {m for m in top if m and m.split(".")[-1] in ("bots", "studies")}



SHIP = 6
