"""Bots (SilverBot with a truthful and a deceptive policy, the pirates' GreedyBot) and the
analysis helpers of Treasure Island (2018)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import treasurekit.treasure_island_2018 as ti
from treasurekit.treasure_island_2018.analysis import (
    feasible_history,
    hint_shrinkage,
    treasure_rank,
)
from treasurekit.treasure_island_2018.bots import GreedyBot, SilverBot, escape_distances
from treasurekit.treasure_island_2018.flow import Phase
from treasurekit.treasure_island_2018.hints import truthful
from treasurekit.treasure_island_2018.studies import bot_match

T = (10.0, 13.0)


def hint_state(**kw: object) -> ti.TIState:
    return ti.TIGame(players=4).position(
        T, day=7, phase="hint", hand=["vast", "close", "miles"], bluff=1,
        positions={"red": (6.0, 10.6)}, hints=[("altitude", ["volcano"], "truth")],
        **kw)  # type: ignore[arg-type]


# ----- SilverBot -----------------------------------------------------------------------------
def test_silver_bot_buries_far_from_the_starting_locations() -> None:
    s = ti.TIGame().new_initial_state(0)
    move = SilverBot(seed=3).choose(s)
    assert isinstance(move, ti.Bury) and s.why_illegal(move) is None
    assert all(((move.x - x) ** 2 + (move.y - y) ** 2) ** 0.5 >= 5
               for x, y in s.map.starts.values())


def test_truthful_silver_plays_the_least_informative_true_hint() -> None:
    s = hint_state()
    bot = SilverBot(seed=0, policy="truthful")
    ranked = bot.explain(s)
    best = ranked[0].move
    assert isinstance(best, ti.PlayHint) and best.token == "truth"
    assert truthful(best.kind, best.args, s.situation(), s.map, T)
    assert ranked[0].reasons and "suspect" in ranked[0].reasons[0]


def test_deceptive_silver_spends_a_bluff_on_a_lie() -> None:
    s = hint_state()
    move = SilverBot(seed=0, policy="deceptive").choose(s)
    assert isinstance(move, ti.PlayHint) and move.token == "bluff"
    assert not truthful(move.kind, move.args, s.situation(), s.map, T)


def test_silver_bot_policy_is_checked() -> None:
    with pytest.raises(ValueError, match="policy"):
        SilverBot(policy="sneaky")


def test_silver_bot_gives_the_least_telling_compass_hint() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(3, 4, 5))
    s.play("compass red")
    move = SilverBot().choose(s)
    assert isinstance(move, ti.Card) and s.why_illegal(move) is None


def test_silver_bot_pays_for_a_chest_hint_with_an_item_token() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, day=10, phase="actions",
                             hand=["decoy", "vast", "close"])
    s.play("search small red 9,9.5")
    move = SilverBot(policy="truthful").choose(s)
    assert isinstance(move, ti.Answer) and move.token in ("move7", "action", "search")


def test_silver_bot_escapes_along_the_free_path() -> None:
    s = ti.TIGame().position(T, positions={"silver": (25.0, 17.0)}, phase="escape",
                             escape_round=1)
    field = escape_distances(s.map, T)
    bot = SilverBot()
    for _ in range(40):
        if s.is_terminal():
            break
        if s.current_player == 0:
            before = field(s.position_of("silver"))  # type: ignore[arg-type]
            s.play(bot.choose(s))
            if not s.is_terminal():
                assert field(s.position_of("silver")) < before  # type: ignore[arg-type]
        else:
            s.play("done")
    assert s.is_terminal() and s.outcome().winners == (0,)  # type: ignore[union-attr]


# ----- GreedyBot ------------------------------------------------------------------------------
def test_greedy_bot_searches_where_the_map_has_the_most_mass() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.2)},
                             hints=[("close", ["red"], "truth"), ("bearings", ["red:n"], "truth")])
    bot = GreedyBot(seed=0)
    ranked = bot.explain(s)
    assert ranked == sorted(ranked, key=lambda c: -c.score)
    best = ranked[0]
    assert isinstance(best.move, (ti.Search, ti.Remote)) and "probability" in best.reasons[0]
    assert s.why_illegal(best.move) is None


def test_greedy_bot_plays_silver_through_a_silver_bot() -> None:
    s = hint_state()
    move = GreedyBot(seed=1).choose(s)
    assert isinstance(move, ti.PlayHint) and move.token == "truth"


def test_greedy_bot_chooses_a_far_tower_for_the_prison() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)}, day=8,
                             hints=[("vast", ["red"], "truth")])
    s = s.game.state_at(dataclasses.replace(s.position, phase=Phase.PRISON))
    move = GreedyBot().choose(s)
    assert isinstance(move, ti.Prison)
    ranked = GreedyBot().explain(s)
    assert ranked[0].score >= ranked[-1].score


def test_bots_play_a_whole_game_to_a_win() -> None:
    est = bot_match(games=1, seed=2, players=4)
    assert est.trials == 1 and est.successes in (0, 1)


# ----- analysis ------------------------------------------------------------------------------
def test_hint_shrinkage_measures_every_hint_type() -> None:
    rows = hint_shrinkage(situations=3, seed=2)
    assert "parrot" not in rows and len(rows) == 17
    for r in rows.values():
        assert 0.0 <= r.low <= r.mean <= r.high <= 1.0 and r.n >= 1
    assert "%" in str(rows["distance"])


def test_feasible_history_only_narrows() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)},
                             searches=[((20.0, 15.0), 2.0)],
                             hints=[("vast", ["red"], "truth"), ("close", ["red"], "truth")])
    rows = feasible_history(s, 1)
    shares = [r[2] for r in rows]
    assert shares[0] == 1.0 and all(b <= a + 1e-12 for a, b in itertools.pairwise(shares))
    assert len(rows) == 1 + 2 + 1 + 1  # start, two hints, the district hint, the search


def test_treasure_rank_on_the_probability_map() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)},
                             hints=[("vast", ["red"], "truth")])
    rank, mass = treasure_rank(s, 1)
    assert rank >= 1 and 0 < mass <= 1
