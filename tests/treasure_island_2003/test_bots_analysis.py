"""GreedyBot explains its choices; MCTS works; the analysis is exact where it can be."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from treasurekit.core import MCTSBot, RandomBot, load_game
from treasurekit.treasure_island_2003 import (
    GreedyBot,
    TIGame,
    chest_odds,
    enclosure_frequency,
    next_throw_chance,
    number_chance,
    playout_value,
    skirmish_chance,
    skirmish_round,
    standing,
)


def small(**options: object) -> TIGame:
    g = load_game("treasure_island_2003", board="small", **options)
    assert isinstance(g, TIGame)
    return g


# ----- GreedyBot ------------------------------------------------------------------------------
def test_greedy_bot_opens_a_chest_when_it_can_and_says_why() -> None:
    s = small().position({"R": "a7 b7 c7 d7"}, dice=(2, 6))
    rows = GreedyBot(seed=0).explain(s)
    assert {str(c.move) for c in rows} == {str(m) for m in s.legal_moves()}
    assert str(rows[0].move) == "place e7"
    assert "opens Captain Flint's chest (6 cards)" in rows[0].reasons[0]
    assert any("next throw) = " in r for c in rows for r in c.reasons)


def test_greedy_bot_reports_the_chance_to_reach_a_treasure_square() -> None:
    t = small().position({"R": "a7 b7"}, dice=(2, 2))
    rows = {str(c.move): c for c in GreedyBot(seed=0).explain(t)}
    assert rows["place c7"].reasons == (
        "1 placement from Ben Gunn's square (was 2)", "P(a 3 next throw) = 11/36")
    assert rows["place c7"].score > rows["place b8"].score


def test_greedy_bot_values_a_steal_and_a_skirmish() -> None:
    s = small().position({"R": "a7", "B": "e2"}, cannons=("gold",),
                         piles={"R": {"rubies": 1, "rum": 1}, "B": {"rubies": 3, "rum": 2}},
                         protected={"B": "rubies"})
    rows = {str(c.move): c for c in GreedyBot(seed=0).explain(s)}
    steal = rows["fire gold at blue rum"]
    assert "steals 2 Rum from Blue" in steal.reasons[0]
    attack = rows["fire gold at blue rubies"]
    assert any("chance 1/2" in r for r in attack.reasons)
    assert attack.score > steal.score  # Rubies are worth far more, even at one half


def test_greedy_bot_discards_the_least_valuable_type() -> None:
    nine = {k: 1 for k in ("diamonds", "rubies", "gold", "sapphires", "emeralds", "pearls",
                           "topazes", "silver", "amethysts", "tobacco")}
    s = small().position({"R": "a7 b7 c7 d7"}, dice=(2, 6), piles={"R": nine})
    s.play("place e7")
    for _ in range(6):
        s.play("reveal rum")
    assert s.phase == "discard"
    assert str(GreedyBot(seed=0).choose(s)) == "discard tobacco"


def test_greedy_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(6):
        s = small().new_initial_state(seed=seed)
        bots = {0: GreedyBot(seed=seed), 1: RandomBot(seed=seed)}
        while not s.is_terminal():
            if s.is_chance_node():
                s.resolve_chance()
            else:
                s.apply(bots[s.current_player].choose(s), undoable=False)
        out = s.outcome()
        assert out is not None
        wins += out.winners == (0,)
    assert wins >= 5


def test_mcts_bot_chooses_a_legal_move() -> None:
    s = small().position({"R": "a7 b7 c7 d7"}, dice=(2, 6))
    move = MCTSBot(iterations=12, seed=1).choose(s)
    assert move in s.legal_moves()


# ----- exact analysis --------------------------------------------------------------------------
def test_playout_value_is_each_seats_share_of_the_final_reckoning_now() -> None:
    # TI2003 §9 Final Reckoning: the standing as it would fall now, as shares summing to 1
    s = load_game("treasure_island_2003", players=3).new_initial_state(5)
    assert playout_value(s) == pytest.approx((1 / 3, 1 / 3, 1 / 3))  # nobody holds a card
    bots = [GreedyBot(seed=i) for i in range(3)]
    while sum(standing(s.holdings)) == 0 or len(set(standing(s.holdings))) < 2:
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(bots[s.current_player].choose(s))
    now = standing(s.holdings)
    value = playout_value(s)
    assert sum(value) == pytest.approx(1.0)
    assert value == pytest.approx(tuple(v / sum(now) for v in now))
    assert max(range(3), key=value.__getitem__) == max(range(3), key=now.__getitem__)


def test_mcts_bot_with_short_playouts_scored_by_the_standing() -> None:
    s = small().position({"R": "a7 b7 c7 d7"}, dice=(2, 6))
    calls = []

    def value(state: object) -> tuple[float, ...]:
        calls.append(state)
        return playout_value(state)  # type: ignore[arg-type]

    bot = MCTSBot(iterations=6, seed=1, playout_bot=GreedyBot(seed=2), max_playout_plies=5,
                  evaluate=value, candidates=2)
    assert bot.choose(s) in s.legal_moves()
    assert len(calls) == 6  # every playout stopped after 5 plies, before the end


def test_number_chance_one_number_is_11_in_36() -> None:
    assert number_chance({4}) == Fraction(11, 36)
    assert number_chance(set()) == 0 and number_chance(range(1, 7)) == 1
    for k in range(7):
        numbers = set(range(1, k + 1))
        hits = sum(a in numbers or b in numbers
                   for a, b in itertools.product(range(1, 7), repeat=2))
        assert number_chance(numbers) == Fraction(hits, 36)


def test_next_throw_chance_for_the_treasure_squares_in_reach() -> None:
    s = small().position({"R": "a7 b7 c7 d7"}, dice=(1, 1))
    assert next_throw_chance(s, 0) == number_chance({3, 6})  # Ben Gunn c6, Flint e7
    assert next_throw_chance(s, 0, ["e7"]) == Fraction(11, 36)
    assert next_throw_chance(s, 1) == 0


def test_skirmish_round_chances_by_counting_the_dice() -> None:
    totals = [a + b for a, b in itertools.product(range(1, 7), repeat=2)]
    for players in (2, 3):
        first = none = 0
        for throw in itertools.product(totals, repeat=players):
            best = max(throw)
            if throw.count(best) > 1:
                none += 1
            elif throw[0] == best:
                first += 1
        total = 36**players
        assert skirmish_round(players) == (Fraction(first, total), Fraction(none, total))


def test_skirmish_win_chances_for_two_and_more_players() -> None:
    assert skirmish_chance(2) == (Fraction(1, 2), Fraction(1, 2))
    assert skirmish_chance((2, 0)) == (Fraction(7, 8), Fraction(1, 8))
    assert skirmish_chance((2, 2)) == (Fraction(1, 2), Fraction(1, 2))
    assert skirmish_chance(4) == (Fraction(1, 4),) * 4
    three = skirmish_chance((1, 0, 0))
    assert sum(three) == 1 and three[0] > Fraction(1, 2) and three[1] == three[2]


def test_skirmish_win_chances_agree_with_a_seeded_simulation() -> None:
    rng = random.Random(5)
    wins = [0, 0, 0]
    n = 3000
    for _ in range(n):
        hits = [1, 0, 0]
        players = [0, 1, 2]
        while True:
            seat = rng.choice(players)
            hits[seat] += 1
            if hits[seat] == 3:
                wins[seat] += 1
                break
            scorers = [p for p in players if hits[p]]
            if len(players) > 2 and len(scorers) >= 2:
                players = scorers
    exact = skirmish_chance((1, 0, 0))
    assert all(abs(wins[i] / n - float(exact[i])) < 0.03 for i in range(3))


def test_chest_odds_a_cannon_given_the_cards_seen() -> None:
    s = small().new_initial_state(seed=0)
    odds = chest_odds(s, "flint")
    assert odds.cards == 6 and odds.unseen == 130
    assert odds.any_cannon == 1 - Fraction(comb(109, 6), comb(130, 6))
    assert odds.purple == 1 - Fraction(comb(116, 6), comb(130, 6))
    assert sum(odds.expected.values()) == 6
    later = small().position({"R": "a7"}, fired={"purple-cannon": 10, "gold-cannon": 7})
    fewer = chest_odds(later, "flint")
    assert fewer.gold == 0 and fewer.any_cannon == 1 - Fraction(comb(109, 6), comb(113, 6))
    assert chest_odds(later.view(1), "flint") == fewer  # a seat's view is enough
    with pytest.raises(ValueError, match="not a chest of this board"):
        chest_odds(s, "kidd")  # orange: Large Board only
    opened = small().position({"R": "e7"})
    with pytest.raises(ValueError, match="already open"):
        chest_odds(opened, "flint")


def test_enclosure_frequency_is_a_seeded_per_square_array() -> None:
    a = enclosure_frequency("small", players=2, games=3, seed=1)
    b = enclosure_frequency("small", players=2, games=3, seed=1)
    assert a.shape == (12, 12) and np.array_equal(a, b)
    assert a.min() >= 0 and a.max() <= 1 and a.sum() > 0
    board = small().board
    water = [s for s in range(144) if not board.is_land(s)]
    assert all(a.flat[s] == 0 for s in water)
    g = enclosure_frequency("small", players=3, games=1, seed=2, policy="greedy")
    assert g.shape == (12, 12)
    with pytest.raises(ValueError, match="policy"):
        enclosure_frequency("small", games=1, policy="clever")
