"""Bot-against-bot studies of Skeleton Island: seeded games between the bots, counted.

The only module of the package that imports both the bots and the analysis
(docs/architecture.md §6): the bots use the analysis to explain themselves, and a
study plays the bots.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.bots import RandomBot
from ..core.stats import Estimate
from .bots import GreedyBot
from .game import SkeletonGame
from .moves import Blow

__all__ = ["BlowStudy", "blow_study"]


@dataclass(frozen=True)
class BlowStudy:
    """How often a blow is allowed (a turn begins with only 1-2 uncovered cards), from
    seeded games.

    Attributes:
        games: games in which some turn began with only one or two uncovered cards, so
            that a blow was allowed.
        turns: turns that began that way (turns of one game are not independent, so
            its interval is only indicative).
        mean_gain: the average, over the blows the players made, of the number of
            uncovered cards right after the gust minus the number before the blow.
    """

    games: Estimate
    turns: Estimate
    mean_gain: float

    def __str__(self) -> str:
        return (f"games where a blow is allowed: {self.games}\n"
                f"turns where a blow is allowed: {self.turns}\n"
                f"uncovered cards gained per blow: {self.mean_gain:+.2f}")


def blow_study(
    games: int = 100,
    seed: int = 0,
    players: int = 2,
    strategy: str = "greedy",
    progress: bool = False,
    **options: Any,
) -> BlowStudy:
    """Play seeded games and count the turns that begin with only 1-2 uncovered cards.

    Args:
        games: number of games; game ``i`` uses seed ``seed + i``.
        players: seats (2-4); every seat plays ``strategy`` ("greedy" or "random").
        progress: show a tqdm progress bar.
        options: further game options (e.g. ``used_maps="kept"``).

    Returns:
        Wilson 95% intervals for the share of games and of turns where a blow was
        allowed.
    """

    if games < 1:
        raise ValueError("games must be at least 1")
    if strategy not in ("greedy", "random"):
        raise ValueError("strategy must be 'greedy' or 'random'")
    game = SkeletonGame(players=players, **options)
    rounds: Iterable[int] = range(games)
    if progress:
        from tqdm.auto import tqdm

        rounds = tqdm(rounds, desc="Skeleton Island games", unit="game")
    needy_games = turns = needy_turns = blows = 0
    gained = 0
    for i in rounds:
        state = game.new_initial_state(seed + i)
        bots: list[Any] = [
            GreedyBot(seed + i * 10 + p) if strategy == "greedy" else RandomBot(seed + i * 10 + p)
            for p in range(players)
        ]
        needed = False
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance()
                continue
            if state.turn_begins:
                turns += 1
                if 1 <= len(state.uncovered()) <= 2:
                    needy_turns += 1
                    needed = True
            move = bots[state.current_player].choose(state)
            state.apply(move)
            if isinstance(move, Blow):
                before = len(state.uncovered())
                state.resolve_chance()  # the gust
                blows += 1
                gained += len(state.uncovered()) - before
        needy_games += needed
    return BlowStudy(
        games=Estimate(needy_games, games),
        turns=Estimate(needy_turns, max(turns, 1)),
        mean_gain=gained / blows if blows else 0.0,
    )
