"""Before/after in one run: ``python -m benchmarks.compare REF [ROUNDS [GAME ...]]``.

Exports the engine (``treasurekit/``) of git revision ``REF`` to a temporary folder and
measures it and the working tree's engine alternately, round after round, in fresh
processes (each imports one engine): checked random playouts (actions/s, as in
benchmarks/openspiel.py) and ``MCTSBot`` simulations/s at the same mid-game decision.
Prints a markdown table of the medians of the rounds (CPU time of each process).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("ahoy", "sjorovaron", "treasure_island_2003", "skeleton_island", "treasure_island_2018")
PLAYOUT_SECONDS = 1.5
MCTS_ITERATIONS = {"ahoy": 200}
MCTS_DEFAULT = 50


def worker() -> None:
    """Measure the engine this process imports; print one JSON line."""
    import random

    import treasurekit
    from treasurekit.core import MCTSBot

    from .openspiel import mid_game, treasurekit_runner

    out: dict[str, object] = {"engine": str(Path(treasurekit.__file__).parent)}
    for name in os.environ.get("TK_COMPARE_GAMES", ",".join(GAMES)).split(","):
        runner = treasurekit_runner(name)
        runner.run(PLAYOUT_SECONDS)
        state, _ = mid_game(name)
        n = MCTS_ITERATIONS.get(name, MCTS_DEFAULT)
        bot = MCTSBot(iterations=n, seed=random.Random(0).randrange(100))
        t0 = time.process_time()
        bot.choose(state)
        out[name] = {"playout": runner.rate, "mcts": n / (time.process_time() - t0)}
    print(json.dumps(out))


def export(ref: str, dest: Path) -> None:
    data = subprocess.run(["git", "archive", ref, "treasurekit"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def measure(engine_dir: Path, games: tuple[str, ...]) -> dict[str, dict[str, float]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(engine_dir), str(ROOT)]),
               TK_COMPARE_GAMES=",".join(games))
    proc = subprocess.run([sys.executable, "-c", "from benchmarks.compare import worker; "
                           "worker()"], env=env, cwd=engine_dir, check=True,
                          capture_output=True, text=True)
    data: dict[str, dict[str, float]] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert Path(str(data.pop("engine"))).parent == engine_dir, "wrong engine imported"
    return data


def main(argv: list[str]) -> None:
    ref = argv[0] if argv else "HEAD"
    rounds = int(argv[1]) if len(argv) > 1 else 3
    games = tuple(argv[2:]) or GAMES
    with tempfile.TemporaryDirectory() as tmp:
        before_dir = Path(tmp) / "before"
        export(ref, before_dir)
        runs: dict[str, list[dict[str, dict[str, float]]]] = {"before": [], "after": []}
        for _ in range(rounds):
            runs["before"].append(measure(before_dir, games))
            runs["after"].append(measure(ROOT, games))

    def med(side: str, game: str, key: str) -> float:
        return statistics.median(r[game][key] for r in runs[side])

    print(f"before = {ref}, after = working tree; medians of {rounds} alternating rounds")
    print()
    print("| game | checked playouts before | after | × | MCTSBot sims/s before | after | × |")
    print("|---|---|---|---|---|---|---|")
    for g in games:
        pb, pa = med("before", g, "playout"), med("after", g, "playout")
        mb, ma = med("before", g, "mcts"), med("after", g, "mcts")
        print(f"| {g} | {pb:,.0f} | {pa:,.0f} | {pa / pb:.2f} | {mb:,.0f} | {ma:,.0f} | "
              f"{ma / mb:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
