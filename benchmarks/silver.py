"""Is Long John Silver a real opponent? ``python -m benchmarks silver`` (also part of
``make bench``).

Plays ``GAMES`` seeded 4-player Treasure Island (2018) games with default options:
:class:`SilverBot` in seat 0 against three :class:`GreedyBot` pirates (seats 1-3), game
``k`` with seed ``k``, SilverBot(seed=k) and GreedyBot(seed=k + seat). The games run in
parallel with joblib (``JOBS`` processes; the machine is shared) behind a tqdm bar, and
every figure follows from the seeds: the same run gives the same table on any machine.

It prints Silver's win rate with its 95% Wilson interval (``treasurekit.core.stats``) and
how long the games lasted in days of June: median and quartiles, how many reached the
escape (19 June with 4-5 players; an escape round counts as one more day) and how the
games ended. Goal (issue 13 point 5): Silver wins 25-50% and the median game lasts past
the second Black Spot Hint day (12 June).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from joblib import Parallel, delayed  # type: ignore[import-untyped]
from tqdm import tqdm

import treasurekit
from treasurekit.core.stats import wilson_interval
from treasurekit.treasure_island_2018 import GreedyBot, SilverBot

GAME = "treasure_island_2018"
GAMES = int(os.environ.get("SILVER_GAMES", "200"))
JOBS = int(os.environ.get("SILVER_JOBS", "2"))
#: SILVER_LOG=1 prints every game's result as it comes (above the progress bar).
LOG = os.environ.get("SILVER_LOG", "") not in ("", "0")
#: SILVER_RESUME=path keeps every finished game in that file (one JSON line per game) and,
#: run again, plays only the seeds not in it: a run stopped part-way is finished later
#: with exactly ``GAMES`` games. Resume only with the same code (the file is not checked
#: against it).
RESUME = os.environ.get("SILVER_RESUME", "")
PLAYERS = 4
GOAL = (0.25, 0.50)
SECOND_BLACK_SPOT_HINT_DAY = 12


@dataclass(frozen=True)
class GameResult:
    """One finished game: its seed, winner seat, calendar day, escape round (0 if the
    escape never came), plies and how it ended."""

    seed: int
    winner: int
    day: int
    escape_round: int
    plies: int
    end: str

    @property
    def days(self) -> int:
        """The game's length in days of June: an escape round counts as one more day."""
        return self.day + max(0, self.escape_round - 1)


def play(seed: int, players: int = PLAYERS) -> GameResult:
    """One seeded game of SilverBot (seat 0) against GreedyBots, to the end."""
    game = treasurekit.load_game(GAME, players=players)
    state: Any = game.new_initial_state(seed)
    bots: dict[int, Any] = {0: SilverBot(seed)}
    bots.update({p: GreedyBot(seed + p) for p in range(1, players)})
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(seed, outcome.winners[0], state.day, state.escape_round, state.ply,
                      outcome.termination)


def _kept(path: str, seeds: range) -> dict[int, GameResult]:
    """The games of ``seeds`` already in the resume file ``path`` (none without one)."""
    if not path or not os.path.exists(path):
        return {}
    kept = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                r = GameResult(**json.loads(line))
                if r.seed in seeds:
                    kept[r.seed] = r
    return kept


def run_games(seeds: range, jobs: int = JOBS, resume: str = RESUME) -> list[GameResult]:
    """Every seed's game, in parallel (joblib) with a tqdm progress bar; with ``resume``
    (a file path), the games already kept there are read, not played, and each new game is
    appended to it. The result is in seed order."""
    kept = _kept(resume, seeds)
    todo = [s for s in seeds if s not in kept]
    tasks = (delayed(play)(s) for s in todo)
    par = Parallel(n_jobs=jobs, return_as="generator")
    out = list(kept.values())
    for r in tqdm(par(tasks), total=len(todo), desc="Silver vs 3 GreedyBots", unit="game"):
        out.append(r)
        if resume:
            with open(resume, "a") as f:
                f.write(json.dumps(asdict(r)) + "\n")
        if LOG:
            wins = sum(1 for x in out if x.winner == 0)
            tqdm.write(f"seed {r.seed}: winner p{r.winner}, {r.days} days, escape round "
                       f"{r.escape_round}, {r.end} (Silver {wins}/{len(out)})")
    return sorted(out, key=lambda r: r.seed)


def section(results: list[GameResult], seconds: float, jobs: int) -> str:
    """The results.md section: win rate, interval and the game-length distribution."""
    n = len(results)
    wins = sum(1 for r in results if r.winner == 0)
    lo, hi = wilson_interval(wins, n)
    days = sorted(r.days for r in results)
    q1, med, q3 = statistics.quantiles(days, n=4, method="inclusive") if n > 1 else \
        (days[0],) * 3
    escaped = sum(1 for r in results if r.escape_round > 0)
    past = sum(1 for r in results if r.days > SECOND_BLACK_SPOT_HINT_DAY)
    ends = Counter(r.end for r in results)
    by_day = Counter(days)
    met = "met" if GOAL[0] <= wins / n <= GOAL[1] else "not met"
    long_ok = "met" if med > SECOND_BLACK_SPOT_HINT_DAY else "not met"
    lines = [
        "## Long John Silver against three GreedyBots (`python -m benchmarks silver`)",
        "",
        f"{n} seeded 4-player games (seeds 0-{n - 1}, default options), SilverBot in seat 0, "
        f"GreedyBot in seats 1-3; {jobs} processes, {seconds:.0f} s wall clock.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| Silver's wins | {wins} of {n}: {wins / n:.1%} (95% Wilson interval "
        f"{lo:.1%}-{hi:.1%}); goal 25-50%: {met} |",
        f"| game length, days of June (an escape round is one more day) | median {med:g}, "
        f"quartiles {q1:g}-{q3:g}, shortest {days[0]}, longest {days[-1]}; goal median past "
        f"{SECOND_BLACK_SPOT_HINT_DAY} June: {long_ok} |",
        f"| games lasting past the second Black Spot Hint day ({SECOND_BLACK_SPOT_HINT_DAY} "
        f"June) | {past} of {n}: {past / n:.1%} |",
        f"| games that reached the escape | {escaped} of {n} |",
        f"| mean plies per game | {statistics.fmean(r.plies for r in results):.0f} |",
        "",
        "| how the game ended | games |",
        "|---|---|",
        *(f"| {end} | {k} |" for end, k in ends.most_common()),
        "",
        "| last day | games |",
        "|---|---|",
        *(f"| {d} | {by_day[d]} |" for d in sorted(by_day)),
    ]
    return "\n".join(lines)


def run(games: int = GAMES, jobs: int = JOBS) -> str:
    t0 = time.perf_counter()
    results = run_games(range(games), jobs)
    return section(results, time.perf_counter() - t0, jobs)


if __name__ == "__main__":
    print(run())
