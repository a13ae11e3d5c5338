"""The Strong level against GreedyBot, resumable: ``python -m benchmarks strong [--game G]
[--games N] [--jobs N]``.

Issue 26 point 1: in every game the Strong level (:mod:`treasurekit.arena.levels`) beats
GreedyBot (the Casual level) with the lower bound of the 95% Wilson interval of its
pairwise score above 50%, over at least 40 two-player games with the seats rotating, at
no more than 0.5 s of CPU per move. Game ``i`` is dealt with seed ``SEED + i`` and the
seats rotate (``treasurekit.arena.round_robin`` of the two bots).

Every finished game is appended to ``benchmarks/strong-games.jsonl`` (the arena's resume
file, :mod:`treasurekit.arena.resume`): a run stopped part-way plays only the missing
games when run again, and a run with more ``--games`` adds games to those kept (a later
session can add games). Games of a changed Strong setting do not match and are played
afresh. The Strong level searches for a CPU time, not a number of simulations, so a game
replayed on a faster or busier machine may differ; the figures are those of the games
kept.

The section "The Strong level against GreedyBot" of results.md gets one row per game
run (the other games' rows are kept).
"""

from __future__ import annotations

import argparse
import datetime
import time
from pathlib import Path

from treasurekit.arena import round_robin
from treasurekit.arena.levels import GreedyFactory, strong_factory

from .harness import machine
from .ladder import CPU_BUDGET, GAMES, SEED, STRONG_GAMES, TITLES, strong, strong_games

RESUME = Path(__file__).with_name("strong-games.jsonl")
SECTION = "## The Strong level against GreedyBot (`python -m benchmarks strong`)"
HEAD = ("| game | Strong level | games | Strong's pairwise score (95% CI) | verdict | "
        "CPU per move: Strong / Greedy | Strong's longest move | goal |")


def row(game: str, games: int, jobs: int = 1, resume: Path | None = RESUME,
        progress: bool = True) -> str:
    """Play (or read back) ``games`` games of ``game``; one markdown row of the table."""
    rr = round_robin(game, {"strong": strong_factory(game), "greedy": GreedyFactory(game)},
                     games_per_pair=games, seed=SEED, jobs=jobs, progress=progress,
                     resume=resume)
    rate, (lo, hi) = rr.score_rate("strong", "greedy")
    per, greedy = rr.cpu_per_move("strong"), rr.cpu_per_move("greedy")
    longest = rr.longest_move("strong")
    met = lo > 0.5 and per <= CPU_BUDGET and games >= STRONG_GAMES
    why = "met" if met else "NOT met" + (f" (fewer than {STRONG_GAMES} games)"
                                         if games < STRONG_GAMES else "")
    return (f"| {TITLES[game]} | {strong(game)} | {games} | {rate:.0%} ({lo:.0%}-{hi:.0%}) | "
            f"{rr.verdict('strong', 'greedy')} | {per:.2f} s / {greedy * 1000:.2g} ms | "
            f"{f'{longest:.2f} s' if longest else 'not recorded'} | {why} |")


def section(rows: dict[str, str], old: str = "") -> str:
    """The results.md section; rows of games not run now are kept from ``old``."""
    kept = dict(rows)
    start = old.find(SECTION)
    if start >= 0:
        end = old.find("\n## ", start + len(SECTION))
        for line in old[start:None if end < 0 else end].splitlines():
            title = line.split("|")[1].strip() if line.startswith("| ") else ""
            game = next((g for g, t in TITLES.items() if t == title), None)
            if game is not None and game not in kept:
                kept[game] = line
    body = "\n".join(kept[g] for g in GAMES if g in kept)
    return (f"{SECTION}\n\n2 players, seats rotating, seeds from {SEED}; the pairwise score is "
            "wins plus half the tied games, with its 95% Wilson interval; goal (issue 26.1): "
            f"the interval's lower bound above 50% over at least {STRONG_GAMES} games, at no "
            f"more than {CPU_BUDGET:g} s of CPU per move (the mean; the longest move is "
            "shown too). The games are kept in "
            "`benchmarks/strong-games.jsonl` (run again with more `--games` to add games).\n\n"
            f"{HEAD}\n|---|---|---|---|---|---|---|---|\n{body}\n\n"
            f"Measured {datetime.date.today().isoformat()} on {machine()}.")


#: Beginner's and Casual's ladder ratings and Casual's pairwise score against Beginner
#: (the ladder run finished 2026-12-04, benchmarks/results.md "Bot ladders").
LADDER = {"ahoy": (1333, 1424, "85% (64-95%)", 20),
          "treasure_island_2003": (1151, 1575, "95% (76-99%)", 20),
          "treasure_island_2018": (1242, 1455, "100% (68-100%)", 8),
          "sjorovaron": (1131, 1605, "97% (76-100%)", 16),
          "skeleton_island": (1055, 1552, "100% (84-100%)", 20)}
#: The README's and the teacher's guide's levels table sits between these lines.
DOCS = ("README.md", "docs/teaching.md")
MARKS = ("<!-- levels table: python -m benchmarks strong --docs -->", "<!-- /levels table -->")


def levels_table(resume: Path = RESUME) -> str:
    """The levels table of the docs, from the kept games: per game the three levels'
    ratings (Strong: Casual's plus the Elo difference of its score against Casual), Casual
    against Beginner, Strong against Casual with its interval, Strong's CPU per move."""
    import json
    import math
    from collections import defaultdict

    from treasurekit.arena.play import GameResult
    from treasurekit.arena.rating import pairwise_wins
    from treasurekit.arena.resume import kept_games
    from treasurekit.core.stats import wilson_interval

    games: dict[str, list[GameResult]] = defaultdict(list)
    for key, fields in kept_games(resume).items():
        games[json.loads(key)["game"]].append(GameResult(**fields))
    rows = []
    for game in GAMES:
        rnd, casual, below, n0 = LADDER[game]
        found = games.get(game, [])
        strong, rating, per, goal = "not run yet", "-", "-", "not run"
        if found:
            _, w = pairwise_wins(found, ["strong", "greedy"])
            n = round(float(w[0, 1] + w[1, 0]))
            p = float(w[0, 1]) / n
            lo, hi = wilson_interval(float(w[0, 1]), n)
            verdict = "beats" if lo > 0.5 else "loses to" if hi < 0.5 else "ties"
            cpu = sum(r.cpu[r.seats.index("strong")] for r in found if r.cpu)
            moves = sum(r.decisions[r.seats.index("strong")] for r in found if r.decisions)
            strong = f"{p:.0%} ({lo:.0%}-{hi:.0%}) over {n}: {verdict}"
            rating = f"{casual + 400 * math.log10(p / (1 - p)):.0f}" if 0 < p < 1 else "-"
            per = f"{cpu / moves:.2f} s" if moves else "-"
            goal = ("**met**" if lo > 0.5 and n >= STRONG_GAMES and cpu / moves <= CPU_BUDGET
                    else f"not yet: {n} of {STRONG_GAMES} games" if n < STRONG_GAMES
                    else "not met")
        rows.append(f"| {TITLES[game]} | {rnd} / {casual} / {rating} | {below} over {n0} | "
                    f"{strong} | {per} | {goal} |")
    return "\n".join([
        "| game | rating: Beginner / Casual / Strong | Casual against Beginner | Strong "
        "against Casual | Strong's CPU per move | goal (40 games, lower bound above 50%) |",
        "|---|---|---|---|---|---|", *rows])


ROOT = Path(__file__).resolve().parents[1]


def write_docs(root: Path = ROOT) -> None:
    """Replace the levels table between :data:`MARKS` in each of :data:`DOCS`."""
    table = levels_table()
    for doc in DOCS:
        path = root / doc
        text = path.read_text(encoding="utf-8")
        start, end = text.index(MARKS[0]), text.index(MARKS[1])
        path.write_text(f"{text[:start]}{MARKS[0]}\n{table}\n{text[end:]}", encoding="utf-8")
        print(f"written the levels table to {path}")


def main(argv: list[str]) -> str:
    parser = argparse.ArgumentParser(prog="python -m benchmarks strong")
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--games", type=int, default=None,
                        help=f"games per game run (default {STRONG_GAMES}; "
                             "benchmarks/ladder.py: STRONG_RUN sets more for some games)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--docs", action="store_true",
                        help="only rewrite the levels table of the README and the teacher's "
                             "guide from the kept games")
    args = parser.parse_args(argv)
    if args.docs:
        write_docs()
        return ""
    rows = {}
    for game in args.game or GAMES:
        t0 = time.perf_counter()
        rows[game] = row(game, args.games or strong_games(game), args.jobs)
        print(f"{rows[game]}  ({time.perf_counter() - t0:.0f} s wall)", flush=True)
    return section_from(rows)


def section_from(rows: dict[str, str]) -> str:
    """The section with these rows and those already in results.md."""
    from .__main__ import RESULTS

    old = RESULTS.read_text() if RESULTS.exists() else ""
    return section(rows, old)
