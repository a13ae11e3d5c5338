"""Bot-against-bot studies of Treasure Island (2003): seeded simulations that play
whole games (docs/architecture.md §6). The one module that imports both ``bots`` and
``analysis``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .bots import GreedyBot
from .position import ENCLOSED

__all__ = ["enclosure_frequency"]


def enclosure_frequency(
    board: str = "large",
    players: int = 2,
    games: int = 20,
    seed: int = 0,
    policy: str = "random",
    progress: bool = False,
) -> NDArray[np.float64]:
    """Seeded simulation: for each square, the share of games in which it was filled by
    an enclosure rather than by a placement (0 on water).

    Args:
        board: "large" or "small"; ``players``: seats; ``games``: games to play.
        seed: game ``i`` uses seed ``seed + i`` for chance and its own generator for moves.
        policy: "random" (uniform legal moves) or "greedy" (:class:`GreedyBot`).
        progress: show a progress bar (tqdm).

    Returns:
        An array of shape (size, size), row 0 the north row.
    """
    from ..core.registry import load_game

    if policy not in ("random", "greedy"):
        raise ValueError("policy must be 'random' or 'greedy'")
    game: Any = load_game("treasure_island_2003", board=board, players=players)
    size = game.board.size
    counts = np.zeros(size * size, dtype=np.float64)
    runs: Iterable[int] = range(games)
    if progress:
        from tqdm.auto import tqdm

        runs = tqdm(runs, desc="enclosure games")
    for i in runs:
        state = game.new_initial_state(seed=seed + i)
        rng = random.Random(seed + i)
        bot = GreedyBot(seed=seed + i)
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance()
            elif policy == "greedy":
                state.apply(bot.choose(state), undoable=False)
            else:
                state.apply(rng.choice(state.legal_moves()), undoable=False)
        counts += np.array([h == ENCLOSED for h in state.position.how], dtype=np.float64)
    out: NDArray[np.float64] = (counts / max(games, 1)).reshape(size, size)
    return out
