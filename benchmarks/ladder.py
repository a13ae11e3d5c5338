"""Every game's bot ladder: ``python -m benchmarks ladder [--game G] [--jobs N] [--scale X]``.

For each game, ``treasurekit.arena.ladder`` plays a round robin of RandomBot, GreedyBot and
MCTSBot (and SilverBot, in Long John Silver's seat, for Treasure Island 2018) in seeded
2-player games with the seats rotating, then prints each pair's win rates with 95% Wilson
intervals, the Bradley-Terry ratings, and the checks of issue 13 point 4: GreedyBot beats
RandomBot, and MCTSBot beats or ties GreedyBot, with 95% confidence (pairwise score:
wins plus half the ties, per game). The number of games per pair is chosen so that each
game's ladder takes a few minutes on 2 cores (``--scale`` multiplies it).
"""

from __future__ import annotations

import argparse
import datetime
import time
from dataclasses import dataclass

from treasurekit.arena import MCTS_SETTINGS, RoundRobin, ladder

from .harness import machine

GAMES = ("ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island")
TITLES = {
    "ahoy": "Ahoy Treasures!",
    "treasure_island_2003": "Treasure Island (2003)",
    "treasure_island_2018": "Treasure Island (2018)",
    "sjorovaron": "Sjörövarön",
    "skeleton_island": "Skeleton Island",
}
#: Games per pair in the benchmark run (each game's ladder: a few minutes on 2 cores).
GAMES_PER_PAIR = {
    "ahoy": 60,
    "treasure_island_2003": 40,
    "treasure_island_2018": 20,
    "sjorovaron": 40,
    "skeleton_island": 30,
}
SEED = 2026
SECTION = "## Bot ladders (`python -m benchmarks ladder`)"


@dataclass
class Ladder:
    game: str
    result: RoundRobin
    games_per_pair: int
    wall: float
    cpu: float


def run_game(game: str, jobs: int = 2, scale: float = 1.0, progress: bool = True) -> Ladder:
    n = max(2, 2 * round(GAMES_PER_PAIR[game] * scale / 2))
    t0, c0 = time.perf_counter(), time.process_time()
    result = ladder(game, n, seed=SEED, jobs=jobs, progress=progress)
    return Ladder(game, result, n, time.perf_counter() - t0, time.process_time() - c0)


def checks(r: RoundRobin) -> list[str]:
    """Issue 13 point 4, in words, from the pairwise scores."""
    out = []
    for a, b, goal in (("greedy", "random", ("beats",)), ("mcts", "greedy", ("beats", "ties"))):
        rate, (lo, hi) = r.score_rate(a, b)
        verdict = r.verdict(a, b)
        met = "met" if verdict in goal else "NOT met"
        out.append(f"{a} {verdict} {b}: pairwise score {rate:.0%} (95% CI {lo:.0%}-{hi:.0%}); "
                   f"goal '{' or '.join(goal)}': {met}")
    return out


def describe(lad: Ladder) -> str:
    its, heavy, cands = MCTS_SETTINGS[lad.game]
    playouts = "GreedyBot playouts" if heavy else "random playouts"
    root = f", root: GreedyBot's best {cands} moves" if cands else ""
    games = sum(len(g) for g in lad.result.pairs.values())
    lines = [
        f"### {TITLES[lad.game]}",
        "",
        f"MCTSBot: {its} iterations per decision, {playouts}{root}. {lad.games_per_pair} "
        f"games per pair ({games} games, seeds from {SEED}), 2 players, seats rotating"
        + (" (SilverBot always in Silver's seat 0)" if lad.game == "treasure_island_2018"
           else "") + f"; {lad.wall:,.0f} s wall, {lad.cpu:,.0f} s CPU in the main process.",
        "",
        "Rating: Bradley-Terry on the Elo scale (mean 1500). A cell: the row bot's win rate "
        "against the column bot, with its 95% Wilson interval.",
        "",
        lad.result.table(),
        "",
        *(f"- {c}" for c in checks(lad.result)),
    ]
    return "\n".join(lines)


def section(ladders: list[Ladder]) -> str:
    body = "\n\n".join(describe(lad) for lad in ladders)
    return (f"{SECTION}\n\n{body}\n\nMeasured {datetime.date.today().isoformat()} on "
            f"{machine()}.")


def run(games: tuple[str, ...] = GAMES, jobs: int = 2, scale: float = 1.0,
        progress: bool = True) -> str:
    ladders = []
    for game in games:
        lad = run_game(game, jobs, scale, progress)
        print(describe(lad), flush=True)
        ladders.append(lad)
    return section(ladders)


def main(argv: list[str]) -> str:
    parser = argparse.ArgumentParser(prog="python -m benchmarks ladder")
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the games per pair (e.g. 0.25 for a quick look)")
    args = parser.parse_args(argv)
    return run(tuple(args.game or GAMES), args.jobs, args.scale)
