"""The arena (issue 13): seeded batches of bot games, their intervals, ratings, ladders,
the Dask run, bad input, and every bot's seed."""

from __future__ import annotations

import importlib
import inspect
import math
import pkgutil
from typing import Any

import pytest

import treasurekit
from treasurekit.arena import (
    ArenaError,
    GameResult,
    bradley_terry,
    ladder,
    ladder_bots,
    pairwise_wins,
    play_games,
    round_robin,
    seating,
    summarize,
)
from treasurekit.arena.play import bot_seed
from treasurekit.arena.stats import mean_interval
from treasurekit.core.bots import RandomBot
from treasurekit.core.stats import wilson_interval

GAMES = ("ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island")


def _greedy(game: str) -> Any:
    return importlib.import_module(f"treasurekit.{game}.bots").GreedyBot


def _row(seats: tuple[str, ...], shares: tuple[float, ...],
         scores: tuple[float, ...] | None = None, index: int = 0) -> GameResult:
    return GameResult(index=index, seed=index, seats=seats,
                      scores=scores if scores is not None else shares, shares=shares,
                      plies=1, termination="test")


AHOY_BOTS = {"greedy": lambda seed: _greedy("ahoy")(seed=seed), "random": RandomBot}


# ----- seats, seeds and reproducibility -------------------------------------------
def test_seats_rotate_so_every_bot_sits_everywhere_equally() -> None:
    lineup = ["a", "b", "c"]
    counts = {(s, name): 0 for s in range(3) for name in lineup}
    for i in range(6):
        for s, name in enumerate(seating(lineup, i)):
            counts[s, name] += 1
    assert set(counts.values()) == {2}


def test_a_pinned_bot_keeps_its_seat_while_the_others_rotate() -> None:
    lineup = ["silver", "a", "b", "a"]
    seen = [seating(lineup, i, {"silver": 0}) for i in range(3)]
    assert all(s[0] == "silver" for s in seen)
    assert {s[1:] for s in seen} == {("a", "b", "a"), ("a", "a", "b"), ("b", "a", "a")}


def test_every_game_gets_fresh_bots_seeded_from_the_game_seed() -> None:
    built: list[int] = []

    def factory(seed: int) -> RandomBot:
        built.append(seed)
        return RandomBot(seed=seed)

    rows = play_games("ahoy", {"x": factory, "y": factory}, games=3, seed=10, progress=False)
    assert [r.seed for r in rows] == [10, 11, 12]
    assert built == [bot_seed(g, s) for g in (10, 11, 12) for s in (0, 1)]
    assert len(set(built)) == 6


def test_the_same_seeds_give_the_same_table_whatever_the_number_of_jobs() -> None:
    one = play_games("ahoy", AHOY_BOTS, games=6, seed=3, progress=False)
    two = play_games("ahoy", AHOY_BOTS, games=6, seed=3, jobs=2, progress=False)
    assert one == two
    assert [r.seats for r in one] == [("greedy", "random"), ("random", "greedy")] * 3
    other = play_games("ahoy", AHOY_BOTS, games=6, seed=4, progress=False)
    assert other != one


def test_a_game_result_is_the_engine_outcome_of_replaying_its_seed() -> None:
    row = play_games("ahoy", AHOY_BOTS, games=1, seed=5, progress=False)[0]
    state = treasurekit.load_game("ahoy", players=2).new_initial_state(5)
    bots = [AHOY_BOTS["greedy"](bot_seed(5, 0)), RandomBot(seed=bot_seed(5, 1))]
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    outcome = state.outcome()
    assert outcome is not None
    assert row.shares == outcome.returns() and row.plies == state.ply
    assert row.scores == tuple(float(x) for x in outcome.scores)


def test_several_seats_for_one_bot_and_game_options_are_passed_on() -> None:
    rows = play_games("ahoy", AHOY_BOTS, games=3, lineup=["random", "greedy", "random"],
                      options={"variant": "cunning"}, progress=False)
    assert all(len(r.seats) == 3 and r.seats.count("random") == 2 for r in rows)
    by_name = {s.name: s for s in summarize(rows)}
    assert by_name["random"].trials == 6 and by_name["greedy"].trials == 3


# ----- what a win is, and the intervals --------------------------------------------
def test_a_shared_win_counts_a_share_to_each_winner() -> None:
    rows = [_row(("a", "b"), (0.5, 0.5)), _row(("b", "a"), (1.0, 0.0)),
            _row(("a", "b"), (1.0, 0.0)), _row(("a", "b"), (0.0, 0.0))]
    a, b = summarize(rows)
    assert (a.name, a.wins, a.trials) == ("a", 1.5, 4)
    assert (b.name, b.wins, b.trials) == ("b", 1.5, 4)
    assert a.win_interval == wilson_interval(1.5, 4)


def test_win_rate_interval_is_wilson_and_mean_score_interval_is_normal() -> None:
    rows = [_row(("a", "b"), (1.0, 0.0), (10.0, 4.0)) for _ in range(7)]
    rows += [_row(("a", "b"), (0.0, 1.0), (2.0, 6.0)) for _ in range(3)]
    a, _ = summarize(rows)
    assert a.win_rate == 0.7
    assert a.win_interval == wilson_interval(7, 10)
    lo, hi = a.win_interval
    assert lo < 0.7 < hi and hi - lo < 0.6
    mean = (7 * 10 + 3 * 2) / 10
    sd = math.sqrt((7 * (10 - mean) ** 2 + 3 * (2 - mean) ** 2) / 9)
    assert a.mean_score == pytest.approx(mean)
    assert a.score_interval == pytest.approx((mean - 1.959964 * sd / math.sqrt(10),
                                              mean + 1.959964 * sd / math.sqrt(10)))
    assert mean_interval([3.0]) == (3.0, 3.0, 3.0)


# ----- the rating ------------------------------------------------------------------
def test_bradley_terry_hand_checked_case_strengths_4_2_1() -> None:
    # a beats b 20-10, b beats c 20-10, a beats c 24-6: strengths 4:2:1 satisfy every
    # likelihood equation exactly (a: 30*4/6 + 30*4/5 = 44 wins, b: 10 + 20 = 30, c: 16).
    a, b, c = bradley_terry(["a", "b", "c"], [[0, 20, 24], [10, 0, 20], [6, 10, 0]], prior=0)
    assert a.rating - b.rating == pytest.approx(400 * math.log10(2), abs=1e-6)
    assert b.rating - c.rating == pytest.approx(400 * math.log10(2), abs=1e-6)
    assert (a.rating + b.rating + c.rating) / 3 == pytest.approx(1500)
    assert a.interval[0] < a.rating < a.interval[1]


def test_bradley_terry_prior_adds_one_virtual_draw_per_pair() -> None:
    # 4-0 plus a virtual draw is 4.5 to 0.5: odds 9, 400*log10(9) = 381.7 points apart.
    a, b = bradley_terry(["a", "b"], [[0, 4], [0, 0]])
    assert a.rating - b.rating == pytest.approx(400 * math.log10(9), abs=1e-6)
    a3, b3 = bradley_terry(["a", "b"], [[0, 3], [1, 0]], prior=0)
    assert a3.rating - b3.rating == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_bradley_terry_refuses_an_infinite_rating_and_bad_matrices() -> None:
    with pytest.raises(ArenaError, match="rating would be infinite"):
        bradley_terry(["a", "b"], [[0, 4], [0, 0]], prior=0)
    with pytest.raises(ArenaError, match="never played each other"):
        bradley_terry(["a", "b", "c", "d"],
                      [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]], prior=0)
    with pytest.raises(ArenaError, match="3 x 3"):
        bradley_terry(["a", "b", "c"], [[0, 1], [1, 0]])
    with pytest.raises(ArenaError, match="not negative"):
        bradley_terry(["a", "b"], [[0, -1], [1, 0]])
    with pytest.raises(ArenaError, match="at least two"):
        bradley_terry(["a"], [[0]])


def test_pairwise_wins_from_a_multiplayer_game() -> None:
    names, w = pairwise_wins([_row(("a", "b", "c", "a"), (0.0, 1.0, 0.0, 0.0))])
    assert names == ["a", "b", "c"]
    # b beat both a seats and c; the two a seats tie with c; a's seats are not compared.
    assert w.tolist() == [[0, 0, 1.0], [2, 0, 1], [1.0, 0, 0]]


# ----- round robins and ladders -----------------------------------------------------
def test_round_robin_head_to_head_adds_up_and_ratings_follow_the_results() -> None:
    bots = {"a": RandomBot, "greedy": AHOY_BOTS["greedy"], "b": RandomBot}
    rr = round_robin("ahoy", bots, games_per_pair=4, seed=1, progress=False)
    assert set(rr.pairs) == {("a", "greedy"), ("a", "b"), ("greedy", "b")}
    assert {r.seed for r in rr.results} == set(range(1, 13))
    for x, y in rr.pairs:
        assert rr.head_to_head(x, y).trials == 4
        both = rr.head_to_head(x, y).wins + rr.head_to_head(y, x).wins
        assert both <= 4
    names, w = pairwise_wins(rr.results, rr.names)
    assert [r.rating for r in rr.ratings] == [r.rating for r in bradley_terry(names, w)]
    assert "| greedy |" in rr.table()
    with pytest.raises(ArenaError, match="did not play"):
        rr.head_to_head("a", "nobody")


def test_ladder_pins_silver_to_seat_0_in_treasure_island_2018() -> None:
    assert set(ladder_bots("treasure_island_2018")) == {"random", "greedy", "mcts", "strong",
                                                        "silver"}
    rr = ladder("treasure_island_2018", 2, bots=["random", "silver"], progress=False)
    assert [r.seats for r in rr.results] == [("silver", "random")] * 2


# ----- Dask -----------------------------------------------------------------------------
def test_a_dask_cluster_run_equals_the_joblib_run() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = play_games("ahoy", AHOY_BOTS, games=4, seed=8, client=client,
                             progress=False)
        rr_dask = ladder("ahoy", 2, bots=["random", "greedy"], client=client, progress=False)
    assert on_dask == play_games("ahoy", AHOY_BOTS, games=4, seed=8, progress=False)
    assert rr_dask.results == ladder("ahoy", 2, bots=["random", "greedy"],
                                     progress=False).results


# ----- bad input -------------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"lineup": ["greedy", "nobody"]}, "unknown bot 'nobody'"),
    ({"lineup": ["greedy"]}, "cannot seat the lineup"),
    ({"lineup": ["greedy"] * 5}, "cannot seat the lineup"),
    ({"options": {"players": 3}}, "players=3 does not match"),
    ({"options": {"variant": "sneaky"}}, "variant"),
    ({"games": 0}, "games must be"),
    ({"seed": -1}, "seed must be"),
    ({"jobs": 0}, "jobs must be"),
    ({"pinned": {"random": 0}}, "pinned bot 'random' must sit"),
    ({"pinned": {"silver": 0}}, "unknown pinned bot 'silver'"),
    ({"bots": {}}, "at least one bot"),
])
def test_bad_input_is_refused_with_a_clear_error(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game": "ahoy", "bots": AHOY_BOTS, "games": 1, "progress": False}
    args.update(kwargs)
    with pytest.raises(ArenaError, match=message):
        play_games(**args)
    assert issubclass(ArenaError, ValueError)


@pytest.mark.parametrize("game", GAMES)
def test_another_games_bot_is_refused_by_name(game: str) -> None:
    other = "skeleton_island" if game != "skeleton_island" else "ahoy"
    bots = {"stranger": lambda seed: _greedy(other)(seed=seed), "random": RandomBot}
    lineup = ["stranger", "random"]  # every game seats two
    with pytest.raises(ArenaError, match=rf"bot 'stranger' is {other}'s GreedyBot .* "
                                         rf"cannot play {game}"):
        play_games(game, bots, lineup=lineup, games=1, progress=False)
    bots["stranger"] = lambda seed: _greedy(game)(seed=seed)  # its own game's bot plays
    assert play_games(game, bots, lineup=lineup, games=1, progress=False)[0].plies > 0


def test_a_factory_that_gives_no_bot_is_refused_by_name() -> None:
    with pytest.raises(ArenaError, match="bot 'dud': its factory returned 'greedy', not a bot"):
        play_games("ahoy", {"dud": lambda seed: "greedy", "random": RandomBot},
                   lineup=["dud", "random"], games=1, progress=False)


def test_round_robin_and_ladder_bad_input() -> None:
    with pytest.raises(ArenaError, match="at least two bots"):
        round_robin("ahoy", {"a": RandomBot}, progress=False)
    with pytest.raises(ArenaError, match="unknown ladder bot 'silver'"):
        ladder("ahoy", 2, bots=["random", "silver"], progress=False)
    with pytest.raises(ArenaError, match="iterations"):
        ladder_bots("ahoy", iterations=0)
    with pytest.raises(ArenaError, match="unknown game"):
        ladder_bots("go")
    with pytest.raises(ArenaError, match="games_per_pair must give a whole number"):
        ladder("ahoy", 0, progress=False)
    with pytest.raises(ArenaError, match=r"games_per_pair must give .* 'a', 'b', not 0"):
        round_robin("ahoy", {"a": RandomBot, "b": RandomBot}, games_per_pair={("a", "b"): 0},
                    progress=False)


def test_an_illegal_move_from_a_bot_stops_the_batch_with_its_seed() -> None:
    class Cheat:
        def __init__(self, seed: int) -> None:
            self.seed = seed

        def choose(self, state: Any) -> str:
            return "move start 5"

    with pytest.raises(ArenaError, match="illegal move move start 5 at ply"):
        play_games("ahoy", {"cheat": Cheat, "random": RandomBot}, games=1, progress=False)


# ----- every bot takes a seed (issue 13 point 6) -----------------------------------------
def _bot_classes() -> list[type]:
    out: list[type] = []
    modules = ["treasurekit.core.bots"]
    for g in GAMES:  # every game's bots.py and any other bot module (TI2018's silver_bot.py)
        package = importlib.import_module(f"treasurekit.{g}")
        modules += [f"treasurekit.{g}.{m.name}" for m in pkgutil.iter_modules(package.__path__)
                    if m.name == "bots" or m.name.endswith("_bot")]
    for module in modules:
        mod = importlib.import_module(module)
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if cls.__module__ == mod.__name__ and callable(getattr(cls, "choose", None)) \
                    and not getattr(cls, "_is_protocol", False):
                out.append(cls)
    return out


def test_every_bot_class_takes_a_seed() -> None:
    classes = _bot_classes()
    assert {c.__name__ for c in classes} >= {"RandomBot", "MCTSBot", "GreedyBot", "SilverBot"}
    assert len([c for c in classes if c.__name__ == "GreedyBot"]) == len(GAMES)
    for cls in classes:
        assert "seed" in inspect.signature(cls).parameters, cls
        assert cls(seed=5).seed == 5


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_choices_and_greedy_explains(game: str) -> None:
    greedy = _greedy(game)
    state = treasurekit.load_game(game).new_initial_state(2)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.resolve_chance()
            continue
        if len(state.legal_moves()) > 1:
            break
        state.play(state.legal_moves()[0])
    if not state.is_terminal():
        for make in (RandomBot, greedy):
            assert str(make(seed=3).choose(state.copy())) == str(make(seed=3).choose(state.copy()))
        rows = greedy(seed=1).explain(state)
        if state.current_player != 0 or game != "treasure_island_2018":
            assert rows and all(r.reasons for r in rows[:1])


def test_round_robin_games_per_pair_can_differ_by_pair() -> None:
    bots = {"a": RandomBot, "b": RandomBot, "c": RandomBot}
    rr = round_robin("ahoy", bots, games_per_pair={("a", "b"): 2, ("c", "a"): 4, ("b", "c"): 1},
                     seed=5, progress=False)
    assert {k: len(v) for k, v in rr.pairs.items()} == {("a", "b"): 2, ("a", "c"): 4,
                                                        ("b", "c"): 1}
    assert sorted(r.seed for r in rr.results) == list(range(5, 12))
    with pytest.raises(ArenaError, match="no number of games for the pair 'b', 'c'"):
        round_robin("ahoy", bots, games_per_pair={("a", "b"): 2, ("a", "c"): 2},
                    progress=False)
    lad = ladder("ahoy", 4, bots=["random", "greedy", "mcts"], iterations=1,
                 mcts_games_per_pair=2, progress=False)
    assert {k: len(v) for k, v in lad.pairs.items()} == {
        ("random", "greedy"): 4, ("random", "mcts"): 2, ("greedy", "mcts"): 2}
    rate, (lo, hi) = lad.score_rate("greedy", "random")
    assert lo <= rate <= hi and lad.verdict("greedy", "random") in ("beats", "ties", "loses to")


def test_ladder_pair_games_sets_the_games_of_named_pairs() -> None:
    lad = ladder("ahoy", 2, bots=["random", "greedy", "mcts"], iterations=1,
                 mcts_games_per_pair=2, pair_games={("mcts", "greedy"): 4}, progress=False)
    assert {k: len(v) for k, v in lad.pairs.items()} == {
        ("random", "greedy"): 2, ("random", "mcts"): 2, ("greedy", "mcts"): 4}
    with pytest.raises(ArenaError, match="pair_games names the pair 'mcts', 'silver'"):
        ladder("ahoy", 2, bots=["random", "mcts"], pair_games={("mcts", "silver"): 4},
               progress=False)


def test_round_robin_pair_seeds_deal_the_very_games_of_that_pair_alone(tmp_path: Any) -> None:
    greedy = AHOY_BOTS["greedy"]
    alone = round_robin("ahoy", {"greedy": greedy, "random": RandomBot}, games_per_pair=4,
                        seed=40, progress=False)
    bots = {"random": RandomBot, "b": RandomBot, "greedy": greedy}
    rr = round_robin("ahoy", bots, games_per_pair=4, seed=1, progress=False,
                     pair_seeds={("greedy", "random"): 40})
    shared = rr.pairs[("random", "greedy")]
    assert [(r.seed, r.seats, r.scores) for r in shared] == [
        (r.seed, r.seats, r.scores) for r in alone.results]
    # the other pairs keep the seeds they have without ``pair_seeds``
    plain = round_robin("ahoy", bots, games_per_pair=4, seed=1, progress=False)
    for pair in (("random", "b"), ("b", "greedy")):
        assert [r.seed for r in rr.pairs[pair]] == [r.seed for r in plain.pairs[pair]]
    with pytest.raises(ArenaError, match="pair_seeds names the pair 'greedy', 'x'"):
        round_robin("ahoy", bots, games_per_pair=2, progress=False,
                    pair_seeds={("greedy", "x"): 3})
