"""The CI soak (issue 15): at least 100 seeded games of every game, spread over its
option sets, with mixed bots and the engine contract checked at every ply
(``benchmarks/soak.py``; ``make soak`` plays 1,000 per game and option set)."""

from __future__ import annotations

import math

import pytest

import treasurekit
from benchmarks.soak import (
    ContractError,
    Tally,
    option_sets,
    play_chunk,
    play_one,
    report,
    soak,
    soaked_games,
)
from treasurekit.treasure_island_2018.bots import GreedyBot, SilverBot

GAMES_PER_GAME = 100


def test_soak_plays_every_registered_game_a_new_one_with_its_defaults(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert sorted(soaked_games()) == sorted(treasurekit.GAMES)
    monkeypatch.setitem(treasurekit.GAMES._modules, "sixth_game", "treasurekit.sixth_game")
    assert soaked_games()[-1] == "sixth_game"
    assert option_sets("sixth_game") == [{}]


# the largest share (Sjörövarön) took 400 s before the soak read the history uncopied
@pytest.mark.timeout(1200)
@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_soak_plays_every_game_without_an_exception(name: str) -> None:
    per_set = math.ceil(GAMES_PER_GAME / len(option_sets(name)))
    results = soak(per_set, jobs=2, names=[name], progress=False)
    games = sum(t.games for t in results.values())
    assert games >= GAMES_PER_GAME
    assert all(t.plies > t.games for t in results.values())
    failures = [f for t in results.values() for f in t.failures]
    assert not failures, report(results)


def test_soak_reports_an_exception_with_seed_and_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken contract is caught, counted and reported with what reproduces it."""
    import treasurekit.core.game as core

    def broken(self: object) -> list[object]:
        raise ContractError("no move today")

    monkeypatch.setattr(core.State, "legal_moves", broken)
    tally: Tally = play_chunk("ahoy", {"players": 3}, [7])
    assert tally.games == 1 and len(tally.failures) == 1
    failure = tally.failures[0]
    assert (failure.game, failure.options, failure.seed) == ("ahoy", {"players": 3}, 7)
    assert "no move today" in failure.error
    assert '"seed": 7' in failure.record
    text = report({"ahoy": tally})
    assert "1 exceptions" in text and "seed=7" in text


def test_soak_replays_the_ti2018_right_under_your_nose_crash() -> None:
    """Issue 15: 4 players, SilverBot against GreedyBots, seed 9 crashed with a GEOS
    TopologyException in RIGHT UNDER YOUR NOSE; it now plays to the end, contract kept."""
    state = treasurekit.load_game("treasure_island_2018", players=4).new_initial_state(9)
    plies = play_one(state, [SilverBot(9), GreedyBot(10), GreedyBot(11), GreedyBot(12)])
    assert state.is_terminal() and plies == state.ply > 40
