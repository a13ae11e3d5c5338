"""Issue 26: bots with a CPU budget (``time_limit``), the rollout search (RolloutBot) and
its explanation, the levels, and the CPU per move the arena records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import treasurekit
from treasurekit.ahoy import GreedyBot
from treasurekit.arena import ladder, ladder_bots, round_robin
from treasurekit.arena.levels import LEVELS, GreedyFactory, level_bot, levels, strong_factory
from treasurekit.arena.play import ArenaError, play_games
from treasurekit.core import MCTSBot, RandomBot
from treasurekit.core.rollout import RolloutBot
from treasurekit.skeleton_island.bots import playout_value


def _ahoy(seed: int = 3) -> Any:
    """An Ahoy position where the player to move has a choice of at least two moves."""
    state = treasurekit.load_game("ahoy", players=2).new_initial_state(seed)
    bot = RandomBot(seed=2)
    while state.is_chance_node() or len(GreedyBot().explain(state)) < 2:
        state.resolve_chance() if state.is_chance_node() else state.play(bot.choose(state))
    return state


# ----- time_limit ------------------------------------------------------------------------
def test_mcts_with_a_tiny_budget_plays_fewer_simulations_than_with_a_large_one() -> None:
    state = _ahoy()
    tiny = MCTSBot(iterations=None, time_limit=1e-9, seed=1)
    tiny.choose(state)
    large = MCTSBot(iterations=400, time_limit=60.0, seed=1)
    large.choose(state)
    assert tiny.last_simulations == 1  # the budget was spent by the first simulation
    assert large.last_simulations == 400  # the iterations came first
    assert tiny.decisions == large.decisions == 1
    assert 0 < tiny.last_cpu == tiny.cpu and large.cpu > tiny.cpu
    rows = large.explain(state)
    assert sum(int(r.reasons[0].split()[0]) for r in rows) == 400
    assert "of 400 simulations" in rows[0].reasons[0]


def test_rollout_with_a_tiny_budget_plays_fewer_futures_than_with_a_large_one() -> None:
    state = _ahoy()
    tiny = RolloutBot(GreedyBot(seed=1), GreedyBot, time_limit=1e-9, seed=1)
    tiny.choose(state)
    large = RolloutBot(GreedyBot(seed=1), GreedyBot, time_limit=60.0, rounds=30, seed=1)
    large.choose(state)
    candidates = min(3, len(state.legal_moves()))
    assert tiny.last_simulations == 1  # an unfinished round: dropped
    assert large.last_simulations == 30 * candidates
    assert large.cpu > tiny.cpu > 0 and large.decisions == 1


@pytest.mark.parametrize("limit", [0, -1.0, float("inf"), "1", True])
def test_a_bad_time_limit_is_named(limit: Any) -> None:
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        MCTSBot(time_limit=limit)
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        RolloutBot(GreedyBot(), time_limit=limit)


def test_a_search_without_any_bound_is_refused() -> None:
    with pytest.raises(ValueError, match="iterations must be a whole number"):
        MCTSBot(iterations=None)
    with pytest.raises(ValueError, match="give a time_limit or a number of rounds"):
        RolloutBot(GreedyBot(), time_limit=None)


# ----- the rollout search ------------------------------------------------------------------
def test_rollout_keeps_the_prior_choice_unless_the_futures_clearly_say_otherwise() -> None:
    state = _ahoy()
    first = str(GreedyBot(seed=1).explain(state)[0].move)
    # a margin no gain can pass: the prior's first choice (ties in its order drawn alike)
    stiff = RolloutBot(GreedyBot(seed=1), GreedyBot, rounds=6, time_limit=None,
                       margin=1e9, seed=1)
    assert str(stiff.choose(state)) == str(stiff._lines[0].move)
    ranked = [c.score for c in GreedyBot(seed=1).explain(state)]
    if ranked[0] != ranked[1]:
        assert str(stiff._lines[0].move) == first


def test_rollout_plays_every_candidate_in_the_same_futures() -> None:
    """Common random numbers: a round's futures of two candidates start from the same
    determinization and dice, so a move compared with itself gains exactly nothing."""
    state = _ahoy()
    bot = RolloutBot(GreedyBot(seed=1), GreedyBot, rounds=5, time_limit=None, seed=4)
    move = state.legal_moves()[0]
    seed = 12345
    me = state.current_player
    assert bot._future(state, me, move, seed) == bot._future(state, me, move, seed)
    values = [bot._future(state, me, move, s) for s in range(8)]
    assert len(set(values)) > 1  # other seeds, other futures


def test_rollout_stops_futures_and_scores_them_with_evaluate() -> None:
    state = treasurekit.load_game("skeleton_island", players=2).new_initial_state(5)
    while state.is_chance_node():
        state.resolve_chance()
    from treasurekit.skeleton_island import GreedyBot as SkelGreedy

    seen: list[int] = []

    def value(s: Any) -> tuple[float, ...]:
        seen.append(s.ply)
        return playout_value(s)

    bot = RolloutBot(SkelGreedy(seed=1), SkelGreedy, rounds=2, time_limit=None,
                     max_playout_plies=6, evaluate=value, seed=1)
    bot.choose(state)
    assert len(seen) == bot.last_simulations > 0
    assert all(ply <= state.ply + 1 + 6 for ply in seen)


def test_rollout_explains_every_candidate_with_futures_and_prior_reasons() -> None:
    state = _ahoy()
    bot = RolloutBot(GreedyBot(seed=1), GreedyBot, rounds=8, time_limit=None, seed=2)
    rows = bot.explain(state)
    assert len(rows) == min(3, len(GreedyBot().explain(state)))
    legal = {str(m) for m in state.legal_moves()}
    assert {str(r.move) for r in rows} <= legal
    assert [r.score for r in rows] == sorted((r.score for r in rows), reverse=True)
    played = [r for r in rows if r.reasons[0].startswith("played")]
    assert len(played) == 1
    assert all("over 8 sampled futures" in r.reasons[0] for r in rows)
    assert any("the prior bot's first choice" in r.reasons for r in rows)
    assert any(any(x.startswith("prior: ") for x in r.reasons) for r in rows)


def test_rollout_with_one_legal_move_does_not_search() -> None:
    state = treasurekit.load_game("ahoy", players=2).new_initial_state(3)
    state.resolve_chance()
    while len(state.legal_moves()) != 1:
        state.play(RandomBot(seed=1).choose(state))
        while state.is_chance_node():
            state.resolve_chance()
    bot = RolloutBot(GreedyBot(seed=1), GreedyBot, seed=1)
    rows = bot.explain(state)
    assert len(rows) == 1 and bot.last_simulations == 0
    assert rows[0].reasons == ("the only legal move",)


def test_random_bot_explains_that_every_legal_move_is_as_likely() -> None:
    state = _ahoy()
    rows = RandomBot(seed=1).explain(state)
    n = len(state.legal_moves())
    assert [str(r.move) for r in rows] == [str(m) for m in state.legal_moves()]
    assert all(r.score == 1 / n and f"each of the {n} legal moves" in r.reasons[0]
               for r in rows)


# ----- levels ------------------------------------------------------------------------------
def test_every_game_has_three_named_levels_each_saying_how_it_plays() -> None:
    for game in treasurekit.GAMES:
        named = levels(game)
        assert [lv.name for lv in named] == ["Beginner", "Casual", "Strong"]
        assert [lv.key for lv in named] == ["random", "greedy", "strong"]
        assert all(len(lv.how) > 20 and lv.label().startswith(lv.name) for lv in named)
        bots = [lv.factory(7) for lv in named]
        assert all(callable(getattr(b, "explain", None)) for b in bots)  # every level
    assert set(LEVELS) == set(treasurekit.GAMES)
    assert isinstance(level_bot("sjorovaron", "strong", 3), RolloutBot)
    with pytest.raises(ArenaError, match="unknown level 'expert'"):
        level_bot("ahoy", "expert", 1)
    with pytest.raises(ArenaError, match="unknown game"):
        levels("chess")


def test_ti2018_strong_plays_the_cunning_silver_and_a_greedy_pirate() -> None:
    from types import SimpleNamespace

    from treasurekit.treasure_island_2018 import GreedyBot as Pirate
    from treasurekit.treasure_island_2018 import SilverBot

    bot: Any = level_bot("treasure_island_2018", "strong", 4)
    assert isinstance(bot.silver, SilverBot) and bot.silver.policy == "cunning"
    assert isinstance(bot.pirate, Pirate)
    assert bot._bot(SimpleNamespace(current_player=0)) is bot.silver
    assert bot._bot(SimpleNamespace(current_player=2)) is bot.pirate
    # the GreedyBot's own Silver is the truthful one: the two differ in Silver's seat only
    assert Pirate(seed=4).silver.policy == "truthful"


# ----- the arena's CPU per move and resumable runs -------------------------------------------
def test_the_arena_records_each_seats_cpu_and_decisions() -> None:
    rows = play_games("ahoy", {"r": RandomBot, "g": GreedyFactory("ahoy")}, games=2,
                      progress=False)
    for r in rows:
        assert len(r.cpu) == len(r.decisions) == len(r.longest) == 2
        assert all(0 <= x <= c for x, c in zip(r.longest, r.cpu, strict=True))
        assert all(d > 0 for d in r.decisions) and all(c >= 0 for c in r.cpu)
    def search(seed: int) -> RolloutBot:
        return RolloutBot(GreedyBot(seed=seed), GreedyBot, rounds=3, time_limit=None,
                          seed=seed)

    rr = round_robin("ahoy", {"s": search, "g": GreedyFactory("ahoy")}, games_per_pair=2,
                     progress=False)
    strong, greedy = rr.cpu_per_move("s"), rr.cpu_per_move("g")
    assert 0 < greedy < strong <= rr.longest_move("s")
    # the bots' own count of their CPU agrees with the arena's
    games = rr.pairs[("s", "g")]
    assert sum(r.decisions[r.seats.index("s")] for r in games) > 0
    assert "| CPU per move |" in rr.table(cpu=True).splitlines()[0]
    assert "CPU" not in rr.table()  # (it varies from run to run: not in notebooks)


def test_a_resumed_round_robin_plays_only_the_games_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    bots = {"r": RandomBot, "g": GreedyFactory("ahoy")}
    first = round_robin("ahoy", bots, games_per_pair=2, progress=False, resume=path)
    assert len(path.read_text().splitlines()) == 2
    more = round_robin("ahoy", bots, games_per_pair=4, progress=False, resume=path)
    lines = path.read_text().splitlines()
    assert len(lines) == 4  # two games added, the first two read back
    assert more.pairs[("r", "g")][:2] == first.pairs[("r", "g")]
    assert [r.index for r in more.pairs[("r", "g")]] == [0, 1, 2, 3]
    kept = [json.loads(line)["result"]["seed"] for line in lines]
    assert kept == [0, 1, 2, 3]
    # a game kept with other results is read back, not played again
    row = json.loads(lines[0])
    row["result"]["shares"] = [0.5, 0.5]
    path.write_text("\n".join([json.dumps(row), *lines[1:]]) + "\n")
    again = round_robin("ahoy", bots, games_per_pair=4, progress=False, resume=path)
    assert again.pairs[("r", "g")][0].shares == (0.5, 0.5)
    # another bot setting: no game matches, all are played
    other = {"r": RandomBot, "g": GreedyFactory("sjorovaron")}
    with pytest.raises(ArenaError):  # (the arena refuses Sjörövarön's bot in Ahoy)
        round_robin("ahoy", other, games_per_pair=1, progress=False, resume=path)
    path.write_text("not json\n")
    with pytest.raises(ValueError, match="line 1 is not a kept game"):
        round_robin("ahoy", bots, games_per_pair=1, progress=False, resume=path)


def test_the_ladder_has_the_strong_level() -> None:
    bots = ladder_bots("ahoy")
    assert list(bots) == ["random", "greedy", "mcts", "strong"]
    assert bots["strong"] == strong_factory("ahoy")
    assert "time_limit=0.25" in repr(bots["strong"](1))
    assert "silver" in ladder_bots("treasure_island_2018")
    rr = ladder("ahoy", 2, bots=["random", "greedy"], progress=False)
    assert rr.cpu_per_move("greedy") > 0
    # by default every ladder bot but the Strong level (its games take a CPU budget)
    assert ladder("ahoy", 2, iterations=1, progress=False).names == ("random", "greedy",
                                                                       "mcts")
