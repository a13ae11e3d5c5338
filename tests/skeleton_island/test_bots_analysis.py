"""Exact Skeleton Island card odds, the coin value of face-down cards, the blow study and
the bots, checked against hand computations."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import treasurekit
from treasurekit.core import MCTSBot, RandomBot
from treasurekit.core.stats import Estimate
from treasurekit.skeleton_island import (
    Blow,
    GreedyBot,
    Keep,
    Rest,
    SkeletonGame,
    Take,
    playout_value,
)
from treasurekit.skeleton_island.analysis import (
    card_value,
    coin_chance,
    completing_kinds,
    completion_chance,
    expected_coin_value,
    face_down_vs_known,
    spread_uncovered,
    unknown_card,
)
from treasurekit.skeleton_island.studies import blow_study

P0, P1 = 0, 1


def game(**options: object) -> SkeletonGame:
    g = treasurekit.load_game("skeleton_island", **options)
    assert isinstance(g, SkeletonGame)
    return g


def test_unknown_card_before_anything_is_seen_follows_the_box() -> None:
    s = game().position([(None, 0, 0, 0)])
    odds = unknown_card(s)
    assert odds.unseen == 49
    assert odds.category == {"map": Fraction(30, 49), "pirate": Fraction(7, 49),
                             "coin": Fraction(12, 49)}
    assert odds.colour["red"] == Fraction(6, 49)
    assert odds.piece == {"half": Fraction(10, 49), "quarter": Fraction(20, 49)}
    assert odds.coins == {1: Fraction(6, 49), 2: Fraction(4, 49), 3: Fraction(2, 49)}
    assert sum(odds.kind.values()) == 1
    assert "unseen cards: 49" in odds.table()


def test_unknown_card_counts_every_card_seen() -> None:
    s = game().position([("coin-3", 20, 0, 0), (None, 0, 0, 0)],
                        collections={P1: ["coin-3", "map-red-half"]}, out=["pirate-hook"])
    odds = unknown_card(s)
    assert odds.unseen == 45
    assert "coin-3" not in odds.kind and "pirate-hook" not in odds.kind
    assert odds.kind["map-red-half"] == Fraction(1, 45)
    assert coin_chance(s) == Fraction(10, 45)


def test_unknown_card_during_a_game_matches_the_chance_node() -> None:
    s = game().new_initial_state(seed=2)
    rng = random.Random(2)
    while not s.is_terminal():
        if s.is_chance_node():
            if s.history and isinstance(s.history[-1], Take):
                odds = unknown_card(s).kind
                assert {m.kind: p for m, p in s.chance_outcomes()} == odds  # type: ignore[union-attr]
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))


def test_card_value_coins_and_completed_maps() -> None:
    s = game().position([(None, 0, 0, 0)], collections={P0: ["map-red-half"]},
                        islands={"blue": P1})
    assert card_value(s, P0, "coin-3") == 3
    assert card_value(s, P0, "map-red-half") == 5  # completes the red map
    assert card_value(s, P0, "map-red-quarter") == 0  # half + quarter is not a map yet
    assert card_value(s, P1, "map-red-half") == 0
    assert card_value(s, P0, "pirate-hook") == 0


def test_completing_kinds_half_and_quarter_need_a_half_or_a_quarter() -> None:
    s = game().position([(None, 0, 0, 0)], collections={P0: ["map-red-half", "map-red-quarter"]})
    assert completing_kinds(s, P0) == {"map-red-half", "map-red-quarter"}
    assert completion_chance(s, P0) == Fraction(1 + 3, 47)


def test_completing_kinds_none_for_a_colour_already_won() -> None:
    s = game().position([(None, 0, 0, 0)], collections={P0: ["map-red-half"]},
                        islands={"red": P1})
    assert completing_kinds(s, P0) == set() and completion_chance(s, P0) == 0


def test_expected_coin_value_of_a_face_down_card_exact() -> None:
    s = game().position([(None, 0, 0, 0)], collections={P0: ["map-red-half"]})
    # 48 unseen: gold 6x1 + 4x2 + 2x3 = 20 coins, and the other red half wins 5
    assert expected_coin_value(s, P0) == Fraction(20 + 5, 48)
    assert expected_coin_value(s, P1) == Fraction(20, 48)


def test_face_down_against_known_cards() -> None:
    s = game().position([("coin-1", 0, 0, 0), (None, 10, 0, 0), ("map-red-half", 20, 0, 0)],
                        collections={P0: ["map-red-half"]})
    rows = face_down_vs_known(s)
    assert rows[0] == ("card 2 (red map half)", Fraction(5))
    assert rows[1] == ("card 0 (1-coin gold card)", Fraction(1))
    assert rows[2] == ("card 1 (face down)", Fraction(19, 46))


def test_spread_uncovered_is_an_exact_distribution_over_layouts() -> None:
    d = spread_uncovered(range(40))
    assert sum(d.values()) == 1 and all((p * 40).denominator == 1 for p in d.values())
    assert min(d) >= 1  # the top card is always uncovered (ruling SKEL-12)
    mean = sum(n * p for n, p in d.items())
    assert 4 <= mean <= 8  # ruling SKEL-3: five or six on average


def test_spread_uncovered_counts_the_engines_uncovered_cards_layout_by_layout() -> None:
    # SKEL §3 uncovered cards (ruling SKEL-4: overlap above AREA_EPS): the vectorised
    # count must agree with the pile's own cover graph (shapely) on every layout
    from collections import Counter

    from treasurekit.skeleton_island.spread import spread_layout

    deck = game().deck
    layouts = range(300, 380)
    engine = Counter(
        len(spread_layout(k, deck.total, deck.spread_radius_cm, deck.size_cm).uncovered())
        for k in layouts
    )
    assert spread_uncovered(layouts) == {n: Fraction(c, 80) for n, c in sorted(engine.items())}


def test_rectangle_overlap_areas_agree_with_shapely() -> None:
    import numpy as np
    import shapely

    from treasurekit.skeleton_island.analysis import _overlap_areas
    from treasurekit.skeleton_island.pile import card_corners

    rng = random.Random(3)
    a, b = [], []
    for _ in range(400):
        a.append(card_corners(0.0, 0.0, rng.randrange(180), 5.7, 8.9))
        b.append(card_corners(round(rng.uniform(-9, 9), 2), round(rng.uniform(-9, 9), 2),
                              rng.randrange(180), 5.7, 8.9))
    a += [card_corners(0, 0, 0, 5.7, 8.9)] * 3   # edge to edge, corner to corner, a cross
    b += [card_corners(5.7, 0, 0, 5.7, 8.9), card_corners(5.7, 8.9, 0, 5.7, 8.9),
          card_corners(0, 0, 90, 5.7, 8.9)]
    pa, pb = np.array(a), np.array(b)
    exact = shapely.area(shapely.intersection(shapely.polygons(pa), shapely.polygons(pb)))
    ours = _overlap_areas(pa, pb)
    assert np.abs(ours - exact).max() < 1e-9
    assert ours[-3] == ours[-2] == 0 and abs(ours[-1] - 5.7 * 5.7) < 1e-9
    assert (exact > 1).sum() > 50  # the random pairs do overlap, often


def test_blow_study_is_seeded_and_gives_wilson_intervals() -> None:
    a = blow_study(games=3, seed=1, strategy="random")
    b = blow_study(games=3, seed=1, strategy="random", progress=True)
    assert a == b
    assert isinstance(a.games, Estimate) and a.games.trials == 3
    lo, hi = a.turns.interval
    assert 0 <= lo <= a.turns.value <= hi <= 1
    assert "turns where a blow is allowed" in str(a)



# ----- bots -------------------------------------------------------------------------------
def test_greedy_takes_the_card_that_completes_its_map() -> None:
    s = game().position(row := [("coin-3", 0, 0, 0), ("map-red-half", 10, 0, 0)],
                        collections={P0: ["map-red-half"]})
    assert row and str(GreedyBot(seed=0).choose(s)) == "take 1"


def test_greedy_explains_the_exact_chances_of_a_face_down_card() -> None:
    s = game().position([(None, 0, 0, 0), ("pirate-hook", 10, 0, 0)],
                        collections={P0: ["map-red-half"]})
    rows = GreedyBot(seed=0).explain(s)
    face_down = next(c for c in rows if c.move == Take(0))
    text = "; ".join(face_down.reasons)
    assert "P(gold coin) = 12/47" in text
    assert "P(completes one of your maps) = 1/47" in text
    assert rows == sorted(rows, key=lambda c: -c.score)


def test_greedy_rests_a_poor_card_when_a_better_one_is_uncovered() -> None:
    s = game().position([("pirate-hook", 0, 0, 0), ("coin-3", 10, 0, 0)])
    s.play("take 0")
    move = GreedyBot(seed=0).choose(s)
    assert isinstance(move, Rest)
    s.play(move)
    assert GreedyBot(seed=0).choose(s) == Take(1)


def test_greedy_keeps_a_good_card() -> None:
    s = game().position([("coin-3", 0, 0, 0), ("coin-1", 10, 0, 0)])
    s.play("take 0")
    assert GreedyBot(seed=0).choose(s) == Keep()


def test_greedy_blows_when_a_gust_promises_better_cards() -> None:
    # a worthless pirate object lies on a 3-coin card: blowing is likely to free the coin
    s = game().position([("coin-3", 0, 0, 0), ("pirate-hook", 1, 0, 0)],
                        collections={P1: ["pirate-skull"]})
    rows = GreedyBot(seed=0).explain(s)
    assert rows[0].move == Blow() and "after a gust" in rows[0].reasons[0]


def test_greedy_beats_random_players() -> None:
    wins = 0.0
    for seed in range(6):
        s = game(players=2).new_initial_state(seed)
        bots = [GreedyBot(seed), RandomBot(seed)] if seed % 2 else [RandomBot(seed),
                                                                     GreedyBot(seed)]
        greedy = seed % 2 == 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.resolve_chance()
            else:
                s.play(bots[s.current_player].choose(s))
        out = s.outcome()
        assert out is not None
        wins += (int(greedy) in out.winners) / len(out.winners)
    assert wins >= 5


def test_mcts_chooses_a_legal_move_with_lazy_reveals() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 1, 0, 0), ("coin-3", 20, 0, 0)])
    bot = MCTSBot(iterations=30, seed=1)
    move = bot.choose(s)
    assert move in s.legal_moves()
    assert bot.last_root is not None and bot.last_root.children


def test_playout_value_is_each_seats_share_of_the_coins_won() -> None:
    # SKEL §4: the coins won so far, as shares summing to 1
    state = treasurekit.load_game("skeleton_island", players=3).new_initial_state(4)
    assert playout_value(state) == (1 / 3, 1 / 3, 1 / 3)  # nobody has a coin yet
    bots = [GreedyBot(seed=i) for i in range(3)]
    while sum(state.scores()) == 0 or len(set(state.scores())) < 2:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    coins = state.scores()
    value = playout_value(state)
    assert sum(value) == pytest.approx(1.0)
    assert value == pytest.approx(tuple(c / sum(coins) for c in coins))
