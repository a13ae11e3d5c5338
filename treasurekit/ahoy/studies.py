"""Bot-against-bot studies of Ahoy Treasures!: seeded games between strategies
(docs/architecture.md §6). This is the one module that may import both the bots and
the analysis; neither of them imports it (``analysis.compare_strategies`` forwards
here lazily, for notebook 01).

>>> from treasurekit.core import RandomBot
>>> from treasurekit.ahoy import GreedyBot
>>> greedy, rand = compare_strategies({"greedy": GreedyBot, "random": RandomBot},
...                                   games=4, progress=False)
>>> greedy.wins.trials, greedy.wins.value + rand.wins.value
(4, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.stats import Estimate
from .game import AhoyGame
from .state import AhoyState

__all__ = ["StrategyResult", "compare_strategies", "play_out"]


@dataclass(frozen=True)
class StrategyResult:
    """Win rate (ties shared) and mean score of one strategy over many games."""

    name: str
    wins: Estimate
    mean_score: float

    def __str__(self) -> str:
        return f"{self.name:<10} wins {self.wins}  mean score {self.mean_score:.2f}"


def play_out(state: AhoyState, bots: Sequence[Any]) -> AhoyState:
    """Play ``state`` to the end: chance from the seeded stream, seats by ``bots``."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.apply(bots[state.current_player].choose(state))
    return state


def compare_strategies(
    strategies: Mapping[str, Callable[[int], Any]],
    games: int = 200,
    seed: int = 0,
    variant: str = "basic",
    progress: bool = True,
) -> list[StrategyResult]:
    """Seat the strategies against each other in ``games`` seeded games and compare them.

    One seat per strategy (2-4); the seating rotates every game so that nobody keeps
    the first roll. Game ``i`` uses seed ``seed + i`` and bots built with that seed,
    so the comparison is reproducible. Wins are shared on a shared win.

    Args:
        strategies: name -> factory taking a seed and returning a bot,
            e.g. ``{"greedy": GreedyBot, "random": RandomBot}``.
        games: number of games (more games, narrower intervals).
        progress: show a tqdm progress bar.

    Returns:
        One :class:`StrategyResult` per strategy, in the given order, with a 95%
        Wilson confidence interval on the win rate.

    Raises:
        ValueError: fewer than 2 or more than 4 strategies, or ``games`` < 1.
    """
    names = list(strategies)
    if not 2 <= len(names) <= 4:
        raise ValueError("compare 2 to 4 strategies (one seat each)")
    if games < 1:
        raise ValueError("games must be at least 1")
    n = len(names)
    game = AhoyGame(players=n, variant=variant)
    wins = dict.fromkeys(names, 0.0)
    totals = dict.fromkeys(names, 0)
    rounds: Iterable[int] = range(games)
    if progress:
        from tqdm.auto import tqdm

        rounds = tqdm(rounds, desc="Ahoy games", unit="game")
    for i in rounds:
        order = [names[(seat + i) % n] for seat in range(n)]
        bots = [strategies[name](seed + i * n + seat) for seat, name in enumerate(order)]
        state = play_out(game.new_initial_state(seed + i), bots)
        outcome = state.outcome()
        assert outcome is not None
        for seat, name in enumerate(order):
            totals[name] += int(outcome.scores[seat])
            if seat in outcome.winners:
                wins[name] += 1 / len(outcome.winners)
    return [StrategyResult(nm, Estimate(wins[nm], games), totals[nm] / games) for nm in names]

