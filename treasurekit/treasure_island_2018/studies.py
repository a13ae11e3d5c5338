"""Bot-against-bot studies of Treasure Island (2018) (docs/architecture.md §6): the only
module that may import both ``bots`` and ``analysis``.

* :func:`bot_match`: how often greedy pirates beat a Silver bot.
"""

from __future__ import annotations

from typing import Any

from ..core.stats import Estimate
from .bots import GreedyBot, SilverBot
from .game import TIGame

__all__ = ["bot_match"]


def bot_match(games: int = 4, seed: int = 0, policy: str = "truthful", players: int = 4,
              progress: bool = False) -> Estimate:
    """Greedy pirates against a :class:`~treasurekit.treasure_island_2018.bots.SilverBot`
    of ``policy``: the share of games the pirates win (with its 95% interval)."""
    from tqdm.auto import tqdm  # here: tqdm.auto looks for Jupyter, which the engine never imports

    game = TIGame(players=players)
    wins = 0
    for g in tqdm(range(games), disable=not progress, desc="games"):
        s = game.new_initial_state(seed + g)
        bots: dict[int, Any] = {0: SilverBot(seed + g, policy=policy)}
        for p in s.pirates:
            bots[p] = GreedyBot(seed + g + p)
        while not s.is_terminal():
            if s.is_chance_node():
                s.resolve_chance()
            else:
                s.play(bots[s.current_player].choose(s))
        out = s.outcome()
        assert out is not None
        wins += out.winners[0] != 0
    return Estimate(wins, games)
