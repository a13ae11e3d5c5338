"""Does Long John Silver hide well? ``python -m benchmarks burial_spread`` (issue 23 point 5).

Buries the treasure with the default (cunning) :class:`SilverBot` of seeds 0 to
``BURIAL_SEEDS - 1`` (500) in a default 4-player Treasure Island (2018) game and prints:
how many distinct spots were used, the largest share of burials inside any 1-mile-radius
circle and the share the best single Large search (its template's 2-mile radius; 2.5
miles for the Fortune ability) would find, over a 0.1-mile grid of circle centres. Goals:
at most 10% in any 1-mile circle, at most 15% for the best Large search. It also prints
the same figures for the exact burial distribution (:func:`burial_plan`), which the seeds
sample. Every figure follows from the seeds.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

import numpy as np

import treasurekit
from treasurekit.treasure_island_2018 import SilverBot
from treasurekit.treasure_island_2018.burial import burial_plan, max_share
from treasurekit.treasure_island_2018.flow import Phase

GAME = "treasure_island_2018"
SEEDS = int(os.environ.get("BURIAL_SEEDS", "500"))
#: Circle centres are this far apart (miles) when the largest share is sought.
STEP = 0.1
GOALS = {"circle": 0.10, "large": 0.15}
SECTION = "## Where Long John Silver buries the treasure"


@dataclass(frozen=True)
class Spread:
    """How ``n`` burials are spread: distinct spots, the largest share in a 1-mile circle
    and the best Large search's share (2 miles; ``fortune``: 2.5 miles)."""

    n: int
    distinct: int
    circle: float
    large: float
    fortune: float


def burials(seeds: range, players: int = 4) -> list[tuple[float, float]]:
    """The cunning SilverBot(seed)'s burial point (miles) in game ``seed``, per seed."""
    game = treasurekit.load_game(GAME, players=players)
    out = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        if state.phase != Phase.BURY:
            raise RuntimeError(f"seed {seed}: the game does not start with the burial")
        move = SilverBot(seed).choose(state)
        out.append((move.x, move.y))
    return out


def spread(points: list[tuple[float, float]] | np.ndarray, weights: np.ndarray | None = None,
           players: int = 4) -> Spread:
    """The :class:`Spread` of ``points`` (each with ``weights``, default equal)."""
    imap = treasurekit.load_game(GAME, players=players).map
    pts = np.asarray(points, dtype=float)
    w = np.full(len(pts), 1.0 / len(pts)) if weights is None else weights
    sc = imap.scale
    return Spread(
        n=len(pts),
        distinct=len({(float(x), float(y)) for x, y in pts}),
        circle=max_share(pts, w, 1.0, imap.bounds, STEP),
        large=max_share(pts, w, sc.large_search_radius, imap.bounds, STEP),
        fortune=max_share(pts, w, sc.large_search_outer_radius, imap.bounds, STEP),
    )


def exact(players: int = 4) -> tuple[Spread, float]:
    """The :class:`Spread` of the exact burial distribution, and its temperature."""
    state = treasurekit.load_game(GAME, players=players).new_initial_state(0)
    kinds = tuple(sorted({h.id for h in state.decks.starting if not h.chest}))
    plan = burial_plan(state.map, state.situation(), kinds, state.n)
    return spread(plan.points, np.array(plan.probs), players), plan.temperature


def section(sampled: Spread, dist: Spread, temperature: float, seconds: float) -> str:
    """The results.md section."""
    def ok(x: float, goal: float) -> str:
        return "met" if x <= goal else "NOT met"

    return "\n".join([
        f"{SECTION} (`python -m benchmarks burial_spread`)",
        "",
        f"The cunning SilverBot(seed) buries in game seed, seeds 0-{sampled.n - 1}, 4 players, "
        f"default options; circle centres every {STEP} mile; {seconds:.0f} s.",
        "",
        "| figure | seeds | exact distribution | goal |",
        "|---|---|---|---|",
        f"| distinct spots | {sampled.distinct} | {dist.distinct} with a chance | |",
        f"| largest share in a 1-mile circle | {sampled.circle:.1%} | {dist.circle:.1%} | "
        f"at most {GOALS['circle']:.0%}: {ok(sampled.circle, GOALS['circle'])} |",
        f"| best single Large search (2 miles) finds it | {sampled.large:.1%} | "
        f"{dist.large:.1%} | at most {GOALS['large']:.0%}: {ok(sampled.large, GOALS['large'])} |",
        f"| the same with Fortune (2.5 miles) | {sampled.fortune:.1%} | {dist.fortune:.1%} | |",
        "",
        f"Softmax temperature chosen: {temperature:.4g}.",
    ])


def run(seeds: int = SEEDS) -> str:
    t0 = time.perf_counter()
    sampled = spread(burials(range(seeds)))
    dist, temperature = exact()
    return section(sampled, dist, temperature, time.perf_counter() - t0)


if __name__ == "__main__":
    print(run())
